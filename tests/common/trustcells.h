#pragma once
// Hand-made pairwise cells for the trust tests: each pair written as its label and one character per run in
// each order (A, B, T = tie, - = none, N = NA abstention; an empty string means the order was never shown).

#include "answerchars.h"
#include "model/audit.h"

#include <vector>

namespace tribunal::testing {

struct PairSpec {
    const char* label; ///< "A", "B", "tie" or "" (no label)
    const char* ab;
    const char* ba;
};

/// One cell per entry of `cells` (judge "J1", "J2", ..., format "F1", dataset "D1"); items are named "p1",
/// "p2", ... when there is one cell and "c<cell>p<n>" otherwise. Runs get reps 1, 2, ... in order.
AuditPtr buildTrustAudit(const std::vector<std::vector<PairSpec>>& cells);

} // namespace tribunal::testing
