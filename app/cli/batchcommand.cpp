// batch: an audit design's requests as an OpenAI-compatible Batch API input file, and the batch output read
// back as judgments (core/judging/batchfile.h), for runs too large for the live scheduler. This file parses
// options and prints counts.

#include "common.h"
#include "designcli_common.h"
#include "registry.h"
#include "trustcli_common.h"

#include "judging/auditdesign.h"
#include "judging/batchfile.h"
#include "judging/judgmentidentity.h"

#include <iostream>

namespace tribunal::cli {
namespace {

// The descriptions are looked up in the catalogue by addOptions() (common.h).
const QCommandLineOption kProject(
    "project",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Leave out judgments this project has recorded (like a resumed "
                                            "run)."),
    "PROJECT");
const QCommandLineOption kMaxRequests(
    "max-requests",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "At most N requests per file (default 50000, OpenAI's "
                                            "limit); more are split into STEM.001.jsonl, "
                                            "STEM.002.jsonl, ..."),
    "N", "50000");
const QCommandLineOption kMaxBytes(
    "max-bytes",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "At most N bytes per file (default 200000000, OpenAI's 200 "
                                            "MB)."),
    "N", "200000000");
const QCommandLineOption kJudge("judge",
                                QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                  "Only this judge's requests (providers take one model per "
                                                  "batch)."),
                                "NAME");
const QCommandLineOption kNoRetryFailed(
    "no-retry-failed",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Leave out requests the project recorded as failed."));

const QCommandLineOption
    kRerun("rerun", QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                      "Write again the requests of recorded judgments this design "
                                      "asks otherwise (their import replaces them)."));

void defineBatchWrite(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Writes the requests of an audit design (docs/judging-batch.md) as an OpenAI-compatible Batch "
        "API input file: one line per request, custom_id = the request hash a live run uses, body = the "
        "exact chat-completions body. Run it on a provider's Batch API or with vLLM's run_batch, then "
        "'batch import' the output."));
    parser.addPositionalArgument("design", Msg::tr("The design file (JSON)."), "DESIGN.json");
    addOptions(parser, {kOut, kProject, kMaxRequests, kMaxBytes, kJudge, kNoRetryFailed, kRerun});
}

int batchWrite(const QCommandLineParser& parser)
{
    QString error;
    const auto positional = parser.positionalArguments().mid(2);
    if (positional.size() != 1)
        return usage(Msg::tr("batch write needs exactly one design file"));
    if (!parser.isSet(kOut))
        return usage(Msg::tr("batch write needs -o FILE.jsonl"));
    const auto maxRequests = wholeNumberOption(parser, kMaxRequests, 1, 1ll << 40, &error);
    const auto maxBytes =
        maxRequests ? wholeNumberOption(parser, kMaxBytes, 1024, 1ll << 50, &error) : std::nullopt;
    if (!maxRequests || !maxBytes)
        return usage(error);

    int exitCode = kOk;
    const auto loaded = loadDesign(positional[0], &exitCode);
    if (!loaded)
        return exitCode;
    const AuditDesign* design = &loaded->design;
    const AuditPtr& items = loaded->items;
    BatchWriteOptions options;
    options.maxRequestsPerFile = *maxRequests;
    options.maxBytesPerFile = *maxBytes;
    options.judge = parser.value(kJudge);
    options.projectPath = parser.value(kProject);
    options.retryFailed = !parser.isSet(kNoRetryFailed);
    options.rerunChanged = parser.isSet(kRerun);
    const auto counts = writeBatchInput(*design, *items, parser.value(kOut), options, &error);
    if (!counts) {
        printError(error.toStdString());
        if (isAskChangeRefusal(error))
            printRerunHint();
        return kUsage;
    }
    std::cout << "batch input: " << counts->requests << " requests for " << counts->judgments
              << " judgments (" << counts->alreadyRecorded << " already recorded, " << counts->sharedRequests
              << " calls share an earlier request)\n";
    if (counts->files.size() > 1)
        std::cout << "split into " << counts->files.size() << " files (limits: " << *maxRequests
                  << " requests, " << *maxBytes << " bytes per file):\n";
    for (const QString& file : counts->files)
        std::cout << "  " << file.toStdString() << '\n';
    return kOk;
}

void defineBatchImport(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Reads Batch API output files (and error files) of a design's batch input and writes the answers "
        "to PROJECT as judgments, exactly as a live run would (created when missing). Requests already "
        "recorded are skipped, so importing twice adds nothing. A bad line stops the import with nothing "
        "of its file written, unless --skip-bad."));
    parser.addPositionalArgument("design", Msg::tr("The design file (JSON)."), "DESIGN.json");
    parser.addPositionalArgument("outputs", Msg::tr("Batch output files (JSONL)."), "OUTPUT.jsonl...");
    addOptions(parser, {kOut, kSkipBad});
}

int batchImport(const QCommandLineParser& parser)
{
    QString error;
    const auto positional = parser.positionalArguments().mid(2);
    if (positional.size() < 2)
        return usage(Msg::tr("batch import needs a design file and at least one output file"));
    if (!parser.isSet(kOut))
        return usage(Msg::tr("batch import needs -o PROJECT"));

    int exitCode = kOk;
    const auto loaded = loadDesign(positional[0], &exitCode);
    if (!loaded)
        return exitCode;
    const AuditDesign* design = &loaded->design;
    const AuditPtr& items = loaded->items;
    BatchImportOptions options;
    options.skipBad = parser.isSet(kSkipBad);
    // Held from before the project is created or read until the last answer is written.
    const auto lock = lockProject(parser.value(kOut), "batch import");
    if (!lock)
        return kUsage;
    const auto counts =
        importBatchOutput(*design, *items, parser.value(kOut), positional.mid(1), options, &error);
    if (!counts) {
        printError(error.toStdString());
        return kBadInput;
    }
    for (const QString& bad : counts->badLines)
        std::cerr << Msg::tr("skipped %1").arg(bad).toStdString() << '\n';
    std::cout << "batch import: " << counts->lines << " lines (" << counts->answeredCalls << " answered, "
              << counts->failedCalls << " failed, " << counts->badLines.size() << " skipped); "
              << counts->written << " judgments written (" << counts->failureRows << " failures, "
              << counts->unparsed << " unparsable), " << counts->alreadyRecorded << " already recorded, "
              << counts->incomplete << " incomplete; project " << parser.value(kOut).toStdString() << '\n';
    return kOk;
}

} // namespace

const Command& batchWriteCommand()
{
    static const Command command{"batch write", defineBatchWrite, batchWrite, {"o"}, {}};
    return command;
}

const Command& batchImportCommand()
{
    static const Command command{"batch import", defineBatchImport, batchImport, {"o"}, {}};
    return command;
}

} // namespace tribunal::cli
