#pragma once
// Writers of the pairwise trust result tables (../shared/spec/metrics.md "Pairwise trust": the cell table
// T1-T7/T11/T13, the T8 format dispersion and the T10 ANOVA) as CSV, Markdown and JSON. Qt-free.
//
// Numbers are proportions (never percent) in shortest round-trip form (JsonWriter::appendNumber), so a value
// reads back bit-identical. A missing value (kMissing) is an empty CSV cell, an empty Markdown cell and JSON
// null. Markdown, written for reading, rounds to 4 significant digits. CSV follows RFC 4180 (fields with ',',
// '"' or line breaks are quoted), LF line ends. Thread-safety: pure functions of their arguments.

#include "analysis/dispersion.h"
#include "stats/anova.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tribunal {

enum class TableFormat { Csv, Markdown, Json };

/// One row of the cell table: the cell's labels and its metrics (proportions; kMissing where undefined or,
/// for the interval ends, not computed).
struct TrustTableRow {
    std::string judge;
    std::string format;
    std::string dataset;
    std::vector<std::string> conditions; ///< one value per TrustTable::conditionNames
    std::optional<std::uint64_t> pairs;  ///< n_pairs (retained pairs); empty for a cell-level table input
    /// T0 counts behind n_pairs (JSON only: the CSV columns are fixed): pairs dropped because an order was
    /// never shown / had no answered run, and retained pairs without a label (they leave the A-family only).
    struct PairCounts {
        std::uint64_t droppedMissingOrder = 0;
        std::uint64_t droppedMissingVerdicts = 0;
        std::uint64_t unlabelled = 0;
        std::uint64_t orderNotRecorded = 0; ///< judgments without an order (ignored by T0)
    };
    std::optional<PairCounts> pairCounts; ///< empty for a cell-level table input
    double C = kMissing, C_lo = kMissing, C_hi = kMissing;
    double phi = kMissing, phi_lo = kMissing, phi_hi = kMissing;
    double A = kMissing, A_lo = kMissing, A_hi = kMissing;
    double A_dec = kMissing;
    double q = kMissing; ///< q used in A_max and T
    double A_max = kMissing;
    double T = kMissing, T_lo = kMissing, T_hi = kMissing;
    double T_joint = kMissing;
    std::string quadrant; ///< quadrantName(); "" when undefined
};

struct TrustTable {
    std::vector<std::string> conditionNames;
    std::vector<TrustTableRow> rows;
    // Settings stated in the Markdown footnote and the JSON header (every trust table must say them).
    std::string consistencyUnit = "pair"; ///< "pair" | "presentation"
    std::string qMode = "half";           ///< "half" | "observed"
    bool consistencyAssumed = false;      ///< C = 1 was assumed for single-run cells
    int resamples = 0;                    ///< bootstrap resamples behind the intervals (0 = none)
    std::uint64_t seed = 0;
    double level = 0.95;
};

/// The fixed CSV header of the cell table: judge,format,dataset,<condition
/// names>,n_pairs,C,C_lo,...,quadrant.
std::vector<std::string> trustTableColumns(const std::vector<std::string>& conditionNames);

std::string writeTrustTable(const TrustTable& table, TableFormat format);

/// T8. CSV: judge,dataset,<condition names>,dT_fmt,T_min,T_max (one row per group). Markdown adds the row
/// (judge) and column (dataset) means of dT_fmt; JSON has groups, judge_means, dataset_means and grand_mean
/// per condition combination, plus undefined_cells.
std::string writeDispersionTable(const FormatDispersion& dispersion, TableFormat format);

/// T10. CSV: source,df,ss,eta2. Markdown and JSON also state the SS type (sequential or Type II), balance and
/// the observation counts.
std::string writeAnovaTable(const AnovaResult& result, TableFormat format);

/// "sequential" or "type II".
std::string sumOfSquaresName(SumOfSquaresType type);

} // namespace tribunal
