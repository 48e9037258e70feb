// Flat pairwise CSV writer: the columns importFlatCsv reads, rows in import order, so importing a flat CSV
// and exporting it again reproduces the input rows.

#include "io/exporter.h"
#include "io/utf8.h"
#include "report/jsonwriter.h"
#include "report/tablecells.h"

#include "io/outputfile.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {
namespace {

// Every column name the importer gives a meaning to: a condition key with one of these names would be read
// back as that column.
constexpr std::array<std::string_view, 21> kKnownColumns = {
    "dataset", "item_id", "judge",    "format",    "order",      "rep",       "verdict",
    "label",   "prob_a",  "cost_usd", "latency_s", "confidence", "tokens_in", "tokens_out",
    "raw",     "error",   "test",     "version",   "variant",    "cue_on",    "slot"};

// Text cells are written as the report tables write them (appendCsvField, report/tablecells.h): a text a
// spreadsheet would run as a formula gets a leading apostrophe, which the importer drops again, and what the
// CSV syntax needs is quoted. Interned strings repeat on many rows (dataset, judge, format, condition
// values): whether one needs either is decided once.
class CellWriter {
public:
    explicit CellWriter(const Audit& audit) : m_audit(audit), m_state(audit.strings().size(), kUnknown) {}
    void append(std::string& out, StrId id)
    {
        auto& state = m_state[id];
        const auto text = m_audit.str(id);
        if (state == kUnknown)
            state = needsFormulaGuard(text) || csvSyntaxNeedsQuotes(text) ? kGuarded : kPlain;
        if (state == kGuarded)
            appendCsvField(out, text);
        else
            out.append(text);
    }

private:
    static constexpr std::uint8_t kUnknown = 0, kPlain = 1, kGuarded = 2;
    const Audit& m_audit;
    std::vector<std::uint8_t> m_state;
};

void appendNumber(std::string& out, double value)
{
    if (!isMissing(value))
        JsonWriter::appendNumber(out, value);
}

void appendCount(std::string& out, std::int64_t value)
{
    if (value != kMissingCount)
        out += std::to_string(value);
}

} // namespace

