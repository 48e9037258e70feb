#include "analysis/levelshift.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace tribunal {
namespace {

/// Shifts in tie-break order: 0, -1, +1, -2, +2, ... (R5: smallest |s|, then the smaller s).
std::vector<int> tieOrder(int maxShift)
{
    std::vector<int> order{0};
    for (int d = 1; d <= maxShift; ++d) {
        order.push_back(-d);
        order.push_back(d);
    }
    return order;
}

/// The index of shift s in a curve over -maxShift..maxShift (s + maxShift, never negative).
std::size_t shiftIndex(int s, int maxShift)
{
    const int index = s + maxShift;
    return static_cast<std::size_t>(index);
}

/// correct[s + maxShift] for s in -maxShift..maxShift, given counts per s indexed the same way.
int bestOf(const std::vector<std::int64_t>& correct, int maxShift)
{
    int best = 0;
    std::int64_t bestCount = -1;
    for (int s : tieOrder(maxShift))
        if (correct[shiftIndex(s, maxShift)] > bestCount) {
            best = s;
            bestCount = correct[shiftIndex(s, maxShift)];
        }
    return best;
}

bool isLevel(const RubricPrediction& p)
{
    return p.predicted >= 1 && p.predicted <= p.levels && p.label >= 1 && p.label <= p.levels;
}

struct CriterionShift {
    LevelShiftRow row;
    std::vector<std::int64_t> correct; ///< per s in -(commonMax)..commonMax
    std::int64_t bestCorrect = 0, looCorrect = 0;
};

double share(std::int64_t count, std::uint32_t n)
{
    return n == 0 ? kMissing : static_cast<double>(count) / n;
}

/// R5 on one criterion; `commonMax` >= K - 1 widens `correct` for the pooled curve.
CriterionShift shiftOne(std::span<const RubricPrediction> predictions, int commonMax)
{
    CriterionShift out;
    int levels = 0;
    std::vector<const RubricPrediction*> scored;
    for (const RubricPrediction& p : predictions) {
        levels = std::max(levels, p.levels);
        if (isLevel(p))
            scored.push_back(&p);
    }
    const int maxShift = std::max(levels - 1, 0);
    commonMax = std::max(commonMax, maxShift);
    const std::size_t width = shiftIndex(commonMax, commonMax) + 1;
    out.correct.assign(width, 0);
    std::unordered_map<std::uint32_t, std::vector<std::int64_t>> perPair; // pair -> correct per s
    std::vector<std::uint32_t> pairOrder;
    for (const RubricPrediction* p : scored) {
        auto [it, added] = perPair.try_emplace(p->pair, width, 0);
        if (added)
            pairOrder.push_back(p->pair);
        for (int s = -commonMax; s <= commonMax; ++s) {
            const int shifted = std::clamp(p->predicted + s, 1, p->levels);
            if (shifted == p->label) {
                ++out.correct[shiftIndex(s, commonMax)];
                ++it->second[shiftIndex(s, commonMax)];
            }
        }
    }
    LevelShiftRow& row = out.row;
    row.levels = levels;
    row.n = static_cast<std::uint32_t>(scored.size());
    row.pairs = static_cast<std::uint32_t>(pairOrder.size());
    // The criterion's own curve and best shift use its scale only: s beyond K - 1 only repeats the ends.
    std::vector<std::int64_t> own(out.correct.begin() + (commonMax - maxShift),
                                  out.correct.begin() + (commonMax + maxShift + 1));
    for (int s = -maxShift; s <= maxShift; ++s)
        row.curve.push_back({s, share(own[shiftIndex(s, maxShift)], row.n)});
    row.accuracy = share(own[static_cast<std::size_t>(maxShift)], row.n);
    if (row.n > 0)
        row.bestShift = bestOf(own, maxShift);
    out.bestCorrect = own[shiftIndex(row.bestShift, maxShift)];
    row.bestAccuracy = share(out.bestCorrect, row.n);
    row.ownBestAccuracy = row.bestAccuracy;
    // Leave-one-out: the other pairs' counts are the totals minus the pair's own.
    for (std::uint32_t pair : pairOrder) {
        const std::vector<std::int64_t>& mine = perPair[pair];
        std::vector<std::int64_t> others(own.size());
        for (std::size_t k = 0; k < own.size(); ++k)
            others[k] = own[k] - mine[k + static_cast<std::size_t>(commonMax - maxShift)];
        const int s = bestOf(others, maxShift); // a lone pair: all zero, so s = 0
        out.looCorrect += mine[shiftIndex(s, commonMax)];
    }
    row.looAccuracy = share(out.looCorrect, row.n);
    return out;
}

} // namespace

