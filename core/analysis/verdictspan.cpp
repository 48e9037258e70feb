#include "analysis/verdictspan.h"

#include <array>
#include <string>
#include <vector>

namespace tribunal {

namespace {

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool isWordChar(char c)
{
    const char l = lower(c);
    return (l >= 'a' && l <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/// Patterns in lower case; index = VerdictSlot.
using SlotPatterns = std::array<std::vector<std::string_view>, 3>;

const SlotPatterns& bracketed()
{
    static const SlotPatterns p{{{"[[a]]"}, {"[[b]]"}, {"[[c]]"}}};
    return p;
}

const SlotPatterns& named()
{
    static const SlotPatterns p{{
        {"output (a)", "response (a)", "assistant (a)", "output a", "response a", "assistant a", "output (1)",
         "output 1", "response 1"},
        {"output (b)", "response (b)", "assistant (b)", "output b", "response b", "assistant b", "output (2)",
         "output 2", "response 2"},
        {"tie"},
    }};
    return p;
}

const SlotPatterns& finalWords()
{
    // No digits: a final "1" or "2" is as often a score (LLMBar Rating outputs end with "score_2: 2").
    static const SlotPatterns p{{{"a", "first"}, {"b", "second"}, {"tie"}}};
    return p;
}

/// Last occurrence of `pattern` (lower case) in `text` (lower case) with a word boundary on both sides; the
/// boundary is checked only where the pattern itself ends in a word character.
std::optional<TextSpan> lastMatch(std::string_view text, std::string_view pattern)
{
    std::size_t from = text.size();
    while (from != std::string_view::npos) {
        const std::size_t at = text.rfind(pattern, from);
        if (at == std::string_view::npos)
            return std::nullopt;
        const std::size_t end = at + pattern.size();
        const bool startOk = at == 0 || !isWordChar(pattern.front()) || !isWordChar(text[at - 1]);
        const bool endOk = end == text.size() || !isWordChar(pattern.back()) || !isWordChar(text[end]);
        if (startOk && endOk)
            return TextSpan{at, end};
        if (at == 0)
            return std::nullopt;
        from = at - 1;
    }
    return std::nullopt;
}

/// The latest match of any of `patterns`.
std::optional<TextSpan> lastOfAny(std::string_view text, const std::vector<std::string_view>& patterns)
{
    std::optional<TextSpan> best;
    for (auto pattern : patterns) {
        const auto m = lastMatch(text, pattern);
        if (m && (!best || m->begin > best->begin))
            best = m;
    }
    return best;
}

/// Family 3: the last word of the text, ignoring trailing whitespace, punctuation and markup.
std::optional<TextSpan> finalWord(std::string_view text, const std::vector<std::string_view>& words)
{
    std::size_t end = text.size();
    while (end > 0 && !isWordChar(text[end - 1]))
        --end;
    std::size_t begin = end;
    while (begin > 0 && isWordChar(text[begin - 1]))
        --begin;
    const auto word = text.substr(begin, end - begin);
    for (auto w : words)
        if (!word.empty() && word == w)
            return TextSpan{begin, end};
    return std::nullopt;
}

} // namespace

std::optional<VerdictSlot> verdictSlot(Answer verdict, Order order)
{
    if (order == Order::None)
        return std::nullopt;
    if (verdict == answer::kTie)
        return VerdictSlot::Tie;
    if (verdict != answer::kA && verdict != answer::kB)
        return std::nullopt;
    // Canonical A is shown first under AB and second under BA.
    return (verdict == answer::kA) == (order == Order::AB) ? VerdictSlot::First : VerdictSlot::Second;
}

std::optional<TextSpan> locateVerdict(std::string_view raw, VerdictSlot slot)
{
    std::string text(raw);
    for (char& c : text)
        c = lower(c); // ASCII folding keeps byte offsets (UTF-8 multi-byte units are >= 0x80)
    const auto wanted = static_cast<std::size_t>(slot);
    for (const SlotPatterns* family : {&bracketed(), &named()}) {
        // A named family is recognised by its slot names only: the word "tie" alone says nothing of the
        // format.
        const std::size_t detecting = family == &bracketed() ? 3 : 2;
        bool any = false;
        for (std::size_t s = 0; s < detecting; ++s)
            any = any || lastOfAny(text, (*family)[s]).has_value();
        if (any)
            return lastOfAny(text, (*family)[wanted]);
    }
    for (const auto& words : finalWords())
        if (finalWord(text, words))
            return finalWord(text, finalWords()[wanted]);
    return std::nullopt;
}

} // namespace tribunal
