#pragma once
// Merging the item fields a record gives into the builder's item (../shared/spec/data-format.md: records may
// repeat item fields; an import either completes or changes nothing). A field the item has already must be
// given again identically; a different value is a conflict, reported with where the item's value came from.
// Fields are checked first and applied together afterwards, so a record with a conflict changes nothing.

#include "io/itemorigins.h"
#include "model/auditbuilder.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tribunal {

/// One record's changes to one item. Reuse one patch per reader: reset() keeps its storage, so a record costs
/// no allocation (conflict reasons aside). Strings passed in are views that must stay valid until apply().
/// Not thread-safe.
class ItemPatch {
public:
    ItemPatch(AuditBuilder& builder, ItemOrigins& origins) : m_builder(builder), m_origins(origins) {}

    /// Starts the patch of `item`; nullopt when the record creates the item (nothing can conflict then).
    void reset(std::optional<std::uint32_t> item);

    // Each returns nullopt when the value agrees with the item (staging it when the item lacks it), or the
    // reason of the conflict, e.g. `"Other?" disagrees with "Q?" given at line 2`.
    std::optional<std::string> text(ItemText field, std::string_view value); ///< "" = not given
    std::optional<std::string> label(TaskKind kind, Answer value)            ///< kNone = not given
    {
        const Answer current = m_item && value != answer::kNone ? m_builder.label(*m_item) : answer::kNone;
        if (current == value || value == answer::kNone)
            return std::nullopt;
        if (current == answer::kNone) {
            m_label = value;
            return std::nullopt;
        }
        return labelConflict(kind, value, current);
    }
    /// How a conflict in the item's extra fields is worded.
    enum class ExtraKind {
        UnknownKeys, ///< a record's kept unknown keys: `unknown keys "{...}" disagree with those ...`
        KnownFields, ///< fields an adapter writes there (a harness's candidate models): `"{...}" disagrees
                     ///< with "{...}" <origin>`
    };
    /// The item's extra fields (one JSON object text). KnownFields also agree when one text is the other
    /// with more fields after its own (an item whose answers' metadata was added, harnesstexts.h); the
    /// longer one is kept.
    std::optional<std::string> extra(std::string_view json, ExtraKind kind = ExtraKind::UnknownKeys);

    /// Applies the staged fields to `item` (the one of reset(), or the row just created) and records `line`
    /// as their origin.
    void apply(std::uint32_t item, std::uint64_t line)
    {
        if (m_textMask != 0 || m_label != answer::kNone)
            applyStaged(item, line);
    }

private:
    std::string labelConflict(TaskKind kind, Answer value, Answer current) const;
    void applyStaged(std::uint32_t item, std::uint64_t line);

    AuditBuilder& m_builder;
    ItemOrigins& m_origins;
    std::optional<std::uint32_t> m_item;
    std::array<std::string_view, kItemTextCount> m_text{}; // ItemText::Extra included
    std::uint32_t m_textMask = 0;                          // bit f: m_text[f] is staged
    Answer m_label = answer::kNone;                        // staged when not kNone
};

/// The reason an existing item cannot take a record that implies `kind`: `item "u1" of dataset "d" is binary,
/// not pairwise`.
std::string kindMismatch(const AuditBuilder& builder, std::uint32_t item, TaskKind kind);

/// Why an existing item cannot take a record that implies `kind`, or nullopt when the kinds agree.
inline std::optional<std::string> kindProblem(const AuditBuilder& builder, std::uint32_t item, TaskKind kind)
{
    if (builder.kind(item) == kind)
        return std::nullopt;
    return kindMismatch(builder, item, kind);
}

} // namespace tribunal
