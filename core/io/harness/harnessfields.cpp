// Known and kept keys of one harness record (see harnessfields.h).

#include "io/harness/harnessfields.h"

#include "model/types.h"

#include <cassert>

namespace tribunal {

namespace dom = simdjson::dom;

std::optional<HarnessProblem> HarnessFields::collect(dom::object object, std::string path)
{
    assert(m_known.size() <= 64);
    m_path = std::move(path);
    m_present = 0;
    m_value.assign(m_known.size(), dom::element());
    m_unknown.clear();
    m_extra.clear();
    m_extraWritten = false;
    m_unknownNames.clear();
    for (dom::key_value_pair field : object) {
        const int k = indexOfKey(m_known, field.key);
        if (k < 0) {
            if (!m_unknownNames.insert(field.key)) // a hash set beyond 16 keys: no quadratic scan
                return HarnessProblem{this->field(field.key), "duplicate key"};
            m_unknown.emplace_back(field.key, field.value);
            continue;
        }
        if (has(k))
            return HarnessProblem{this->field(k), "duplicate key"};
        m_present |= std::uint64_t{1} << k;
        m_value[static_cast<std::size_t>(k)] = field.value;
    }
    return std::nullopt;
}

std::string HarnessFields::field(int k) const
{
    return field(m_known[static_cast<std::size_t>(k)]);
}

std::string HarnessFields::field(std::string_view key) const
{
    if (m_path.empty())
        return std::string(key);
    std::string out = m_path;
    out += '.';
    out += key;
    return out;
}

std::string_view HarnessFields::extra()
{
    if (!m_extraWritten) {
        m_extra.clear();
        appendUnknown(m_extra);
        if (!m_extra.empty())
            m_extra += '}';
        m_extraWritten = true;
    }
    return m_extra;
}

void HarnessFields::appendUnknown(std::string& out) const
{
    for (const auto& [key, value] : m_unknown)
        appendKeptField(out, key, value);
}

HarnessProblem HarnessFields::typeProblem(int k, std::string_view what) const
{
    return problem(k,
                   "expected " + std::string(what) + ", got " + std::string(jsonTypeName(value(k).type())));
}

std::optional<HarnessProblem> HarnessFields::requiredString(int k, std::string_view& out) const
{
    if (!has(k))
        return problem(k, "required key is missing");
    if (value(k).type() != dom::element_type::STRING)
        return typeProblem(k, "a string");
    out = stringOf(value(k));
    if (out.empty())
        return problem(k, "must not be empty");
    return std::nullopt;
}

std::optional<HarnessProblem> HarnessFields::optionalString(int k, std::string_view& out) const
{
    out = {};
    if (!given(k))
        return std::nullopt;
    if (value(k).type() != dom::element_type::STRING)
        return typeProblem(k, "a string");
    out = stringOf(value(k));
    return std::nullopt;
}

std::optional<HarnessProblem> HarnessFields::requiredId(int k, std::string& out) const
{
    if (!has(k))
        return problem(k, "required key is missing");
    const auto type = value(k).type();
    if (type == dom::element_type::INT64 || type == dom::element_type::UINT64) {
        char buffer[kScalarTextBytes];
        out.assign(buffer, scalarText(value(k), buffer));
        return std::nullopt;
    }
    if (type != dom::element_type::STRING)
        return typeProblem(k, "a string or an integer");
    out.assign(stringOf(value(k)));
    if (out.empty())
        return problem(k, "must not be empty");
    return std::nullopt;
}

std::optional<HarnessProblem> HarnessFields::optionalNumber(int k, double& out, NumberRange range) const
{
    out = kMissing;
    if (!given(k))
        return std::nullopt;
    if (!isJsonNumber(value(k)))
        return typeProblem(k, "a number");
    const double v = jsonNumber(value(k));
    if (auto reason = rangeProblem(v, range))
        return problem(k, std::move(*reason));
    out = v;
    return std::nullopt;
}

} // namespace tribunal
