#pragma once
// The cost-accuracy frontier of cascade panels (../shared/spec/metrics.md K6, K7, K11; the points and the
// Pareto rule are analysis/cascadefrontier.h) as `tribunal-cli cascade --table frontier` writes it and the
// Cascades dock plots it. Qt-free.
//
// The juries are computed as the dock's curves job computes them (cascadeFrontierJury): K6 of the first
// judge and the replays' fallbacks, with R7 run with one resample on one thread, because the frontier reads
// only the two juries' accuracies, which R7 does not change. So the table's numbers equal the plot's for the
// same panel, judges and rounding; extra single judges (`--singles`) are neither points nor jurors (the dock
// has none).
//
// cascadeFrontierTable: one row per frontier point per (panel, kind), in cascadeFrontier's order: panel,
//   kind, type (single, jury-lower, jury-upper, cascade), label (single: the judge's label; juries: the
//   jurors' labels `;`-joined; cascade: `FIRST -> FALLBACK`), fallback (cascade: the fallback's label, else
//   empty), tau (cascade: the threshold, else empty), cost_per_pair (USD per pair of the kind's cascade pair
//   set), total_cost (USD over it), accuracy (proportion), pareto (1 on the Pareto frontier, else 0). Judge
//   labels are judgeLabel's (report/cascadetables.h). Points without an accuracy have no row.
// Thread-safety: pure functions of their arguments.

#include "analysis/cascadefrontier.h"
#include "report/cascadetables.h"

#include <vector>

namespace tribunal {

/// The juries of `panel`'s frontier: juryPanel of its table with the first judge and the fallbacks of its
/// replays as jurors and candidates, R7 with one resample and one thread; the returned table is empty (only
/// the accuracies are read). No kinds when the panel has no replay.
JuryPanel cascadeFrontierJury(const CascadePanel& panel);

/// cascadeFrontier of `replay` with the jury of its kind in `jury` (none when `jury` has no such kind).
std::vector<CascadeFrontierPoint> cascadeFrontier(const CascadeReplay& replay, const JuryPanel& jury);

/// The frontier rows of every panel (see above), its juries computed by cascadeFrontierJury.
FlatTable cascadeFrontierTable(const Audit& audit, const std::vector<CascadePanel>& panels);

} // namespace tribunal
