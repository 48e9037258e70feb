#include "io/formats/csvtokenizer.h"
#include "io/harness/harnessfolders.h"
#include "io/harness/harnesstexts.h"
#include "io/harness/inspectlogjson.h"
#include "io/importer.h"
#include "io/jsonvaluetext.h"
#include "io/project/projectfile.h"

#include <simdjson.h>

#include <QDir>
#include <QTemporaryFile>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/vfs.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>

namespace tribunal {
namespace {

// A FIFO (named pipe) as input: how long a read waits for a writer to open the other end.
constexpr int kFifoWriterWaitMs = 2000;
constexpr int kPollSliceMs = 100; // how often a wait looks at cancellation

// Closes a descriptor on every path out of spoolInput.
struct FdCloser {
    int fd = -1;
    ~FdCloser()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

// Whether `fd`, a FIFO, is an anonymous pipe (`cmd | tribunal-cli info /dev/stdin`, `<(cmd)`): its writer
// was there before we opened it, so there is nothing to wait for.
bool isAnonymousPipe(int fd)
{
#ifdef __linux__
    struct statfs fs {};
    constexpr long kPipeFsMagic = 0x50495045;
    return ::fstatfs(fd, &fs) == 0 && static_cast<long>(fs.f_type) == kPipeFsMagic;
#else
    (void)fd;
    return false;
#endif
}

// Waits up to `ms` (-1: without end) for `fd` to be readable or hung up; false on timeout or cancellation.
bool waitReadable(int fd, int ms, const Progress& progress)
{
    for (int waited = 0; ms < 0 || waited < ms; waited += kPollSliceMs) {
        if (progress.cancelled())
            return false;
        pollfd p{fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, kPollSliceMs);
        if (ready > 0)
            return true;
        if (ready < 0 && errno != EINTR)
            return true; // let read() report the problem
    }
    return false;
}

/// A non-regular input (a pipe, a FIFO, a character device) read once, whole, into a temporary regular file,
/// so that detection and the readers, which open a path, may seek in it and open it more than once. Every
/// issue, note and source-file name that names the temporary file is put back to the path given.
class SpooledInput {
public:
    /// Whether `path` needs spooling: it exists and is neither a regular file nor a directory.
    static bool needed(const std::string& path)
    {
        std::error_code ec;
        const auto status = std::filesystem::status(path, ec);
        return !ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
               !std::filesystem::is_directory(status);
    }

    /// Reads `path` to its end. On failure logs a fatal `path[:line]: reason` and returns false. A FIFO
    /// nobody has opened for writing within kFifoWriterWaitMs fails instead of blocking; a stretch of more
    /// than kMaxLineBytes without a line feed fails at once (every format's line limit), so an endless
    /// device such as /dev/zero is not copied without end.
    bool read(const std::string& path, ImportLog& log, const Progress& progress)
    {
        m_original = path;
        auto fail = [&](std::uint64_t line, std::string reason) {
            log.fatal({path, line, "", std::move(reason)});
            return false;
        };
        FdCloser in{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
        if (in.fd < 0)
            return fail(0, "cannot read file: " + std::string(std::strerror(errno)));
        struct stat st {};
        if (::fstat(in.fd, &st) == 0 && S_ISFIFO(st.st_mode) && !isAnonymousPipe(in.fd) &&
            !waitReadable(in.fd, kFifoWriterWaitMs, progress)) {
            if (progress.cancelled())
                return false;
            return fail(0, "a FIFO with no writer (waited " + std::to_string(kFifoWriterWaitMs / 1000) +
                               " s): start the program that writes to it first, or pass the data on standard "
                               "input");
        }
        const std::string suffix = std::filesystem::path(path).extension().string();
        m_file = std::make_unique<QTemporaryFile>(
            QDir::tempPath() + QStringLiteral("/tribunal-input-XXXXXX") + QString::fromStdString(suffix));
        if (!m_file->open())
            return fail(0, "cannot read file: no temporary file to hold it: " +
                               m_file->errorString().toStdString());
        m_spooled = m_file->fileName().toStdString();
        std::vector<char> buffer(std::size_t(1) << 20);
        std::uint64_t line = 1, sinceNewline = 0;
        for (;;) {
            const ssize_t got = ::read(in.fd, buffer.data(), buffer.size());
            if (got == 0)
                break;
            if (got < 0) {
                if (errno == EINTR)
                    continue;
                if (errno == EAGAIN || errno == EWOULDBLOCK) {
                    if (!waitReadable(in.fd, -1, progress))
                        return false; // cancelled
                    continue;
                }
                return fail(0, "cannot read file: " + std::string(std::strerror(errno)));
            }
            const char* data = buffer.data();
            for (const char* p = data; p < data + got;) {
                const char* nl =
                    static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(data + got - p)));
                if (!nl) {
                    sinceNewline += static_cast<std::uint64_t>(data + got - p);
                    break;
                }
                sinceNewline = 0;
                ++line;
                p = nl + 1;
            }
            if (sinceNewline > kMaxLineBytes)
                return fail(line, "line longer than " + std::to_string(kMaxLineBytes >> 20) + " MiB");
            if (m_file->write(data, got) != got)
                return fail(0, "cannot read file: cannot hold it in a temporary file: " +
                                   m_file->errorString().toStdString());
            if (progress.cancelled())
                return false;
        }
        if (!m_file->flush())
            return fail(0, "cannot read file: cannot hold it in a temporary file: " +
                               m_file->errorString().toStdString());
        return true;
    }

