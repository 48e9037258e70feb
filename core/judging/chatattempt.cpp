// SPDX-License-Identifier: GPL-3.0-or-later
#include "chatattempt.h"

#include "redaction.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTimer>

#include <curl/curl.h>

#include <algorithm>
#include <cmath>

namespace tribunal {
namespace {

/// Proxies come from the environment as curl reads them, but the loopback host is always reached directly (a
/// local model server or simulator behind a proxy setting meant for the internet): no_proxy (or NO_PROXY)
/// with localhost, 127.0.0.1 and ::1 added; a lone "*" (no proxy at all) stays as it is.
const QByteArray& noProxyList()
{
    static const QByteArray list = [] {
        QByteArray fromEnv = qgetenv("no_proxy");
        if (fromEnv.isEmpty())
            fromEnv = qgetenv("NO_PROXY");
        if (fromEnv.trimmed() == "*")
            return QByteArrayLiteral("*");
        return (fromEnv.isEmpty() ? QByteArray() : fromEnv + ',') +
               QByteArrayLiteral("localhost,127.0.0.1,::1");
    }();
    return list;
}

constexpr qsizetype kServerMessageChars = 300;

// The server's own explanation of an error response, the key removed and then shortened (redaction.h: in
// this order, so an echo across the cut is caught): {"error": {"message": ...}} or the text.
QString serverMessage(const QByteArray& body, const QByteArray& key)
{
    const QJsonObject json = QJsonDocument::fromJson(body).object();
    QString message =
        json.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
    if (message.isEmpty())
        message = QString::fromUtf8(body).simplified();
    return redactedText(message, key, kServerMessageChars);
}

// A header value a server sent, fit for an error message: Latin-1, one line, the key removed, at most 100
// characters.
QString headerText(const QByteArray& value, const QByteArray& key)
{
    return redactedText(QString::fromLatin1(value).simplified(), key, 100);
}

// curl's codes for a TLS handshake that failed, the certificate's verification included: not retried.
bool isTlsError(CURLcode code)
{
    switch (code) {
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ENGINE_SETFAILED:
    case CURLE_SSL_ENGINE_INITFAILED:
    case CURLE_SSL_CLIENTCERT:
        return true;
    default:
        return false;
    }
}

// The server closed the connection before its response was complete: nothing at all, or fewer body bytes
// than its Content-Length or chunked framing announced.
bool isClosedEarly(CURLcode code)
{
    return code == CURLE_GOT_NOTHING || code == CURLE_PARTIAL_FILE;
}

static_assert(CURL_ERROR_SIZE <= 256, "ChatAttempt::m_curlError is too small");

} // namespace

struct ChatAttempt::Callbacks {
    // C callbacks: nothing may throw through curl; a failed allocation ends the transfer like a refusal.
    static size_t header(char* data, size_t size, size_t count, void* attempt)
    {
        try {
            return static_cast<ChatAttempt*>(attempt)->onHeaderLine(data, size * count) ? size * count : 0;
        } catch (...) {
            return 0;
        }
    }

