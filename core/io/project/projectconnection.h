#pragma once
// Internal to the project file (projectfile.h): one uniquely named Qt Sql connection to an SQLite file, and
// the conversions between Qt Sql values and the UTF-8 text the rest of Tribunal uses. Only project*.cpp
// include this header.
//
// Thread-safety: a ProjectConnection belongs to the thread that created it (a Qt Sql rule); distinct
// connections may live on distinct threads at once, because every one gets its own name.

#include <QByteArray>
#include <QSqlDatabase>
#include <QSqlError>
#include <QString>
#include <QVariant>

#include <optional>
#include <string>
#include <string_view>

struct sqlite3;

namespace tribunal {

/// UTF-8 text as a QString.
inline QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

/// A view of the bytes of `bytes` (valid while `bytes` lives and is unchanged).
inline std::string_view viewOf(const QByteArray& bytes)
{
    return std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

/// A column value as UTF-8 text (NULL gives "").
inline std::string toUtf8(const QVariant& value)
{
    return value.toString().toStdString();
}

/// The message of a Qt Sql error: driver text and database text, as Qt joins them.
inline std::string sqlErrorText(const QSqlError& error)
{
    return error.text().trimmed().toStdString();
}

/// Owns one QSqlDatabase connection with a process-unique name. Every QSqlQuery on it must be destroyed
/// before this object (declare the connection first in a scope), because removeDatabase() requires that no
/// handle is left. Errors are SQLite's messages without the file name; callers add the context.
class ProjectConnection {
public:
    enum class Mode { ReadOnly, ReadWrite };

    /// Opens (ReadWrite: creates when missing) `file`; check ok() before use.
    ProjectConnection(const std::string& file, Mode mode);
    ~ProjectConnection();
    ProjectConnection(const ProjectConnection&) = delete;
    ProjectConnection& operator=(const ProjectConnection&) = delete;

    bool ok() const { return m_error.empty(); }
    /// Why opening failed ("" when ok()).
    const std::string& error() const { return m_error; }
    QSqlDatabase& db() { return m_db; }
    /// The SQLite connection Qt's QSQLITE driver opened, for the sqlite3 C API (projectstatement.h); null
    /// when the driver gives none. Owned by the connection: valid while this object lives.
    sqlite3* sqliteHandle() const;

    /// Executes one statement; false with *error set when it fails.
    bool exec(std::string_view sql, std::string* error);
    /// The first column of the first row of `sql`; nullopt with *error set when the query fails or returns no
    /// row ("no row").
    std::optional<QVariant> value(std::string_view sql, std::string* error);
    /// Settings for a file nobody else sees until it is complete (a save's temporary file): no rollback
    /// journal and no syncs per page, since a crash leaves only a stray file; plus a 64 MiB page cache.
    bool usePrivateFileSettings(std::string* error);

private:
    QString m_name;
    QSqlDatabase m_db;
    std::string m_error;
};

} // namespace tribunal