bool exportFlatCsv(const Audit& audit, const std::string& path, std::string* error)
{
    auto fail = [error](std::string message) {
        if (error)
            *error = std::move(message);
        return false;
    };
    if (auto problem = nonUtf8TextProblem(audit.strings()))
        return fail(std::move(*problem));
    const auto& items = audit.items();
    const auto& j = audit.judgments();
    const auto order = audit.importOrder();

    // The format holds pairwise judgments with answers A, B, tie or none only.
    for (auto row : order) {
        const auto item = j.item[row];
        if (items.kind[item] != TaskKind::Pairwise)
            return fail("the flat CSV holds pairwise judgments only, but item \"" +
                        std::string(audit.str(items.itemId[item])) + "\" of dataset \"" +
                        std::string(audit.str(items.dataset[item])) + "\" is " +
                        std::string(kindName(items.kind[item])));
        if (j.answer[row] == answer::kNA || items.label[item] == answer::kNA)
            return fail("the flat CSV has no value for an NA answer or label (item \"" +
                        std::string(audit.str(items.itemId[item])) + "\" of dataset \"" +
                        std::string(audit.str(items.dataset[item])) + "\"); export JSON Lines instead");
    }
    for (auto key : audit.conditionKeys()) {
        const auto name = audit.str(key);
        if (std::find(kKnownColumns.begin(), kKnownColumns.end(), name) != kKnownColumns.end())
            return fail("condition key \"" + std::string(name) +
                        "\" has the name of a flat CSV column; export JSON Lines instead");
    }

    // Optional columns are written only when some judgment has a value.
    auto any = [&](auto has) {
        return std::any_of(order.begin(), order.end(), [&](std::uint32_t row) { return has(row); });
    };
    const bool hasConfidence =
        !j.confidenceCol.empty() && any([&](auto r) { return !isMissing(j.confidence(r)); });
    const bool hasTokensIn =
        !j.tokensInCol.empty() && any([&](auto r) { return j.tokensIn(r) != kMissingCount; });
    const bool hasTokensOut =
        !j.tokensOutCol.empty() && any([&](auto r) { return j.tokensOut(r) != kMissingCount; });
    const bool hasError = any([&](auto r) { return j.error[r] != kEmptyStr; });
    const bool hasRaw = any([&](auto r) { return j.raw[r] != kEmptyStr; });
    const bool hasTest = any([&](auto r) { return j.test[r] != kEmptyStr; });
    const bool hasVersion = any([&](auto r) { return j.version[r] != kEmptyStr; });
    const bool hasVariant = any([&](auto r) { return j.variant[r] != Variant::None; });
    const bool hasCue = any([&](auto r) { return j.cue[r] != Cue::None; });

    OutputFile file; // the output policy of outputfile.h: FIFOs and devices written into, links followed
    std::string fileError;
    if (!file.open(path, &fileError))
        return fail(std::move(fileError));

    std::string out;
    constexpr std::size_t kFlushBytes = std::size_t(4) << 20;
    out.reserve(kFlushBytes + (std::size_t(64) << 10));
    auto flush = [&]() {
        if (out.empty())
            return true;
        const bool ok = file.write(out, &fileError);
        out.clear();
        return ok;
    };

    out += "dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,latency_s";
    const std::pair<bool, const char*> optional[] = {{hasConfidence, "confidence"},
                                                     {hasTokensIn, "tokens_in"},
                                                     {hasTokensOut, "tokens_out"},
                                                     {hasError, "error"},
                                                     {hasRaw, "raw"},
                                                     {hasTest, "test"},
                                                     {hasVersion, "version"},
                                                     {hasVariant, "variant"},
                                                     {hasCue, "cue_on"}};
    for (const auto& [present, name] : optional) {
        if (present)
            out.append(",").append(name);
    }
    for (auto key : audit.conditionKeys()) {
        out += ',';
        appendCsvField(out, audit.str(key));
    }
    out += '\n';

    CellWriter cells(audit);
    for (auto row : order) {
        const auto item = j.item[row];
        cells.append(out, items.dataset[item]);
        out += ',';
        cells.append(out, items.itemId[item]);
        out += ',';
        cells.append(out, j.judge[row]);
        out += ',';
        cells.append(out, j.format[row]);
        out += ',';
        out += j.order[row] == Order::None ? kUnknownOrderText : orderName(j.order[row]);
        out += ',';
        char digits[8];
        out.append(digits, std::to_chars(digits, digits + sizeof digits, j.rep[row]).ptr);
        out += ',';
        out += answerText(TaskKind::Pairwise, j.answer[row]);
        out += ',';
        if (items.label[item] != answer::kNone)
            out += answerText(TaskKind::Pairwise, items.label[item]);
        out += ',';
        for (const auto& p : j.probsOf(row))
            if (p.option == answer::kA)
                appendNumber(out, p.p);
        out += ',';
        appendNumber(out, j.costUsd(row));
        out += ',';
        appendNumber(out, j.latencyS(row));
        if (hasConfidence) {
            out += ',';
            appendNumber(out, j.confidence(row));
        }
        if (hasTokensIn) {
            out += ',';
            appendCount(out, j.tokensIn(row));
        }
        if (hasTokensOut) {
            out += ',';
            appendCount(out, j.tokensOut(row));
        }
        for (auto [present, column] : {std::pair{hasError, &j.error}, std::pair{hasRaw, &j.raw},
                                       std::pair{hasTest, &j.test}, std::pair{hasVersion, &j.version}}) {
            if (present) {
                out += ',';
                cells.append(out, (*column)[row]);
            }
        }
        if (hasVariant) {
            out += ',';
            out += variantName(j.variant[row]);
        }
        if (hasCue) {
            out += ',';
            out += cueName(j.cue[row]);
        }
        for (auto key : audit.conditionKeys()) {
            out += ',';
            cells.append(out, audit.conditionValue(j.condition[row], key));
        }
        out += '\n';
        if (out.size() >= kFlushBytes && !flush())
            return fail(std::move(fileError));
    }
    if (!flush() || !file.commit(&fileError))
        return fail(std::move(fileError));
    return true;
}

} // namespace tribunal
