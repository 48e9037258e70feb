#include "analysis/confidenterrors.h"

#include "analysis/confidence.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>
#include <tuple>

namespace tribunal {

namespace {

std::string_view textOf(const Audit& audit, const RubricVerdictTable& t, std::size_t pair, ItemText field)
{
    return audit.str(audit.items().field(field, t.items[pair]));
}

/// Sorts by `key` descending (NaN last), ties by unit id text, criterion text, pair order.
template <class Key>
void sortErrors(const Audit& audit, const RubricVerdictTable& t, std::vector<ConfidentError>& errors, Key key)
{
    std::stable_sort(errors.begin(), errors.end(), [&](const ConfidentError& a, const ConfidentError& b) {
        const double ka = key(a), kb = key(b);
        const bool na = std::isnan(ka), nb = std::isnan(kb);
        if (na != nb)
            return nb;
        if (!na && ka != kb)
            return ka > kb;
        const auto ua = textOf(audit, t, a.pair, ItemText::UnitId),
                   ub = textOf(audit, t, b.pair, ItemText::UnitId);
        if (ua != ub)
            return ua < ub;
        return textOf(audit, t, a.pair, ItemText::Criterion) < textOf(audit, t, b.pair, ItemText::Criterion);
    });
}

} // namespace

std::vector<ConfidentError> allErrors(const RubricVerdictTable& t, std::size_t first, TaskKind kind)
{
    std::vector<ConfidentError> out;
    for (std::size_t p = 0; p < t.pairCount(); ++p) {
        const RubricVerdict& v = t.at(first, p);
        if (t.kind[p] != kind || v.status != VerdictStatus::Wrong)
            continue;
        out.push_back(
            {p, v.answer, v.confidence, v.pMet, kind == TaskKind::Binary && v.answer == answer::kMet});
    }
    return out;
}

std::vector<ConfidentError> confidentErrors(const Audit& audit, const RubricVerdictTable& t,
                                            std::size_t first, TaskKind kind, int n)
{
    std::vector<ConfidentError> errors = allErrors(t, first, kind);
    const auto take = [](std::vector<ConfidentError>& v, std::size_t count) {
        v.resize(std::min(v.size(), count));
    };
    const auto count = static_cast<std::size_t>(std::max(n, 0));
    if (kind != TaskKind::Binary) {
        sortErrors(audit, t, errors, [](const ConfidentError& e) { return e.confidence; });
        take(errors, count);
        return errors;
    }
    // K3 binary: false positives by P(MET) descending, false negatives by P(MET) ascending.
    std::vector<ConfidentError> positives, negatives;
    for (const ConfidentError& e : errors)
        (e.falsePositive ? positives : negatives).push_back(e);
    sortErrors(audit, t, positives, [](const ConfidentError& e) { return e.pMet; });
    sortErrors(audit, t, negatives, [](const ConfidentError& e) { return -e.pMet; });
    take(positives, (count + 1) / 2);
    take(negatives, count / 2);
    positives.insert(positives.end(), negatives.begin(), negatives.end());
    return positives;
}

RepeatCheck checkRepeat(const Audit& audit, const RubricVerdictTable& t, const ConfidentError& e,
                        std::size_t other)
{
    RepeatCheck c;
    const RubricVerdict& v = t.at(other, e.pair);
    if (!isScoredVerdict(v.status))
        return c;
    // K4 baseline: the other judge's rate of answering w on the other pairs with this criterion and label.
    const StrId criterion = audit.items().field(ItemText::Criterion, t.items[e.pair]);
    const Answer label = t.labels[e.pair].label;
    std::uint32_t scored = 0, same = 0;
    for (std::size_t p = 0; p < t.pairCount(); ++p) {
        if (p == e.pair || t.labels[p].label != label || t.kind[p] != t.kind[e.pair] ||
            audit.items().field(ItemText::Criterion, t.items[p]) != criterion)
            continue;
        const RubricVerdict& w = t.at(other, p);
        if (!isScoredVerdict(w.status))
            continue;
        ++scored;
        same += w.answer == e.answer ? 1u : 0u;
    }
    if (scored == 0)
        return c;
    c.eligible = true;
    c.repeated = v.answer == e.answer;
    c.baseline = static_cast<double>(same) / static_cast<double>(scored);
    return c;
}

double RepeatSummary::share() const
{
    return checks == 0 ? kMissing : static_cast<double>(repeats) / static_cast<double>(checks);
}

double RepeatSummary::baselineShare() const
{
    return checks == 0 ? kMissing : expectedRepeats / static_cast<double>(checks);
}

namespace {

/// One judge's scored answers per (criterion, kind, label): the K4 baselines of every pair in one pass, each
/// pair's own answer taken out (checkRepeat's definition, without its per-pair scan).
class BaselineIndex {
public:
    BaselineIndex(const Audit& audit, const RubricVerdictTable& t, std::size_t judge)
        : m_audit(audit), m_t(t), m_judge(judge)
    {
        for (std::size_t p = 0; p < t.pairCount(); ++p) {
            const RubricVerdict& v = t.at(judge, p);
            if (!isScoredVerdict(v.status))
                continue;
            Counts& c = m_counts[keyOf(p)];
            ++c.scored;
            ++c.answers[v.answer];
        }
    }

