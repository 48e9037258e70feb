#pragma once
// B1-B6 and B10 of ../shared/spec/metrics.md "Bias tests" (seed 001, Sections 3.2-3.3, Tables 8-12), on the
// rows of a BiasDesign (biasdesign.h). Per row, on the row's completeItems() (the same item set for every
// value):
// - B1 RR = 1 - mean changed_k; B2 CR = share of items whose two original runs agree; B3 E = CR - RR, for
//   fallacy oversight E_fo = RR + CR - 1 and correctReactions = 1 - RR.
// - B4 percentile bootstrap interval of E over items (RR and CR recomputed on the same resample), verdict
//   against the margin: "bias" if lo > margin, "no bias" if hi < margin, else "unclear".
// - B5 one-sided paired sign-flip permutation test of d_k = changed_k - chance_k (integer sums, no float
//   ties): p = (1 + #{permuted sum >= observed sum}) / (1 + permutations). Benjamini-Hochberg over the family
//   of all non-fallacy rows with the same format and condition (docs/bias-tests.md); significant = p_BH <=
//   fdrLevel. Fallacy oversight has no permutation test (pPerm, pBH kMissing, significant false).
// - B10 s = (c - r) / (1 - 2r), c = 1 - RR, r = 1 - CR, undefined (kMissing) when r >= 1/2; an s outside
//   [0, 1] is kept and flagged; its interval comes from the same bootstrap resamples. Fallacy-oversight rows
//   get s too (c is then the rate of correct reactions).
// - One-run designs (row.crAvailable false): RR only; CR, E, interval, p and s are kMissing, verdict
//   CrUnavailable. A row without items: verdict NoItems, every value kMissing.
// Random streams: row r's bootstrap uses RandomStream(seed, r, chunk) and its permutations
// RandomStream(seed ^ kPermutationSalt, r, chunk) (docs/bias-tests.md), so results do not depend on threads.
// The scheme, exactly (a reference resampler can reproduce every value):
// - The row's item set is completeItems() (n items, in that order). Item k is changed_k = (p != o1) and
//   chance_k = runsDisagree(); d_k = changed_k - chance_k.
// - Point values from the counts X = sum changed_k, Y = sum chance_k: RR = (n - X) / n, CR = (n - Y) / n,
//   E = (X - Y) / n (= mean d_k, bit for bit), E_fo = (n - X - Y) / n, correctReactions = X / n,
//   s = (X - Y) / (n - 2 Y) (B10 in counts; kMissing when 2 Y >= n). Each is one rounding of the exact ratio.
// - B4/B10 bootstrap: B = resamples in chunks of kBiasBootstrapChunk; chunk c holds resamples
//   [c K, min((c + 1) K, B)) and draws from RandomStream(seed, r, c); each resample draws its n item indices
//   with one fillIndices(n, indices, n) call and recomputes E (E_fo) and s from its counts as above. Interval
//   ends are the quantiles a = (1 - level) / 2 and 1 - a (stats/percentile.h, numpy "linear") of the B
//   values. The s interval uses the resamples where s is defined; it is kMissing when s itself is, or when
//   more than half of the resamples leave s undefined.
// - B5: P = permutations in chunks of kBiasPermutationChunk; chunk c holds permutations [c K, min((c + 1) K,
//   P)) and draws from RandomStream(seed ^ kPermutationSalt, r, c) as stats/signflip.h describes (m = number
//   of d_k != 0, observed sum X - Y); p = (1 + sum of the chunk counts) / (1 + P).
// - Settings: resamples >= 1, permutations >= 1, level and fdrLevel in (0, 1), else std::invalid_argument
//   ("bias settings: resamples must be at least 1", "... permutations must be at least 1", "... level must
//   lie between 0 and 1", "... FDR level must lie between 0 and 1").
// All rates are proportions in [0, 1] (E in [-1, 1]); undefined values are kMissing.
// Thread-safety: pure functions of their arguments.
// Progress and cancel (model/progress.h): analyseBiasExcess's chunk is one design row that resamples (B4
// bootstrap and B5 permutations; total = those rows, a step when a row's last chunk is done); when only one
// row resamples, the whole work, the chunk is one of its kBiasBootstrapChunk / kBiasPermutationChunk chunks
// (total = its chunks). The flag is polled before every such resampling chunk on every worker.

#include "analysis/biasdesign.h"
#include "analysis/biassettings.h"
#include "model/progress.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace tribunal {

/// Resamples per bootstrap chunk and permutations per permutation chunk (one random stream each): part of the
/// reproducibility contract, changing them changes the intervals and p-values.
inline constexpr int kBiasBootstrapChunk = 64;
inline constexpr int kBiasPermutationChunk = 2048;
/// XORed into the seed for the permutation streams, so they differ from the bootstrap's ("permute!").
inline constexpr std::uint64_t kPermutationSalt = 0x7065726d75746521ULL;

/// B10: s = (c - r) / (1 - 2 r) for a change rate c and a chance rate r, both in [0, 1]; kMissing when
/// r >= 1/2. Not clamped: a value outside [0, 1] is returned as computed.
double cueChangeProbability(double changeRate, double chanceRate);

enum class BiasVerdict : std::uint8_t { Bias, Unclear, NoBias, CrUnavailable, NoItems };
/// "bias", "unclear", "no bias", "CR unavailable", "no items".
std::string_view biasVerdictName(BiasVerdict verdict);

struct BiasExcessResult {
    std::uint32_t row = 0;    ///< index in BiasDesign::rows
    std::uint32_t nItems = 0; ///< size of the item set used
    double rr = kMissing, cr = kMissing;
    double excess = kMissing; ///< E, or E_fo = RR + CR - 1 for fallacy oversight
    double excessLo = kMissing, excessHi = kMissing;
    double correctReactions = kMissing; ///< fallacy oversight only: 1 - RR
    BiasVerdict verdict = BiasVerdict::NoItems;
    double pPerm = kMissing, pBH = kMissing;
    bool significant = false;
    double s = kMissing, sLo = kMissing, sHi = kMissing; ///< B10
    bool sOutOfRange = false;                            ///< s computed but outside [0, 1]
};

/// One result per design row, in row order. threads = 0: std::thread::hardware_concurrency(). Throws the
/// settings errors above (before any step), and Cancelled when progress is cancelled.
std::vector<BiasExcessResult> analyseBiasExcess(const BiasDesign& design, const BiasSettings& settings,
                                                unsigned threads = 0, const Progress& progress = {});

/// The verdict of an interval against a margin (B4): Bias if lo > margin, NoBias if hi < margin, else
/// Unclear; NoItems / CrUnavailable pass through for missing intervals as analyseBiasExcess sets them.
BiasVerdict verdictAtMargin(const BiasExcessResult& result, double margin);

/// B6: for each (format, condition, test, version), the number of judges whose row is "bias" at each margin
/// (verdictAtMargin). Groups in the order of their first row in design.rows; `results` as analyseBiasExcess
/// returns them (matched to rows by BiasExcessResult::row). Fallacy-oversight rows count by their E_fo.
struct BiasedJudgeCount {
    StrId format = kEmptyStr;
    CondId condition = 0;
    StrId test = kEmptyStr;
    StrId version = kEmptyStr;
    std::uint32_t judges = 0;          ///< judges with a row that has an interval
    std::vector<std::uint32_t> biased; ///< per margin, in the order given
};
std::vector<BiasedJudgeCount> countBiasedJudges(const BiasDesign& design,
                                                std::span<const BiasExcessResult> results,
                                                std::span<const double> margins);

} // namespace tribunal
