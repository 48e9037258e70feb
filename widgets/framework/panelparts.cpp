#include "framework/panelparts.h"

#include <QBoxLayout>
#include <QCoreApplication>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTableView>
#include <QToolButton>

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
    bar->setRange(0, 0); // no progress reported: an indeterminate indicator
    bar->setMaximumWidth(120);
    bar->setTextVisible(false);
    bar->setVisible(false);
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
