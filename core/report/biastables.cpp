#include "report/biastables.h"

#include "report/tablecells.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace tribunal {
namespace {

FlatCell text(std::string_view value)
{
    return FlatCell{std::string(value)};
}

/// The leading label columns and the condition keys of a table.
struct Labels {
    std::vector<StrId> keys;
};

template <class Rows, class ConditionOf>
Labels labelsOf(const Audit& audit, const Rows& rows, ConditionOf conditionOf)
{
    std::vector<CondId> conditions;
    conditions.reserve(rows.size());
    for (const auto& row : rows)
        conditions.push_back(conditionOf(row));
    return {usedConditionKeys(audit, conditions)};
}

void addConditionColumns(const Audit& audit, const Labels& labels, std::vector<std::string>& columns)
{
    for (StrId key : labels.keys)
        columns.emplace_back(audit.str(key));
}

void setConditions(const Audit& audit, const Labels& labels, FlatTable& table, std::size_t row,
                   CondId condition)
{
    for (StrId key : labels.keys)
        table.set(row, audit.str(key), text(audit.str(audit.conditionValue(condition, key))));
}

/// Appends a row and fills its judge, format and condition cells; returns its index.
std::size_t addJudgeRow(const Audit& audit, const Labels& labels, FlatTable& table, StrId judge, StrId format,
                        CondId condition)
{
    const std::size_t r = table.addRow();
    table.set(r, "judge", text(audit.str(judge)));
    table.set(r, "format", text(audit.str(format)));
    setConditions(audit, labels, table, r, condition);
    return r;
}

/// "0.05" for a margin: the shortest round-trip form, so column names read like the option values.
std::string marginName(double margin)
{
    return "biased_at_" + exactNumber(margin);
}

FlatTable judgeFormatTable(const Audit& audit, const Labels& labels, std::initializer_list<const char*> tail,
                           bool twoJudges = false)
{
    FlatTable table;
    if (twoJudges)
        table.columns = {"judge1", "judge2", "format"};
    else
        table.columns = {"judge", "format"};
    addConditionColumns(audit, labels, table.columns);
    for (const char* name : tail)
        table.columns.emplace_back(name);
    return table;
}

} // namespace

std::vector<StrId> usedConditionKeys(const Audit& audit, const std::vector<CondId>& conditions)
{
    std::set<StrId> used;
    for (CondId id : conditions)
        for (const auto& [key, value] : audit.conditions()[id])
            used.insert(key);
    std::vector<StrId> keys;
    for (StrId key : audit.conditionKeys())
        if (used.count(key))
            keys.push_back(key);
    return keys;
}

