#pragma once
// Internal to the project file (projectfile.h): fast multi-row INSERTs for a save.

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

/// Inserts rows into one table through a prepared multi-row INSERT of kBatchRows rows plus a tail statement
/// for the remainder. Binding a value through Qt costs far more than SQLite's insert (QSqlResult::bindValue
/// formats and hashes a placeholder name per call), and Qt keeps bound values across exec(), so a slot is
/// rebound only when its value changes: each value comes with a key, and equal keys mean equal values.
/// Constant or slowly changing columns (format, judge, bias fields, NULLs) then cost nothing per row.
///
/// Use: prepare(); per row set() every column, then endRow(); finally finish(). Each step returns false with
/// *error set (SQLite's message) on failure. Not thread-safe; the database must outlive this object.
class ProjectBatchInsert {
public:
    static constexpr int kBatchRows = 64;                     ///< 21 columns: 1344 parameters per statement
    static constexpr std::uint64_t kNull = ~std::uint64_t(0); ///< key of NULL
    static constexpr std::uint64_t kAlways = kNull - 1;       ///< key of a value that must always be bound
    static constexpr std::uint64_t kUnset = kNull - 2;        ///< no value bound yet

    /// `columns` are SQL column names; the table must exist before prepare().
    ProjectBatchInsert(QSqlDatabase& db, std::string_view table, std::span<const char* const> columns);

    bool prepare(std::string* error);
    /// Sets column `col` of the row being filled to `make()` (not called for NULL or an unchanged key).
    /// Every column must be set for every row.
    template <typename Make> void set(int col, std::uint64_t key, Make&& make)
    {
        const auto slot = static_cast<std::size_t>(m_rows) * static_cast<std::size_t>(m_cols) +
                          static_cast<std::size_t>(col);
        if (key == kUnset)
            key = kAlways;
        if (key != kAlways && key == m_keys[slot])
            return;
        m_keys[slot] = key;
        m_values[slot] = key == kNull ? QVariant() : QVariant(make());
        m_full.bindValue(static_cast<int>(slot), m_values[slot]);
    }
    void setNull(int col)
    {
        set(col, kNull, [] { return QVariant(); });
    }
    /// Sets column `col` to `text`, bound for every row (for tables of a few rows).
    void setText(int col, std::string_view text);
    bool endRow(std::string* error);
    /// Inserts the rows of an unfinished batch.
    bool finish(std::string* error);

private:
    QString statement(int rows) const;

    QSqlDatabase& m_db;
    QSqlQuery m_full;
    std::string m_head;
    int m_cols;
    int m_rows = 0;
    std::vector<QVariant> m_values; // what each slot of m_full holds (the tail statement rebinds them)
    std::vector<std::uint64_t> m_keys;
};

} // namespace tribunal
