#pragma once
// K3 confident-error sample and K4 repeated errors on a rubric verdict table (rubricverdicts.h;
// ../shared/spec/metrics.md K3, K4; seed 002 section 6 and Appendix I).
//
// K3: the first judge's wrong answers (status Wrong: abstentions and failures are not answers here).
// - Ordinal pairs: sorted by K1 confidence descending, ties by unit id text, then criterion text (byte
// order),
//   then pair order; the top n (default 12). Answers without a confidence come last.
// - Binary pairs: the n/2 false positives (MET on an UNMET label) with the highest P(MET) and the n/2 false
//   negatives (UNMET on a MET label) with the lowest, ties as above (n odd: the false positives get the extra
//   one); answers without P(MET) come last in both lists.
// K4, for each error e = (pair p, wrong answer w) and each other judge J with a scored verdict on p:
// - J repeats e when J's answer on p is w;
// - baseline b(e, J) = the share of J's scored verdicts equal to w on the OTHER pairs of the panel with the
// same
//   criterion and the same label as p; undefined (and the (e, J) combination left out of repeats and expected
//   repeats, counted in `noBaseline`) when J has no scored verdict there.
// - Summaries over a set of errors: repeats, expected repeats (sum of baselines), and both per K2 confidence
//   band of the FIRST judge's confidence (answers without a confidence are in no band).
// Thread-safety: pure functions of their arguments.

#include "analysis/confidence.h"
#include "analysis/rubricverdicts.h"

#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace tribunal {

inline constexpr int kDefaultConfidentErrors = 12;

/// One sampled error of the first judge.
struct ConfidentError {
    std::size_t pair = 0; ///< index into the table's pairs
    Answer answer = answer::kNone;
    double confidence = kMissing;
    double pMet = kMissing;
    bool falsePositive = false; ///< binary: MET on UNMET (false: a false negative or an ordinal error)
};

/// K3: the sample of `first` (judge index) on the pairs of `kind`; n >= 0.
std::vector<ConfidentError> confidentErrors(const Audit& audit, const RubricVerdictTable& table,
                                            std::size_t first, TaskKind kind,
                                            int n = kDefaultConfidentErrors);

/// Every wrong answer of `first` on pairs of `kind`, in pair order (the population K4's bands summarise).
std::vector<ConfidentError> allErrors(const RubricVerdictTable& table, std::size_t first, TaskKind kind);

/// K4 of one error against one other judge.
struct RepeatCheck {
    bool eligible = false; ///< the other judge has a scored verdict on the pair and a defined baseline
    bool repeated = false;
    double baseline = kMissing;
};

RepeatCheck checkRepeat(const Audit& audit, const RubricVerdictTable& table, const ConfidentError& error,
                        std::size_t other);

struct RepeatSummary {
    std::uint32_t checks = 0; ///< eligible (error, judge) combinations
    std::uint32_t repeats = 0;
    double expectedRepeats = 0;   ///< sum of baselines
    std::uint32_t noBaseline = 0; ///< combinations left out: no scored verdict on the pair or no baseline
    std::array<std::uint32_t, 4> bandChecks = {0, 0, 0, 0};
    std::array<std::uint32_t, 4> bandRepeats = {0, 0, 0, 0};
    std::array<double, 4> bandExpected = {0, 0, 0, 0};
    double share() const;         ///< repeats / checks (kMissing when 0)
    double baselineShare() const; ///< expectedRepeats / checks
};

/// K4 over `errors` (of the table's first judge) against each judge of `others`.
RepeatSummary summariseRepeats(const Audit& audit, const RubricVerdictTable& table,
                               std::span<const ConfidentError> errors, std::span<const std::size_t> others);

/// The K2 input of `judge` (index into `table`) on the pairs of `kind`: its right and wrong verdicts with a
/// K1 confidence, in pair order; selective-accuracy ties by unit id text (the item id without one, as R7
/// numbers units), then criterion text. The strings view the audit's pool. discrimination() of it is K2.
std::vector<ConfidentAnswer> judgeConfidentAnswers(const Audit& audit, const RubricVerdictTable& table,
                                                   std::size_t judge, TaskKind kind);

} // namespace tribunal
