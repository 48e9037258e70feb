#pragma once
// The bias-test design of an audit (../shared/spec/metrics.md "Bias tests" B1-B13 and "Edge cases" B1-B5;
// ../shared/spec/data-format.md "The model": test, version, variant, cue_on): for each (judge, format,
// condition, test, version) row, the items whose perturbed prompt was judged, each with the verdicts of its
// two original runs and of its perturbed prompt. Every bias metric reads this, so all of them see the same
// matching of perturbed to original judgments.
//
// Matching (docs/bias-tests.md "Which original belongs to a perturbed prompt"):
// - A perturbed judgment (variant `perturbed`) of item i in row (judge, format, condition, test T, version V)
//   is matched with the `original` judgments of item i with the same judge, format and condition whose
//   (test, version) is, in this order of preference, (T, V), (T, ""), ("", V), ("", "") - so originals may be
//   recorded once per item (no test) and shared by every test, or per test or version.
// - Among those originals, one presentation order is used: the one with both runs answered, preferring the
//   order of the perturbed judgment - except for the test named "position", whose perturbation is the swap
//   itself, where the other order is preferred. Run 1 and run 2 are the answered judgments with the two
//   lowest rep numbers of that order.
// - When an item has several perturbed judgments in a row (orders or reps), the first in row order (lowest
//   order, then lowest rep) is used; the others are counted in `extraPerturbed`.
// - A perturbed judgment whose answer is none or NA (no verdict) leaves the item out (counted).
// - The row's (dataset) is not part of its key: a test's items may come from several datasets and are pooled,
//   as in seed 001 (Tables 9-11).
//
// Items whose runs are complete (run 1, run 2 and perturbed all answered) enter every metric (B1-B5: "the
// same item set"). When no item of a row has an answered second original run (a one-run design), CR is
// unavailable: `crAvailable` is false and the single-run items (run 1 and perturbed answered) still give RR.
// Thread-safety: a BiasDesign is a plain value; collectBiasDesign reads the immutable audit only.

#include "model/audit.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tribunal {

/// One item of a bias-test row: judgment rows and verdicts (canonical identities) of its original runs 1 and
/// 2 and of its perturbed prompt. original2 is kNoJudgment (and o2 kNone) when no answered second run exists.
struct BiasItem {
    std::uint32_t item = 0;
    std::uint32_t original1 = kNoJudgment, original2 = kNoJudgment, perturbed = kNoJudgment;
    Answer o1 = answer::kNone, o2 = answer::kNone, p = answer::kNone;
    Cue cue = Cue::None; ///< cue_on of the perturbed judgment

    bool hasSecondRun() const { return original2 != kNoJudgment; }
    bool changed() const { return p != o1; }                         ///< B1 changed_k
    bool runsDisagree() const { return hasSecondRun() && o1 != o2; } ///< B5 chance_k
};

/// Why items of a row could not be used, for the "incomplete design" messages.
struct BiasRowGaps {
    std::uint32_t noOriginal = 0; ///< perturbed prompt judged, no original judgment of the item at all
    std::uint32_t noAnsweredOriginal = 0;  ///< originals exist but none has an answered verdict
    std::uint32_t oneRun = 0;              ///< original run 1 answered, no answered second run
    std::uint32_t perturbedUnanswered = 0; ///< the perturbed judgment has no verdict (none / NA)
    std::uint32_t extraPerturbed = 0;      ///< further perturbed judgments of an item, not used
};

struct BiasRowKey {
    StrId judge = kEmptyStr;
    StrId format = kEmptyStr;
    CondId condition = 0;
    StrId test = kEmptyStr;
    StrId version = kEmptyStr;
    friend bool operator==(const BiasRowKey&, const BiasRowKey&) = default;
};

struct BiasRow {
    BiasRowKey key;
    bool fallacy = false;     ///< fallacy oversight: changing is the correct reaction (B3)
    Cue cue = Cue::None;      ///< the cue of every item, or None when they differ or none is given
    bool crAvailable = false; ///< some item has an answered second original run
    /// Items with original run 1 and perturbed answered, in item order. When crAvailable, the metrics use
    /// only those with hasSecondRun() (see completeItems()); otherwise all of them, for RR alone.
    std::vector<BiasItem> items;
    BiasRowGaps gaps;

    /// The item set every metric of this row uses (B1-B5 edge case): complete items when CR is available,
    /// else the single-run items.
    std::vector<BiasItem> completeItems() const;
};

struct BiasDesign {
    /// Rows ordered by judge, format, condition, test, version (string order, so output is stable).
    std::vector<BiasRow> rows;
    /// Perturbed judgments whose item has no original for that judge, format and condition at all, one line
    /// per row: "judge J, format F, test T, version V: N perturbed prompts have no original prompt".
    std::vector<std::string> problems;
    bool empty() const { return rows.empty(); }
};

/// True for the fallacy-oversight test: the name, lower-cased without spaces, '-' and '_', is "fallacy" or
/// "fallacyoversight".
bool isFallacyTest(std::string_view testName);

/// Collects the bias-test rows of `audit` (empty when it has no perturbed judgments). Pairwise items only.
BiasDesign collectBiasDesign(const Audit& audit);

/// The text of a row key for messages: "judge J, format F[, condition k=v ...], test T[, version V]".
std::string describeBiasRow(const Audit& audit, const BiasRowKey& key);

} // namespace tribunal
