#pragma once
// Answer parsers: from a judge's reply text to a verdict (issue 8). They accept what real models answer:
// markdown fences around JSON or XML, prose before or after, lower case, quotes, `[[A]]`, "Response A",
// "Assistant B", a trailing period, a JSON object embedded in text. When they cannot find exactly one
// verdict they return answer::kNone with a reason; the caller keeps the raw text either way.
//
// Pure functions; thread-safe.

#include "promptformat.h"

#include <QJsonArray>
#include <QString>

#include <optional>
#include <span>

namespace tribunal {

struct ParsedAnswer {
    /// Pairwise: in SLOT terms of the call (kA = first-shown response, kB = second, kTie); rubric: kMet,
    /// kUnmet, kNA or a level 1..levels. answer::kNone when nothing usable was found.
    Answer slot = answer::kNone;
    QString reason;    ///< why slot is kNone ("no winner field", "two verdicts: A and B", ...), else ""
    QString rationale; ///< the rationale field when the format has one
    int scoreA = 0;    ///< G-Eval / FLASK: score_a and score_b (1..5) when given, else 0
    int scoreB = 0;
};

/// Parses `text` as an answer to `format`. `levels` is the number of levels of an ordinal rubric item (0 for
/// binary and pairwise); `kind` is the item's kind.
///
/// What is accepted: markdown fences (```json ... ```) anywhere are dropped; the first {...} object of the
/// reply is read (strict JSON, else leniently: single quotes, unquoted keys and values, a truncated object);
/// keys are matched case-insensitively; a verdict value may be A / B / tie in any case, in quotes, brackets
/// or bold, with a trailing period, or "Response A", "Assistant B", "Output (a)", "[[B]]". Direct replies
/// are read as a whole when they are only a verdict, else by the [[A]] / [[B]] markers, else by the prose
/// mentions "Response A" / "Assistant b" / "Output (a)" (any case), a bare capital A or B (a lower-case "a"
/// is the article) and the word "tie". XML: every <winner>...</winner> (any case, any whitespace). G-Eval /
/// FLASK: score_a / score_b in 1..5 are kept (else 0); when the winner is missing and both scores are given
/// and differ, the higher score's slot is the winner (a given winner is kept even if the scores disagree).
/// Rubric: binary MET / UNMET / "not met" / NA / "N/A" (also yes/no, true/false, 1/0) in any case; ordinal a
/// level number ("3", 3, "Level 3") or NA; a reply without JSON that is only the answer ("MET.") counts.
///
/// Reasons when slot is kNone (exact texts):
///   "empty reply"                      nothing but whitespace (and fences)
///   "no verdict"                       Direct: no A, B or tie found
///   "two verdicts: A and B"            the reply (or the winner value, or its <winner> elements) names
///                                      several verdicts; likewise "two verdicts: A and tie", "two verdicts:
///                                      B and tie", "three verdicts: A, B and tie"
///   "no JSON object"                   JSON formats: no '{' and no `winner:` / `answer:` in the text
///   "truncated JSON: no winner"        the object never closes and has no winner (nor two different scores)
///   "no winner field"                  a complete object without winner, or with "" / null (nor two
///                                      different scores)
///   "unrecognised winner: \"<value>\"" the winner value is not a verdict (JSON and XML)
///   "no winner element"                XML: no <winner> element
///   "truncated XML: no winner"         XML: <winner> opened but never closed
///   "truncated JSON: no answer"        rubric: as above, for the answer field
///   "no answer field"                  rubric: a complete object without answer
///   "unrecognised answer: \"<value>\"" rubric: not MET / UNMET / NA, or not a level number
///   "level <n> out of range 1..<K>"    ordinal: a level number outside 1..levels (1..kMaxLevel when levels
///                                      is 0)
ParsedAnswer parseAnswer(PromptFormat format, TaskKind kind, int levels, const QString& text);

/// FLASK: the majority of the calls' slots (kA or kB; a tie of votes or no usable vote gives kNone with
/// reason "no majority"). kNone and kTie calls do not vote, so A, none, none, none gives A. The combined
/// answer's rationale is the calls' rationales joined by blank lines; its scores are 0 (they stay per call).
/// For other formats: the single call's answer (kNone "no calls" when `calls` is empty).
ParsedAnswer combineCalls(PromptFormat format, std::span<const ParsedAnswer> calls);

/// P(first slot) and P(second slot) from chat-completions log-probabilities (`choices[0].logprobs.content`):
/// at the token that carries the verdict (the last content token whose text, trimmed of quotes, brackets and
/// spaces, is A or B, case-insensitive, and equals the parsed slot), the top_logprobs of "A" and "B" variants
/// are summed per letter and normalised to sum 1. nullopt when there is no such token, neither letter is
/// among its top log-probabilities, or a letter's log-probability is not a number <= 0.
struct SlotProbabilities {
    double first = 0.0, second = 0.0;
};
std::optional<SlotProbabilities> slotProbabilities(const QJsonArray& logprobContent, Answer parsedSlot);

} // namespace tribunal
