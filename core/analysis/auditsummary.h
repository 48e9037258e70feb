#pragma once
// Counts and streaming summaries of an audit: what `tribunal-cli info` prints and the status bar shows.

#include "model/audit.h"

#include <cstdint>
#include <map>
#include <string>

namespace tribunal {

/// Count, sum, mean, min and max of a numeric judgment field over the judgments that have it.
struct NumericSummary {
    std::uint64_t count = 0;
    double sum = 0, mean = kMissing, min = kMissing, max = kMissing;
};

struct GroupCount {
    std::uint64_t judgments = 0;
    std::uint64_t missingVerdicts = 0; ///< answer "none": failed call or unparsable output
};

struct AuditSummary {
    std::uint64_t judgments = 0;
    std::uint64_t items = 0;
    std::uint64_t labelledItems = 0;
    std::uint64_t cells = 0;
    std::uint64_t missingVerdicts = 0;
    std::uint64_t withRaw = 0; ///< judgments that keep the judge's raw output
    // Keys are names (dataset, judge, format), "AB"/"BA"/"" (order) or the rep number as text.
    std::map<std::string, GroupCount> byDataset, byJudge, byFormat, byOrder, byRep, byKind;
    std::map<std::string, std::uint64_t> itemsByDataset;
    NumericSummary costUsd, latencyS, tokensIn, tokensOut, confidence;
};

/// Thread-safety: reads the immutable audit only; may run on any thread.
AuditSummary summarize(const Audit& audit);

} // namespace tribunal
