#include "framework/panelparts.h"

#include <QBoxLayout>
#include <QCoreApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QTableView>
#include <QToolButton>

#include <algorithm>
#include <climits>

namespace tribunal {

QLabel* wrappedLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText); // names, ids and notes are data, never markup
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

void addLabelledField(QBoxLayout* row, const QString& text, QWidget* field)
{
    auto* label = new QLabel(text, field->parentWidget());
    label->setBuddy(field);
    row->addWidget(label);
    row->addWidget(field);
}

void makeBusyIndicator(QProgressBar* bar)
{
    bar->setMaximumWidth(120);
    showJobProgress(bar, 0, 0);
    bar->setVisible(false);
}

void showJobBusy(QProgressBar* bar, bool busy)
{
    if (busy)
        showJobProgress(bar, 0, 0); // until the job's first step: activity only
    bar->setVisible(busy);
}

void showJobProgress(QProgressBar* bar, qint64 done, qint64 total)
{
    if (total <= 0) {
        bar->setRange(0, 0); // nothing reported: an indeterminate indicator
        bar->setTextVisible(false);
        return;
    }
    done = std::clamp<qint64>(done, 0, total);
    int maximum = static_cast<int>(std::min<qint64>(total, INT_MAX));
    int value = static_cast<int>(done);
    if (total > INT_MAX) // QProgressBar counts in int: scale, keeping done == total at the end
        value = done == total ? maximum
                              : static_cast<int>(static_cast<double>(done) / static_cast<double>(total) *
                                                 static_cast<double>(maximum));
    bar->setRange(0, maximum);
    bar->setValue(value);
    bar->setTextVisible(true);
}

void makeDockScrollable(QDockWidget* dock)
{
    QWidget* content = dock->widget();
    if (content == nullptr || qobject_cast<QScrollArea*>(content) != nullptr)
        return;
    auto* area = new QScrollArea(dock);
    area->setObjectName(dock->objectName() + QStringLiteral("Scroll"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setFocusPolicy(Qt::NoFocus); // Tab goes to the panel's own controls, not to the frame
    area->setWidget(content);          // takes it out of the dock first
    dock->setWidget(area);
}

QPushButton* copyTableButton(QWidget* parent)
{
    auto* button = new QPushButton(QCoreApplication::translate("PanelParts", "Cop&y table"), parent);
    button->setToolTip(QCoreApplication::translate(
        "PanelParts", "Copy the current table (tab-separated, every digit, with a header line)."));
    return button;
}

QTableView* resultTableView(QAbstractItemModel* model, QWidget* parent, QAbstractItemView::SelectionMode mode)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(mode);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    return view;
}

void makeMenuButton(QToolButton* button, const QString& text)
{
    button->setText(text);
    button->setPopupMode(QToolButton::InstantPopup);
    button->setMenu(new QMenu(button));
    button->setMinimumWidth(button->sizeHint().width() +
                            button->style()->pixelMetric(QStyle::PM_MenuButtonIndicator, nullptr, button));
}

} // namespace tribunal