LevelShiftRow shiftCriterion(std::span<const RubricPrediction> predictions)
{
    return shiftOne(predictions, 0).row;
}

std::vector<LevelShiftRow> analyseLevelShifts(const Audit& audit, const RubricAgreementSettings& settings)
{
    const LabelRounding rounding = levelRounding(settings.rounding);
    const ItemTable& items = audit.items();
    const JudgmentTable& jt = audit.judgments();
    std::vector<RubricLabel> labels(audit.itemCount());
    std::vector<int> levels(audit.itemCount(), 0);
    for (std::uint32_t i = 0; i < audit.itemCount(); ++i)
        if (items.kind[i] == TaskKind::Ordinal) {
            labels[i] = rubricLabel(audit, i, rounding);
            levels[i] = scaleLevels(audit, i);
        }
    std::vector<LevelShiftRow> out;
    for (const Cell& cell : audit.cells()) {
        if (cell.test != kEmptyStr)
            continue;
        std::map<StrId, std::vector<RubricPrediction>> byCriterion;
        int commonMax = 0;
        for (const ItemRun& run : audit.itemRunsOf(cell)) {
            if (items.kind[run.item] != TaskKind::Ordinal)
                continue;
            const StrId criterion = items.field(ItemText::Criterion, run.item);
            auto& list = byCriterion[criterion];
            commonMax = std::max(commonMax, levels[run.item] - 1);
            const RubricLabel& label = labels[run.item];
            if (label.label == answer::kNone)
                continue;
            for (std::uint32_t j = run.begin; j < run.end; ++j)
                list.push_back({run.item, criterion, levels[run.item], jt.answer[j], label.label, label.mean,
                                label.unanimous});
        }
        if (byCriterion.empty())
            continue;
        std::vector<StrId> criteria;
        criteria.reserve(byCriterion.size());
        for (const auto& [criterion, list] : byCriterion)
            criteria.push_back(criterion);
        std::sort(criteria.begin(), criteria.end(),
                  [&](StrId a, StrId b) { return audit.str(a) < audit.str(b); });
        LevelShiftRow pooled;
        pooled.pooled = true;
        pooled.levels = commonMax + 1;
        std::vector<std::int64_t> common(shiftIndex(commonMax, commonMax) + 1, 0);
        std::int64_t ownBest = 0, loo = 0;
        for (StrId criterion : criteria) {
            CriterionShift c = shiftOne(byCriterion[criterion], commonMax);
            for (std::size_t k = 0; k < common.size(); ++k)
                common[k] += c.correct[k];
            ownBest += c.bestCorrect;
            loo += c.looCorrect;
            pooled.n += c.row.n;
            pooled.pairs += c.row.pairs;
            c.row.criterion = criterion;
            out.push_back(std::move(c.row));
        }
        for (int s = -commonMax; s <= commonMax; ++s)
            pooled.curve.push_back({s, share(common[shiftIndex(s, commonMax)], pooled.n)});
        pooled.accuracy = share(common[static_cast<std::size_t>(commonMax)], pooled.n);
        if (pooled.n > 0)
            pooled.bestShift = bestOf(common, commonMax);
        pooled.bestAccuracy = share(common[shiftIndex(pooled.bestShift, commonMax)], pooled.n);
        pooled.ownBestAccuracy = share(ownBest, pooled.n);
        pooled.looAccuracy = share(loo, pooled.n);
        out.push_back(std::move(pooled));
        // Key fields of this cell's rows.
        for (auto it = out.end() - static_cast<std::ptrdiff_t>(criteria.size() + 1); it != out.end(); ++it) {
            it->dataset = cell.dataset;
            it->judge = cell.judge;
            it->format = cell.format;
            it->condition = cell.condition;
        }
    }
    return out;
}

} // namespace tribunal
