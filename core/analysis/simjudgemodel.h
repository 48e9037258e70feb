#pragma once
// The simulated pairwise judge: one generative model shared by `tribunal-judge-sim` (which answers requests
// with it), the precision planner (which simulates designs with it) and tests that check the trust analysis
// recovers what the model was configured with (metrics.md T2-T4).
//
// Per pair and judge the settled verdict is the label with probability `accuracy` (a), else the other
// candidate; an unlabelled pair settles on A or B with probability 1/2 each. Per pair, judge and order the
// presentation instead names the first-shown slot with probability `positionBias` (b). Per run the answer is
// the presentation's verdict with probability `consistency` (k), else the other candidate. This is the model
// of auditsimulator.h with k = 1 - e/2. No ties, no failures: those belong to the transport, not the judge.
//
// Pure functions of their arguments; thread-safe.

#include "model/types.h"

#include <optional>
#include <string>

namespace tribunal {

struct SimJudgeBehaviour {
    double accuracy = 0.8;     ///< a in [0, 1]
    double positionBias = 0.1; ///< b in [0, 1]
    double consistency = 0.95; ///< k in [0.5, 1]
};

/// Expected per-pair trust rates of a judge with this behaviour when every labelled pair is shown in both
/// orders, `runs` times each, and every call is answered: C (T2, "pair" form), phi (T3) and A (T4), as exact
/// expectations (enumeration, no sampling).
struct SimTrustRates {
    double consistency = 0.0; ///< C
    double flipRate = 0.0;    ///< phi
    double accuracy = 0.0;    ///< A
};
SimTrustRates expectedTrustRates(const SimJudgeBehaviour& behaviour, int runs);

/// The behaviour whose expected rates for `runs` runs are `target` (the inverse of expectedTrustRates).
/// With runs = 1, C is not identifiable and k = 1 is used (target.consistency is ignored). Returns nullopt
/// with *error set ("C must be in [2^(1-R)^2, 1] for R runs", "phi ... is not reachable ...", ...) when a
/// rate is out of what the model can produce.
std::optional<SimJudgeBehaviour> behaviourForRates(const SimTrustRates& target, int runs, std::string* error);

/// One answer drawn from the model, in canonical identities (answer::kA or kB). `label` is kA, kB or kNone
/// (unlabelled); `order` is AB or BA. The three uniforms in [0, 1) decide, in turn, the settled verdict (draw
/// it once per pair and judge), the position effect (once per pair, judge and order) and the run (once per
/// call), so callers choose which draws repeat.
Answer simJudgeAnswer(const SimJudgeBehaviour& behaviour, Answer label, Order order, double uSettled,
                      double uPosition, double uRun);

} // namespace tribunal
