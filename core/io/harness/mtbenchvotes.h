#pragma once
// The human votes of one FastChat MT-Bench judgment file (mtbenchimporter.cpp): each vote becomes a rating
// of its item (rater = the `judge` string, value canonical A / B / tie), and the item's label becomes the
// majority of all its ratings. Votes are gathered while the file is read and applied when it ends, because
// a label depends on every vote of the item.
//
// Merging with ratings the item had before this file (a base audit or an earlier file): the same vote again
// is taken once (a re-import adds nothing); the same rater with another value is a conflict, reported at
// the vote's line before anything of that record changes. Not thread-safe: one per import job.

#include "model/auditbuilder.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace tribunal {

/// The majority of `ratings` (pairwise answers): the answer with the most votes, or tie when two answers
/// share the most; kNone when there is no rating.
Answer majorityOf(std::span<const Rating> ratings);

class MtBenchVotes {
public:
    explicit MtBenchVotes(AuditBuilder& builder) : m_builder(builder) {}

    /// Forgets the votes gathered (a new file begins).
    void clear();

    /// Why `rater` voting `value` on `item` (nullopt: an item the audit does not have yet) contradicts one of
    /// its votes, this file's or earlier ones: `rater "expert_0" voted "B" at line 3 and "A" here`.
    std::optional<std::string> conflict(std::optional<std::uint32_t> item, StrId rater, Answer value) const;

    /// Records a vote that conflict() accepted (its record has been committed).
    void add(std::uint32_t item, StrId rater, Answer value, std::uint64_t line);

    /// Called for an item whose votes cannot be applied, with the line of its first vote in this file and
    /// the reason; returns false to stop.
    using BadFn = std::function<bool(std::uint64_t line, std::string reason)>;

    /// Merges the votes into the items' ratings and sets their labels to the majority. An item that has a
    /// label but had no ratings before this file keeps its votes out when the majority disagrees with that
    /// label (reported through `bad`). Returns false when `bad` did.
    bool apply(const BadFn& bad);

private:
    struct Vote {
        Answer value = answer::kNone;
        std::uint64_t line = 0;
    };
    struct ItemVotes {
        std::uint64_t firstLine = 0;
        std::vector<Rating> ratings; // this file's votes, one per rater, in file order
    };
    static std::uint64_t key(std::uint32_t item, StrId rater)
    {
        return std::uint64_t{item} << 32 | std::uint64_t{rater};
    }

    AuditBuilder& m_builder;
    std::unordered_map<std::uint64_t, Vote> m_byRater; // (item, rater) -> this file's vote
    std::unordered_map<std::uint32_t, ItemVotes> m_byItem;
    std::vector<std::uint32_t> m_items; // items in the order of their first vote
};

} // namespace tribunal
