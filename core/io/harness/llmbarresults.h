#pragma once
// The elements of an LLMBar `result.json` as judgments (format and mapping in llmbarimporter.cpp): each
// element repeats its dataset.json item and holds `results`, preparatory steps followed by one object with
// "swap = False" (order AB) and "swap = True" (order BA). One element becomes two judgments; whatever the
// mapping does not use is kept in the judgment's `extra`.

#include "io/nameset.h"
#include "model/auditbuilder.h"
#include "report/jsonwriter.h"

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

/// One dataset.json item as imported: result elements must repeat it.
struct LlmBarItem {
    bool ok = false; ///< false: the dataset.json item was bad (listed already); its elements are skipped
    std::uint32_t item = 0;
    StrId input = kEmptyStr, output1 = kEmptyStr, output2 = kEmptyStr;
    std::int64_t label = 0; ///< 1 | 2 as in dataset.json
};

/// Reads the elements of one result file after another. Scratch buffers are reused, so an element costs no
/// allocation beyond interning once warm. Not thread-safe.
class LlmBarResults {
public:
    explicit LlmBarResults(AuditBuilder& builder) : m_builder(builder) {}

    /// The judge and format of the following elements, and the SourceRef file they come from.
    void beginFile(StrId judge, StrId format, std::uint32_t file);

    struct Problem {
        std::string field; ///< after `[index]`: ".label", ".results[1].swap = True.winner", ...
        std::string reason;
    };
    /// Validates element `index` (starting on `line`) against its dataset.json item and adds its two
    /// judgments; on a problem adds nothing and returns it.
    std::optional<Problem> read(std::size_t index, std::uint64_t line, const LlmBarItem& item,
                                simdjson::dom::element element);

private:
    /// One presentation order of an element.
    struct OrderVerdict {
        Answer answer = answer::kNone;
        bool hasCompletion = false;
        std::string_view text;
        std::string_view finishReason;
        bool finishNull = false;
    };
    /// A key the mapping does not use; kept in `extra` under its name.
    struct UnknownKey {
        std::string_view key;
        simdjson::dom::element value;
        std::string_view level; ///< prefix used only when the name collides with a key already written
    };

    StrId extraFor(const OrderVerdict& verdict, bool rating, std::size_t orderBegin, std::size_t orderEnd);
    void writeUnknown(const UnknownKey& unknown);

    AuditBuilder& m_builder;
    StrId m_judge = kEmptyStr, m_format = kEmptyStr, m_noVerdict = kEmptyStr;
    std::uint32_t m_file = 0;

    // Per-element scratch.
    std::string m_extra;
    JsonWriter m_writer{m_extra};
    std::string m_value; // one kept value as JSON text
    std::string m_raw;
    std::vector<std::string_view> m_written;
    std::vector<simdjson::dom::element> m_steps;
    std::vector<UnknownKey> m_unknown; // element, verdict-object and per-order unknown keys, in that order
    NameSet m_unknownNames;          // the current object's unknown keys (JSON allows duplicates; we do not)
    std::size_t m_unknownShared = 0; // m_unknown[0, m_unknownShared) belong to both orders
    std::string_view m_score1, m_score2, m_score1Finish, m_score2Finish;
    bool m_score1FinishNull = false, m_score2FinishNull = false;
};

} // namespace tribunal
