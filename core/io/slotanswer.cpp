#include "io/slotanswer.h"

#include "io/asciitext.h"
#include "io/messagetext.h"

namespace tribunal {

std::string_view allowedAnswers(TaskKind kind, bool withNA)
{
    switch (kind) {
    case TaskKind::Pairwise:
        return withNA ? "A, B, tie, NA or none" : "A, B, tie or none";
    case TaskKind::Binary:
        return withNA ? "MET, UNMET, NA or none" : "MET, UNMET or none";
    case TaskKind::Ordinal:
        return withNA ? "a level number (1..1000), NA or none" : "a level number (1..1000) or none";
    }
    return "";
}

std::optional<Answer> answerOfSlot(std::string_view text, Order order)
{
    const Answer shownFirst = order == Order::AB ? answer::kA : answer::kB;
    const Answer shownSecond = order == Order::AB ? answer::kB : answer::kA;
    if (equalsIgnoreCase(text, "first") || text == "1" || equalsIgnoreCase(text, "A"))
        return shownFirst;
    if (equalsIgnoreCase(text, "second") || text == "2" || equalsIgnoreCase(text, "B"))
        return shownSecond;
    if (equalsIgnoreCase(text, "tie"))
        return answer::kTie;
    if (text.empty() || equalsIgnoreCase(text, "none"))
        return answer::kNone;
    if (equalsIgnoreCase(text, "NA"))
        return answer::kNA;
    return std::nullopt;
}

std::string_view allowedSlots(bool withNA)
{
    return withNA ? "first, second, 1, 2, A, B, tie, NA or none" : "first, second, 1, 2, A, B, tie or none";
}

std::string slotMismatch(std::string_view slotText, Order order, Answer fromSlot, std::string_view answerKey,
                         Answer answer)
{
    std::string out = quoteForMessage(slotText);
    out.append(" with order ")
        .append(orderName(order))
        .append(" means ")
        .append(quoteForMessage(answerText(TaskKind::Pairwise, fromSlot)))
        .append(", but ")
        .append(answerKey)
        .append(" is ")
        .append(quoteForMessage(answerText(TaskKind::Pairwise, answer)));
    return out;
}

} // namespace tribunal
