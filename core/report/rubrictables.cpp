#include "report/rubrictables.h"

#include "report/biastables.h"

#include <map>
#include <tuple>

namespace tribunal {
namespace {

FlatCell text(std::string_view value)
{
    return FlatCell{std::string(value)};
}

FlatCell optionalText(const Audit& audit, StrId id)
{
    return id == kEmptyStr ? FlatCell{} : text(audit.str(id));
}

void addConditionColumns(const Audit& audit, const std::vector<StrId>& keys,
                         std::vector<std::string>& columns)
{
    for (StrId key : keys)
        columns.emplace_back(audit.str(key));
}

void setConditions(const Audit& audit, const std::vector<StrId>& keys, FlatTable& table, std::size_t row,
                   CondId condition)
{
    for (StrId key : keys)
        table.set(row, audit.str(key), text(audit.str(audit.conditionValue(condition, key))));
}

using ShiftKey = std::tuple<StrId, StrId, StrId, CondId, bool, StrId>;

ShiftKey shiftKey(const RubricAgreementRow& r)
{
    return {r.dataset, r.judge, r.format, r.condition, r.pooled, r.criterion};
}

void setMetrics(FlatTable& table, std::size_t r, TaskKind kind, const RubricMetrics& m)
{
    table.set(r, "n", countCell(m.n));
    table.set(r, "pairs", countCell(m.pairs));
    table.set(r, "abstained", countCell(m.abstained));
    table.set(r, "failed", countCell(m.failed));
    table.set(r, "consistency", m.consistency);
    if (kind == TaskKind::Ordinal) {
        table.set(r, "exact", m.exact);
        table.set(r, "within_one", m.withinOne);
        table.set(r, "qwk", m.qwk);
        table.set(r, "offset", m.offset);
        table.set(r, "slope", m.slope);
        table.set(r, "offset_to_mean", m.offsetToMean);
    } else {
        table.set(r, "accuracy", m.exact);
        table.set(r, "kappa", m.kappa);
        table.set(r, "met_rate_offset", m.metRateOffset);
        table.set(r, "fpr", m.fpr);
        table.set(r, "fnr", m.fnr);
    }
}

} // namespace

RubricReport analyseRubric(const Audit& audit, const RubricAgreementSettings& settings)
{
    RubricReport report;
    report.settings = settings;
    report.rows = analyseRubricAgreement(audit, settings);
    report.baselines = constantBaselines(audit, settings);
    report.reference = raterReference(audit, settings.rounding);
    report.shifts = analyseLevelShifts(audit, settings);
    return report;
}

std::vector<AgreementCounts> referenceCountsFor(const std::vector<RubricAgreementRow>& rows,
                                                const std::vector<RaterReferencePanel>& reference)
{
    std::map<std::pair<StrId, StrId>, AgreementCounts> byCriterion;
    for (const RaterReferencePanel& panel : reference)
        for (const RaterReferenceRow& row : panel.criteria)
            byCriterion[{panel.dataset, row.criterion}] = row.counts;
    std::vector<AgreementCounts> out;
    AgreementCounts pooled; // the criteria since the last pooled row (appendRows order: criteria, pooled)
    for (const RubricAgreementRow& row : rows) {
        if (row.pooled) {
            out.push_back(pooled);
            pooled = {};
            continue;
        }
        const auto it = byCriterion.find({row.dataset, row.criterion});
        out.push_back(it == byCriterion.end() ? AgreementCounts{} : it->second);
        pooled.add(out.back());
    }
    return out;
}

FlatTable rubricTable(const Audit& audit, const RubricReport& report)
{
    std::vector<CondId> conditions;
    for (const RubricAgreementRow& r : report.rows)
        conditions.push_back(r.condition);
    const std::vector<StrId> keys = usedConditionKeys(audit, conditions);
    FlatTable table;
    table.columns = {"judge", "format"};
    addConditionColumns(audit, keys, table.columns);
    for (const char* name : {"panel",
                             "criterion",
                             "kind",
                             "n",
                             "exact",
                             "within_one",
                             "qwk",
                             "offset",
                             "slope",
                             "gap_to_reference",
                             "accuracy",
                             "kappa",
                             "met_rate_offset",
                             "fpr",
                             "fnr",
                             "predictor",
                             "pooled",
                             "pairs",
                             "unlabelled_pairs",
                             "abstained",
                             "failed",
                             "consistency",
                             "offset_to_mean",
                             "reference_exact",
                             "reference_n",
                             "n_unanimous",
                             "exact_unanimous",
                             "n_split",
                             "exact_split",
                             "best_shift",
                             "best_accuracy",
                             "loo_accuracy"})
        table.columns.emplace_back(name);

    std::map<ShiftKey, const LevelShiftRow*> shifts;
    for (const LevelShiftRow& s : report.shifts)
        shifts[{s.dataset, s.judge, s.format, s.condition, s.pooled, s.criterion}] = &s;

    const auto addRows = [&](const std::vector<RubricAgreementRow>& rows) {
        const std::vector<AgreementCounts> reference = referenceCountsFor(rows, report.reference);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const RubricAgreementRow& row = rows[i];
            const bool judge = row.predictor.empty();
            const std::size_t r = table.addRow();
            table.set(r, "judge", optionalText(audit, row.judge));
            table.set(r, "format", optionalText(audit, row.format));
            if (judge)
                setConditions(audit, keys, table, r, row.condition);
            table.set(r, "panel", text(audit.str(row.dataset)));
            table.set(r, "criterion", row.pooled ? FlatCell{} : text(audit.str(row.criterion)));
            table.set(r, "kind", text(kindName(row.kind)));
            setMetrics(table, r, row.kind, row.all);
            // R4: gap = the row's exact accuracy - the raters' leave-one-out exact accuracy.
            table.set(r, "gap_to_reference", referenceGap(row.all.exact, reference[i]));
            table.set(r, "reference_exact", reference[i].exactAccuracy());
            table.set(r, "reference_n", countCell(reference[i].n));
            table.set(r, "predictor", text(judge ? "judge" : row.predictor));
            table.set(r, "pooled", row.pooled);
            table.set(r, "unlabelled_pairs", countCell(row.unlabelledPairs));
            table.set(r, "n_unanimous", countCell(row.unanimous.n));
            table.set(r, "exact_unanimous", row.unanimous.exact);
            table.set(r, "n_split", countCell(row.split.n));
            table.set(r, "exact_split", row.split.exact);
            if (judge && row.kind == TaskKind::Ordinal) {
                const auto it = shifts.find(shiftKey(row));
                if (it != shifts.end()) {
                    table.set(r, "best_shift", FlatCell{static_cast<std::int64_t>(it->second->bestShift)});
                    table.set(r, "best_accuracy", it->second->bestAccuracy);
                    table.set(r, "loo_accuracy", it->second->looAccuracy);
                }
            }
        }
    };
    addRows(report.rows);
    addRows(report.baselines);
    return table;
}

