#pragma once
// The per-judge spread of the cell metrics (analysis/judgespread.h: T2, T3/T4, T6 over a judge's cells; seed
// 000 Figure 5's range per judge) as `tribunal-cli spread` writes it and the Plots dock's judge whiskers draw
// it. Qt-free; thread-safety: pure functions of their arguments.
//
// judgeSpreadTable: one row per (judge, measure), judges in judgeSpread's order (first appearance), measures
// in kSweepMeasures' order (C, A_minus_half_phi, T). Columns: judge, measure, n_cells (cells with a defined
// value), undefined (cells whose value is undefined, left out), mean, min, max (proportions; empty when no
// cell has a value).

#include "analysis/judgespread.h"
#include "report/flattable.h"

#include <vector>

namespace tribunal {

FlatTable judgeSpreadTable(const std::vector<JudgeSpread>& spread);

} // namespace tribunal
