#pragma once
// From the answers to one judgment's calls to the judgment row the project stores (projectrunlog.h): parse
// (answerparser.h), combine FLASK calls, map the slot to canonical identities with the order, keep P(A) and
// P(B) from log-probabilities, sum tokens, costs (K11: the judge's prices x usage) and latency, keep the raw
// text, record the bias-test fields, and remove the judge's API key from every text. Shared by the live run
// (runscheduler.h) and the batch-output import (batchfile.h) so both write identical rows.
//
// Pure function; thread-safe.

#include "auditdesign.h"
#include "chatattempt.h"
#include "io/project/projectrunlog.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace tribunal {

struct CallOutcomes {
    std::vector<QString> hashes;        ///< one per call
    QString askHash;                    ///< askHash() of the first call's request (judgmentidentity.h)
    std::vector<AttemptResult> results; ///< one per call (Answered ones are used)
    bool failed = false;                ///< some call failed for good
    QString failure;                    ///< its error
};

/// The row of `task` (project item row `projectItemRow`). A failed judgment gets answer none, the error and
/// run_failure; an unparsable one answer none and error "unparsable answer: <reason>". `apiKey` (may be
/// empty) is replaced by "[redacted]" in raw and error, whole, cut off or encoded (redaction.h).
RunJudgmentRow judgmentRowOf(const AuditDesign& design, const Audit& items, const DesignTask& task,
                             std::int64_t projectItemRow, const CallOutcomes& outcomes,
                             const QByteArray& apiKey);

} // namespace tribunal
