#include "analysis/biasanalysis.h"

namespace tribunal {

BiasAnalysis analyseBias(const Audit& audit, const BiasSettings& settings, unsigned threads)
{
    BiasAnalysis a;
    a.settings = settings;
    a.design = collectBiasDesign(audit);
    a.excess = analyseBiasExcess(a.design, settings, threads);
    a.shift = analyseBiasShift(audit, a.design, settings);
    a.confidence = flipsByConfidence(audit, a.design);
    a.agreement = flipAgreement(audit, a.design);
    a.counts = countBiasedJudges(a.design, a.excess, settings.countMargins);
    return a;
}

} // namespace tribunal
