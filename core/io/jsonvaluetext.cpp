#include "io/jsonvaluetext.h"

#include "io/importer.h"
#include "io/messagetext.h"
#include "report/jsonwriter.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace tribunal {

namespace dom = simdjson::dom;

std::string_view jsonTypeName(dom::element_type type)
{
    switch (type) {
    case dom::element_type::ARRAY:
        return "an array";
    case dom::element_type::OBJECT:
        return "an object";
    case dom::element_type::INT64:
    case dom::element_type::UINT64:
        return "an integer";
    case dom::element_type::DOUBLE:
        return "a number";
    case dom::element_type::STRING:
        return "a string";
    case dom::element_type::BOOL:
        return "a boolean";
    case dom::element_type::NULL_VALUE:
        return "null";
    }
    return "a value";
}

std::size_t scalarText(dom::element value, char* buffer)
{
    char* const end = buffer + kScalarTextBytes;
    switch (value.type()) {
    case dom::element_type::INT64:
        return static_cast<std::size_t>(
            std::to_chars(buffer, end, std::int64_t(value.get_int64().value_unsafe())).ptr - buffer);
    case dom::element_type::UINT64:
        return static_cast<std::size_t>(
            std::to_chars(buffer, end, std::uint64_t(value.get_uint64().value_unsafe())).ptr - buffer);
    case dom::element_type::DOUBLE:
        // The formatter minify() uses, so these texts match kept values.
        return static_cast<std::size_t>(
            simdjson::internal::to_chars(buffer, end, value.get_double().value_unsafe()) - buffer);
    case dom::element_type::BOOL:
        if (value.get_bool().value_unsafe()) {
            std::copy_n("true", 4, buffer);
            return 4;
        }
        std::copy_n("false", 5, buffer);
        return 5;
    default:
        return 0;
    }
}

int jsonDepth(dom::element value)
{
    int deepest = 0;
    if (value.type() == dom::element_type::ARRAY) {
        for (auto child : arrayOf(value))
            deepest = std::max(deepest, jsonDepth(child));
        return deepest + 1;
    }
    if (value.type() == dom::element_type::OBJECT) {
        for (auto field : objectOf(value))
            deepest = std::max(deepest, jsonDepth(field.value));
        return deepest + 1;
    }
    return 0;
}

namespace {

// A string as simdjson's mini_formatter escapes it: `"` and `\` with a backslash, \b \t \n \f \r short,
// other control characters as \u00XX; everything else (UTF-8 included) verbatim.
void appendMinifiedString(std::string& out, std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    std::size_t plain = 0; // start of the run of bytes not yet copied
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(text.data() + plain, i - plain);
        plain = i + 1;
        out += '\\';
        switch (c) {
        case '"':
        case '\\':
            out += static_cast<char>(c);
            break;
        case '\b':
            out += 'b';
            break;
        case '\t':
            out += 't';
            break;
        case '\n':
            out += 'n';
            break;
        case '\f':
            out += 'f';
            break;
        case '\r':
            out += 'r';
            break;
        default:
            out += "u00";
            out += kHex[c >> 4];
            out += kHex[c & 0xf];
        }
    }
    out.append(text.data() + plain, text.size() - plain);
    out += '"';
}

} // namespace

void appendJsonValue(std::string& out, dom::element value)
{
    switch (value.type()) {
    case dom::element_type::ARRAY: {
        out += '[';
        bool first = true;
        for (auto child : arrayOf(value)) {
            if (!first)
                out += ',';
            first = false;
            appendJsonValue(out, child);
        }
        out += ']';
        return;
    }
    case dom::element_type::OBJECT: {
        out += '{';
        bool first = true;
        for (auto field : objectOf(value)) {
            if (!first)
                out += ',';
            first = false;
            appendMinifiedString(out, field.key);
            out += ':';
            appendJsonValue(out, field.value);
        }
        out += '}';
        return;
    }
    case dom::element_type::STRING:
        appendMinifiedString(out, stringOf(value));
        return;
    case dom::element_type::NULL_VALUE:
        out += "null";
        return;
    default: {
        char buffer[kScalarTextBytes];
        out.append(buffer, scalarText(value, buffer));
        return;
    }
    }
}

void appendKeptField(std::string& out, std::string_view key, dom::element value)
{
    out += out.empty() ? '{' : ',';
    JsonWriter::appendQuoted(out, key);
    out += ':';
    appendJsonValue(out, value);
}

std::string tooDeepReason()
{
    return "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels";
}

std::string lineTooLongReason()
{
    return "line longer than " + std::to_string(kMaxLineBytes >> 20) + " MiB";
}

std::string invalidJsonReason(simdjson::error_code error)
{
    return "invalid JSON (" + std::string(simdjson::error_message(error)) + ")";
}

std::string jsonForMessage(dom::element value)
{
    std::string text;
    appendJsonValue(text, value);
    return cutForMessage(text);
}

} // namespace tribunal
