#pragma once
// Fixtures of the judging tests: pairwise items whose texts a simulated judge can find in a prompt, design
// and simulator configurations, and reading a run's project back.

#include "judging/auditdesign.h"
#include "model/audit.h"

#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace tribunal::test {

/// `n` pairwise items of dataset `dataset` as JSONL item lines: item_id "q0000".., a question and two
/// responses with unique marker words (no response text occurs inside another), labels A, B, A, ...
QByteArray pairwiseItemsJsonl(int n, const QString& dataset);

/// `n` pairwise items like pairwiseItemsJsonl's, but every `copies` consecutive items share their question
/// and both responses (item ids stay distinct): real benchmarks hold such duplicates, and their requests are
/// byte-identical.
QByteArray duplicateTextItemsJsonl(int n, int copies, const QString& dataset);

/// A count from tribunal-judge-sim's --stats-file ("answered", "received", "bodies"); -1 when unreadable.
int simStat(const QString& statsFile, const char* key);

/// A judge configuration object for the simulator at `baseUrl`, model id = `name`.
QJsonObject simJudgeJson(const QString& name, const QString& baseUrl, int inFlight = 8);

/// A design object: items file, judges, formats, both orders, `runs` runs.
QJsonObject designJson(const QString& itemsFile, const QList<QJsonObject>& judges, const QStringList& formats,
                       int runs);

/// Starts tribunal-judge-sim (`program`, with `arguments`) in `sim` and returns the base URL it prints
/// ("http://127.0.0.1:N/v1"), or an empty string when it did not start or print one within 30 s.
QString startJudgeSim(QProcess& sim, const QString& program, const QStringList& arguments);

/// Writes a simulator configuration for one model (`model`, accuracy 0.8, `latencyMs`, `seed`) into `dir`
/// and starts tribunal-judge-sim (`program`) on `items` at port 0 (with `--stats-file statsFile` when not
/// empty); returns its base URL as startJudgeSim() does.
QString startLatencySim(QProcess& sim, const QString& program, const QString& dir, const QString& items,
                        const QString& model, int latencyMs, int seed, const QString& statsFile = {});

/// The judgments of a project as ProjectFile::open reads them (it refuses a project holding one judgment
/// twice): their number, or -1 with *error when the project does not open.
int projectJudgmentCount(const QString& projectPath, QString* error);

/// The request hashes of the judgments in a project (judgments.extra request_hash), in seq order; empty on
/// failure.
QStringList projectRequestHashes(const QString& projectPath);

} // namespace tribunal::test
