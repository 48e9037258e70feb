#include "report/judgespreadtable.h"

#include "report/sweeptable.h"

#include <string>

namespace tribunal {
FlatTable judgeSpreadTable(const std::vector<JudgeSpread>& spread)
{
    FlatTable table;
    table.columns = {"judge", "measure", "n_cells", "undefined", "mean", "min", "max"};
    for (const JudgeSpread& judge : spread) {
        const SpreadStat* stats[] = {&judge.C, &judge.aMinusHalfPhi, &judge.T};
        for (std::size_t m = 0; m < 3; ++m) {
            const SpreadStat& s = *stats[m];
            // kMissing is NaN, which a FlatCell writes as a missing value.
            table.rows.push_back({FlatCell{judge.judge}, FlatCell{std::string(kSweepMeasures[m])},
                                  countCell(s.cells), countCell(s.undefined), FlatCell{s.mean},
                                  FlatCell{s.min}, FlatCell{s.max}});
        }
    }
    return table;
}

} // namespace tribunal
