#pragma once
// T10 variance decomposition (metrics.md): a fixed-effects ANOVA of one cell metric over chosen factors and
// their two-way interactions, with eta^2 = SS_effect / SS_total.
//
// Sums of squares come from least squares on indicator design matrices (Householder QR with column pivoting
// restricted to each term's block, so rank deficiency from missing level combinations is detected per term):
// - Sequential (Type I): SS of a term given all terms before it (factor order, then interactions in pair
// order).
// - Type II: SS(term | every other term that does not contain it), the definition of statsmodels
// anova_lm(typ=2)
//   and car::Anova(type = 2).
// A balanced design (every level combination of all factors present equally often) uses sequential SS, where
// both types agree; any other design uses Type II. The result says which was used.
// Degrees of freedom are rank increments, so an empty interaction cell lowers the term's df instead of
// failing.

#include "analysis/celltable.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tribunal {

enum class SumOfSquaresType { Sequential, TypeII };

struct AnovaOptions {
    /// Factor columns by name (see cellFactorIndex); order fixes the term order and interaction names.
    std::vector<std::string> factors = {"judge", "format", "dataset"};
    bool twoWayInteractions = true;
    CellMeasure response = CellMeasure::T;
    enum class Type { Auto, Sequential, TypeII };
    Type type = Type::Auto; ///< Auto: sequential when balanced, Type II otherwise
};

struct AnovaRow {
    std::string source; ///< factor name, "a:b" for an interaction, "residual" last
    double df = 0;
    double ss = 0;
    double eta2 = kMissing; ///< ss / SS_total; kMissing when SS_total is 0
};

struct AnovaResult {
    SumOfSquaresType type = SumOfSquaresType::Sequential;
    bool balanced = false;
    std::vector<AnovaRow> rows; ///< main effects, then interactions (1:2, 1:3, ..., 2:3, ...), then residual
    double ssTotal = 0;         ///< sum of squared deviations of the response from its mean
    std::size_t observations = 0;   ///< cells with a defined response
    std::size_t droppedMissing = 0; ///< cells left out because the response is undefined (NaN)
};

/// Throws std::invalid_argument for an unknown or repeated factor name or when no cell has a defined
/// response. Pure function; thread-safe.
AnovaResult anova(const CellTable& table, const AnovaOptions& options = {});

} // namespace tribunal
