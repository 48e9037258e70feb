#pragma once
// What the rubric docks and the rubric commands of tribunal-cli decide the same way before any analysis runs
// (docs/cascades.md "Panels and default judges"): which datasets are rubric panels, in which order, and which
// judge a dock starts with as the first judge (K1 confidence, K11 cost).
//
// - Rubric panels: every dataset with at least one binary or ordinal item, in order of its first such item
//   (`tribunal-cli cascade`, `confident-errors`, `jury` without --panel; the Cascades and Confident errors
//   docks' panel lists, whose default is the first).
// - The Cascades dock's first judge D (defaultCascadeFirst): among the table's judges whose scored verdicts
//   carry a K1 confidence or a P(MET) on some pair, the cheapest by K11 cost per 1,000 requests
//   (analyseJudgeCost of the whole audit without prices: all of the judge cell's requests; a judge without a
//   cost ranks last); ties to the lower table index. Without such a judge, index 0 (`confident` false).
// - The Confident errors dock's first judge (defaultConfidentErrorFirst): the first judge of the table with
//   a K1 confidence on some pair (any status), else index 0.
// The docks pass tables whose judges are the panel's in name order (panelJudges), so "lower index" is "first
// in name order". Thread-safety: pure functions of their arguments.

#include "analysis/rubricverdicts.h"
#include "model/audit.h"

#include <cstddef>
#include <vector>

namespace tribunal {

/// The rubric panels of `audit` (see above); empty without a binary or ordinal item.
std::vector<StrId> rubricPanels(const Audit& audit);

/// Whether judge index `judge` of `table` has a verdict with a K1 confidence on some pair (any status).
bool hasConfidence(const RubricVerdictTable& table, std::size_t judge);

/// The Confident errors dock's default first judge (see above): an index into table.judges (0 when empty).
std::size_t defaultConfidentErrorFirst(const RubricVerdictTable& table);

struct DefaultCascadeFirst {
    std::size_t judge = 0;  ///< index into table.judges
    bool confident = false; ///< chosen by cost among judges with a confidence (else the first by default)
};

/// The Cascades dock's default first judge (see above); `table` is built from `audit`.
DefaultCascadeFirst defaultCascadeFirst(const Audit& audit, const RubricVerdictTable& table);

} // namespace tribunal
