#pragma once
// What a cell's C, phi and A say about mitigation (../shared/spec/metrics.md "Pairwise trust", T5, T11,
// T12). It needs only the cell-level metrics, so a computed audit and a published cell table get the same
// advice; the replays themselves (T12 a, b, c) need the verdicts and live in trustanalysis /
// probabilityaveraging.
// Thread-safety: pure functions of their arguments.

#include "analysis/trustanalysis.h"
#include "analysis/trustsettings.h"

#include <string_view>

namespace tribunal {

/// A_dec under the forced-binary assumption q = 1/2: the identity A = (1 - phi) A_dec + phi q (T5) solved
/// for A_dec, i.e. (A - phi/2) / (1 - phi): the accuracy of the order-invariant pairs implied by A and phi.
/// kMissing when A or phi is missing or phi >= 1 (no order-invariant pair). Not clamped: a value outside
/// [0, 1] says the observed q is far from 1/2 (or the printed values are inconsistent).
double decisiveAccuracyHalf(double accuracy, double flipRate);

/// The mitigation columns of one cell.
struct MitigationAdvice {
    TrustQuadrant quadrant = TrustQuadrant::Undefined; ///< T11 placement by (C, phi)
    std::string_view quadrantLabel;                    ///< quadrantName(quadrant); "" when undefined
    std::string_view mitigation;                       ///< mitigationKey(quadrant); "" when undefined
    double decisiveAccuracyHalf = kMissing;            ///< see decisiveAccuracyHalf()
};

/// T11 quadrant and mitigation key of (C, phi) against the settings' thresholds, and A_dec at q = 1/2.
MitigationAdvice mitigationAdvice(double consistency, double flipRate, double accuracy,
                                  const TrustSettings& settings);

} // namespace tribunal
