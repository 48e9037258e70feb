// Committing the scores of an Inspect AI log to the audit (see inspectlogreader.h): one item per sample and
// scorer, one judgment per epoch, the score edits as ratings and label.

#include "io/harness/inspectlogreader.h"
#include "io/itempatch.h"
#include "io/messagetext.h"
#include "report/jsonwriter.h"

#include <algorithm>

namespace tribunal {

bool InspectLogReader::mapValues(Score& score, TaskKind kind)
{
    const std::string& name = m_samples[score.sample].name;
    if (score.judged)
        if (auto reason = inspectAnswer(kind, score.value, score.answer)) {
            score.dropped = true;
            return bad(name, score.valueLine, score.valueField, std::move(*reason));
        }
    for (Edit& edit : score.edits)
        if (auto reason = inspectAnswer(kind, edit.value, edit.answer)) {
            score.dropped = true;
            return bad(name, edit.line, edit.field, std::move(*reason));
        }
    return true;
}

bool InspectLogReader::finish()
{
    // One item per (sample id, scorer): its scores are the sample's epochs, in the order read.
    std::vector<std::vector<std::uint32_t>> items;
    std::unordered_map<std::uint64_t, std::size_t> itemOf;
    for (std::uint32_t i = 0; i < m_scores.size(); ++i) {
        Score& score = m_scores[i];
        if (!mapValues(score, m_scales[score.scorer].kind()))
            return false;
        if (score.dropped)
            continue;
        const std::uint64_t key = (std::uint64_t(m_samples[score.sample].id) << 32) | score.scorer;
        const auto [it, added] = itemOf.try_emplace(key, items.size());
        if (added)
            items.emplace_back();
        items[it->second].push_back(i);
    }
    for (const auto& scores : items)
        if (!commitItem(scores, m_scales[m_scores[scores.front()].scorer].kind()))
            return false;
    return !m_log.failed;
}

std::optional<ImportIssue> InspectLogReader::checkItem(const std::vector<std::uint32_t>& scores,
                                                       TaskKind kind, std::vector<Rating>& ratings,
                                                       Answer& label, bool& sameSubmission)
{
    const Sample& first = m_samples[m_scores[scores.front()].sample];
    sameSubmission = true;
    label = answer::kNone;
    std::string labelFrom;
    ratings.clear();
    for (const std::uint32_t s : scores) {
        const Score& score = m_scores[s];
        const Sample& sample = m_samples[score.sample];
        // The epochs of a sample share its input, target and metadata; only the model's answer may differ.
        if (sample.input != first.input)
            return ImportIssue{sample.name, score.line, score.field,
                               "the input of epoch " + std::to_string(sample.epoch) +
                                   " differs from that of epoch " + std::to_string(first.epoch) + " (" +
                                   first.name + ")"};
        if (sample.itemExtra != first.itemExtra)
            return ImportIssue{sample.name, score.line, score.field,
                               "the target or metadata of epoch " + std::to_string(sample.epoch) +
                                   " differ from those of epoch " + std::to_string(first.epoch) + " (" +
                                   first.name + ")"};
        sameSubmission = sameSubmission && sample.submission == first.submission;
        if (score.edits.empty())
            continue;
        // The label is the value the last edit left; every edited epoch must leave the same.
        const Edit& last = score.edits.back();
        if (label != answer::kNone && last.answer != label)
            return ImportIssue{sample.name, last.line, last.field,
                               disagreement(answerText(kind, last.answer), answerText(kind, label),
                                            "left by the edits of " + labelFrom)};
        label = last.answer;
        labelFrom = sample.name + ":" + std::to_string(last.line);
        // A rater's last edit of a score is their rating; raters of several epochs must agree.
        std::vector<Rating> own;
        for (const Edit& edit : score.edits) {
            auto it =
                std::find_if(own.begin(), own.end(), [&](const Rating& r) { return r.rater == edit.author; });
            if (it == own.end())
                own.push_back({edit.author, edit.answer});
            else
                it->value = edit.answer;
        }
        for (const Rating& rating : own) {
            auto it = std::find_if(ratings.begin(), ratings.end(),
                                   [&](const Rating& r) { return r.rater == rating.rater; });
            if (it == ratings.end())
                ratings.push_back(rating);
            else if (it->value != rating.value)
                return ImportIssue{sample.name, score.edits.back().line, score.edits.back().field,
                                   "rater " + quoteForMessage(m_builder.str(rating.rater)) + " gave " +
                                       answerText(kind, rating.value) + " here and " +
                                       answerText(kind, it->value) + " to another epoch"};
        }
    }
    return std::nullopt;
}

bool InspectLogReader::commitItem(const std::vector<std::uint32_t>& scores, TaskKind kind)
{
    const Score& head = m_scores[scores.front()];
    const Sample& first = m_samples[head.sample];
    std::vector<Rating> ratings;
    Answer label = answer::kNone;
    bool sameSubmission = true;
    if (auto issue = checkItem(scores, kind, ratings, label, sameSubmission))
        return m_log.badRecord(std::move(*issue));

    const std::string_view sampleId = m_builder.str(first.id), scorer = m_builder.str(head.scorer);
    std::string itemId;
    itemId.append(sampleId).append(":").append(scorer).append(":").append(m_eval.model);
    const StrId dataset = m_builder.intern(m_eval.task), id = m_builder.intern(itemId);
    const auto existing = m_builder.findItem(dataset, id);
    auto bad = [&](std::string field, std::string reason) {
        return m_log.badRecord({first.name, head.line, std::move(field), std::move(reason)});
    };
    if (existing)
        if (auto reason = kindProblem(m_builder, *existing, kind))
            return bad(head.field, std::move(*reason));
    ItemPatch patch(m_builder, m_origins);
    patch.reset(existing);
    const std::pair<ItemText, StrId> texts[] = {
        {ItemText::UnitId, first.id},
        {ItemText::Criterion, head.scorer},
        {ItemText::Input, first.input},
        {ItemText::Submission, sameSubmission ? first.submission : kEmptyStr}};
    for (const auto& [field, text] : texts)
        if (auto reason = patch.text(field, m_builder.str(text)))
            return bad(std::string(itemTextName(field)), std::move(*reason));
    if (auto reason = patch.extra(m_builder.str(first.itemExtra), ItemPatch::ExtraKind::KnownFields))
        return bad("metadata", std::move(*reason));
    if (auto reason = patch.label(kind, label))
        return bad(head.field + ".history", std::move(*reason));

    // Ratings join those the item has; a rater who rated it before must have given the same value.
    std::vector<Rating> merged;
    if (existing)
        merged.assign(m_builder.ratings(*existing).begin(), m_builder.ratings(*existing).end());
    for (const Rating& rating : ratings) {
        auto it = std::find_if(merged.begin(), merged.end(),
                               [&](const Rating& r) { return r.rater == rating.rater; });
        if (it == merged.end())
            merged.push_back(rating);
        else if (it->value != rating.value)
            return bad(head.field + ".history", "rater " + quoteForMessage(m_builder.str(rating.rater)) +
                                                    " gave " + answerText(kind, rating.value) + " here and " +
                                                    answerText(kind, it->value) + " before this file");
    }
    Answer top = label;
    for (const std::uint32_t s : scores)
        top = std::max(top, m_scores[s].answer);
    for (const Rating& r : ratings)
        top = std::max(top, r.value);
    if (kind == TaskKind::Ordinal && existing &&
        top > static_cast<Answer>(m_builder.levels(*existing).size()))
        return bad(head.field, "level " + std::to_string(top) + " is beyond the item's " +
                                   std::to_string(m_builder.levels(*existing).size()) + " levels");

    const std::uint32_t item = existing ? *existing : m_builder.addItem(dataset, id, kind);
    patch.apply(item, head.line);
    if (!ratings.empty())
        m_builder.setRatings(item, std::move(merged));
    if (kind == TaskKind::Ordinal && !existing) {
        // The scale is 1..K, K the largest level this scorer gave anywhere in the log.
        std::vector<StrId> levels;
        for (Answer level = 1; level <= m_scales[head.scorer].maxLevel; ++level)
            levels.push_back(m_builder.intern(std::to_string(level)));
        m_builder.setLevels(item, std::move(levels));
    }
    for (const std::uint32_t s : scores) {
        const Score& score = m_scores[s];
        if (!score.judged)
            continue;
        const Sample& sample = m_samples[score.sample];
        std::string extra = score.extra;
        if (!sameSubmission) { // the epochs answered differently: each judgment keeps the answer it judged
            extra += extra.empty() ? "{" : ",";
            JsonWriter::appendQuoted(extra, "submission");
            extra += ':';
            JsonWriter::appendQuoted(extra, m_builder.str(sample.submission));
        }
        if (!extra.empty())
            extra += '}';
        JudgmentInput j;
        j.item = item;
        j.judge = score.judge;
        j.format = score.scorer;
        j.rep = sample.epoch;
        j.answer = score.answer;
        j.raw = score.raw;
        j.error = score.error;
        j.extra = m_builder.intern(extra);
        j.source = {score.file, score.line};
        m_builder.addJudgment(j);
    }
    return true;
}

} // namespace tribunal
