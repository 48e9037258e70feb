#pragma once
// Minimal streaming JSON writer (no Qt): compact output, UTF-8 passed through, control characters escaped,
// doubles in shortest round-trip form (so a written value reads back bit-identical).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

class JsonWriter {
public:
    explicit JsonWriter(std::string& out) : m_out(out) {}

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view name);
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(double number); ///< NaN and infinities are written as null
    JsonWriter& value(std::int64_t number);
    JsonWriter& value(std::uint64_t number);
    JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
    JsonWriter& value(bool flag);
    JsonWriter& null();
    /// Inserts already-serialised JSON (e.g. a kept object of unknown fields) as one value.
    JsonWriter& rawValue(std::string_view json);

    /// Appends `text` as a quoted JSON string to `out`.
    static void appendQuoted(std::string& out, std::string_view text);
    /// Shortest decimal form that reads back to the same double ("0.1", "1e-07", "3"; -0.0 as "-0.0").
    static void appendNumber(std::string& out, double number);

private:
    void separate();
    std::string& m_out;
    std::vector<bool> m_first; // per open container: no element written yet
    bool m_afterKey = false;
};

} // namespace tribunal
