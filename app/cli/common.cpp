#include "common.h"

#include <cmath>

#include <cstdlib>
#include <iostream>

namespace tribunal::cli {

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
const QCommandLineOption kFormat("format", QString("Input format: %1.").arg(kInputFormatNames), "FORMAT",
                                 "auto");
const QCommandLineOption kPrices("prices",
                                 "Prices per million tokens for requests without a recorded cost: "
                                 "JUDGE=INPUT/OUTPUT,... (K11).",
                                 "PRICES");

std::optional<ImportOptions> importOptions(const QCommandLineParser& parser, QString* error)
{
    ImportOptions options;
    options.policy = parser.isSet(kSkipBad) ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
    auto format = parseSourceFormat(parser.value(kFormat).toStdString());
    if (!format) {
        *error = QString("unknown input format '%1' (expected one of %2)")
                     .arg(parser.value(kFormat), kInputFormatNames);
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

std::optional<long long> wholeNumberOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                           long long lo, long long hi, QString* error)
{
    bool ok = false;
    const QString text = parser.value(option);
    const long long value = text.toLongLong(&ok);
    if (!ok || value < lo || value > hi) {
        *error = QString("--%1: '%2' is not a whole number in [%3, %4]")
                     .arg(option.names().constLast(), text, QString::number(lo), QString::number(hi));
        return std::nullopt;
    }
    return value;
}

std::optional<double> realOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                 double lo, double hi, bool openLo, bool openHi, QString* error)
{
    bool ok = false;
    const QString text = parser.value(option);
    const double value = text.toDouble(&ok);
    const bool inRange = ok && std::isfinite(value) && (openLo ? value > lo : value >= lo) &&
                         (openHi ? value < hi : value <= hi);
    if (!inRange) {
        *error = QString("--%1: '%2' is not a number in %3%4, %5%6")
                     .arg(option.names().constLast(), text, openLo ? "(" : "[", QString::number(lo),
                          QString::number(hi), openHi ? ")" : "]");
        return std::nullopt;
    }
    return value;
}

std::optional<std::vector<double>> numberListOption(const QCommandLineParser& parser,
                                                    const QCommandLineOption& option, double lo, double hi,
                                                    QString* error)
{
    std::vector<double> values;
    const QString text = parser.value(option);
    bool good = !text.trimmed().isEmpty();
    for (const QString& part : text.split(',')) {
        bool ok = false;
        const double value = part.trimmed().toDouble(&ok);
        good = good && ok && std::isfinite(value) && value >= lo && value <= hi &&
               (values.empty() || value > values.back());
        values.push_back(value);
    }
    if (!good) {
        *error = QString("--%1: '%2' is not an ascending list of numbers in [%3, %4]")
                     .arg(option.names().constLast(), text, QString::number(lo), QString::number(hi));
        return std::nullopt;
    }
    return values;
}

std::optional<JudgePrices> pricesOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                        QString* error)
{
    const QString name = option.names().constLast();
    JudgePrices prices;
    for (const QString& part : parser.value(option).split(',', Qt::SkipEmptyParts)) {
        const qsizetype eq = part.lastIndexOf('=');
        const QString judge = eq > 0 ? part.left(eq).trimmed() : QString();
        const QStringList io = eq > 0 ? part.mid(eq + 1).split('/') : QStringList();
        bool okIn = false, okOut = false;
        const double in = io.size() == 2 ? io[0].toDouble(&okIn) : 0.0;
        const double out = io.size() == 2 ? io[1].toDouble(&okOut) : 0.0;
        if (judge.isEmpty() || !okIn || !okOut || !std::isfinite(in) || !std::isfinite(out) || in < 0 ||
            out < 0) {
            *error =
                QString("--%1: '%2' is not JUDGE=INPUT/OUTPUT with prices >= 0 in USD per million tokens")
                    .arg(name, part);
            return std::nullopt;
        }
        if (prices.count(judge.toStdString())) {
            *error = QString("--%1: judge '%2' is priced twice").arg(name, judge);
            return std::nullopt;
        }
        prices[judge.toStdString()] = {in, out};
    }
    return prices;
}

} // namespace tribunal::cli
