#pragma once
// The judgment part of a Tribunal JSONL line (format in jsonlimporter.cpp): judge, format, condition, order,
// rep, the answer (canonical or by slot), probabilities, numeric and text fields, and the kept unknown keys.
// Planned (validated, changing nothing) before it is committed to the builder.

#include "io/formats/jsonlitemparser.h"
#include "io/formats/jsonlrecord.h"
#include "io/numberfields.h"
#include "io/recentstrings.h"
#include "model/auditbuilder.h"

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

/// Plans and commits the judgments of one file's lines. Not thread-safe (one per file being read).
class JsonlJudgmentParser {
public:
    /// Judgments go to `builder` with SourceRef file `file`; their items through `items`.
    JsonlJudgmentParser(AuditBuilder& builder, JsonlRecord& record, JsonlItemParser& items,
                        std::uint32_t file);

    /// Validates the current record as a judgment (its item part included). Changes nothing; false with the
    /// record's problem set.
    bool plan();
    /// Adds the planned judgment (and its item's changes) from `line`.
    void commit(std::uint64_t line);

private:
    bool planCondition();
    bool planAnswer();
    bool planProbs();
    bool planNumbers();
    bool planReal(JsonlKey k, NumberRange range, double& out);
    bool planCount(JsonlKey k, std::int64_t& out);
    CondId internCondition();

    // One condition pair of the line; the value is formatted to text only when the set is new.
    struct CondValue {
        std::string_view key;
        simdjson::dom::element value;
    };
    // A condition value as cached: scalars compare by type and bits, so a hit needs no number formatting.
    struct CachedCondValue {
        std::string key;
        simdjson::dom::element_type type = simdjson::dom::element_type::NULL_VALUE;
        std::string text;       // strings
        std::uint64_t bits = 0; // numbers and booleans
    };
    struct CondCacheEntry {
        std::vector<CachedCondValue> pairs;
        CondId id = 0;
        bool valid = false;
    };
    static std::uint64_t scalarBits(simdjson::dom::element value);
    static bool sameCondValue(const CachedCondValue& cached, const CondValue& c);

    AuditBuilder& m_builder;
    JsonlRecord& m_record;
    JsonlItemParser& m_items;
    std::uint32_t m_file;

    // The plan of the current line.
    std::string_view m_judge, m_format, m_raw, m_error, m_test, m_version;
    Order m_order = Order::None;
    std::uint16_t m_rep = 1;
    Answer m_answer = answer::kNone;
    Variant m_variant = Variant::None;
    Cue m_cue = Cue::None;
    double m_confidence = kMissing, m_costUsd = kMissing, m_latencyS = kMissing;
    std::int64_t m_tokensIn = kMissingCount, m_tokensOut = kMissingCount;
    Answer m_maxLevel = 0; // highest ordinal level among answer and probs options
    std::vector<CondValue> m_condition;
    std::vector<ProbEntry> m_probs;

    // Caches of recent values (usually every line repeats them).
    RecentStrings m_judges, m_formats, m_tests, m_versions;
    std::array<CondCacheEntry, 4> m_condCache;
    std::size_t m_condCacheNext = 0;
    Condition m_conditionScratch;
};

} // namespace tribunal
