#include "report/cascadecrossfittable.h"

#include <string>

namespace tribunal {

FlatTable cascadeCrossFitTable(const Audit& audit, const std::vector<CascadePanel>& panels)
{
    FlatTable table;
    table.columns = {"panel", "kind", "fallback", "tau", "count", "halvings", "accuracy", "cost"};
    for (const CascadePanel& panel : panels)
        for (const CascadeReplay& replay : panel.replays) {
            const auto halvings = static_cast<std::uint64_t>(replay.crossFit.halvings.size());
            for (const CrossFitChoice& c : crossFitChoices(replay.crossFit)) {
                const CascadeFallbackCurve& f = replay.fallbacks[static_cast<std::size_t>(c.fallback)];
                const std::size_t r = table.addRow();
                table.set(r, "panel", FlatCell{std::string(audit.str(replay.dataset))});
                table.set(r, "kind", FlatCell{std::string(kindName(replay.kind))});
                table.set(r, "fallback", FlatCell{judgeLabel(audit, panel.table, f.judge)});
                const CascadePoint& point = f.curve[static_cast<std::size_t>(c.tau)];
                table.set(r, "tau", point.tau);
                table.set(r, "count", countCell(static_cast<std::uint64_t>(c.count)));
                table.set(r, "halvings", countCell(halvings));
                // Where the triangle of the cascade plots stands: the chosen cascade's curve point.
                table.set(r, "accuracy", point.accuracy);
                table.set(r, "cost", point.cost);
            }
        }
    return table;
}

} // namespace tribunal
