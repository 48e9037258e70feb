#include "io/project/projectconnection.h"

#include <QSqlDriver>
#include <QSqlQuery>

#include <atomic>
#include <cstdint>

namespace tribunal {
namespace {

QString nextConnectionName()
{
    static std::atomic<std::uint64_t> counter{0};
    return QStringLiteral("tribunal-project-%1").arg(counter.fetch_add(1, std::memory_order_relaxed) + 1);
}

} // namespace

ProjectConnection::ProjectConnection(const std::string& file, Mode mode) : m_name(nextConnectionName())
{
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
    if (!m_db.isValid()) {
        m_error = "the Qt SQLite driver (QSQLITE) is not available";
        return;
    }
    m_db.setDatabaseName(QString::fromStdString(file));
    if (mode == Mode::ReadOnly)
        m_db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
    if (!m_db.open())
        m_error = sqlErrorText(m_db.lastError());
}

ProjectConnection::~ProjectConnection()
{
    if (m_db.isValid())
        m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_name);
}

bool ProjectConnection::exec(std::string_view sql, std::string* error)
{
    QSqlQuery query(m_db);
    if (!query.exec(toQString(sql))) {
        *error = sqlErrorText(query.lastError());
        return false;
    }
    return true;
}

std::optional<QVariant> ProjectConnection::value(std::string_view sql, std::string* error)
{
    QSqlQuery query(m_db);
    query.setForwardOnly(true);
    if (!query.exec(toQString(sql))) {
        *error = sqlErrorText(query.lastError());
        return std::nullopt;
    }
    if (!query.next()) {
        *error = query.lastError().isValid() ? sqlErrorText(query.lastError()) : std::string("no row");
        return std::nullopt;
    }
    return query.value(0);
}

sqlite3* ProjectConnection::sqliteHandle() const
{
    if (!m_db.isOpen())
        return nullptr;
    // QSQLITE hands its handle out as a QVariant holding a `sqlite3*` (Qt documents this for QSqlDriver).
    const QVariant handle = m_db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3* const*>(handle.constData());
}

bool ProjectConnection::usePrivateFileSettings(std::string* error)
{
    for (auto pragma : {"PRAGMA journal_mode=OFF", "PRAGMA synchronous=OFF", "PRAGMA cache_size=-65536"})
        if (!exec(pragma, error))
            return false;
    return true;
}

} // namespace tribunal
