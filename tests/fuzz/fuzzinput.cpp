// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzzinput.h"

#include "analysis/auditsummary.h"
#include "io/exporter.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

namespace tribunal::fuzz {
namespace {

std::string readAll(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void removeScratch()
{
    std::error_code ec;
    std::filesystem::remove_all(scratchDir(), ec);
}

// Export -> import -> export: the two JSONL exports (judgments and items) must be equal.
void checkRoundTrip(const Audit& audit)
{
    const auto first = scratchDir() / "roundtrip-1.jsonl";
    const auto second = scratchDir() / "roundtrip-2.jsonl";
    std::string error;
    if (!exportJsonl(audit, first.string(), &error))
        std::fprintf(stderr, "export: %s\n", error.c_str());
    check(error.empty(), "an imported audit exports as JSONL");
    ImportOptions options;
    options.format = SourceFormat::TribunalJsonl;
    const auto items = itemsPathFor(first.string());
    // An empty file is refused by the JSONL reader ("empty file"): an audit without judgments (or items)
    // exports one, which is not imported back.
    std::vector<std::string> files;
    for (const auto& file : {items, first.string()})
        if (!readAll(file).empty())
            files.push_back(file);
    if (files.empty())
        return;
    const auto again = importSources(files, nullptr, options);
    if (!again.audit)
        std::fprintf(stderr, "re-import: %s\n",
                     again.log.issues.empty() ? "?" : again.log.issues.front().text().c_str());
    check(again.audit != nullptr, "the JSONL export of an imported audit imports again");
    check(again.audit->judgmentCount() == audit.judgmentCount(), "the re-import has every judgment");
    check(again.audit->itemCount() == audit.itemCount(), "the re-import has every item");
    check(exportJsonl(*again.audit, second.string(), &error), "the re-imported audit exports as JSONL");
    check(readAll(first) == readAll(second), "export -> import -> export gives the same judgments file");
    check(readAll(items) == readAll(itemsPathFor(second.string())),
          "export -> import -> export gives the same items file");
}

} // namespace

void checkFlatCsvRoundTrip(const std::string& path)
{
    ImportOptions options;
    options.format = SourceFormat::FlatCsv;
    const auto first = importSources({path}, nullptr, options);
    if (!first.audit)
        return;
    const auto once = scratchDir() / "flat-1.csv";
    const auto twice = scratchDir() / "flat-2.csv";
    std::string error;
    if (!exportFlatCsv(*first.audit, once.string(), &error)) {
        // The one refusal an imported flat CSV can meet: text that is not UTF-8 (utf8.h).
        check(error.find("is not valid UTF-8") != std::string::npos,
              "a flat CSV import exports as a flat CSV");
        return;
    }
    const auto again = importSources({once.string()}, nullptr, options);
    if (!again.audit)
        std::fprintf(stderr, "re-import: %s\n",
                     again.log.issues.empty() ? "?" : again.log.issues.front().text().c_str());
    check(again.audit != nullptr, "the flat CSV export of an imported flat CSV imports again");
    check(again.audit->judgmentCount() == first.audit->judgmentCount(), "the re-import has every judgment");
    check(exportFlatCsv(*again.audit, twice.string(), &error), "the re-imported audit exports as a flat CSV");
    // Formula guards included: export -> import -> export gives the same bytes.
    check(readAll(once) == readAll(twice), "flat CSV export -> import -> export gives the same file");
}

void check(bool condition, std::string_view what)
{
    if (condition)
        return;
    std::fprintf(stderr, "fuzz check failed: %.*s\n", static_cast<int>(what.size()), what.data());
    std::fflush(stderr);
    std::abort();
}

std::uint8_t Choices::take()
{
    if (m_rest.empty())
        return 0;
    const std::uint8_t byte = m_rest.front();
    m_rest = m_rest.subspan(1);
    return byte;
}

MemFile::MemFile(Bytes bytes)
{
    m_fd = memfd_create("tribunal-fuzz", 0);
    check(m_fd >= 0, "memfd_create works");
    std::size_t done = 0;
    while (done < bytes.size()) {
        const auto n = ::write(m_fd, bytes.data() + done, bytes.size() - done);
        check(n > 0, "writing the memfd works");
        done += static_cast<std::size_t>(n);
    }
    m_path = "/proc/self/fd/" + std::to_string(m_fd);
}

MemFile::~MemFile()
{
    ::close(m_fd);
}

const std::filesystem::path& scratchDir()
{
    static const std::filesystem::path dir = [] {
        // Memory-backed /dev/shm when there is one: the project targets' SQLite syncs cost nothing there.
        const char* tmp = std::getenv("TMPDIR");
        std::string base = tmp && *tmp ? tmp : "/tmp";
        std::error_code ec;
        if (!(tmp && *tmp) && std::filesystem::is_directory("/dev/shm", ec) &&
            ::access("/dev/shm", W_OK) == 0)
            base = "/dev/shm";
        std::string pattern = base + "/tribunal-fuzz-XXXXXX";
        check(::mkdtemp(pattern.data()) != nullptr, "mkdtemp works");
        std::atexit(removeScratch);
        return std::filesystem::path(pattern);
    }();
    return dir;
}

void writeFile(const std::filesystem::path& path, std::string_view text)
{
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    check(static_cast<bool>(out), "writing a scratch file works");
}

void writeFile(const std::filesystem::path& path, Bytes bytes)
{
    writeFile(path, asText(bytes));
}

void importBothPolicies(const std::vector<std::string>& paths, SourceFormat format, bool roundTrip)
{
    ImportOptions stop;
    stop.format = format;
    stop.policy = BadRecordPolicy::StopAtFirst;
    ImportOptions skip = stop;
    skip.policy = BadRecordPolicy::SkipAndList;

    const auto first = importSources(paths, nullptr, stop);
    const auto listed = importSources(paths, nullptr, skip);
    for (const auto* outcome : {&first, &listed}) {
        check(!outcome->cancelled, "an import without a cancel flag is not cancelled");
        check(outcome->log.failed == (outcome->audit == nullptr),
              "an import fails exactly when it has no audit");
        for (const auto& issue : outcome->log.issues) {
            check(!issue.reason.empty(), "every issue has a reason");
            check(!issue.file.empty(), "every issue names its file (quality.md, bad input)");
        }
        if (outcome->audit) {
            check(outcome->audit->judgmentCount() == outcome->judgmentsAdded,
                  "judgmentsAdded counts the audit");
            check(outcome->audit->itemCount() == outcome->itemsAdded, "itemsAdded counts the audit");
            const auto summary = summarize(*outcome->audit);
            check(summary.judgments == outcome->audit->judgmentCount(), "the summary counts every judgment");
        }
    }
    check(first.audit != nullptr || !first.log.issues.empty(), "a failed import says why");
    if (first.audit) {
        check(first.log.issues.empty(), "an import that stops at the first issue succeeded without one");
        check(listed.audit != nullptr, "what imports stopping at the first issue imports skipping");
        check(listed.log.skippedRecords == 0 && listed.log.issues.empty(), "skip-and-list skipped nothing");
        check(listed.judgmentsAdded == first.judgmentsAdded && listed.itemsAdded == first.itemsAdded,
              "both policies import the same");
        if (roundTrip)
            checkRoundTrip(*first.audit);
    }
}

} // namespace tribunal::fuzz
