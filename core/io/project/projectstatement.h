#pragma once
// Internal to the project file (projectfile.h): one SQLite statement run through the sqlite3 C API on the
// handle behind a ProjectConnection (ProjectConnection::sqliteHandle()). Only project*.cpp include this
// header.
//
// Why not QSqlQuery: reading a value through Qt costs a QVariant and, for text, a UTF-8 -> UTF-16 -> UTF-8
// round trip; a million judgments of 21 columns spent most of their open time there. Here a text value is a
// view into SQLite's own buffer and a number is read as it is stored, so a REAL arrives bit for bit.
//
// Qt's QSQLITE plugin and this code link the same system libsqlite3 (Debian's libqt6sql6-sqlite depends on
// libsqlite3-0; docs/performance.md, "Opening a project"), so the handle Qt opened is a valid `sqlite3*` for
// the library linked here.
//
// Thread-safety: a statement belongs to the thread that uses its connection.

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace tribunal {

class ProjectConnection;

/// One value of a result row. sqlite3_column_value() gives an "unprotected" value, which SQLite only calls
/// unsafe to read while another thread uses the same connection; a statement is only ever used by one thread.
/// Reading a row this way costs one library call per column where sqlite3_column_type() + _text() + _bytes()
/// cost three, each taking the connection's mutex.
class ProjectValue {
public:
    ProjectValue() = default;
    explicit ProjectValue(sqlite3_value* value) : m_value(value) {}

    /// SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB or SQLITE_NULL: the type of the stored value
    /// (ask before text(), which converts a number in place).
    int type() const { return sqlite3_value_type(m_value); }
    bool isNull() const { return type() == SQLITE_NULL; }
    std::int64_t integer() const { return sqlite3_value_int64(m_value); }
    /// The stored REAL bit for bit (an INTEGER converted).
    double real() const { return sqlite3_value_double(m_value); }
    /// The value as UTF-8 text, a number as SQLite prints it; a view valid until the next step(). NULL gives
    /// "".
    std::string_view text() const
    {
        const auto* data = reinterpret_cast<const char*>(sqlite3_value_text(m_value));
        return data ? std::string_view(data, static_cast<std::size_t>(sqlite3_value_bytes(m_value)))
                    : std::string_view();
    }

private:
    sqlite3_value* m_value = nullptr;
};

class ProjectStatement {
public:
    enum class Step { Row, Done, Error };

    /// Prepares `sql` on `connection`; check ok() before use.
    ProjectStatement(ProjectConnection& connection, std::string_view sql);
    ~ProjectStatement();
    ProjectStatement(const ProjectStatement&) = delete;
    ProjectStatement& operator=(const ProjectStatement&) = delete;

    bool ok() const { return m_error.empty(); }
    /// SQLite's message for a failed prepare or step ("" otherwise).
    const std::string& error() const { return m_error; }

    /// Makes the statement ready to run again (bindings are kept); false with error() set when it cannot be.
    bool reset();
    /// Binds an integer to the 1-based parameter `index`; false with error() set when SQLite refuses.
    bool bind(int index, std::int64_t value);
    /// Advances to the next row. Error sets error().
    Step step();

    /// Column `col` (0-based) of the current row, valid until the next step().
    ProjectValue value(int col) const { return ProjectValue(sqlite3_column_value(m_stmt, col)); }

private:
    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
    std::string m_error;
};

} // namespace tribunal
