#include "report/cascadefrontiertable.h"

#include <string>

namespace tribunal {
namespace {

FlatCell text(std::string_view value)
{
    return FlatCell{std::string(value)};
}

std::string_view typeName(CascadeFrontierPoint::Type type)
{
    switch (type) {
    case CascadeFrontierPoint::Type::Single:
        return "single";
    case CascadeFrontierPoint::Type::JuryLower:
        return "jury-lower";
    case CascadeFrontierPoint::Type::JuryUpper:
        return "jury-upper";
    case CascadeFrontierPoint::Type::Cascade:
        break;
    }
    return "cascade";
}

} // namespace

JuryPanel cascadeFrontierJury(const CascadePanel& panel)
{
    if (panel.replays.empty())
        return {};
    // Every kind's replay has the same first judge and fallbacks (cascadePanel).
    const CascadeReplay& replay = panel.replays.front();
    std::vector<std::size_t> jurors{replay.first};
    for (const CascadeFallbackCurve& f : replay.fallbacks)
        jurors.push_back(f.judge);
    PairedSettings paired; // K6 accuracies do not depend on R7: one resample keeps this cheap
    paired.resamples = 1;
    paired.threads = 1;
    JuryPanel jury = juryPanel(panel.table, jurors, jurors, paired);
    jury.table = {};
    return jury;
}

std::vector<CascadeFrontierPoint> cascadeFrontier(const CascadeReplay& replay, const JuryPanel& jury)
{
    for (const JuryPanel::Kind& k : jury.kinds)
        if (k.kind == replay.kind)
            return cascadeFrontier(replay, &k.jury);
    return cascadeFrontier(replay, nullptr);
}

FlatTable cascadeFrontierTable(const Audit& audit, const std::vector<CascadePanel>& panels)
{
    FlatTable table;
    table.columns = {"panel", "kind",          "type",       "label",    "fallback",
                     "tau",   "cost_per_pair", "total_cost", "accuracy", "pareto"};
    for (const CascadePanel& panel : panels) {
        const JuryPanel jury = cascadeFrontierJury(panel);
        const RubricVerdictTable& t = panel.table;
        for (const CascadeReplay& replay : panel.replays) {
            std::string jurors = judgeLabel(audit, t, replay.first);
            for (const CascadeFallbackCurve& f : replay.fallbacks)
                jurors += ";" + judgeLabel(audit, t, f.judge);
            for (const CascadeFrontierPoint& p : cascadeFrontier(replay, jury)) {
                const std::size_t r = table.addRow();
                table.set(r, "panel", text(audit.str(replay.dataset)));
                table.set(r, "kind", text(kindName(replay.kind)));
                table.set(r, "type", text(typeName(p.type)));
                switch (p.type) {
                case CascadeFrontierPoint::Type::Single:
                    table.set(r, "label", text(judgeLabel(audit, t, p.judge)));
                    break;
                case CascadeFrontierPoint::Type::JuryLower:
                case CascadeFrontierPoint::Type::JuryUpper:
                    table.set(r, "label", text(jurors));
                    break;
                case CascadeFrontierPoint::Type::Cascade: {
                    const CascadeFallbackCurve& f = replay.fallbacks[static_cast<std::size_t>(p.fallback)];
                    table.set(
                        r, "label",
                        text(judgeLabel(audit, t, replay.first) + " -> " + judgeLabel(audit, t, f.judge)));
                    table.set(r, "fallback", text(judgeLabel(audit, t, f.judge)));
                    table.set(r, "tau", f.curve[static_cast<std::size_t>(p.tau)].tau);
                    break;
                }
                }
                table.set(r, "cost_per_pair", p.costPerPair);
                table.set(r, "total_cost", p.totalCost);
                table.set(r, "accuracy", p.accuracy);
                table.set(r, "pareto", countCell(p.onFrontier ? 1 : 0));
            }
        }
    }
    return table;
}

} // namespace tribunal
