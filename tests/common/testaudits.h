#pragma once
// Small hand-built audits for tests (a base audit an import must leave alone, an audit an exporter refuses).
// No Qt; link tests/common/testaudits.cpp into the test.

#include "model/audit.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tribunal::test {

/// An audit of one item, `d`/`itemId` of `kind`, and one judgment of it by judge `j` (format "", rep 1, order
/// AB for pairwise items, none otherwise) with `answer`, condition `condition` (key, value pairs) and kept
/// unknown fields `extra` (a JSON object text or ""). Built, so never null.
AuditPtr oneJudgmentAudit(TaskKind kind = TaskKind::Pairwise, Answer answer = answer::kA,
                          std::string_view itemId = "1",
                          const std::vector<std::pair<std::string, std::string>>& condition = {},
                          std::string_view extra = {});

} // namespace tribunal::test
