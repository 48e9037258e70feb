// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers shared by the fuzz targets (tests/fuzz/README.md): the fuzz bytes as a file an importer opens by
// path, a scratch directory of this process, the first bytes as choices, and the checks every import must
// pass whatever the input. A failed check aborts (libFuzzer and the replay tests both report it as a crash).
//
// Not thread-safe: a fuzz target runs one input at a time.

#include "io/importer.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal::fuzz {

using Bytes = std::span<const std::uint8_t>;

inline std::string_view asText(Bytes bytes)
{
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

/// Aborts with "fuzz check failed: <what>" on stderr when `condition` is false: a property every input must
/// keep (a finding, not a harness fault).
void check(bool condition, std::string_view what);

/// Takes choice bytes off the front of the input; a missing byte reads as 0.
class Choices {
public:
    explicit Choices(Bytes bytes) : m_rest(bytes) {}
    std::uint8_t take();
    Bytes rest() const { return m_rest; }

private:
    Bytes m_rest;
};

/// The bytes as an anonymous in-memory file (memfd_create) named "/proc/self/fd/N": no disk traffic and no
/// clash between fuzzer processes. For readers that do not look at the file name's extension.
class MemFile {
public:
    explicit MemFile(Bytes bytes);
    ~MemFile();
    MemFile(const MemFile&) = delete;
    MemFile& operator=(const MemFile&) = delete;
    const std::string& path() const { return m_path; }

private:
    int m_fd = -1;
    std::string m_path;
};

/// This process's scratch directory (made on first use in $TMPDIR, else /dev/shm, else /tmp; removed at
/// exit).
const std::filesystem::path& scratchDir();

/// Writes `bytes` to `path`, replacing it (creating parent directories); aborts when it cannot (a harness
/// fault).
void writeFile(const std::filesystem::path& path, Bytes bytes);
void writeFile(const std::filesystem::path& path, std::string_view text);

/// Imports `paths` as `format` under both bad-record policies (importSources, so the audit snapshot is built
/// too) and checks: an import fails exactly when it yields no audit; every issue names its file and has a
/// reason; what imports with stop-at-first imports identically with skip-and-list, skipping nothing; a built
/// audit has the counts the outcome reports and can be summarised. With `roundTrip`, an imported audit is
/// also exported as Tribunal JSONL, imported again and exported again: both exports must be equal (the
/// exporter's "lossless").
void importBothPolicies(const std::vector<std::string>& paths, SourceFormat format, bool roundTrip);

/// Imports the flat CSV at `path`; when it imports, exports it as a flat CSV, imports that and exports again:
/// both exports must be equal (the formula guard of model/spreadsheettext.h reads back exactly).
void checkFlatCsvRoundTrip(const std::string& path);

} // namespace tribunal::fuzz
