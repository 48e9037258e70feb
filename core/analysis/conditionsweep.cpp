#include "analysis/conditionsweep.h"

#include "model/coreerror.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tribunal {

namespace {

std::size_t factorIndexOrThrow(const CellTable& table, std::string_view column)
{
    const auto index = cellFactorIndex(table, column);
    if (!index)
        throw CoreError(ErrorCode::SweepUnknownColumn, {std::string(column)});
    return *index;
}

SweepStat sweepStat(std::vector<double> values)
{
    values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return std::isnan(v); }),
                 values.end());
    SweepStat s;
    s.cells = values.size();
    if (values.empty())
        return s;
    double sum = 0.0;
    for (double v : values)
        sum += v;
    s.mean = sum / static_cast<double>(values.size());
    std::sort(values.begin(), values.end());
    s.q1 = linearQuantile(values, 0.25);
    s.median = linearQuantile(values, 0.5);
    s.q3 = linearQuantile(values, 0.75);
    return s;
}

} // namespace

double linearQuantile(std::vector<double> values, double p)
{
    if (values.empty())
        return kMissing;
    std::sort(values.begin(), values.end());
    const double pos = p * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, values.size() - 1);
    const double frac = pos - static_cast<double>(lo);
    return values[lo] + frac * (values[hi] - values[lo]);
}

ConditionSweep conditionSweep(const CellTable& table, std::string_view column)
{
    const std::size_t index = factorIndexOrThrow(table, column);
    ConditionSweep out;
    out.column = std::string(column);
    struct Values {
        std::vector<double> c, aHalfPhi, t;
    };
    std::vector<Values> values;
    std::map<std::string, std::size_t, std::less<>> position;
    for (const CellRow& row : table.rows) {
        const std::string& value = cellFactorValue(row, index);
        const auto [it, inserted] = position.try_emplace(value, out.points.size());
        if (inserted) {
            out.points.push_back(SweepPoint{value, 0, {}, {}, {}});
            values.emplace_back();
        }
        ++out.points[it->second].cells;
        Values& v = values[it->second];
        v.c.push_back(row.C);
        v.aHalfPhi.push_back(row.A - row.phi / 2.0); // NaN if either is undefined
        v.t.push_back(row.T);
    }
    for (std::size_t i = 0; i < out.points.size(); ++i) {
        out.points[i].C = sweepStat(std::move(values[i].c));
        out.points[i].aMinusHalfPhi = sweepStat(std::move(values[i].aHalfPhi));
        out.points[i].T = sweepStat(std::move(values[i].t));
    }
    return out;
}

CellTable poolCells(const CellTable& table, std::string_view poolColumn,
                    const std::vector<std::pair<std::string, std::string>>& mapping, double q)
{
    const std::size_t pooled = factorIndexOrThrow(table, poolColumn);
    const std::size_t columns = 3 + table.conditionNames.size();
    auto mapped = [&](const std::string& value) -> const std::string& {
        for (const auto& [from, to] : mapping) {
            if (from == value)
                return to;
        }
        return value;
    };

    std::map<std::vector<std::string>, std::size_t> position;
    std::vector<std::vector<std::size_t>> members;
    std::vector<std::string> key(columns);
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        for (std::size_t k = 0; k < columns; ++k) {
            const std::string& v = cellFactorValue(table.rows[r], k);
            key[k] = k == pooled ? mapped(v) : v;
        }
        const auto [it, inserted] = position.try_emplace(key, members.size());
        if (inserted)
            members.emplace_back();
        members[it->second].push_back(r);
    }

    CellTable out;
    out.conditionNames = table.conditionNames;
    out.rows.reserve(members.size());
    for (const auto& group : members) {
        CellRow row = table.rows[group.front()];
        if (group.size() > 1) {
            auto mean = [&](double CellRow::*field) {
                double sum = 0.0;
                std::size_t n = 0;
                for (std::size_t r : group) {
                    const double v = table.rows[r].*field;
                    if (!std::isnan(v)) {
                        sum += v;
                        ++n;
                    }
                }
                return n == 0 ? kMissing : sum / static_cast<double>(n);
            };
            row.C = mean(&CellRow::C);
            row.phi = mean(&CellRow::phi);
            row.A = mean(&CellRow::A);
            row.T = row.C * (row.A - row.phi * q); // NaN propagates when a mean is undefined
        }
        std::string& target = pooled == 0   ? row.judge
                              : pooled == 1 ? row.format
                              : pooled == 2 ? row.dataset
                                            : row.conditions[pooled - 3];
        target = mapped(target);
        out.rows.push_back(std::move(row));
    }
    return out;
}

} // namespace tribunal
