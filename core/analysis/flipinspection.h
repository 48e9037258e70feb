#pragma once
// The pairs of one trust-table row as the flip inspector lists them (../shared/spec/workbench.md journey 2;
// metrics.md "Pairwise trust" T0-T4, T7; docs/trust-metrics.md).
//
// Every pairwise item run of the row's cells becomes one FlipItem: its verdict grid (per order the runs with
// their judgment rows, so a view can fetch raw outputs), the modal verdict of each order (T1) and the flags a
// reviewer filters on. The flags come from summarizeTrustPairs (trustpair.h), the reduction every trust
// metric is summed from, so over the retained items the share of `flipped` equals the row's phi and the share
// of reproducible (not `unstable`) items equals C in the pair unit, by construction.
// Thread-safety: reads the immutable audit only.

#include "model/audit.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

/// Why a pair is left out of the trust metrics (T0), or Retained.
enum class FlipDrop : std::uint8_t {
    Retained,        ///< both orders have an answered run: the pair enters C, phi, A, ...
    MissingOrder,    ///< no judgment row at all in order AB or in order BA
    MissingVerdicts, ///< both orders shown, but one has no answered run (every run 'none' or NA)
};

/// How a run verdict (or a whole order) compares with the item's label, for colouring.
enum class LabelAgreement : std::uint8_t {
    Unknown,   ///< no answered verdict (none / NA), or the item has no label
    Agrees,    ///< the verdict equals the label
    Disagrees, ///< the verdict differs from the label (a tie verdict is wrong unless the label is tie, T4)
};

/// One run of one presentation order.
struct FlipRun {
    std::uint32_t judgment = 0;     ///< row in JudgmentTable (raw output, error, ...)
    std::uint16_t rep = 0;          ///< 1-based run number
    Answer verdict = answer::kNone; ///< canonical identity; kNone (failed call) or kNA (abstained) unanswered
};

/// One pair (item run) of the inspected cells.
struct FlipItem {
    std::uint32_t item = 0; ///< row in ItemTable
    std::uint32_t cell = 0; ///< index in Audit::cells()
    Answer label = answer::kNone;
    /// Order AB [0] and BA [1], in run-number order (the audit's row order). Rows without an order are left
    /// out, as the trust metrics ignore them (T0).
    std::vector<FlipRun> runs[2];
    /// T1: modal verdict of each order among its answered runs; kNone when none answered or the mode is tied.
    Answer modal[2] = {answer::kNone, answer::kNone};
    FlipDrop dropped = FlipDrop::Retained;
    /// T3: P_i = 0, the two orders have no common modal verdict. Retained pairs only (false when dropped).
    bool flipped = false;
    /// T2: N_i = 0, some order's answered runs disagree. Retained pairs only; false with one run per order.
    bool unstable = false;
    /// The item has a label and at least one answered run (either order, retained or dropped pair) gave
    /// another verdict. For a retained pair: its T4 accuracy is below 1.
    bool wrong = false;

    bool retained() const { return dropped == FlipDrop::Retained; }
};

/// Counts over a list of FlipItems (the inspector's header line).
struct FlipCounts {
    std::size_t items = 0;    ///< all pairwise item runs listed
    std::size_t retained = 0; ///< the row's `pairs`
    std::size_t flipped = 0;  ///< = round(phi * retained)
    std::size_t unstable = 0; ///< = round((1 - C_pair) * retained)
    std::size_t wrong = 0;
    std::size_t dropped = 0;
};

/// The pairwise item runs of `cells` (indices into Audit::cells(), e.g. TrustView::rowCells[row]), cell by
/// cell in the given order and item-run order within a cell. Binary and ordinal items are left out.
/// Precondition: every index < audit.cells().size().
std::vector<FlipItem> inspectFlips(const Audit& audit, std::span<const std::uint32_t> cells);

FlipCounts countFlips(std::span<const FlipItem> items);

/// Agreement of one verdict with `label` (see LabelAgreement).
LabelAgreement labelAgreement(Answer verdict, Answer label);
/// Agreement of one order's runs: Disagrees if any answered run disagrees, Agrees if every answered run
/// agrees (and at least one answered), Unknown otherwise.
LabelAgreement labelAgreement(std::span<const FlipRun> runs, Answer label);

} // namespace tribunal
