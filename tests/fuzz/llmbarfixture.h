// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fixed halves of the LLMBar fuzz targets: a small valid dataset.json and a result.json that matches it
// (two items; the layout of ../shared/data/llmbar/native), and the subset directory they go in.

#include <filesystem>
#include <string_view>

namespace tribunal::fuzz {

/// Two items: {input, output_1, output_2, label 1|2}.
extern const std::string_view kLlmBarDataset;
/// The result.json of a pairwise format for kLlmBarDataset (both items, both orders).
extern const std::string_view kLlmBarResult;

/// A fresh subset directory `<scratch>/<name>/LLMBar/Natural` (emptied first), so the dataset is named
/// "llmbar-LLMBar-Natural" as the shared data's is.
std::filesystem::path freshLlmBarSubset(std::string_view name);

} // namespace tribunal::fuzz
