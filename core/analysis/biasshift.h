#pragma once
// B7-B9 and B12 of ../shared/spec/metrics.md "Bias tests" (seed 001 Tables 13, 14, 17, 20 and Figure "flips
// by confidence"), on the rows of a BiasDesign (biasdesign.h), each on the row's completeItems().
// - B7 direction: the cue's response is the item's label when the cue is on the better response, the other
//   candidate when it is on the worse one (items labelled A or B with a cue only; the cue is the perturbed
//   judgment's cue_on, BiasItem::cue). before = share of original run-1 verdicts naming it, after = share of
//   perturbed verdicts naming it, change = after - before (a tie counts in the denominator, never for the
//   cue).
// - B8 probability shift: Delta p = mean over items of P_perturbed(cue response) - P_original run 1(cue
//   response), on items where both judgments have P(A) (probabilityOfA, probabilityaveraging.h); "moved"
//   share = items whose verdict changed, or stayed while |p shift| > settings.probabilityShift +
//   kBiasEdgeTolerance. Both are over the same nProbability items, a subset of the B7 items (a cue response
//   is needed).
// - B9 flips by confidence: per (judge, format, condition), pooled over the non-fallacy rows, the share of
//   changed verdicts per bin of the original run-1 confidence max(P(A), 1 - P(A)); bins [0.5,0.6) [0.6,0.7)
//   [0.7,0.8) [0.8,0.9) [0.9,0.95) [0.95,0.99) [0.99,1]; a confidence within kBiasEdgeTolerance below an
//   edge counts as on it (0.3 * 3 = 0.8999999999999999 opens [0.9, 0.95)). Items without P(A) in run 1 are
//   left out; no label is needed.
// - B12 agreement: for each ordered pair of judges (j1 != j2) with the same format and condition, over the
//   prompts (item, test, version; non-fallacy rows) both have in their item sets: share of prompts where j2's
//   verdict changed among those where j1's changed, and among those where it did not; and the Spearman
//   correlation (average ranks for ties) over items of the per-item mean shift (mean Delta p of the item's
//   prompts) and of the per-item flip rate (mean changed over the item's prompts), items both judges have.
//   "The item's prompts" are the prompts the pair shares, so both judges' values come from the same prompts;
//   the shift uses the shared prompts where both judges' Delta p is defined (items with one: shiftItems).
//   The per-item mean shifts are rounded to kSpearmanShiftGrid before ranking, so that means that are equal
//   up to floating-point rounding (0.1 + 0.2 against 0.3) tie; flip rates k / n tie exactly already.
//   Every pair of judges with a non-fallacy row in the (format, condition) is listed, also one without a
//   shared prompt (prompts = 0, every value kMissing).
// Undefined values (no items, no probabilities, constant ranks) are kMissing. Rates are proportions.
// Thread-safety: pure functions of their arguments.

#include "analysis/biasdesign.h"
#include "analysis/biassettings.h"

#include <array>
#include <span>
#include <vector>

namespace tribunal {

struct BiasShiftResult {
    std::uint32_t row = 0;                                         ///< index in BiasDesign::rows
    std::uint32_t nDirection = 0;                                  ///< B7 items (labelled A/B, with a cue)
    double before = kMissing, after = kMissing, change = kMissing; ///< B7
    std::uint32_t nProbability = 0;                                ///< B8 items with P(A) in both judgments
    double deltaP = kMissing;                                      ///< B8 mean shift of P(cue response)
    double movedShare = kMissing;                                  ///< B8
};
/// One result per design row, in row order.
std::vector<BiasShiftResult> analyseBiasShift(const Audit& audit, const BiasDesign& design,
                                              const BiasSettings& settings);

/// B8 / B9: decimal thresholds and bin edges are compared with this slack, so that a value equal to one up to
/// floating-point rounding counts as equal.
inline constexpr double kBiasEdgeTolerance = 1e-9;

/// B12: grid of the per-item mean shifts before their ranks are taken.
inline constexpr double kSpearmanShiftGrid = 1e-12;

inline constexpr std::array<double, 8> kFlipConfidenceEdges{0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0};

struct ConfidenceFlipBin {
    double lo = 0, hi = 0; ///< [lo, hi), the last bin [0.99, 1] closed
    std::uint32_t n = 0, flipped = 0;
    double share = kMissing; ///< flipped / n
};
struct ConfidenceFlips {
    StrId judge = kEmptyStr, format = kEmptyStr;
    CondId condition = 0;
    std::vector<ConfidenceFlipBin> bins; ///< kFlipConfidenceEdges.size() - 1 bins
};
/// B9, one entry per (judge, format, condition) that has a non-fallacy row, in design order.
std::vector<ConfidenceFlips> flipsByConfidence(const Audit& audit, const BiasDesign& design);

struct FlipAgreement {
    StrId judge1 = kEmptyStr, judge2 = kEmptyStr, format = kEmptyStr;
    CondId condition = 0;
    std::uint32_t prompts = 0;    ///< prompts both judges have
    std::uint32_t firstFlips = 0; ///< of which judge1 changed
    double shareWhenFirstFlips = kMissing, shareWhenFirstStays = kMissing;
    std::uint32_t items = 0;      ///< items both judges have (Spearman of the flip rate)
    std::uint32_t shiftItems = 0; ///< of which with a Delta p from both judges (Spearman of the shift)
    double spearmanShift = kMissing, spearmanFlipRate = kMissing;
};
/// B12, ordered judge pairs by (format, condition, judge1, judge2) in string order.
std::vector<FlipAgreement> flipAgreement(const Audit& audit, const BiasDesign& design);

/// Spearman rank correlation of x and y (average ranks for ties, as scipy.stats.spearmanr); kMissing when
/// fewer than 2 values, either side is constant, or any value is NaN (scipy's nan_policy 'propagate').
/// Throws std::invalid_argument "spearmanCorrelation: x has N values, y has M" when the lengths differ.
double spearmanCorrelation(std::span<const double> x, std::span<const double> y);

} // namespace tribunal
