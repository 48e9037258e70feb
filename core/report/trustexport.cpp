// Assembly of the written trust tables (see trustexport.h).

#include "report/trustexport.h"

#include "analysis/celltrust.h"
#include "model/coreerror.h"
#include "report/latex.h"

#include <cmath>

namespace tribunal {

bool hasPairwiseData(const TrustCellResult& result)
{
    return result.pairs > 0 || result.droppedMissingOrder > 0 || result.droppedMissingVerdicts > 0 ||
           (result.notPairwiseItems == 0 && result.biasTestItems == 0);
}

TrustTableRow trustTableMetrics(const TrustCellResult& result)
{
    TrustTableRow row;
    row.pairs = result.pairs;
    row.pairCounts = TrustTableRow::PairCounts{result.droppedMissingOrder, result.droppedMissingVerdicts,
                                               result.unlabelledPairs, result.unorderedRuns};
    row.C = result.consistency;
    row.phi = result.flipRate;
    row.A = result.accuracy;
    row.A_dec = result.accuracyDecisive;
    row.q = result.qUsed;
    row.A_max = result.accuracyMax;
    row.T = result.trust;
    row.T_joint = result.trustJoint;
    row.quadrant = std::string(quadrantName(result.quadrant));
    return row;
}

void setTrustTableIntervals(TrustTableRow& row, const TrustCellIntervals& intervals)
{
    row.C_lo = intervals.consistency.lo;
    row.C_hi = intervals.consistency.hi;
    row.phi_lo = intervals.flipRate.lo;
    row.phi_hi = intervals.flipRate.hi;
    row.A_lo = intervals.accuracy.lo;
    row.A_hi = intervals.accuracy.hi;
    row.T_lo = intervals.trust.lo;
    row.T_hi = intervals.trust.hi;
}

TrustTable emptyTrustTable(const TrustSettings& settings, bool consistencyAssumed,
                           const BootstrapSettings* bootstrap)
{
    TrustTable table;
    table.consistencyUnit = settings.consistencyUnit == ConsistencyUnit::Pair ? "pair" : "presentation";
    table.qMode = settings.qMode == QMode::Half ? "half" : "observed";
    table.consistencyAssumed = consistencyAssumed;
    if (bootstrap != nullptr) {
        table.resamples = bootstrap->resamples;
        table.seed = bootstrap->seed;
        table.level = bootstrap->level;
    }
    return table;
}

std::size_t countSingleRunCells(std::span<const TrustCellResult> results)
{
    std::size_t single = 0;
    for (const auto& r : results)
        single += r.singleRun && hasPairwiseData(r) ? 1 : 0;
    return single;
}

TrustTable auditTrustTable(const Audit& audit, std::span<const TrustCellResult> results,
                           std::span<const TrustCellIntervals> intervals, const TrustSettings& settings,
                           const BootstrapSettings* bootstrap, std::size_t* skipped)
{
    const bool assumed = settings.assumeConsistentWhenSingleRun && countSingleRunCells(results) > 0;
    TrustTable table = emptyTrustTable(settings, assumed, intervals.empty() ? nullptr : bootstrap);
    std::vector<TrustCellResult> pairwise;
    std::vector<const TrustCellIntervals*> pairwiseIntervals;
    std::size_t left = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!hasPairwiseData(results[i])) {
            ++left;
            continue;
        }
        pairwise.push_back(results[i]);
        pairwiseIntervals.push_back(i < intervals.size() ? &intervals[i] : nullptr);
    }
    if (skipped != nullptr)
        *skipped = left;
    const auto labels = cellTableFromTrust(audit, pairwise);
    table.conditionNames = labels.conditionNames;
    for (std::size_t i = 0; i < pairwise.size(); ++i) {
        const auto& cell = labels.rows[i];
        TrustTableRow row = trustTableMetrics(pairwise[i]);
        row.judge = cell.judge;
        row.format = cell.format;
        row.dataset = cell.dataset;
        row.conditions = cell.conditions;
        if (const auto* iv = pairwiseIntervals[i])
            setTrustTableIntervals(row, *iv);
        table.rows.push_back(std::move(row));
    }
    return table;
}

TrustTable groupedTrustTable(const TrustGrouping& grouping, const TrustSettings& settings,
                             std::size_t* skipped)
{
    std::vector<TrustCellResult> results;
    for (const auto& group : grouping.groups)
        results.push_back(group.result);
    const bool assumed = settings.assumeConsistentWhenSingleRun && countSingleRunCells(results) > 0;
    TrustTable table = emptyTrustTable(settings, assumed, nullptr);
    for (const auto& column : grouping.columns) {
        if (column != "judge" && column != "format" && column != "dataset")
            table.conditionNames.push_back(column);
    }
    std::size_t left = 0;
    for (const auto& group : grouping.groups) {
        if (!hasPairwiseData(group.result)) {
            ++left;
            continue;
        }
        TrustTableRow row = trustTableMetrics(group.result);
        for (std::size_t i = 0; i < grouping.columns.size(); ++i) {
            const auto& column = grouping.columns[i];
            if (column == "judge")
                row.judge = group.key[i];
            else if (column == "format")
                row.format = group.key[i];
            else if (column == "dataset")
                row.dataset = group.key[i];
            else
                row.conditions.push_back(group.key[i]);
        }
        table.rows.push_back(std::move(row));
    }
    if (skipped != nullptr)
        *skipped = left;
    return table;
}

