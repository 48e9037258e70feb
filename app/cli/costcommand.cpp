// cost: B13 / K11 cost per judge (metrics.md B13, K11): recorded costs, or token counts x prices given on the
// command line. Every number comes from tribunal_core (analysis/calibration.h analyseJudgeCost); this file
// parses options and writes (report/biastables.h judgeCostTable).

#include "commands.h"
#include "trustcli_common.h"

#include "analysis/calibration.h"
#include "report/biastables.h"

#include <cmath>
#include <optional>

namespace tribunal::cli {
namespace {

/// Parses "J=IN/OUT,J2=IN/OUT" (USD per million tokens); null with *error set on a malformed entry.
std::optional<JudgePrices> parsePrices(const QString& text, QString* error)
{
    JudgePrices prices;
    for (const QString& part : text.split(',', Qt::SkipEmptyParts)) {
        const qsizetype eq = part.lastIndexOf('=');
        const QString judge = eq > 0 ? part.left(eq).trimmed() : QString();
        const QStringList io = eq > 0 ? part.mid(eq + 1).split('/') : QStringList();
        bool okIn = false, okOut = false;
        const double in = io.size() == 2 ? io[0].toDouble(&okIn) : 0.0;
        const double out = io.size() == 2 ? io[1].toDouble(&okOut) : 0.0;
        if (judge.isEmpty() || !okIn || !okOut || !std::isfinite(in) || !std::isfinite(out) || in < 0 ||
            out < 0) {
            *error = QString("--prices: '%1' is not JUDGE=INPUT/OUTPUT with prices >= 0 in USD per million "
                             "tokens")
                         .arg(part);
            return std::nullopt;
        }
        if (prices.count(judge.toStdString())) {
            *error = QString("--prices: judge '%1' is priced twice").arg(judge);
            return std::nullopt;
        }
        prices[judge.toStdString()] = {in, out};
    }
    return prices;
}

} // namespace

int runCost(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Cost per judge (metrics.md B13, K11): per (judge, format, condition) the requests, total cost, cost "
        "per 1,000 requests, median latency, verdict share and the cost ratio to the cheapest. A request's "
        "cost "
        "is its recorded cost_usd, or - for judges given --prices - input tokens x input price + output "
        "tokens "
        "x output price.");
    parser.addPositionalArgument("input", "A project or judgment files.", "PROJECT_OR_FILE...");
    const QCommandLineOption pricesOption(
        "prices", "Prices per million tokens for requests without a recorded cost: JUDGE=INPUT/OUTPUT,...",
        "PRICES");
    parser.addOptions({kOut, kTableFormat, kInputFormat, kSkipBad, pricesOption});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    const auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage("cost needs a project or judgment files");
    if (isLatex(parser))
        return usage("cost has no --format latex (expected csv, md or json)");
    const auto format = tableFormat(parser.value(kTableFormat));
    if (!format)
        return usage(unknownFormat(parser));
    std::optional<JudgePrices> prices;
    if (parser.isSet(pricesOption)) {
        prices = parsePrices(parser.value(pricesOption), &error);
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

} // namespace tribunal::cli
