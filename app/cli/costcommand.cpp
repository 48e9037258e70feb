// cost: B13 / K11 cost per judge (metrics.md B13, K11): recorded costs, or token counts x prices given on the
// command line. Every number comes from tribunal_core (analysis/calibration.h analyseJudgeCost); this file
// parses options and writes (report/biastables.h judgeCostTable).

#include "registry.h"
#include "trustcli_common.h"

#include "analysis/calibration.h"
#include "report/biastables.h"

#include <cmath>
#include <optional>

namespace tribunal::cli {
namespace {

void define(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Cost per judge (metrics.md B13, K11): per (judge, format, condition) the requests, total cost, "
        "cost per 1,000 requests, median latency, verdict share and the cost ratio to the cheapest. A "
        "request's cost is its recorded cost_usd, or - for judges given --prices - input tokens x input "
        "price + output tokens x output price."));
    parser.addPositionalArgument("input", Msg::tr("A project or judgment files."), "PROJECT_OR_FILE...");
    addOptions(parser, {kOut, kFlatFormat, kInputFormat, kSkipBad, kPrices});
}

int run(const QCommandLineParser& parser)
{
    QString error;
    const auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("cost needs a project or judgment files"));
    if (isLatex(parser)) // the help offers csv, md and json only; say so to a script that asks anyway
        return usage(Msg::tr("cost has no --format latex (expected csv, md or json)"));
    const auto format = flatFormat(parser);
    if (!format)
        return usage(unknownFlatFormat(parser));
    std::optional<JudgePrices> prices;
    if (parser.isSet(kPrices)) {
        prices = pricesOption(parser, kPrices, &error);
        if (!prices)
            return usage(error);
    }
    int exitCode = kOk;
    const AuditPtr audit = loadJudgmentAudit(parser, inputs, &exitCode);
    if (!audit)
        return exitCode;
    const auto results = analyseJudgeCost(*audit, prices ? &*prices : nullptr);
    return writeOutput(parser, writeFlatTable(judgeCostTable(*audit, results), *format));
}

} // namespace

const Command& costCommand()
{
    static const Command command{"cost", define, run, {}, {}};
    return command;
}

} // namespace tribunal::cli
