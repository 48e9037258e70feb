// Flat pairwise CSV reader (../shared/spec/data-format.md, "Formats" 1 and "Bad input").
//
// The file is read in large blocks; records are scanned in place (fields are string_views into the block,
// doubled quotes are collapsed in place once a record is known to be complete), so a row costs no heap
// allocation. Every row is validated completely before anything is handed to the builder, which is what
// lets the skip-bad-records policy drop a row without leaving half of it behind.

#include "importer.h"
#include "utf8.h"

#include <QFile>
#include <QString>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tribunal {
namespace {

constexpr std::size_t kBlockBytes = std::size_t(4) << 20; // one read
constexpr std::size_t kSlack = 16; // readable bytes kept behind the data (scanPlainLine reads ahead)
constexpr std::uint64_t kProgressBytes = std::uint64_t(8) << 20; // report / poll cancel this often

// Known columns. The first kRequiredColumns are required.
enum Column : int {
    ColDataset,
    ColItemId,
    ColJudge,
    ColFormat,
    ColOrder,
    ColRep,
    ColVerdict,
    ColLabel,
    ColProbA,
    ColCostUsd,
    ColLatencyS,
    ColConfidence,
    ColTokensIn,
    ColTokensOut,
    ColRaw,
    ColError,
    ColTest,
    ColVersion,
    ColVariant,
    ColCueOn,
    ColSlot,
    kKnownColumns
};
constexpr int kRequiredColumns = 8;
constexpr std::array<std::string_view, kKnownColumns> kColumnNames = {
    "dataset", "item_id", "judge",    "format",    "order",      "rep",       "verdict",
    "label",   "prob_a",  "cost_usd", "latency_s", "confidence", "tokens_in", "tokens_out",
    "raw",     "error",   "test",     "version",   "variant",    "cue_on",    "slot"};

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = static_cast<char>(y - 'A' + 'a');
        if (x != y)
            return false;
    }
    return true;
}

// A cell value quoted for a message; long values are cut (at a UTF-8 boundary) so a message stays one line.
std::string quoted(std::string_view text)
{
    constexpr std::size_t kMax = 60;
    std::string out = "\"";
    if (text.size() <= kMax) {
        out.append(text);
    } else {
        std::size_t cut = kMax;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80)
            --cut;
        out.append(text.substr(0, cut)).append("...");
    }
    out += '"';
    return out;
}

// ---------------------------------------------------------------------------------------------------------
// Record scanner

enum class ScanResult {
    Record,    ///< a complete record (possibly with a field error)
    NeedMore,  ///< the record continues past the buffer end and the file has more
    Truncated, ///< end of file inside a quoted field
};

struct Record {
    std::vector<std::string_view> fields;
    std::vector<std::uint32_t> escaped; // indexes of quoted fields holding doubled quotes
    const char* end = nullptr;          // one past the record terminator
    std::uint64_t newlines = 0;         // '\n' bytes consumed, the terminator included
    bool lastQuoted = false;            // the last field was quoted (tells `""` from a blank line)
    int errorField = -1;                // first field with a syntax error
    const char* errorReason = nullptr;
};

void fieldError(Record& rec, int field, const char* reason)
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

// 0x80 in every byte of `w` equal to `c`, 0 elsewhere (exact per byte: no carry crosses a byte).
inline std::uint64_t bytesEqual(std::uint64_t w, char c)
{
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kLow7 = kOnes * 0x7f;
    const std::uint64_t x = w ^ (kOnes * static_cast<unsigned char>(c));
    return ~(((x & kLow7) + kLow7) | x | kLow7);
}

// Fills `rec` with the plain line [p, lineEnd) whose fields start after the commas already emitted.
inline void finishPlainLine(Record& rec, const char* fieldStart, const char* lineEnd, const char* next)
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
bool scanPlainLine(const char* p, const char* end, Record& rec)
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
bool scanPlainLine(const char* p, const char* end, Record& rec)
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
ScanResult scanRecord(const char* p, const char* end, bool atEof, Record& rec)
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
                    return atEof ? ScanResult::Truncated : ScanResult::NeedMore;
                if (r + 1 == end && !atEof)
                    return ScanResult::NeedMore; // cannot tell a doubled quote from a closing one yet
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
                    return ScanResult::NeedMore;
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
                    return ScanResult::NeedMore;
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
            return ScanResult::NeedMore;
        if (!rec.lastQuoted)
            rec.fields.emplace_back(start, static_cast<std::size_t>(q - start));
        if (q == end) {
            rec.end = q;
            return ScanResult::Record;
        }
        if (*q == ',') {
            p = q + 1;
            continue;
        }
        if (*q == '\r')
            ++q;
        rec.end = q + 1;
        ++rec.newlines;
        return ScanResult::Record;
    }
}

