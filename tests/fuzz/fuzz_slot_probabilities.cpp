// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: slotProbabilities (a server's log-probabilities). Byte 0 picks the parsed slot (A, B, tie,
// none); the rest is read as JSON (Qt) and, when it is an array, used as choices[0].logprobs.content.
// Checks that probabilities, when given, are finite, in [0, 1] and sum to 1.

#include "fuzzinput.h"

#include "judging/answerparser.h"

#include <QJsonDocument>

#include <array>
#include <cmath>

using namespace tribunal;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static constexpr std::array<Answer, 4> kSlots{answer::kA, answer::kB, answer::kTie, answer::kNone};
    fuzz::Choices choices({data, size});
    const Answer slot = kSlots[choices.take() % kSlots.size()];
    const auto bytes = fuzz::asText(choices.rest());
    const QJsonDocument document =
        QJsonDocument::fromJson(QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())));
    if (!document.isArray())
        return 0;
    const auto probabilities = slotProbabilities(document.array(), slot);
    if (!probabilities)
        return 0;
    fuzz::check(slot == answer::kA || slot == answer::kB, "probabilities only for an A or B verdict");
    const double first = probabilities->first;
    const double second = probabilities->second;
    fuzz::check(std::isfinite(first) && std::isfinite(second), "probabilities are finite");
    fuzz::check(first >= 0 && first <= 1 && second >= 0 && second <= 1, "probabilities are in [0, 1]");
    fuzz::check(std::fabs(first + second - 1) < 1e-9, "the two probabilities sum to 1");
    return 0;
}
