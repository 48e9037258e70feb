#include "analysis/rubricverdicts.h"

#include "analysis/confidence.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace tribunal {

namespace {

/// K11 cost of run j, 0 when it has none.
double runCost(const Audit& audit, std::uint32_t j, const TokenPrices* prices)
{
    const double c = requestCostUsd(audit, j, prices);
    return std::isnan(c) ? 0.0 : c;
}

double probabilityOfMet(std::span<const ProbEntry> probs)
{
    double met = 0, unmet = 0;
    bool any = false;
    for (const ProbEntry& e : probs) {
        if (!(e.p >= 0.0))
            continue;
        if (e.option == answer::kMet || e.option == answer::kUnmet) {
            (e.option == answer::kMet ? met : unmet) += e.p;
            any = true;
        }
    }
    return any && met + unmet > 0.0 ? met / (met + unmet) : kMissing;
}

VerdictStatus statusOf(Answer a, TaskKind kind, int levels, Answer label)
{
    if (a == answer::kNA)
        return VerdictStatus::Abstained;
    if (!isScoredPrediction(a, kind, levels))
        return VerdictStatus::Failed;
    if (label == answer::kNone)
        return VerdictStatus::Unlabelled;
    return a == label ? VerdictStatus::Right : VerdictStatus::Wrong;
}

/// The verdict of one judge's runs [begin, end) on pair p (see the header).
RubricVerdict verdictOf(const Audit& audit, const ItemRun& run, TaskKind kind, int levels, Answer label,
                        const TokenPrices* prices)
{
    const JudgmentTable& jt = audit.judgments();
    // Runs by rep, then row: the earliest answered one wins.
    std::vector<std::uint32_t> rows;
    for (std::uint32_t j = run.begin; j < run.end; ++j)
        rows.push_back(j);
    std::stable_sort(rows.begin(), rows.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return jt.rep[a] < jt.rep[b]; });
    RubricVerdict v;
    double failedCost = 0;
    for (std::uint32_t j : rows) {
        if (jt.answer[j] == answer::kNone) {
            failedCost += runCost(audit, j, prices);
            continue;
        }
        v.judgment = j;
        break;
    }
    if (v.judgment == kNoJudgment) { // every run failed: the earliest is the verdict, every run is charged
        v.judgment = rows.front();
        v.cost = failedCost;
    } else {
        v.cost = failedCost + runCost(audit, v.judgment, prices);
    }
    v.answer = jt.answer[v.judgment];
    v.status = statusOf(v.answer, kind, levels, label);
    const auto probs = jt.probsOf(v.judgment);
    v.confidence = answerConfidence(kind, levels, jt.confidence(v.judgment), probs);
    if (kind == TaskKind::Binary)
        v.pMet = probabilityOfMet(probs);
    return v;
}

} // namespace

RubricVerdictTable rubricVerdictTable(const Audit& audit, StrId dataset, std::span<const JudgeKey> judges,
                                      LabelRounding rounding, const JudgePrices* prices)
{
    const ItemTable& items = audit.items();
    RubricVerdictTable t;
    t.dataset = dataset;
    t.judges.assign(judges.begin(), judges.end());
    std::vector<std::uint32_t> pairOf(audit.itemCount(), kNoJudgment);
    std::map<std::pair<bool, std::uint32_t>, std::uint32_t> units, clusters;
    const auto number = [](auto& ids, std::pair<bool, std::uint32_t> key) {
        return ids.emplace(key, static_cast<std::uint32_t>(ids.size())).first->second;
    };
    for (std::uint32_t i = 0; i < audit.itemCount(); ++i) {
        if (items.dataset[i] != dataset || !isRubricKind(items.kind[i]))
            continue;
        pairOf[i] = static_cast<std::uint32_t>(t.items.size());
        t.items.push_back(i);
        t.kind.push_back(items.kind[i]);
        t.labels.push_back(rubricLabel(audit, i, levelRounding(rounding)));
        t.levels.push_back(scaleLevels(audit, i));
        const StrId unitText = items.field(ItemText::UnitId, i);
        const std::uint32_t unit =
            number(units, unitText != kEmptyStr ? std::pair{true, static_cast<std::uint32_t>(unitText)}
                                                : std::pair{false, i});
        const StrId groupText = items.field(ItemText::Group, i);
        t.unit.push_back(unit);
        t.cluster.push_back(number(clusters, groupText != kEmptyStr
                                                 ? std::pair{true, static_cast<std::uint32_t>(groupText)}
                                                 : std::pair{false, unit}));
    }
    const std::size_t n = t.items.size();
    t.verdicts.assign(judges.size() * n, RubricVerdict{});
    for (const Cell& cell : audit.cells()) {
        if (cell.test != kEmptyStr || cell.dataset != dataset)
            continue;
        for (std::size_t k = 0; k < judges.size(); ++k) {
            const JudgeKey& key = judges[k];
            if (cell.judge != key.judge || cell.format != key.format || cell.condition != key.condition)
                continue;
            const TokenPrices* judgePrices = nullptr;
            if (prices != nullptr) {
                const auto it = prices->find(audit.str(key.judge));
                judgePrices = it == prices->end() ? nullptr : &it->second;
            }
            for (const ItemRun& run : audit.itemRunsOf(cell)) {
                const std::uint32_t p = pairOf[run.item];
                if (p == kNoJudgment || run.begin == run.end)
                    continue;
                t.verdicts[k * n + p] =
                    verdictOf(audit, run, t.kind[p], t.levels[p], t.labels[p].label, judgePrices);
            }
        }
    }
    return t;
}

} // namespace tribunal
