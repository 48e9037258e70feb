#include "panelparts.h"

#include <QLabel>

namespace tribunal {

QLabel* wrappedLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText); // names, ids and notes are data, never markup
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace tribunal
