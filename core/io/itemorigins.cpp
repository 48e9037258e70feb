#include "io/itemorigins.h"

#include <algorithm>

namespace tribunal {

void ItemOrigins::set(std::uint32_t item, ItemField field, std::uint64_t line)
{
    if (item >= m_block.size())
        m_block.resize(std::max<std::size_t>(item + 1, 2 * m_block.size()), 0);
    auto& block = m_block[item];
    if (block == 0) {
        m_lines.emplace_back();
        m_lines.back().fill(0);
        block = static_cast<std::uint32_t>(m_lines.size());
    }
    m_lines[block - 1][static_cast<std::size_t>(field)] = line;
}

std::uint64_t ItemOrigins::line(std::uint32_t item, ItemField field) const
{
    if (item >= m_block.size() || m_block[item] == 0)
        return 0;
    return m_lines[m_block[item] - 1][static_cast<std::size_t>(field)];
}

std::string ItemOrigins::describe(std::uint32_t item, ItemField field) const
{
    if (const auto at = line(item, field); at > 0)
        return "given at line " + std::to_string(at);
    return "set before this file";
}

void ItemOrigins::clear()
{
    m_block.clear();
    m_lines.clear();
}

} // namespace tribunal
