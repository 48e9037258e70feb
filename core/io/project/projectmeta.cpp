#include "io/project/projectmeta.h"

#include "io/project/projectconnection.h"
#include "io/project/projectfile.h"
#include "report/jsonwriter.h"

#include <QDateTime>
#include <QSqlQuery>

namespace tribunal {
namespace {

constexpr std::string_view kAppName = "Tribunal";

} // namespace

std::string notAProjectMessage(const std::string& path, const std::string& why)
{
    return path + ": not a Tribunal project (" + why + ")";
}

std::vector<std::pair<std::string, std::string>> projectMetaRows(const Audit& audit)
{
    std::string keys;
    JsonWriter w(keys);
    w.beginArray();
    for (const StrId key : audit.conditionKeys())
        w.value(audit.str(key));
    w.endArray();
    return {
        {"schema_version", std::to_string(ProjectFile::kSchemaVersion)},
        {"app", std::string(kAppName)},
        {"saved_utc", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString()},
        {std::string(kProjectMetaConditionKeys), std::move(keys)},
    };
}

std::optional<int> readProjectSchemaVersion(const std::string& path, std::string* error)
{
    ProjectConnection connection(path, ProjectConnection::Mode::ReadOnly);
    if (!connection.ok()) {
        *error = path + ": cannot open: " + connection.error();
        return std::nullopt;
    }
    std::string err;
    auto hasMeta =
        connection.value("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'", &err);
    if (!hasMeta) {
        *error = notAProjectMessage(path, err);
        return std::nullopt;
    }
    if (hasMeta->toInt() == 0) {
        *error = notAProjectMessage(path, "no meta table");
        return std::nullopt;
    }
    // A failed query counts as a missing key: either way the file is not a project this version can read.
    std::optional<std::string> app, version;
    if (!readProjectMeta(connection, "app", &app, &err) || app != kAppName) {
        *error = notAProjectMessage(path, "meta has no app = Tribunal");
        return std::nullopt;
    }
    bool ok = false;
    const int v = readProjectMeta(connection, "schema_version", &version, &err) && version
                      ? QString::fromStdString(*version).toInt(&ok)
                      : 0;
    if (!ok || v < 1) {
        *error = notAProjectMessage(path, "no valid schema_version in meta");
        return std::nullopt;
    }
    return v;
}

bool readProjectMeta(ProjectConnection& connection, std::string_view key, std::optional<std::string>* value,
                     std::string* error)
{
    QSqlQuery query(connection.db());
    query.setForwardOnly(true);
    if (!query.prepare(QStringLiteral("SELECT value FROM meta WHERE key = ?"))) {
        *error = sqlErrorText(query.lastError());
        return false;
    }
    query.bindValue(0, toQString(key));
    if (!query.exec()) {
        *error = sqlErrorText(query.lastError());
        return false;
    }
    value->reset();
    if (query.next()) {
        if (!query.value(0).isNull())
            *value = toUtf8(query.value(0));
    } else if (query.lastError().isValid()) {
        *error = sqlErrorText(query.lastError());
        return false;
    }
    return true;
}

} // namespace tribunal
