// Flat CSV rows to judgments (see flatcsvrows.h). Messages are `file:line: column: reason` with the wording
// shared by all importers (messagetext.h, numberfields.h, slotanswer.h, itempatch.h).

#include "io/formats/flatcsvrows.h"

#include "io/asciitext.h"
#include "io/messagetext.h"
#include "io/numberfields.h"
#include "io/slotanswer.h"

#include <algorithm>
#include <limits>

namespace tribunal {
namespace {

constexpr int kRequiredColumns = 8;
constexpr std::array<std::string_view, FlatCsvRows::kKnownColumns> kColumnNames = {
    "dataset", "item_id", "judge",    "format",    "order",      "rep",       "verdict",
    "label",   "prob_a",  "cost_usd", "latency_s", "confidence", "tokens_in", "tokens_out",
    "raw",     "error",   "test",     "version",   "variant",    "cue_on",    "slot"};

// A pairwise answer or label cell: A, B, tie, none or empty (the flat CSV has no NA).
std::optional<Answer> parsePairwise(std::string_view text)
{
    if (text.size() == 1) { // the common case, by table (the A/B mix is unpredictable for a branch)
        static constexpr auto kLetter = [] {
            std::array<Answer, 256> table{}; // 0: not a pairwise answer
            table['A'] = table['a'] = answer::kA;
            table['B'] = table['b'] = answer::kB;
            return table;
        }();
        const Answer value = kLetter[static_cast<unsigned char>(text[0])];
        return value == 0 ? std::nullopt : std::optional<Answer>(value);
    }
    if (text.empty() || equalsIgnoreCase(text, "none"))
        return answer::kNone;
    if (equalsIgnoreCase(text, "tie"))
        return answer::kTie;
    return std::nullopt;
}

std::string notAllowed(std::string_view text, std::string_view allowed)
{
    return quoteForMessage(text) + " is not " + std::string(allowed);
}

} // namespace

FlatCsvRows::FlatCsvRows(const std::string& path, std::uint32_t file, AuditBuilder& builder, ImportLog& log)
    : m_path(path), m_file(file), m_builder(builder), m_log(log), m_items(builder),
      m_patch(builder, m_origins)
{}

bool FlatCsvRows::header(const CsvRecord& rec, std::uint64_t line)
{
    m_header.dropFormulaGuards();
    if (!m_header.read(rec, kColumnNames, kRequiredColumns, m_columnAt, m_builder, m_log, m_path, line))
        return false;
    m_haveHeader = true;
    return true;
}

std::optional<FlatCsvRows::Problem> FlatCsvRows::cellProblem(const CsvRecord& rec, Prepared& v) const
{
    auto& in = v.judgment;
    for (Column c : {ColDataset, ColItemId, ColJudge})
        if (text(rec, c).empty())
            return Problem{c, "must not be empty"};

    const auto orderText = cell(rec, ColOrder);
    auto order = orderText == "AB" ? Order::AB : orderText == "BA" ? Order::BA : parseOrder(orderText);
    if (equalsIgnoreCase(orderText, kUnknownOrderText))
        order = Order::None; // the source did not record the order shown
    else if (!order || *order == Order::None)
        return Problem{ColOrder, notAllowed(orderText, "AB, BA or unknown")};
    in.order = *order;

    if (auto problem = parseRepText(cell(rec, ColRep), in.rep))
        return Problem{ColRep, std::move(*problem)};

    const auto verdictText = cell(rec, ColVerdict);
    auto verdict = parsePairwise(verdictText);
    if (!verdict)
        return Problem{ColVerdict, notAllowed(verdictText, allowedAnswers(TaskKind::Pairwise, false))};
    in.answer = *verdict;

    const auto slotText = cell(rec, ColSlot);
    if (!slotText.empty()) {
        auto slot = answerOfSlot(slotText, in.order);
        if (!slot || *slot == answer::kNA)
            return Problem{ColSlot, notAllowed(slotText, allowedSlots(false))};
        if (verdictText.empty())
            in.answer = *slot;
        else if (*slot != *verdict)
            return Problem{ColSlot, slotMismatch(slotText, in.order, *slot, "verdict", *verdict)};
    }

    const auto labelText = cell(rec, ColLabel);
    auto label = parsePairwise(labelText);
    if (!label)
        return Problem{ColLabel, notAllowed(labelText, allowedAnswers(TaskKind::Pairwise, false))};
    v.label = *label;

    // An empty cell is "not given".
    for (auto [column, range, out] : {std::tuple{ColProbA, NumberRange::UnitInterval, &v.probA},
                                      std::tuple{ColCostUsd, NumberRange::NonNegative, &in.costUsd},
                                      std::tuple{ColLatencyS, NumberRange::NonNegative, &in.latencyS},
                                      std::tuple{ColConfidence, NumberRange::UnitInterval, &in.confidence}}) {
        const auto value = cell(rec, column);
        if (!value.empty())
            if (auto problem = parseRealText(value, range, *out))
                return Problem{column, std::move(*problem)};
    }
    for (auto [column, out] :
         {std::pair{ColTokensIn, &in.tokensIn}, std::pair{ColTokensOut, &in.tokensOut}}) {
        const auto value = cell(rec, column);
        if (!value.empty())
            if (auto problem = parseCountText(value, *out))
                return Problem{column, std::move(*problem)};
    }
    const auto variantText = cell(rec, ColVariant);
    auto variant = parseVariant(variantText);
    if (!variant)
        return Problem{ColVariant, notAllowed(variantText, "original or perturbed")};
    in.variant = *variant;
    const auto cueText = cell(rec, ColCueOn);
    auto cue = parseCue(cueText);
    if (!cue)
        return Problem{ColCueOn, notAllowed(cueText, "better or worse")};
    in.cue = *cue;
    return std::nullopt;
}

std::optional<FlatCsvRows::Problem> FlatCsvRows::itemProblem(const CsvRecord& rec, const Prepared& v,
                                                             std::optional<std::uint32_t>& item)
{
    // The item: must be pairwise, and a label must agree with one given before.
    item = m_items.find(text(rec, ColDataset), text(rec, ColItemId));
    m_patch.reset(item);
    if (item)
        if (auto problem = kindProblem(m_builder, *item, TaskKind::Pairwise))
            return Problem{ColItemId, std::move(*problem)};
    if (auto problem = m_patch.label(TaskKind::Pairwise, v.label))
        return Problem{ColLabel, std::move(*problem)};
    return std::nullopt;
}

CondId FlatCsvRows::condition(const CsvRecord& rec)
{
    return m_header.condition(rec, m_builder);
}

void FlatCsvRows::prepare(const CsvRecord& rec, Prepared& out) const
{
    if (auto shape = m_header.shapeProblem(rec))
        out.problem = std::move(*shape);
    else if (auto problem = cellProblem(rec, out))
        out.problem = {std::string(kColumnNames[problem->column]), std::move(problem->reason)};
}

bool FlatCsvRows::commit(const CsvRecord& rec, std::uint64_t line, Prepared& v)
{
    if (v.problem)
        return m_log.badRecord({m_path, line, std::move(v.problem->first), std::move(v.problem->second)});
    std::optional<std::uint32_t> item;
    if (auto problem = itemProblem(rec, v, item))
        return m_log.badRecord(
            {m_path, line, std::string(kColumnNames[problem->column]), std::move(problem->reason)});

    // Valid: hand the row to the builder.
    if (!item) {
        const StrId dataset = m_datasets.intern(m_builder, text(rec, ColDataset));
        item = m_builder.addItem(dataset, m_builder.intern(text(rec, ColItemId)), TaskKind::Pairwise);
        m_items.remember(*item);
    }
    m_patch.apply(*item, line);
    JudgmentInput& in = v.judgment;
    in.item = *item;
    in.judge = m_judges.intern(m_builder, text(rec, ColJudge));
    in.format = m_formats.intern(m_builder, text(rec, ColFormat));
    in.condition = condition(rec);
    for (auto [column, out] : {std::pair{ColRaw, &in.raw}, std::pair{ColError, &in.error}}) {
        const auto value = text(rec, column);
        if (!value.empty())
            *out = m_builder.intern(value);
    }
    in.test = m_tests.intern(m_builder, text(rec, ColTest));
    in.version = m_versions.intern(m_builder, text(rec, ColVersion));
    const ProbEntry prob{answer::kA, v.probA};
    if (!isMissing(v.probA))
        in.probs = std::span<const ProbEntry>(&prob, 1);
    in.source = {m_file, line};
    m_builder.addJudgment(in);
    return true;
}

} // namespace tribunal
