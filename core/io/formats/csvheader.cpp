#include "io/formats/csvheader.h"

#include "model/spreadsheettext.h"

#include "model/decimaltext.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace tribunal {

bool CsvHeader::read(const CsvRecord& rec, std::span<const std::string_view> known, int required,
                     std::span<int> columnAt, AuditBuilder& builder, ImportLog& log, const std::string& path,
                     std::uint64_t line)
{
    auto fatal = [&](std::string field, std::string reason) {
        log.fatal({path, line, std::move(field), std::move(reason)});
        return false;
    };
    if (rec.errorField >= 0)
        return fatal("column " + std::to_string(rec.errorField + 1), rec.errorReason);
    std::fill(columnAt.begin(), columnAt.end(), -1);
    // Hashed, so that a header of a million columns is checked in linear time.
    std::unordered_map<std::string_view, std::size_t> knownIndex;
    for (std::size_t k = 0; k < known.size(); ++k)
        knownIndex.emplace(known[k], k);
    std::unordered_set<std::string_view> seen; // views into `rec`, which outlives this function's use
    seen.reserve(rec.fields.size());
    std::vector<std::size_t> unknown;
    m_names.reserve(rec.fields.size());
    for (std::size_t i = 0; i < rec.fields.size(); ++i) {
        const std::string_view name = m_dropGuards ? unguardedText(rec.fields[i]) : rec.fields[i];
        if (name.empty())
            return fatal("column " + std::to_string(i + 1), "empty column name");
        if (!seen.insert(name).second)
            return fatal(std::string(name), "duplicate column");
        m_names.emplace_back(name);
        if (auto k = knownIndex.find(name); k != knownIndex.end())
            columnAt[k->second] = static_cast<int>(i);
        else
            unknown.push_back(i);
    }
    for (int c = 0; c < required; ++c)
        if (columnAt[static_cast<std::size_t>(c)] < 0)
            return fatal(std::string(known[static_cast<std::size_t>(c)]), "missing required column");
    m_conditionColumns.reserve(unknown.size());
    for (const std::size_t i : unknown)
        m_conditionColumns.emplace_back(i, builder.intern(m_names[i]));
    for (const auto& column : m_conditionColumns)
        builder.addConditionKey(column.second); // keep the header's column order
    m_lastConditionCells.resize(m_conditionColumns.size());
    return true;
}

std::string CsvHeader::columnName(std::size_t index) const
{
    return index < m_names.size() ? m_names[index] : "column " + std::to_string(index + 1);
}

std::optional<std::pair<std::string, std::string>> CsvHeader::shapeProblem(const CsvRecord& rec) const
{
    if (rec.errorField >= 0)
        return std::pair{columnName(static_cast<std::size_t>(rec.errorField)), rec.errorReason};
    if (rec.fields.size() != m_names.size())
        return std::pair{std::string(), "expected " + std::to_string(m_names.size()) +
                                            " fields (as in the header), found " +
                                            std::to_string(rec.fields.size())};
    return std::nullopt;
}

CondId CsvHeader::condition(const CsvRecord& rec, AuditBuilder& builder)
{
    if (m_conditionColumns.empty())
        return 0;
    if (m_haveLastCondition) {
        bool same = true;
        for (std::size_t k = 0; k < m_conditionColumns.size() && same; ++k)
            same = rec.fields[m_conditionColumns[k].first] == m_lastConditionCells[k];
        if (same)
            return m_lastCondition;
    }
    Condition pairs;
    for (std::size_t k = 0; k < m_conditionColumns.size(); ++k) {
        const std::string_view cell = rec.fields[m_conditionColumns[k].first];
        m_lastConditionCells[k].assign(cell);
        const std::string_view value = m_dropGuards ? unguardedText(cell) : cell;
        if (value.empty())
            continue;
        // One number written two ways (`1`, `1.0`) is one condition value (decimaltext.h).
        const auto canonical = canonicalDecimal(value);
        pairs.emplace_back(m_conditionColumns[k].second, builder.intern(canonical ? *canonical : value));
    }
    m_lastCondition = builder.internCondition(std::move(pairs));
    m_haveLastCondition = true;
    return m_lastCondition;
}

} // namespace tribunal
