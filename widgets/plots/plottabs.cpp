#include "plots/plottabs.h"

#include "plots/interactiveplot.h"
#include "plots/plotexport.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace tribunal {

PlotTabs::PlotTabs(QWidget* parent) : QTabWidget(parent)
{
    setDocumentMode(true);
}

int PlotTabs::addPlot(InteractivePlot* plot, QWidget* holder, const QString& resetText, QWidget* extraControl)
{
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    auto* controls = new QHBoxLayout;
    if (extraControl)
        controls->addWidget(extraControl);
    controls->addStretch(1);
    auto* reset = new QPushButton(resetText);
    reset->setToolTip(tr("Drag to pan and use the wheel to zoom; this restores the full view."));
    auto* exportButton = new QPushButton(tr("&Export…"));
    exportButton->setToolTip(tr("Save this plot as PDF, SVG or PNG at a chosen size."));
    controls->addWidget(reset);
    controls->addWidget(exportButton);
    auto* leftOut = new QLabel;
    leftOut->setWordWrap(true);
    leftOut->setVisible(false);
    layout->addLayout(controls);
    layout->addWidget(holder, 1);
    layout->addWidget(leftOut);
    const int index = addTab(page, plot->title());
    m_plots.push_back(plot);
    m_leftOut.push_back(leftOut);

    connect(reset, &QPushButton::clicked, plot, &InteractivePlot::resetView);
    connect(exportButton, &QPushButton::clicked, this, [this, index] { emit exportRequested(index); });
    connect(plot, &InteractivePlot::rebuilt, leftOut, [plot, leftOut] {
        leftOut->setText(plot->leftOutText());
        leftOut->setVisible(!plot->leftOutText().isEmpty());
    });
    return index;
}

void PlotTabs::exportPlot(int index, QWidget* dialogParent)
{
    InteractivePlot* target = plot(index);
    PlotExportDialog dialog(target, target->plotId(), dialogParent);
    dialog.exec();
}

} // namespace tribunal
