#pragma once
// K7-K10 cascade replays of one panel and criterion kind from a rubric verdict table (rubricverdicts.h;
// ../shared/spec/metrics.md K7-K10 and their edge cases; seed 002 section 6.2 and Appendix K). The
// statistics are cascadecurve.h (K7, K8, K10) and crossfit.h (K9); this file builds their input.
//
// Pair set: the table's pairs of `kind` that have an R1 label and on which the first judge D gave a scored
// verdict (D's abstentions and failures leave the set, K7).
// - Score: ordinal pairs D's K1 confidence; binary pairs |P(MET) - 0.5| of D's verdict run (K7), or, without
//   P(MET), half of D's K1 confidence (the same quantity when the confidence came from P(MET)); no
//   confidence at all counts as 0 (cascadecurve.h).
// - A fallback's (or extra single judge's) correctness: its verdict where it is scored, else D's verdict
//   (K7 / K10: where the fallback abstained, failed, or has no judgment of the pair).
// - Costs: each judge's verdict cost (rubricverdicts.h; recorded costs of failed requests count, K7).
// Per fallback: the curve on the kind's grid (cascadeGrid) and its oracle point (K8). Best cascade: the
// fallback with the most accurate oracle point; ties to the cheaper cascade (its cost there), then the first
// by judge name (K8 edge case). Best single judge: the most accurate of D, the fallbacks and the extra
// singles alone (ties: cheaper, then D, then the fallbacks and singles in name order). Best LLM judge: the
// most accurate fallback alone (same ties). Matching cascade: the smallest tau at which the cascade with the
// best LLM judge as fallback is at least as accurate as that judge alone; its cost share = cascade cost / the
// judge's cost. K9: crossFitCascade on the same input (candidates D, fallbacks, singles in that order).
// Thread-safety: pure function of its arguments; K9 uses CascadeSettings::threads threads.
// Progress and cancel (model/progress.h): replayCascade reports K9's steps (chunk = one halving, total =
// CascadeSettings::halvings); an empty pair set runs no K9 and reports step(halvings, halvings) at once.

#include "analysis/cascadecurve.h"
#include "analysis/crossfit.h"
#include "analysis/rubricverdicts.h"
#include "model/audit.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace tribunal {

struct CascadeSettings {
    int halvings = 50;             ///< K9
    std::uint64_t seed = 20261129; ///< K9 halvings
    int threads = 0;               ///< K9; results do not depend on it
    /// Threshold grids (ascending); empty: the K7 grids (cascadeGrid: k/20 ordinal, k/50 binary).
    std::vector<double> ordinalTaus, binaryTaus;
};

/// The thresholds `settings` gives for criteria of `kind`.
std::vector<double> cascadeTaus(const CascadeSettings& settings, TaskKind kind);

struct CascadeFallbackCurve {
    std::size_t judge = 0; ///< judge index of the table
    double accuracyAlone = kMissing;
    double costAlone = 0;
    std::vector<CascadePoint> curve;
    std::size_t oracle = 0; ///< index into curve (curve.size() when the pair set is empty)
};

struct CascadeReplay {
    StrId dataset = kEmptyStr;
    TaskKind kind = TaskKind::Ordinal;
    std::size_t first = 0;
    std::uint32_t pairs = 0;
    double firstAccuracy = kMissing;
    double firstCost = 0;
    std::vector<CascadeFallbackCurve> fallbacks;
    int bestCascade = -1; ///< index into fallbacks
    int bestSingle = -1;  ///< judge index of the table
    double bestSingleAccuracy = kMissing;
    double bestSingleCost = 0;
    int bestLlm = -1;     ///< index into fallbacks
    int matchingTau = -1; ///< grid index of the matching cascade, -1 when none matches
    double matchingCostShare = kMissing;
    CrossFitResult crossFit; ///< empty halvings when the pair set is empty
};

/// The replay of `first` with `fallbacks` (and `singles` as extra single-judge candidates), judge indices of
/// `table` (built from `audit`), on the pairs of `kind`. Fallbacks and singles are put in name order (judge,
/// then format text, then condition id) whatever order they are given in, so "first by name" breaks ties.
/// Throws std::invalid_argument "K7: at least one fallback needed" and "K7: the first judge cannot be its
/// own fallback", and Cancelled when progress is cancelled.
CascadeReplay replayCascade(const Audit& audit, const RubricVerdictTable& table, std::size_t first,
                            std::span<const std::size_t> fallbacks, std::span<const std::size_t> singles,
                            TaskKind kind, const CascadeSettings& settings = {},
                            const Progress& progress = {});

/// The pair set and per-judge columns replayCascade hands to K9 (fallbacks / singles in name order; names
/// are the judge names), with the table's pair index of each pair in `pairs`.
struct CascadeInput {
    CrossFitInput crossFit;
    std::vector<std::size_t> pairs;     ///< table pair index of each pair
    std::vector<std::size_t> fallbacks; ///< judge indices in name order
    std::vector<std::size_t> singles;   ///< judge indices in name order
};
/// `taus`: the thresholds (ascending); empty: cascadeGrid(kind).
CascadeInput cascadeInput(const Audit& audit, const RubricVerdictTable& table, std::size_t first,
                          std::span<const std::size_t> fallbacks, std::span<const std::size_t> singles,
                          TaskKind kind, std::span<const double> taus = {});

} // namespace tribunal
