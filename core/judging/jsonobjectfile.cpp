#include "jsonobjectfile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

namespace tribunal {

std::optional<QJsonObject> readJsonObjectFile(const QString& path, QString* error,
                                              JsonObjectFileProblem* problem)
{
    JsonObjectFileProblem local;
    JsonObjectFileProblem& p = problem ? *problem : local;
    p = JsonObjectFileProblem();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        p.kind = JsonObjectFileProblem::Kind::CannotRead;
        p.reason = file.errorString();
        *error = QStringLiteral("%1: cannot read: %2").arg(path, p.reason);
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        p.kind = JsonObjectFileProblem::Kind::NotJson;
        p.reason = parseError.errorString();
        p.offset = parseError.offset;
        *error = QStringLiteral("%1: not JSON: %2 at offset %3").arg(path, p.reason).arg(p.offset);
        return std::nullopt;
    }
    if (!document.isObject()) {
        p.kind = JsonObjectFileProblem::Kind::NotObject;
        *error = QStringLiteral("%1: must be a JSON object").arg(path);
        return std::nullopt;
    }
    return document.object();
}

} // namespace tribunal
