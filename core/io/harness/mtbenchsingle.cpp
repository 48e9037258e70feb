// FastChat MT-Bench single-answer grades as ordinal judgments (see mtbenchsingle.h).

#include "io/harness/mtbenchsingle.h"

#include "io/jsonvaluetext.h"
#include "io/messagetext.h"
#include "report/jsonwriter.h"

#include <cmath>

namespace tribunal {
namespace {

namespace dom = simdjson::dom;
using Problem = std::optional<HarnessProblem>;

enum SingleKey : int {
    kQuestionId,
    kModel,
    kJudge,
    kUserPrompt,
    kJudgment,
    kScore,
    kTurn,
    kTstamp,
};
constexpr std::array<std::string_view, 8> kSingleKeys = {"question_id", "model", "judge", "user_prompt",
                                                         "judgment",    "score", "turn",  "tstamp"};

} // namespace

Problem readMtBenchTurn(const HarnessFields& f, int k, std::int64_t& turn)
{
    if (!f.has(k))
        return f.problem(k, "required key is missing");
    const auto type = f.value(k).type();
    if (type != dom::element_type::INT64 && type != dom::element_type::UINT64)
        return f.typeProblem(k, "an integer");
    if (f.value(k).get_int64().get(turn) || (turn != 1 && turn != 2))
        return f.problem(k, "must be 1 or 2 (got " + jsonForMessage(f.value(k)) + ")");
    return std::nullopt;
}

Problem readMtBenchJudge(const HarnessFields& f, int k, std::array<std::string_view, 2>& names)
{
    if (!f.has(k))
        return f.problem(k, "required key is missing");
    const dom::element judge = f.value(k);
    bool tuple = judge.type() == dom::element_type::ARRAY && arrayOf(judge).size() == 2;
    if (tuple) {
        std::size_t n = 0;
        for (dom::element name : arrayOf(judge)) {
            tuple = tuple && name.type() == dom::element_type::STRING;
            names[n++] = stringOf(name);
        }
    }
    if (!tuple)
        return f.problem(k,
                         "expected [judge model, prompt name] (two strings), got " + jsonForMessage(judge));
    for (std::size_t n = 0; n < 2; ++n)
        if (names[n].empty())
            return HarnessProblem{f.field(k) + "[" + std::to_string(n) + "]", "must not be empty"};
    return std::nullopt;
}

MtBenchSingleGrades::MtBenchSingleGrades(AuditBuilder& builder)
    : m_builder(builder), m_fields(kSingleKeys), m_patch(builder, m_origins)
{}

void MtBenchSingleGrades::beginFile(std::uint32_t file)
{
    m_file = file;
    m_origins.clear();
}

Problem MtBenchSingleGrades::readScore(Answer& out) const
{
    const auto& f = m_fields;
    if (!f.has(kScore))
        return f.problem(kScore, "required key is missing");
    const dom::element value = f.value(kScore);
    if (!isJsonNumber(value))
        return f.typeProblem(kScore, "a number");
    // Python writes a rating parsed as "8.0" as 8.0: a whole number is the level all the same.
    const double score = jsonNumber(value);
    if (score == -1) {
        out = answer::kNone;
        return std::nullopt;
    }
    if (score >= 1 && score <= kMtBenchLevels && score == std::floor(score)) {
        out = static_cast<Answer>(score);
        return std::nullopt;
    }
    return f.problem(kScore,
                     "must be an integer 1..10, or -1 for no rating (got " + jsonForMessage(value) + ")");
}

Problem MtBenchSingleGrades::checkScale(std::optional<std::uint32_t> item)
{
    m_setLevels = !item;
    if (!item)
        return std::nullopt;
    if (auto problem = kindProblem(m_builder, *item, TaskKind::Ordinal))
        return m_fields.problem(kScore, std::move(*problem));
    const auto levels = m_builder.levels(*item);
    if (levels.empty()) {
        // An item made elsewhere without a scale (a Tribunal labels file, say) takes 1..10 if what it has
        // fits (kNone and NA are below every level).
        const std::string above = " is above MT-Bench's 10 levels";
        if (const Answer label = m_builder.label(*item); label > kMtBenchLevels)
            return m_fields.problem(kScore, "the item's label " + std::to_string(label) + " " +
                                                m_origins.describe(*item, ItemField::Label) + above);
        for (const auto& r : m_builder.ratings(*item))
            if (r.value > kMtBenchLevels)
                return m_fields.problem(kScore, "the item's rating " + std::to_string(r.value) + " " +
                                                    m_origins.describe(*item, ItemField::Ratings) + above);
        m_setLevels = true;
        return std::nullopt;
    }
    bool same = levels.size() == static_cast<std::size_t>(kMtBenchLevels);
    for (std::size_t i = 0; same && i < levels.size(); ++i)
        same = m_builder.str(levels[i]) == std::to_string(i + 1);
    if (!same)
        return m_fields.problem(kScore, "the item's " + std::to_string(levels.size()) + " levels " +
                                            m_origins.describe(*item, ItemField::Levels) +
                                            " are not MT-Bench's 1..10");
    return std::nullopt;
}

Problem MtBenchSingleGrades::read(dom::object record, std::uint64_t line)
{
    auto& f = m_fields;
    if (auto p = f.collect(record))
        return p;
    if (auto p = f.requiredId(kQuestionId, m_questionId))
        return p;
    std::string_view model;
    if (auto p = f.requiredString(kModel, model))
        return p;
    std::int64_t turn = 0;
    if (auto p = readMtBenchTurn(f, kTurn, turn))
        return p;
    std::array<std::string_view, 2> judge;
    if (auto p = readMtBenchJudge(f, kJudge, judge))
        return p;
    Answer grade = answer::kNone;
    if (auto p = readScore(grade))
        return p;
    std::string_view text;
    for (const int k : {kUserPrompt, kJudgment})
        if (auto p = f.optionalString(k, text))
            return p;
    double tstamp = kMissing;
    if (auto p = f.optionalNumber(kTstamp, tstamp, NumberRange::NonNegative))
        return p;

    // The item, checked whole before anything changes.
    if (m_dataset == kEmptyStr)
        m_dataset = m_builder.intern(kMtBenchSingleDataset);
    m_itemId.assign(m_questionId).append(":").append(std::to_string(turn)).append(":").append(model);
    m_itemExtra.assign("{\"model\":");
    JsonWriter::appendQuoted(m_itemExtra, model);
    m_itemExtra += '}';
    const StrId itemId = m_builder.intern(m_itemId);
    const auto existing = m_builder.findItem(m_dataset, itemId);
    m_patch.reset(existing);
    if (auto p = checkScale(existing))
        return p;
    for (const auto& [field, value] : {std::pair{ItemText::UnitId, std::string_view(m_itemId)},
                                       std::pair{ItemText::Group, std::string_view(m_questionId)},
                                       std::pair{ItemText::Criterion, kMtBenchSingleCriterion}})
        if (auto problem = m_patch.text(field, value))
            return HarnessProblem{std::string(itemTextName(field)), std::move(*problem)};
    if (auto problem = m_patch.extra(m_itemExtra, ItemPatch::ExtraKind::KnownFields))
        return f.problem(kModel, std::move(*problem));

    const std::uint32_t item = existing ? *existing : m_builder.addItem(m_dataset, itemId, TaskKind::Ordinal);
    if (!existing)
        m_origins.set(item, ItemField::Kind, line);
    m_patch.apply(item, line);
    if (m_setLevels) {
        if (m_levels.empty())
            for (int level = 1; level <= kMtBenchLevels; ++level)
                m_levels.push_back(m_builder.intern(std::to_string(level)));
        m_builder.setLevels(item, m_levels);
        m_origins.set(item, ItemField::Levels, line);
    }
    addJudgment(item, judge, grade, line);
    return std::nullopt;
}

void MtBenchSingleGrades::addJudgment(std::uint32_t item, const std::array<std::string_view, 2>& judge,
                                      Answer grade, std::uint64_t line)
{
    const auto& f = m_fields;
    JudgmentInput in;
    in.item = item;
    in.judge = m_builder.intern(judge[0]);
    in.format = m_builder.intern(judge[1]);
    in.rep = 1;
    in.answer = grade;
    if (grade == answer::kNone) {
        if (m_noRating == kEmptyStr)
            m_noRating = m_builder.intern(kMtBenchNoRating);
        in.error = m_noRating;
    }
    std::string_view judgment;
    if (!f.optionalString(kJudgment, judgment) && !judgment.empty())
        in.raw = m_builder.intern(judgment);
    m_judgmentExtra.clear();
    if (f.given(kUserPrompt))
        appendKeptField(m_judgmentExtra, "user_prompt", f.value(kUserPrompt));
    if (f.given(kTstamp))
        appendKeptField(m_judgmentExtra, "tstamp", f.value(kTstamp));
    f.appendUnknown(m_judgmentExtra);
    if (!m_judgmentExtra.empty()) {
        m_judgmentExtra += '}';
        in.extra = m_builder.intern(m_judgmentExtra);
    }
    in.source = SourceRef{m_file, line};
    m_builder.addJudgment(in);
}

} // namespace tribunal
