#include "io/project/projectbatchinsert.h"

#include "io/project/projectconnection.h"

namespace tribunal {
namespace {

// "INSERT INTO table(a,b,...) VALUES ", the fixed start of every batch statement.
std::string insertHead(std::string_view table, std::span<const char* const> columns)
{
    std::string head = "INSERT INTO " + std::string(table) + "(";
    for (std::size_t c = 0; c < columns.size(); ++c)
        head.append(c ? "," : "").append(columns[c]);
    return head + ") VALUES ";
}

} // namespace

ProjectBatchInsert::ProjectBatchInsert(QSqlDatabase& db, std::string_view table,
                                       std::span<const char* const> columns)
    : m_db(db), m_full(db), m_head(insertHead(table, columns)), m_cols(static_cast<int>(columns.size()))
{
    const auto slotCount = static_cast<std::size_t>(m_cols) * kBatchRows;
    m_values.resize(slotCount);
    m_keys.assign(slotCount, kUnset);
}

bool ProjectBatchInsert::prepare(std::string* error)
{
    if (!m_full.prepare(statement(kBatchRows))) {
        *error = sqlErrorText(m_full.lastError());
        return false;
    }
    return true;
}

void ProjectBatchInsert::setText(int col, std::string_view text)
{
    set(col, kAlways, [&] { return toQString(text); });
}

bool ProjectBatchInsert::endRow(std::string* error)
{
    if (++m_rows < kBatchRows)
        return true;
    m_rows = 0;
    if (!m_full.exec()) {
        *error = sqlErrorText(m_full.lastError());
        return false;
    }
    return true;
}

bool ProjectBatchInsert::finish(std::string* error)
{
    if (m_rows == 0)
        return true;
    QSqlQuery tail(m_db);
    if (!tail.prepare(statement(m_rows))) {
        *error = sqlErrorText(tail.lastError());
        return false;
    }
    const int n = m_rows * m_cols;
    for (int i = 0; i < n; ++i)
        tail.bindValue(i, m_values[static_cast<std::size_t>(i)]);
    m_rows = 0;
    if (!tail.exec()) {
        *error = sqlErrorText(tail.lastError());
        return false;
    }
    return true;
}

QString ProjectBatchInsert::statement(int rows) const
{
    std::string row = "(";
    for (int c = 0; c < m_cols; ++c)
        row += c ? ",?" : "?";
    row += ")";
    std::string sql = m_head;
    for (int r = 0; r < rows; ++r)
        sql.append(r ? "," : "").append(row);
    return toQString(sql);
}

} // namespace tribunal
