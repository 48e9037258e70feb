#pragma once
// Small hand-built bias-test audits (seed 001 designs) for tests: one pairwise item per BiasItemSpec, its two
// original runs (variant original, no test, order AB, reps 1 and 2) and its perturbed judgment (variant
// perturbed, the row's test / version / cue, order AB, rep 1). No Qt; link tests/common/biasaudits.cpp.

#include "model/audit.h"

#include <string>
#include <vector>

namespace tribunal::testing {

/// Verdicts as one character each: 'A', 'B', 'T' (tie), '-' (none: no verdict), ' ' (judgment absent).
/// Probabilities P(A) in [0, 1], or negative for "not given".
struct BiasItemSpec {
    std::string itemId;
    char label = 'A'; ///< 'A', 'B' or ' ' (no label)
    char o1 = 'A', o2 = 'A', p = 'A';
    double pA1 = -1, pA2 = -1, pAp = -1; ///< P(A) of original run 1, run 2, perturbed
};

struct BiasRowSpec {
    std::string judge = "J1";
    std::string format = "calm";
    std::string test = "bandwagon";
    std::string version;
    std::string cue = "worse"; ///< "better", "worse" or ""
    std::string dataset = "d";
    std::vector<BiasItemSpec> items;
};

/// Builds the audit of `rows`. Items are shared between rows by (dataset, itemId): their originals are added
/// once per (judge, format, item) (the first row's spec wins). Never null.
AuditPtr buildBiasAudit(const std::vector<BiasRowSpec>& rows);

/// The eight items of ../shared/spec/examples.md section 3 (RR 5/8, CR 7/8, E 1/4), labels all 'A'.
std::vector<BiasItemSpec> examplesSection3Items();

} // namespace tribunal::testing
