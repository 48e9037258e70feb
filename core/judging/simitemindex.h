#pragma once
// The items tribunal-judge-sim (judgesimserver.h) can answer, and matching a prompt to one of them.
//
// Each item is indexed by a prefix (at most 32 characters) of one of its texts: response A for pairwise
// items; the submission, else the criterion, else the input for rubric items. Matching a message finds the
// items whose key occurs in it (one rolling-hash pass per distinct key length), then keeps the candidate
// whose texts all occur in the message with the largest total length of matched text (the most specific
// item). For pairwise items the order (AB / BA) is which response appears first.
//
// Immutable after construction: const members are safe to call from several threads.

#include "model/audit.h"
#include "promptitems.h"

#include <QString>
#include <QStringView>

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

namespace tribunal {

struct SimItem {
    PromptItem texts;
    QString itemId;
    Answer label = answer::kNone;
    QString key; // the prefix the item is indexed by
};

struct SimMatch {
    int item = -1; // index into SimItemIndex::item()
    Order order = Order::None;
};

class SimItemIndex {
public:
    /// Indexes the items of `audit` (null = none). Pairwise items need both responses, rubric items a
    /// submission, criterion or input; others are skipped.
    explicit SimItemIndex(const Audit* audit);

    int size() const { return static_cast<int>(m_items.size()); }
    /// `index` in [0, size()).
    const SimItem& item(int index) const { return m_items[static_cast<std::size_t>(index)]; }

    /// The item `message` (the last user message of a prompt) shows, searched among the pairwise items when
    /// `pairwise`, else among the rubric items; nullopt when none matches.
    std::optional<SimMatch> match(const QString& message, bool pairwise) const;

private:
    // Items by key: key length -> hash of the key -> items.
    using KeyTable = std::map<int, std::unordered_map<std::uint64_t, std::vector<int>>>;

    static void addKey(KeyTable& table, int item, const QString& key);
    std::vector<int> candidates(const KeyTable& table, QStringView message) const;

    std::vector<SimItem> m_items;
    KeyTable m_pairwiseKeys, m_rubricKeys;
};

} // namespace tribunal
