// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One HTTP attempt of a chat-completions call (quality.md, "Network"): POST the body, enforce the attempt's
// timeout (from sending to the last byte, so a server that trickles bytes cannot hold a slot for ever) and
// the response-size cap (on the bytes received: the request asks for Accept-Encoding identity, so Qt inflates
// nothing, and a compressed response is refused), refuse redirects (a key must never follow a redirect to
// another host), and classify the outcome so the scheduler knows whether to retry. TLS verification stays at
// Qt's default (on). The Content-Type of a 200 is not checked (the body must be a completion whatever its
// label); a response cut short is a transport error, never an answer. tst_hostileserver tries each of these.
//
// The API key goes into the Authorization header of the request only; no error text this class produces
// contains a request header, and every part of an error that a server sent (its message, a Content-Type, a
// redirect's host, Qt's error string) has the key removed before it is shortened (redaction.h). A key that is
// not visible ASCII is refused without sending anything (a CR LF in it would inject a header). A header block
// over kMaxHeaderBytes is refused once Qt has parsed it; the timer covers the header phase too, so an
// endless header block times out. An interim 1xx response other than 100 Continue fails for good: Qt 6.4
// ends the reply there and drops the final response (docs/judging.md, "Network safety").
//
// Lives on the thread that created it (QNetworkAccessManager's rule); emits finished() exactly once, unless
// abort() is called first, after which it emits nothing.

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

namespace tribunal {

struct AttemptResult {
    enum class Kind {
        Answered, ///< HTTP 200 with choices[0].message.content
        /// 429, 408, 5xx, timeout, transport error (also a response cut short), malformed 200 body
        Retryable,
        /// other 4xx, redirects, TLS failures, an over-size or compressed response: retrying cannot help
        Fatal,
    };
    Kind kind = Kind::Fatal;
    int httpStatus = 0; ///< 0 when no HTTP response arrived
    QString error;      ///< why, when not Answered ("HTTP 500: <server message>", "timed out after 2 s")
    double retryAfterS = -1.0;            ///< the server's Retry-After in seconds, -1 when none
    QString content;                      ///< the answer text
    QJsonArray logprobContent;            ///< choices[0].logprobs.content, when present
    qint64 tokensIn = -1, tokensOut = -1; ///< usage, -1 when not reported
    double latencyS = 0.0;
};

class ChatAttempt : public QObject {
    Q_OBJECT
public:
    /// A response's header block larger than this (or than the response cap, when smaller) is refused.
    static constexpr qint64 kMaxHeaderBytes = 64 * 1024;

    ChatAttempt(QNetworkAccessManager* network, QObject* parent = nullptr);

    /// Sends `body` to `url` with `apiKey` as bearer token (none when empty). `timeoutS` > 0;
    /// `maxResponseBytes` > 0.
    void start(const QUrl& url, const QByteArray& body, const QByteArray& apiKey, double timeoutS,
               qint64 maxResponseBytes);
    /// Stops the attempt; finished() will not be emitted.
    void abort();

    /// Parses a Retry-After header: delta seconds or an HTTP date (relative to `now`); -1 when absent or bad.
    static double parseRetryAfter(const QByteArray& value, const QDateTime& now);
    /// Classifies a complete 200 body: Answered with content/logprobs/usage, or Retryable "malformed response
    /// body: <why>".
    static AttemptResult parseCompletion(const QByteArray& body);

signals:
    void finished(const tribunal::AttemptResult& result);

private:
    void onMetaData();
    void onReadyRead();
    void onFinished();
    void finish(const AttemptResult& result);
    /// True when fewer bytes came than the response's Content-Length announced.
    bool cutShort() const;

    QNetworkAccessManager* m_network;
    QPointer<QNetworkReply> m_reply;
    QTimer m_timeout;
    QElapsedTimer m_clock;
    QByteArray m_body;
    QByteArray m_key; ///< to redact it from error texts (redaction.h); sent only in the Authorization header
    qint64 m_maxBytes = 0;
    double m_timeoutS = 0.0;
    bool m_timedOut = false;
    bool m_tooLarge = false;
    bool m_headersTooLarge = false;
    bool m_done = false;
};

} // namespace tribunal
