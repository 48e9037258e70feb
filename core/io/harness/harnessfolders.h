#pragma once
// Harness data folders given whole: FastChat's `data/mt_bench/` (question.jsonl, model_answer/,
// model_judgment/gpt-4_pair.jsonl ...) and Arena-Hard's `data/arena-hard-v0.1/` (question.jsonl,
// model_answer/, model_judgment/<judge>/<model>.jsonl). Neither has an LLMBar dataset.json or AlpacaEval
// annotations.json, so detectFormat() would hand such a folder to the LLMBar reader, which can only say that
// dataset.json is missing. importSources() reads them as their judgment files instead; their texts come from
// the question and answer files beside them as for a single judgment file (harnesstexts.h). Pure, any thread.

#include <string>
#include <vector>

namespace tribunal {

/// The `.jsonl` files below a folder named `model_judgment` anywhere under `dir`, sorted by path; empty when
/// `dir` is no directory, holds an LLMBar `dataset.json` or AlpacaEval `annotations.json` anywhere below it
/// (those trees have readers of their own), or has no such file.
std::vector<std::string> harnessJudgmentFiles(const std::string& dir);

/// True when `dir` is a harness data folder without judgments: a `question.jsonl` or a `model_answer` folder
/// below it, no `.jsonl` below a `model_judgment` folder, and no `dataset.json` / `annotations.json`.
bool harnessFolderWithoutJudgments(const std::string& dir);

} // namespace tribunal
