// tribunal-cli: the command-line face of the workbench. Argument parsing and wiring only; every number comes
// from tribunal_core, every file from tribunal_io.
//
// Exit codes: 0 success; 1 usage or I/O error; 2 bad input (the error lines go to stderr).

#include "analysis/auditsimulator.h"
#include "analysis/auditsummary.h"
#include "io/auditsource.h"
#include "io/exporter.h"
#include "io/projectfile.h"
#include "report/auditsummaryjson.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

using namespace tribunal;

namespace {

enum Exit { kOk = 0, kUsage = 1, kBadInput = 2 };

std::vector<std::string> toStd(const QStringList& list)
{
    std::vector<std::string> out;
    for (const auto& s : list)
        out.push_back(s.toStdString());
    return out;
}

int usage(const QString& message)
{
    std::cerr << "tribunal-cli: " << message.toStdString() << "\nRun 'tribunal-cli --help' for usage.\n";
    return kUsage;
}

void printIssues(const std::vector<ImportIssue>& issues)
{
    for (const auto& issue : issues)
        std::cerr << issue.text() << '\n';
}

// Parses a subcommand's options; `args` starts with the program name and the command.
bool parse(QCommandLineParser& parser, const QStringList& args, QString* error)
{
    parser.addHelpOption();
    if (!parser.parse(args)) {
        *error = parser.errorText();
        return false;
    }
    if (parser.isSet("help")) {
        std::cout << parser.helpText().toStdString();
        std::exit(kOk);
    }
    return true;
}

const QCommandLineOption kSkipBad("skip-bad", "Skip bad records and list them (default: stop at the first).");
const QCommandLineOption kFormat("format", "Input format: auto, csv, jsonl, llmbar.", "FORMAT", "auto");

std::optional<ImportOptions> importOptions(const QCommandLineParser& parser, QString* error)
{
    ImportOptions options;
    options.policy = parser.isSet(kSkipBad) ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
    auto format = parseSourceFormat(parser.value(kFormat).toStdString());
    if (!format) {
        *error = QString("unknown input format '%1' (expected auto, csv, jsonl or llmbar)")
                     .arg(parser.value(kFormat));
        return std::nullopt;
    }
    options.format = *format;
    return options;
}

// Loads the inputs named by the positional arguments; prints the issues. Returns null on failure.
AuditPtr load(const QStringList& inputs, const ImportOptions& options, ProjectExtras* extras, int* exitCode)
{
    auto loaded = loadAudit(toStd(inputs), options);
    printIssues(loaded.issues);
    if (!loaded.audit) {
        *exitCode = loaded.badInput ? kBadInput : kUsage;
        return nullptr;
    }
    if (!loaded.issues.empty())
        std::cerr << loaded.issues.size() << " bad record(s) skipped\n";
    if (extras)
        *extras = std::move(loaded.extras);
    return loaded.audit;
}

int runImport(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Import audit files into a project.");
    parser.addPositionalArgument("inputs", "Files or directories (flat CSV, Tribunal JSONL, LLMBar layout).",
                                 "FILE_OR_DIR...");
    QCommandLineOption out({"o", "output"}, "The project file to write (.tribunal).", "PROJECT");
    QCommandLineOption force("force", "Replace PROJECT if it exists.");
    QCommandLineOption append("append", "Add the imported judgments to the existing PROJECT.");
    parser.addOptions({out, force, append, kSkipBad, kFormat});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty() || !parser.isSet(out))
        return usage("import needs at least one input and -o PROJECT");
    auto options = importOptions(parser, &error);
    if (!options)
        return usage(error);
    const auto project = parser.value(out).toStdString();
    const bool exists = QFileInfo::exists(parser.value(out));
    if (exists && !parser.isSet(force) && !parser.isSet(append))
        return usage(
            QString("%1 exists; use --append to add to it or --force to replace it").arg(parser.value(out)));

    AuditPtr base;
    ProjectExtras extras;
    if (exists && parser.isSet(append)) {
        std::string openError;
        auto contents = ProjectFile::open(project, &openError);
        if (!contents) {
            std::cerr << openError << '\n';
            return kBadInput;
        }
        base = contents->audit;
        extras = std::move(contents->extras);
    }
    auto outcome = importSources(toStd(inputs), base.get(), *options);
    printIssues(outcome.log.issues);
    if (!outcome.audit)
        return kBadInput;
    std::string saveError;
    if (!ProjectFile::save(project, *outcome.audit, extras, &saveError)) {
        std::cerr << saveError << '\n';
        return kUsage;
    }
    std::cout << "imported " << outcome.judgmentsAdded << " judgments and " << outcome.itemsAdded
              << " items into " << project << " (" << outcome.audit->judgmentCount() << " judgments, "
              << outcome.audit->itemCount() << " items in all)";
    if (outcome.log.skippedRecords > 0)
        std::cout << "; " << outcome.log.skippedRecords << " bad record(s) skipped, listed on stderr";
    std::cout << '\n';
    return kOk;
}

