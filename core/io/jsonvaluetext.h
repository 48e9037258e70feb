#pragma once
// Reading and writing simdjson DOM values the way every JSON importer does: type names for messages, typed
// views of checked elements, scalar texts, and the compact text of kept (unknown) values. Only the JSON
// importers include this header (simdjson is a private dependency of tribunal_io).
// Pure functions; thread-safe.

#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace tribunal {

/// How messages name a JSON type: "an object", "an array", "an integer", "a number", "a string", "a boolean",
/// "null" ("expected a string, got an integer").
std::string_view jsonTypeName(simdjson::dom::element_type type);

/// Typed views of an element whose type the caller has checked (an empty view otherwise). Inline: they sit in
/// every importer's per-record path. (Binding through a local keeps GCC's dangling-pointer analysis quiet
/// about simdjson's result temporaries.)
inline simdjson::dom::array arrayOf(simdjson::dom::element e)
{
    simdjson::dom::array a;
    [[maybe_unused]] auto error = e.get(a);
    return a;
}
inline simdjson::dom::object objectOf(simdjson::dom::element e)
{
    simdjson::dom::object o;
    [[maybe_unused]] auto error = e.get(o);
    return o;
}
inline std::string_view stringOf(simdjson::dom::element e)
{
    std::string_view s;
    [[maybe_unused]] auto error = e.get(s);
    return s;
}

/// An integer or a floating-point number.
inline bool isJsonNumber(simdjson::dom::element value)
{
    const auto t = value.type();
    return t == simdjson::dom::element_type::INT64 || t == simdjson::dom::element_type::UINT64 ||
           t == simdjson::dom::element_type::DOUBLE;
}

/// Precondition: isJsonNumber(value).
inline double jsonNumber(simdjson::dom::element value)
{
    switch (value.type()) {
    case simdjson::dom::element_type::INT64:
        return static_cast<double>(value.get_int64().value_unsafe());
    case simdjson::dom::element_type::UINT64:
        return static_cast<double>(value.get_uint64().value_unsafe());
    default:
        return value.get_double().value_unsafe();
    }
}

/// The index of `key` in `names`, or -1: for objects with a few known keys.
inline int indexOfKey(std::span<const std::string_view> names, std::string_view key)
{
    for (std::size_t k = 0; k < names.size(); ++k)
        if (names[k] == key)
            return static_cast<int>(k);
    return -1;
}

/// Room scalarText() needs.
inline constexpr std::size_t kScalarTextBytes = 32;

/// The JSON text of a number or boolean as simdjson::minify writes it (integers as written, other numbers in
/// shortest round-trip form keeping a fraction: 0.70 -> "0.7", 1.0 -> "1.0"), written into `buffer` (at least
/// kScalarTextBytes) without allocating. Returns its length; 0 for strings, null and containers.
std::size_t scalarText(simdjson::dom::element value, char* buffer);

/// Nesting depth of a value: a scalar is 0, `[]` and `[1]` are 1. (simdjson's own limit does not count an
/// empty innermost container, so values stored verbatim are measured with this.)
int jsonDepth(simdjson::dom::element value);

/// Appends the compact JSON text of `value`, byte for byte what simdjson::minify returns (so a kept value
/// reads the same whichever importer kept it), without allocating beyond `out`'s growth.
void appendJsonValue(std::string& out, simdjson::dom::element value);

/// Appends `"key":value` to the JSON object text of kept fields being built in `out`: opens it with '{' when
/// `out` is empty, separates with ',' otherwise. The caller closes a non-empty `out` with '}'. Keys are
/// quoted by JsonWriter::appendQuoted, values by appendJsonValue.
void appendKeptField(std::string& out, std::string_view key, simdjson::dom::element value);

/// `nesting deeper than 64 levels` (kMaxJsonDepth): a JSON value over the depth limit.
std::string tooDeepReason();

/// "line longer than 64 MiB": the reason for a line over kMaxLineBytes in the JSON formats.
std::string lineTooLongReason();

/// `invalid JSON (<simdjson's message>)`.
std::string invalidJsonReason(simdjson::error_code error);

/// The compact JSON text of `value` for a message ("got ..."), cut like cutForMessage().
std::string jsonForMessage(simdjson::dom::element value);

} // namespace tribunal
