#pragma once
// Fixtures of the tribunal-judge-sim tests (tst_judgesim, tst_judgesimhttp): the items the simulator is
// loaded with, chat-completions bodies, requests through QNetworkAccessManager and over raw sockets, and a
// test base that loads the items and starts servers on 127.0.0.1 (port 0).

#include "judging/judgesimconfig.h"
#include "judging/judgesimserver.h"
#include "judging/promptformat.h"
#include "judging/promptitems.h"
#include "model/audit.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QString>
#include <QTcpSocket>
#include <QTemporaryDir>

#include <cstddef>
#include <memory>

namespace tribunal::test {

constexpr int kPairs = 400; // pairwise items of the rate test

/// Pairwise items "p0".."p399" (labels A, B, A, ...) with marker words so no text occurs inside another, plus
/// edge items: "nested" (response A inside response B), a binary and an ordinal rubric item.
QByteArray itemsJsonl();

/// A simulated judge with accuracy `a`, position bias `b` and consistency `k` (other settings default).
JudgeSimModel model(double a, double b, double k);

/// The chat-completions body the judging pipeline sends for `item` in `format`, `order` (call `call` of a
/// FLASK judgment), with the format's suggested max_tokens.
QByteArray body(const QString& modelId, PromptFormat format, const PromptItem& item, Order order,
                int call = 0, bool logprobs = false);

struct Reply {
    int status = 0;
    QByteArray body;
    QByteArray retryAfter;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QString content() const
    {
        return json()
            .value(QLatin1String("choices"))
            .toArray()
            .at(0)
            .toObject()
            .value(QLatin1String("message"))
            .toObject()
            .value(QLatin1String("content"))
            .toString();
    }
};

/// Status, body, Retry-After and error of a finished `reply` (deleted later).
Reply finish(QNetworkReply* reply);
/// POST `data` to `baseUrl`/chat/completions and wait (at most 20 s) for the reply.
Reply post(QNetworkAccessManager& nam, const QString& baseUrl, const QByteArray& data);
/// GET `url` and wait (at most 20 s) for the reply.
Reply get(QNetworkAccessManager& nam, const QString& url);

// One HTTP response read from a raw socket: status and body (by Content-Length). Status 0 when nothing
// complete arrived within `waitMs`.
struct RawResponse {
    int status = 0;
    QByteArray head, body;
};

RawResponse readRaw(QTcpSocket& socket, QByteArray& buffer, int waitMs = 10000);

/// A raw HTTP/1.1 chat-completions POST of `data` to 127.0.0.1:`port`.
QByteArray rawRequest(const QByteArray& data, quint16 port);

/// `slot` in canonical terms (as if shown in order AB).
Answer canonicalOf(Answer slot, Order order);

/// Base of the judge-sim test classes: the items file in a temporary folder, its audit, and servers on it.
class JudgeSimFixture {
protected:
    /// Writes itemsJsonl() and loads it; call from initTestCase (failures are the test case's).
    void loadItems();
    /// The audit row of item `itemId` (0 when there is none).
    std::size_t row(const char* itemId) const;
    PromptItem item(const char* itemId) const;
    /// A server on the loaded audit listening on 127.0.0.1, a free port.
    std::unique_ptr<JudgeSimServer> start(JudgeSimConfig config);

    QTemporaryDir m_dir;
    QString m_items;
    AuditPtr m_audit;
};

} // namespace tribunal::test
