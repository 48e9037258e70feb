#include "io/project/projectstatement.h"

#include "io/project/projectconnection.h"

namespace tribunal {

ProjectStatement::ProjectStatement(ProjectConnection& connection, std::string_view sql)
    : m_db(connection.sqliteHandle())
{
    if (!m_db) {
        m_error = "the Qt SQLite driver gave no sqlite3 handle";
        return;
    }
    if (sqlite3_prepare_v2(m_db, sql.data(), static_cast<int>(sql.size()), &m_stmt, nullptr) != SQLITE_OK)
        m_error = sqlite3_errmsg(m_db);
}

ProjectStatement::~ProjectStatement()
{
    sqlite3_finalize(m_stmt); // a no-op for nullptr
}

bool ProjectStatement::reset()
{
    // sqlite3_reset() repeats the error of the last step, which the caller has already seen; only a statement
    // that never prepared cannot be reset.
    sqlite3_reset(m_stmt);
    return m_stmt != nullptr;
}

bool ProjectStatement::bind(int index, std::int64_t value)
{
    if (sqlite3_bind_int64(m_stmt, index, value) == SQLITE_OK)
        return true;
    m_error = sqlite3_errmsg(m_db);
    return false;
}

ProjectStatement::Step ProjectStatement::step()
{
    switch (sqlite3_step(m_stmt)) {
    case SQLITE_ROW:
        return Step::Row;
    case SQLITE_DONE:
        return Step::Done;
    default:
        m_error = sqlite3_errmsg(m_db);
        return Step::Error;
    }
}

} // namespace tribunal
