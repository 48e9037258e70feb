#pragma once
// The errors tribunal_core (model, stats, analysis, report) throws for bad input: each carries a code and the
// arguments of its message, so the workbench can show it in the user's language (widgets/framework/
// coreerrortext.h) while tribunal-cli prints what(), the English text.
//
// Contract:
// - Every error of bad input thrown by core/{model,stats,analysis,report} is a CoreError (a
//   std::invalid_argument), except FlatTableUnknownColumn, a CoreRangeError (a std::out_of_range, as
//   FlatTable::set has always thrown: callers catch it as such). Cancelled (model/progress.h) is no error
//   of input and stays as it is. `ctest -R arch` fails when those folders throw a plain
//   std::invalid_argument, std::out_of_range or std::runtime_error again.
// - what() is errorCodeText(code) with %1, %2, ... replaced by args()[0], args()[1], ... in one pass (an
//   argument containing "%2" stays as it is): the English message byte for byte, as tribunal-cli prints it
//   and its tests pin.
// - args() are the message's variable parts in the order of their placeholders, numbers in decimal
//   (std::to_string). errorCodeArgCount(code) says how many a code carries; the list below names them.
// - errorCodeId(code) is a stable text id ("k9.grid_not_ascending"): metric ID (or area) and what went
//   wrong. Ids never change meaning; a removed code's id is not reused.
// Adding a code: docs/developing.md, section "Errors".
// Thread-safety: all functions are pure; a CoreError is immutable.

#include <cstddef>
#include <exception>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tribunal {

/// One value per distinct error; the comment after each names its arguments (none when it has none).
enum class ErrorCode {
    // B4 / B5 bias settings (analyseBiasExcess, analyseBias)
    BiasResamplesBelowOne,    ///< "bias settings: resamples must be at least 1"
    BiasPermutationsBelowOne, ///< "bias settings: permutations must be at least 1"
    BiasLevelOutOfRange,      ///< "bias settings: level must lie between 0 and 1"
    BiasFdrLevelOutOfRange,   ///< "bias settings: FDR level must lie between 0 and 1"
    // B11 calibration (analyseCalibration)
    CalibrationBinsOutOfRange, ///< args: the largest bin count (1000), the bins given
    // B12 (spearmanCorrelation)
    SpearmanLengthMismatch, ///< args: size of x, size of y
    // K7 cascade replay (replayCascade, cascadeInput)
    CascadeNoFallback,      ///< "K7: at least one fallback needed"
    CascadeFirstIsFallback, ///< "K7: the first judge cannot be its own fallback"
    // K9 cross-fitting (crossFitCascade)
    CrossFitScoreSizeMismatch, ///< args: score values, pairs (unit values)
    CrossFitRightSizeMismatch, ///< args: judge name, its correctness values, pairs
    CrossFitCostSizeMismatch,  ///< args: judge name, its cost values, pairs
    CrossFitGridNotAscending,  ///< "K9: the grid must be ascending"
    CrossFitHalvingsBelowOne,  ///< "K9: halvings must be >= 1"
    CrossFitNoFallback,        ///< "K9: at least one fallback needed"
    // R7 paired comparison (comparePaired, comparePairedFamily, compareJudges)
    PairedResamplesBelowOne,     ///< "R7: resamples must be >= 1"
    PairedMarginNegative,        ///< "R7: margin must be >= 0"
    PairedCorrectnessOutOfRange, ///< args: pair index (from 0)
    // T8 format dispersion (formatDispersion)
    DispersionDuplicateCell, ///< args: judge, format, dataset
    // T9 condition sweep (conditionSweep, poolCells)
    SweepUnknownColumn, ///< args: column
    // T10 ANOVA (anova)
    AnovaUnknownFactor,  ///< args: factor
    AnovaRepeatedFactor, ///< args: factor
    AnovaNoResponse,     ///< "no cell has a value of the response"
    // Trust grouping, T0-T12 per group (groupTrust; tribunal-cli trust --by)
    GroupingRepeatedColumn, ///< args: column
    GroupingUnknownColumn,  ///< args: column
    // Trust tables (report/trustlatex.h, report/trustexport.h)
    TrustTableNoCells,         ///< "trust table: no cells"
    TrustTableDuplicateCell,   ///< args: judge, format, dataset
    DispersionTableNoTables,   ///< "dispersion table: no tables"
    TrustGapTableNoCells,      ///< "trust gap table: no cells"
    TrustGapTableSizeMismatch, ///< args: intervals, cells
    TrustGapNoPairwiseCells,   ///< "no pairwise cells"
    // Bias tables (report/biaslatex.h)
    BiasExcessTableNoRows,     ///< "bias excess table: the audit has no bias-test rows"
    BiasCountTableNoRows,      ///< "bias count table: the audit has no bias-test rows"
    CalibrationTableNoResults, ///< "calibration table: no judge returned probabilities"
    // Rubric tables (report/rubriclatex.h)
    RubricAccuracyTableNoRows,  ///< "rubric accuracy table: the audit has no rubric judge rows"
    PairedComparisonTableEmpty, ///< "paired comparison table: no comparison"
    // Cascade, confident-error and jury tables (report/cascadelatex.h)
    CascadeTableNoPanel,        ///< "cascade table: no panel"
    ConfidentErrorTableNoPanel, ///< "confident-error table: no panel"
    JuryTableNoPanel,           ///< "jury table: no panel"
    // Flat tables (report/flattable.h)
    FlatTableRowSize,       ///< args: cells of the row, columns
    FlatTableUnknownColumn, ///< args: column; thrown as CoreRangeError (std::out_of_range). Keep it last.
};