void printSummaryText(const AuditSummary& s)
{
    std::cout << "judgments        " << s.judgments << "\nitems            " << s.items << " ("
              << s.labelledItems << " labelled)\ncells            " << s.cells << "\nmissing verdicts "
              << s.missingVerdicts << '\n';
    auto block = [](const char* title, const std::map<std::string, GroupCount>& groups) {
        std::cout << title << '\n';
        for (const auto& [name, count] : groups)
            std::cout << "  " << (name.empty() ? "(none)" : name) << '\t' << count.judgments << " judgments, "
                      << count.missingVerdicts << " missing\n";
    };
    block("by dataset", s.byDataset);
    block("by judge", s.byJudge);
    block("by format", s.byFormat);
    block("by order", s.byOrder);
    block("by rep", s.byRep);
}

int runInfo(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Print the counts of an audit.");
    parser.addPositionalArgument("input", "A project, or files to import.", "PROJECT_OR_FILE...");
    QCommandLineOption json("json", "Print JSON (a stable contract for scripts).");
    parser.addOptions({json, kSkipBad, kFormat});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage("info needs a project or file");
    auto options = importOptions(parser, &error);
    if (!options)
        return usage(error);
    int exitCode = kOk;
    auto audit = load(inputs, *options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    auto summary = summarize(*audit);
    if (parser.isSet(json))
        std::cout << auditSummaryJson(summary);
    else
        printSummaryText(summary);
    return kOk;
}

int runExport(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write an audit as Tribunal JSONL (items + judgments) or flat pairwise CSV.");
    parser.addPositionalArgument("input", "A project, or files to import.", "PROJECT_OR_FILE...");
    QCommandLineOption out({"o", "output"}, "File to write (JSONL: items go to NAME.items.jsonl beside it).",
                           "FILE");
    QCommandLineOption to("to", "Output format: jsonl or csv (same as --format when exporting).", "FORMAT");
    QCommandLineOption inFormat("input-format", "Input format: auto, csv, jsonl, llmbar.", "FORMAT", "auto");
    QCommandLineOption format("format", "Output format: jsonl or csv.", "FORMAT");
    parser.addOptions({out, format, to, inFormat, kSkipBad});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    const QString outFormat = parser.isSet(format) ? parser.value(format) : parser.value(to);
    if (inputs.isEmpty() || !parser.isSet(out) || (outFormat != "jsonl" && outFormat != "csv"))
        return usage("export needs an input, --format jsonl|csv and -o FILE");
    ImportOptions options;
    options.policy = parser.isSet(kSkipBad) ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
    auto inputFormat = parseSourceFormat(parser.value(inFormat).toStdString());
    if (!inputFormat)
        return usage("unknown --input-format");
    options.format = *inputFormat;
    int exitCode = kOk;
    auto audit = load(inputs, options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    std::string writeError;
    const auto path = parser.value(out).toStdString();
    const bool ok = outFormat == "csv" ? exportFlatCsv(*audit, path, &writeError)
                                       : exportJsonl(*audit, path, &writeError);
    if (!ok) {
        std::cerr << writeError << '\n';
        return kUsage;
    }
    std::cout << "wrote " << audit->judgmentCount() << " judgments to " << path;
    if (outFormat == "jsonl")
        std::cout << " and " << audit->itemCount() << " items to " << itemsPathFor(path);
    std::cout << '\n';
    return kOk;
}

int runSimulate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Write a synthetic (simulated) audit: simulate audit --judgments N -o FILE.");
    parser.addPositionalArgument("what", "What to simulate: audit.", "audit");
    QCommandLineOption judgments("judgments", "Number of judgments.", "N", "1000000");
    QCommandLineOption runs("runs", "Runs per (item, order).", "R", "10");
    QCommandLineOption seed("seed", "Random seed.", "S", "20261129");
    QCommandLineOption out({"o", "output"}, "File to write: .csv, .jsonl or .tribunal.", "FILE");
    parser.addOptions({judgments, runs, seed, out});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    if (parser.positionalArguments().mid(1) != QStringList{"audit"} || !parser.isSet(out))
        return usage("usage: simulate audit --judgments N [--runs R] [--seed S] -o FILE");
    bool okN = false, okR = false, okS = false;
    AuditSimulation settings;
    settings.judgments = parser.value(judgments).toULongLong(&okN);
    settings.runs = parser.value(runs).toInt(&okR);
    settings.seed = parser.value(seed).toULongLong(&okS);
    if (!okN || !okR || !okS || settings.runs < 1 || settings.runs > 1000)
        return usage("--judgments, --runs (1..1000) and --seed take non-negative integers");
    auto audit = simulateAudit(settings);
    const auto path = parser.value(out).toStdString();
    std::string writeError;
    bool ok = false;
    if (parser.value(out).endsWith(".csv"))
        ok = exportFlatCsv(*audit, path, &writeError);
    else if (parser.value(out).endsWith(".tribunal"))
        ok = ProjectFile::save(path, *audit, {}, &writeError);
    else
        ok = exportJsonl(*audit, path, &writeError);
    if (!ok) {
        std::cerr << writeError << '\n';
        return kUsage;
    }
    std::cout << "wrote a simulated audit of " << audit->judgmentCount() << " judgments to " << path << '\n';
    return kOk;
}

double peakRssMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}

