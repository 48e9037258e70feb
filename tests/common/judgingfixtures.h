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

/// A judge configuration object for the simulator at `baseUrl`, model id = `name`.
QJsonObject simJudgeJson(const QString& name, const QString& baseUrl, int inFlight = 8);

/// A design object: items file, judges, formats, both orders, `runs` runs.
QJsonObject designJson(const QString& itemsFile, const QList<QJsonObject>& judges, const QStringList& formats,
                       int runs);

/// Starts tribunal-judge-sim (`program`, with `arguments`) in `sim` and returns the base URL it prints
/// ("http://127.0.0.1:N/v1"), or an empty string when it did not start or print one within 30 s.
QString startJudgeSim(QProcess& sim, const QString& program, const QStringList& arguments);

/// The request hashes of the judgments in a project (judgments.extra request_hash), in seq order; empty on
/// failure.
QStringList projectRequestHashes(const QString& projectPath);

} // namespace tribunal::test
