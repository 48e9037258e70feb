#include "model/coreerror.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <type_traits>

namespace tribunal {

namespace {

constexpr std::size_t kErrorCodeCount = static_cast<std::size_t>(ErrorCode::FlatTableUnknownColumn) + 1;

constexpr std::array<ErrorCode, kErrorCodeCount> makeAllCodes()
{
    std::array<ErrorCode, kErrorCodeCount> codes{};
    for (std::size_t i = 0; i < kErrorCodeCount; ++i)
        codes[i] = static_cast<ErrorCode>(i);
    return codes;
}

constexpr std::array<ErrorCode, kErrorCodeCount> kAllCodes = makeAllCodes();

// Thrown exceptions are copied: a copy must not throw (the arguments are shared).
static_assert(std::is_nothrow_copy_constructible_v<CoreError>);
static_assert(std::is_nothrow_copy_constructible_v<CoreRangeError>);

} // namespace

std::span<const ErrorCode> allErrorCodes()
{
    return kAllCodes;
}

// No default: -Wswitch (an error) names a code without an id or text.
std::string_view errorCodeId(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BiasResamplesBelowOne:
        return "b4.resamples_below_one";
    case ErrorCode::BiasPermutationsBelowOne:
        return "b5.permutations_below_one";
    case ErrorCode::BiasLevelOutOfRange:
        return "b4.level_out_of_range";
    case ErrorCode::BiasFdrLevelOutOfRange:
        return "b5.fdr_level_out_of_range";
    case ErrorCode::CalibrationBinsOutOfRange:
        return "b11.bins_out_of_range";
    case ErrorCode::SpearmanLengthMismatch:
        return "b12.spearman_length_mismatch";
    case ErrorCode::CascadeNoFallback:
        return "k7.no_fallback";
    case ErrorCode::CascadeFirstIsFallback:
        return "k7.first_is_fallback";
    case ErrorCode::CrossFitScoreSizeMismatch:
        return "k9.score_size_mismatch";
    case ErrorCode::CrossFitRightSizeMismatch:
        return "k9.right_size_mismatch";
    case ErrorCode::CrossFitCostSizeMismatch:
        return "k9.cost_size_mismatch";
    case ErrorCode::CrossFitGridNotAscending:
        return "k9.grid_not_ascending";
    case ErrorCode::CrossFitHalvingsBelowOne:
        return "k9.halvings_below_one";
    case ErrorCode::CrossFitNoFallback:
        return "k9.no_fallback";
    case ErrorCode::PairedResamplesBelowOne:
        return "r7.resamples_below_one";
    case ErrorCode::PairedMarginNegative:
        return "r7.margin_negative";
    case ErrorCode::PairedCorrectnessOutOfRange:
        return "r7.correctness_out_of_range";
    case ErrorCode::DispersionDuplicateCell:
        return "t8.duplicate_cell";
    case ErrorCode::SweepUnknownColumn:
        return "t9.unknown_column";
    case ErrorCode::AnovaUnknownFactor:
        return "t10.unknown_factor";
    case ErrorCode::AnovaRepeatedFactor:
        return "t10.repeated_factor";
    case ErrorCode::AnovaNoResponse:
        return "t10.no_response";
    case ErrorCode::GroupingRepeatedColumn:
        return "grouping.repeated_column";
    case ErrorCode::GroupingUnknownColumn:
        return "grouping.unknown_column";
    case ErrorCode::TrustTableNoCells:
        return "trust_table.no_cells";
    case ErrorCode::TrustTableDuplicateCell:
        return "trust_table.duplicate_cell";
    case ErrorCode::DispersionTableNoTables:
        return "dispersion_table.no_tables";
    case ErrorCode::TrustGapTableNoCells:
        return "trust_gap_table.no_cells";
    case ErrorCode::TrustGapTableSizeMismatch:
        return "trust_gap_table.size_mismatch";
    case ErrorCode::TrustGapNoPairwiseCells:
        return "trust_gap_table.no_pairwise_cells";
    case ErrorCode::BiasExcessTableNoRows:
        return "bias_excess_table.no_rows";
    case ErrorCode::BiasCountTableNoRows:
        return "bias_count_table.no_rows";
    case ErrorCode::CalibrationTableNoResults:
        return "calibration_table.no_results";
    case ErrorCode::RubricAccuracyTableNoRows:
        return "rubric_accuracy_table.no_rows";
    case ErrorCode::PairedComparisonTableEmpty:
        return "paired_comparison_table.no_comparison";
    case ErrorCode::CascadeTableNoPanel:
        return "cascade_table.no_panel";
    case ErrorCode::ConfidentErrorTableNoPanel:
        return "confident_error_table.no_panel";
    case ErrorCode::JuryTableNoPanel:
        return "jury_table.no_panel";
    case ErrorCode::FlatTableRowSize:
        return "flat_table.row_size";
    case ErrorCode::FlatTableUnknownColumn:
        return "flat_table.unknown_column";
    }
    return {};
}

