#pragma once
// Small hand-built rubric audits for tests: one binary or ordinal item per RubricPairSpec in one panel, with
// its raters' ratings and the runs of one judge "j" in format "f". No Qt; link tests/common/rubricaudits.cpp.

#include "model/audit.h"

#include <string>
#include <utility>
#include <vector>

namespace tribunal::testing {

struct RubricPairSpec {
    std::string unit, criterion;
    TaskKind kind = TaskKind::Ordinal;
    int levels = 0;                   ///< level texts "level 1".."level K" (0: none given)
    std::vector<Answer> ratings = {}; ///< rater r1, r2, ...; answer::kNone = that rater gave none
    std::vector<Answer> runs = {};    ///< judge "j", format "f", reps 1, 2, ...
    Answer label = answer::kNone;     ///< the item's own label (R1 uses it when there are no ratings)
    std::vector<Answer> testRuns =
        {}; ///< judge "j", format "f" under bias test "verbosity" (perturbed), reps 1..
};

/// Items "<unit>/<criterion>" of panel `panel`, in spec order; every judge run carries `condition` (key,
/// value pairs; empty: no condition). Never null (throws std::runtime_error when the build fails).
AuditPtr buildRubricAudit(const std::vector<RubricPairSpec>& pairs, const std::string& panel = "panel",
                          const std::vector<std::pair<std::string, std::string>>& condition = {});

/// The item row of "<unit>/<criterion>" in panel `panel` (throws std::runtime_error when absent).
std::uint32_t rubricItem(const Audit& audit, const std::string& unit, const std::string& criterion,
                         const std::string& panel = "panel");

} // namespace tribunal::testing
