#include "analysis/rubriclabels.h"

#include <algorithm>
#include <cmath>

namespace tribunal {
namespace {

bool isLevel(Answer a)
{
    return a >= 1 && a <= answer::kMaxLevel;
}

} // namespace

std::string_view labelRoundingName(LabelRounding rounding)
{
    switch (rounding) {
    case LabelRounding::HalfUp:
        return "half-up";
    case LabelRounding::HalfDown:
        return "half-down";
    case LabelRounding::Unrounded:
        return "unrounded";
    }
    return {};
}

Answer roundLevel(double mean, LabelRounding rounding)
{
    if (std::isnan(mean) || rounding == LabelRounding::Unrounded)
        return answer::kNone;
    const double fraction = mean - std::floor(mean);
    // A mean of integer ratings is a ratio; snap values that are a half up to rounding error.
    if (std::abs(fraction - 0.5) < 1e-9)
        return static_cast<Answer>(rounding == LabelRounding::HalfUp ? std::floor(mean) + 1
                                                                     : std::floor(mean));
    return static_cast<Answer>(std::lround(mean));
}

RubricLabel rubricLabel(const Audit& audit, std::uint32_t item, LabelRounding rounding)
{
    RubricLabel out;
    const ItemTable& items = audit.items();
    const TaskKind kind = items.kind[item];
    if (kind == TaskKind::Pairwise)
        return out;
    const auto ratings = items.itemRatings(item);
    int count = 0, met = 0;
    double sum = 0;
    Answer first = answer::kNone;
    for (const Rating& r : ratings) {
        const bool valid = kind == TaskKind::Binary ? (r.value == answer::kMet || r.value == answer::kUnmet)
                                                    : isLevel(r.value);
        if (!valid)
            continue;
        if (count == 0)
            first = r.value;
        else if (r.value != first)
            out.unanimous = false;
        ++count;
        sum += r.value;
        met += r.value == answer::kMet ? 1 : 0;
    }
    out.raters = count;
    if (count == 0) {
        const Answer given = items.label[item];
        out.label = given;
        if (kind == TaskKind::Ordinal && isLevel(given))
            out.mean = given;
        else if (kind == TaskKind::Binary && (given == answer::kMet || given == answer::kUnmet))
            out.mean = given == answer::kMet ? 1.0 : 0.0;
        else
            out.label = answer::kNone;
        return out;
    }
    if (kind == TaskKind::Binary) {
        out.mean = static_cast<double>(met) / count;
        out.label = 2 * met > count ? answer::kMet : 2 * met < count ? answer::kUnmet : answer::kNone;
        return out;
    }
    out.mean = sum / count;
    // Unrounded: offsets read `mean`; the level is the default half-up one (see the header).
    out.label = roundLevel(out.mean, rounding == LabelRounding::Unrounded ? LabelRounding::HalfUp : rounding);
    return out;
}

int scaleLevels(const Audit& audit, std::uint32_t item)
{
    const ItemTable& items = audit.items();
    if (items.kind[item] == TaskKind::Binary)
        return 2;
    if (!items.levels(item).empty())
        return static_cast<int>(items.levels(item).size());
    int k = isLevel(items.label[item]) ? items.label[item] : 0;
    for (const Rating& r : items.itemRatings(item))
        if (isLevel(r.value))
            k = std::max<int>(k, r.value);
    const JudgmentTable& jt = audit.judgments();
    for (std::uint32_t j : audit.judgmentsOfItem(item))
        if (isLevel(jt.answer[j]))
            k = std::max<int>(k, jt.answer[j]);
    return k;
}

bool isRubricKind(TaskKind kind)
{
    return kind == TaskKind::Binary || kind == TaskKind::Ordinal;
}

LabelRounding levelRounding(LabelRounding rounding)
{
    return rounding == LabelRounding::Unrounded ? LabelRounding::HalfUp : rounding;
}

bool isScoredPrediction(Answer predicted, TaskKind kind, int levels)
{
    if (kind == TaskKind::Binary)
        return predicted == answer::kMet || predicted == answer::kUnmet;
    return kind == TaskKind::Ordinal && predicted >= 1 && predicted <= levels;
}

} // namespace tribunal
