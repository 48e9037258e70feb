// Rubric CSV rows to items and judgments (see rubriccsvrows.h). Messages are `file:line: field: reason` with
// the wording shared by all importers (messagetext.h, numberfields.h, slotanswer.h, itempatch.h); entries of
// the list cells are named like JSON key paths (`probs.MET`, `ratings.r2`, `ratings[0]`).

#include "io/formats/rubriccsvrows.h"

#include "io/messagetext.h"
#include "io/numberfields.h"
#include "io/slotanswer.h"

#include <algorithm>
#include <charconv>

namespace tribunal {
namespace {

constexpr int kRequiredColumns = 9;
constexpr std::array<std::string_view, RubricCsvRows::kKnownColumns> kColumnNames = {
    "dataset",    "unit_id",   "criterion", "kind",       "judge",  "format",     "rep",
    "prediction", "label",     "ratings",   "probs",      "levels", "confidence", "group",
    "cost_usd",   "latency_s", "tokens_in", "tokens_out", "raw",    "error"};

std::string notAllowed(std::string_view text, std::string_view allowed)
{
    return quoteForMessage(text) + " is not " + std::string(allowed);
}

bool isLevel(Answer a)
{
    return a != answer::kNone && a != answer::kNA && a > 0;
}

// A whole cell that is an integer (the `levels` count form).
std::optional<long long> integerCell(std::string_view text)
{
    long long value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

} // namespace

// A row's values as validated: the judgment's plain fields (strings are interned once the row is valid), the
// item's kind, label and scale, and which item attributes the row sets.
struct RubricCsvRows::Values {
    JudgmentInput judgment;
    TaskKind kind = TaskKind::Binary;
    std::optional<std::uint32_t> item;
    Answer label = answer::kNone;
    std::size_t levelCount = 0; ///< K of the item's scale when known (given or set before), else 0
    bool setLevels = false;     ///< the row gives the item its levels (m_levels, or "1".."K")
    bool setRatings = false;    ///< the row gives the item its ratings (m_ratings)
    Answer maxLevel = 0;        ///< the largest level the row uses (ordinal)
};

RubricCsvRows::RubricCsvRows(const std::string& path, std::uint32_t file, AuditBuilder& builder,
                             ImportLog& log)
    : m_path(path), m_file(file), m_builder(builder), m_log(log), m_items(builder),
      m_patch(builder, m_origins)
{}

bool RubricCsvRows::header(const CsvRecord& rec, std::uint64_t line)
{
    if (!m_header.read(rec, kColumnNames, kRequiredColumns, m_columnAt, m_builder, m_log, m_path, line))
        return false;
    m_haveHeader = true;
    return true;
}

std::optional<std::string> RubricCsvRows::levelProblem(Answer level, const Values& v) const
{
    if (v.levelCount > 0 && isLevel(level) && static_cast<std::size_t>(level) > v.levelCount)
        return std::to_string(level) + " is above the item's " + std::to_string(v.levelCount) + " levels";
    return std::nullopt;
}

std::optional<RubricCsvRows::Problem> RubricCsvRows::validateLevels(const CsvRecord& rec, Values& v)
{
    const auto existing =
        v.item && v.kind == TaskKind::Ordinal ? m_builder.levels(*v.item) : std::span<const StrId>();
    v.levelCount = existing.size();
    const auto text = cell(rec, ColLevels);
    if (text.empty())
        return std::nullopt;
    if (v.kind != TaskKind::Ordinal)
        return Problem{"levels", "only ordinal items have levels"};
    // A whole-number cell is the count K (levels "1".."K"); anything else the descriptions, level 1 first.
    m_levels.clear();
    std::size_t count = 0;
    if (auto k = integerCell(text)) {
        if (*k < 1 || *k > answer::kMaxLevel)
            return Problem{"levels",
                           std::string(text) + " is not in 1.." + std::to_string(answer::kMaxLevel)};
        count = static_cast<std::size_t>(*k);
    } else {
        if (auto problem = splitList(text, m_entries))
            return Problem{"levels", std::move(*problem)};
        for (const auto& entry : m_entries)
            m_levels.push_back(entry.text);
        count = m_levels.size();
        if (count > static_cast<std::size_t>(answer::kMaxLevel))
            return Problem{"levels", std::to_string(count) + " levels are more than " +
                                         std::to_string(answer::kMaxLevel)};
    }
    auto levelText = [&](std::size_t i) {
        return m_levels.empty() ? std::to_string(i + 1) : std::string(m_levels[i]);
    };
    if (!existing.empty()) {
        bool same = existing.size() == count;
        for (std::size_t i = 0; same && i < count; ++i)
            same = m_builder.str(existing[i]) == levelText(i);
        if (!same)
            return Problem{"levels",
                           "disagree with the levels " + m_origins.describe(*v.item, ItemField::Levels)};
        return std::nullopt;
    }
    v.levelCount = count;
    v.setLevels = true;
    if (!v.item)
        return std::nullopt;
    // Levels arriving after rows that used the item must cover what those rows gave.
    const std::string few = std::to_string(count) + " levels";
    auto above = [count](Answer a) { return isLevel(a) && static_cast<std::size_t>(a) > count; };
    if (auto it = m_maxLevelOfItem.find(*v.item); it != m_maxLevelOfItem.end() && above(it->second.first))
        return Problem{"levels", few + ", but level " + std::to_string(it->second.first) +
                                     " was given at line " + std::to_string(it->second.second)};
    if (above(m_builder.label(*v.item)))
        return Problem{"levels", few + ", but the label " + std::to_string(m_builder.label(*v.item)) + " " +
                                     m_origins.describe(*v.item, ItemField::Label) + " is above them"};
    for (const auto& r : m_builder.ratings(*v.item))
        if (above(r.value))
            return Problem{"levels", few + ", but the rating " + std::to_string(r.value) + " " +
                                         m_origins.describe(*v.item, ItemField::Ratings) + " is above them"};
    return std::nullopt;
}

std::optional<RubricCsvRows::Problem> RubricCsvRows::validateRatings(const CsvRecord& rec, Values& v)
{
    m_ratings.clear();
    const auto text = cell(rec, ColRatings);
    if (text.empty())
        return std::nullopt;
    if (auto problem = splitList(text, m_entries))
        return Problem{"ratings", std::move(*problem)};
    const bool named = m_entries.front().hasKey;
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        const auto& entry = m_entries[i];
        if (entry.hasKey != named)
            return Problem{"ratings", quoteForMessage(text) + " mixes rater=value pairs and bare values"};
        if (named && entry.key.empty())
            return Problem{"ratings", quoteForMessage(entry.text) + " has an empty rater"};
        const std::string field =
            named ? "ratings." + std::string(entry.key) : "ratings[" + std::to_string(i) + "]";
        if (named)
            for (const auto& earlier : m_ratings)
                if (earlier.first == entry.key)
                    return Problem{field, "duplicate rater"};
        // A rating is a value of the scale: no NA or none (a rater who did not rate is left out).
        const auto value = parseAnswer(v.kind, entry.value);
        if (v.kind == TaskKind::Binary) {
            if (!value || (*value != answer::kMet && *value != answer::kUnmet))
                return Problem{field, notAllowed(entry.value, "MET or UNMET")};
        } else {
            if (!value || !isLevel(*value))
                return Problem{field, notAllowed(entry.value, "a level number (1..1000)")};
            if (auto problem = levelProblem(*value, v))
                return Problem{field, std::move(*problem)};
            v.maxLevel = std::max(v.maxLevel, *value);
        }
        m_ratings.emplace_back(named ? entry.key : std::string_view(), *value);
    }
    const auto existing = v.item ? m_builder.ratings(*v.item) : std::span<const Rating>();
    if (existing.empty()) {
        v.setRatings = true;
        return std::nullopt;
    }
    bool same = existing.size() == m_ratings.size();
    for (std::size_t i = 0; same && i < existing.size(); ++i) {
        const auto rater = m_builder.str(existing[i].rater);
        same = existing[i].value == m_ratings[i].second &&
               (named ? rater == m_ratings[i].first : rater == std::to_string(i + 1));
    }
    if (!same)
        return Problem{"ratings",
                       "disagree with the ratings " + m_origins.describe(*v.item, ItemField::Ratings)};
    return std::nullopt;
}

std::optional<RubricCsvRows::Problem> RubricCsvRows::validateProbs(const CsvRecord& rec, Values& v)
{
    m_probs.clear();
    const auto text = cell(rec, ColProbs);
    if (text.empty())
        return std::nullopt;
    if (auto problem = splitList(text, m_entries))
        return Problem{"probs", std::move(*problem)};
    for (const auto& entry : m_entries) {
        if (!entry.hasKey)
            return Problem{"probs", quoteForMessage(entry.text) + " is not option=p"};
        const std::string field = "probs." + std::string(entry.key);
        const auto option = parseAnswer(v.kind, entry.key);
        if (!option || *option == answer::kNone)
            return Problem{field, quoteForMessage(entry.key) + " is not an answer of a " +
                                      std::string(kindName(v.kind)) + " item"};
        if (v.kind == TaskKind::Ordinal) {
            if (auto problem = levelProblem(*option, v))
                return Problem{field, std::move(*problem)};
            if (isLevel(*option))
                v.maxLevel = std::max(v.maxLevel, *option);
        }
        for (const auto& earlier : m_probs)
            if (earlier.option == *option)
                return Problem{field, "duplicate option"};
        double p = 0;
        if (auto problem = parseRealText(entry.value, NumberRange::UnitInterval, p))
            return Problem{field, std::move(*problem)};
        m_probs.push_back({*option, p});
    }
    return std::nullopt;
}

std::optional<RubricCsvRows::Problem> RubricCsvRows::validate(const CsvRecord& rec, Values& v)
{
    auto& in = v.judgment;
    for (Column c : {ColDataset, ColUnitId, ColCriterion, ColJudge})
        if (cell(rec, c).empty())
            return Problem{std::string(kColumnNames[c]), "must not be empty"};

    const auto kindText = cell(rec, ColKind);
    const auto kind = parseKind(kindText);
    if (!kind || *kind == TaskKind::Pairwise)
        return Problem{"kind", notAllowed(kindText, "binary or ordinal")};
    v.kind = *kind;

    // The item: (dataset, "<unit_id>/<criterion>"); its kind must stay the same.
    const auto unitId = cell(rec, ColUnitId), criterion = cell(rec, ColCriterion);
    m_itemId.assign(unitId).append("/").append(criterion);
    v.item = m_items.find(cell(rec, ColDataset), m_itemId);
    m_patch.reset(v.item);
    if (v.item && m_builder.kind(*v.item) != v.kind)
        return Problem{"kind", disagreement(kindName(v.kind), kindName(m_builder.kind(*v.item)),
                                            m_origins.describe(*v.item, ItemField::Kind))};
    if (auto problem = validateLevels(rec, v))
        return problem;

    if (auto problem = parseRepText(cell(rec, ColRep), in.rep))
        return Problem{"rep", std::move(*problem)};

    const auto predictionText = cell(rec, ColPrediction);
    const auto prediction = parseAnswer(v.kind, predictionText);
    if (!prediction)
        return Problem{"prediction", notAllowed(predictionText, allowedAnswers(v.kind, true))};
    if (auto problem = levelProblem(*prediction, v))
        return Problem{"prediction", std::move(*problem)};
    in.answer = *prediction;
    if (isLevel(*prediction) && v.kind == TaskKind::Ordinal)
        v.maxLevel = std::max(v.maxLevel, *prediction);

    // The label is the human reference: a value of the scale, or empty / none (no NA).
    const auto labelText = cell(rec, ColLabel);
    const auto label = parseAnswer(v.kind, labelText);
    if (!label || *label == answer::kNA)
        return Problem{"label", notAllowed(labelText, allowedAnswers(v.kind, false))};
    if (auto problem = levelProblem(*label, v))
        return Problem{"label", std::move(*problem)};
    v.label = *label;
    if (isLevel(*label) && v.kind == TaskKind::Ordinal)
        v.maxLevel = std::max(v.maxLevel, *label);
    if (auto problem = m_patch.label(v.kind, v.label))
        return Problem{"label", std::move(*problem)};

    if (auto problem = validateRatings(rec, v))
        return problem;
    if (auto problem = validateProbs(rec, v))
        return problem;

    for (auto [column, field] :
         {std::pair{ColUnitId, ItemText::UnitId}, std::pair{ColCriterion, ItemText::Criterion},
          std::pair{ColGroup, ItemText::Group}})
        if (auto problem = m_patch.text(field, cell(rec, column)))
            return Problem{std::string(kColumnNames[column]), std::move(*problem)};

    // An empty cell is "not given".
    for (auto [column, range, out] : {std::tuple{ColConfidence, NumberRange::UnitInterval, &in.confidence},
                                      std::tuple{ColCostUsd, NumberRange::NonNegative, &in.costUsd},
                                      std::tuple{ColLatencyS, NumberRange::NonNegative, &in.latencyS}}) {
        const auto text = cell(rec, column);
        if (!text.empty())
            if (auto problem = parseRealText(text, range, *out))
                return Problem{std::string(kColumnNames[column]), std::move(*problem)};
    }
    for (auto [column, out] :
         {std::pair{ColTokensIn, &in.tokensIn}, std::pair{ColTokensOut, &in.tokensOut}}) {
        const auto text = cell(rec, column);
        if (!text.empty())
            if (auto problem = parseCountText(text, *out))
                return Problem{std::string(kColumnNames[column]), std::move(*problem)};
    }
    return std::nullopt;
}

CondId RubricCsvRows::condition(const CsvRecord& rec)
{
    return m_header.condition(rec, m_builder);
}

bool RubricCsvRows::row(const CsvRecord& rec, std::uint64_t line)
{
    if (auto shape = m_header.shapeProblem(rec))
        return m_log.badRecord({m_path, line, std::move(shape->first), std::move(shape->second)});
    Values v;
    if (auto problem = validate(rec, v))
        return m_log.badRecord({m_path, line, std::move(problem->field), std::move(problem->reason)});
    commit(rec, v, line);
    return true;
}

void RubricCsvRows::commit(const CsvRecord& rec, Values& v, std::uint64_t line)
{
    if (!v.item) {
        const StrId dataset = m_datasets.intern(m_builder, cell(rec, ColDataset));
        v.item = m_builder.addItem(dataset, m_builder.intern(m_itemId), v.kind);
        m_items.remember(*v.item);
        m_origins.set(*v.item, ItemField::Kind, line);
        if (v.kind == TaskKind::Ordinal)
            m_createdOrdinal.push_back(*v.item);
    }
    const std::uint32_t item = *v.item;
    m_patch.apply(item, line);
    if (v.setLevels) {
        std::vector<StrId> levels;
        levels.reserve(v.levelCount);
        for (std::size_t i = 0; i < v.levelCount; ++i)
            levels.push_back(m_levels.empty() ? m_builder.intern(std::to_string(i + 1))
                                              : m_builder.intern(m_levels[i]));
        m_builder.setLevels(item, std::move(levels));
        m_origins.set(item, ItemField::Levels, line);
    }
    if (v.setRatings) {
        std::vector<Rating> ratings;
        ratings.reserve(m_ratings.size());
        for (std::size_t i = 0; i < m_ratings.size(); ++i) {
            const auto& [rater, value] = m_ratings[i];
            // Bare values are named by position, "1", "2", ..., as the JSONL reader names an array's.
            const StrId id =
                rater.empty() ? m_builder.intern(std::to_string(i + 1)) : m_builder.intern(rater);
            ratings.push_back({id, value});
        }
        m_builder.setRatings(item, std::move(ratings));
        m_origins.set(item, ItemField::Ratings, line);
    }

    JudgmentInput& in = v.judgment;
    in.item = item;
    in.judge = m_judges.intern(m_builder, cell(rec, ColJudge));
    in.format = m_formats.intern(m_builder, cell(rec, ColFormat));
    in.condition = condition(rec);
    for (auto [column, out] : {std::pair{ColRaw, &in.raw}, std::pair{ColError, &in.error}}) {
        const auto text = cell(rec, column);
        if (!text.empty())
            *out = m_builder.intern(text);
    }
    if (!m_probs.empty())
        in.probs = m_probs;
    in.source = {m_file, line};
    m_builder.addJudgment(in);

    if (v.kind != TaskKind::Ordinal)
        return;
    // The scale this row shows, for levels arriving later (validateLevels) and for finish().
    if (v.maxLevel > 0) {
        auto [it, inserted] = m_maxLevelOfItem.try_emplace(item, v.maxLevel, line);
        if (!inserted && it->second.first < v.maxLevel)
            it->second = {v.maxLevel, line};
    }
    const auto key = criterionKey(m_builder.itemDataset(item), m_builder.text(item, ItemText::Criterion));
    int& k = m_levelsOfCriterion[key];
    k = std::max({k, static_cast<int>(v.maxLevel), static_cast<int>(v.levelCount)});
}

void RubricCsvRows::finish()
{
    for (const std::uint32_t item : m_createdOrdinal) {
        if (!m_builder.levels(item).empty())
            continue;
        const auto it = m_levelsOfCriterion.find(
            criterionKey(m_builder.itemDataset(item), m_builder.text(item, ItemText::Criterion)));
        if (it == m_levelsOfCriterion.end() || it->second <= 0)
            continue;
        std::vector<StrId> levels;
        levels.reserve(static_cast<std::size_t>(it->second));
        for (int i = 1; i <= it->second; ++i)
            levels.push_back(m_builder.intern(std::to_string(i)));
        m_builder.setLevels(item, std::move(levels));
    }
}

} // namespace tribunal
