// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the input as an LLMBar subset's dataset.json, next to a fixed evaluator result.json that
// matches the seed dataset (so the item checks of result elements run too), imported as an LLMBar layout
// under both policies, built and round-tripped (importBothPolicies).

#include "fuzzinput.h"
#include "llmbarfixture.h"

using namespace tribunal;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto subset = fuzz::freshLlmBarSubset("llmbar-dataset");
    fuzz::writeFile(subset / "dataset.json", fuzz::Bytes(data, size));
    fuzz::writeFile(subset / "evaluators" / "GPT-4" / "Vanilla" / "result.json", fuzz::kLlmBarResult);
    fuzz::importBothPolicies({subset.string()}, SourceFormat::LlmBar, true);
    return 0;
}
