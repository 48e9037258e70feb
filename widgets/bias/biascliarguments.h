#pragma once
// The tribunal-cli options that reproduce a bias analysis's settings, for the command lines shown beside its
// numbers (Export dialog, plot registry). Any thread.

#include "analysis/biassettings.h"

#include <QStringList>

namespace tribunal {

/// The options of `tribunal-cli bias` for `settings` where they differ from BiasSettings' defaults (which are
/// the CLI's): --margin, --margins, --resamples, --permutations, --seed, --level, --fdr, --shift-threshold.
QStringList biasCliArguments(const BiasSettings& settings);
/// The options of `tribunal-cli calibration` for `settings` (B11 reads the confidence bins only): --bins.
QStringList calibrationCliArguments(const BiasSettings& settings);

} // namespace tribunal
