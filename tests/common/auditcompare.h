#pragma once
// Comparing two audits completely, for tests of importers, exporters and the project file: "the round trip
// is lossless" and "the failed import left the audit as it was" both mean compareAudits(a, b) == "".
// No Qt; link tests/common/auditcompare.cpp into the test.

#include "model/audit.h"

#include <string>

namespace tribunal::test {

/// Compares `a` and `b` field by field and returns the first difference, or "" when they are equal:
///   1. every item in row order: dataset, item_id, kind, label, every ItemText field (extra included),
///      levels, ratings (rater and value);
///   2. every judgment in import order: its item (by dataset/item_id), judge, format, condition (as text),
///      order, rep, answer, raw, error, test, version, variant, cue_on, extra, confidence, cost_usd,
///      latency_s, tokens_in, tokens_out, probabilities (option and value);
///   3. the snapshot's structure: the row of each judgment in import order, condition keys in order, and
///      the cells (key and row ranges).
/// Strings compare by text, not id (so differently interned audits can be equal); doubles bit for bit (any
/// NaN equals any NaN). A difference reads `<where>: <field>: <a> != <b>`, e.g.
/// `judgment #3 (d/1, judge j): answer: "A" != "B"` or `audit: judgment count: 15 != 0`.
std::string compareAudits(const Audit& a, const Audit& b);

} // namespace tribunal::test
