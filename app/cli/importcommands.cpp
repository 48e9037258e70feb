// import, info and export: moving audits between files and projects.

#include "common.h"
#include "labelnotes.h"
#include "registry.h"

#include "analysis/auditsummary.h"
#include "io/exporter.h"
#include "io/project/projectfile.h"
#include "report/auditsummaryjson.h"

#include <QFileInfo>

#include <iostream>

namespace tribunal::cli {
namespace {

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

} // namespace

const QCommandLineOption
    kImportOut({"o", "output"},
               QT_TRANSLATE_NOOP("tribunal::cli::Msg", "The project file to write (.tribunal)."), "PROJECT");
const QCommandLineOption kImportForce("force", QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                                 "Replace PROJECT if it exists."));
const QCommandLineOption kAppend("append",
                                 QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                   "Add the imported judgments to the existing PROJECT."));

void defineImport(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr("Import audit files into a project."));
    parser.addPositionalArgument("inputs",
                                 Msg::tr("Files or directories (flat CSV, Tribunal JSONL, LLMBar layout)."),
                                 "FILE_OR_DIR...");
    addOptions(parser, {kImportOut, kImportForce, kAppend, kSkipBad, kFormat});
}

int runImport(const QCommandLineParser& parser)
{
    QString error;
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty() || !parser.isSet(kImportOut))
        return usage(Msg::tr("import needs at least one input and -o PROJECT"));
    auto options = importOptions(parser, &error);
    if (!options)
        return usage(error);
    const auto project = parser.value(kImportOut).toStdString();
    // Held from before the base project is read until after the save: an kAppend never loses what another
    // writer added in between, and a second writer is refused at once.
    const auto lock = lockProject(parser.value(kImportOut), parser.isSet(kAppend)        ? "import --append"
                                                            : parser.isSet(kImportForce) ? "import --force"
                                                                                         : "import");
    if (!lock)
        return kUsage;
    const bool exists = QFileInfo::exists(parser.value(kImportOut));
    if (exists && !parser.isSet(kImportForce) && !parser.isSet(kAppend))
        return usage(Msg::tr("%1 exists; use --append to add to it or --force to replace it")
                         .arg(shownPath(parser.value(kImportOut))));

    AuditPtr base;
    ProjectExtras extras;
    if (exists && parser.isSet(kAppend)) {
        std::string openError;
        auto contents = ProjectFile::open(project, &openError);
        if (!contents) {
            printError(openError);
            return kBadInput;
        }
        base = contents->audit;
        extras = std::move(contents->extras);
    }
    auto outcome = importSources(toStd(inputs), base.get(), *options);
    printIssues(outcome.log.issues);
    printNotes(outcome.log.notes);
    if (!outcome.audit)
        return kBadInput;
    std::string saveError;
    if (!ProjectFile::save(project, *outcome.audit, extras, &saveError)) {
        printError(saveError);
        return kUsage;
    }
    std::cout << "imported " << outcome.judgmentsAdded << " judgments and " << outcome.itemsAdded
              << " items into " << shownPath(project) << " (" << outcome.audit->judgmentCount()
              << " judgments, " << outcome.audit->itemCount() << " items in all)";
    if (outcome.log.skippedRecords > 0)
        std::cout << "; " << outcome.log.skippedRecords << " bad record(s) skipped, listed on stderr";
    std::cout << '\n';
    return kOk;
}

const QCommandLineOption kJson("json", QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                         "Print JSON (a stable contract for scripts)."));

void defineInfo(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr("Print the counts of an audit."));
    parser.addPositionalArgument("input", Msg::tr("A project, or files to import."), "PROJECT_OR_FILE...");
    addOptions(parser, {kJson, kSkipBad, kFormat});
}

int runInfo(const QCommandLineParser& parser)
{
    QString error;
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("info needs a project or file"));
    auto options = importOptions(parser, &error);
    if (!options)
        return usage(error);
    int exitCode = kOk;
    auto audit = load(inputs, *options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    auto summary = summarize(*audit);
    if (parser.isSet(kJson))
        std::cout << auditSummaryJson(summary);
    else
        printSummaryText(summary);
    return kOk;
}

const QCommandLineOption kExportOut(
    {"o", "output"},
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "File to write (JSONL: items go to NAME.items.jsonl beside it)."),
    "FILE");
const QCommandLineOption kTo(
    "to",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Output format: jsonl or csv (same as --format when exporting)."),
    "jsonl|csv");
const QCommandLineOption
    kExportFormat("format", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Output format: jsonl or csv."),
                  "jsonl|csv");

void defineExport(CommandParser& parser)
{
    parser.setApplicationDescription(
        Msg::tr("Write an audit as Tribunal JSONL (items + judgments) or flat pairwise CSV."));
    parser.addPositionalArgument("input", Msg::tr("A project, or files to import."), "PROJECT_OR_FILE...");
    // The same (catalogue) description as --format of import and info: "Input format: auto, csv, ...".
    // Made here, not at namespace scope: kFormat lives in another file, initialised in an unknown order.
    const QCommandLineOption inFormat("input-format", kFormat.description(), "FORMAT", "auto");
    addOptions(parser, {kExportOut, kExportFormat, kTo, inFormat, kSkipBad});
}

int runExport(const QCommandLineParser& parser)
{
    QString error;
    auto inputs = parser.positionalArguments().mid(1);
    const QString outFormat = parser.isSet(kExportFormat) ? parser.value(kExportFormat) : parser.value(kTo);
    if (!outFormat.isEmpty() && outFormat != "jsonl" && outFormat != "csv")
        return usage(Msg::tr("unknown --format '%1' (expected jsonl or csv)").arg(outFormat));
    if (inputs.isEmpty() || !parser.isSet(kExportOut) || outFormat.isEmpty())
        return usage(Msg::tr("export needs an input, --format jsonl|csv and -o FILE"));
    ImportOptions options;
    options.policy = parser.isSet(kSkipBad) ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
    auto inputFormat = parseSourceFormat(parser.value(QStringLiteral("input-format")).toStdString());
    if (!inputFormat)
        return usage(Msg::tr("unknown --input-format"));
    options.format = *inputFormat;
    auto texts = harnessTextPaths(parser, &error);
    if (!texts)
        return usage(error);
    options.texts = std::move(*texts);
    int exitCode = kOk;
    auto audit = load(inputs, options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    std::string writeError;
    const auto path = parser.value(kExportOut).toStdString();
    const bool ok = outFormat == "csv" ? exportFlatCsv(*audit, path, &writeError)
                                       : exportJsonl(*audit, path, &writeError);
    if (!ok) {
        printError(writeError);
        return kUsage;
    }
    std::cout << "wrote " << audit->judgmentCount() << " judgments to " << shownPath(path);
    if (outFormat == "jsonl")
        std::cout << " and " << audit->itemCount() << " items to " << shownPath(itemsPathFor(path));
    std::cout << '\n';
    noteReimport(path, outFormat == "jsonl");
    return kOk;
}

const Command& importCommand()
{
    static const Command command{"import", defineImport, runImport, {"o"}, {}};
    return command;
}

const Command& infoCommand()
{
    static const Command command{"info", defineInfo, runInfo, {}, {}};
    return command;
}

const Command& exportCommand()
{
    static const Command command{"export", defineExport, runExport, {"o", "format"}, {}};
    return command;
}

} // namespace tribunal::cli
