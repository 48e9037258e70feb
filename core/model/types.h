#pragma once
// Value types of the audit model (../shared/spec/data-format.md, "The model").
// Plain data, no Qt; safe to copy and share between threads.

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace tribunal {

/// Id of an interned string in a StringPool. 0 is always the empty string ("not given").
using StrId = std::uint32_t;
inline constexpr StrId kEmptyStr = 0;

/// Id of an interned condition set (sorted key/value pairs). 0 is the empty condition.
using CondId = std::uint32_t;

/// What an item asks the judge to decide.
enum class TaskKind : std::uint8_t { Pairwise, Binary, Ordinal };

/// Presentation order of a pairwise item: AB = the item's first candidate shown first.
enum class Order : std::uint8_t { None, AB, BA };

/// Bias-test role of a judgment (seed 001): the original prompt or the perturbed one.
enum class Variant : std::uint8_t { None, Original, Perturbed };

/// Bias-test cue direction: the perturbation favours the better or the worse answer.
enum class Cue : std::uint8_t { None, Better, Worse };

/// An answer or a label, in canonical identities.
///   pairwise: kA (the item's first candidate), kB, kTie
///   binary:   kMet, kUnmet
///   ordinal:  the level number 1..K
///   any kind: kNA (the judge abstained), kNone (no answer: failed call, unparsable; for labels: no label)
using Answer = std::int16_t;
namespace answer {
inline constexpr Answer kNone = std::numeric_limits<Answer>::min();
inline constexpr Answer kNA = kNone + 1;
inline constexpr Answer kUnmet = 0;
inline constexpr Answer kMet = 1;
inline constexpr Answer kA = 1;
inline constexpr Answer kB = 2;
inline constexpr Answer kTie = 3;
inline constexpr Answer kMaxLevel = 1000; ///< ordinal scales are 1..K with K <= kMaxLevel
} // namespace answer

/// Parses an answer or label written as text for an item of `kind`. Case-insensitive for the named values
/// (`A`, `B`, `tie`, `none`, `MET`, `UNMET`, `NA`); an empty string is kNone. Ordinal answers are integers in
/// 1..kMaxLevel (the scale bound is checked against the item's levels by the caller). Returns nullopt when
/// the text is not an allowed value.
std::optional<Answer> parseAnswer(TaskKind kind, std::string_view text);

/// The canonical text of an answer (inverse of parseAnswer): `A`, `B`, `tie`, `MET`, `UNMET`, `NA`, `none`,
/// or the level number.
std::string answerText(TaskKind kind, Answer value);

std::string_view kindName(TaskKind kind);
std::optional<TaskKind> parseKind(std::string_view text);
std::string_view orderName(Order order); ///< "AB", "BA" or "" for None
/// How the flat CSV and JSONL formats spell the order of a pairwise judgment whose source did not record the
/// presentation order (AlpacaEval randomises it and keeps no trace): Order::None on a pairwise item. Such
/// judgments enter no consistency or flip-rate pair (T0), so C, phi, A and T are unavailable for them.
inline constexpr std::string_view kUnknownOrderText = "unknown";
std::optional<Order> parseOrder(std::string_view text);
std::string_view variantName(Variant variant);
std::optional<Variant> parseVariant(std::string_view text);
std::string_view cueName(Cue cue);
std::optional<Cue> parseCue(std::string_view text);

/// Missing-value conventions of numeric columns.
inline constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();
inline bool isMissing(double value)
{
    return std::isnan(value);
}
inline constexpr std::int64_t kMissingCount = -1; ///< tokens_in / tokens_out not recorded

} // namespace tribunal
