// Committing one pairwise harness record (see harnesspairs.h).

#include "io/harness/harnesspairs.h"

#include "report/jsonwriter.h"

namespace tribunal {

void HarnessPairRecord::clear()
{
    dataset = kEmptyStr;
    itemId = kEmptyStr;
    texts.clear();
    label = answer::kNone;
    labelKey = {};
    itemExtra = {};
    itemExtraKey = {};
    judgments.clear();
}

void writeCandidateModels(std::string& out, std::string_view modelA, std::string_view modelB)
{
    out.clear();
    if (!modelA.empty()) {
        out += "{\"model_a\":";
        JsonWriter::appendQuoted(out, modelA);
    }
    if (!modelB.empty()) {
        out += out.empty() ? "{\"model_b\":" : ",\"model_b\":";
        JsonWriter::appendQuoted(out, modelB);
    }
    if (!out.empty())
        out += '}';
}

void HarnessPairs::beginFile(std::uint32_t file)
{
    m_file = file;
    m_origins.clear();
}

std::optional<HarnessProblem> HarnessPairs::commit(const HarnessPairRecord& record, std::uint64_t line)
{
    const auto existing = m_builder.findItem(record.dataset, record.itemId);
    m_patch.reset(existing);
    if (existing)
        if (auto problem = kindProblem(m_builder, *existing, TaskKind::Pairwise))
            return HarnessProblem{"", std::move(*problem)};
    for (const auto& text : record.texts)
        if (auto problem = m_patch.text(text.field, text.value))
            return HarnessProblem{std::string(text.key), std::move(*problem)};
    if (auto problem = m_patch.label(TaskKind::Pairwise, record.label))
        return HarnessProblem{std::string(record.labelKey), std::move(*problem)};
    // The item's extra fields here are the candidates' models, not unknown keys.
    if (auto problem = m_patch.extra(record.itemExtra, ItemPatch::ExtraKind::KnownFields))
        return HarnessProblem{std::string(record.itemExtraKey), std::move(*problem)};

    const std::uint32_t item =
        existing ? *existing : m_builder.addItem(record.dataset, record.itemId, TaskKind::Pairwise);
    m_patch.apply(item, line);
    for (const auto& j : record.judgments) {
        JudgmentInput in;
        in.item = item;
        in.judge = j.judge;
        in.format = j.format;
        in.condition = j.condition;
        in.order = j.order;
        in.rep = j.rep;
        in.answer = j.answer;
        in.raw = j.raw;
        in.error = j.error;
        in.extra = j.extra;
        in.costUsd = j.costUsd;
        in.latencyS = j.latencyS;
        in.tokensIn = j.tokensIn;
        in.tokensOut = j.tokensOut;
        in.probs = std::span<const ProbEntry>(j.probs.data(), j.probCount);
        in.source = SourceRef{m_file, line};
        m_builder.addJudgment(in);
    }
    return std::nullopt;
}

} // namespace tribunal
