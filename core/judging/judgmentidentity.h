#pragma once
// Which judgments of an audit design a project already holds, and which a run sends (issue 8 "Resuming";
// docs/judging.md). A judgment is known by its identity (judgmentKey(): item, judge, format, condition,
// order, run, bias fields), not by the bytes of its request, so
//   - two items with identical texts are two judgments (their requests are byte-identical);
//   - an edit of the design that does not change what is asked (the server's host spelled another way,
//     another max_tokens, prices, limits, retries) sends nothing again;
//   - an edit that does change it (model, temperature, reasoning effort, log-probabilities, the prompt) is
//     found by comparing the recorded ask hash (chatrequest.h askHash()) with the design's: the run is
//     refused with what changed (ResumePlan::refusal()), unless the caller asked to buy those judgments
//     again (ResumeOptions::rerunChanged), when each new row replaces the recorded one. A change that
//     should be kept beside the old judgments belongs in the design's conditions (a new identity).
// Rows without an ask hash (imported, or written before ask hashes existed) count as recorded as they are:
// their cost is unknown and nothing proves them stale, so they are kept and counted (unverified).
//
// ResumePlan is plain data filled on one thread (the run's preparing thread, or a batch writer); not
// thread-safe.

#include "auditdesign.h"
#include "io/project/projectrunlog.h"
#include "model/audit.h"

#include <QString>

#include <cstdint>
#include <map>
#include <vector>

namespace tribunal {

/// The identity columns of `task`'s judgment row (item row `projectItemRow`, judge, format, condition,
/// order, run, and with bias versions in the design variant original / perturbed with test, version and
/// cue_on); every other field is left empty.
RunJudgmentRow identityRowOf(const AuditDesign& design, const DesignTask& task, std::int64_t projectItemRow);

struct ResumeOptions {
    bool retryFailed = true;   ///< send judgments recorded as failed for good again
    bool rerunChanged = false; ///< buy judgments whose recorded ask differs from the design's again
};

/// What a run does with one task of the design.
struct ResumeDecision {
    bool send = true;
    std::int64_t replacesSeq = 0; ///< > 0: the recorded row the new one replaces
};

class ResumePlan {
public:
    /// `projectRow` maps the items audit's rows to the project's (projectRowsOfDesign()).
    ResumePlan(const AuditDesign& design, const Audit& items, const std::vector<std::int64_t>& projectRow,
               const ProjectRunLog::Recorded& recorded, ResumeOptions options);

    /// Whether to send `task`, and which row its judgment replaces. Hashes the task's first request only when
    /// the project holds a judgment of its identity with an ask hash.
    ResumeDecision decide(const DesignTask& task);

    std::uint64_t alreadyRecorded() const { return m_alreadyRecorded; } ///< tasks not sent
    std::uint64_t unverified() const { return m_unverified; } ///< of those, recorded without an ask hash
    std::uint64_t rerun() const { return m_rerun; }           ///< changed judgments sent again (rerunChanged)
    std::uint64_t changed() const { return m_changedTotal; }  ///< changed judgments not sent (refused)

    /// Empty unless changed() > 0: "<project>: <n> recorded judgments of judge '<name>' (<what changed>), ...
    /// were asked otherwise than this design asks them". What changed names the judge settings that differ
    /// from the judges table's recorded configuration (model, temperature, reasoning_effort, logprobs), or
    /// the prompt when none does. Callers add what they did not do and how to go on.
    QString refusal(const QString& projectPath) const;

private:
    const AuditDesign& m_design;
    const Audit& m_items;
    const std::vector<std::int64_t>& m_projectRow;
    const ProjectRunLog::Recorded& m_recorded;
    ResumeOptions m_options;
    std::uint64_t m_alreadyRecorded = 0, m_unverified = 0, m_rerun = 0, m_changedTotal = 0;
    std::map<int, std::uint64_t> m_changed; ///< by judge index
};

/// True for a message made by ResumePlan::refusal() (possibly with more text after it).
bool isAskChangeRefusal(const QString& message);

} // namespace tribunal
