#pragma once
// tribunal-judge-sim's server (docs/judge-simulator.md): a local OpenAI-compatible chat-completions endpoint
// that answers as a simulated LLM judge, so audit designs can be dry-run and the judging pipeline tested
// without a real model.
//
// Routes (base path /v1): POST /v1/chat/completions, GET /v1/stats, GET /v1/stats/bodies, GET /v1/models.
// A request is matched to an item of the loaded audit by the texts in its last user message (pairwise: both
// responses, the order from which comes first; rubric: submission + criterion), its format by
// formatOfPrompt, its judge by `model` (the configuration's models). Pairwise answers follow simJudgeAnswer
// (simjudgemodel.h) with draws that make the trust analysis recover expectedTrustRates:
//   settled draw  = hash(seed, model, dataset, item id)
//   position draw = hash(seed, model, dataset, item id, order)
//   run draw      = hash(seed, SHA-256 of the exact body, k), k = answers this exact body has had before
//                   (FLASK: the body is replaced by (model, dataset, item id, order, cue) so the four
//                   criterion calls of one judgment answer the same slot; their k is the same as they are
//                   sent alike)
// A prompt carrying a bias cue (cueOfPrompt) is answered with the cued slot with probability cue_effect
// (drawn per answer, like the run draw). Faults (429 / 500 / timeout / malformed) are drawn per accepted
// request from a stream of their own (hash(seed, request number)); faulted requests are not answered and
// do not advance k.
//
// HTTP/1.1 with Content-Length bodies, keep-alive, requests split across packets; one request at a time per
// connection (the run client, libcurl over HTTP/1.1, does not pipeline). Listens on 127.0.0.1 only.
//
// The parts: HTTP framing in simhttpreader.h / simhttpresponse.h, the item index and matching in
// simitemindex.h, the answers, faults and latency in simanswers.h; this class wires sockets, routes and
// stats.
//
// Lives in and must be used from one thread (the one running its event loop).

#include "judgesimconfig.h"
#include "model/audit.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <memory>

class QTcpServer;
class QTcpSocket;

namespace tribunal {

struct SimHttpRequest;

class JudgeSimServer : public QObject {
    Q_OBJECT
public:
    /// Indexes the items of `audit` (null = no items: every chat request is then unmatched). Pairwise items
    /// need both responses, rubric items a submission, criterion or input; others are not indexed.
    JudgeSimServer(JudgeSimConfig config, AuditPtr audit, QObject* parent = nullptr);
    ~JudgeSimServer() override;

    /// Listens on 127.0.0.1:`port` (0 = a free port). False with *error set when it cannot.
    bool listen(quint16 port, QString* error);
    quint16 port() const;
    /// "http://127.0.0.1:<port>/v1"
    QString baseUrl() const;

    const JudgeSimConfig& config() const { return m_config; }
    /// Items a request can be matched to.
    int indexedItems() const;

    /// When not empty, the stats JSON is written to `path` (atomically: temp file + rename) after every
    /// chat-completions request's outcome (answer, fault or refusal).
    void setStatsFile(const QString& path) { m_statsFile = path; }
    /// Writes the stats file now (no-op returning true when none is set).
    bool writeStatsFile(QString* error) const;

    /// {received, answered, faults: {429, 500, timeout, malformed}, refused: {400, 404, 413, ...}, bodies,
    /// max_answers_per_body, models: {id: answered}, items}. Counts chat-completions requests only.
    QJsonObject stats() const;
    /// {bodies: [{sha256, received, answered}, ...]} sorted by hash.
    QJsonObject bodyStats() const;

signals:
    /// After each chat-completions request got its outcome (answer, fault or refusal; a timeout fault counts
    /// when it is decided, since it never answers).
    void chatRequestHandled();

private:
    struct Impl;
    struct Connection;

    void onNewConnection();
    void onReadyRead(QTcpSocket* socket);
    void processBuffer(QTcpSocket* socket);
    void handle(QTcpSocket* socket, const SimHttpRequest& request);
    void handleChat(QTcpSocket* socket, const SimHttpRequest& request);
    void answerChat(QTcpSocket* socket, const QByteArray& body, bool keepAlive);
    void send(QTcpSocket* socket, int status, const QByteArray& body, bool keepAlive,
              const QByteArray& extraHeaders = {});
    void sendError(QTcpSocket* socket, int status, const QString& type, const QString& code,
                   const QString& message, bool keepAlive, const QByteArray& extraHeaders = {});
    void finishChat();

    JudgeSimConfig m_config;
    std::unique_ptr<Impl> m_impl;
    QTcpServer* m_server = nullptr;
    QString m_statsFile;
};

} // namespace tribunal
