#pragma once
// RFC 4180 records scanned in place (the flat CSV importer, ../shared/spec/data-format.md "Formats" 1).
//
// Fields are string_views into the caller's buffer, so a record costs no heap allocation once the field
// vectors are warm. Doubled quotes are collapsed in place by unescapeCsvRecord() once a record is complete.
// Pure functions over the caller's buffer; thread-safe.

#include <cstdint>
#include <string_view>
#include <vector>

namespace tribunal {

enum class CsvScan {
    Record,    ///< a complete record (possibly with a field error)
    NeedMore,  ///< the record continues past the buffer end and the file has more
    Truncated, ///< end of file inside a quoted field
};

/// One scanned record.
struct CsvRecord {
    std::vector<std::string_view> fields;
    std::vector<std::uint32_t> escaped; ///< indexes of quoted fields holding doubled quotes
    const char* end = nullptr;          ///< one past the record terminator
    std::uint64_t newlines = 0;         ///< '\n' bytes consumed, the terminator included
    bool lastQuoted = false;            ///< the last field was quoted (tells `""` from a blank line)
    int errorField = -1;                ///< first field with a syntax error, or -1
    const char* errorReason = nullptr;  ///< its reason ("quote in an unquoted field", ...)

    /// A blank line, which is not a record (a lone `""` is: one empty quoted field).
    bool blank() const { return fields.size() == 1 && fields[0].empty() && !lastQuoted && errorField < 0; }
};

/// Scans the record starting at `p` in [p, end). Reads up to 15 bytes past `end` (the buffer must have them).
/// Nothing in the buffer is changed, so a NeedMore record can be scanned again once more data arrived. A
/// syntax error inside a field is noted in the record, which is still delimited, so a reader can skip it and
/// go on.
CsvScan scanCsvRecord(const char* p, const char* end, bool atEof, CsvRecord& rec);

/// Collapses the doubled quotes of `rec`'s escaped fields, in place (`rec` is complete and not scanned
/// again).
void unescapeCsvRecord(CsvRecord& rec);

} // namespace tribunal
