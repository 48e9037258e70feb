#pragma once
// The counts tribunal-judge-sim (judgesimserver.h) keeps of chat-completions requests and serves at
// /v1/stats and /v1/stats/bodies: received, answered, faults and refusals by kind, answers per model, and
// per exact body (by SHA-256) how often it was received and answered. Answers per body are the simulated
// judge's k (the run index of an identical request).
//
// Not thread-safe: used from the server's thread only.

#include "judgesimconfig.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <map>

namespace tribunal {

class SimStats {
public:
    /// A chat request arrived; `bodyHash` is the raw SHA-256 of its body, empty when the body was never read
    /// (refused for its size), which then counts in no body.
    void countReceived(const QByteArray& bodyHash);
    /// A chat request was refused with HTTP `status` (400, 404, 413).
    void countRefused(int status);
    /// A chat request got `fault` (not None).
    void countFault(JudgeSimFault fault);
    /// A chat request with body `bodyHash` was answered by `model`.
    void countAnswered(const QByteArray& bodyHash, const QString& model);

    /// Answers the body with hash `bodyHash` has had so far (0 for an unknown body).
    qint64 answersOf(const QByteArray& bodyHash) const;

    /// {received, answered, faults: {429, 500, timeout, malformed}, refused: {status: n}, bodies,
    /// max_answers_per_body, models: {id: answered} (every id of `models`, 0 when none), items: `items`}.
    QJsonObject toJson(const std::map<QString, JudgeSimModel>& models, int items) const;
    /// {bodies: [{sha256 (hex), received, answered}, ...]} sorted by hash.
    QJsonObject bodiesJson() const;

private:
    struct BodyCount {
        qint64 received = 0, answered = 0;
    };
    std::map<QByteArray, BodyCount> m_bodies; // by raw SHA-256
    std::map<QString, qint64> m_answeredByModel;
    std::map<QString, qint64> m_faults, m_refused;
    qint64 m_received = 0, m_answered = 0;
};

} // namespace tribunal