    /// The path to read the data from.
    const std::string& path() const { return m_spooled; }

    /// Names the original path instead of the temporary file in the issues and notes from `issuesFrom` /
    /// `notesFrom` on and in the builder's source files from `sourceFrom` on.
    void restoreNames(ImportLog& log, std::size_t issuesFrom, std::size_t notesFrom, AuditBuilder& builder,
                      std::size_t sourceFrom) const
    {
        auto fix = [this](ImportIssue& issue) {
            if (issue.file == m_spooled)
                issue.file = m_original;
            for (auto at = issue.reason.find(m_spooled); at != std::string::npos;
                 at = issue.reason.find(m_spooled, at + m_original.size()))
                issue.reason.replace(at, m_spooled.size(), m_original);
        };
        for (std::size_t i = issuesFrom; i < log.issues.size(); ++i)
            fix(log.issues[i]);
        for (std::size_t i = notesFrom; i < log.notes.size(); ++i)
            fix(log.notes[i]);
        for (std::size_t f = sourceFrom; f < builder.sourceFileCount(); ++f)
            if (builder.sourceFile(static_cast<std::uint32_t>(f)) == m_spooled)
                builder.renameSourceFile(static_cast<std::uint32_t>(f), m_original);
    }

private:
    std::string m_original, m_spooled;
    std::unique_ptr<QTemporaryFile> m_file;
};

// Whether the CSV file at `path` has a rubric CSV header: its first record names `unit_id` and `criterion`
// and neither of the pairwise CSV's `item_id` and `order`. Reads at most the first 64 KiB; a header longer
// than that is not recognised (the file is then read as a flat CSV, whose reader reports the columns).
bool hasRubricCsvHeader(std::ifstream& in)
{
    constexpr std::size_t kHeadBytes = std::size_t(64) << 10;
    constexpr std::size_t kScanPadding = 16; // scanCsvRecord reads up to 15 bytes past the end
    std::string buffer(kHeadBytes + kScanPadding, '\0');
    in.clear();
    in.seekg(0);
    in.read(buffer.data(), static_cast<std::streamsize>(kHeadBytes));
    const auto size = static_cast<std::size_t>(in.gcount());
    const char* p = buffer.data();
    const char* end = p + size;
    if (size >= 3 && buffer.compare(0, 3, "\xEF\xBB\xBF") == 0)
        p += 3;
    while (p < end && (*p == '\r' || *p == '\n')) // blank lines are not records
        ++p;
    CsvRecord rec;
    if (scanCsvRecord(p, end, size < kHeadBytes, rec) != CsvScan::Record)
        return false;
    auto has = [&rec](std::string_view name) {
        return std::find(rec.fields.begin(), rec.fields.end(), name) != rec.fields.end();
    };
    return has("unit_id") && has("criterion") && !has("item_id") && !has("order");
}

/// Whether the file at `path` is an Inspect AI log: a `.eval` ZIP (its signature, or the name when the file
/// is damaged) or an indented `.json` whose top-level object has `eval` and `samples` or `version` (read from
/// the first 1 MiB: `version` and `eval` are the first keys upstream writes).
bool isInspectLog(const std::string& path, std::ifstream& in)
{
    constexpr std::size_t kHeadBytes = std::size_t(1) << 20;
    std::string head(kHeadBytes, '\0');
    in.clear();
    in.seekg(0);
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    in.clear();
    in.seekg(0);
    if (head.compare(0, 4, "PK\x03\x04") == 0 || std::filesystem::path(path).extension() == ".eval")
        return true;
    std::string_view text(head);
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    const auto keys = topLevelKeys(text);
    auto has = [&keys](std::string_view key) {
        return std::find(keys.begin(), keys.end(), key) != keys.end();
    };
    return has("eval") && (has("samples") || has("version"));
}

/// The format of a JSON Lines file from the keys of its first record (`in` is at the start of that line's
/// '{'): Arena-Hard-Auto (`games` with `uid` or `question_id`), FastChat MT-Bench (`g1_winner`, a human
/// judgment: `question_id`, `model_a` or `model_1`, `winner`, or a single-answer grade: `question_id`,
/// `model`, `score`), JudgeBench (`pair_id` and `judgments`), else Tribunal JSONL (whose reader then reports
/// what is wrong with the line).
SourceFormat detectJsonLines(std::ifstream& in)
{
    std::string line;
    std::getline(in, line);
    if (line.size() > kMaxLineBytes)
        return SourceFormat::TribunalJsonl;
    simdjson::dom::parser parser;
    simdjson::dom::object record;
    if (parser.parse(line).get(record))
        return SourceFormat::TribunalJsonl;
    auto has = [&record](std::string_view key) { return record.at_key(key).error() == simdjson::SUCCESS; };
    if (has("games") && (has("uid") || has("question_id")))
        return SourceFormat::ArenaHard;
    if (has("g1_winner") || (has("question_id") && (has("model_a") || has("model_1")) && has("winner")) ||
        (has("question_id") && has("model") && has("score")))
        return SourceFormat::MtBench;
    if (has("pair_id") && has("judgments"))
        return SourceFormat::JudgeBench;
    return SourceFormat::TribunalJsonl;
}

// A Tribunal project among the inputs (`path`, read from `readPath`): when it is the first input of an
// import that starts from no audit (`first`), the builder starts from the project's audit, as if its
// judgments had been imported first; anywhere else it is refused (merging two audits' items is an import's
// work, which the project's JSONL export can do).
bool startFromProject(const std::string& path, const std::string& readPath, bool first, AuditBuilder& builder,
                      ImportLog& log, const Progress& progress)
{
    if (!first || builder.judgmentCount() > 0 || builder.itemCount() > 0) {
        log.fatal(
            {path, 0, "",
             "a Tribunal project can only be the first input of an import into a new project; put it "
             "first, or export it (tribunal-cli export PROJECT --format jsonl -o FILE.jsonl) and import "
             "FILE.jsonl"});
        return false;
    }
    std::string error;
    auto contents = ProjectFile::open(readPath, &error, progress);
    if (!contents) {
        if (!progress.cancelled()) {
            // ProjectFile messages start with the path they opened: name the input instead (a spooled pipe's
            // temporary file means nothing to the user), so every issue names its file.
            const std::string prefix = readPath + ": ";
            log.fatal({path, 0, "", error.starts_with(prefix) ? error.substr(prefix.size()) : error});
        }
        return false;
    }
    builder = AuditBuilder(*contents->audit);
    const auto& extras = contents->extras;
    if (!extras.settings.empty() || !extras.judges.empty() || !extras.notes.empty())
        log.note(
            {path, 0, "",
             "imported the project's judgments and items; its analysis settings, judge configurations and "
             "item notes are not copied (use --append with it as -o to keep them)"});
    return true;
}

} // namespace

std::optional<SourceFormat> parseSourceFormat(std::string_view name)
{
    if (name == "auto")
        return SourceFormat::Auto;
    if (name == "csv")
        return SourceFormat::FlatCsv;
    if (name == "jsonl")
        return SourceFormat::TribunalJsonl;
    if (name == "llmbar")
        return SourceFormat::LlmBar;
    if (name == "rubric-csv")
        return SourceFormat::RubricCsv;
    if (name == "arena-hard")
        return SourceFormat::ArenaHard;
    if (name == "mt-bench")
        return SourceFormat::MtBench;
    if (name == "judgebench")
        return SourceFormat::JudgeBench;
    if (name == "alpaca-eval")
        return SourceFormat::AlpacaEval;
    if (name == "inspect")
        return SourceFormat::InspectEval;
    return std::nullopt;
}

std::string_view sourceFormatName(SourceFormat format)
{
    switch (format) {
    case SourceFormat::Auto:
        return "auto";
    case SourceFormat::FlatCsv:
        return "csv";
    case SourceFormat::TribunalJsonl:
        return "jsonl";
    case SourceFormat::LlmBar:
        return "llmbar";
    case SourceFormat::RubricCsv:
        return "rubric-csv";
    case SourceFormat::ArenaHard:
        return "arena-hard";
    case SourceFormat::MtBench:
        return "mt-bench";
    case SourceFormat::JudgeBench:
        return "judgebench";
    case SourceFormat::AlpacaEval:
        return "alpaca-eval";
    case SourceFormat::InspectEval:
        return "inspect";
    }
    return "auto";
}

SourceFormat detectFormat(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        // AlpacaEval's results/<model>/<annotator>/annotations.json tree, unless an LLMBar dataset.json is
        // anywhere in it: a tree of neither is left to the LLMBar reader, which says what it misses.
        bool annotations = false;
        std::filesystem::recursive_directory_iterator it(path, ec), end;
        for (; !ec && it != end; it.increment(ec)) {
            std::error_code e;
            if (!it->is_regular_file(e))
                continue;
            const auto name = it->path().filename();
            if (name == "dataset.json")
                return SourceFormat::LlmBar;
            annotations = annotations || name == "annotations.json";
        }
        return annotations ? SourceFormat::AlpacaEval : SourceFormat::LlmBar;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return SourceFormat::Auto;
    if (isInspectLog(path, in)) // a ZIP, or JSON spread over lines: before the first-line checks below
        return SourceFormat::InspectEval;
    char c = 0;
    while (in.get(c)) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
            continue;
        if (static_cast<unsigned char>(c) == 0xEF) // UTF-8 byte order mark
            continue;
        if (static_cast<unsigned char>(c) == 0xBB || static_cast<unsigned char>(c) == 0xBF)
            continue;
        if (c == '{') {
            in.unget();
            return detectJsonLines(in);
        }
        if (c == '[') // the only JSON-array file format (LLMBar's arrays come as a directory)
            return SourceFormat::AlpacaEval;
        return hasRubricCsvHeader(in) ? SourceFormat::RubricCsv : SourceFormat::FlatCsv;
    }
    // Empty file: let the CSV reader report it by name ("empty file").
    auto ext = std::filesystem::path(path).extension().string();
    return ext == ".jsonl" || ext == ".ndjson" ? SourceFormat::TribunalJsonl : SourceFormat::FlatCsv;
}

