#pragma once
// Multiple-testing adjustments of p-values (../shared/spec/metrics.md "Edge cases" R7; used by B5 and R7).
//
// Both take m p-values in any order and return the adjusted p-values in the same (input) order:
// - Benjamini-Hochberg (false discovery rate): sort ascending; the i-th smallest (1-based) becomes p_(i) m /
// i;
//   take the running minimum from the largest down; cap at 1. Computed as (p * m) / i.
// - Holm (family-wise error rate): the i-th smallest becomes p_(i) (m - i + 1); running maximum from the
//   smallest up; cap at 1.
// These are statsmodels' multipletests(method="fdr_bh") and (method="holm"), the differential reference
// (tests/core/multipletesting_reference.py); BH may differ from it in the last bit, since statsmodels divides
// by i / m instead. Tied p-values get equal adjusted values whatever their order.
// Missing p-values (kMissing, NaN) are not part of the family: m counts the others, and a missing input gives
// a missing output. P-values must otherwise lie in [0, 1] (not checked). Thread-safety: pure functions.

#include <span>
#include <vector>

namespace tribunal {

/// Benjamini-Hochberg adjusted p-values, in input order.
std::vector<double> benjaminiHochberg(std::span<const double> pValues);

/// Holm adjusted p-values, in input order.
std::vector<double> holm(std::span<const double> pValues);

} // namespace tribunal
