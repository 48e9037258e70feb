#include "plots/plotspanel.h"

#include "framework/kindtext.h"
#include "plots/ceilingplot.h"
#include "plots/failuremapplot.h"
#include "plots/isotrustplot.h"
#include "plots/judgewhiskerplot.h"
#include "plots/plotexport.h"
#include "plots/sweepplot.h"
#include "trust/trustworkspace.h"

#include <QComboBox>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>

namespace tribunal {

PlotsPanel::PlotsPanel(TrustWorkspace* workspace, QWidget* parent)
    : QDockWidget(tr("Plots"), parent), m_workspace(workspace), m_tabs(new PlotTabs(this)),
      m_ceiling(new CeilingPlot(workspace)), m_isoTrust(new IsoTrustPlot(workspace)),
      m_failureMap(new FailureMapPlot(workspace)), m_judges(new JudgeWhiskerPlot(workspace)),
      m_sweep(new SweepPlot(workspace)), m_sweepColumn(new QComboBox)
{
    setObjectName(QStringLiteral("plotsPanel"));
    setWidget(m_tabs);

    auto* sweepControl = new QWidget;
    auto* sweepLayout = new QHBoxLayout(sweepControl);
    sweepLayout->setContentsMargins(0, 0, 0, 0);
    auto* sweepLabel = new QLabel(tr("Sweep &over:"));
    sweepLabel->setBuddy(m_sweepColumn);
    sweepLayout->addWidget(sweepLabel);
    sweepLayout->addWidget(m_sweepColumn);
    m_sweepColumn->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_sweepColumn, &QComboBox::currentIndexChanged, this, [this] {
        if (m_sweepColumn->currentIndex() >= 0)
            m_sweep->setColumn(m_sweepColumn->currentData().toString());
    });
    connect(m_sweep, &TrustPlot::rebuilt, this, &PlotsPanel::updateSweepColumns);

    addPlot(m_ceiling);
    addPlot(m_isoTrust);
    addPlot(m_failureMap);
    addPlot(m_judges);
    addPlot(m_sweep, sweepControl);
    connect(m_tabs, &PlotTabs::exportRequested, this, &PlotsPanel::exportPlot);
    for (TrustPlot* plot : m_plots)
        plot->refresh();
}

void PlotsPanel::addPlot(TrustPlot* plot, QWidget* extraControl)
{
    // A plot with long rotated category names needs more height than a short dock has
    // (reserveHeightForTickLabels): it scrolls then, rather than raising the main window's minimum height.
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // As short as a plot may be (InteractivePlot's 240 px), so the dock keeps its former minimum at first
    // start.
    scroll->setMinimumHeight(240);
    scroll->setWidget(plot);
    m_tabs->addPlot(plot, scroll, tr("&Reset view"), extraControl);
    m_plots.push_back(plot);
}

void PlotsPanel::updateSweepColumns()
{
    const QSignalBlocker blocker(m_sweepColumn);
    m_sweepColumn->clear();
    for (const QString& column : m_sweep->columns()) {
        // The factor names are shown translated; the data is the column name the core expects.
        m_sweepColumn->addItem(factorText(column), column);
    }
    m_sweepColumn->setCurrentIndex(m_sweepColumn->findData(m_sweep->column()));
}

void PlotsPanel::exportPlot(int index)
{
    m_tabs->exportPlot(index, this);
}

QStringList PlotsPanel::savePngs(const QString& dir, QSize size, double scale, QString* error) const
{
    QStringList written;
    PlotExportSettings settings;
    settings.format = PlotFileFormat::Png;
    settings.width = size.width();
    settings.height = size.height();
    settings.scale = scale;
    for (TrustPlot* plot : m_plots) {
        const QString path = QDir(dir).filePath(plot->plotId() + QStringLiteral(".png"));
        if (!savePlot(*plot, path, settings, error))
            break;
        written << path;
    }
    return written;
}

} // namespace tribunal
