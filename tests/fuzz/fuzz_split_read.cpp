// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: reading a flat CSV or Tribunal JSONL file on two threads (splitread.h) gives exactly what a
// read on one thread gives: the same success, the same issues (texts, in order) and the same audit (compared
// as its lossless JSONL export). Byte 0 picks the format (even: CSV, odd: JSONL) and the policy (bit 1:
// skip-and-list), byte 1 where the split goes: just after the first '\n' at or after byte1/256 of the file,
// as chooseSplit does at the middle of a large file. The rest is the file.

#include "fuzzinput.h"

#include "io/exporter.h"

#include <cstdio>
#include <fstream>
#include <iterator>

using namespace tribunal;

namespace {

struct Read {
    bool ok = false;
    std::vector<std::string> issues;
    std::string exported; ///< the built audit's JSONL judgments + items, empty when none
};

std::string readAll(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

Read readOnce(const std::string& path, bool jsonl, BadRecordPolicy policy, std::optional<std::uint64_t> split)
{
    AuditBuilder builder;
    ImportLog log;
    log.policy = policy;
    Read read;
    read.ok = jsonl ? importJsonlSplitAt(path, builder, log, {}, split)
                    : importFlatCsvSplitAt(path, builder, log, {}, split);
    fuzz::check(read.ok == !log.failed, "a reader returns false exactly when its log failed");
    if (read.ok) {
        if (const auto audit = builder.build(log)) {
            const auto out = fuzz::scratchDir() / (split ? "split.jsonl" : "whole.jsonl");
            std::string error;
            fuzz::check(exportJsonl(*audit, out.string(), &error), "an imported audit exports as JSONL");
            read.exported = readAll(out) + '\n' + readAll(itemsPathFor(out.string()));
        }
    }
    for (const auto& issue : log.issues)
        read.issues.push_back(issue.text());
    return read;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    fuzz::Choices choices({data, size});
    const std::uint8_t how = choices.take();
    const std::uint8_t where = choices.take();
    const auto text = fuzz::asText(choices.rest());
    const auto newline = text.find('\n', text.size() * where / 256);
    if (newline == std::string_view::npos)
        return 0; // no place to split
    const bool jsonl = (how & 1) != 0;
    const auto policy = (how & 2) != 0 ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
    const fuzz::MemFile file(choices.rest());
    const Read whole = readOnce(file.path(), jsonl, policy, std::nullopt);
    const Read split = readOnce(file.path(), jsonl, policy, newline + 1);
    if (whole.issues != split.issues) {
        for (const auto& issue : whole.issues)
            std::fprintf(stderr, "one thread:  %s\n", issue.c_str());
        for (const auto& issue : split.issues)
            std::fprintf(stderr, "two threads: %s\n", issue.c_str());
    }
    fuzz::check(whole.ok == split.ok, "a split read succeeds exactly when a whole read does");
    fuzz::check(whole.issues == split.issues, "a split read reports the issues of a whole read");
    fuzz::check(whole.exported == split.exported, "a split read builds the audit of a whole read");
    return 0;
}
