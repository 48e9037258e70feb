#include "promptitems.h"

namespace tribunal {
namespace {

QString text(const Audit& audit, StrId id)
{
    const auto view = audit.str(id);
    return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size()));
}

} // namespace

PromptItem promptItemOf(const Audit& audit, std::size_t row)
{
    const auto& items = audit.items();
    PromptItem item;
    item.kind = items.kind[row];
    item.dataset = text(audit, items.dataset[row]);
    item.question = text(audit, items.field(ItemText::Question, row));
    item.responseA = text(audit, items.field(ItemText::ResponseA, row));
    item.responseB = text(audit, items.field(ItemText::ResponseB, row));
    item.input = text(audit, items.field(ItemText::Input, row));
    item.submission = text(audit, items.field(ItemText::Submission, row));
    item.criterion = text(audit, items.field(ItemText::Criterion, row));
    for (StrId level : items.levels(row))
        item.levels.append(text(audit, level));
    return item;
}

} // namespace tribunal
