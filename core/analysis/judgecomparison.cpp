#include "analysis/judgecomparison.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace tribunal {

std::vector<JudgeKey> panelJudges(const Audit& audit, StrId panel, PanelJudges which)
{
    std::set<std::tuple<std::string, std::string, CondId, StrId, StrId>> keys;
    const auto& kinds = audit.items().kind;
    const auto rubric = [&kinds](const ItemRun& run) { return kinds[run.item] != TaskKind::Pairwise; };
    for (const Cell& c : audit.cells()) {
        if (c.test != kEmptyStr || c.dataset != panel)
            continue;
        if (which == PanelJudges::WithRubricItems) {
            const auto runs = audit.itemRunsOf(c);
            if (!std::any_of(runs.begin(), runs.end(), rubric))
                continue;
        }
        keys.insert({std::string(audit.str(c.judge)), std::string(audit.str(c.format)), c.condition, c.judge,
                     c.format});
    }
    std::vector<JudgeKey> out;
    out.reserve(keys.size());
    for (const auto& key : keys)
        out.push_back(JudgeKey{std::get<3>(key), std::get<4>(key), std::get<2>(key)});
    return out;
}
namespace {

/// Scored runs and right runs of one judge on one item.
struct RunCounts {
    std::uint32_t scored = 0;
    std::uint32_t right = 0;
};

/// One item a judge scored at least once.
struct ItemCounts {
    std::uint32_t item = 0;
    RunCounts counts;
};

/// Per labelled rubric item of the panel that the judge scored: its scored and right runs, in item order.
std::vector<ItemCounts> countsOf(const Audit& audit, StrId dataset, const JudgeKey& key,
                                 const std::vector<RubricLabel>& labels)
{
    std::vector<ItemCounts> out;
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
            RunCounts c;
            for (std::uint32_t j = run.begin; j < run.end; ++j) {
                if (!isScoredPrediction(jt.answer[j], kind, levels))
                    continue;
                ++c.scored;
                if (jt.answer[j] == labels[run.item].label)
                    ++c.right;
            }
            if (c.scored > 0)
                out.push_back({run.item, c});
        }
    }
    // Item order; an item in several runs (not expected: one cell per key) sums its runs.
    std::stable_sort(out.begin(), out.end(),
                     [](const ItemCounts& x, const ItemCounts& y) { return x.item < y.item; });
    std::size_t kept = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (kept > 0 && out[kept - 1].item == out[i].item) {
            out[kept - 1].counts.scored += out[i].counts.scored;
            out[kept - 1].counts.right += out[i].counts.right;
        } else {
            out[kept++] = out[i];
        }
    }
    out.resize(kept);
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

/// Numbers ids by first appearance: (true, id) = a given text, (false, row) = a fallback.
class FirstAppearance {
public:
    std::uint32_t number(bool text, std::uint32_t id)
    {
        const std::uint64_t key = (std::uint64_t{text} << 32) | id;
        return m_ids.emplace(key, static_cast<std::uint32_t>(m_ids.size())).first->second;
    }

private:
    std::unordered_map<std::uint64_t, std::uint32_t> m_ids;
};

/// The common pairs of two judges' counts (both in item order), merged in item order.
JudgePairs mergePairs(const Audit& audit, const std::vector<ItemCounts>& a, const std::vector<ItemCounts>& b)
{
    const ItemTable& items = audit.items();
    JudgePairs out;
    FirstAppearance units, clusters;
    std::size_t ib = 0;
    for (const ItemCounts& ca : a) {
        while (ib < b.size() && b[ib].item < ca.item) {
            ++out.onlySecond;
            ++ib;
        }
        if (ib == b.size() || b[ib].item != ca.item) {
            ++out.onlyFirst;
            continue;
        }
        const RunCounts& cb = b[ib++].counts;
        const std::uint32_t item = ca.item;
        const StrId unitText = items.field(ItemText::UnitId, item);
        const std::uint32_t unit = unitText != kEmptyStr
                                       ? units.number(true, static_cast<std::uint32_t>(unitText))
                                       : units.number(false, item);
        // Clusters: a group text (tagged true) or the unit (tagged false with the unit's number).
        const StrId groupText = items.field(ItemText::Group, item);
        PairedObservation p;
        p.unit = unit;
        p.cluster = groupText != kEmptyStr ? clusters.number(true, static_cast<std::uint32_t>(groupText))
                                           : clusters.number(false, unit);
        p.first = static_cast<double>(ca.counts.right) / ca.counts.scored;
        p.second = static_cast<double>(cb.right) / cb.scored;
        out.pairs.push_back(p);
        out.items.push_back(item);
    }
    out.onlySecond += static_cast<std::uint32_t>(b.size() - ib);
    return out;
}

} // namespace

JudgePairs pairedCorrectness(const Audit& audit, StrId dataset, const JudgeKey& first, const JudgeKey& second,
                             const JudgeComparisonSettings& settings)
{
    const auto labels = labelsOfPanel(audit, dataset, settings.rounding);
    return mergePairs(audit, countsOf(audit, dataset, first, labels),
                      countsOf(audit, dataset, second, labels));
}

std::vector<JudgeComparison> compareJudges(const Audit& audit, std::span<const StrId> judges, StrId panel,
                                           const JudgeComparisonSettings& settings,
                                           const PairedSettings& paired, const Progress& progress)
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
        progress.throwIfCancelled(); // one pass over the panel's judgments per panel: a chunk boundary
        // (format, condition) -> judges with a cell there; formats ordered by text, then condition id.
        using Slot = std::tuple<std::string_view, CondId, StrId>;
        std::map<Slot, std::set<StrId>> present;
        for (const Cell& cell : audit.cells())
            if (cell.test == kEmptyStr && cell.dataset == dataset)
                present[{audit.str(cell.format), cell.condition, cell.format}].insert(cell.judge);
        const std::vector<RubricLabel> labels = labelsOfPanel(audit, dataset, settings.rounding);
        for (const auto& [slot, there] : present) {
            // Named copies, not structured bindings: lambdas capture bindings from C++20, clang only from 16.
            const StrId format = std::get<2>(slot);
            const CondId condition = std::get<1>(slot);
            // Each judge's counts once per (format, condition), not once per comparison it is in.
            std::vector<std::optional<std::vector<ItemCounts>>> counts(judges.size());
            const auto countsOfJudge = [&](std::size_t x) -> const std::vector<ItemCounts>& {
                if (!counts[x])
                    counts[x] = countsOf(audit, dataset, JudgeKey{judges[x], format, condition}, labels);
                return *counts[x];
            };
            for (std::size_t x = 0; x < judges.size(); ++x)
                for (std::size_t y = x + 1; y < judges.size(); ++y) {
                    if (!there.count(judges[x]) || !there.count(judges[y]))
                        continue;
                    JudgeComparison c;
                    c.dataset = dataset;
                    c.first = {judges[x], format, condition};
                    c.second = {judges[y], format, condition};
                    c.pairs = mergePairs(audit, countsOfJudge(x), countsOfJudge(y));
                    out.push_back(std::move(c));
                }
        }
    }
    // R7 "Edge cases": Holm over every comparison of the command that has a pair.
    std::vector<std::vector<PairedObservation>> family;
    for (const JudgeComparison& c : out)
        if (!c.pairs.pairs.empty())
            family.push_back(c.pairs.pairs);
    const std::vector<PairedComparison> results = comparePairedFamily(family, paired, progress);
    std::size_t k = 0;
    for (JudgeComparison& c : out)
        if (!c.pairs.pairs.empty())
            c.result = results.at(k++);
    return out;
}

} // namespace tribunal
