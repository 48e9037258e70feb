// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the input as an evaluator's result.json next to a fixed valid dataset.json, imported as an
// LLMBar layout under both policies, built and round-tripped (importBothPolicies). Byte 0 picks the format
// directory (Vanilla, Rating, Swap, CoT: Rating* formats carry scores, not completions); the rest is the
// file.

#include "fuzzinput.h"
#include "llmbarfixture.h"

#include <array>

using namespace tribunal;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static constexpr std::array<const char*, 4> kFormats{"Vanilla", "Rating", "Swap", "CoT"};
    fuzz::Choices choices({data, size});
    const char* format = kFormats[choices.take() % kFormats.size()];
    const auto subset = fuzz::freshLlmBarSubset("llmbar-result");
    fuzz::writeFile(subset / "dataset.json", fuzz::kLlmBarDataset);
    fuzz::writeFile(subset / "evaluators" / "GPT-4" / format / "result.json", choices.rest());
    fuzz::importBothPolicies({subset.string()}, SourceFormat::LlmBar, true);
    return 0;
}
