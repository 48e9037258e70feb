#include "analysis/judgespread.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tribunal {

namespace {

// Running sums; finished into a SpreadStat once every cell was seen.
struct Accumulator {
    SpreadStat stat;
    double sum = 0.0;

    void add(double value)
    {
        if (std::isnan(value)) {
            ++stat.undefined;
            return;
        }
        if (stat.cells == 0) {
            stat.min = value;
            stat.max = value;
        } else {
            stat.min = std::min(stat.min, value);
            stat.max = std::max(stat.max, value);
        }
        ++stat.cells;
        sum += value;
    }

    SpreadStat finish() const
    {
        SpreadStat out = stat;
        if (out.cells > 0)
            out.mean = sum / static_cast<double>(out.cells);
        return out;
    }
};

struct JudgeAccumulator {
    Accumulator c, aHalfPhi, t;
};

} // namespace

double orderCorrectedAccuracy(double accuracy, double flipRate)
{
    if (std::isnan(accuracy) || std::isnan(flipRate))
        return kMissing;
    return accuracy - flipRate / 2.0;
}

std::vector<JudgeSpread> judgeSpread(const CellTable& table)
{
    std::vector<JudgeSpread> out;
    std::vector<JudgeAccumulator> sums;
    std::map<std::string, std::size_t, std::less<>> position;
    for (const CellRow& row : table.rows) {
        const auto [it, inserted] = position.try_emplace(row.judge, out.size());
        if (inserted) {
            out.push_back(JudgeSpread{row.judge, 0, {}, {}, {}});
            sums.emplace_back();
        }
        ++out[it->second].cells;
        JudgeAccumulator& acc = sums[it->second];
        acc.c.add(row.C);
        acc.aHalfPhi.add(orderCorrectedAccuracy(row.A, row.phi));
        acc.t.add(row.T);
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].C = sums[i].c.finish();
        out[i].aMinusHalfPhi = sums[i].aHalfPhi.finish();
        out[i].T = sums[i].t.finish();
    }
    return out;
}

} // namespace tribunal