// Collapses doubled quotes of the marked fields, in place (the record is complete and is not scanned again).
void unescape(Record& rec)
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

// ---------------------------------------------------------------------------------------------------------
// Cell parsers: nullopt on a bad value; the caller words the message.

std::optional<double> parseDouble(std::string_view text)
{
    double value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

template <typename T> std::optional<T> parseInteger(std::string_view text)
{
    T value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

struct RowValues {
    Order order = Order::None;
    std::uint16_t rep = 1;
    Answer answer = answer::kNone;
    Answer label = answer::kNone;
    double probA = kMissing;
    double costUsd = kMissing;
    double latencyS = kMissing;
    double confidence = kMissing;
    std::int64_t tokensIn = kMissingCount;
    std::int64_t tokensOut = kMissingCount;
    Variant variant = Variant::None;
    Cue cue = Cue::None;
};

struct RowError {
    std::string field;
    std::string reason;
};

std::optional<Answer> parsePairwise(std::string_view text)
{
    if (text.size() == 1) { // the common case, by table (the A/B mix is unpredictable for a branch)
        static constexpr auto kLetter = [] {
            std::array<Answer, 256> table{}; // 0: not a pairwise answer
            table['A'] = table['a'] = answer::kA;
            table['B'] = table['b'] = answer::kB;
            return table;
        }();
        const Answer value = kLetter[static_cast<unsigned char>(text[0])];
        return value == 0 ? std::nullopt : std::optional<Answer>(value);
    }
    if (text.empty() || equalsIgnoreCase(text, "none"))
        return answer::kNone;
    if (equalsIgnoreCase(text, "tie"))
        return answer::kTie;
    return std::nullopt;
}

// The canonical answer named by a literal slot under `order`; nullopt when `text` is not a slot.
std::optional<Answer> parseSlot(std::string_view text, Order order)
{
    if (equalsIgnoreCase(text, "tie"))
        return answer::kTie;
    if (equalsIgnoreCase(text, "none"))
        return answer::kNone;
    const bool first = equalsIgnoreCase(text, "first") || text == "1";
    const bool second = equalsIgnoreCase(text, "second") || text == "2";
    if (!first && !second)
        return std::nullopt;
    return (first == (order == Order::AB)) ? answer::kA : answer::kB;
}

std::string pairwiseText(Answer a)
{
    return answerText(TaskKind::Pairwise, a);
}

// ---------------------------------------------------------------------------------------------------------

class Reader {
public:
    Reader(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
        : m_path(path), m_builder(builder), m_log(log), m_progress(progress)
    {}
    bool run();

private:
    bool header(Record& rec, std::uint64_t line);
    bool row(Record& rec, std::uint64_t line);
    std::optional<RowError> validate(const Record& rec, RowValues& v, std::optional<std::uint32_t>& item);
    std::optional<std::uint32_t> lookupItem(std::string_view dataset, std::string_view itemId);
    StrId cached(StrId& last, std::string_view text);
    CondId condition(const Record& rec);
    std::string_view cell(const Record& rec, int column) const
    {
        const int index = m_columnAt[column];
        return index < 0 ? std::string_view() : rec.fields[static_cast<std::size_t>(index)];
    }
    void fatal(std::uint64_t line, std::string field, std::string reason)
    {
        m_log.fatal({m_path, line, std::move(field), std::move(reason)});
    }
    std::string columnName(std::size_t index) const
    {
        return index < m_header.size() ? m_header[index] : "column " + std::to_string(index + 1);
    }

    const std::string& m_path;
    AuditBuilder& m_builder;
    ImportLog& m_log;
    const Progress& m_progress;

    std::uint32_t m_file = 0;
    bool m_haveHeader = false;
    std::vector<std::string> m_header;
    std::array<int, kKnownColumns> m_columnAt{};
    std::vector<std::pair<std::size_t, StrId>> m_conditionColumns; // field index, interned key

    // Lookup caches: consecutive rows usually repeat dataset, judge, format, item and condition.
    StrId m_lastDataset = kEmptyStr, m_lastJudge = kEmptyStr, m_lastFormat = kEmptyStr;
    std::uint32_t m_lastItem = UINT32_MAX;
    std::vector<std::uint32_t> m_itemCache; // direct-mapped: hash(dataset, item_id) -> item row
    std::vector<std::string> m_lastConditionCells;
    CondId m_lastCondition = 0;
    bool m_haveLastCondition = false;
    std::vector<std::uint64_t> m_labelLine; // item row -> line of this file that set its label (0: none)
    std::uint64_t m_rows = 0;
};

StrId Reader::cached(StrId& last, std::string_view text)
{
    if (last == kEmptyStr || m_builder.str(last) != text)
        last = m_builder.intern(text);
    return last;
}

std::uint64_t itemHash(StrId dataset, std::string_view itemId)
{
    std::uint64_t h = 1469598103934665603ull ^ dataset;
    for (char c : itemId) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    return h ^ (h >> 32);
}

constexpr std::size_t kItemCacheSize = std::size_t(1) << 16;

std::optional<std::uint32_t> Reader::lookupItem(std::string_view dataset, std::string_view itemId)
{
    auto matches = [&](std::uint32_t row, StrId did) {
        return m_builder.itemDataset(row) == did && m_builder.str(m_builder.itemId(row)) == itemId;
    };
    StrId did = kEmptyStr;
    if (m_lastDataset != kEmptyStr && m_builder.str(m_lastDataset) == dataset) {
        did = m_lastDataset;
    } else {
        auto found = m_builder.strings().find(dataset);
        if (!found)
            return std::nullopt;
        did = *found;
    }
    if (m_lastItem != UINT32_MAX && matches(m_lastItem, did))
        return m_lastItem;
    auto& slot = m_itemCache[itemHash(did, itemId) & (kItemCacheSize - 1)];
    if (slot != UINT32_MAX && matches(slot, did))
        return slot;
    auto iid = m_builder.strings().find(itemId);
    if (!iid)
        return std::nullopt;
    auto row = m_builder.findItem(did, *iid);
    if (row)
        slot = *row;
    return row;
}

bool Reader::header(Record& rec, std::uint64_t line)
{
    if (rec.errorField >= 0) {
        fatal(line, "column " + std::to_string(rec.errorField + 1), rec.errorReason);
        return false;
    }
    m_columnAt.fill(-1);
    m_header.reserve(rec.fields.size());
    for (std::size_t i = 0; i < rec.fields.size(); ++i) {
        const std::string_view name = rec.fields[i];
        if (name.empty()) {
            fatal(line, "column " + std::to_string(i + 1), "empty column name");
            return false;
        }
        if (std::find(m_header.begin(), m_header.end(), name) != m_header.end()) {
            fatal(line, std::string(name), "duplicate column");
            return false;
        }
        m_header.emplace_back(name);
        auto known = std::find(kColumnNames.begin(), kColumnNames.end(), name);
        if (known != kColumnNames.end())
            m_columnAt[static_cast<std::size_t>(known - kColumnNames.begin())] = static_cast<int>(i);
    }
    for (int c = 0; c < kRequiredColumns; ++c) {
        if (m_columnAt[static_cast<std::size_t>(c)] < 0) {
            fatal(line, std::string(kColumnNames[static_cast<std::size_t>(c)]), "missing required column");
            return false;
        }
    }
    for (std::size_t i = 0; i < m_header.size(); ++i)
        if (std::find(kColumnNames.begin(), kColumnNames.end(), m_header[i]) == kColumnNames.end())
            m_conditionColumns.emplace_back(i, m_builder.intern(m_header[i]));
    for (const auto& column : m_conditionColumns)
        m_builder.addConditionKey(column.second); // keep the header's column order
    m_lastConditionCells.resize(m_conditionColumns.size());
    m_haveHeader = true;
    return true;
}

std::optional<RowError> Reader::validate(const Record& rec, RowValues& v, std::optional<std::uint32_t>& item)
{
    auto error = [](int column, std::string reason) {
        return RowError{std::string(kColumnNames[static_cast<std::size_t>(column)]), std::move(reason)};
    };
    for (int c : {ColDataset, ColItemId, ColJudge})
        if (cell(rec, c).empty())
            return error(c, "empty");

    const auto orderText = cell(rec, ColOrder);
    auto order = orderText == "AB" ? Order::AB : orderText == "BA" ? Order::BA : parseOrder(orderText);
    if (!order || *order == Order::None)
        return error(ColOrder, quoted(orderText) + " is not AB or BA");
    v.order = *order;

    const auto repText = cell(rec, ColRep);
    auto rep = repText.size() == 1 && repText[0] >= '1' && repText[0] <= '9'
                   ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(repText[0] - '0'))
                   : parseInteger<std::uint32_t>(repText);
    if (!rep || *rep < 1 || *rep > 65535)
        return error(ColRep, quoted(repText) + " is not an integer from 1 to 65535");
    v.rep = static_cast<std::uint16_t>(*rep);

    const auto verdictText = cell(rec, ColVerdict);
    auto verdict = parsePairwise(verdictText);
    if (!verdict)
        return error(ColVerdict, quoted(verdictText) + " is not A, B, tie or none");
    v.answer = *verdict;

    const auto slotText = cell(rec, ColSlot);
    if (!slotText.empty()) {
        auto slot = parseSlot(slotText, v.order);
        if (!slot)
            return error(ColSlot, quoted(slotText) + " is not first, second, 1, 2, tie or none");
        if (verdictText.empty())
            v.answer = *slot;
        else if (*slot != *verdict)
            return error(ColSlot, quoted(slotText) + " in order " + std::string(orderName(v.order)) +
                                      " means " + pairwiseText(*slot) + ", but verdict says " +
                                      pairwiseText(*verdict));
    }

    const auto labelText = cell(rec, ColLabel);
    auto label = parsePairwise(labelText);
    if (!label)
        return error(ColLabel, quoted(labelText) + " is not A, B, tie or none");
    v.label = *label;

    // An empty cell is "not given"; otherwise a finite number in [low, high].
    auto number = [&](int column, double low, double high, double& out) -> bool {
        const auto text = cell(rec, column);
        if (text.empty())
            return true;
        auto value = parseDouble(text);
        if (!value || *value < low || *value > high)
            return false;
        out = *value;
        return true;
    };
    constexpr double kInf = std::numeric_limits<double>::infinity();
    if (!number(ColProbA, 0.0, 1.0, v.probA))
        return error(ColProbA, quoted(cell(rec, ColProbA)) + " is not a probability in [0, 1]");
    if (!number(ColCostUsd, 0.0, kInf, v.costUsd))
        return error(ColCostUsd, quoted(cell(rec, ColCostUsd)) + " is not a finite number >= 0");
    if (!number(ColLatencyS, 0.0, kInf, v.latencyS))
        return error(ColLatencyS, quoted(cell(rec, ColLatencyS)) + " is not a finite number >= 0");
    if (!number(ColConfidence, 0.0, 1.0, v.confidence))
        return error(ColConfidence, quoted(cell(rec, ColConfidence)) + " is not a number in [0, 1]");
    for (auto [column, out] : {std::pair{ColTokensIn, &v.tokensIn}, std::pair{ColTokensOut, &v.tokensOut}}) {
        const auto text = cell(rec, column);
        if (text.empty())
            continue;
        auto count = parseInteger<std::int64_t>(text);
        if (!count || *count < 0)
            return error(column, quoted(text) + " is not an integer >= 0");
        *out = *count;
    }
    const auto variantText = cell(rec, ColVariant);
    auto variant = parseVariant(variantText);
    if (!variant)
        return error(ColVariant, quoted(variantText) + " is not original or perturbed");
    v.variant = *variant;
    const auto cueText = cell(rec, ColCueOn);
    auto cue = parseCue(cueText);
    if (!cue)
        return error(ColCueOn, quoted(cueText) + " is not better or worse");
    v.cue = *cue;

    // The item: must be pairwise, and a label must agree with one given before.
    item = lookupItem(cell(rec, ColDataset), cell(rec, ColItemId));
    if (item) {
        if (m_builder.kind(*item) != TaskKind::Pairwise)
            return error(ColItemId, "item " + quoted(cell(rec, ColItemId)) + " of dataset " +
                                        quoted(cell(rec, ColDataset)) + " is " +
                                        std::string(kindName(m_builder.kind(*item))) + ", not pairwise");
        const Answer known = m_builder.label(*item);
        if (v.label != answer::kNone && known != answer::kNone && known != v.label) {
            const std::uint64_t earlier = *item < m_labelLine.size() ? m_labelLine[*item] : 0;
            return error(ColLabel, pairwiseText(v.label) + " disagrees with " + pairwiseText(known) +
                                       (earlier > 0 ? " given at line " + std::to_string(earlier)
                                                    : " given before this file"));
        }
    }
    return std::nullopt;
}

CondId Reader::condition(const Record& rec)
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
        const auto value = rec.fields[m_conditionColumns[k].first];
        m_lastConditionCells[k].assign(value);
        if (!value.empty())
            pairs.emplace_back(m_conditionColumns[k].second, m_builder.intern(value));
    }
    m_lastCondition = m_builder.internCondition(std::move(pairs));
    m_haveLastCondition = true;
    return m_lastCondition;
}

