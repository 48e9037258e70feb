#include "analysis/biasanalysis.h"

namespace tribunal {

BiasAnalysis analyseBias(const Audit& audit, const BiasSettings& settings, unsigned threads,
                         const Progress& progress)
{
    BiasAnalysis a;
    a.settings = settings;
    progress.throwIfCancelled();
    a.design = collectBiasDesign(audit);
    a.excess = analyseBiasExcess(a.design, settings, threads, progress);
    progress.throwIfCancelled(); // each stage below is one pass over the design's judgments
    a.shift = analyseBiasShift(audit, a.design, settings);
    progress.throwIfCancelled();
    a.confidence = flipsByConfidence(audit, a.design);
    a.agreement = flipAgreement(audit, a.design);
    a.counts = countBiasedJudges(a.design, a.excess, settings.countMargins);
    return a;
}

} // namespace tribunal
