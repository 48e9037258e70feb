#include "analysis/raterreference.h"

#include <cmath>
#include <cstdlib>

namespace tribunal {
namespace {

bool isValid(TaskKind kind, Answer a)
{
    if (kind == TaskKind::Binary)
        return a == answer::kMet || a == answer::kUnmet;
    return kind == TaskKind::Ordinal && a >= 1 && a <= answer::kMaxLevel;
}

/// One comparison; `offsetReference` is the level (or unrounded mean) the ordinal offset is taken against.
void score(AgreementCounts& counts, TaskKind kind, Answer prediction, Answer reference,
           double offsetReference)
{
    ++counts.n;
    counts.exact += prediction == reference ? 1 : 0;
    if (kind != TaskKind::Ordinal)
        return;
    ++counts.ordinal;
    counts.withinOne += std::abs(prediction - reference) <= 1 ? 1 : 0;
    counts.offsetSum += prediction - offsetReference;
}

double ratio(double numerator, std::uint64_t denominator)
{
    return denominator == 0 ? kMissing : numerator / static_cast<double>(denominator);
}

void addRow(RaterReferenceRow& into, const RaterReferenceRow& row)
{
    into.counts.add(row.counts);
    into.pairs += row.pairs;
    into.pairsSkipped += row.pairsSkipped;
    into.tiesSkipped += row.tiesSkipped;
}

} // namespace

double AgreementCounts::exactAccuracy() const
{
    return ratio(static_cast<double>(exact), n);
}

double AgreementCounts::withinOneAccuracy() const
{
    return ratio(static_cast<double>(withinOne), ordinal);
}

double AgreementCounts::offset() const
{
    return ratio(offsetSum, ordinal);
}

void AgreementCounts::add(const AgreementCounts& other)
{
    n += other.n;
    exact += other.exact;
    ordinal += other.ordinal;
    withinOne += other.withinOne;
    offsetSum += other.offsetSum;
}

std::vector<ReferenceScore> raterReferenceScores(const Audit& audit, std::uint32_t item,
                                                 LabelRounding rounding)
{
    std::vector<ReferenceScore> out;
    const TaskKind kind = audit.items().kind[item];
    if (kind == TaskKind::Pairwise)
        return out;
    int count = 0, met = 0;
    double sum = 0;
    for (const Rating& r : audit.items().itemRatings(item)) {
        if (!isValid(kind, r.value))
            continue;
        ++count;
        sum += r.value;
        met += r.value == answer::kMet ? 1 : 0;
    }
    if (count < 2)
        return out;
    for (const Rating& r : audit.items().itemRatings(item)) {
        if (!isValid(kind, r.value))
            continue;
        ReferenceScore s{r.rater, r.value, answer::kNone, kMissing};
        const int others = count - 1;
        if (kind == TaskKind::Binary) {
            // R4: majority of the others; a tie leaves the rating without a reference.
            const int othersMet = met - (r.value == answer::kMet ? 1 : 0);
            s.referenceMean = static_cast<double>(othersMet) / others;
            s.reference = 2 * othersMet > others   ? answer::kMet
                          : 2 * othersMet < others ? answer::kUnmet
                                                   : answer::kNone;
        } else {
            // Edge cases R4: the leave-one-out mean is rounded with the R1 rule.
            s.referenceMean = (sum - r.value) / others;
            s.reference = roundLevel(s.referenceMean, levelRounding(rounding));
        }
        out.push_back(s);
    }
    return out;
}

std::vector<RaterReferencePanel> raterReference(const Audit& audit, LabelRounding rounding)
{
    std::vector<RaterReferencePanel> panels;
    const ItemTable& items = audit.items();
    for (std::uint32_t item = 0; item < items.size(); ++item) {
        const TaskKind kind = items.kind[item];
        if (kind == TaskKind::Pairwise)
            continue;
        const StrId dataset = items.dataset[item];
        const StrId criterion = items.field(ItemText::Criterion, item);
        // Panels and criteria are few: linear look-ups keep first-appearance order without a map.
        RaterReferencePanel* panel = nullptr;
        for (auto& p : panels)
            if (p.dataset == dataset)
                panel = &p;
        if (!panel)
            panel = &panels.emplace_back(RaterReferencePanel{dataset, {}, {}});
        RaterReferenceRow* row = nullptr;
        for (auto& c : panel->criteria)
            if (c.criterion == criterion)
                row = &c;
        if (!row)
            row = &panel->criteria.emplace_back(RaterReferenceRow{criterion, {}, 0, 0, 0});
        const auto scores = raterReferenceScores(audit, item, rounding);
        if (scores.empty()) {
            ++row->pairsSkipped;
            continue;
        }
        ++row->pairs;
        for (const ReferenceScore& s : scores) {
            if (s.reference == answer::kNone) {
                ++row->tiesSkipped;
                continue;
            }
            const double offsetReference =
                rounding == LabelRounding::Unrounded ? s.referenceMean : static_cast<double>(s.reference);
            score(row->counts, kind, s.rating, s.reference, offsetReference);
        }
    }
    for (auto& panel : panels)
        for (const auto& row : panel.criteria)
            addRow(panel.pooled, row);
    return panels;
}

AgreementCounts judgeAgreement(const Audit& audit, StrId dataset, StrId judge, LabelRounding rounding,
                               std::optional<StrId> criterion)
{
    AgreementCounts counts;
    const ItemTable& items = audit.items();
    const JudgmentTable& jt = audit.judgments();
    for (std::uint32_t item = 0; item < items.size(); ++item) {
        const TaskKind kind = items.kind[item];
        if (kind == TaskKind::Pairwise || items.dataset[item] != dataset)
            continue;
        if (criterion && items.field(ItemText::Criterion, item) != *criterion)
            continue;
        const RubricLabel label = rubricLabel(audit, item, levelRounding(rounding));
        if (label.label == answer::kNone)
            continue; // R1: no label (binary tie, nothing given): dropped
        const double offsetReference =
            rounding == LabelRounding::Unrounded ? label.mean : static_cast<double>(label.label);
        // R2: with several runs every run counts as one prediction.
        for (std::uint32_t j : audit.judgmentsOfItem(item))
            if (jt.judge[j] == judge && isValid(kind, jt.answer[j]))
                score(counts, kind, jt.answer[j], label.label, offsetReference);
    }
    return counts;
}

double referenceGap(double judgeExactAccuracy, const AgreementCounts& reference)
{
    const double ref = reference.exactAccuracy();
    if (isMissing(judgeExactAccuracy) || isMissing(ref))
        return kMissing;
    return judgeExactAccuracy - ref;
}

} // namespace tribunal
