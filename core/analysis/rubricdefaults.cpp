#include "analysis/rubricdefaults.h"

#include "analysis/calibration.h"
#include "analysis/rubriclabels.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tribunal {

std::vector<StrId> rubricPanels(const Audit& audit)
{
    std::vector<StrId> panels;
    const ItemTable& items = audit.items();
    for (std::size_t i = 0; i < items.size(); ++i)
        if (isRubricKind(items.kind[i]) &&
            std::find(panels.begin(), panels.end(), items.dataset[i]) == panels.end())
            panels.push_back(items.dataset[i]);
    return panels;
}

bool hasConfidence(const RubricVerdictTable& table, std::size_t judge)
{
    for (std::size_t p = 0; p < table.pairCount(); ++p)
        if (!std::isnan(table.at(judge, p).confidence))
            return true;
    return false;
}

std::size_t defaultConfidentErrorFirst(const RubricVerdictTable& table)
{
    for (std::size_t j = 0; j < table.judges.size(); ++j)
        if (hasConfidence(table, j))
            return j;
    return 0;
}

DefaultCascadeFirst defaultCascadeFirst(const Audit& audit, const RubricVerdictTable& table)
{
    const std::vector<JudgeCostResult> costs = analyseJudgeCost(audit);
    const auto costOf = [&costs](const JudgeKey& k) {
        for (const JudgeCostResult& c : costs)
            if (c.judge == k.judge && c.format == k.format && c.condition == k.condition)
                return std::isnan(c.costPer1000) ? std::numeric_limits<double>::infinity() : c.costPer1000;
        return std::numeric_limits<double>::infinity(); // K11: no cost ranks last
    };
    DefaultCascadeFirst out;
    for (std::size_t j = 0; j < table.judges.size(); ++j) {
        // K7 scores D by its K1 confidence (ordinal) or P(MET) (binary): a first judge needs one of them.
        bool confident = false;
        for (std::size_t p = 0; p < table.pairCount() && !confident; ++p) {
            const RubricVerdict& v = table.at(j, p);
            confident = isScoredVerdict(v.status) && (!std::isnan(v.confidence) || !std::isnan(v.pMet));
        }
        // Strictly cheaper only: ties stay with the lower index.
        if (confident && (!out.confident || costOf(table.judges[j]) < costOf(table.judges[out.judge]))) {
            out.judge = j;
            out.confident = true;
        }
    }
    return out;
}

} // namespace tribunal
