#include "judgingfixtures.h"

#include "io/projectfile.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace tribunal::test {

QByteArray pairwiseItemsJsonl(int n, const QString& dataset)
{
    QByteArray out;
    for (int i = 0; i < n; ++i) {
        const QString id = QStringLiteral("q%1").arg(i, 4, 10, QLatin1Char('0'));
        const QJsonObject item{
            {QStringLiteral("dataset"), dataset},
            {QStringLiteral("item_id"), id},
            {QStringLiteral("kind"), QStringLiteral("pairwise")},
            {QStringLiteral("question"),
             QStringLiteral("Question %1: which answer explains the marker best?").arg(id)},
            {QStringLiteral("response_a"),
             QStringLiteral("First candidate for %1 mentions alpha-%1-end.").arg(id)},
            {QStringLiteral("response_b"),
             QStringLiteral("Second candidate for %1 mentions omega-%1-end.").arg(id)},
            {QStringLiteral("label"), i % 2 == 0 ? QStringLiteral("A") : QStringLiteral("B")}};
        out += QJsonDocument(item).toJson(QJsonDocument::Compact) + '\n';
    }
    return out;
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