FlatTable biasExcessTable(const Audit& audit, const BiasAnalysis& analysis)
{
    const auto& rows = analysis.design.rows;
    const Labels labels = labelsOf(audit, rows, [](const BiasRow& r) { return r.key.condition; });
    FlatTable table = judgeFormatTable(audit, labels,
                                       {"test",
                                        "version",
                                        "n_items",
                                        "RR",
                                        "CR",
                                        "E",
                                        "E_lo",
                                        "E_hi",
                                        "verdict",
                                        "p_perm",
                                        "p_bh",
                                        "significant",
                                        "delta_p",
                                        "direction",
                                        "measure",
                                        "cue",
                                        "correct_reactions",
                                        "s",
                                        "s_lo",
                                        "s_hi",
                                        "s_out_of_range",
                                        "before",
                                        "after",
                                        "moved_share",
                                        "n_direction",
                                        "n_probability",
                                        "no_original",
                                        "one_run",
                                        "perturbed_unanswered",
                                        "extra_perturbed"});
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const BiasRow& row = rows[i];
        const BiasExcessResult& e = analysis.excess.at(i);
        const BiasShiftResult& s = analysis.shift.at(i);
        const std::size_t r =
            addJudgeRow(audit, labels, table, row.key.judge, row.key.format, row.key.condition);
        table.set(r, "test", text(audit.str(row.key.test)));
        table.set(r, "version", text(audit.str(row.key.version)));
        table.set(r, "n_items", countCell(e.nItems));
        table.set(r, "RR", e.rr);
        table.set(r, "CR", e.cr);
        table.set(r, "E", e.excess);
        table.set(r, "E_lo", e.excessLo);
        table.set(r, "E_hi", e.excessHi);
        table.set(r, "verdict", text(biasVerdictName(e.verdict)));
        table.set(r, "p_perm", e.pPerm);
        table.set(r, "p_bh", e.pBH);
        table.set(r, "significant", row.fallacy || std::isnan(e.pBH) ? FlatCell{} : FlatCell{e.significant});
        table.set(r, "delta_p", s.deltaP);
        table.set(r, "direction", s.change);
        table.set(r, "measure", text(row.fallacy ? "E_fo" : "E"));
        table.set(r, "cue", text(cueName(row.cue)));
        table.set(r, "correct_reactions", e.correctReactions);
        table.set(r, "s", e.s);
        table.set(r, "s_lo", e.sLo);
        table.set(r, "s_hi", e.sHi);
        table.set(r, "s_out_of_range", std::isnan(e.s) ? FlatCell{} : FlatCell{e.sOutOfRange});
        table.set(r, "before", s.before);
        table.set(r, "after", s.after);
        table.set(r, "moved_share", s.movedShare);
        table.set(r, "n_direction", countCell(s.nDirection));
        table.set(r, "n_probability", countCell(s.nProbability));
        table.set(r, "no_original", countCell(row.gaps.noOriginal + row.gaps.noAnsweredOriginal));
        table.set(r, "one_run", countCell(row.gaps.oneRun));
        table.set(r, "perturbed_unanswered", countCell(row.gaps.perturbedUnanswered));
        table.set(r, "extra_perturbed", countCell(row.gaps.extraPerturbed));
    }
    return table;
}

FlatTable biasCountTable(const Audit& audit, const BiasAnalysis& analysis)
{
    const Labels labels =
        labelsOf(audit, analysis.counts, [](const BiasedJudgeCount& c) { return c.condition; });
    FlatTable table;
    table.columns = {"format"};
    addConditionColumns(audit, labels, table.columns);
    table.columns.insert(table.columns.end(), {"test", "version", "judges"});
    for (double margin : analysis.settings.countMargins)
        table.columns.push_back(marginName(margin));
    for (const BiasedJudgeCount& c : analysis.counts) {
        const std::size_t r = table.addRow();
        table.set(r, "format", text(audit.str(c.format)));
        setConditions(audit, labels, table, r, c.condition);
        table.set(r, "test", text(audit.str(c.test)));
        table.set(r, "version", text(audit.str(c.version)));
        table.set(r, "judges", countCell(c.judges));
        for (std::size_t m = 0; m < analysis.settings.countMargins.size() && m < c.biased.size(); ++m)
            table.set(r, marginName(analysis.settings.countMargins[m]), countCell(c.biased[m]));
    }
    return table;
}

FlatTable flipsByConfidenceTable(const Audit& audit, const BiasAnalysis& analysis)
{
    const Labels labels =
        labelsOf(audit, analysis.confidence, [](const ConfidenceFlips& f) { return f.condition; });
    FlatTable table = judgeFormatTable(audit, labels, {"bin_lo", "bin_hi", "n", "flipped", "share"});
    for (const ConfidenceFlips& f : analysis.confidence) {
        for (const ConfidenceFlipBin& bin : f.bins) {
            const std::size_t r = addJudgeRow(audit, labels, table, f.judge, f.format, f.condition);
            table.set(r, "bin_lo", bin.lo);
            table.set(r, "bin_hi", bin.hi);
            table.set(r, "n", countCell(bin.n));
            table.set(r, "flipped", countCell(bin.flipped));
            table.set(r, "share", bin.share);
        }
    }
    return table;
}

