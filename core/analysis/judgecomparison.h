#pragma once
// R7 input from an audit: the per-pair correctness of two rubric judges, and every comparison of a judge list
// run as one Holm family (../shared/spec/metrics.md "Rubric judges" R7; pairedcomparison.h does the
// statistics).
//
// A judge here is a (judge, format, condition) key: the judgments of one cell without a bias test in a panel
// (dataset). A pair is one binary or ordinal item of the panel that has an R1 label (rubriclabels.h, rule
// JudgeComparisonSettings::rounding; Unrounded uses the half-up label, as R2 does for its level metrics).
// - A judge's scored runs on a pair are its runs with a level 1..K (ordinal, K = scaleLevels) or MET / UNMET
//   (binary), as R2 scores them; NA, none and out-of-scale answers are not scored.
// - Correctness = (scored runs equal to the label) / (scored runs), in [0, 1].
// - A pair enters the comparison when BOTH judges have >= 1 scored run on it ("the pairs both scored");
//   pairs only one judge scored are counted (onlyFirst / onlySecond) and left out.
// - Unit = the item's ItemText::UnitId (fallback: the item itself); cluster = ItemText::Group (fallback: the
//   unit). Ids are numbered in order of first appearance in item order, so the resampler (which orders units
//   by ascending id) draws units in item order. A group id and a unit id with the same text are different
//   clusters.
// Pairs are in item order. Thread-safety: pure functions of their arguments (compareJudges uses
// PairedSettings::threads threads inside comparePairedFamily).
// Progress and cancel (model/progress.h): compareJudges reports the steps of its one R7 family
// (comparePairedFamily: chunk = a block of resamples) and polls the flag per panel while it collects pairs.

#include "analysis/pairedcomparison.h"
#include "analysis/rubriclabels.h"
#include "model/audit.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

/// One judge of a comparison: the judgments of the cell (panel, judge, format, condition) without a bias
/// test.
struct JudgeKey {
    StrId judge = kEmptyStr;
    StrId format = kEmptyStr;
    CondId condition = 0;
    friend bool operator==(const JudgeKey&, const JudgeKey&) = default;
};

/// Which judges of a panel: every cell, or only cells with at least one rubric (not pairwise) item (the
/// cascade, which replays rubric verdicts).
enum class PanelJudges : std::uint8_t { All, WithRubricItems };

/// The judges (cells without a bias test) on dataset `panel`, in the order of their names: judge, then
/// format, then condition id. tribunal-cli's default --others and the GUI's judge lists use this order.
std::vector<JudgeKey> panelJudges(const Audit& audit, StrId panel, PanelJudges which = PanelJudges::All);

struct JudgeComparisonSettings {
    LabelRounding rounding = LabelRounding::HalfUp; ///< R1 rule of the labels correctness is taken against
};

/// The pairs two judges both scored on one panel, with what was left out.
struct JudgePairs {
    std::vector<PairedObservation> pairs; ///< in item order
    std::vector<std::uint32_t> items;     ///< the item row of each pair
    std::uint32_t onlyFirst = 0;          ///< labelled pairs only the first judge scored
    std::uint32_t onlySecond = 0;         ///< labelled pairs only the second judge scored
};

/// R7 per-pair correctness of `first` and `second` on panel `dataset` (see the file comment).
JudgePairs pairedCorrectness(const Audit& audit, StrId dataset, const JudgeKey& first, const JudgeKey& second,
                             const JudgeComparisonSettings& settings = {});

/// One comparison of a family: the panel, the two judges (same format and condition) and the result.
struct JudgeComparison {
    StrId dataset = kEmptyStr;
    JudgeKey first, second;
    JudgePairs pairs;
    PairedComparison result; ///< default (Undefined, Holm fields kMissing) when there is no common pair
};

/// Every comparison of `judges` (judge names; all pairs j1 < j2 in the given order): per panel (datasets with
/// binary or ordinal items, in order of first item; only `panel` when it is not kEmptyStr), per (format,
/// condition) in which both judges have a cell without a bias test on the panel (format text ascending,
/// then condition id). Comparisons are ordered panel, format / condition, then judge pair.
/// The Holm family is every comparison returned that has >= 1 common pair (comparePairedFamily; comparison
/// index = position among those, which selects the random streams); a comparison without a common pair
/// stays outside the family with a default result. Same errors as comparePaired, and Cancelled when
/// progress is cancelled.
std::vector<JudgeComparison> compareJudges(const Audit& audit, std::span<const StrId> judges, StrId panel,
                                           const JudgeComparisonSettings& settings,
                                           const PairedSettings& paired, const Progress& progress = {});

} // namespace tribunal
