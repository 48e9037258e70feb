// Cascade tables (K7-K10) and the helpers every K table shares; confident-error and jury tables are in
// cascadeerrortables.cpp.
#include "report/cascadetables.h"

#include <algorithm>

namespace tribunal {
namespace {

FlatCell text(std::string_view value)
{
    return FlatCell{std::string(value)};
}

/// The judge's label, or an empty cell for index -1.
FlatCell judgeCell(const Audit& audit, const RubricVerdictTable& table, long judge)
{
    return judge < 0 ? FlatCell{} : text(judgeLabel(audit, table, static_cast<std::size_t>(judge)));
}

void setPoint(FlatTable& table, std::size_t r, const CascadePoint& p)
{
    table.set(r, "accuracy", p.accuracy);
    table.set(r, "deferred_share", p.deferredShare);
    table.set(r, "cost", p.cost);
    table.set(r, "k10_left", p.k10Left);
    table.set(r, "k10_right", p.k10Right);
}

} // namespace

std::vector<TaskKind> verdictKinds(const RubricVerdictTable& table)
{
    std::vector<TaskKind> out;
    for (TaskKind kind : {TaskKind::Binary, TaskKind::Ordinal})
        if (std::find(table.kind.begin(), table.kind.end(), kind) != table.kind.end())
            out.push_back(kind);
    return out;
}

RubricVerdictTable verdictTableOfKind(const RubricVerdictTable& table, TaskKind kind)
{
    RubricVerdictTable out;
    out.dataset = table.dataset;
    out.judges = table.judges;
    std::vector<std::size_t> pairs;
    for (std::size_t p = 0; p < table.pairCount(); ++p) {
        if (table.kind[p] != kind)
            continue;
        pairs.push_back(p);
        out.items.push_back(table.items[p]);
        out.kind.push_back(table.kind[p]);
        out.labels.push_back(table.labels[p]);
        out.levels.push_back(table.levels[p]);
        out.unit.push_back(table.unit[p]);
        out.cluster.push_back(table.cluster[p]);
    }
    for (std::size_t j = 0; j < table.judges.size(); ++j)
        for (std::size_t p : pairs)
            out.verdicts.push_back(table.at(j, p));
    return out;
}

std::string judgeLabel(const Audit& audit, const RubricVerdictTable& table, std::size_t judge)
{
    const JudgeKey& key = table.judges[judge];
    std::string out(audit.str(key.judge));
    for (std::size_t j = 0; j < table.judges.size(); ++j)
        if (j != judge && table.judges[j].judge == key.judge) {
            out += "@";
            out += audit.str(key.format);
            break;
        }
    return out;
}

CascadePanel cascadePanel(const Audit& audit, RubricVerdictTable table, std::size_t first,
                          std::span<const std::size_t> fallbacks, std::span<const std::size_t> singles,
                          const CascadeSettings& settings, const Progress& progress)
{
    CascadePanel panel;
    panel.table = std::move(table);
    const std::vector<TaskKind> kinds = verdictKinds(panel.table);
    // K9 halvings of every kind on one scale: kind k owns [k H, (k + 1) H) of kinds x H.
    const auto halvings = static_cast<std::uint64_t>(std::max(settings.halvings, 0));
    const std::uint64_t total = kinds.size() * halvings;
    for (std::size_t k = 0; k < kinds.size(); ++k)
        panel.replays.push_back(replayCascade(audit, panel.table, first, fallbacks, singles, kinds[k],
                                              settings, progress.part(k * halvings, halvings, total)));
    if (kinds.empty())
        progress.step(0, 0); // nothing to replay; otherwise the last kind's final step is (total, total)
    return panel;
}

FlatTable cascadeCurveTable(const Audit& audit, const std::vector<CascadePanel>& panels)
{
    FlatTable table;
    table.columns = {"panel", "kind", "first",    "fallback", "tau",       "accuracy", "deferred_share",
                     "cost",  "kept", "deferred", "k10_left", "k10_right", "oracle"};
    for (const CascadePanel& panel : panels)
        for (const CascadeReplay& replay : panel.replays)
            for (const CascadeFallbackCurve& fallback : replay.fallbacks)
                for (std::size_t i = 0; i < fallback.curve.size(); ++i) {
                    const CascadePoint& p = fallback.curve[i];
                    const std::size_t r = table.addRow();
                    table.set(r, "panel", text(audit.str(replay.dataset)));
                    table.set(r, "kind", text(kindName(replay.kind)));
                    table.set(r, "first", text(judgeLabel(audit, panel.table, replay.first)));
                    table.set(r, "fallback", text(judgeLabel(audit, panel.table, fallback.judge)));
                    table.set(r, "tau", p.tau);
                    setPoint(table, r, p);
                    table.set(r, "kept", countCell(p.kept));
                    table.set(r, "deferred", countCell(p.deferred));
                    table.set(r, "oracle", i == fallback.oracle);
                }
    return table;
}

FlatTable cascadeSummaryTable(const Audit& audit, const std::vector<CascadePanel>& panels)
{
    FlatTable table;
    for (const char* name : {"panel",
                             "kind",
                             "pairs",
                             "first",
                             "first_accuracy",
                             "first_cost",
                             "best_single",
                             "best_single_accuracy",
                             "best_fallback",
                             "oracle_tau",
                             "oracle_accuracy",
                             "oracle_deferred_share",
                             "oracle_cost",
                             "k10_left",
                             "k10_right",
                             "gain_over_best_single",
                             "crossfit_halvings",
                             "crossfit_mean_gain",
                             "crossfit_share_with_gain",
                             "crossfit_cascade_accuracy",
                             "crossfit_single_accuracy",
                             "best_llm",
                             "matching_tau",
                             "matching_cost_share",
                             "crossfit_cost_share",
                             "crossfit_share_matching"})
        table.columns.emplace_back(name);
    for (const CascadePanel& panel : panels)
        for (const CascadeReplay& rp : panel.replays) {
            const RubricVerdictTable& t = panel.table;
            const std::size_t r = table.addRow();
            table.set(r, "panel", text(audit.str(rp.dataset)));
            table.set(r, "kind", text(kindName(rp.kind)));
            table.set(r, "pairs", countCell(rp.pairs));
            table.set(r, "first", text(judgeLabel(audit, t, rp.first)));
            table.set(r, "first_accuracy", rp.firstAccuracy);
            table.set(r, "first_cost", rp.firstCost);
            table.set(r, "best_single", judgeCell(audit, t, rp.bestSingle));
            table.set(r, "best_single_accuracy", rp.bestSingleAccuracy);
            if (rp.bestCascade >= 0) {
                const CascadeFallbackCurve& best = rp.fallbacks[static_cast<std::size_t>(rp.bestCascade)];
                table.set(r, "best_fallback", text(judgeLabel(audit, t, best.judge)));
                if (best.oracle < best.curve.size()) {
                    const CascadePoint& p = best.curve[best.oracle];
                    table.set(r, "oracle_tau", p.tau);
                    table.set(r, "oracle_accuracy", p.accuracy);
                    table.set(r, "oracle_deferred_share", p.deferredShare);
                    table.set(r, "oracle_cost", p.cost);
                    table.set(r, "k10_left", p.k10Left);
                    table.set(r, "k10_right", p.k10Right);
                    // In-sample (K8 picks tau on the pairs it is scored on): K9 below is the honest gain.
                    table.set(r, "gain_over_best_single", p.accuracy - rp.bestSingleAccuracy);
                }
            }
            const CrossFitResult& cf = rp.crossFit;
            const auto scored = static_cast<std::uint64_t>(
                std::count_if(cf.halvings.begin(), cf.halvings.end(),
                              [](const CrossFitHalving& h) { return h.pairs > 0; }));
            table.set(r, "crossfit_halvings", countCell(scored));
            if (scored > 0) { // K9 means are undefined without a scored halving
                table.set(r, "crossfit_mean_gain", cf.meanGain);
                table.set(r, "crossfit_share_with_gain", cf.shareWithGain);
                table.set(r, "crossfit_cascade_accuracy", cf.meanCascadeAccuracy);
                table.set(r, "crossfit_single_accuracy", cf.meanSingleAccuracy);
                table.set(r, "crossfit_cost_share", cf.meanCostShare);
                table.set(r, "crossfit_share_matching", cf.shareMatching);
            }
            if (rp.bestLlm >= 0) {
                const CascadeFallbackCurve& llm = rp.fallbacks[static_cast<std::size_t>(rp.bestLlm)];
                table.set(r, "best_llm", text(judgeLabel(audit, t, llm.judge)));
                if (rp.matchingTau >= 0 && static_cast<std::size_t>(rp.matchingTau) < llm.curve.size())
                    table.set(r, "matching_tau", llm.curve[static_cast<std::size_t>(rp.matchingTau)].tau);
                table.set(r, "matching_cost_share", rp.matchingCostShare);
            }
        }
    return table;
}

} // namespace tribunal
