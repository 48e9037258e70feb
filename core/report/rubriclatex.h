#pragma once
// LaTeX tables of the rubric judges (no Qt), booktabs + siunitx fragments like report/biaslatex.h; wrap with
// latexStandaloneDocument (report/latex.h). Every user string goes through latexEscape; captions state the
// settings that produced the numbers. Byte-stable for equal inputs (golden files). Pure functions;
// thread-safe.
// - rubricAccuracyLatex: judges x panels. One row per (judge, format, condition) - labelled "judge" when the
//   report has one format and one condition, else "judge (format; key = value)" - and one column per panel;
//   a cell is the R2 / R3 exact accuracy in percent pooled over the panel's binary and ordinal predictions
//   (the kinds' pooled rows weighted by n), with the pooled QWK after it when RubricLatexOptions::qwk is set
//   and the cell has ordinal predictions ("--" where the judge has no prediction on the panel or QWK is
//   undefined). Below a rule: the R6
//   constant baseline and the R4 rater reference (leave-one-out exact accuracy over all the panel's ratings).
// - pairedComparisonLatex: one row per comparison (panel, judges, format): pairs, difference in points with
//   its 95% unit-bootstrap interval, Holm-adjusted bootstrap and McNemar p-values, outcome. Bold difference:
//   separated (95% interval excludes 0); a dagger: parity within the margin; nothing: inconclusive; "--":
//   no common pair.

#include "analysis/judgecomparison.h"
#include "report/rubrictables.h"

#include <string>
#include <vector>

namespace tribunal {

struct RubricLatexOptions {
    std::string title; ///< optional first caption sentence (plain text, escaped)
    std::string label; ///< \label (sanitised); empty: tab:rubric-accuracy / tab:paired-comparison
    bool qwk = false;  ///< accuracy table: also print the pooled QWK of ordinal predictions
    int decimals = 1;  ///< digits after the point of percentages
};

/// Throws std::invalid_argument when the report has no judge row.
std::string rubricAccuracyLatex(const Audit& audit, const RubricReport& report,
                                const RubricLatexOptions& options = {});

/// Throws std::invalid_argument when `comparisons` is empty.
std::string pairedComparisonLatex(const Audit& audit, const std::vector<JudgeComparison>& comparisons,
                                  const PairedSettings& paired, const JudgeComparisonSettings& settings,
                                  const RubricLatexOptions& options = {});

} // namespace tribunal