int runBench(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Time a stage end to end: bench import FILE [--repeat N].");
    parser.addPositionalArgument("stage", "import", "import");
    parser.addPositionalArgument("input", "The file to import.", "FILE");
    QCommandLineOption repeat("repeat", "Repetitions (the median is reported).", "N", "5");
    parser.addOptions({repeat, kFormat, kSkipBad});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto positional = parser.positionalArguments().mid(1);
    if (positional.size() != 2 || positional[0] != "import")
        return usage("usage: bench import FILE [--repeat N]");
    auto options = importOptions(parser, &error);
    if (!options)
        return usage(error);
    const int n = std::max(1, parser.value(repeat).toInt());
    const double rssBefore = peakRssMiB();
    std::vector<double> seconds;
    std::size_t judgments = 0;
    for (int i = 0; i < n; ++i) {
        auto start = std::chrono::steady_clock::now();
        auto outcome = importSources({positional[1].toStdString()}, nullptr, *options);
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        if (!outcome.audit) {
            printIssues(outcome.log.issues);
            return kBadInput;
        }
        judgments = outcome.audit->judgmentCount();
    }
    std::sort(seconds.begin(), seconds.end());
    const double median = n % 2 ? seconds[n / 2] : (seconds[n / 2 - 1] + seconds[n / 2]) / 2;
    std::printf("stage import  file %s  judgments %zu  repeats %d\n", positional[1].toStdString().c_str(),
                judgments, n);
    std::printf(
        "median %.4f s  min %.4f s  max %.4f s  peak RSS %.1f MiB (%.1f MiB before the first import)\n",
        median, seconds.front(), seconds.back(), peakRssMiB(), rssBefore);
    return kOk;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("tribunal-cli");
    QCoreApplication::setApplicationVersion(TRIBUNAL_VERSION);
    const auto args = app.arguments();
    const QString command = args.size() > 1 ? args[1] : QString();
    if (command == "--version" || command == "-v") {
        std::cout << "tribunal-cli " << TRIBUNAL_VERSION << '\n';
        return kOk;
    }
    if (command.isEmpty() || command == "--help" || command == "-h" || command == "help") {
        std::cout << "Usage: tribunal-cli COMMAND [options]\n\n"
                     "Commands:\n"
                     "  import FILE_OR_DIR... -o PROJECT [--skip-bad] [--format F] [--append|--force]\n"
                     "  info PROJECT_OR_FILE... [--json]\n"
                     "  export PROJECT_OR_FILE... --format jsonl|csv -o FILE\n"
                     "  simulate audit --judgments N [--runs R] [--seed S] -o FILE.{csv,jsonl,tribunal}\n"
                     "  bench import FILE [--repeat N]\n\n"
                     "Run 'tribunal-cli COMMAND --help' for a command's options.\n"
                     "Exit codes: 0 success, 1 usage or I/O error, 2 bad input (errors on stderr).\n";
        return command.isEmpty() ? kUsage : kOk;
    }
    if (command == "import")
        return runImport(args);
    if (command == "info")
        return runInfo(args);
    if (command == "export")
        return runExport(args);
    if (command == "simulate")
        return runSimulate(args);
    if (command == "bench")
        return runBench(args);
    return usage(QString("unknown command '%1'").arg(command));
}