FlatTable compareTable(const Audit& audit, const std::vector<JudgeComparison>& comparisons, bool cluster)
{
    std::vector<CondId> conditions;
    conditions.reserve(comparisons.size());
    for (const JudgeComparison& c : comparisons)
        conditions.push_back(c.first.condition);
    const std::vector<StrId> keys = usedConditionKeys(audit, conditions);
    FlatTable table;
    table.columns = {"panel", "judge1", "judge2", "format"};
    addConditionColumns(audit, keys, table.columns);
    for (const char* name : {"n_pairs",
                             "diff",
                             "ci95_lo",
                             "ci95_hi",
                             "ci90_lo",
                             "ci90_hi",
                             "p_boot",
                             "p_holm",
                             "p_mcnemar",
                             "p_sign",
                             "outcome",
                             "accuracy1",
                             "accuracy2",
                             "units",
                             "pairs_only_judge1",
                             "pairs_only_judge2",
                             "mcnemar_only1",
                             "mcnemar_only2",
                             "mcnemar_undecided",
                             "p_mcnemar_holm",
                             "units_judge1_better",
                             "units_judge2_better",
                             "units_tied",
                             "p_sign_holm"})
        table.columns.emplace_back(name);
    if (cluster)
        for (const char* name : {"clusters", "cluster_ci95_lo", "cluster_ci95_hi", "cluster_ci90_lo",
                                 "cluster_ci90_hi", "cluster_p_boot", "cluster_p_holm", "cluster_outcome"})
            table.columns.emplace_back(name);
    for (const JudgeComparison& c : comparisons) {
        const PairedComparison& p = c.result;
        const bool any = !c.pairs.pairs.empty();
        const std::size_t r = table.addRow();
        table.set(r, "panel", text(audit.str(c.dataset)));
        table.set(r, "judge1", text(audit.str(c.first.judge)));
        table.set(r, "judge2", text(audit.str(c.second.judge)));
        table.set(r, "format", text(audit.str(c.first.format)));
        setConditions(audit, keys, table, r, c.first.condition);
        table.set(r, "n_pairs", countCell(c.pairs.pairs.size()));
        table.set(r, "diff", p.difference);
        table.set(r, "ci95_lo", p.unitBootstrap.ci95.lo);
        table.set(r, "ci95_hi", p.unitBootstrap.ci95.hi);
        table.set(r, "ci90_lo", p.unitBootstrap.ci90.lo);
        table.set(r, "ci90_hi", p.unitBootstrap.ci90.hi);
        table.set(r, "p_boot", p.unitBootstrap.p);
        table.set(r, "p_holm", p.unitBootstrap.pHolm);
        // Without a common pair there is no test: empty rather than the default p = 1.
        table.set(r, "p_mcnemar", any ? FlatCell{p.mcnemarP} : FlatCell{});
        table.set(r, "p_sign", any ? FlatCell{p.signP} : FlatCell{});
        table.set(r, "outcome", text(pairedOutcomeName(p.unitBootstrap.outcome)));
        table.set(r, "accuracy1", p.accuracyFirst);
        table.set(r, "accuracy2", p.accuracySecond);
        table.set(r, "units", countCell(p.units));
        table.set(r, "pairs_only_judge1", countCell(c.pairs.onlyFirst));
        table.set(r, "pairs_only_judge2", countCell(c.pairs.onlySecond));
        table.set(r, "mcnemar_only1", countCell(p.onlyFirst));
        table.set(r, "mcnemar_only2", countCell(p.onlySecond));
        table.set(r, "mcnemar_undecided", countCell(p.mcnemarUndecided));
        table.set(r, "p_mcnemar_holm", p.mcnemarPHolm);
        table.set(r, "units_judge1_better", countCell(p.unitsFirstBetter));
        table.set(r, "units_judge2_better", countCell(p.unitsSecondBetter));
        table.set(r, "units_tied", countCell(p.unitsTied));
        table.set(r, "p_sign_holm", p.signPHolm);
        if (cluster) {
            table.set(r, "clusters", countCell(p.clusters));
            table.set(r, "cluster_ci95_lo", p.clusterBootstrap.ci95.lo);
            table.set(r, "cluster_ci95_hi", p.clusterBootstrap.ci95.hi);
            table.set(r, "cluster_ci90_lo", p.clusterBootstrap.ci90.lo);
            table.set(r, "cluster_ci90_hi", p.clusterBootstrap.ci90.hi);
            table.set(r, "cluster_p_boot", p.clusterBootstrap.p);
            table.set(r, "cluster_p_holm", p.clusterBootstrap.pHolm);
            table.set(r, "cluster_outcome", text(pairedOutcomeName(p.clusterBootstrap.outcome)));
        }
    }
    return table;
}

} // namespace tribunal
