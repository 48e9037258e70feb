// RFC 4180 scanning (see csvtokenizer.h). The common record, one physical line without quotes, takes a SIMD
// fast path; anything else goes through the general scanner.

#include "io/formats/csvtokenizer.h"

#include <algorithm>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tribunal {
namespace {

void fieldError(CsvRecord& rec, int field, const char* reason)
{
    if (rec.errorField < 0) {
        rec.errorField = field;
        rec.errorReason = reason;
    }
}

// First byte at or after `p` that may be structural (`,` `"` CR LF, or any other byte <= ','). Every byte
// above ',' (digits, letters, '.', '-', UTF-8) is plain data, so this skips 8 bytes per step: a word has a
// byte below 0x2d iff (w - 0x2d..2d) & ~w & 0x80..80 is non-zero, and its lowest set bit marks the first such
// byte exactly (borrows only propagate upwards).
inline bool isPlain(char c)
{
    return static_cast<unsigned char>(c) > ',';
}

inline const char* skipPlain(const char* p, const char* end)
{
    if constexpr (std::endian::native == std::endian::little) {
        constexpr std::uint64_t kOnes = 0x0101010101010101ull;
        while (end - p >= 8) {
            std::uint64_t w;
            std::memcpy(&w, p, 8);
            const std::uint64_t low = (w - kOnes * 0x2d) & ~w & (kOnes * 0x80);
            if (low != 0)
                return p + (std::countr_zero(low) >> 3);
            p += 8;
        }
    }
    while (p < end && isPlain(*p))
        ++p;
    return p;
}

// 0x80 in every byte of `w` equal to `c`, 0 elsewhere (exact per byte: no carry crosses a byte). Used by the
// word-at-a-time path without SSE2 (clang warns that it is unused on x86-64).
[[maybe_unused]] inline std::uint64_t bytesEqual(std::uint64_t w, char c)
{
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kLow7 = kOnes * 0x7f;
    const std::uint64_t x = w ^ (kOnes * static_cast<unsigned char>(c));
    return ~(((x & kLow7) + kLow7) | x | kLow7);
}

// Fills `rec` with the plain line [p, lineEnd) whose fields start after the commas already emitted.
inline void finishPlainLine(CsvRecord& rec, const char* fieldStart, const char* lineEnd, const char* next)
{
    rec.fields.emplace_back(fieldStart, static_cast<std::size_t>(lineEnd - fieldStart));
    rec.escaped.clear();
    rec.end = next;
    rec.newlines = 1;
    rec.lastQuoted = false;
    rec.errorField = -1;
    rec.errorReason = nullptr;
}

#if defined(__SSE2__)
// Fast path for the common record: one physical line (LF or CRLF) without quotes or stray CRs, split at
// commas 16 bytes at a time. Returns false (and leaves the work to scanRecord) for anything else, including a
// line that does not end before `end`. Reads up to 15 bytes past `end`: the caller's buffer has that slack.
bool scanPlainLine(const char* p, const char* end, CsvRecord& rec)
{
    const __m128i comma = _mm_set1_epi8(','), lf = _mm_set1_epi8('\n'), quote = _mm_set1_epi8('"'),
                  cr = _mm_set1_epi8('\r');
    auto mask = [](__m128i v, __m128i c) {
        return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, c)));
    };
    rec.fields.clear();
    const char* fieldStart = p;
    bool pendingCr = false; // the previous chunk ended with a CR: only an LF may follow
    for (const char* q = p; q < end; q += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        const unsigned valid = end - q >= 16 ? 0xffffu : (1u << (end - q)) - 1;
        const unsigned lfBits = mask(v, lf) & valid;
        const unsigned before = lfBits != 0 ? (lfBits & (0u - lfBits)) - 1 : valid; // bytes before the LF
        if ((pendingCr && (lfBits & 1u) == 0) || (mask(v, quote) & before) != 0)
            return false;
        const unsigned crBits = mask(v, cr) & before;
        for (unsigned bits = mask(v, comma) & before; bits != 0; bits &= bits - 1) {
            const char* at = q + std::countr_zero(bits);
            rec.fields.emplace_back(fieldStart, static_cast<std::size_t>(at - fieldStart));
            fieldStart = at + 1;
        }
        if (lfBits != 0) {
            const int lfAt = std::countr_zero(lfBits);
            const unsigned crAllowed = lfAt > 0 ? 1u << (lfAt - 1) : 0u;
            if ((crBits & ~crAllowed) != 0)
                return false;
            const bool crlf = crBits != 0 || pendingCr;
            finishPlainLine(rec, fieldStart, q + lfAt - (crlf ? 1 : 0), q + lfAt + 1);
            return true;
        }
        if ((crBits & 0x7fffu) != 0)
            return false;
        pendingCr = crBits != 0;
    }
    return false;
}
#else
// Portable fast path (see above), eight bytes at a time. May read up to 7 bytes past `end`.
bool scanPlainLine(const char* p, const char* end, CsvRecord& rec)
{
    if constexpr (std::endian::native != std::endian::little)
        return false;
    const auto* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (nl == nullptr)
        return false;
    const char* lineEnd = (nl > p && nl[-1] == '\r') ? nl - 1 : nl;
    rec.fields.clear();
    const char* fieldStart = p;
    for (const char* q = p; q < lineEnd; q += 8) {
        std::uint64_t w;
        std::memcpy(&w, q, 8);
        const auto left = lineEnd - q;
        const std::uint64_t valid = left >= 8 ? ~std::uint64_t(0) : (std::uint64_t(1) << (8 * left)) - 1;
        if (((bytesEqual(w, '"') | bytesEqual(w, '\r')) & valid) != 0)
            return false;
        for (std::uint64_t commas = bytesEqual(w, ',') & valid; commas != 0; commas &= commas - 1) {
            const char* comma = q + (std::countr_zero(commas) >> 3);
            rec.fields.emplace_back(fieldStart, static_cast<std::size_t>(comma - fieldStart));
            fieldStart = comma + 1;
        }
    }
    finishPlainLine(rec, fieldStart, lineEnd, nl + 1);
    return true;
}
#endif

