#pragma once
// The ZIP container of an Inspect AI `.eval` log (inspectlogimporter.cpp), read with libzip: the entry names
// and one entry at a time into a simdjson buffer. Sizes are checked against the central directory before
// anything is allocated: an entry over kMaxLineBytes (64 MiB, the record limit) and an archive whose entries
// declare more than kMaxTotalBytes uncompressed are refused; libzip checks each entry's CRC and size as it is
// read, so a directory that lies about a size gives a read error, not a larger buffer.
// Not thread-safe: one archive per import job.

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct zip;

namespace tribunal {

class InspectArchive {
public:
    /// The most uncompressed bytes all entries together may declare: 16 GiB. Entries are read one at a
    /// time, so this bounds the time an import takes (a ZIP bomb), not the memory.
    static constexpr std::uint64_t kMaxTotalBytes = std::uint64_t(16) << 30;

    InspectArchive() = default;
    InspectArchive(const InspectArchive&) = delete;
    InspectArchive& operator=(const InspectArchive&) = delete;
    ~InspectArchive();

    /// Opens `path`; nullopt on success, else the reason: `not a ZIP archive`, `truncated or damaged ZIP
    /// archive (...)`, `ZIP archive declares N bytes uncompressed (more than 16 GiB)`, `cannot read file`.
    std::optional<std::string> open(const std::string& path);

    /// The entry names in central-directory order, each once: a name written twice (Inspect appends a
    /// re-logged sample under its old name) stands for its last entry, as upstream's reader takes it.
    const std::vector<std::string>& names() const { return m_names; }
    bool has(std::string_view name) const { return m_index.count(std::string(name)) != 0; }

    /// Reads entry `name` into `out`; nullopt on success, else the reason (`entry is missing`, `entry
    /// larger than 64 MiB (N bytes)`, `cannot read entry (<libzip's message>)`).
    std::optional<std::string> read(std::string_view name, simdjson::padded_string& out);

private:
    ::zip* m_zip = nullptr;
    std::vector<std::string> m_names;
    std::unordered_map<std::string, std::uint64_t> m_index; // name -> index of its last entry
};

} // namespace tribunal
