// tribunal-judge-sim: a local OpenAI-compatible endpoint that answers as simulated LLM judges
// (docs/judge-simulator.md). Argument parsing and wiring only; the server is tribunal::JudgeSimServer.

#include "io/auditsource.h"
#include "judging/judgesimconfig.h"
#include "judging/judgesimserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QSocketNotifier>

#include <clocale>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <sys/socket.h>
#include <unistd.h>

using namespace tribunal;

namespace {

constexpr int kUsage = 1;
constexpr int kBadInput = 2;

int g_signalPipe[2] = {-1, -1};

// Async-signal-safe: only write() on the self-pipe; the event loop does the rest.
void onSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(g_signalPipe[0], &byte, 1);
}

// A behaviour key given on the command line, for every model.
struct ModelOverride {
    const char* option;
    const char* key;
};
constexpr ModelOverride kModelOverrides[] = {
    {"accuracy", "accuracy"},
    {"position-bias", "position_bias"},
    {"consistency", "consistency"},
    {"cue-effect", "cue_effect"},
    {"latency-ms", "latency_ms"},
    {"logprobs-sharpness", "logprobs_sharpness"},
    {"rationale-tokens", "rationale_tokens"},
};
constexpr ModelOverride kFaultOverrides[] = {
    {"rate-429", "rate_429"},         {"retry-after", "retry_after_s"},     {"rate-500", "rate_500"},
    {"rate-timeout", "rate_timeout"}, {"rate-malformed", "rate_malformed"}, {"fail-first", "fail_first"},
};

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    // Qt set the C library's locale from the environment; numbers printed or read with printf / strtod must
    // keep the decimal point in every locale (QCoreApplication's documentation recommends this reset).
    static_cast<void>(std::setlocale(LC_NUMERIC, "C")); // "C" always exists
    QCoreApplication::setApplicationName(QStringLiteral("tribunal-judge-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TRIBUNAL_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "A local OpenAI-compatible chat-completions endpoint answering as simulated LLM judges.\n"
        "Items are loaded from ITEMS (any file Tribunal imports, or one .tribunal project)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("ITEMS"), QStringLiteral("Item files or a project."));
    const QCommandLineOption configOption(QStringLiteral("config"), QStringLiteral("Configuration JSON."),
                                          QStringLiteral("FILE"));
    const QCommandLineOption portOption(QStringLiteral("port"), QStringLiteral("Port (0 = a free one)."),
                                        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption seedOption(QStringLiteral("seed"), QStringLiteral("Seed of every draw."),
                                        QStringLiteral("S"));
    const QCommandLineOption runsOption(
        QStringLiteral("runs"), QStringLiteral("Runs per presentation for the expected rates printed."),
        QStringLiteral("R"), QStringLiteral("3"));
    const QCommandLineOption modelOption(QStringLiteral("model"),
                                         QStringLiteral("Add a simulated model id (repeatable)."),
                                         QStringLiteral("ID"));
    const QCommandLineOption kindOption(
        QStringLiteral("fail-first-kind"),
        QStringLiteral("Fault of --fail-first: 429, 500, timeout, malformed."), QStringLiteral("K"));
    const QCommandLineOption maxBodyOption(QStringLiteral("max-body-bytes"),
                                           QStringLiteral("Larger request bodies get 413."),
                                           QStringLiteral("N"));
    const QCommandLineOption statsOption(QStringLiteral("stats-file"),
                                         QStringLiteral("Write the stats JSON here after every answer."),
                                         QStringLiteral("FILE"));
    const QCommandLineOption skipBadOption(QStringLiteral("skip-bad"),
                                           QStringLiteral("Skip bad item records instead of stopping."));
    parser.addOptions({configOption, portOption, seedOption, runsOption, modelOption, kindOption,
                       maxBodyOption, statsOption, skipBadOption});
    std::vector<QCommandLineOption> numberOptions;
    for (const auto& o : kModelOverrides)
        numberOptions.emplace_back(QString::fromLatin1(o.option),
                                   QStringLiteral("Override %1 of every model.").arg(QLatin1String(o.key)),
                                   QStringLiteral("X"));
    for (const auto& o : kFaultOverrides)
        numberOptions.emplace_back(QString::fromLatin1(o.option),
                                   QStringLiteral("Override faults.%1.").arg(QLatin1String(o.key)),
                                   QStringLiteral("X"));
    for (const auto& o : numberOptions)
        parser.addOption(o);
    parser.process(app);

    // The configuration file first, so its errors name the file.
    QJsonObject json;
    if (parser.isSet(configOption)) {
        QString error;
        const auto fromFile = readJudgeSimConfig(parser.value(configOption), &error);
        if (!fromFile) {
            std::cerr << error.toStdString() << '\n';
            return kBadInput;
        }
        json = judgeSimConfigToJson(*fromFile);
        if (fromFile->models.empty())
            json.remove(QStringLiteral("models"));
    }
    // Command-line overrides, validated by the same reader.
    const auto number = [&](const QString& option, double* out) {
        bool ok = false;
        *out = parser.value(option).toDouble(&ok);
        if (!ok)
            std::cerr << "--" << option.toStdString()
                      << ": not a number: " << parser.value(option).toStdString() << '\n';
        return ok;
    };
    QJsonObject models = json.value(QStringLiteral("models")).toObject();
    for (const QString& id : parser.values(modelOption))
        if (!models.contains(id))
            models.insert(id, QJsonObject());
    if (models.isEmpty())
        models.insert(QStringLiteral("sim-judge"), QJsonObject());
    for (const auto& o : kModelOverrides) {
        if (!parser.isSet(QString::fromLatin1(o.option)))
            continue;
        double value = 0.0;
        if (!number(QString::fromLatin1(o.option), &value))
            return kBadInput;
        for (auto it = models.begin(); it != models.end(); ++it) {
            QJsonObject model = it.value().toObject();
            model.insert(QLatin1String(o.key), value);
            it.value() = model;
        }
    }
    json.insert(QStringLiteral("models"), models);
    QJsonObject faults = json.value(QStringLiteral("faults")).toObject();
    for (const auto& o : kFaultOverrides) {
        if (!parser.isSet(QString::fromLatin1(o.option)))
            continue;
        double value = 0.0;
        if (!number(QString::fromLatin1(o.option), &value))
            return kBadInput;
        faults.insert(QLatin1String(o.key), value);
    }
    if (parser.isSet(kindOption))
        faults.insert(QStringLiteral("fail_first_kind"), parser.value(kindOption));
    if (!faults.isEmpty())
        json.insert(QStringLiteral("faults"), faults);
    for (const auto& [option, key] :
         {std::pair{&seedOption, "seed"}, std::pair{&maxBodyOption, "max_body_bytes"}}) {
        if (!parser.isSet(*option))
            continue;
        double value = 0.0;
        if (!number(option->names().constFirst(), &value))
            return kBadInput;
        json.insert(QLatin1String(key), value);
    }
    QString error;
    const auto config = judgeSimConfigFromJson(json, &error);
    if (!config) {
        std::cerr << "command line: " << error.toStdString() << '\n';
        return kBadInput;
    }
    bool ok = false;
    const int runs = parser.value(runsOption).toInt(&ok);
    if (!ok || runs < 1 || runs > 1000) {
        std::cerr << "--runs: must be a whole number in [1, 1000]\n";
        return kBadInput;
    }
    const uint port = parser.value(portOption).toUInt(&ok);
    if (!ok || port > 65535) {
        std::cerr << "--port: must be a whole number in [0, 65535]\n";
        return kBadInput;
    }

    // Items.
    std::vector<std::string> paths;
    for (const QString& path : parser.positionalArguments())
        paths.push_back(path.toStdString());
    AuditPtr audit;
    if (paths.empty()) {
        std::cerr << "warning: no ITEMS given: every chat request will be unmatched (400)\n";
    } else {
        ImportOptions options;
        options.policy =
            parser.isSet(skipBadOption) ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
        auto loaded = loadAudit(paths, options);
        for (const ImportIssue& issue : loaded.issues)
            std::cerr << issue.text() << '\n';
        if (!loaded.audit)
            return loaded.badInput ? kBadInput : kUsage;
        audit = loaded.audit;
    }

    JudgeSimServer server(*config, audit);
    if (parser.isSet(statsOption))
        server.setStatsFile(parser.value(statsOption));
    if (!server.listen(static_cast<quint16>(port), &error)) {
        std::cerr << error.toStdString() << '\n';
        return kUsage;
    }
    std::cout << "listening on " << server.baseUrl().toStdString() << std::endl;
    std::cout << server.indexedItems() << " item(s) indexed\n";
    for (const auto& [id, model] : config->models) {
        const SimTrustRates rates = expectedTrustRates(model.behaviour, runs);
        std::printf(
            "model %s: accuracy %.4g, position_bias %.4g, consistency %.4g -> expected over %d run(s) "
            "in both orders: C = %.4f, phi = %.4f, A = %.4f\n",
            id.toUtf8().constData(), model.behaviour.accuracy, model.behaviour.positionBias,
            model.behaviour.consistency, runs, rates.consistency, rates.flipRate, rates.accuracy);
    }
    (void)std::fflush(stdout);
    std::cout.flush();

    // SIGTERM / SIGINT: write the stats file and leave the event loop.
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) == 0) {
        auto* notifier = new QSocketNotifier(g_signalPipe[1], QSocketNotifier::Read, &app);
        QObject::connect(notifier, &QSocketNotifier::activated, &app, [&server, notifier] {
            char byte = 0;
            [[maybe_unused]] const auto got = ::read(g_signalPipe[1], &byte, 1);
            notifier->setEnabled(false);
            QString writeError;
            if (!server.writeStatsFile(&writeError))
                std::cerr << writeError.toStdString() << '\n';
            QCoreApplication::quit();
        });
        if (std::signal(SIGTERM, onSignal) == SIG_ERR || std::signal(SIGINT, onSignal) == SIG_ERR)
            std::cerr
                << "warning: cannot catch SIGTERM and SIGINT: no stats file is written when they arrive\n";
    }
    return app.exec();
}