// Scans one RFC 4180 record starting at `p`. Nothing in the buffer is modified, so a NeedMore record can be
// scanned again after more data arrived. A syntax error inside a field is noted and the record is still
// delimited, so the skip policy can go on after it.
CsvScan scanRecord(const char* p, const char* end, bool atEof, CsvRecord& rec)
{
    rec.fields.clear();
    rec.escaped.clear();
    rec.newlines = 0;
    rec.errorField = -1;
    rec.errorReason = nullptr;
    for (;;) {
        rec.lastQuoted = false;
        const char* start = p;
        bool continuation = false; // text after a closing quote: skipped up to the next delimiter
        if (p < end && *p == '"') {
            // Quoted field: runs to the next quote that is not doubled.
            const char* content = p + 1;
            const char* q = content;
            bool hasEscapes = false;
            for (;;) {
                const auto* r =
                    static_cast<const char*>(std::memchr(q, '"', static_cast<std::size_t>(end - q)));
                if (r == nullptr)
                    return atEof ? CsvScan::Truncated : CsvScan::NeedMore;
                if (r + 1 == end && !atEof)
                    return CsvScan::NeedMore; // cannot tell a doubled quote from a closing one yet
                if (r + 1 < end && r[1] == '"') {
                    hasEscapes = true;
                    q = r + 2;
                    continue;
                }
                rec.newlines += static_cast<std::uint64_t>(std::count(content, r, '\n'));
                if (hasEscapes)
                    rec.escaped.push_back(static_cast<std::uint32_t>(rec.fields.size()));
                rec.fields.emplace_back(content, static_cast<std::size_t>(r - content));
                rec.lastQuoted = true;
                p = r + 1;
                break;
            }
            if (p < end && *p != ',' && *p != '\n' && !(*p == '\r' && p + 1 < end && p[1] == '\n')) {
                if (*p == '\r' && p + 1 == end && !atEof)
                    return CsvScan::NeedMore;
                fieldError(rec, static_cast<int>(rec.fields.size()) - 1,
                           "unexpected text after the closing quote");
                continuation = true;
            }
        }
        // Unquoted field (or the skipped rest of a bad quoted one).
        const char* q = p;
        for (;;) {
            q = skipPlain(q, end);
            if (q == end)
                break;
            const char c = *q;
            if (c == ',' || c == '\n')
                break;
            if (c == '\r') {
                if (q + 1 == end && !atEof)
                    return CsvScan::NeedMore;
                if (q + 1 < end && q[1] == '\n')
                    break;
                if (!continuation)
                    fieldError(rec, static_cast<int>(rec.fields.size()),
                               "carriage return in an unquoted field");
            } else if (c == '"' && !continuation) {
                fieldError(rec, static_cast<int>(rec.fields.size()), "quote in an unquoted field");
            }
            ++q;
        }
        if (q == end && !atEof)
            return CsvScan::NeedMore;
        if (!rec.lastQuoted)
            rec.fields.emplace_back(start, static_cast<std::size_t>(q - start));
        if (q == end) {
            rec.end = q;
            return CsvScan::Record;
        }
        if (*q == ',') {
            p = q + 1;
            continue;
        }
        if (*q == '\r')
            ++q;
        rec.end = q + 1;
        ++rec.newlines;
        return CsvScan::Record;
    }
}

} // namespace

CsvScan scanCsvRecord(const char* p, const char* end, bool atEof, CsvRecord& rec)
{
    return scanPlainLine(p, end, rec) ? CsvScan::Record : scanRecord(p, end, atEof, rec);
}

// Collapses doubled quotes of the marked fields, in place (the record is complete and is not scanned again).
void unescapeCsvRecord(CsvRecord& rec)
{
    for (auto index : rec.escaped) {
        auto& field = rec.fields[index];
        auto* out = const_cast<char*>(field.data());
        const char* in = field.data();
        const char* end = in + field.size();
        char* w = out;
        while (in < end) {
            *w++ = *in;
            in += (*in == '"') ? 2 : 1;
        }
        field = std::string_view(out, static_cast<std::size_t>(w - out));
    }
}

} // namespace tribunal
