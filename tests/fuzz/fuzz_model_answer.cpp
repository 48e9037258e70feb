// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: model/types.h parseAnswer, the answer and label texts of every file format. Byte 0 picks the
// task kind; the rest is the text. Checks that an accepted value is allowed for the kind and that
// answerText is its inverse: parseAnswer(kind, answerText(kind, v)) == v.

#include "fuzzinput.h"

#include "model/types.h"

using namespace tribunal;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    fuzz::Choices choices({data, size});
    const auto kind = static_cast<TaskKind>(choices.take() % 3);
    const auto parsed = parseAnswer(kind, fuzz::asText(choices.rest()));
    if (!parsed)
        return 0;
    const Answer value = *parsed;
    if (value != answer::kNone && value != answer::kNA) {
        if (kind == TaskKind::Pairwise)
            fuzz::check(value == answer::kA || value == answer::kB || value == answer::kTie,
                        "a pairwise answer is A, B or tie");
        else if (kind == TaskKind::Binary)
            fuzz::check(value == answer::kMet || value == answer::kUnmet, "a binary answer is MET or UNMET");
        else
            fuzz::check(value >= 1 && value <= answer::kMaxLevel, "an ordinal answer is a level 1..1000");
    }
    const auto again = parseAnswer(kind, answerText(kind, value));
    fuzz::check(again.has_value() && *again == value, "answerText is the inverse of parseAnswer");
    return 0;
}