ImportOutcome importSources(const std::vector<std::string>& given, const Audit* base,
                            const ImportOptions& options, const Progress& progress)
{
    ImportOutcome outcome;
    outcome.log.policy = options.policy;
    // A FastChat or Arena-Hard data folder is read as its judgment files (harnessfolders.h).
    std::vector<std::string> paths;
    for (const std::string& path : given) {
        const std::vector<std::string> files =
            options.format == SourceFormat::Auto ? harnessJudgmentFiles(path) : std::vector<std::string>{};
        if (files.empty()) {
            if (options.format == SourceFormat::Auto && harnessFolderWithoutJudgments(path)) {
                outcome.log.fatal({path, 0, "",
                                   "a harness data folder with questions and answers but no judgments (no "
                                   "model_judgment/*.jsonl below it): import the judge's judgment files, or "
                                   "run a live audit of these items from the Judges panel"});
                outcome.log.failed = true;
                return outcome;
            }
            paths.push_back(path);
            continue;
        }
        outcome.log.note({path, 0, "",
                          "a harness data folder: reading its " + std::to_string(files.size()) +
                              " judgment file(s) under model_judgment/, with the texts of question.jsonl and "
                              "model_answer/ beside them"});
        paths.insert(paths.end(), files.begin(), files.end());
    }
    AuditBuilder builder = base ? AuditBuilder(*base) : AuditBuilder();
    const auto judgmentsBefore = builder.judgmentCount();
    const auto itemsBefore = builder.itemCount();

    // Texts of Arena-Hard / MT-Bench judgments from the harness's question and answer files (harnesstexts.h);
    // one cache for the whole import, since every judgment file of a bench shares them.
    HarnessTexts texts(options.texts);

    // Progress over all sources: each source reports its own done/total; scale it into its share.
    const auto sources = static_cast<std::uint64_t>(paths.size());
    constexpr std::uint64_t kScale = 1000;
    for (std::size_t s = 0; s < paths.size(); ++s) {
        const auto& path = paths[s];
        if (progress.cancelled()) {
            outcome.cancelled = true;
            return outcome;
        }
        Progress sub;
        sub.cancel = progress.cancel;
        if (progress.report)
            sub.report = [&progress, s, sources](std::uint64_t done, std::uint64_t total) {
                auto part = total == 0 ? 0 : done * kScale / total;
                progress.step(s * kScale + part, (sources + 1) * kScale);
            };
        // A pipe or FIFO can be read only once: read it whole into a temporary file, then read that.
        std::optional<SpooledInput> spooled;
        const std::size_t issuesBefore = outcome.log.issues.size(), notesBefore = outcome.log.notes.size();
        const std::size_t sourcesBefore = builder.sourceFileCount();
        if (SpooledInput::needed(path)) {
            spooled.emplace();
            if (!spooled->read(path, outcome.log, progress)) {
                outcome.cancelled = progress.cancelled();
                outcome.log.failed = true;
                return outcome;
            }
        }
        const std::string& readPath = spooled ? spooled->path() : path;
        const std::size_t judgmentsBeforeFile = builder.judgmentCount();
        bool ok = false;
        // A project is a project whatever --format says (never a CSV): its audit starts the new one.
        const bool project = ProjectFile::looksLikeProject(readPath);
        auto format = project                                ? SourceFormat::Auto
                      : options.format == SourceFormat::Auto ? detectFormat(readPath)
                                                             : options.format;
        if (project)
            ok = startFromProject(path, readPath, s == 0 && !base, builder, outcome.log, progress);
        else
            switch (format) {
            case SourceFormat::Auto:
                outcome.log.fatal({path, 0, "", "cannot read file"});
                break;
            case SourceFormat::FlatCsv:
                ok = importFlatCsv(readPath, builder, outcome.log, sub);
                break;
            case SourceFormat::TribunalJsonl:
                ok = true;
                if (const auto items = jsonlSiblingItems(path, paths)) {
                    ok = importJsonl(*items, builder, outcome.log, sub);
                    if (ok)
                        outcome.log.note({path, 0, "",
                                          "read the items (texts, labels) from " +
                                              std::filesystem::path(*items).filename().string() +
                                              " beside it"});
                }
                ok = ok && importJsonl(readPath, builder, outcome.log, sub);
                break;
            case SourceFormat::LlmBar:
                ok = importLlmBar(readPath, builder, outcome.log, sub);
                break;
            case SourceFormat::RubricCsv:
                ok = importRubricCsv(readPath, builder, outcome.log, sub);
                break;
            case SourceFormat::ArenaHard:
                ok = importArenaHard(readPath, builder, outcome.log, sub);
                break;
            case SourceFormat::MtBench:
                ok = importMtBench(readPath, builder, outcome.log, sub);
                break;
            case SourceFormat::JudgeBench:
                ok = importJudgeBench(readPath, builder, outcome.log, sub);
                break;
            case SourceFormat::AlpacaEval:
                ok = importAlpacaEval(readPath, builder, outcome.log, sub);
                break;
            case SourceFormat::InspectEval:
                ok = importInspectLog(readPath, builder, outcome.log, sub);
                break;
            }
        outcome.files.push_back({path,
                                 project ? std::string("project") : std::string(sourceFormatName(format)),
                                 !project && options.format == SourceFormat::Auto,
                                 builder.judgmentCount() - judgmentsBeforeFile});
        if (spooled)
            spooled->restoreNames(outcome.log, issuesBefore, notesBefore, builder, sourcesBefore);
        if (progress.cancelled()) {
            outcome.cancelled = true;
            return outcome;
        }
        if (ok && !outcome.log.failed &&
            (format == SourceFormat::ArenaHard || format == SourceFormat::MtBench))
            ok = texts.fill(format, path, judgmentsBeforeFile, builder, outcome.log);
        if (!ok || outcome.log.failed) {
            outcome.log.failed = true;
            return outcome;
        }
    }
    outcome.judgmentsAdded = builder.judgmentCount() - judgmentsBefore;
    outcome.itemsAdded = builder.itemCount() - itemsBefore;
    Progress buildProgress;
    if (progress.report)
        buildProgress.report = [&progress, sources](std::uint64_t done, std::uint64_t total) {
            progress.step(sources * kScale + (total == 0 ? 0 : done * kScale / total),
                          (sources + 1) * kScale);
        };
    const auto skippedBefore = outcome.log.skippedRecords;
    const auto mergedBefore = outcome.log.mergedRecords;
    outcome.audit = builder.build(outcome.log, buildProgress);
    if (!outcome.audit) {
        outcome.log.failed = true;
        return outcome;
    }
    // Conflicts dropped and copies merged while building were counted as added above.
    outcome.judgmentsAdded -= outcome.log.skippedRecords - skippedBefore;
    outcome.judgmentsAdded -= outcome.log.mergedRecords - mergedBefore;
    return outcome;
}

} // namespace tribunal
