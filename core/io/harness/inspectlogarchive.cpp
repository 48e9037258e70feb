// The ZIP container of an Inspect AI `.eval` log (see inspectlogarchive.h).

#include "io/harness/inspectlogarchive.h"

#include "model/inputlimits.h"

#include <zip.h>

#include <array>
#include <filesystem>
#include <fstream>

namespace tribunal {
namespace {

std::string libzipMessage(int code)
{
    zip_error_t error;
    zip_error_init_with_code(&error, code);
    std::string text = zip_error_strerror(&error);
    zip_error_fini(&error);
    return text;
}

/// Whether the file starts with a ZIP local file header: tells "not a ZIP at all" from a damaged one.
bool hasZipSignature(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::array<char, 4> head{};
    return in.read(head.data(), head.size()) && std::string_view(head.data(), head.size()) == "PK\x03\x04";
}

/// A zip_file_t closed on every path out of read().
struct EntryFile {
    zip_file_t* file = nullptr;
    ~EntryFile()
    {
        if (file)
            zip_fclose(file);
    }
};

} // namespace

InspectArchive::~InspectArchive()
{
    if (m_zip)
        zip_discard(m_zip);
}

std::optional<std::string> InspectArchive::open(const std::string& path)
{
    {
        std::ifstream probe(path, std::ios::binary);
        std::error_code ec;
        if (!probe)
            return std::string(std::filesystem::exists(path, ec) ? "cannot read file" : "no such file");
    }
    if (!hasZipSignature(path))
        return std::string("not a ZIP archive (no local file header at the start)");
    int code = 0;
    m_zip = zip_open(path.c_str(), ZIP_RDONLY, &code);
    if (!m_zip) {
        // A ZIP's directory is at its end: a cut file has the signature but no end record.
        if (code == ZIP_ER_NOZIP || code == ZIP_ER_INCONS)
            return "truncated or damaged ZIP archive (" + libzipMessage(code) + ")";
        return "cannot open ZIP archive (" + libzipMessage(code) + ")";
    }
    const zip_int64_t count = zip_get_num_entries(m_zip, 0);
    std::uint64_t total = 0;
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_stat_index(m_zip, static_cast<zip_uint64_t>(i), 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME))
            return "truncated or damaged ZIP archive (entry " + std::to_string(i) + " cannot be read)";
        if ((st.valid & ZIP_STAT_SIZE) && st.size > kMaxTotalBytes - total) // no wrap-around
            return "ZIP archive declares more than " + std::to_string(kMaxTotalBytes >> 30) +
                   " GiB uncompressed";
        if (st.valid & ZIP_STAT_SIZE)
            total += st.size;
        std::string name = st.name;
        auto [it, added] = m_index.try_emplace(name, static_cast<std::uint64_t>(i));
        if (added)
            m_names.push_back(std::move(name));
        else
            it->second = static_cast<std::uint64_t>(i);
    }
    return std::nullopt;
}

std::optional<std::string> InspectArchive::read(std::string_view name, simdjson::padded_string& out)
{
    const auto it = m_index.find(std::string(name));
    if (it == m_index.end())
        return std::string("entry is missing");
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(m_zip, it->second, 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
        return "cannot read entry (" + std::string(zip_strerror(m_zip)) + ")";
    if (st.size > kMaxLineBytes)
        return "entry larger than " + std::to_string(kMaxLineBytes >> 20) + " MiB (" +
               std::to_string(st.size) + " bytes)";
    EntryFile entry{zip_fopen_index(m_zip, it->second, 0)};
    if (!entry.file)
        return "cannot read entry (" + std::string(zip_strerror(m_zip)) + ")";
    out = simdjson::padded_string(static_cast<std::size_t>(st.size));
    std::size_t done = 0;
    while (done < st.size) {
        const zip_int64_t n = zip_fread(entry.file, out.data() + done, st.size - done);
        if (n < 0)
            return "cannot read entry (" + std::string(zip_error_strerror(zip_file_get_error(entry.file))) +
                   ")";
        if (n == 0)
            return "cannot read entry (it ends after " + std::to_string(done) + " of " +
                   std::to_string(st.size) + " bytes)";
        done += static_cast<std::size_t>(n);
    }
    // Reading on past the declared size makes libzip check the CRC and refuse data beyond it.
    char extra = 0;
    const zip_int64_t more = zip_fread(entry.file, &extra, 1);
    if (more < 0)
        return "cannot read entry (" + std::string(zip_error_strerror(zip_file_get_error(entry.file))) + ")";
    if (more > 0)
        return "cannot read entry (longer than the " + std::to_string(st.size) +
               " bytes its header declares)";
    return std::nullopt;
}

} // namespace tribunal
