#include "judgingfixtures.h"

#include "io/project/projectfile.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <functional>

namespace tribunal::test {

namespace {

/// Pairwise item lines q0000.. whose texts carry the marker `textOf(i)`, labels alternating by `labelOf(i)`.
QByteArray itemsJsonl(int n, const QString& dataset, const std::function<QString(int)>& textOf,
                      const std::function<int(int)>& labelOf)
{
    QByteArray out;
    for (int i = 0; i < n; ++i) {
        const QString id = QStringLiteral("q%1").arg(i, 4, 10, QLatin1Char('0'));
        const QString text = textOf(i);
        const QJsonObject item{
            {QStringLiteral("dataset"), dataset},
            {QStringLiteral("item_id"), id},
            {QStringLiteral("kind"), QStringLiteral("pairwise")},
            {QStringLiteral("question"),
             QStringLiteral("Question %1: which answer explains the marker best?").arg(text)},
            {QStringLiteral("response_a"),
             QStringLiteral("First candidate for %1 mentions alpha-%1-end.").arg(text)},
            {QStringLiteral("response_b"),
             QStringLiteral("Second candidate for %1 mentions omega-%1-end.").arg(text)},
            {QStringLiteral("label"), labelOf(i) % 2 == 0 ? QStringLiteral("A") : QStringLiteral("B")}};
        out += QJsonDocument(item).toJson(QJsonDocument::Compact) + '\n';
    }
    return out;
}

} // namespace

QByteArray pairwiseItemsJsonl(int n, const QString& dataset)
{
    return itemsJsonl(
        n, dataset, [](int i) { return QStringLiteral("q%1").arg(i, 4, 10, QLatin1Char('0')); },
        [](int i) { return i; });
}

QByteArray duplicateTextItemsJsonl(int n, int copies, const QString& dataset)
{
    return itemsJsonl(
        n, dataset,
        [copies](int i) { return QStringLiteral("t%1").arg(i / copies, 4, 10, QLatin1Char('0')); },
        [copies](int i) { return i / copies; });
}

int simStat(const QString& statsFile, const char* key)
{
    QFile file(statsFile);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    return QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String(key)).toInt();
}

QJsonObject simJudgeJson(const QString& name, const QString& baseUrl, int inFlight)
{
    return QJsonObject{{QStringLiteral("name"), name},
                       {QStringLiteral("base_url"), baseUrl},
                       {QStringLiteral("model"), name},
                       {QStringLiteral("requests_in_flight"), inFlight},
                       {QStringLiteral("price_in_per_mtok"), 1.0},
                       {QStringLiteral("price_out_per_mtok"), 2.0},
                       {QStringLiteral("timeout_s"), 10.0}};
}

QJsonObject designJson(const QString& itemsFile, const QList<QJsonObject>& judges, const QStringList& formats,
                       int runs)
{
    QJsonArray judgeArray;
    for (const auto& judge : judges)
        judgeArray.append(judge);
    return QJsonObject{{QStringLiteral("items"), QJsonArray{itemsFile}},
                       {QStringLiteral("judges"), judgeArray},
                       {QStringLiteral("formats"), QJsonArray::fromStringList(formats)},
                       {QStringLiteral("runs"), runs}};
}

QString startJudgeSim(QProcess& sim, const QString& program, const QStringList& arguments)
{
    sim.start(program, arguments);
    if (!sim.waitForStarted())
        return {};
    const QRegularExpression listening(QStringLiteral("listening on (http://127\\.0\\.0\\.1:\\d+/v1)"));
    QString out;
    const QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired()) {
        out += QString::fromUtf8(sim.readAllStandardOutput());
        if (const auto match = listening.match(out); match.hasMatch())
            return match.captured(1);
        if (sim.state() != QProcess::Running)
            return {};
        sim.waitForReadyRead(100);
    }
    return {};
}

QString startLatencySim(QProcess& sim, const QString& program, const QString& dir, const QString& items,
                        const QString& model, int latencyMs, int seed, const QString& statsFile)
{
    const QJsonObject config{{QStringLiteral("seed"), seed},
                             {QStringLiteral("models"),
                              QJsonObject{{model, QJsonObject{{QStringLiteral("accuracy"), 0.8},
                                                              {QStringLiteral("latency_ms"), latencyMs}}}}}};
    const QString configPath = QDir(dir).filePath(QStringLiteral("sim-%1.json").arg(model));
    QFile file(configPath);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QJsonDocument(config).toJson());
    file.close();
    QStringList arguments{items, QStringLiteral("--config"), configPath, QStringLiteral("--port"),
                          QStringLiteral("0")};
    if (!statsFile.isEmpty())
        arguments << QStringLiteral("--stats-file") << statsFile;
    return startJudgeSim(sim, program, arguments);
}

int projectJudgmentCount(const QString& projectPath, QString* error)
{
    std::string err;
    const auto contents = ProjectFile::open(projectPath.toStdString(), &err);
    if (!contents) {
        *error = QString::fromStdString(err);
        return -1;
    }
    return static_cast<int>(contents->audit->judgments().size());
}

QStringList projectRequestHashes(const QString& projectPath)
{
    std::string error;
    const auto contents = ProjectFile::open(projectPath.toStdString(), &error);
    QStringList hashes;
    if (!contents)
        return hashes;
    const Audit& audit = *contents->audit;
    for (std::uint32_t row : audit.importOrder()) {
        const auto extra = audit.str(audit.judgments().extra[row]);
        const QJsonObject json =
            QJsonDocument::fromJson(QByteArray(extra.data(), static_cast<qsizetype>(extra.size()))).object();
        hashes.append(json.value(QStringLiteral("request_hash")).toString());
    }
    return hashes;
}

} // namespace tribunal::test
