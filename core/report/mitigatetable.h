#pragma once
// Writer of the mitigation table (../shared/spec/metrics.md "Pairwise trust": T12 replays per cell, with the
// T11 quadrant, its mitigation and A_dec at q = 1/2 from the cell's C, phi and A) as CSV, Markdown and JSON.
// Qt-free; thread-safety: pure functions of their arguments.
//
// One row per cell. Columns: judge, format, dataset, the condition columns, n_pairs, the T12 replay columns
// (mitigateReplayColumns), then C, phi, A, quadrant, mitigation, A_dec_half. Written by the flat-table
// writers (report/flattable.h): proportions in shortest round-trip form in CSV and JSON (CSV values read back
// bit-identical), 4 significant digits in Markdown; a missing value is an empty CSV / Markdown cell and JSON
// null. JSON is an array of flat objects keyed by the column names.

#include "report/trusttable.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tribunal {

struct MitigateRow {
    std::string judge;
    std::string format;
    std::string dataset;
    std::vector<std::string> conditions; ///< one value per MitigateTable::conditionNames
    std::optional<std::uint64_t> pairs;  ///< n_pairs; empty for a cell-level table input

    // T12 replays on the recorded verdicts; kMissing when not computed (cell-level input, no probabilities).
    double majorityAccuracy = kMissing;  ///< (a)
    double majorityCoverage = kMissing;  ///< (a)
    double bothOrderAccuracy = kMissing; ///< (b)
    double bothOrderCoverage = kMissing; ///< (b)
    double probMatchedRuns = kMissing;   ///< (c) matched runs with P(A) in both orders (a count)
    double probOneAccuracy = kMissing;   ///< (c) "One"
    double probOneCoverage = kMissing;
    double probBothAccuracy = kMissing; ///< (c) "Both"
    double probBothCoverage = kMissing;
    double probAgreement = kMissing;
    double probChange = kMissing; ///< Both - One

    // From the cell's metrics (analysis/mitigationadvice.h).
    double C = kMissing;
    double phi = kMissing;
    double A = kMissing;
    std::string quadrant;       ///< T11 quadrantName; "" when undefined
    std::string mitigation;     ///< T11 mitigationKey; "" when undefined
    double aDecHalf = kMissing; ///< (A - phi/2) / (1 - phi)
};

struct MitigateTable {
    std::vector<std::string> conditionNames;
    std::vector<MitigateRow> rows;
};

/// The T12 replay column names, in table order (majority_accuracy ... prob_change).
std::vector<std::string> mitigateReplayColumns();
/// The full header: judge,format,dataset,<conditions>,n_pairs,<replay columns>,C,phi,A,quadrant,mitigation,
/// A_dec_half.
std::vector<std::string> mitigateTableColumns(const std::vector<std::string>& conditionNames);

std::string writeMitigateTable(const MitigateTable& table, TableFormat format);

} // namespace tribunal
