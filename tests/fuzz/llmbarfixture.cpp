// SPDX-License-Identifier: GPL-3.0-or-later
#include "llmbarfixture.h"

#include "fuzzinput.h"

namespace tribunal::fuzz {

const std::string_view kLlmBarDataset = R"json([
  {"input": "Name a prime number between 10 and 20.", "output_1": "13", "output_2": "15", "label": 1},
  {"input": "Say hi.", "output_1": "Bye.", "output_2": "Hi!", "label": 2}
]
)json";

const std::string_view kLlmBarResult = R"json([
  {"input": "Name a prime number between 10 and 20.", "output_1": "13", "output_2": "15", "label": 1,
   "results": [{"swap = False": {"completion": ["Output (a)", "stop"], "winner": "1"},
                "swap = True": {"completion": ["Output (b)", "stop"], "winner": "1"}}]},
  {"input": "Say hi.", "output_1": "Bye.", "output_2": "Hi!", "label": 2,
   "results": [{"swap = False": {"completion": ["Output (a)", "stop"], "winner": "1"},
                "swap = True": {"completion": ["Output (a)", "length"], "winner": "2"}}]}
]
)json";

std::filesystem::path freshLlmBarSubset(std::string_view name)
{
    const auto root = scratchDir() / name;
    std::error_code ec;
    std::filesystem::remove_all(root, ec);
    const auto subset = root / "LLMBar" / "Natural";
    std::filesystem::create_directories(subset, ec);
    check(!ec, "the LLMBar scratch directory can be made");
    return subset;
}

} // namespace tribunal::fuzz
