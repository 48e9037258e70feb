#include "types.h"

#include <algorithm>
#include <charconv>

namespace tribunal {
namespace {

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               auto lower = [](char c) {
                   return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
               };
               return lower(x) == lower(y);
           });
}

} // namespace

std::optional<Answer> parseAnswer(TaskKind kind, std::string_view text)
{
    if (text.empty() || equalsIgnoreCase(text, "none"))
        return answer::kNone;
    if (equalsIgnoreCase(text, "NA"))
        return answer::kNA;
    switch (kind) {
    case TaskKind::Pairwise:
        if (equalsIgnoreCase(text, "A"))
            return answer::kA;
        if (equalsIgnoreCase(text, "B"))
            return answer::kB;
        if (equalsIgnoreCase(text, "tie"))
            return answer::kTie;
        return std::nullopt;
    case TaskKind::Binary:
        if (equalsIgnoreCase(text, "MET"))
            return answer::kMet;
        if (equalsIgnoreCase(text, "UNMET"))
            return answer::kUnmet;
        return std::nullopt;
    case TaskKind::Ordinal: {
        int level = 0;
        const auto* end = text.data() + text.size();
        auto [ptr, ec] = std::from_chars(text.data(), end, level);
        if (ec != std::errc() || ptr != end || level < 1 || level > answer::kMaxLevel)
            return std::nullopt;
        return static_cast<Answer>(level);
    }
    }
    return std::nullopt;
}

std::string answerText(TaskKind kind, Answer value)
{
    if (value == answer::kNone)
        return "none";
    if (value == answer::kNA)
        return "NA";
    switch (kind) {
    case TaskKind::Pairwise:
        return value == answer::kA ? "A" : value == answer::kB ? "B" : value == answer::kTie ? "tie" : "none";
    case TaskKind::Binary:
        return value == answer::kMet ? "MET" : value == answer::kUnmet ? "UNMET" : "none";
    case TaskKind::Ordinal:
        return std::to_string(value);
    }
    return "none";
}

std::string_view kindName(TaskKind kind)
{
    switch (kind) {
    case TaskKind::Pairwise:
        return "pairwise";
    case TaskKind::Binary:
        return "binary";
    case TaskKind::Ordinal:
        return "ordinal";
    }
    return "pairwise";
}

std::optional<TaskKind> parseKind(std::string_view text)
{
    if (equalsIgnoreCase(text, "pairwise"))
        return TaskKind::Pairwise;
    if (equalsIgnoreCase(text, "binary"))
        return TaskKind::Binary;
    if (equalsIgnoreCase(text, "ordinal"))
        return TaskKind::Ordinal;
    return std::nullopt;
}

std::string_view orderName(Order order)
{
    return order == Order::AB ? "AB" : order == Order::BA ? "BA" : "";
}

std::optional<Order> parseOrder(std::string_view text)
{
    if (text.empty())
        return Order::None;
    if (equalsIgnoreCase(text, "AB"))
        return Order::AB;
    if (equalsIgnoreCase(text, "BA"))
        return Order::BA;
    return std::nullopt;
}

std::string_view variantName(Variant variant)
{
    return variant == Variant::Original ? "original" : variant == Variant::Perturbed ? "perturbed" : "";
}

std::optional<Variant> parseVariant(std::string_view text)
{
    if (text.empty())
        return Variant::None;
    if (equalsIgnoreCase(text, "original"))
        return Variant::Original;
    if (equalsIgnoreCase(text, "perturbed"))
        return Variant::Perturbed;
    return std::nullopt;
}

std::string_view cueName(Cue cue)
{
    return cue == Cue::Better ? "better" : cue == Cue::Worse ? "worse" : "";
}

std::optional<Cue> parseCue(std::string_view text)
{
    if (text.empty())
        return Cue::None;
    if (equalsIgnoreCase(text, "better"))
        return Cue::Better;
    if (equalsIgnoreCase(text, "worse"))
        return Cue::Worse;
    return std::nullopt;
}

} // namespace tribunal
