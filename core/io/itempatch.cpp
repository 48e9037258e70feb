#include "io/itempatch.h"

#include "io/messagetext.h"

#include <bit>

namespace tribunal {

void ItemPatch::reset(std::optional<std::uint32_t> item)
{
    m_item = item;
    m_textMask = 0;
    m_label = answer::kNone;
}

std::optional<std::string> ItemPatch::text(ItemText field, std::string_view value)
{
    if (value.empty())
        return std::nullopt;
    if (m_item) {
        const StrId current = m_builder.text(*m_item, field);
        if (current != kEmptyStr) {
            if (m_builder.str(current) == value)
                return std::nullopt;
            return disagreement(value, m_builder.str(current), m_origins.describe(*m_item, textField(field)));
        }
    }
    const auto f = static_cast<std::size_t>(field);
    m_text[f] = value;
    m_textMask |= 1u << f;
    return std::nullopt;
}

std::string ItemPatch::labelConflict(TaskKind kind, Answer value, Answer current) const
{
    return disagreement(answerText(kind, value), answerText(kind, current),
                        m_origins.describe(*m_item, ItemField::Label));
}

namespace {
/// Whether the JSON object text `longer` is `shorter` with more fields after its own (`{"a":1}` and
/// `{"a":1,"b":2}`), compared as text: both come from the same writer.
bool extendsFields(std::string_view longer, std::string_view shorter)
{
    return shorter.size() >= 2 && longer.size() > shorter.size() && shorter.back() == '}' &&
           longer.substr(0, shorter.size() - 1) == shorter.substr(0, shorter.size() - 1) &&
           longer[shorter.size() - 1] == ',';
}
} // namespace

std::optional<std::string> ItemPatch::extra(std::string_view json, ExtraKind kind)
{
    if (json.empty())
        return std::nullopt;
    const StrId current = m_item ? m_builder.text(*m_item, ItemText::Extra) : kEmptyStr;
    if (current != kEmptyStr) {
        const std::string_view have = m_builder.str(current);
        if (have == json)
            return std::nullopt;
        // An adapter's fields followed by more (the answers' metadata harnesstexts.cpp appends): the same
        // item. The longer text wins, so an item read with its texts keeps them, whichever file came first.
        if (kind == ExtraKind::KnownFields) {
            if (extendsFields(have, json))
                return std::nullopt;
            if (extendsFields(json, have)) {
                const auto f = static_cast<std::size_t>(ItemText::Extra);
                m_text[f] = json;
                m_textMask |= 1u << f;
                return std::nullopt;
            }
        }
        const std::string origin = m_origins.describe(*m_item, textField(ItemText::Extra));
        if (kind == ExtraKind::KnownFields)
            return disagreement(json, m_builder.str(current), origin);
        return "unknown keys " + quoteForMessage(json) + " disagree with those " + origin;
    }
    const auto f = static_cast<std::size_t>(ItemText::Extra);
    m_text[f] = json;
    m_textMask |= 1u << f;
    return std::nullopt;
}

void ItemPatch::applyStaged(std::uint32_t item, std::uint64_t line)
{
    for (std::uint32_t mask = m_textMask; mask != 0; mask &= mask - 1) {
        const auto f = static_cast<ItemText>(std::countr_zero(mask));
        m_builder.setText(item, f, m_builder.intern(m_text[static_cast<std::size_t>(f)]));
        m_origins.set(item, textField(f), line);
    }
    if (m_label != answer::kNone) {
        m_builder.setLabel(item, m_label);
        m_origins.set(item, ItemField::Label, line);
    }
    reset(std::nullopt);
}

std::string kindMismatch(const AuditBuilder& builder, std::uint32_t item, TaskKind kind)
{
    return "item " + quoteForMessage(builder.str(builder.itemId(item))) + " of dataset " +
           quoteForMessage(builder.str(builder.itemDataset(item))) + " is " +
           std::string(kindName(builder.kind(item))) + ", not " + std::string(kindName(kind));
}

} // namespace tribunal
