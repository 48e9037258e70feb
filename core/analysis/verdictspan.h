#pragma once
// Where a judge's raw output (rationale) states the verdict it was parsed as, so the flip inspector can
// highlight it (../shared/spec/workbench.md journey 2). A display aid, not a parser: the verdict itself
// always comes from the audit.
//
// The verdict names a slot as shown to the judge: under order AB canonical A is the first slot, under BA the
// second. The text is searched with three pattern families, in this order:
//   1. bracketed (MT-Bench style): "[[A]]", "[[B]]", "[[C]]" (tie);
//   2. named slot (LLMBar, most rationales): "Output (a)", "Output (b)", the same with "Response" and
//      "Assistant", "Output A" / "Output 1" forms; a tie is the word "tie";
//   3. final token: the text's last word (trailing punctuation and markup ignored) is "A"/"first",
//      "B"/"second" or "tie" (not "1"/"2": scores end that way).
// The first family with a match for any slot (for family 2: for the first or second slot) is taken to be the
// format's (so a rationale that mentions "Output (a)" but ends with "[[B]]" is read by its brackets), and
// within it the LAST occurrence of the verdict's slot is the span: rationales conclude ("Therefore, Output
// (b) is better."). Matching is ASCII case-insensitive and needs a word boundary on both sides (no letter,
// digit or '_'). No span when the family names only other slots, when nothing matches (e.g. LLMBar Rating
// outputs, which are scores), or for an unanswered verdict. Pure function; thread-safe.

#include "model/types.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tribunal {

/// The slot a verdict names as the judge saw it.
enum class VerdictSlot : std::uint8_t { First, Second, Tie };

/// The slot canonical `verdict` names under `order`; nullopt for an unanswered verdict or an unordered row.
std::optional<VerdictSlot> verdictSlot(Answer verdict, Order order);

/// Byte range [begin, end) of UTF-8 text.
struct TextSpan {
    std::size_t begin = 0;
    std::size_t end = 0;
    friend bool operator==(const TextSpan&, const TextSpan&) = default;
};

/// The span of `raw` that states `slot` (see the file comment), or nullopt.
std::optional<TextSpan> locateVerdict(std::string_view raw, VerdictSlot slot);

} // namespace tribunal
