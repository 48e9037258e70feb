#include "analysis/rubricpairdetail.h"

#include "analysis/rubricpredictions.h"

#include <algorithm>

namespace tribunal {
namespace {

/// The probability the judge gave option `value` (the first entry for it), or kMissing.
double probabilityOf(std::span<const ProbEntry> probs, Answer value)
{
    for (const ProbEntry& e : probs)
        if (e.option == value)
            return e.p;
    return kMissing;
}

} // namespace

RubricPairDetail rubricPairDetail(const Audit& audit, std::uint32_t item, LabelRounding rounding)
{
    const ItemTable& items = audit.items();
    RubricPairDetail out;
    out.item = item;
    out.kind = items.kind[item];
    if (out.kind == TaskKind::Pairwise)
        return out;
    out.levels = scaleLevels(audit, item);
    // rubricLabel sets the half-up level under Unrounded too (rubriclabels.h), as R2 scores it.
    out.label = rubricLabel(audit, item, rounding);
    const auto ratings = items.itemRatings(item);
    out.ratings.assign(ratings.begin(), ratings.end());

    const JudgmentTable& jt = audit.judgments();
    const std::span<const std::uint32_t> rows = audit.judgmentsOfItem(item); // ascending row order
    const std::span<const Cell> cells = audit.cells();
    for (std::size_t c = 0; c < cells.size(); ++c) {
        // The item's rows inside the cell's contiguous range [begin, end).
        auto it = std::lower_bound(rows.begin(), rows.end(), cells[c].begin);
        for (; it != rows.end() && *it < cells[c].end; ++it) {
            const std::uint32_t j = *it;
            RubricPairAnswer a;
            a.judgment = j;
            a.cell = static_cast<std::uint32_t>(c);
            a.rep = jt.rep[j];
            a.answer = jt.answer[j];
            a.confidence = jt.confidence(j);
            a.costUsd = jt.costUsd(j);
            a.probabilityOfAnswer = probabilityOf(jt.probsOf(j), a.answer);
            if (out.label.label != answer::kNone && isScoredPrediction(a.answer, out.kind, out.levels)) {
                a.match = a.answer == out.label.label ? RubricAnswerMatch::Right : RubricAnswerMatch::Wrong;
                if (out.kind == TaskKind::Ordinal)
                    a.distance = a.answer - out.label.label;
            }
            out.answers.push_back(a);
        }
    }
    return out;
}

} // namespace tribunal
