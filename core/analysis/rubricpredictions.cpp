#include "analysis/rubricpredictions.h"

#include <algorithm>
#include <map>

namespace tribunal {

RubricPairScales labelRubricPairs(const Audit& audit, LabelRounding rounding)
{
    const LabelRounding rule = levelRounding(rounding);
    RubricPairScales out;
    out.label.resize(audit.itemCount());
    out.levels.resize(audit.itemCount(), 0);
    for (std::uint32_t i = 0; i < audit.itemCount(); ++i) {
        if (audit.items().kind[i] == TaskKind::Pairwise)
            continue;
        out.label[i] = rubricLabel(audit, i, rule);
        out.levels[i] = scaleLevels(audit, i);
    }
    return out;
}

std::vector<RubricCriterionPredictions> rubricCellPredictions(const Audit& audit, const Cell& cell,
                                                              const RubricPairScales& scales)
{
    const ItemTable& items = audit.items();
    const JudgmentTable& jt = audit.judgments();
    // Keyed by (kind rank, criterion): binary (0) before ordinal (1); text order is applied below.
    std::map<std::pair<int, StrId>, RubricCriterionPredictions> groups;
    for (const ItemRun& run : audit.itemRunsOf(cell)) {
        const TaskKind kind = items.kind[run.item];
        if (kind == TaskKind::Pairwise)
            continue;
        const StrId criterion = items.field(ItemText::Criterion, run.item);
        RubricCriterionPredictions& g = groups[{kind == TaskKind::Binary ? 0 : 1, criterion}];
        g.kind = kind;
        g.criterion = criterion;
        g.levels = std::max(g.levels, kind == TaskKind::Binary ? 2 : scales.levels[run.item]);
        g.items.push_back(run.item);
        const RubricLabel& label = scales.label[run.item];
        if (label.label == answer::kNone) {
            ++g.unlabelledPairs; // R1: a binary tie or nothing to label; its runs are not scored
            continue;
        }
        for (std::uint32_t j = run.begin; j < run.end; ++j) {
            g.predictions.push_back({run.item, criterion, scales.levels[run.item], jt.answer[j], label.label,
                                     label.mean, label.unanimous});
            g.judgments.push_back(j);
        }
    }
    std::vector<RubricCriterionPredictions> out;
    out.reserve(groups.size());
    for (auto& [key, g] : groups) {
        std::sort(g.items.begin(), g.items.end());
        g.items.erase(std::unique(g.items.begin(), g.items.end()), g.items.end());
        out.push_back(std::move(g));
    }
    std::stable_sort(out.begin(), out.end(),
                     [&](const RubricCriterionPredictions& a, const RubricCriterionPredictions& b) {
                         if (a.kind != b.kind)
                             return a.kind == TaskKind::Binary;
                         return audit.str(a.criterion) < audit.str(b.criterion);
                     });
    return out;
}

} // namespace tribunal