std::string_view errorCodeText(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BiasResamplesBelowOne:
        return "bias settings: resamples must be at least 1";
    case ErrorCode::BiasPermutationsBelowOne:
        return "bias settings: permutations must be at least 1";
    case ErrorCode::BiasLevelOutOfRange:
        return "bias settings: level must lie between 0 and 1";
    case ErrorCode::BiasFdrLevelOutOfRange:
        return "bias settings: FDR level must lie between 0 and 1";
    case ErrorCode::CalibrationBinsOutOfRange:
        return "calibration bins must be between 1 and %1, got %2";
    case ErrorCode::SpearmanLengthMismatch:
        return "spearmanCorrelation: x has %1 values, y has %2";
    case ErrorCode::CascadeNoFallback:
        return "K7: at least one fallback needed";
    case ErrorCode::CascadeFirstIsFallback:
        return "K7: the first judge cannot be its own fallback";
    case ErrorCode::CrossFitScoreSizeMismatch:
        return "K9: score has %1 values, expected %2";
    case ErrorCode::CrossFitRightSizeMismatch:
        return "K9: %1 right has %2 values, expected %3";
    case ErrorCode::CrossFitCostSizeMismatch:
        return "K9: %1 cost has %2 values, expected %3";
    case ErrorCode::CrossFitGridNotAscending:
        return "K9: the grid must be ascending";
    case ErrorCode::CrossFitHalvingsBelowOne:
        return "K9: halvings must be >= 1";
    case ErrorCode::CrossFitNoFallback:
        return "K9: at least one fallback needed";
    case ErrorCode::PairedResamplesBelowOne:
        return "R7: resamples must be >= 1";
    case ErrorCode::PairedMarginNegative:
        return "R7: margin must be >= 0";
    case ErrorCode::PairedCorrectnessOutOfRange:
        return "R7: correctness of pair %1 must lie in [0, 1]";
    case ErrorCode::DispersionDuplicateCell:
        return "duplicate cell: judge \"%1\", format \"%2\", dataset \"%3\"";
    case ErrorCode::SweepUnknownColumn:
        return "unknown column '%1'";
    case ErrorCode::AnovaUnknownFactor:
        return "unknown factor \"%1\"";
    case ErrorCode::AnovaRepeatedFactor:
        return "factor \"%1\" given twice";
    case ErrorCode::AnovaNoResponse:
        return "no cell has a value of the response";
    case ErrorCode::GroupingRepeatedColumn:
        return "grouping column '%1' given twice";
    case ErrorCode::GroupingUnknownColumn:
        return "unknown grouping column '%1'";
    case ErrorCode::TrustTableNoCells:
        return "trust table: no cells";
    case ErrorCode::TrustTableDuplicateCell:
        return "trust table: duplicate cell %1 / %2 / %3";
    case ErrorCode::DispersionTableNoTables:
        return "dispersion table: no tables";
    case ErrorCode::TrustGapTableNoCells:
        return "trust gap table: no cells";
    case ErrorCode::TrustGapTableSizeMismatch:
        return "trust gap table: %1 intervals for %2 cells";
    case ErrorCode::TrustGapNoPairwiseCells:
        return "no pairwise cells";
    case ErrorCode::BiasExcessTableNoRows:
        return "bias excess table: the audit has no bias-test rows";
    case ErrorCode::BiasCountTableNoRows:
        return "bias count table: the audit has no bias-test rows";
    case ErrorCode::CalibrationTableNoResults:
        return "calibration table: no judge returned probabilities";
    case ErrorCode::RubricAccuracyTableNoRows:
        return "rubric accuracy table: the audit has no rubric judge rows";
    case ErrorCode::PairedComparisonTableEmpty:
        return "paired comparison table: no comparison";
    case ErrorCode::CascadeTableNoPanel:
        return "cascade table: no panel";
    case ErrorCode::ConfidentErrorTableNoPanel:
        return "confident-error table: no panel";
    case ErrorCode::JuryTableNoPanel:
        return "jury table: no panel";
    case ErrorCode::FlatTableRowSize:
        return "flat table row has %1 cells for %2 columns";
    case ErrorCode::FlatTableUnknownColumn:
        return "flat table has no column %1";
    }
    return {};
}

std::size_t errorCodeArgCount(ErrorCode code)
{
    const std::string_view text = errorCodeText(code);
    std::size_t count = 0;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] == '%' && text[i + 1] >= '1' && text[i + 1] <= '9')
            count = std::max(count, static_cast<std::size_t>(text[i + 1] - '0'));
    }
    return count;
}

std::string formatCoreError(ErrorCode code, const std::vector<std::string>& args)
{
    const std::string_view text = errorCodeText(code);
    std::string out;
    out.reserve(text.size() + 16 * args.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 1 < text.size() && text[i + 1] >= '1' && text[i + 1] <= '9') {
            const auto n = static_cast<std::size_t>(text[i + 1] - '1');
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

CoreError::CoreError(ErrorCode code, std::vector<std::string> args)
    : std::invalid_argument(formatCoreError(code, args)), CoreErrorInfo(code, std::move(args))
{
    assert(this->args().size() == errorCodeArgCount(code));
}

CoreRangeError::CoreRangeError(ErrorCode code, std::vector<std::string> args)
    : std::out_of_range(formatCoreError(code, args)), CoreErrorInfo(code, std::move(args))
{
    assert(this->args().size() == errorCodeArgCount(code));
}

const CoreErrorInfo* coreErrorInfo(const std::exception& e)
{
    return dynamic_cast<const CoreErrorInfo*>(&e);
}

} // namespace tribunal