    static size_t body(char* data, size_t size, size_t count, void* attempt)
    {
        try {
            return static_cast<ChatAttempt*>(attempt)->onBody(data, size * count) ? size * count
                                                                                  : CURL_WRITEFUNC_ERROR;
        } catch (...) {
            return CURL_WRITEFUNC_ERROR;
        }
    }
};

ChatAttempt::ChatAttempt(CurlMulti* network, QObject* parent) : QObject(parent), m_network(network) {}

ChatAttempt::~ChatAttempt()
{
    release();
}

void ChatAttempt::start(const QUrl& url, const QByteArray& body, const QByteArray& apiKey, double timeoutS,
                        qint64 maxResponseBytes)
{
    m_key = apiKey;
    m_maxBytes = maxResponseBytes;
    m_timeoutS = timeoutS;
    m_clock.start();
    // Every outcome is reported from the event loop, also the ones known before anything is sent.
    const auto failLater = [this](const QString& error) {
        AttemptResult result;
        result.kind = AttemptResult::Kind::Fatal;
        result.error = redactedText(error, m_key);
        QTimer::singleShot(0, this, [this, result] {
            if (!m_done)
                finish(result);
        });
    };
    if (const QString problem = apiKeyProblem(apiKey); !problem.isEmpty()) {
        // A CR LF in the key would end the Authorization header and start one of the key's choosing; nothing
        // is sent.
        failLater(QStringLiteral("API key refused: the key %1").arg(problem));
        return;
    }
    m_easy = curl_easy_init();
    if (!m_easy || !m_network) {
        release();
        failLater(QStringLiteral("network error: the HTTP client could not be started"));
        return;
    }
    m_url = url.toEncoded();
    m_request = body;
    for (const QByteArray& line :
         {QByteArrayLiteral("Content-Type: application/json"), QByteArrayLiteral("Accept: application/json"),
          // Naming identity keeps a server from compressing: curl would not inflate it (no
          // CURLOPT_ACCEPT_ENCODING), and a few KiB of gzip can inflate to GiB; a compressed answer is
          // refused.
          QByteArrayLiteral("Accept-Encoding: identity"),
          // No "Expect: 100-continue" (curl sends it for large bodies): a server that ignores it would
          // delay every such request by a second.
          QByteArrayLiteral("Expect:"),
          apiKey.isEmpty() ? QByteArray() : QByteArrayLiteral("Authorization: Bearer ") + apiKey}) {
        if (line.isEmpty())
            continue;
        curl_slist* appended = curl_slist_append(m_requestHeaders, line.constData());
        if (!appended) {
            release();
            failLater(QStringLiteral("network error: out of memory"));
            return;
        }
        m_requestHeaders = appended;
    }
    CURL* easy = m_easy;
    curl_easy_setopt(easy, CURLOPT_URL, m_url.constData());
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, long(CURL_HTTP_VERSION_1_1));
    curl_easy_setopt(easy, CURLOPT_POST, 1L);
    curl_easy_setopt(easy, CURLOPT_POSTFIELDS, m_request.constData());
    curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(m_request.size()));
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, m_requestHeaders);
    curl_easy_setopt(easy, CURLOPT_USERAGENT, "tribunal");
    curl_easy_setopt(easy, CURLOPT_NOPROXY, noProxyList().constData());
    // Never follow a redirect: it could carry the key to another host (quality.md, "Network").
    curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(easy, CURLOPT_HTTP_CONTENT_DECODING, 0L);
    // No signals (SIGALRM for DNS timeouts) in a Qt process; the whole attempt, connect and headers included,
    // ends at its timeout.
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, long(std::ceil(timeoutS * 1000.0)));
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, m_curlError.data());
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, &Callbacks::header);
    curl_easy_setopt(easy, CURLOPT_HEADERDATA, this);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &Callbacks::body);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, this);
    if (!m_network->add(easy, [this](int code) { onDone(code); })) {
        release();
        failLater(QStringLiteral("network error: the HTTP client could not start the request"));
    }
}

void ChatAttempt::abort()
{
    m_done = true;
    release();
}

void ChatAttempt::release()
{
    if (m_easy) {
        if (m_network)
            m_network->remove(m_easy); // closes the connection of a response not read to its end
        curl_easy_cleanup(m_easy);
        m_easy = nullptr;
    }
    curl_slist_free_all(m_requestHeaders);
    m_requestHeaders = nullptr;
}

bool ChatAttempt::onHeaderLine(const char* data, std::size_t size)
{
    const QByteArray line = QByteArray(data, static_cast<qsizetype>(size)).trimmed();
    if (line.startsWith("HTTP/")) {
        // A status line starts a response: the first, or the one after an interim 1xx that curl read past.
        // The byte count goes on: endless interim responses are an endless header block.
        m_headers.clear();
        const QList<QByteArray> parts = line.split(' ');
        m_status = parts.size() > 1 ? parts.at(1).toInt() : 0;
    }
    m_headerBytes += static_cast<qint64>(size);
    if (m_headerBytes > std::min(m_maxBytes, kMaxHeaderBytes)) {
        m_headersTooLarge = true;
        return false;
    }
    if (line.isEmpty()) { // the end of a header block
        if (m_status < 100 || m_status >= 200) {
            m_headersComplete = true;
            bool ok = false;
            const qint64 length = header(QByteArrayLiteral("Content-Length")).toLongLong(&ok);
            if (ok && length > m_maxBytes) {
                m_tooLarge = true;
                return false;
            }
        }
        return true;
    }
    if (const qsizetype colon = line.indexOf(':'); colon > 0)
        m_headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
    return true;
}

