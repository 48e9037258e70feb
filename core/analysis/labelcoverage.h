#pragma once
// Which cells have labels to score against. Every accuracy (trust A, A_max, T, T_joint; the rubric
// agreement R2-R6; cascades, juries and confident errors K3-K10; the mitigation replays T12) compares
// answers with the item's label, so a cell whose items carry none leaves those columns empty. That happens
// silently when the labels were in a file that was not imported (the items file beside a Tribunal JSONL
// judgments file): the CLI and the workbench say so, naming the cells, from unlabelledDatasets().
// Thread-safety: pure functions of the immutable audit.

#include "model/audit.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tribunal {

/// Which items of a cell count.
enum class LabelScope : std::uint8_t {
    AllItems,
    PairwiseItems, ///< the trust analyses (T1-T13)
    RubricItems,   ///< binary and ordinal items (R1-R7, K3-K10)
};

/// True when item `item` has something to score against: its own label, or (binary and ordinal items) a
/// rater rating, from which R1 derives the label (a binary tie still counts: the raters did rate it).
bool itemHasLabel(const Audit& audit, std::uint32_t item);

/// The items of one cell within the scope and how many of them have a label (itemHasLabel).
struct CellLabelCoverage {
    std::uint32_t cell = 0; ///< index into Audit::cells()
    std::uint64_t items = 0;
    std::uint64_t labelledItems = 0;
};

/// One entry per cell of the audit, in cell order (cells without items in the scope have items = 0).
std::vector<CellLabelCoverage> labelCoverage(const Audit& audit, LabelScope scope = LabelScope::AllItems);

/// A dataset with cells that have items in the scope but not one labelled item.
struct UnlabelledDataset {
    StrId dataset = kEmptyStr;
    std::vector<std::uint32_t> cells; ///< indices into Audit::cells(), in cell order
};

/// The datasets with such cells, in order of their first cell. Empty when every cell with items has a label
/// (a cell with only some labelled items is not listed: its accuracies are computed on those).
std::vector<UnlabelledDataset> unlabelledDatasets(const Audit& audit, LabelScope scope);

/// A cell as the notes name it: `judge/format` (`judge` when the format is empty), then ` [key=value, ...]`
/// for a condition and ` (test version)` for a bias test (version left out when empty).
std::string labelCellName(const Audit& audit, std::uint32_t cell);

} // namespace tribunal
