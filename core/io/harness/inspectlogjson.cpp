// JSON text helpers for Inspect AI logs (see inspectlogjson.h).

#include "io/harness/inspectlogjson.h"

#include <cstring>
#include <string>

namespace tribunal {
namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::size_t skipSpace(std::string_view s, std::size_t p)
{
    while (p < s.size() && isSpace(s[p]))
        ++p;
    return p;
}

/// `p` at an opening quote; returns the offset just past the closing one.
std::size_t skipString(std::string_view s, std::size_t p)
{
    for (++p; p < s.size(); ++p) {
        if (s[p] == '\\')
            ++p;
        else if (s[p] == '"')
            return p + 1;
    }
    return s.size();
}

/// `p` at the start of a value; returns the offset just past it.
std::size_t skipValue(std::string_view s, std::size_t p)
{
    if (p >= s.size())
        return p;
    if (s[p] == '"')
        return skipString(s, p);
    if (s[p] == '{' || s[p] == '[') {
        int depth = 0;
        while (p < s.size()) {
            const char c = s[p];
            if (c == '"') {
                p = skipString(s, p);
                continue;
            }
            if (c == '{' || c == '[')
                ++depth;
            else if ((c == '}' || c == ']') && --depth == 0)
                return p + 1;
            ++p;
        }
        return p;
    }
    while (p < s.size() && !isSpace(s[p]) && s[p] != ',' && s[p] != '}' && s[p] != ']')
        ++p;
    return p;
}

/// The value of `key` in the object starting at `p`, or npos.
std::size_t findKey(std::string_view s, std::size_t p, std::string_view key)
{
    if (p >= s.size() || s[p] != '{')
        return std::string_view::npos;
    p = skipSpace(s, p + 1);
    while (p < s.size() && s[p] == '"') {
        const std::size_t end = skipString(s, p);
        const std::string_view name = s.substr(p + 1, end - p - 2);
        p = skipSpace(s, end);
        if (p >= s.size() || s[p] != ':')
            return std::string_view::npos;
        p = skipSpace(s, p + 1);
        if (name == key)
            return p;
        p = skipSpace(s, skipValue(s, p));
        if (p >= s.size() || s[p] != ',')
            return std::string_view::npos;
        p = skipSpace(s, p + 1);
    }
    return std::string_view::npos;
}

bool startsToken(std::string_view s, std::size_t p, std::string_view token)
{
    return s.compare(p, token.size(), token) == 0;
}

} // namespace

bool replaceNonFiniteNumbers(simdjson::padded_string& text)
{
    const std::string_view s(text.data(), text.size());
    if (s.find("NaN") == std::string_view::npos && s.find("Infinity") == std::string_view::npos)
        return false;
    std::string out;
    bool replaced = false;
    std::size_t copied = 0;
    for (std::size_t p = 0; p < s.size();) {
        if (s[p] == '"') {
            p = skipString(s, p);
            continue;
        }
        std::size_t length = 0;
        if (startsToken(s, p, "NaN"))
            length = 3;
        else if (startsToken(s, p, "Infinity"))
            length = 8;
        else if (startsToken(s, p, "-Infinity"))
            length = 9;
        if (length == 0) {
            ++p;
            continue;
        }
        out.append(s.data() + copied, p - copied).append("null");
        p += length;
        copied = p;
        replaced = true;
    }
    if (!replaced)
        return false;
    out.append(s.data() + copied, s.size() - copied);
    text = simdjson::padded_string(out);
    return true;
}

std::size_t offsetOfPath(std::string_view json, std::size_t from, std::span<const JsonStep> path)
{
    std::size_t at = skipSpace(json, from);
    for (const JsonStep& step : path) {
        std::size_t next = std::string_view::npos;
        if (!step.key.empty()) {
            next = findKey(json, at, step.key);
        } else if (at < json.size() && json[at] == '[') {
            std::vector<std::size_t> elements;
            arrayElementOffsets(json, at, elements);
            if (step.index < elements.size())
                next = elements[step.index];
        }
        if (next == std::string_view::npos)
            return at;
        at = next;
    }
    return at;
}

void arrayElementOffsets(std::string_view json, std::size_t arrayOffset, std::vector<std::size_t>& out)
{
    out.clear();
    std::size_t p = skipSpace(json, arrayOffset);
    if (p >= json.size() || json[p] != '[')
        return;
    p = skipSpace(json, p + 1);
    while (p < json.size() && json[p] != ']') {
        out.push_back(p);
        p = skipSpace(json, skipValue(json, p));
        if (p >= json.size() || json[p] != ',')
            return;
        p = skipSpace(json, p + 1);
    }
}

std::vector<std::string_view> topLevelKeys(std::string_view head)
{
    std::vector<std::string_view> keys;
    std::size_t p = skipSpace(head, 0);
    if (p >= head.size() || head[p] != '{')
        return keys;
    p = skipSpace(head, p + 1);
    while (p < head.size() && head[p] == '"') {
        const std::size_t end = skipString(head, p);
        if (end >= head.size())
            break;
        keys.push_back(head.substr(p + 1, end - p - 2));
        p = skipSpace(head, end);
        if (p >= head.size() || head[p] != ':')
            break;
        p = skipSpace(head, skipValue(head, skipSpace(head, p + 1)));
        if (p >= head.size() || head[p] != ',')
            break;
        p = skipSpace(head, p + 1);
    }
    return keys;
}

} // namespace tribunal
