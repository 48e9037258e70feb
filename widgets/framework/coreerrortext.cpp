#include "framework/coreerrortext.h"

#include <QCoreApplication>

namespace tribunal {

namespace {

/// `text` with %1 .. %9 replaced by args[0] .. args[8] in one pass (an argument's own "%2" stays); a
/// placeholder without an argument stays as it is.
QString fill(const QString& text, const std::vector<std::string>& args)
{
    QString out;
    out.reserve(text.size() + 16 * static_cast<qsizetype>(args.size()));
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('%') && i + 1 < text.size() && text[i + 1] >= QLatin1Char('1') &&
            text[i + 1] <= QLatin1Char('9')) {
            const auto n = static_cast<std::size_t>(text[i + 1].unicode() - '1');
            if (n < args.size()) {
                out += QString::fromStdString(args[n]);
                ++i;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

} // namespace

// Source texts: errorCodeText (core/model/coreerror.cpp) word for word; tst_coreerrortext compares them.
// No default: -Wswitch (an error) names a code without a text.
QString coreErrorTemplate(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BiasResamplesBelowOne:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "bias settings: resamples must be at least 1");
    case ErrorCode::BiasPermutationsBelowOne:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "bias settings: permutations must be at least 1");
    case ErrorCode::BiasLevelOutOfRange:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "bias settings: level must lie between 0 and 1");
    case ErrorCode::BiasFdrLevelOutOfRange:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "bias settings: FDR level must lie between 0 and 1");
    case ErrorCode::CalibrationBinsOutOfRange:
        //: %1: the largest number of bins, %2: the number given
        return QCoreApplication::translate("tribunal::CoreError",
                                           "calibration bins must be between 1 and %1, got %2");
    case ErrorCode::SpearmanLengthMismatch:
        //: %1, %2: numbers of values
        return QCoreApplication::translate("tribunal::CoreError",
                                           "spearmanCorrelation: x has %1 values, y has %2");
    case ErrorCode::CascadeNoFallback:
        return QCoreApplication::translate("tribunal::CoreError", "K7: at least one fallback needed");
    case ErrorCode::CascadeFirstIsFallback:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "K7: the first judge cannot be its own fallback");
    case ErrorCode::CrossFitScoreSizeMismatch:
        //: %1: values given, %2: number of pairs
        return QCoreApplication::translate("tribunal::CoreError", "K9: score has %1 values, expected %2");
    case ErrorCode::CrossFitRightSizeMismatch:
        //: %1: judge name, %2: correctness values given, %3: number of pairs
        return QCoreApplication::translate("tribunal::CoreError", "K9: %1 right has %2 values, expected %3");
    case ErrorCode::CrossFitCostSizeMismatch:
        //: %1: judge name, %2: cost values given, %3: number of pairs
        return QCoreApplication::translate("tribunal::CoreError", "K9: %1 cost has %2 values, expected %3");
    case ErrorCode::CrossFitGridNotAscending:
        return QCoreApplication::translate("tribunal::CoreError", "K9: the grid must be ascending");
    case ErrorCode::CrossFitHalvingsBelowOne:
        return QCoreApplication::translate("tribunal::CoreError", "K9: halvings must be >= 1");
    case ErrorCode::CrossFitNoFallback:
        return QCoreApplication::translate("tribunal::CoreError", "K9: at least one fallback needed");
    case ErrorCode::PairedResamplesBelowOne:
        return QCoreApplication::translate("tribunal::CoreError", "R7: resamples must be >= 1");
    case ErrorCode::PairedMarginNegative:
        return QCoreApplication::translate("tribunal::CoreError", "R7: margin must be >= 0");
    case ErrorCode::PairedCorrectnessOutOfRange:
        //: %1: pair index, from 0
        return QCoreApplication::translate("tribunal::CoreError",
                                           "R7: correctness of pair %1 must lie in [0, 1]");
    case ErrorCode::DispersionDuplicateCell:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "duplicate cell: judge \"%1\", format \"%2\", dataset \"%3\"");
    case ErrorCode::SweepUnknownColumn:
        return QCoreApplication::translate("tribunal::CoreError", "unknown column '%1'");
    case ErrorCode::AnovaUnknownFactor:
        return QCoreApplication::translate("tribunal::CoreError", "unknown factor \"%1\"");
    case ErrorCode::AnovaRepeatedFactor:
        return QCoreApplication::translate("tribunal::CoreError", "factor \"%1\" given twice");
    case ErrorCode::AnovaNoResponse:
        return QCoreApplication::translate("tribunal::CoreError", "no cell has a value of the response");
    case ErrorCode::GroupingRepeatedColumn:
        return QCoreApplication::translate("tribunal::CoreError", "grouping column '%1' given twice");
    case ErrorCode::GroupingUnknownColumn:
        return QCoreApplication::translate("tribunal::CoreError", "unknown grouping column '%1'");
    case ErrorCode::TrustTableNoCells:
        return QCoreApplication::translate("tribunal::CoreError", "trust table: no cells");
    case ErrorCode::TrustTableDuplicateCell:
        //: %1: judge, %2: format, %3: dataset
        return QCoreApplication::translate("tribunal::CoreError", "trust table: duplicate cell %1 / %2 / %3");
    case ErrorCode::DispersionTableNoTables:
        return QCoreApplication::translate("tribunal::CoreError", "dispersion table: no tables");
    case ErrorCode::TrustGapTableNoCells:
        return QCoreApplication::translate("tribunal::CoreError", "trust gap table: no cells");
    case ErrorCode::TrustGapTableSizeMismatch:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "trust gap table: %1 intervals for %2 cells");
    case ErrorCode::TrustGapNoPairwiseCells:
        return QCoreApplication::translate("tribunal::CoreError", "no pairwise cells");
    case ErrorCode::BiasExcessTableNoRows:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "bias excess table: the audit has no bias-test rows");
    case ErrorCode::BiasCountTableNoRows:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "bias count table: the audit has no bias-test rows");
    case ErrorCode::CalibrationTableNoResults:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "calibration table: no judge returned probabilities");
    case ErrorCode::RubricAccuracyTableNoRows:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "rubric accuracy table: the audit has no rubric judge rows");
    case ErrorCode::PairedComparisonTableEmpty:
        return QCoreApplication::translate("tribunal::CoreError", "paired comparison table: no comparison");
    case ErrorCode::CascadeTableNoPanel:
        return QCoreApplication::translate("tribunal::CoreError", "cascade table: no panel");
    case ErrorCode::ConfidentErrorTableNoPanel:
        return QCoreApplication::translate("tribunal::CoreError", "confident-error table: no panel");
    case ErrorCode::JuryTableNoPanel:
        return QCoreApplication::translate("tribunal::CoreError", "jury table: no panel");
    case ErrorCode::FlatTableRowSize:
        return QCoreApplication::translate("tribunal::CoreError",
                                           "flat table row has %1 cells for %2 columns");
    case ErrorCode::FlatTableUnknownColumn:
        return QCoreApplication::translate("tribunal::CoreError", "flat table has no column %1");
    }
    return {};
}

QString coreErrorText(const std::exception& e)
{
    if (const CoreErrorInfo* info = coreErrorInfo(e))
        return fill(coreErrorTemplate(info->code()), info->args());
    return QString::fromStdString(e.what());
}

} // namespace tribunal
