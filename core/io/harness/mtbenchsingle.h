#pragma once
// FastChat MT-Bench single-answer grades (`model_judgment/<judge>_single.jsonl`, written by gen_judgment.py
// --mode single: common.py `run_judge_single` / `play_a_match_single` at 007ecd07, the file whose pair
// records mtbenchimporter.cpp follows), read by the mt-bench format line by line next to pair records and
// human votes. Checked against the real file
// ../shared/data/harness-real/fastchat/model_judgment/gpt-4_single.jsonl. A record:
//   question_id, model, judge [judge model, prompt name], user_prompt, judgment, score, turn, tstamp
// where score is the [[rating]] parsed from the judgment, or -1 when none could be parsed.
//
// Mapping (one ordinal judgment per record; docs/harness-formats.md shows a real record):
//   item: dataset "mt-bench-single" (a panel of its own: its items are ordinal, the pair records' `mt-bench`
//     items pairwise), item_id = unit_id = `<question_id>:<turn>:<model>` (what is graded is one turn of the
//     model's answer), group = `<question_id>` (both turns of a question share its context: turn 2 is graded
//     with turn 1 in the prompt, so they resample together), criterion "MT-Bench single-answer grade",
//     levels "1".."10", item extra {"model": <model>}. Item texts are not read here (harnesstexts.h fills
//     them from question.jsonl and model_answer/, keyed by this id scheme and the extra's model).
//   judgment: judge = judge[0], format = judge[1] (single-v1, single-math-v1, ...-multi-turn), rep 1, no
//     order; answer = score; -1 is no answer with the error kMtBenchNoRating; raw = judgment; extra =
//     {"user_prompt", "tstamp", unknown keys}.
// A score must be an integer 1..10 (a whole number written 8.0 counts as 8) or -1: FastChat's pattern also
// takes fractions and numbers above 10, which have no level on the scale and are bad records. Re-run
// duplicates have the same judgment key (same item, judge and format): the builder merges agreeing copies and
// reports the others as conflicting judgments.

#include "io/harness/harnessfields.h"
#include "io/itemorigins.h"
#include "io/itempatch.h"
#include "model/auditbuilder.h"

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

inline constexpr std::string_view kMtBenchSingleDataset = "mt-bench-single";
inline constexpr std::string_view kMtBenchSingleCriterion = "MT-Bench single-answer grade";
inline constexpr std::string_view kMtBenchNoRating = "no rating (FastChat score -1)";
inline constexpr int kMtBenchLevels = 10;

/// `turn` (key k): the integer 1 or 2 (MT-Bench questions have two turns). Shared by every MT-Bench record
/// kind: `turn: must be 1 or 2 (got 3)`, `turn: expected an integer, got a string`.
std::optional<HarnessProblem> readMtBenchTurn(const HarnessFields& f, int k, std::int64_t& turn);

/// `judge` (key k) of a judge record: FastChat's (judge model, prompt name) tuple serialised as an array of
/// two non-empty strings: `judge: expected [judge model, prompt name] (two strings), got "gpt-4"`,
/// `judge[1]: must not be empty`.
std::optional<HarnessProblem> readMtBenchJudge(const HarnessFields& f, int k,
                                               std::array<std::string_view, 2>& names);

/// The single-answer grades of one import job: each record checked whole, then its item and judgment added.
/// An item already in the audit must be ordinal with levels 1..10 (or none yet, when its label and ratings
/// fit 1..10) and agree on unit, group, criterion and model. Not thread-safe: one per import job.
class MtBenchSingleGrades {
public:
    explicit MtBenchSingleGrades(AuditBuilder& builder);

    /// Starts a source file (index from AuditBuilder::addSourceFile).
    void beginFile(std::uint32_t file);

    /// Reads one single-grade record at `line`; on a problem nothing changes and the problem is returned.
    std::optional<HarnessProblem> read(simdjson::dom::object record, std::uint64_t line);

private:
    std::optional<HarnessProblem> readScore(Answer& out) const;
    /// Whether the record's existing item (if any) takes the 1..10 scale; sets m_setLevels.
    std::optional<HarnessProblem> checkScale(std::optional<std::uint32_t> item);
    void addJudgment(std::uint32_t item, const std::array<std::string_view, 2>& judge, Answer grade,
                     std::uint64_t line);

    AuditBuilder& m_builder;
    HarnessFields m_fields;
    ItemOrigins m_origins;
    ItemPatch m_patch;
    std::uint32_t m_file = 0;
    StrId m_dataset = kEmptyStr;
    StrId m_noRating = kEmptyStr;
    std::vector<StrId> m_levels; // "1".."10", interned on first use

    // Per-record scratch.
    std::string m_questionId, m_itemId, m_itemExtra, m_judgmentExtra;
    bool m_setLevels = false;
};

} // namespace tribunal
