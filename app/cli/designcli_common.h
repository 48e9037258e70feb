#pragma once
// What the commands that read an audit design share (run, plan, batch): loading the design and its items,
// and printing the design's size and estimate.

#include "judging/auditdesign.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <ostream>

namespace tribunal::cli {

struct LoadedDesign {
    AuditDesign design;
    AuditPtr items; ///< the audit the design's item files load into
};

/// Reads the design file and loads its items. On failure prints the reason to stderr and returns nullopt
/// with *exitCode set (kBadInput for a bad design, the loader's code for the items).
std::optional<LoadedDesign> loadDesign(const QString& path, int* exitCode);

/// USD as "$0.0123" (4 decimals below $1, else 2).
QString usdText(double usd);

/// "design: N items x J judges x F formats -> ... judgments, ... requests", the estimate line and one line
/// per judge.
void printDesignEstimate(const AuditDesign& design, const DesignEstimate& estimate, std::ostream& out);

/// Resuming (core/judging/judgmentidentity.h), printed to stderr as "note: ...": after a refusal because
/// recorded judgments were asked otherwise, how to go on (a condition, or --rerun); and how many recorded
/// judgments carry no ask hash and are kept as they are.
void printRerunHint();
void printUnverifiedNote(std::uint64_t judgments);

} // namespace tribunal::cli
