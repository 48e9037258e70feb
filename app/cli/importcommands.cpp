// import, info and export: moving audits between files and projects.

#include "commands.h"
#include "common.h"
#include "labelnotes.h"

#include "analysis/auditsummary.h"
#include "io/exporter.h"
#include "io/projectfile.h"
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

int runImport(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Msg::tr("Import audit files into a project."));
    parser.addPositionalArgument("inputs",
                                 Msg::tr("Files or directories (flat CSV, Tribunal JSONL, LLMBar layout)."),
                                 "FILE_OR_DIR...");
    QCommandLineOption out({"o", "output"},
                           QT_TRANSLATE_NOOP("tribunal::cli::Msg", "The project file to write (.tribunal)."),
                           "PROJECT");
    QCommandLineOption force("force",
                             QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Replace PROJECT if it exists."));
    QCommandLineOption append(
        "append",
        QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Add the imported judgments to the existing PROJECT."));
    addOptions(parser, {out, force, append, kSkipBad, kFormat});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty() || !parser.isSet(out))
        return usage(Msg::tr("import needs at least one input and -o PROJECT"));
    auto options = importOptions(parser, &error);
    if (!options)
        return usage(error);
    const auto project = parser.value(out).toStdString();
    // Held from before the base project is read until after the save: an append never loses what another
    // writer added in between, and a second writer is refused at once.
    const auto lock = lockProject(parser.value(out), parser.isSet(append)  ? "import --append"
                                                     : parser.isSet(force) ? "import --force"
                                                                           : "import");
    if (!lock)
        return kUsage;
    const bool exists = QFileInfo::exists(parser.value(out));
    if (exists && !parser.isSet(force) && !parser.isSet(append))
        return usage(Msg::tr("%1 exists; use --append to add to it or --force to replace it")
                         .arg(shownPath(parser.value(out))));

    AuditPtr base;
    ProjectExtras extras;
    if (exists && parser.isSet(append)) {
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

int runInfo(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Msg::tr("Print the counts of an audit."));
    parser.addPositionalArgument("input", Msg::tr("A project, or files to import."), "PROJECT_OR_FILE...");
    QCommandLineOption json(
        "json", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Print JSON (a stable contract for scripts)."));
    addOptions(parser, {json, kSkipBad, kFormat});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
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
        Msg::tr("Write an audit as Tribunal JSONL (items + judgments) or flat pairwise CSV."));
    parser.addPositionalArgument("input", Msg::tr("A project, or files to import."), "PROJECT_OR_FILE...");
    QCommandLineOption out(
        {"o", "output"},
        QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                          "File to write (JSONL: items go to NAME.items.jsonl beside it)."),
        "FILE");
    QCommandLineOption to("to",
                          QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                            "Output format: jsonl or csv (same as --format when exporting)."),
                          "FORMAT");
    // The same (catalogue) description as --format of import and info: "Input format: auto, csv, ...".
    QCommandLineOption inFormat("input-format", kFormat.description(), "FORMAT", "auto");
    QCommandLineOption format(
        "format", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Output format: jsonl or csv."), "FORMAT");
    addOptions(parser, {out, format, to, inFormat, kSkipBad});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    const QString outFormat = parser.isSet(format) ? parser.value(format) : parser.value(to);
    if (inputs.isEmpty() || !parser.isSet(out) || (outFormat != "jsonl" && outFormat != "csv"))
        return usage(Msg::tr("export needs an input, --format jsonl|csv and -o FILE"));
    ImportOptions options;
    options.policy = parser.isSet(kSkipBad) ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
    auto inputFormat = parseSourceFormat(parser.value(inFormat).toStdString());
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
    const auto path = parser.value(out).toStdString();
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

} // namespace tribunal::cli
