#pragma once
// The texts of an audit's item as a PromptItem (promptformat.h).

#include "model/audit.h"
#include "promptformat.h"

#include <cstddef>

namespace tribunal {

/// Item `row` of `audit` (kind, dataset, question / responses or input / submission / criterion / levels).
/// Thread-safe (reads the immutable audit).
PromptItem promptItemOf(const Audit& audit, std::size_t row);

} // namespace tribunal
