#pragma once
// User choices of the pairwise trust analysis (../shared/spec/metrics.md, "Pairwise trust", T0-T12).
// Plain data; the defaults are the spec's defaults. Every exported trust table must state the chosen
// consistency unit and q mode (caption or footnote).

namespace tribunal {

/// What C averages over (T2).
enum class ConsistencyUnit {
    Pair,         ///< default: C = mean_i N_i, N_i = 1 when every order of pair i is reproducible
    Presentation, ///< C = share of (pair, order) presentations whose answered runs all agree
};

/// Accuracy assumed on order-flipping (undecisive) pairs in A_max and T (T4-T6).
enum class QMode {
    Half,     ///< default: forced-binary assumption q = 1/2, as in the paper
    Observed, ///< q = mean accuracy over labelled pairs with P_i = 0
};

struct TrustSettings {
    ConsistencyUnit consistencyUnit = ConsistencyUnit::Pair;
    QMode qMode = QMode::Half;
    /// With one answered run per presentation C is not identifiable: it is reported as n/a and T, T_joint and
    /// the failure-map quadrant are left undefined, unless this opt-in is set; then C = 1.
    bool assumeConsistentWhenSingleRun = false;
    /// T11 failure map: consistency is "good" when C >= goodConsistency, order-invariance when
    /// phi <= goodFlipRate (proportions in [0, 1]).
    double goodConsistency = 0.9;
    double goodFlipRate = 0.2;
};

} // namespace tribunal
