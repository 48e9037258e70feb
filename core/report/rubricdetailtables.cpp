#include "report/rubricdetailtables.h"

#include "report/biastables.h"

namespace tribunal {
namespace {

FlatCell text(std::string_view value)
{
    return FlatCell{std::string(value)};
}

FlatCell optionalText(const Audit& audit, StrId id)
{
    return id == kEmptyStr ? FlatCell{} : text(audit.str(id));
}

/// The key columns: judge, format, <condition keys>, panel, criterion.
FlatTable keyedTable(const Audit& audit, const std::vector<StrId>& keys)
{
    FlatTable table;
    table.columns = {"judge", "format"};
    for (StrId key : keys)
        table.columns.emplace_back(audit.str(key));
    table.columns.emplace_back("panel");
    table.columns.emplace_back("criterion");
    return table;
}

void setKeys(const Audit& audit, const std::vector<StrId>& keys, FlatTable& table, std::size_t r, StrId judge,
             StrId format, CondId condition, StrId panel)
{
    table.set(r, "judge", optionalText(audit, judge));
    table.set(r, "format", optionalText(audit, format));
    for (StrId key : keys)
        table.set(r, audit.str(key), text(audit.str(audit.conditionValue(condition, key))));
    table.set(r, "panel", text(audit.str(panel)));
}

} // namespace

FlatTable confusionTable(const Audit& audit, const std::vector<RubricConfusion>& confusions)
{
    std::vector<CondId> conditions;
    conditions.reserve(confusions.size());
    for (const RubricConfusion& c : confusions)
        conditions.push_back(c.condition);
    const std::vector<StrId> keys = usedConditionKeys(audit, conditions);
    FlatTable table = keyedTable(audit, keys);
    for (const char* name :
         {"kind", "label", "predicted", "count", "label_n", "label_abstained", "label_failed", "n", "pairs"})
        table.columns.emplace_back(name);
    for (const RubricConfusion& c : confusions) {
        for (int label = 0; label < c.levels; ++label) {
            std::uint64_t labelN = 0;
            for (int predicted = 0; predicted < c.levels; ++predicted)
                labelN += c.count(label, predicted);
            const auto row = static_cast<std::size_t>(label);
            for (int predicted = 0; predicted < c.levels; ++predicted) {
                const std::size_t r = table.addRow();
                setKeys(audit, keys, table, r, c.judge, c.format, c.condition, c.dataset);
                table.set(r, "criterion", text(audit.str(c.criterion)));
                table.set(r, "kind", text(kindName(c.kind)));
                table.set(r, "label", text(answerText(c.kind, confusionAnswer(c.kind, label))));
                table.set(r, "predicted", text(answerText(c.kind, confusionAnswer(c.kind, predicted))));
                table.set(r, "count", countCell(c.count(label, predicted)));
                table.set(r, "label_n", countCell(labelN));
                table.set(r, "label_abstained", countCell(c.abstained[row]));
                table.set(r, "label_failed", countCell(c.failed[row]));
                table.set(r, "n", countCell(c.n));
                table.set(r, "pairs", countCell(c.pairs));
            }
        }
    }
    return table;
}

FlatTable shiftCurveTable(const Audit& audit, const std::vector<LevelShiftRow>& rows)
{
    std::vector<CondId> conditions;
    conditions.reserve(rows.size());
    for (const LevelShiftRow& s : rows)
        conditions.push_back(s.condition);
    const std::vector<StrId> keys = usedConditionKeys(audit, conditions);
    FlatTable table = keyedTable(audit, keys);
    for (const char* name : {"pooled", "levels", "shift", "accuracy", "n", "best_shift"})
        table.columns.emplace_back(name);
    for (const LevelShiftRow& s : rows)
        for (const ShiftAccuracy& point : s.curve) {
            const std::size_t r = table.addRow();
            setKeys(audit, keys, table, r, s.judge, s.format, s.condition, s.dataset);
            table.set(r, "criterion", s.pooled ? FlatCell{} : text(audit.str(s.criterion)));
            table.set(r, "pooled", s.pooled);
            table.set(r, "levels", FlatCell{static_cast<std::int64_t>(s.levels)});
            table.set(r, "shift", FlatCell{static_cast<std::int64_t>(point.shift)});
            table.set(r, "accuracy", point.accuracy);
            table.set(r, "n", countCell(s.n));
            table.set(r, "best_shift", FlatCell{static_cast<std::int64_t>(s.bestShift)});
        }
    return table;
}

} // namespace tribunal
