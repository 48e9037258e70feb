#pragma once
// Duplicate-name detection for one JSON object (JSON allows a key twice; the importers refuse it).

#include <string_view>
#include <unordered_set>
#include <vector>

namespace tribunal {

/// The names seen in one JSON object: a linear scan while few, a hash set beyond 16, so an object with
/// thousands of keys stays linear. clear() keeps the storage (no allocation per object once warm). Not
/// thread-safe.
class NameSet {
public:
    void clear()
    {
        m_small.clear();
        if (!m_big.empty()) // clearing zeroes every bucket: only when used
            m_big.clear();
    }
    /// False when `name` was inserted before (the view must stay valid until clear()).
    bool insert(std::string_view name)
    {
        if (!m_big.empty())
            return m_big.insert(name).second;
        for (auto n : m_small)
            if (n == name)
                return false;
        m_small.push_back(name);
        if (m_small.size() > 16)
            m_big.insert(m_small.begin(), m_small.end());
        return true;
    }

private:
    std::vector<std::string_view> m_small;
    std::unordered_set<std::string_view> m_big;
};

} // namespace tribunal
