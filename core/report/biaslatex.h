#pragma once
// LaTeX tables of the bias tests (no Qt), laid out as seed 001's tables:
// - biasExcessLatex: Tables 10/11, one table per (format, condition): rows (test, version), columns judges,
// each
//   cell E per 100 with its bootstrap interval "12 [8, 17]"; bold when the verdict is "bias" at the margin;
//   a raised circle when the permutation test is not significant after Benjamini-Hochberg; fallacy oversight
//   (E_fo = RR + CR - 1) marked with an asterisk; "n/a" where CR is unavailable, "--" where there is no row.
// - biasCountLatex: Table 12, per (format, condition) the number of judges with a bias per (test, version)
//   at each margin of BiasSettings::countMargins, with the number of judges tested.
// - calibrationLatex: Table 21, per judge x format (x condition): n, accuracy, confidence and ECE in percent,
//   Brier score and log loss.
// Fragments are `table` environments (booktabs, siunitx); wrap with latexStandaloneDocument (report/latex.h).
// Every user string (judge, format, test, version, condition) goes through latexEscape. Captions state the
// settings that produced the numbers (margin, level, resamples, permutations, FDR level, seed). Byte-stable
// for equal inputs (golden files). Pure functions; thread-safe.

#include "analysis/biasanalysis.h"
#include "analysis/calibration.h"

#include <string>
#include <vector>

namespace tribunal {

struct BiasLatexOptions {
    std::string title; ///< optional first caption sentence (plain text, escaped)
    std::string label; ///< \label base (sanitised); empty: tab:bias-excess / tab:bias-count / tab:calibration
    int decimals = 0;  ///< digits after the point of E per 100 (the paper prints whole numbers)
};

/// Throws std::invalid_argument when the analysis has no rows.
std::string biasExcessLatex(const Audit& audit, const BiasAnalysis& analysis,
                            const BiasLatexOptions& options = {});
/// Throws std::invalid_argument when the analysis has no rows.
std::string biasCountLatex(const Audit& audit, const BiasAnalysis& analysis,
                           const BiasLatexOptions& options = {});
/// Throws std::invalid_argument when `results` is empty.
std::string calibrationLatex(const Audit& audit, const std::vector<CalibrationResult>& results,
                             const BiasLatexOptions& options = {});

} // namespace tribunal