TrustTable cellLevelTrustTable(const CellTable& cells, const TrustSettings& settings,
                               std::size_t* assumedCells)
{
    TrustTable table = emptyTrustTable(settings, false, nullptr);
    table.conditionNames = cells.conditionNames;
    std::size_t assumed = 0;
    for (const auto& cell : cells.rows) {
        TrustTableRow row;
        row.judge = cell.judge;
        row.format = cell.format;
        row.dataset = cell.dataset;
        row.conditions = cell.conditions;
        row.C = cell.C;
        if (isMissing(row.C) && settings.assumeConsistentWhenSingleRun) {
            row.C = 1;
            ++assumed;
        }
        row.phi = cell.phi;
        row.A = cell.A;
        // T5, T6 with q = 1/2: the table carries no per-pair data for an observed q.
        row.q = 0.5;
        const double aMax = 1 - row.phi / 2;
        row.A_max = std::isfinite(aMax) ? aMax : kMissing;
        const double t = row.C * (row.A - row.phi / 2);
        row.T = std::isfinite(t) ? t : kMissing;
        row.quadrant = std::string(quadrantName(placeQuadrant(row.C, row.phi, settings)));
        table.rows.push_back(std::move(row));
    }
    table.consistencyAssumed = assumed > 0;
    if (assumedCells != nullptr)
        *assumedCells = assumed;
    return table;
}

CellTable cellTableOf(const TrustTable& table)
{
    CellTable cells;
    cells.conditionNames = table.conditionNames;
    for (const auto& row : table.rows)
        cells.rows.push_back(
            {row.judge, row.format, row.dataset, row.conditions, row.C, row.phi, row.A, row.T});
    return cells;
}

CellTable pairwiseCellTable(const Audit& audit, std::span<const TrustCellResult> results)
{
    std::vector<TrustCellResult> pairwise;
    for (const auto& r : results) {
        if (hasPairwiseData(r))
            pairwise.push_back(r);
    }
    return cellTableFromTrust(audit, pairwise);
}

TrustLatexVariants trustLatexVariants(const TrustSettings& settings, bool consistencyAssumed,
                                      const BootstrapSettings* bootstrap)
{
    TrustLatexVariants variants;
    variants.qMode = settings.qMode;
    variants.consistencyUnit = settings.consistencyUnit;
    variants.consistencyAssumed = consistencyAssumed;
    if (bootstrap != nullptr)
        variants.intervals = *bootstrap;
    return variants;
}

namespace {

TrustLatexOptions latexOptions(const TrustLatexExport& options, TrustLatexVariants variants)
{
    TrustLatexOptions latex;
    latex.title = options.title;
    latex.label = options.label;
    latex.colour = options.colour;
    latex.variants = variants;
    return latex;
}

std::string finish(const TrustLatexExport& options, const std::string& fragment)
{
    return options.standalone ? latexStandaloneDocument(fragment) : fragment;
}

} // namespace

std::string trustCellsLatex(const TrustTable& table, const TrustLatexExport& options)
{
    // The written table states how it was computed (emptyTrustTable): the caption says the same.
    TrustSettings settings;
    settings.qMode = table.qMode == "observed" ? QMode::Observed : QMode::Half;
    settings.consistencyUnit =
        table.consistencyUnit == "presentation" ? ConsistencyUnit::Presentation : ConsistencyUnit::Pair;
    BootstrapSettings bootstrap;
    bootstrap.resamples = table.resamples;
    bootstrap.seed = table.seed;
    bootstrap.level = table.level;
    const auto variants =
        trustLatexVariants(settings, table.consistencyAssumed, table.resamples > 0 ? &bootstrap : nullptr);
    return finish(options, trustTableLatex(cellTableOf(table), latexOptions(options, variants)));
}

std::string trustGapLatex(const Audit& audit, std::span<const TrustCellResult> results,
                          std::span<const TrustCellIntervals> intervals, const TrustSettings& settings,
                          const BootstrapSettings& bootstrap, const TrustLatexExport& options)
{
    std::vector<TrustCellResult> pairwise;
    std::vector<TrustCellIntervals> pairwiseIntervals;
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!hasPairwiseData(results[i]))
            continue;
        pairwise.push_back(results[i]);
        if (i < intervals.size())
            pairwiseIntervals.push_back(intervals[i]);
    }
    if (pairwise.empty())
        throw CoreError(ErrorCode::TrustGapNoPairwiseCells);
    const bool assumed = settings.assumeConsistentWhenSingleRun && countSingleRunCells(pairwise) > 0;
    const auto variants =
        trustLatexVariants(settings, assumed, pairwiseIntervals.empty() ? nullptr : &bootstrap);
    return finish(options,
                  trustGapTableLatex(audit, pairwise, pairwiseIntervals, latexOptions(options, variants)));
}

std::string dispersionLatex(const CellTable& cells, const TrustSettings& settings, bool consistencyAssumed,
                            const TrustLatexExport& options, FormatDispersion* dispersion)
{
    auto computed = formatDispersion(cells); // T8
    if (dispersion != nullptr)
        *dispersion = computed;
    const auto variants = trustLatexVariants(settings, consistencyAssumed, nullptr);
    return finish(options, dispersionTableLatex(computed, latexOptions(options, variants)));
}

std::string anovaLatex(const CellTable& cells, const TrustSettings& settings, bool consistencyAssumed,
                       const TrustLatexExport& options, AnovaResult* result)
{
    AnovaOptions anovaOptions;
    anovaOptions.factors = options.anovaFactors;
    auto computed = anova(cells, anovaOptions); // T10
    if (result != nullptr)
        *result = computed;
    const auto variants = trustLatexVariants(settings, consistencyAssumed, nullptr);
    return finish(options, anovaTableLatex(computed, CellMeasure::T, latexOptions(options, variants)));
}

} // namespace tribunal
