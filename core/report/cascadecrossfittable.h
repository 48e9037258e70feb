#pragma once
// The K9 cross-fitted choices of cascade panels (../shared/spec/metrics.md K9; the counting rule is
// analysis/crossfit.h crossFitChoices) as `tribunal-cli cascade --table crossfit` writes them and the
// Cascades dock marks them (the triangles of its accuracy and cost plots). Qt-free.
//
// cascadeCrossFitTable: one row per (panel, kind, chosen fallback, chosen tau), kinds as the replays are
//   (binary before ordinal), the choices of a kind in crossFitChoices' order (first appearance over the
//   halvings, half A before half B): panel, kind, fallback (the judge's label, judgeLabel of
//   report/cascadetables.h, as the summary's best_fallback and the curve's fallback), tau (the threshold, the
//   same number as the curve table's tau of that grid point, so a row joins `--table curve` on panel, kind,
//   fallback, tau), count (halves that chose that cascade), halvings (the kind's K9 halvings, so count /
//   (2 x halvings) is the share of choosing halves), accuracy and cost (the chosen cascade's curve point, the
//   curve table's numbers: where the dock draws the triangle). Per (panel, kind) the counts sum to 2 x
//   halvings minus the halves that chose nothing (a direction with an empty half: only with fewer than two
//   units). A kind whose pair set is empty (no K9 run) or whose halves chose nothing has no row.
// Thread-safety: pure function of its arguments.

#include "report/cascadetables.h"

#include <vector>

namespace tribunal {

/// The cross-fitted choice rows of every panel (see above).
FlatTable cascadeCrossFitTable(const Audit& audit, const std::vector<CascadePanel>& panels);

} // namespace tribunal
