#include "analysis/mitigationadvice.h"

namespace tribunal {

double decisiveAccuracyHalf(double accuracy, double flipRate)
{
    // T5 identity with q = 1/2: A = (1 - phi) A_dec + phi / 2.
    if (isMissing(accuracy) || isMissing(flipRate) || flipRate >= 1.0)
        return kMissing;
    return (accuracy - flipRate / 2.0) / (1.0 - flipRate);
}

MitigationAdvice mitigationAdvice(double consistency, double flipRate, double accuracy,
                                  const TrustSettings& settings)
{
    MitigationAdvice advice;
    advice.quadrant = placeQuadrant(consistency, flipRate, settings); // T11
    advice.quadrantLabel = quadrantName(advice.quadrant);
    advice.mitigation = mitigationKey(advice.quadrant);
    advice.decisiveAccuracyHalf = decisiveAccuracyHalf(accuracy, flipRate);
    return advice;
}

} // namespace tribunal
