#pragma once
// Collects items and judgments as importers read them, then builds the immutable Audit snapshot.

#include "audit.h"
#include "importissue.h"
#include "progress.h"

#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tribunal {

/// Where a record came from, for error messages: a file registered with addSourceFile() and a 1-based line.
/// file 0 is "the audit this builder started from".
struct SourceRef {
    std::uint32_t file = 0;
    std::uint64_t line = 0;
};

/// One judgment as an importer hands it over. Strings must already be interned in the builder.
struct JudgmentInput {
    std::uint32_t item = 0;
    StrId judge = kEmptyStr;
    StrId format = kEmptyStr;
    CondId condition = 0;
    Order order = Order::None;
    std::uint16_t rep = 1;
    Answer answer = answer::kNone;
    StrId raw = kEmptyStr;
    StrId error = kEmptyStr;
    StrId test = kEmptyStr;
    StrId version = kEmptyStr;
    Variant variant = Variant::None;
    Cue cue = Cue::None;
    StrId extra = kEmptyStr;
    double confidence = kMissing;
    double costUsd = kMissing;
    double latencyS = kMissing;
    std::int64_t tokensIn = kMissingCount;
    std::int64_t tokensOut = kMissingCount;
    std::span<const ProbEntry> probs;
    SourceRef source;
};

/// Not thread-safe: one builder belongs to one import job. Building from an existing audit and then failing
/// leaves that audit untouched (the builder works on copies), which is how imports are all-or-nothing.
class AuditBuilder {
public:
    AuditBuilder();
    /// Continues from `base`: its items and judgments come first, in their import order.
    explicit AuditBuilder(const Audit& base);

    StrId intern(std::string_view text) { return m_strings.intern(text); }
    std::string_view str(StrId id) const { return m_strings.view(id); }
    StringPool& strings() { return m_strings; }

    /// Registers a source file name for SourceRef::file; returns its index (>= 1).
    std::uint32_t addSourceFile(std::string name);
    const std::string& sourceFile(std::uint32_t index) const { return m_sourceFiles[index]; }
    /// Renames source file `index` (messages name it): a file read through a temporary copy is named as
    /// given.
    void renameSourceFile(std::uint32_t index, std::string name) { m_sourceFiles[index] = std::move(name); }
    /// The index the next addSourceFile() returns.
    std::size_t sourceFileCount() const { return m_sourceFiles.size(); }

    /// Interns a condition set. Pairs are sorted by key text; the caller ensures keys are unique.
    CondId internCondition(Condition pairs);
    const Condition& condition(CondId id) const { return m_conditions[id]; }
    /// Registers a condition key ahead of use, so Audit::conditionKeys() keeps the source's column order (a
    /// CSV header) rather than the order keys first occur in condition sets (which are sorted by key).
    void addConditionKey(StrId key);

    // Items
    // --------------------------------------------------------------------------------------------------
    std::optional<std::uint32_t> findItem(StrId dataset, StrId itemId) const;
    /// Adds a new item (precondition: findItem() found none) with no label and no texts.
    std::uint32_t addItem(StrId dataset, StrId itemId, TaskKind kind);
    std::size_t itemCount() const { return m_items.dataset.size(); }
    StrId itemDataset(std::uint32_t item) const { return m_items.dataset[item]; }
    StrId itemId(std::uint32_t item) const { return m_items.itemId[item]; }
    TaskKind kind(std::uint32_t item) const { return m_items.kind[item]; }
    void setKind(std::uint32_t item, TaskKind kind) { m_items.kind[item] = kind; }
    Answer label(std::uint32_t item) const { return m_items.label[item]; }
    void setLabel(std::uint32_t item, Answer label) { m_items.label[item] = label; }
    StrId text(std::uint32_t item, ItemText field) const
    {
        return m_items.text[static_cast<int>(field)][item];
    }
    void setText(std::uint32_t item, ItemText field, StrId value)
    {
        m_items.text[static_cast<int>(field)][item] = value;
    }
    std::span<const StrId> levels(std::uint32_t item) const;
    void setLevels(std::uint32_t item, std::vector<StrId> levels);
    std::span<const Rating> ratings(std::uint32_t item) const;
    void setRatings(std::uint32_t item, std::vector<Rating> ratings);

    // Judgments
    // ----------------------------------------------------------------------------------------------
    void reserveJudgments(std::size_t count);
    void addJudgment(const JudgmentInput& judgment);
    std::size_t judgmentCount() const { return m_judgments.item.size(); }
    /// The item row of judgment `row` (< judgmentCount()).
    std::uint32_t judgmentItem(std::size_t row) const { return m_judgments.item[row]; }
    /// Where judgment `row` came from (file 0 for the base audit's judgments), for messages that name the
    /// file an earlier record was read from.
    SourceRef judgmentSource(std::size_t row) const { return m_sources[row]; }
    /// Drops judgments added after the first `count` (used to undo a partly added record).
    void truncateJudgments(std::size_t count);

    /// Appends `part` as if its records had been added here, in order, after this builder's: the second
    /// half of a file read on another thread (importers' split reading). `part` started empty and registered
    /// one source file, which becomes `file` here, its lines `lineOffset` further on. Strings, conditions,
    /// items and judgments are added in `part`'s order, so the result equals reading the whole file here.
    /// Returns false and changes nothing when that equality cannot be shown without re-reading the records:
    /// an item of `part` this builder has already differs in kind, sets a label, text, levels or ratings
    /// the item has otherwise, or sets levels, ratings or an ordinal label the item lacks (the checks a
    /// sequential read makes against earlier rows), or answers or probabilities of its judgments lie beyond
    /// the levels an ordinal item has here. `part` is left empty on success.
    bool appendPart(AuditBuilder&& part, std::uint32_t file, std::uint64_t lineOffset);

    /// Builds the snapshot. Two judgments with the same key (item, judge, format, condition, bias fields,
    /// order, rep): a copy whose every field both record agrees is merged (the first kept, unless only the
    /// later has probabilities, with the fields only the other records; a note per file counts them); a copy
    /// that differs is a conflict, a bad record ("conflicting judgment: ..., different <field>"): with
    /// StopAtFirst the log fails and nullptr is returned; with SkipAndList the later copy is dropped and
    /// listed. The builder is left empty afterwards.
    AuditPtr build(ImportLog& log, const Progress& progress = {});

private:
    /// The row here of each of `part`'s items (UINT32_MAX: new), or nullopt when appendPart must refuse.
    std::optional<std::vector<std::uint32_t>> matchPartItems(const AuditBuilder& part) const;

    StringPool m_strings;
    ItemTable m_items; // levelBegin / ratingBegin unused here: see m_levels / m_ratings
    std::unordered_map<std::uint64_t, std::uint32_t> m_itemIndex;
    std::unordered_map<std::uint32_t, std::vector<StrId>> m_levels;
    std::unordered_map<std::uint32_t, std::vector<Rating>> m_ratings;
    JudgmentTable m_judgments; // probBegin has size()+1 entries once any judgment has probabilities
    std::vector<SourceRef> m_sources;
    std::vector<std::string> m_sourceFiles{"(open audit)"};
    std::vector<Condition> m_conditions{Condition{}};
    std::unordered_map<std::string, CondId> m_conditionIndex;
    std::vector<StrId> m_conditionKeys;
    std::unordered_set<StrId> m_conditionKeySet; // m_conditionKeys, for addConditionKey's check
};

} // namespace tribunal
