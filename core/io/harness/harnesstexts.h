#pragma once
// The item texts of Arena-Hard-Auto and FastChat MT-Bench judgments, from the files the harness keeps beside
// them (docs/harness-formats.md, "Texts from the harness layout"). The judgment files hold verdicts only; the
// question and the judged answers live in
//   <bench>/question.jsonl              one question per line (Arena-Hard: `uid` + `prompt`; v0.1 files may
//                                       give `question_id` + `turns`; FastChat: `question_id` + `turns`)
//   <bench>/model_answer/<model>.jsonl  one answer per question (`messages` with the assistant's content, a
//                                       string or {"answer": ...}; or FastChat's `choices[0].turns`)
// beside <bench>/model_judgment/. The model's answer file is the one named after the model (upstream loads
// answers by file name). Explicit paths (HarnessTextPaths) replace the layout.
//
// Mapping, per item a judgment file touched:
//   Arena-Hard (item `<uid>:<model>`, extra model_a = baseline, model_b = model): question = the prompt,
//     response A = the baseline's answer, response B = the model's. v0.1 records name no baseline: the
//     option's baseline, else Arena-Hard v0.1's default gpt-4-0314 for a dataset `arena-hard-v0.1` (a note
//     says so). An answer's `metadata` (token_len, header/list/bold counts) is kept in the item's extra as
//     `"metadata_a"` / `"metadata_b"`.
//   MT-Bench pairs (item `<qid>:<turn>:<A>:<B>`): turn 1: question = the first user turn, responses = each
//     model's first answer; turn 2: the whole conversation, `[Turn 1]` and `[Turn 2]` sections in each text
//     (the judge of a multi-turn prompt sees both turns).
//   MT-Bench single grades (ordinal item, extra {"model": ...}, unit `<qid>:<turn>:<model>`): input = the
//     question (turn 2: both user turns and the model's first answer), submission = the model's answer of
//     the turn.
// Only texts the item lacks are set: texts a file already gave (human votes' conversations) stay.
//
// Nothing here fails an import over a missing text: a missing question file, answer file, question or answer
// is a note (ImportLog::note) saying how many items lack which text. A malformed line of a text file is a bad
// record (`file:line: key: reason`) under the import's policy.
// Not thread-safe: one per import job.

#include "io/importer.h"

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tribunal {

/// The text files of one judgment file.
struct HarnessTextSource {
    std::string questions;  ///< question.jsonl ("" = none found)
    std::string answersDir; ///< model_answer/ ("" = none found)
    bool fromLayout = false;
};

/// The text files for the judgment file `judgmentPath`: the explicit `paths` (a missing one taken from the
/// other: `<dir of questions>/model_answer`, `<parent of answersDir>/question.jsonl`), else the upstream
/// layout around the file (an ancestor folder `model_judgment` whose parent holds the files).
HarnessTextSource harnessTextSource(const std::string& judgmentPath, const HarnessTextPaths& paths);

class HarnessTexts {
public:
    explicit HarnessTexts(HarnessTextPaths paths);
    ~HarnessTexts();
    HarnessTexts(const HarnessTexts&) = delete;
    HarnessTexts& operator=(const HarnessTexts&) = delete;

    /// Fills the texts of the items of judgments [firstJudgment, builder.judgmentCount()), which the
    /// judgment file `judgmentPath` (format ArenaHard or MtBench) just added. Returns false when the log
    /// failed (a bad line in a text file under StopAtFirst).
    bool fill(SourceFormat format, const std::string& judgmentPath, std::size_t firstJudgment,
              AuditBuilder& builder, ImportLog& log);

private:
    struct Questions;
    struct Answers;
    const Questions* questions(const std::string& path, ImportLog& log, bool* ok);
    const Answers* answers(const std::string& dir, const std::string& model, ImportLog& log, bool* ok);

    HarnessTextPaths m_paths;
    std::map<std::string, std::unique_ptr<Questions>> m_questions;
    std::map<std::string, std::unique_ptr<Answers>> m_answers; // key: dir + '\n' + model
};

/// The text of an MT-Bench item at `turn` (1 or 2) from the user turns and one side's answers:
/// turn 1 the first entry; turn 2 `[Turn 1]\n<first>\n\n[Turn 2]\n<second>`. "" when a turn is missing.
std::string mtBenchTurnText(std::span<const std::string> turns, int turn);

} // namespace tribunal