bool Reader::row(Record& rec, std::uint64_t line)
{
    if (rec.errorField >= 0)
        return m_log.badRecord(
            {m_path, line, columnName(static_cast<std::size_t>(rec.errorField)), rec.errorReason});
    if (rec.fields.size() != m_header.size())
        return m_log.badRecord({m_path, line, "",
                                "expected " + std::to_string(m_header.size()) +
                                    " fields (as in the header), found " +
                                    std::to_string(rec.fields.size())});
    RowValues v;
    std::optional<std::uint32_t> item;
    if (auto problem = validate(rec, v, item))
        return m_log.badRecord({m_path, line, std::move(problem->field), std::move(problem->reason)});

    // Valid: hand the row to the builder.
    const StrId dataset = cached(m_lastDataset, cell(rec, ColDataset));
    if (!item) {
        const auto itemText = cell(rec, ColItemId);
        item = m_builder.addItem(dataset, m_builder.intern(itemText), TaskKind::Pairwise);
        m_itemCache[itemHash(dataset, itemText) & (kItemCacheSize - 1)] = *item;
    }
    m_lastItem = *item;
    if (v.label != answer::kNone && m_builder.label(*item) == answer::kNone) {
        m_builder.setLabel(*item, v.label);
        if (m_labelLine.size() <= *item)
            m_labelLine.resize(std::max<std::size_t>(m_builder.itemCount(), 2 * m_labelLine.size()), 0);
        m_labelLine[*item] = line;
    }
    JudgmentInput in;
    in.item = *item;
    in.judge = cached(m_lastJudge, cell(rec, ColJudge));
    in.format = cell(rec, ColFormat).empty() ? kEmptyStr : cached(m_lastFormat, cell(rec, ColFormat));
    in.condition = condition(rec);
    in.order = v.order;
    in.rep = v.rep;
    in.answer = v.answer;
    for (auto [column, out] : {std::pair{ColRaw, &in.raw}, std::pair{ColError, &in.error},
                               std::pair{ColTest, &in.test}, std::pair{ColVersion, &in.version}}) {
        const auto text = cell(rec, column);
        if (!text.empty())
            *out = m_builder.intern(text);
    }
    in.variant = v.variant;
    in.cue = v.cue;
    in.confidence = v.confidence;
    in.costUsd = v.costUsd;
    in.latencyS = v.latencyS;
    in.tokensIn = v.tokensIn;
    in.tokensOut = v.tokensOut;
    const ProbEntry prob{answer::kA, v.probA};
    if (!isMissing(v.probA))
        in.probs = std::span<const ProbEntry>(&prob, 1);
    in.source = {m_file, line};
    m_builder.addJudgment(in);
    ++m_rows;
    return true;
}

