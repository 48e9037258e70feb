// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the judging answer parsers (judging/answerparser.h). Byte 0 picks the prompt format, byte 1
// the rubric kind (binary / ordinal) and the ordinal item's levels (0..10); the rest is the judge's reply
// (UTF-8, invalid bytes replaced as Qt does). Checks the contract: a reason exactly when no verdict; a
// pairwise verdict is A, B or tie; a rubric answer is MET / UNMET / NA or a level in range; scores are 0..5.
// The reply split at '\x1f' is also read as the calls of one judgment and combined (combineCalls).

#include "fuzzinput.h"

#include "judging/answerparser.h"

#include <vector>

using namespace tribunal;

namespace {

void checkAnswer(const ParsedAnswer& parsed, PromptFormat format, TaskKind kind, int levels)
{
    fuzz::check((parsed.slot == answer::kNone) == !parsed.reason.isEmpty(),
                "a parsed answer has a reason exactly when it has no verdict");
    fuzz::check(parsed.scoreA >= 0 && parsed.scoreA <= 5 && parsed.scoreB >= 0 && parsed.scoreB <= 5,
                "scores are 0 (not given) or 1..5");
    if (parsed.slot == answer::kNone)
        return;
    if (isPairwiseFormat(format)) {
        fuzz::check(parsed.slot == answer::kA || parsed.slot == answer::kB || parsed.slot == answer::kTie,
                    "a pairwise verdict is A, B or tie");
    } else if (kind == TaskKind::Binary) {
        fuzz::check(parsed.slot == answer::kMet || parsed.slot == answer::kUnmet ||
                        parsed.slot == answer::kNA,
                    "a binary answer is MET, UNMET or NA");
    } else {
        const int top = levels > 0 ? levels : answer::kMaxLevel;
        fuzz::check(parsed.slot == answer::kNA || (parsed.slot >= 1 && parsed.slot <= top),
                    "an ordinal answer is NA or a level in range");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const std::vector<PromptFormat> formats = allPromptFormats();
    fuzz::Choices choices({data, size});
    const PromptFormat format = formats[choices.take() % formats.size()];
    const std::uint8_t rubric = choices.take();
    const bool pairwise = isPairwiseFormat(format);
    const TaskKind kind = pairwise            ? TaskKind::Pairwise
                          : (rubric & 1) != 0 ? TaskKind::Ordinal
                                              : TaskKind::Binary;
    const int levels = kind == TaskKind::Ordinal ? (rubric >> 1) % 11 : 0;
    const auto bytes = fuzz::asText(choices.rest());
    const QString text = QString::fromUtf8(bytes.data(), static_cast<qsizetype>(bytes.size()));

    const ParsedAnswer whole = parseAnswer(format, kind, levels, text);
    checkAnswer(whole, format, kind, levels);

    std::vector<ParsedAnswer> calls;
    for (const QString& call : text.split(QChar(0x1f)))
        calls.push_back(parseAnswer(format, kind, levels, call));
    const ParsedAnswer combined = combineCalls(format, calls);
    checkAnswer(combined, format, kind, levels);
    if (format == PromptFormat::Flask)
        fuzz::check(combined.slot == answer::kNone || combined.slot == answer::kA ||
                        combined.slot == answer::kB,
                    "FLASK's majority is A, B or none");
    fuzz::check(combineCalls(format, {}).reason.size() > 0, "no calls give no verdict");
    return 0;
}