bool ChatAttempt::onBody(const char* data, std::size_t size)
{
    const qint64 needed = m_body.size() + static_cast<qint64>(size);
    if (needed > m_maxBytes) {
        m_tooLarge = true;
        return false;
    }
    // Grown by hand so that the buffer itself never exceeds the cap (QByteArray would double past it).
    if (needed > m_body.capacity())
        m_body.reserve(static_cast<qsizetype>(std::min(m_maxBytes, std::max(needed, 2 * m_body.capacity()))));
    m_body.append(data, static_cast<qsizetype>(size));
    return true;
}

QByteArray ChatAttempt::header(const QByteArray& name) const
{
    QByteArray value;
    for (const auto& [headerName, headerValue] : m_headers)
        if (headerName.compare(name, Qt::CaseInsensitive) == 0)
            value += (value.isEmpty() ? QByteArray() : QByteArrayLiteral(", ")) + headerValue;
    return value;
}

void ChatAttempt::onDone(int curlCode)
{
    if (m_done)
        return;
    AttemptResult result = classify(curlCode);
    release();
    // Each part in classify() was redacted before it was shortened; this catches what a later change might
    // add.
    result.error = redactedText(result.error, m_key);
    finish(result);
}

AttemptResult ChatAttempt::classify(int curlCode) const
{
    const auto code = static_cast<CURLcode>(curlCode);
    AttemptResult result;
    result.latencyS = static_cast<double>(m_clock.nsecsElapsed()) / 1e9;
    long status = 0;
    curl_easy_getinfo(m_easy, CURLINFO_RESPONSE_CODE, &status);
    // A 1xx is no response: curl reads past it, and one left over means the final response never came.
    result.httpStatus = status >= 200 ? static_cast<int>(status) : 0;
    const QString curlText = redactedText(
        QString::fromUtf8(m_curlError[0] ? m_curlError.data() : curl_easy_strerror(code)), m_key, 300);
    if (m_headersTooLarge || (code == CURLE_OUT_OF_MEMORY && !m_headersComplete)) {
        // curl's only allocation failure a server can provoke before the header block ends is a header line
        // over its 100 KiB limit: a header block over ours.
        result.kind = AttemptResult::Kind::Fatal;
        result.error = QStringLiteral("response headers larger than %1 bytes refused")
                           .arg(std::min(m_maxBytes, kMaxHeaderBytes));
    } else if (m_tooLarge) {
        result.kind = AttemptResult::Kind::Fatal;
        result.error = QStringLiteral("response larger than %1 bytes refused").arg(m_maxBytes);
    } else if (code == CURLE_OPERATION_TIMEDOUT) {
        result.kind = AttemptResult::Kind::Retryable;
        result.error = QStringLiteral("timed out after %1 s").arg(m_timeoutS);
    } else if (result.httpStatus >= 300 && result.httpStatus < 400) {
        result.kind = AttemptResult::Kind::Fatal;
        const QUrl target(QString::fromLatin1(header(QByteArrayLiteral("Location"))));
        result.error = QStringLiteral("HTTP %1: redirect to %2 not followed")
                           .arg(result.httpStatus)
                           .arg(target.host().isEmpty() ? QStringLiteral("another location")
                                                        : redactedText(target.host(), m_key, 100));
    } else if (code != CURLE_OK || result.httpStatus == 0) {
        // No complete response: connection refused, reset or closed mid-response, DNS, TLS handshake
        // (certificate errors included). A response cut short after its status line is no answer, and no
        // "HTTP 200" error either: another attempt may get all of it.
        const bool tls = isTlsError(code);
        result.kind = tls ? AttemptResult::Kind::Fatal : AttemptResult::Kind::Retryable;
        result.httpStatus = 0;
        result.error =
            tls ? QStringLiteral("network error: SSL handshake failed: %1").arg(curlText)
            : isClosedEarly(code)
                ? QStringLiteral("network error: connection closed before the response was complete")
                : QStringLiteral("network error: %1").arg(curlText);
    } else if (result.httpStatus == 200) {
        const QByteArray encoding = header(QByteArrayLiteral("Content-Encoding")).toLower();
        if (!encoding.isEmpty() && encoding != "identity") {
            // The request asked for identity (start()): the body is not inflated, so it cannot be read.
            result.kind = AttemptResult::Kind::Fatal;
            result.error =
                QStringLiteral("response with Content-Encoding %1 refused (identity was asked for)")
                    .arg(headerText(encoding, m_key));
        } else {
            const double latencyS = result.latencyS;
            result = parseCompletion(m_body);
            result.httpStatus = 200;
            result.latencyS = latencyS;
            // The body decides, not its label: many OpenAI-compatible servers send JSON as text/plain or
            // untyped, so Content-Type is not checked. When the body is unreadable, a type that is not JSON
            // says why (an HTML error page from a proxy).
            const QByteArray type = header(QByteArrayLiteral("Content-Type"));
            if (result.kind != AttemptResult::Kind::Answered && !type.isEmpty() &&
                !type.toLower().contains("json"))
                result.error += QStringLiteral(" (Content-Type: %1)").arg(headerText(type, m_key));
        }
    } else {
        const bool retryable =
            result.httpStatus == 429 || result.httpStatus == 408 || result.httpStatus >= 500;
        result.kind = retryable ? AttemptResult::Kind::Retryable : AttemptResult::Kind::Fatal;
        result.error = QStringLiteral("HTTP %1: %2").arg(result.httpStatus).arg(serverMessage(m_body, m_key));
        result.retryAfterS =
            parseRetryAfter(header(QByteArrayLiteral("Retry-After")), QDateTime::currentDateTimeUtc());
    }
    return result;
}

