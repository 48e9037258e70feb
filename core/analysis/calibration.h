#pragma once
// B11 calibration of a pairwise judge's probabilities and B13 cost and latency (../shared/spec/metrics.md
// "Bias tests" B11, B13 and "Edge cases" B11; worked example: ../shared/spec/examples.md section 4; seed 001
// Tables 5, 6, 21, 22).
//
// B11, per (judge, format, condition), over the judgments that enter (see calibrationJudgments): pairwise
// items labelled A or B whose judgment has P(A) (calibrationProbabilityOfA). A 50/50 answer (|P(A) - 0.5| <
// 1e-5) has no verdict and leaves the accuracy, but enters the mean confidence (as 0.5), the ECE (counting as
// half right), the Brier score and the log loss. Confidence = max(P(A), 1 - P(A)); ECE over `bins`
// equal-width confidence bins [0, 1/b), ..., [(b-1)/b, 1] (weights count / n); Brier = mean (1 -
// P(better))^2; log loss = -mean ln clip(P(better), 1e-15, 1 - 1e-15). Reliability points are the non-empty
// bins.
//
// Which judgments enter, per (judge, format, condition): its original prompts (variant `original`, every run
// with P(A)) when it has any; otherwise every pairwise judgment of it (docs/bias-tests.md), so a judge
// audited without a bias design is calibrated on all its answers even when other judges of the audit have
// one. The answer column is not read: the verdict is argmax(P(A), 1 - P(A)), so a judgment whose answer is
// none but that has P(A) enters (a 50/50 answer may be recorded as none).
//
// P(A) reads the probability entries of options A and B only: A alone gives P(A); B alone gives 1 - P(B);
// both give P(A) / (P(A) + P(B)) (renormalised, so a tie option's mass is ignored). An entry outside [0, 1]
// or NaN, or a zero sum, gives no P(A) (the judgment is left out).
//
// Bins: confidence c is in bin k = the largest k in 0..b-1 with c >= k / b (k / b a double division, so a
// confidence equal to a decimal edge such as 0.6 or 1 - 0.4 is in the bin that starts there; 1.0 is in the
// last bin). Brier and log loss terms are computed as scikit-learn does: (1 - P(A))^2 when A is better and
// P(A)^2 when B is better; -ln clip(P(better)) with P(better) = P(A) or 1 - P(A).
//
// B13, per (judge, format, condition), over all judgments of the audit (every kind and variant): requests,
// total cost (USD, sum of the recorded costs; kMissing when none is recorded), cost per 1,000 requests,
// median latency (seconds, of the recorded latencies; an even count gives the mean of the two middle values,
// as numpy's median), share of requests with a verdict (answer other than none / NA; a tie is a verdict).
// Cost per 1,000 = 1000 x total / requests with a cost (the mean request cost, so requests without a cost do
// not make a judge look cheaper); it equals 1000 x total / requests when every request has one, as in seed
// 001 Table 22. K11 (metrics.md "Confidence, ... cascades" K11): a request's cost is its recorded cost_usd;
// without one, and with prices for its judge (JudgePrices) and both token counts recorded, tokens_in x input
// price + tokens_out x output price (prices per million tokens). The data records no cached-token counts, so
// no cached-token price applies. costRatio = the row's cost per 1,000 / the lowest cost per 1,000 among the
// rows (1 for the cheapest; kMissing without a cost).
//
// Speed: one pass over the judgment rows (plus a scan of the variant column for B11; B13 selects the median
// in O(n)); measured by bench_bias (tests/benchmarks). Thread-safety: pure functions of their arguments.

#include "model/audit.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace tribunal {

struct ReliabilityPoint {
    double lo = 0, hi = 0; ///< the bin
    std::uint32_t count = 0;
    double meanConfidence = kMissing, accuracy = kMissing; ///< accuracy counts a 50/50 answer as 1/2
};

struct CalibrationResult {
    StrId judge = kEmptyStr, format = kEmptyStr;
    CondId condition = 0;
    std::uint32_t n = 0;        ///< answers with P(A) on labelled items
    std::uint32_t decided = 0;  ///< of which not 50/50
    double accuracy = kMissing; ///< over decided answers
    double confidence = kMissing, ece = kMissing, brier = kMissing, logLoss = kMissing;
    std::vector<ReliabilityPoint> points;
    int bins = 10; ///< the number of equal-width confidence bins the ECE used
};

/// True when B11 reads only the original prompts of (judge, format, condition): that group has a judgment of
/// variant `original`. Otherwise every pairwise judgment of the group enters.
bool calibrationUsesOriginals(const Audit& audit, StrId judge, StrId format, CondId condition);

/// P(A) of judgment row j as B11 reads it (see above), or kMissing.
double calibrationProbabilityOfA(const Audit& audit, std::size_t j);

/// The judgment rows that enter B11 (pairwise, labelled A or B, with P(A), original when their judge, format
/// and condition have any), in row order.
std::vector<std::uint32_t> calibrationJudgments(const Audit& audit);

inline constexpr int kMaxCalibrationBins = 1000;

/// One result per (judge, format, condition) with at least one answer, in string order of judge, format
/// (then condition id). Throws std::invalid_argument("calibration bins must be between 1 and 1000, got N")
/// when bins is outside 1..kMaxCalibrationBins.
std::vector<CalibrationResult> analyseCalibration(const Audit& audit, int bins = 10);

/// K11 prices of one judge, USD per million tokens (>= 0).
struct TokenPrices {
    double inputPerMillion = 0;
    double outputPerMillion = 0;
};
/// Prices by judge name; judges not listed are costed from recorded costs only.
using JudgePrices = std::map<std::string, TokenPrices, std::less<>>;

/// K11 cost of judgment row j in USD (see above), kMissing when it has none. `prices` may be null.
double requestCostUsd(const Audit& audit, std::size_t j, const TokenPrices* prices);

struct JudgeCostResult {
    StrId judge = kEmptyStr, format = kEmptyStr;
    CondId condition = 0;
    std::uint64_t requests = 0;
    std::uint64_t costed = 0; ///< requests with a cost (recorded or priced)
    std::uint64_t priced = 0; ///< of which costed from tokens x prices (K11)
    std::uint64_t timed = 0;  ///< requests with a recorded latency
    double totalCostUsd = kMissing, costPer1000 = kMissing;
    double costRatio = kMissing; ///< K11: costPer1000 / the lowest costPer1000 of the rows
    double medianLatencyS = kMissing;
    double verdictShare = kMissing;
};

/// B13 / K11, one result per (judge, format, condition) with a judgment, in string order of judge, format
/// (then condition id). `prices` may be null (recorded costs only).
std::vector<JudgeCostResult> analyseJudgeCost(const Audit& audit, const JudgePrices* prices = nullptr);

} // namespace tribunal
