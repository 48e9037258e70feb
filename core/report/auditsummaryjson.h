#pragma once
// JSON form of an AuditSummary: the output of `tribunal-cli info --json` (a stable contract for scripts).

#include "analysis/auditsummary.h"

#include <string>

namespace tribunal {

/// Keys: judgments, items, labelled_items, cells, missing_verdicts, with_raw_output, by_dataset, by_judge,
/// by_format, by_order, by_rep, by_kind (each: name -> {judgments, missing_verdicts}; by_dataset adds items),
/// cost_usd, latency_s, tokens_in, tokens_out, confidence (each: {n, sum, mean, min, max}, null when absent).
std::string auditSummaryJson(const AuditSummary& summary);

} // namespace tribunal