void ChatAttempt::finish(const AttemptResult& result)
{
    m_done = true;
    emit finished(result);
}

double ChatAttempt::parseRetryAfter(const QByteArray& value, const QDateTime& now)
{
    const QByteArray text = value.trimmed();
    if (text.isEmpty())
        return -1.0;
    bool ok = false;
    const double seconds = text.toDouble(&ok);
    if (ok)
        return seconds >= 0 && std::isfinite(seconds) ? seconds : -1.0;
    // HTTP date (RFC 9110 IMF-fixdate): "Sun, 06 Nov 1994 08:49:37 GMT".
    const QDateTime local =
        QLocale::c().toDateTime(QString::fromLatin1(text), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    if (!local.isValid())
        return -1.0;
    const QDateTime when(local.date(), local.time(), Qt::UTC);
    return std::max(0.0, static_cast<double>(now.msecsTo(when)) / 1000.0);
}

AttemptResult ChatAttempt::parseCompletion(const QByteArray& body)
{
    AttemptResult result;
    result.kind = AttemptResult::Kind::Retryable;
    if (body.isEmpty()) {
        result.error = QStringLiteral("malformed response body: empty");
        return result;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error == QJsonParseError::IllegalUTF8String) {
        result.error = QStringLiteral("malformed response body: not valid UTF-8");
        return result;
    }
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        result.error = QStringLiteral("malformed response body: not a JSON object");
        return result;
    }
    const QJsonObject json = document.object();
    const QJsonArray choices = json.value(QStringLiteral("choices")).toArray();
    const QJsonObject choice = choices.isEmpty() ? QJsonObject() : choices.first().toObject();
    const QJsonValue content =
        choice.value(QStringLiteral("message")).toObject().value(QStringLiteral("content"));
    if (!content.isString()) {
        result.error = QStringLiteral("malformed response body: no choices[0].message.content");
        return result;
    }
    result.kind = AttemptResult::Kind::Answered;
    result.content = content.toString();
    result.logprobContent =
        choice.value(QStringLiteral("logprobs")).toObject().value(QStringLiteral("content")).toArray();
    const QJsonObject usage = json.value(QStringLiteral("usage")).toObject();
    // A count is a whole number >= 0; anything else is "not reported" (a negative count would make a
    // negative cost).
    const auto count = [&usage](const QString& key) {
        const qint64 value = usage.value(key).toInteger(-1);
        return value >= 0 ? value : qint64(-1);
    };
    result.tokensIn = count(QStringLiteral("prompt_tokens"));
    result.tokensOut = count(QStringLiteral("completion_tokens"));
    return result;
}

} // namespace tribunal
