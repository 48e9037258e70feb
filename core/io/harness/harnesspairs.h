#pragma once
// Committing one pairwise record of a harness file (an item and its judgments, in canonical identities) to
// the AuditBuilder: the step every harness adapter shares. A record is either taken whole or not at all: the
// item fields are checked against the item (ItemPatch: an item already in the audit must agree) before
// anything changes.
// Not thread-safe: one per import job.

#include "io/harness/harnessfields.h"
#include "io/itemorigins.h"
#include "io/itempatch.h"
#include "model/auditbuilder.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tribunal {

/// One judgment of a pairwise record, answer in canonical identities (A = the item's first candidate).
struct HarnessJudgment {
    StrId judge = kEmptyStr;
    StrId format = kEmptyStr;
    CondId condition = 0;
    Order order = Order::None; ///< None only where the harness does not record the order (AlpacaEval)
    std::uint16_t rep = 1;
    Answer answer = answer::kNone;
    StrId raw = kEmptyStr;
    StrId error = kEmptyStr;
    StrId extra = kEmptyStr; ///< kept fields: one JSON object text
    double costUsd = kMissing;
    double latencyS = kMissing;
    std::int64_t tokensIn = kMissingCount;
    std::int64_t tokensOut = kMissingCount;
    std::array<ProbEntry, 2> probs{}; ///< canonical options (kA, kB)
    std::uint8_t probCount = 0;
};

/// An item text a record gives (empty = not given), with the key path it came from for conflict messages.
struct HarnessText {
    ItemText field = ItemText::Question;
    std::string_view value;
    std::string_view key;
};

/// One record: its item and its judgments. Views must stay valid until commit() returns.
struct HarnessPairRecord {
    StrId dataset = kEmptyStr;
    StrId itemId = kEmptyStr;
    std::vector<HarnessText> texts;
    Answer label = answer::kNone; ///< kNone = not given
    std::string_view labelKey;
    std::string_view itemExtra; ///< kept item fields (JSON object text); "" = none
    std::string_view itemExtraKey;
    std::vector<HarnessJudgment> judgments;

    /// Empties the record, keeping its storage.
    void clear();
};

class HarnessPairs {
public:
    explicit HarnessPairs(AuditBuilder& builder) : m_builder(builder), m_patch(builder, m_origins) {}

    /// Starts a source file (index from AuditBuilder::addSourceFile): conflicts now name "given at line N"
    /// for fields this file set.
    void beginFile(std::uint32_t file);

    /// Merges the record's item fields into its item (a new item is pairwise) and adds its judgments. On a
    /// problem (the item is not pairwise, or a field disagrees with the item) nothing changes and the
    /// problem is returned.
    std::optional<HarnessProblem> commit(const HarnessPairRecord& record, std::uint64_t line);

    AuditBuilder& builder() { return m_builder; }

private:
    AuditBuilder& m_builder;
    ItemOrigins m_origins;
    ItemPatch m_patch;
    std::uint32_t m_file = 0;
};

/// Writes into `out` (cleared first) the item extra that names the models behind the candidates:
/// `{"model_a":"<A>","model_b":"<B>"}`, leaving out an empty name; "" when both are empty.
void writeCandidateModels(std::string& out, std::string_view modelA, std::string_view modelB);

/// The reason stored for a judgment whose verdict the harness recorded as missing.
inline constexpr std::string_view kNoVerdictReason = "no verdict parsed";

} // namespace tribunal
