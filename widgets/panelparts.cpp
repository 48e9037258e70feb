#include "panelparts.h"

#include <QBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QTableView>

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

} // namespace tribunal
