#pragma once
// Finding the files of an LLMBar evaluation layout (princeton-nlp/LLMBar; ../shared/data/README.md, section
// llmbar): subset directories holding `dataset.json` and `evaluators/<judge>/<format>/result.json`, and the
// dataset name of each subset. Reads only directory listings; thread-safe.

#include "model/importissue.h"

#include <filesystem>
#include <string>
#include <vector>

namespace tribunal {

struct LlmBarResultFile {
    std::string path;
    std::string judge;  ///< the directory name below evaluators/
    std::string format; ///< the directory name below the judge's
};

struct LlmBarSubset {
    std::filesystem::path dir;
    std::string dataset;                   ///< see llmBarDatasetName()
    std::vector<LlmBarResultFile> results; ///< sorted by judge, then format
};

/// The subsets at `path`: a subset directory, a `dataset.json` file, or a tree holding subsets (evaluators/
/// directories are not searched for more). Sorted by path. False after a fatal issue in `log` when there is
/// no such path, no subset, or a directory cannot be listed.
bool findLlmBarLayout(const std::string& path, std::vector<LlmBarSubset>& subsets, ImportLog& log);

/// "llmbar-" + the path segments from the last one named LLMBar, CaseStudy or Processed down to the subset,
/// joined by "-" (else "llmbar-" + the subset directory name): "llmbar-LLMBar-Adversarial-GPTInst", the names
/// the shared verdicts CSV uses.
std::string llmBarDatasetName(const std::filesystem::path& dir);

} // namespace tribunal
