// The human votes of one FastChat MT-Bench file as ratings and majority labels (see mtbenchvotes.h).

#include "io/harness/mtbenchvotes.h"

#include "io/messagetext.h"

#include <algorithm>
#include <array>

namespace tribunal {

namespace {

/// `"A"`, `"B"` or `"tie"`: a canonical pairwise answer as messages quote it.
std::string quotedAnswer(Answer value)
{
    return quoteForMessage(answerText(TaskKind::Pairwise, value));
}

std::string voteConflict(StrId rater, const AuditBuilder& builder, Answer earlier, std::string_view where,
                         Answer value)
{
    return "rater " + quoteForMessage(builder.str(rater)) + " voted " + quotedAnswer(earlier) + " " +
           std::string(where) + " and " + quotedAnswer(value) + " here";
}

} // namespace

Answer majorityOf(std::span<const Rating> ratings)
{
    std::array<int, 3> count{}; // A, B, tie
    for (const auto& r : ratings)
        if (r.value >= answer::kA && r.value <= answer::kTie)
            ++count[static_cast<std::size_t>(r.value - answer::kA)];
    const int most = std::max({count[0], count[1], count[2]});
    if (most == 0)
        return answer::kNone;
    int winners = 0;
    Answer winner = answer::kTie;
    for (std::size_t k = 0; k < count.size(); ++k)
        if (count[k] == most) {
            ++winners;
            winner = static_cast<Answer>(answer::kA + static_cast<Answer>(k));
        }
    // Two answers sharing the most votes: the raters are split, which is a tie.
    return winners == 1 ? winner : answer::kTie;
}

void MtBenchVotes::clear()
{
    m_byRater.clear();
    m_byItem.clear();
    m_items.clear();
}

std::optional<std::string> MtBenchVotes::conflict(std::optional<std::uint32_t> item, StrId rater,
                                                  Answer value) const
{
    if (!item)
        return std::nullopt;
    if (auto it = m_byRater.find(key(*item, rater)); it != m_byRater.end()) {
        if (it->second.value == value)
            return std::nullopt;
        return voteConflict(rater, m_builder, it->second.value, "at line " + std::to_string(it->second.line),
                            value);
    }
    // The builder's ratings are those from before this file: this file's are applied at its end.
    for (const auto& r : m_builder.ratings(*item))
        if (r.rater == rater && r.value != value)
            return voteConflict(rater, m_builder, r.value, "before this file", value);
    return std::nullopt;
}

void MtBenchVotes::add(std::uint32_t item, StrId rater, Answer value, std::uint64_t line)
{
    if (!m_byRater.try_emplace(key(item, rater), Vote{value, line}).second)
        return; // the same vote again
    auto [it, added] = m_byItem.try_emplace(item);
    if (added) {
        it->second.firstLine = line;
        m_items.push_back(item);
    }
    it->second.ratings.push_back(Rating{rater, value});
}

bool MtBenchVotes::apply(const BadFn& bad)
{
    std::vector<Rating> merged;
    for (const std::uint32_t item : m_items) {
        const auto& votes = m_byItem.at(item);
        const auto before = m_builder.ratings(item);
        merged.assign(before.begin(), before.end());
        for (const auto& vote : votes.ratings) {
            bool known = false;
            for (const auto& r : before)
                known = known || r.rater == vote.rater; // same value: conflict() refused any other
            if (!known)
                merged.push_back(vote);
        }
        const Answer majority = majorityOf(merged);
        const Answer label = m_builder.label(item);
        // A label that came with ratings was their majority and is recomputed; one without ratings came from
        // elsewhere (a Tribunal file, say) and must agree.
        if (before.empty() && label != answer::kNone && label != majority) {
            if (!bad(votes.firstLine, "the votes' majority " + quotedAnswer(majority) +
                                          " disagrees with the item's label " + quotedAnswer(label) +
                                          " set before this file"))
                return false;
            continue;
        }
        m_builder.setRatings(item, merged);
        m_builder.setLabel(item, majority);
    }
    return true;
}

} // namespace tribunal
