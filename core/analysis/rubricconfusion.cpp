#include "analysis/rubricconfusion.h"

#include "analysis/rubricpredictions.h"

#include <algorithm>
#include <unordered_set>

namespace tribunal {

int confusionIndex(TaskKind kind, Answer value, int levels)
{
    if (kind == TaskKind::Binary)
        return value == answer::kMet ? 1 : value == answer::kUnmet ? 0 : -1;
    if (kind == TaskKind::Ordinal && value >= 1 && value <= levels)
        return value - 1;
    return -1;
}

Answer confusionAnswer(TaskKind kind, int index)
{
    if (kind == TaskKind::Binary)
        return index == 1 ? answer::kMet : index == 0 ? answer::kUnmet : answer::kNone;
    if (kind == TaskKind::Ordinal && index >= 0 && index < answer::kMaxLevel)
        return static_cast<Answer>(index + 1);
    return answer::kNone;
}

std::vector<RubricConfusion> analyseRubricConfusion(const Audit& audit,
                                                    const RubricAgreementSettings& settings)
{
    const RubricPairScales scales = labelRubricPairs(audit, settings.rounding);
    std::vector<RubricConfusion> out;
    for (const Cell& cell : audit.cells()) {
        if (cell.test != kEmptyStr)
            continue; // bias-test judgments are not rubric agreement (as R2 / R3)
        for (const RubricCriterionPredictions& g : rubricCellPredictions(audit, cell, scales)) {
            RubricConfusion c;
            c.dataset = cell.dataset;
            c.judge = cell.judge;
            c.format = cell.format;
            c.condition = cell.condition;
            c.criterion = g.criterion;
            c.kind = g.kind;
            c.levels = g.levels;
            const auto k = static_cast<std::size_t>(std::max(c.levels, 0));
            c.counts.assign(k * k, 0);
            c.abstained.assign(k, 0);
            c.failed.assign(k, 0);
            std::unordered_set<std::uint32_t> scoredPairs;
            for (const RubricPrediction& p : g.predictions) {
                const int label = confusionIndex(c.kind, p.label, c.levels);
                if (label < 0)
                    continue; // a label off the scale: the importers reject it (ratings lie within levels)
                const auto row = static_cast<std::size_t>(label);
                // R2: NA leaves as an abstention; none and answers outside the PAIR's scale 1..K_pair fail
                // (a pair on a shorter scale than the criterion's K fails on levels above its own).
                if (p.predicted == answer::kNA) {
                    ++c.abstained[row];
                } else if (!isScoredPrediction(p.predicted, c.kind, p.levels)) {
                    ++c.failed[row];
                } else {
                    const int predicted = confusionIndex(c.kind, p.predicted, c.levels);
                    ++c.counts[row * k + static_cast<std::size_t>(predicted)];
                    ++c.n;
                    scoredPairs.insert(p.pair);
                }
            }
            c.pairs = static_cast<std::uint32_t>(scoredPairs.size());
            out.push_back(std::move(c));
        }
    }
    return out;
}

std::vector<std::uint32_t> confusionItems(const Audit& audit, const RubricConfusion& confusion,
                                          int labelIndex, int predictedIndex,
                                          const RubricAgreementSettings& settings)
{
    const int k = confusion.levels;
    const bool wholeCriterion = labelIndex == -1 && predictedIndex == -1;
    if (!wholeCriterion && (labelIndex < 0 || labelIndex >= k || predictedIndex < -1 || predictedIndex >= k))
        return {};
    const LabelRounding rule = levelRounding(settings.rounding);
    const ItemTable& items = audit.items();
    const JudgmentTable& jt = audit.judgments();
    std::vector<std::uint32_t> out;
    for (const Cell& cell : audit.cells()) {
        if (cell.test != kEmptyStr || cell.dataset != confusion.dataset || cell.judge != confusion.judge ||
            cell.format != confusion.format || cell.condition != confusion.condition)
            continue;
        for (const ItemRun& run : audit.itemRunsOf(cell)) {
            if (items.kind[run.item] != confusion.kind ||
                items.field(ItemText::Criterion, run.item) != confusion.criterion)
                continue;
            if (wholeCriterion) {
                out.push_back(run.item);
                continue;
            }
            const RubricLabel label = rubricLabel(audit, run.item, rule);
            if (label.label == answer::kNone || confusionIndex(confusion.kind, label.label, k) != labelIndex)
                continue;
            if (predictedIndex == -1) {
                out.push_back(run.item);
                continue;
            }
            // The matrix counts only scored runs: an answer within the pair's own scale.
            const int pairLevels = scaleLevels(audit, run.item);
            for (std::uint32_t j = run.begin; j < run.end; ++j)
                if (isScoredPrediction(jt.answer[j], confusion.kind, pairLevels) &&
                    confusionIndex(confusion.kind, jt.answer[j], k) == predictedIndex) {
                    out.push_back(run.item);
                    break;
                }
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace tribunal