/// Every code, in declaration order.
std::span<const ErrorCode> allErrorCodes();

/// The stable text id of `code`: "<metric ID or area>.<what went wrong>", e.g. "k9.grid_not_ascending".
std::string_view errorCodeId(ErrorCode code);

/// The English message of `code` with %1, %2, ... for its arguments (the GUI's translation source reads the
/// same).
std::string_view errorCodeText(ErrorCode code);

/// How many arguments `code` carries (the highest %N of errorCodeText).
std::size_t errorCodeArgCount(ErrorCode code);

/// errorCodeText(code) with %N replaced by args[N - 1] in one pass (a %N without an argument stays).
std::string formatCoreError(ErrorCode code, const std::vector<std::string>& args);

/// What CoreError and CoreRangeError carry besides their message.
class CoreErrorInfo {
public:
    ErrorCode code() const { return m_code; }
    /// The message's arguments, in placeholder order (see ErrorCode).
    const std::vector<std::string>& args() const { return *m_args; }

protected:
    CoreErrorInfo(ErrorCode code, std::vector<std::string> args)
        : m_code(code), m_args(std::make_shared<const std::vector<std::string>>(std::move(args)))
    {}
    ~CoreErrorInfo() = default;
    CoreErrorInfo(const CoreErrorInfo&) = default;
    CoreErrorInfo& operator=(const CoreErrorInfo&) = default;

private:
    ErrorCode m_code;
    std::shared_ptr<const std::vector<std::string>> m_args; ///< shared: copying an exception does not throw
};

/// An error of bad input; what() is formatCoreError(code, args).
class CoreError : public std::invalid_argument, public CoreErrorInfo {
public:
    explicit CoreError(ErrorCode code, std::vector<std::string> args = {});
};

/// The std::out_of_range of FlatTable::set (an unknown column); what() is formatCoreError(code, args).
class CoreRangeError : public std::out_of_range, public CoreErrorInfo {
public:
    explicit CoreRangeError(ErrorCode code, std::vector<std::string> args = {});
};

/// The code and arguments of `e` when it is a CoreError or a CoreRangeError, else null.
const CoreErrorInfo* coreErrorInfo(const std::exception& e);

} // namespace tribunal
