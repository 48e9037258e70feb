#pragma once
// LaTeX tables of cascades, confident errors and juries (../shared/spec/metrics.md K3-K10), booktabs +
// siunitx fragments like report/rubriclatex.h; wrap with latexStandaloneDocument (report/latex.h). Every
// user string goes through latexEscape; captions state the settings that produced the numbers. Judges are
// named as in report/cascadetables.h (judgeLabel). Byte-stable for equal inputs (golden files). Pure
// functions; thread-safe.
// - cascadeSummaryLatex: one row per (panel, kind) of cascadeSummaryTable: pairs, the first judge and its
//   accuracy, the best single judge and its accuracy, the best cascade (fallback, oracle tau, accuracy,
//   deferred share, cost in USD), the K9 cross-fitted mean gain in points with its share of halvings with a
//   gain, and the K9 cost share of the matching cascade against the best LLM judge. Accuracies and shares
//   in percent; "--" where undefined.
// - confidentErrorLatex: one row per K3 error (panel, criterion, unit, label, answer, K1 confidence, P(MET)
//   on binary pairs, the other judges that repeat it "of" those eligible), then per (panel, kind) one line
//   with the K4 repeats and expected repeats of the sample and of every error of the first judge.
// - juryLatex: two rows per (panel, kind) of juryTable (lower and upper median): jurors, pairs, even
//   splits, accuracy, the best single judge with its accuracy, the R7 difference in points with its 95%
//   unit-bootstrap interval (bold when separated, a dagger on parity), the Holm-adjusted p-value, and K5
//   (share of pairs all jurors got wrong, oracle accuracy).

#include "report/cascadetables.h"

#include <string>
#include <vector>

namespace tribunal {

struct CascadeLatexOptions {
    std::string title; ///< optional first caption sentence (plain text, escaped)
    std::string label; ///< \label (sanitised); empty: tab:cascade-summary / tab:confident-errors / tab:jury
    int decimals = 1;  ///< digits after the point of percentages and points
};

/// Throws std::invalid_argument "cascade table: no panel" when no panel has a replay.
std::string cascadeSummaryLatex(const Audit& audit, const std::vector<CascadePanel>& panels,
                                const CascadeSettings& settings, const CascadeLatexOptions& options = {});

/// Throws std::invalid_argument "confident-error table: no panel" when no panel has a kind.
std::string confidentErrorLatex(const Audit& audit, const std::vector<ConfidentErrorPanel>& panels,
                                const CascadeLatexOptions& options = {});

/// Throws std::invalid_argument "jury table: no panel" when no panel has a kind.
std::string juryLatex(const Audit& audit, const std::vector<JuryPanel>& panels, const PairedSettings& paired,
                      const CascadeLatexOptions& options = {});

} // namespace tribunal
