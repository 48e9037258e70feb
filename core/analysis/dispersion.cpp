#include "analysis/dispersion.h"

#include "model/coreerror.h"

#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <utility>

namespace tribunal {
namespace {

// Index of `key` in `keys`, appending it if new: keeps first-appearance order without sorting names.
template <typename Key>
std::size_t slot(std::vector<Key>& keys, std::map<Key, std::size_t>& index, const Key& key)
{
    auto [it, inserted] = index.emplace(key, keys.size());
    if (inserted)
        keys.push_back(key);
    return it->second;
}

void finishMean(DispersionMean& m, double sum)
{
    if (m.groups > 0)
        m.mean = sum / static_cast<double>(m.groups);
}

} // namespace

FormatDispersion formatDispersion(const CellTable& table)
{
    FormatDispersion result;
    result.conditionNames = table.conditionNames;

    std::vector<std::vector<std::string>> conditionKeys;
    std::map<std::vector<std::string>, std::size_t> conditionIndex;
    // Per condition combination: groups keyed by (judge, dataset) in first-appearance order.
    std::vector<std::map<std::pair<std::string, std::string>, std::size_t>> groupIndex;
    std::set<std::tuple<std::string, std::string, std::string, std::vector<std::string>>> seen;

    for (const CellRow& row : table.rows) {
        if (!seen.emplace(row.judge, row.format, row.dataset, row.conditions).second) {
            throw CoreError(ErrorCode::DispersionDuplicateCell, {row.judge, row.format, row.dataset});
        }
        const std::size_t c = slot(conditionKeys, conditionIndex, row.conditions);
        if (c == result.tables.size()) {
            result.tables.emplace_back().conditions = row.conditions;
            groupIndex.emplace_back();
        }
        DispersionTable& t = result.tables[c];
        auto [it, inserted] = groupIndex[c].emplace(std::make_pair(row.judge, row.dataset), t.groups.size());
        if (inserted) {
            DispersionGroup& g = t.groups.emplace_back();
            g.judge = row.judge;
            g.dataset = row.dataset;
        }
        DispersionGroup& g = t.groups[it->second];
        if (std::isnan(row.T)) {
            ++g.undefinedFormats;
            ++result.undefinedCells;
            continue;
        }
        // Strict comparisons keep the first format (input order) on ties.
        if (g.formats == 0 || row.T < g.tMin) {
            g.tMin = row.T;
            g.formatMin = row.format;
        }
        if (g.formats == 0 || row.T > g.tMax) {
            g.tMax = row.T;
            g.formatMax = row.format;
        }
        ++g.formats;
    }

    for (DispersionTable& t : result.tables) {
        std::vector<std::string> judges, datasets;
        std::map<std::string, std::size_t> judgeIndex, datasetIndex;
        for (const DispersionGroup& g : t.groups) {
            slot(judges, judgeIndex, g.judge);
            slot(datasets, datasetIndex, g.dataset);
        }
        // Table 4 lists judges in first-appearance order and, within a judge, datasets likewise.
        std::vector<DispersionGroup> ordered;
        ordered.reserve(t.groups.size());
        for (const std::string& judge : judges) {
            for (const DispersionGroup& g : t.groups) {
                if (g.judge == judge)
                    ordered.push_back(g);
            }
        }
        t.groups = std::move(ordered);

        t.judgeMeans.resize(judges.size());
        t.datasetMeans.resize(datasets.size());
        std::vector<double> judgeSums(judges.size(), 0.0), datasetSums(datasets.size(), 0.0);
        double sum = 0;
        std::size_t n = 0;
        for (DispersionGroup& g : t.groups) {
            if (g.formats == 0)
                continue;
            g.dT = g.tMax - g.tMin;
            const std::size_t j = judgeIndex.at(g.judge), d = datasetIndex.at(g.dataset);
            judgeSums[j] += g.dT;
            ++t.judgeMeans[j].groups;
            datasetSums[d] += g.dT;
            ++t.datasetMeans[d].groups;
            sum += g.dT;
            ++n;
        }
        for (std::size_t j = 0; j < judges.size(); ++j) {
            t.judgeMeans[j].name = judges[j];
            finishMean(t.judgeMeans[j], judgeSums[j]);
        }
        for (std::size_t d = 0; d < datasets.size(); ++d) {
            t.datasetMeans[d].name = datasets[d];
            finishMean(t.datasetMeans[d], datasetSums[d]);
        }
        if (n > 0)
            t.grandMean = sum / static_cast<double>(n);
    }
    return result;
}

} // namespace tribunal
