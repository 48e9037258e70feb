#pragma once
// A synthetic pairwise audit of any size, for benchmarks and scale tests (`tribunal-cli simulate audit`).
// Labelled as simulated: every dataset name starts with "sim-".
//
// Shape: 6 judges x 5 formats x 4 datasets = 120 cells; every item is judged in both orders, `runs` times.
// Each cell draws (from the seed) an accuracy a in [0.60, 0.92], a first-slot bias b in [0, 0.30] and a run
// noise e in [0, 0.15]. Per item and cell the judge's settled verdict is right with probability a; per item,
// cell and order it instead names the first-shown slot with probability b; per run the verdict is redrawn
// uniformly from {A, B} with probability e. 0.5% of calls fail (verdict none). Every judgment has prob_a,
// cost_usd and latency_s; 10% keep a short raw rationale. Deterministic for (judgments, runs, seed).

#include "model/audit.h"

#include <cstdint>

namespace tribunal {

struct AuditSimulation {
    std::uint64_t judgments = 1'000'000; ///< exact number of judgments produced
    int runs = 10;                       ///< runs per (item, order), >= 1
    std::uint64_t seed = 20261129;
};

AuditPtr simulateAudit(const AuditSimulation& settings);

} // namespace tribunal