bool Reader::run()
{
    QFile file(QString::fromStdString(m_path));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        fatal(0, "", "cannot read file: " + file.errorString().toStdString());
        return false;
    }
    const auto fileSize = static_cast<std::uint64_t>(std::max<qint64>(file.size(), 0));
    m_file = m_builder.addSourceFile(m_path);
    m_itemCache.assign(kItemCacheSize, UINT32_MAX);

    std::vector<char> buffer(static_cast<std::size_t>(std::min<std::uint64_t>(fileSize + 1, kBlockBytes)) +
                             kSlack);
    std::size_t pos = 0, dataEnd = 0, validated = 0;
    std::uint64_t bufferOffset = 0;       // file offset of buffer[0]
    std::optional<std::uint64_t> badByte; // file offset of the first invalid UTF-8 byte
    bool atEof = false, first = true;
    std::uint64_t line = 1, nextProgress = kProgressBytes;
    bool reserved = false;
    Record rec;

    // Reads more data behind the unparsed rest [pos, dataEnd), moving the rest to the front (and growing the
    // buffer when a single record fills it). Validates UTF-8 up to the last newline read.
    auto refill = [&]() -> bool {
        if (pos > 0) {
            std::memmove(buffer.data(), buffer.data() + pos, dataEnd - pos);
            bufferOffset += pos;
            dataEnd -= pos;
            validated -= std::min(validated, pos);
            pos = 0;
        }
        if (dataEnd * 2 > buffer.size()) // one record fills half the buffer: grow (bounded by kMaxLineBytes)
            buffer.resize(buffer.size() * 2 + kBlockBytes);
        const std::size_t capacity = buffer.size() - kSlack;
        while (dataEnd < capacity) {
            const qint64 got = file.read(buffer.data() + dataEnd, static_cast<qint64>(capacity - dataEnd));
            if (got < 0) {
                fatal(0, "", "cannot read file: " + file.errorString().toStdString());
                return false;
            }
            if (got == 0) {
                atEof = true;
                break;
            }
            dataEnd += static_cast<std::size_t>(got);
        }
        std::size_t upTo = dataEnd;
        if (!atEof) {
            const std::string_view data(buffer.data() + validated, dataEnd - validated);
            const auto lastNewline = data.rfind('\n');
            upTo = lastNewline == std::string_view::npos ? validated : validated + lastNewline + 1;
        }
        if (!badByte && upTo > validated) {
            if (auto bad = firstInvalidUtf8({buffer.data() + validated, upTo - validated}))
                badByte = bufferOffset + validated + *bad;
            validated = upTo;
        }
        return true;
    };

    if (!refill())
        return false;
    if (dataEnd >= 3 && std::memcmp(buffer.data(), "\xEF\xBB\xBF", 3) == 0)
        pos = 3; // UTF-8 byte order mark
    for (;;) {
        const char* begin = buffer.data() + pos;
        const char* end = buffer.data() + dataEnd;
        if (begin == end && atEof)
            break;
        const ScanResult result =
            scanPlainLine(begin, end, rec) ? ScanResult::Record : scanRecord(begin, end, atEof, rec);
        const std::uint64_t recordStart = bufferOffset + pos;
        const std::uint64_t recordEnd =
            result == ScanResult::Record ? bufferOffset + static_cast<std::uint64_t>(rec.end - buffer.data())
                                         : bufferOffset + dataEnd;
        // Records before this one were checked, so a bad byte before recordEnd lies in this record.
        if (badByte && *badByte < recordEnd) {
            const auto at = static_cast<std::size_t>(*badByte - bufferOffset);
            const auto lineOfByte = line + static_cast<std::uint64_t>(std::count(
                                               begin, static_cast<const char*>(buffer.data() + at), '\n'));
            fatal(lineOfByte, "", "invalid UTF-8 (byte offset " + std::to_string(*badByte) + ")");
            return false;
        }
        if (result == ScanResult::Truncated) {
            fatal(line, "", "truncated file: unterminated quoted field");
            return false;
        }
        if (result == ScanResult::NeedMore) {
            if (dataEnd - pos > kMaxLineBytes) {
                fatal(line, "", "record longer than " + std::to_string(kMaxLineBytes >> 20) + " MiB");
                return false;
            }
            if (!refill())
                return false;
            if (!reserved && m_rows > 1000) {
                // Reserve for the whole file from the average row size so far (avoids regrowth copies).
                reserved = true;
                const double perRow = static_cast<double>(recordStart) / static_cast<double>(m_rows);
                const auto expected = static_cast<std::size_t>(static_cast<double>(fileSize) / perRow * 1.02);
                if (expected > m_rows)
                    m_builder.reserveJudgments(m_builder.judgmentCount() + (expected - m_rows) + 64);
            }
            continue;
        }
        if (recordEnd - recordStart > kMaxLineBytes) {
            fatal(line, "", "record longer than " + std::to_string(kMaxLineBytes >> 20) + " MiB");
            return false;
        }
        const std::uint64_t recordLine = line;
        line += rec.newlines;
        pos = static_cast<std::size_t>(rec.end - buffer.data());
        // A blank line is not a record (a lone "" is: one empty quoted field).
        if (rec.fields.size() == 1 && rec.fields[0].empty() && !rec.lastQuoted && rec.errorField < 0)
            continue;
        unescape(rec);
        if (first) {
            first = false;
            if (!header(rec, recordLine))
                return false;
        } else if (!row(rec, recordLine)) {
            return false;
        }
        if (recordEnd >= nextProgress) {
            nextProgress = recordEnd + kProgressBytes;
            m_progress.step(recordEnd, fileSize);
            if (m_progress.cancelled())
                return false;
        }
    }
    if (!m_haveHeader) {
        fatal(0, "", "empty file");
        return false;
    }
    m_progress.step(fileSize, fileSize);
    return !m_log.failed;
}

} // namespace

bool importFlatCsv(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    Reader reader(path, builder, log, progress);
    return reader.run();
}

} // namespace tribunal
