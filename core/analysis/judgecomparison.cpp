#include "analysis/judgecomparison.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>

namespace tribunal {
namespace {

/// Scored runs and right runs of one judge on one item.
struct RunCounts {
    std::uint32_t scored = 0;
    std::uint32_t right = 0;
};

/// Per item of the panel: the judge's scored and right runs (only labelled rubric items).
std::map<std::uint32_t, RunCounts> countsOf(const Audit& audit, StrId dataset, const JudgeKey& key,
                                            const std::vector<RubricLabel>& labels)
{
    std::map<std::uint32_t, RunCounts> out;
    const JudgmentTable& jt = audit.judgments();
    for (const Cell& cell : audit.cells()) {
        if (cell.test != kEmptyStr || cell.dataset != dataset || cell.judge != key.judge ||
            cell.format != key.format || cell.condition != key.condition)
            continue;
        for (const ItemRun& run : audit.itemRunsOf(cell)) {
            const TaskKind kind = audit.items().kind[run.item];
            if (!isRubricKind(kind) || labels[run.item].label == answer::kNone)
                continue;
            const int levels = scaleLevels(audit, run.item);
            for (std::uint32_t j = run.begin; j < run.end; ++j) {
                if (!isScoredPrediction(jt.answer[j], kind, levels))
                    continue;
                RunCounts& c = out[run.item];
                ++c.scored;
                if (jt.answer[j] == labels[run.item].label)
                    ++c.right;
            }
        }
    }
    return out;
}

std::vector<RubricLabel> labelsOfPanel(const Audit& audit, StrId dataset, LabelRounding rounding)
{
    std::vector<RubricLabel> labels(audit.itemCount());
    for (std::uint32_t i = 0; i < audit.itemCount(); ++i)
        if (audit.items().dataset[i] == dataset && isRubricKind(audit.items().kind[i]))
            labels[i] = rubricLabel(audit, i, levelRounding(rounding));
    return labels;
}

JudgePairs pairsWithLabels(const Audit& audit, StrId dataset, const JudgeKey& first, const JudgeKey& second,
                           const std::vector<RubricLabel>& labels)
{
    const auto a = countsOf(audit, dataset, first, labels);
    const auto b = countsOf(audit, dataset, second, labels);
    const ItemTable& items = audit.items();
    JudgePairs out;
    // Units and clusters numbered by first appearance; (true, id) = a given text, (false, row) = fallback.
    std::map<std::pair<bool, std::uint32_t>, std::uint32_t> units, clusters;
    const auto number = [](auto& ids, std::pair<bool, std::uint32_t> key) {
        return ids.emplace(key, static_cast<std::uint32_t>(ids.size())).first->second;
    };
    for (const auto& [item, ca] : a) {
        const auto it = b.find(item);
        if (it == b.end()) {
            ++out.onlyFirst;
            continue;
        }
        const RunCounts& cb = it->second;
        const StrId unitText = items.field(ItemText::UnitId, item);
        const std::pair<bool, std::uint32_t> unitKey =
            unitText != kEmptyStr ? std::pair{true, static_cast<std::uint32_t>(unitText)}
                                  : std::pair{false, item};
        const StrId groupText = items.field(ItemText::Group, item);
        // Clusters: a group text (tagged true) or the unit (tagged false with the unit's number).
        const std::uint32_t unit = number(units, unitKey);
        const std::pair<bool, std::uint32_t> clusterKey =
            groupText != kEmptyStr ? std::pair{true, static_cast<std::uint32_t>(groupText)}
                                   : std::pair{false, unit};
        PairedObservation p;
        p.unit = unit;
        p.cluster = number(clusters, clusterKey);
        p.first = static_cast<double>(ca.right) / ca.scored;
        p.second = static_cast<double>(cb.right) / cb.scored;
        out.pairs.push_back(p);
        out.items.push_back(item);
    }
    for (const auto& [item, cb] : b)
        if (!a.count(item))
            ++out.onlySecond;
    return out;
}

} // namespace

JudgePairs pairedCorrectness(const Audit& audit, StrId dataset, const JudgeKey& first, const JudgeKey& second,
                             const JudgeComparisonSettings& settings)
{
    return pairsWithLabels(audit, dataset, first, second, labelsOfPanel(audit, dataset, settings.rounding));
}

std::vector<JudgeComparison> compareJudges(const Audit& audit, std::span<const StrId> judges, StrId panel,
                                           const JudgeComparisonSettings& settings,
                                           const PairedSettings& paired)
{
    // Panels in order of their first rubric item.
    std::vector<StrId> panels;
    for (std::uint32_t i = 0; i < audit.itemCount(); ++i) {
        const StrId d = audit.items().dataset[i];
        if (isRubricKind(audit.items().kind[i]) && (panel == kEmptyStr || d == panel) &&
            std::find(panels.begin(), panels.end(), d) == panels.end())
            panels.push_back(d);
    }
    std::vector<JudgeComparison> out;
    for (StrId dataset : panels) {
        // (format, condition) -> judges with a cell there; formats ordered by text, then condition id.
        using Slot = std::tuple<std::string_view, CondId, StrId>;
        std::map<Slot, std::set<StrId>> present;
        for (const Cell& cell : audit.cells())
            if (cell.test == kEmptyStr && cell.dataset == dataset)
                present[{audit.str(cell.format), cell.condition, cell.format}].insert(cell.judge);
        const std::vector<RubricLabel> labels = labelsOfPanel(audit, dataset, settings.rounding);
        for (const auto& [slot, there] : present) {
            const auto& [formatText, condition, format] = slot;
            for (std::size_t x = 0; x < judges.size(); ++x)
                for (std::size_t y = x + 1; y < judges.size(); ++y) {
                    if (!there.count(judges[x]) || !there.count(judges[y]))
                        continue;
                    JudgeComparison c;
                    c.dataset = dataset;
                    c.first = {judges[x], format, condition};
                    c.second = {judges[y], format, condition};
                    c.pairs = pairsWithLabels(audit, dataset, c.first, c.second, labels);
                    out.push_back(std::move(c));
                }
        }
    }
    // R7 "Edge cases": Holm over every comparison of the command that has a pair.
    std::vector<std::vector<PairedObservation>> family;
    for (const JudgeComparison& c : out)
        if (!c.pairs.pairs.empty())
            family.push_back(c.pairs.pairs);
    const std::vector<PairedComparison> results = comparePairedFamily(family, paired);
    std::size_t k = 0;
    for (JudgeComparison& c : out)
        if (!c.pairs.pairs.empty())
            c.result = results.at(k++);
    return out;
}

} // namespace tribunal
