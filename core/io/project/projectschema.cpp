#include "io/project/projectschema.h"

#include "io/project/projectconnection.h"
#include "io/project/projectfile.h"

#include <QSqlQuery>

#include <iterator>

namespace tribunal {

static_assert(std::size(kProjectMigrations) == ProjectFile::kSchemaVersion - 1,
              "one migration per schema version after 1");

bool createProjectSchema(ProjectConnection& connection, std::string* error)
{
    for (auto statement : kProjectSchemaV1)
        if (!connection.exec(statement, error))
            return false;
    for (const auto& migration : kProjectMigrations)
        for (auto statement : migration.statements)
            if (!connection.exec(statement, error))
                return false;
    return true;
}

bool migrateProject(const std::string& path, int from, std::string* error)
{
    ProjectConnection connection(path, ProjectConnection::Mode::ReadWrite);
    if (!connection.ok()) {
        *error = path + ": cannot open for migration: " + connection.error();
        return false;
    }
    auto& db = connection.db();
    for (const auto& migration : kProjectMigrations) {
        if (migration.from < from)
            continue;
        std::string err;
        bool ok = db.transaction();
        if (!ok)
            err = sqlErrorText(db.lastError());
        for (auto statement : migration.statements)
            if (ok)
                ok = connection.exec(statement, &err);
        if (ok) {
            QSqlQuery update(db);
            ok = update.prepare(QStringLiteral("UPDATE meta SET value = ? WHERE key = 'schema_version'"));
            if (ok) {
                update.bindValue(0, QString::number(migration.from + 1));
                ok = update.exec();
            }
            if (!ok)
                err = sqlErrorText(update.lastError());
        }
        if (ok && !db.commit()) {
            ok = false;
            err = sqlErrorText(db.lastError());
        }
        if (!ok) {
            db.rollback();
            *error = path + ": cannot migrate from schema version " + std::to_string(migration.from) +
                     " to " + std::to_string(migration.from + 1) + ": " + err;
            return false;
        }
    }
    return true;
}

} // namespace tribunal
