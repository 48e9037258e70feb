#pragma once
// Every bias-test result of an audit in one value (../shared/spec/metrics.md "Bias tests"): the design and
// B1-B10, B12 on it. The one entry point the CLI (`tribunal-cli bias`), the Bias panel and the benchmark use,
// so they show the same numbers. B11 (calibration) and B13 (cost) are per judge and format, not per test
// row: see calibration.h.
// Thread-safety: analyseBias reads the immutable audit only; the result is a plain value.
// Progress and cancel (model/progress.h): the steps are analyseBiasExcess's (B4 / B5 resampling, the long
// part: chunk = one design row); the flag is also polled between the stages (design, B7-B9 and B12 passes).

#include "analysis/biasdesign.h"
#include "analysis/biasexcess.h"
#include "analysis/biassettings.h"
#include "analysis/biasshift.h"

#include <vector>

namespace tribunal {

struct BiasAnalysis {
    BiasSettings settings;
    BiasDesign design;
    std::vector<BiasExcessResult> excess;    ///< B1-B5, B10, parallel to design.rows
    std::vector<BiasShiftResult> shift;      ///< B7, B8, parallel to design.rows
    std::vector<ConfidenceFlips> confidence; ///< B9
    std::vector<FlipAgreement> agreement;    ///< B12
    /// B6 at settings.countMargins.
    std::vector<BiasedJudgeCount> counts;
};

/// threads = 0: std::thread::hardware_concurrency() (B4/B5 resampling only). Throws analyseBiasExcess's
/// settings errors, and Cancelled when progress is cancelled.
BiasAnalysis analyseBias(const Audit& audit, const BiasSettings& settings, unsigned threads = 0,
                         const Progress& progress = {});

} // namespace tribunal
