// Inspect AI evaluation logs (UKGovernmentBEIS/inspect_ai, log schema version 2 as `inspect_ai.log` writes it
// since 0.3.4x; read against src/inspect_ai/log/_log.py, _recorders/eval.py, _recorders/json.py,
// scorer/_metric.py and scorer/_model.py at commit 499e6152, August 2026, and the test logs upstream ships
// in tests/log and tests/scorer). Two containers hold the same EvalLog:
//   `.eval`: a ZIP (deflate) with `header.json` (version, status, eval, plan, results, stats),
//     `samples/<id>_epoch_<n>.json` (one EvalSample each), `summaries.json`, `reductions.json` and
//     `_journal/...` (what a running eval writes; not read here).
//   `.json`: one object {version, status, eval, plan, results, stats, samples: [EvalSample...], reductions}.
// Only the header's `version` and `eval` and the samples are read: the item and judgment mapping is in
// inspectlogreader.h and docs/harness-formats.md ("Inspect AI evaluation logs"). Built from the upstream code
// and tested on small logs written to the published schema (tests/data/harness/inspect/); the upstream test
// logs were read by hand, not copied.

#include "io/harness/harnessfile.h"
#include "io/harness/inspectlogarchive.h"
#include "io/harness/inspectlogjson.h"
#include "io/harness/inspectlogreader.h"
#include "io/importer.h"
#include "io/jsonvaluetext.h"
#include "io/messagetext.h"
#include "io/utf8.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace tribunal {
namespace {

namespace dom = simdjson::dom;

bool startsWithZipSignature(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char head[4] = {};
    return in.read(head, 4) && std::string_view(head, 4) == "PK\x03\x04";
}

/// Parses `text` (its non-finite numbers replaced) into `root`: the reason when it is no JSON object.
std::optional<std::pair<std::uint64_t, std::string>>
parseObject(dom::parser& parser, simdjson::padded_string& text, dom::object& root)
{
    const std::string_view view(text.data(), text.size());
    if (auto bad = firstInvalidUtf8(view))
        return std::pair{std::uint64_t(lineOfOffset(view, *bad)), invalidUtf8Reason(*bad)};
    if (view.substr(0, 3) == "\xEF\xBB\xBF") // a UTF-8 BOM: blanked, so that offsets and lines stay
        std::fill_n(text.data(), 3, ' ');
    if (view.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return std::pair{std::uint64_t(0), std::string(kEmptyFileReason)};
    replaceNonFiniteNumbers(text);
    if (parser.allocate(text.size(), kMaxJsonDepth + 1) != simdjson::SUCCESS)
        return std::pair{std::uint64_t(0), std::string("out of memory")};
    dom::element element;
    if (auto error = parser.parse(text).get(element))
        return std::pair{std::uint64_t(0),
                         error == simdjson::DEPTH_ERROR ? tooDeepReason() : invalidJsonReason(error)};
    if (element.get(root))
        return std::pair{std::uint64_t(1),
                         "expected a JSON object, got " + std::string(jsonTypeName(element.type()))};
    return std::nullopt;
}

/// Upstream's sample order (log/_log.py sort_samples): by epoch, then id, numeric ids zero-filled to 20
/// digits. Taken from the entry name `samples/<id>_epoch_<n>.json`.
std::pair<long long, std::string> sampleOrder(const std::string& name)
{
    constexpr std::string_view kDir = "samples/", kEpoch = "_epoch_";
    const std::string stem = name.substr(kDir.size(), name.size() - kDir.size() - 5);
    const std::size_t at = stem.rfind(kEpoch);
    if (at == std::string::npos)
        return {0, stem};
    std::string id = stem.substr(0, at);
    const long long epoch = std::strtoll(stem.c_str() + at + kEpoch.size(), nullptr, 10);
    if (!id.empty() && id.size() < 20 &&
        std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; }))
        id.insert(0, 20 - id.size(), '0');
    return {epoch, id};
}