FlatTable flipAgreementTable(const Audit& audit, const BiasAnalysis& analysis)
{
    const Labels labels =
        labelsOf(audit, analysis.agreement, [](const FlipAgreement& a) { return a.condition; });
    FlatTable table =
        judgeFormatTable(audit, labels,
                         {"prompts", "first_flips", "share_when_first_flips", "share_when_first_stays",
                          "items", "spearman_flip_rate", "shift_items", "spearman_shift"},
                         true);
    for (const FlipAgreement& a : analysis.agreement) {
        const std::size_t r = table.addRow();
        table.set(r, "judge1", text(audit.str(a.judge1)));
        table.set(r, "judge2", text(audit.str(a.judge2)));
        table.set(r, "format", text(audit.str(a.format)));
        setConditions(audit, labels, table, r, a.condition);
        table.set(r, "prompts", countCell(a.prompts));
        table.set(r, "first_flips", countCell(a.firstFlips));
        table.set(r, "share_when_first_flips", a.shareWhenFirstFlips);
        table.set(r, "share_when_first_stays", a.shareWhenFirstStays);
        table.set(r, "items", countCell(a.items));
        table.set(r, "shift_items", countCell(a.shiftItems));
        table.set(r, "spearman_shift", a.spearmanShift);
        table.set(r, "spearman_flip_rate", a.spearmanFlipRate);
    }
    return table;
}

FlatTable calibrationTable(const Audit& audit, const std::vector<CalibrationResult>& results)
{
    const Labels labels = labelsOf(audit, results, [](const CalibrationResult& c) { return c.condition; });
    FlatTable table = judgeFormatTable(
        audit, labels, {"n", "accuracy", "confidence", "ECE", "brier", "log_loss", "decided"});
    for (const CalibrationResult& c : results) {
        const std::size_t r = addJudgeRow(audit, labels, table, c.judge, c.format, c.condition);
        table.set(r, "n", countCell(c.n));
        table.set(r, "accuracy", c.accuracy);
        table.set(r, "confidence", c.confidence);
        table.set(r, "ECE", c.ece);
        table.set(r, "brier", c.brier);
        table.set(r, "log_loss", c.logLoss);
        table.set(r, "decided", countCell(c.decided));
    }
    return table;
}

FlatTable reliabilityTable(const Audit& audit, const std::vector<CalibrationResult>& results)
{
    const Labels labels = labelsOf(audit, results, [](const CalibrationResult& c) { return c.condition; });
    FlatTable table =
        judgeFormatTable(audit, labels, {"bin_lo", "bin_hi", "count", "mean_confidence", "accuracy"});
    for (const CalibrationResult& c : results) {
        for (const ReliabilityPoint& p : c.points) {
            const std::size_t r = addJudgeRow(audit, labels, table, c.judge, c.format, c.condition);
            table.set(r, "bin_lo", p.lo);
            table.set(r, "bin_hi", p.hi);
            table.set(r, "count", countCell(p.count));
            table.set(r, "mean_confidence", p.meanConfidence);
            table.set(r, "accuracy", p.accuracy);
        }
    }
    return table;
}

FlatTable judgeCostTable(const Audit& audit, const std::vector<JudgeCostResult>& results)
{
    const Labels labels = labelsOf(audit, results, [](const JudgeCostResult& c) { return c.condition; });
    FlatTable table = judgeFormatTable(audit, labels,
                                       {"requests", "total_cost_usd", "cost_per_1000", "median_latency_s",
                                        "verdict_share", "costed", "priced", "cost_ratio"});
    for (const JudgeCostResult& c : results) {
        const std::size_t r = addJudgeRow(audit, labels, table, c.judge, c.format, c.condition);
        table.set(r, "requests", countCell(c.requests));
        table.set(r, "total_cost_usd", c.totalCostUsd);
        table.set(r, "cost_per_1000", c.costPer1000);
        table.set(r, "median_latency_s", c.medianLatencyS);
        table.set(r, "verdict_share", c.verdictShare);
        table.set(r, "costed", countCell(c.costed));
        table.set(r, "priced", countCell(c.priced));
        table.set(r, "cost_ratio", c.costRatio);
    }
    return table;
}

} // namespace tribunal