    RepeatCheck check(const ConfidentError& e) const
    {
        RepeatCheck c;
        const RubricVerdict& v = m_t.at(m_judge, e.pair);
        if (!isScoredVerdict(v.status))
            return c;
        const auto it = m_counts.find(keyOf(e.pair));
        // The judge scored this pair, so the group exists; take the pair itself out.
        const std::uint32_t scored = it->second.scored - 1;
        const auto same = it->second.answers.find(e.answer);
        std::uint32_t sameCount = same == it->second.answers.end() ? 0u : same->second;
        if (v.answer == e.answer)
            --sameCount;
        if (scored == 0)
            return c;
        c.eligible = true;
        c.repeated = v.answer == e.answer;
        c.baseline = static_cast<double>(sameCount) / static_cast<double>(scored);
        return c;
    }

private:
    using Key = std::tuple<StrId, TaskKind, Answer>;
    struct Counts {
        std::uint32_t scored = 0;
        std::map<Answer, std::uint32_t> answers;
    };
    Key keyOf(std::size_t p) const
    {
        return {m_audit.items().field(ItemText::Criterion, m_t.items[p]), m_t.kind[p], m_t.labels[p].label};
    }
    const Audit& m_audit;
    const RubricVerdictTable& m_t;
    std::size_t m_judge;
    std::map<Key, Counts> m_counts;
};

} // namespace

RepeatSummary summariseRepeats(const Audit& audit, const RubricVerdictTable& t,
                               std::span<const ConfidentError> errors, std::span<const std::size_t> others)
{
    RepeatSummary s;
    std::vector<BaselineIndex> indices;
    for (std::size_t other : others)
        indices.emplace_back(audit, t, other);
    for (const ConfidentError& e : errors)
        for (const BaselineIndex& index : indices) {
            const RepeatCheck c = index.check(e);
            if (!c.eligible) {
                ++s.noBaseline;
                continue;
            }
            ++s.checks;
            s.repeats += c.repeated ? 1u : 0u;
            s.expectedRepeats += c.baseline;
            if (std::isnan(e.confidence))
                continue;
            const auto band = static_cast<std::size_t>(confidenceBand(e.confidence));
            ++s.bandChecks[band];
            s.bandRepeats[band] += c.repeated ? 1u : 0u;
            s.bandExpected[band] += c.baseline;
        }
    return s;
}

std::vector<ConfidentAnswer> judgeConfidentAnswers(const Audit& audit, const RubricVerdictTable& table,
                                                   std::size_t judge, TaskKind kind)
{
    const ItemTable& items = audit.items();
    std::vector<ConfidentAnswer> out;
    for (std::size_t p = 0; p < table.pairCount(); ++p) {
        const RubricVerdict& v = table.at(judge, p);
        if (table.kind[p] != kind || std::isnan(v.confidence) ||
            (v.status != VerdictStatus::Right && v.status != VerdictStatus::Wrong))
            continue;
        const std::uint32_t item = table.items[p];
        const StrId unit = items.field(ItemText::UnitId, item);
        out.push_back({v.confidence, v.status == VerdictStatus::Right,
                       audit.str(unit == kEmptyStr ? items.itemId[item] : unit),
                       audit.str(items.field(ItemText::Criterion, item))});
    }
    return out;
}

} // namespace tribunal
