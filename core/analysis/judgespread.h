#pragma once
// Per-judge spread of the cell metrics (the workbench's whisker plot, issue 4; seed 000 section 5): over the
// cells of each judge, the mean, minimum and maximum of C, A - phi/2 and T (T2, T3/T4, T6). Works on a
// cell-level table (analysis/celltable.h), so an audit and a published table are summarised alike.
// Thread-safety: pure functions of their arguments.

#include "analysis/celltable.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tribunal {

/// A - phi/2: the order-corrected accuracy, the second factor of T = C (A - phi q) with q = 1/2 (seed 000
/// eq. 4; the x axis of the iso-T plot and the middle measure of Figure 3). kMissing when A or phi is.
double orderCorrectedAccuracy(double accuracy, double flipRate);

/// Mean, minimum and maximum of one measure over a judge's cells. Undefined values (kMissing) are left out
/// of all three and counted in `undefined`; with no defined value the three stay kMissing.
struct SpreadStat {
    std::size_t cells = 0;     ///< cells with a defined value
    std::size_t undefined = 0; ///< cells whose value is undefined (left out)
    double mean = kMissing;
    double min = kMissing;
    double max = kMissing;
};

struct JudgeSpread {
    std::string judge;
    std::size_t cells = 0; ///< rows of the table with this judge
    SpreadStat C;
    SpreadStat aMinusHalfPhi; ///< orderCorrectedAccuracy(A, phi)
    SpreadStat T;
};

/// One entry per judge of `table`, in first-appearance order.
std::vector<JudgeSpread> judgeSpread(const CellTable& table);

} // namespace tribunal