bool readEvalArchive(const std::string& path, InspectLogReader& reader, ImportLog& log,
                     const Progress& progress)
{
    InspectArchive archive;
    if (auto reason = archive.open(path)) {
        log.fatal({path, 0, "", std::move(*reason)});
        return false;
    }
    dom::parser parser;
    simdjson::padded_string text;
    constexpr std::string_view kHeader = "header.json";
    if (auto reason = archive.read(kHeader, text)) {
        if (!archive.has(kHeader))
            *reason += " (an Inspect .eval log has one once its run has finished)";
        log.fatal({path, 0, std::string(kHeader), std::move(*reason)});
        return false;
    }
    dom::object root;
    const std::string headerName = path + "/" + std::string(kHeader);
    if (auto problem = parseObject(parser, text, root)) {
        log.fatal({headerName, problem->first, "", std::move(problem->second)});
        return false;
    }
    InspectLocator headerAt(headerName, {text.data(), text.size()});
    if (!reader.readHeader(root, headerAt, 0))
        return false;

    std::vector<std::string> samples;
    for (const std::string& name : archive.names())
        if (name.size() > 13 && name.compare(0, 8, "samples/") == 0 &&
            name.compare(name.size() - 5, 5, ".json") == 0)
            samples.push_back(name);
    if (samples.empty()) {
        log.fatal({path, 0, "samples/", "the log holds no samples (it was written with log_samples=False)"});
        return false;
    }
    std::stable_sort(samples.begin(), samples.end(), [](const std::string& a, const std::string& b) {
        return sampleOrder(a) < sampleOrder(b);
    });
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if ((i & 63u) == 0) {
            progress.step(i, samples.size());
            if (progress.cancelled())
                return false;
        }
        const std::string entryName = path + "/" + samples[i];
        if (auto reason = archive.read(samples[i], text)) {
            if (!log.badRecord({entryName, 0, "", std::move(*reason)}))
                return false;
            continue;
        }
        if (auto problem = parseObject(parser, text, root)) {
            if (!log.badRecord({entryName, problem->first, "", std::move(problem->second)}))
                return false;
            continue;
        }
        InspectLocator where(entryName, {text.data(), text.size()});
        if (!reader.readSample(root, where, 0))
            return false;
    }
    progress.step(samples.size(), samples.size());
    return reader.finish();
}

bool readJsonLog(const std::string& path, InspectLogReader& reader, ImportLog& log, const Progress& progress)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        log.fatal({path, 0, "", std::filesystem::exists(path, ec) ? "cannot read file" : "no such file"});
        return false;
    }
    if (size > HarnessFile::kMaxFileBytes) {
        log.fatal({path, 0, "", "file larger than 2 GiB (a .json log is read whole; write it as .eval)"});
        return false;
    }
    simdjson::padded_string text;
    if (simdjson::padded_string::load(path).get(text)) {
        log.fatal({path, 0, "", "cannot read file"});
        return false;
    }
    dom::parser parser;
    dom::object root;
    if (auto problem = parseObject(parser, text, root)) {
        log.fatal({path, problem->first, "", std::move(problem->second)});
        return false;
    }
    InspectLocator where(path, {text.data(), text.size()});
    if (!reader.readHeader(root, where, 0))
        return false;
    dom::array samples;
    if (root["samples"].get(samples)) {
        log.fatal({path, 0, "samples",
                   "required array is missing (the log was written with log_samples=False, or header_only)"});
        return false;
    }
    const std::string_view view(text.data(), text.size());
    std::vector<std::size_t> offsets;
    const JsonStep samplesKey[] = {{"samples", 0}};
    arrayElementOffsets(view, offsetOfPath(view, 0, samplesKey), offsets);
    std::size_t i = 0;
    for (dom::element sample : samples) {
        const std::size_t k = i++;
        if ((k & 63u) == 0) {
            progress.step(k, samples.size());
            if (progress.cancelled())
                return false;
        }
        const std::size_t start = k < offsets.size() ? offsets[k] : 0;
        const std::string prefix = "samples[" + std::to_string(k) + "]";
        if (sample.type() != dom::element_type::OBJECT) {
            if (!log.badRecord({path, where.line(start), prefix,
                                "expected an object, got " + std::string(jsonTypeName(sample.type()))}))
                return false;
            continue;
        }
        if (!reader.readSample(objectOf(sample), where, start, prefix + "."))
            return false;
    }
    progress.step(samples.size(), samples.size());
    return reader.finish();
}

} // namespace

bool importInspectLog(const std::string& path, AuditBuilder& builder, ImportLog& log,
                      const Progress& progress)
{
    InspectLogReader reader(builder, log);
    const bool zip = startsWithZipSignature(path) || std::filesystem::path(path).extension() == ".eval";
    const bool ok =
        zip ? readEvalArchive(path, reader, log, progress) : readJsonLog(path, reader, log, progress);
    // An empty result is never silent: a log of a run without scorers (or with `--no-score`) has samples
    // but nothing graded.
    if (ok && reader.unscoredSamples() > 0)
        log.note(
            {path, 0, "",
             std::to_string(reader.unscoredSamples()) + " of " +
                 std::to_string(reader.unscoredSamples() + reader.samplesRead()) +
                 " samples have no scores (the eval ran without a scorer, or scoring was deferred): they "
                 "give no judgment; score the log (inspect score) and import it again"});
    return ok && !log.failed && !progress.cancelled();
}

} // namespace tribunal
