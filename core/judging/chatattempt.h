// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One HTTP attempt of a chat-completions call (quality.md, "Network"): POST the body, enforce the attempt's
// timeout (from sending to the last byte, headers included, so a server that trickles bytes cannot hold a
// slot for ever) and the response-size cap (on the body's bytes as curl hands them over: the request asks for
// Accept-Encoding identity and curl inflates nothing, so a compressed response is refused), refuse redirects
// (a key must never follow a redirect to another host), and classify the outcome so the scheduler knows
// whether to retry. The transport is libcurl (curlmulti.h), HTTP/1.1 over http or https only, TLS peer and
// host verification on and never relaxed. The Content-Type of a 200 is not checked (the body must be a
// completion whatever its label); a response cut short is a transport error, never an answer. Interim 1xx
// responses (100 Continue, 103 Early Hints) are read past, and the final response is the answer.
// tst_hostileserver tries each of these.
//
// Memory is bounded while the bytes arrive, not after: curl hands the body over in pieces of at most its
// buffer size, and the piece that would pass the cap ends the transfer there (an announced Content-Length
// over the cap ends it once the header block is complete); the header lines are counted as they come, those
// of interim responses included, and more than kMaxHeaderBytes of them (or than the cap, when smaller) end it
// too, as does a single header line over curl's own limit (100 KiB). So an attempt holds at most the cap of
// body plus the header cap, and an endless body, chunked or not, an endless header block or an endless run of
// interim responses is refused at once instead of being read until the timeout.
//
// The API key goes into the Authorization header of the request only; no error text this class produces
// contains a request header, and every part of an error that a server sent (its message, a Content-Type, a
// redirect's host, curl's error text) has the key removed before it is shortened (redaction.h). A key that
// is not visible ASCII is refused without sending anything (a CR LF in it would inject a header).
//
// Lives on the thread of its CurlMulti; emits finished() exactly once, from the event loop (never from inside
// start()), unless abort() is called first, after which it emits nothing.

#include "curlmulti.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QString>
#include <QUrl>

#include <array>

struct curl_slist;

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
    /// Header blocks larger than this in all, interim responses' included (or than the response cap, when
    /// smaller), are refused.
    static constexpr qint64 kMaxHeaderBytes = 64 * 1024;

    /// `network` must outlive the attempt's transfer; an attempt whose CurlMulti is destroyed first never
    /// finishes.
    ChatAttempt(CurlMulti* network, QObject* parent = nullptr);
    ~ChatAttempt() override;
    ChatAttempt(const ChatAttempt&) = delete;
    ChatAttempt& operator=(const ChatAttempt&) = delete;

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
    struct Callbacks; ///< curl's C callbacks (chatattempt.cpp)

    /// One header line of the response as curl passes it (status line and blank line included); false ends
    /// the transfer (a header block over the cap, an announced body over the cap).
    bool onHeaderLine(const char* data, std::size_t size);
    /// A piece of the body; false ends the transfer (the cap would be passed).
    bool onBody(const char* data, std::size_t size);
    void onDone(int curlCode);
    AttemptResult classify(int curlCode) const;
    /// The response header `name` (case-insensitive; repeated headers joined by ", "), "" when absent.
    QByteArray header(const QByteArray& name) const;
    void release();
    void finish(const AttemptResult& result);

    QPointer<CurlMulti> m_network;
    void* m_easy = nullptr; ///< the curl easy handle while the transfer runs (curl's CURL is void)
    curl_slist* m_requestHeaders = nullptr;
    QByteArray m_url, m_request;         ///< curl reads both from here while the transfer runs
    std::array<char, 256> m_curlError{}; ///< CURLOPT_ERRORBUFFER (CURL_ERROR_SIZE)
    QElapsedTimer m_clock;
    QByteArray m_body;
    QList<QPair<QByteArray, QByteArray>>
        m_headers;                  ///< of the response being read (the last 1xx or the final)
    qint64 m_headerBytes = 0;       ///< of every header block so far (interim ones included), as received
    int m_status = 0;               ///< of m_headers' status line
    bool m_headersComplete = false; ///< the final (non-1xx) response's header block ended
    QByteArray m_key; ///< to redact it from error texts (redaction.h); sent only in the Authorization header
    qint64 m_maxBytes = 0;
    double m_timeoutS = 0.0;
    bool m_tooLarge = false;
    bool m_headersTooLarge = false;
    bool m_done = false;
};

} // namespace tribunal
