// SPDX-License-Identifier: GPL-3.0-or-later
#include "chatattempt.h"

#include "redaction.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <cmath>

namespace tribunal {
namespace {

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

// Qt's network-layer errors (codes 1-99: closed, reset, timeout, TLS...) and an HTTP stream it could not
// parse: no complete response. Not the proxy codes (101-199): a 407 is a response.
bool isTransportError(QNetworkReply::NetworkError error)
{
    return (error > QNetworkReply::NoError && error <= QNetworkReply::UnknownNetworkError) ||
           error == QNetworkReply::ProtocolFailure;
}

} // namespace

ChatAttempt::ChatAttempt(QNetworkAccessManager* network, QObject* parent)
    : QObject(parent), m_network(network)
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        m_timedOut = true;
        if (m_reply)
            m_reply->abort();
    });
}

void ChatAttempt::start(const QUrl& url, const QByteArray& body, const QByteArray& apiKey, double timeoutS,
                        qint64 maxResponseBytes)
{
    m_key = apiKey;
    m_maxBytes = maxResponseBytes;
    m_timeoutS = timeoutS;
    m_clock.start();
    if (const QString problem = apiKeyProblem(apiKey); !problem.isEmpty()) {
        // A CR LF in the key would end the Authorization header and start one of the key's choosing; nothing
        // is sent. Reported from the event loop, as every other outcome is.
        AttemptResult result;
        result.kind = AttemptResult::Kind::Fatal;
        result.error = QStringLiteral("API key refused: the key %1").arg(problem);
        QTimer::singleShot(0, this, [this, result] {
            if (!m_done)
                finish(result);
        });
        return;
    }
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader(QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json"));
    if (!apiKey.isEmpty())
        request.setRawHeader(QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer ") + apiKey);
    // Never follow a redirect: it could carry the key to another host (quality.md, "Network").
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    // Naming an Accept-Encoding stops Qt from asking for gzip and inflating it by itself, before a byte
    // reaches the size cap (a few KiB of gzip can inflate to GiB). Answers are small; a compressed one is
    // refused.
    request.setRawHeader(QByteArrayLiteral("Accept-Encoding"), QByteArrayLiteral("identity"));
    m_reply = m_network->post(request, body);
    // No setReadBufferSize(): in Qt 6.4 a limit stalls the reply for good once Qt's HTTP thread has stopped
    // reading at it (its unbuffered socket does not signal the bytes it already holds again); tried with 64
    // KiB and with the cap, a flood then ends "timed out" (docs/judging.md, "Network safety").
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &ChatAttempt::onMetaData);
    connect(m_reply, &QNetworkReply::readyRead, this, &ChatAttempt::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &ChatAttempt::onFinished);
    m_timeout.start(static_cast<int>(std::ceil(timeoutS * 1000.0)));
}

void ChatAttempt::abort()
{
    m_done = true;
    m_timeout.stop();
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

void ChatAttempt::onMetaData()
{
    if (m_done || !m_reply)
        return;
    // A header block Qt has parsed: over the cap it is refused like a body over the cap (an endless one
    // never gets here; the attempt's timer ends it).
    qint64 bytes = 0;
    for (const auto& [name, value] : m_reply->rawHeaderPairs())
        bytes += name.size() + value.size() + 4;
    if (bytes > std::min(m_maxBytes, kMaxHeaderBytes)) {
        m_headersTooLarge = true;
        m_reply->abort();
    }
}

void ChatAttempt::onReadyRead()
{
    if (m_done || !m_reply)
        return;
    const QVariant length = m_reply->header(QNetworkRequest::ContentLengthHeader);
    if ((length.isValid() && length.toLongLong() > m_maxBytes) ||
        m_body.size() + m_reply->bytesAvailable() > m_maxBytes) {
        m_tooLarge = true;
        m_reply->abort();
        return;
    }
    m_body += m_reply->readAll();
}

void ChatAttempt::onFinished()
{
    if (m_done || !m_reply)
        return;
    m_timeout.stop();
    if (!m_tooLarge && m_reply->isOpen()) // after a timeout's abort() there is nothing left to read
        onReadyRead();
    AttemptResult result;
    result.latencyS = static_cast<double>(m_clock.nsecsElapsed()) / 1e9;
    result.httpStatus = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const auto networkError = m_reply->error();
    if (m_headersTooLarge) {
        result.kind = AttemptResult::Kind::Fatal;
        result.error = QStringLiteral("response headers larger than %1 bytes refused")
                           .arg(std::min(m_maxBytes, kMaxHeaderBytes));
    } else if (m_tooLarge) {
        result.kind = AttemptResult::Kind::Fatal;
        result.error = QStringLiteral("response larger than %1 bytes refused").arg(m_maxBytes);
    } else if (m_timedOut) {
        result.kind = AttemptResult::Kind::Retryable;
        result.error = QStringLiteral("timed out after %1 s").arg(m_timeoutS);
    } else if (result.httpStatus >= 300 && result.httpStatus < 400) {
        result.kind = AttemptResult::Kind::Fatal;
        const QUrl target = m_reply->attribute(QNetworkRequest::RedirectionTargetAttribute).toUrl();
        result.error = QStringLiteral("HTTP %1: redirect to %2 not followed")
                           .arg(result.httpStatus)
                           .arg(target.host().isEmpty() ? QStringLiteral("another location")
                                                        : redactedText(target.host(), m_key, 100));
    } else if (result.httpStatus >= 100 && result.httpStatus < 200) {
        // Qt 6.4 reads past a 100 Continue only: any other interim response (103 Early Hints) ends its reply,
        // and the bytes of the final response after it are dropped with the connection. The server has taken
        // the request, so it is not sent again at once; a later run sends it again (a failure).
        result.kind = AttemptResult::Kind::Fatal;
        result.error = QStringLiteral("HTTP %1: interim response, and the final response after it cannot be "
                                      "read (Qt 6.4 reads past 100 Continue only)")
                           .arg(result.httpStatus);
    } else if (result.httpStatus == 0 || isTransportError(networkError) || cutShort()) {
        // No complete response: connection refused, reset or closed mid-response, DNS, TLS handshake
        // (certificate errors included). A response cut short after its status line is no answer, and no
        // "HTTP 200" error either: another attempt may get all of it.
        const bool tls = networkError == QNetworkReply::SslHandshakeFailedError;
        result.kind = tls ? AttemptResult::Kind::Fatal : AttemptResult::Kind::Retryable;
        const bool closed = networkError == QNetworkReply::RemoteHostClosedError ||
                            networkError == QNetworkReply::NoError; // cutShort()
        result.error =
            closed
                ? QStringLiteral("network error: connection closed before the response was complete")
                : QStringLiteral("network error: %1").arg(redactedText(m_reply->errorString(), m_key, 300));
    } else if (result.httpStatus == 200 && networkError == QNetworkReply::NoError) {
        const QByteArray encoding =
            m_reply->rawHeader(QByteArrayLiteral("Content-Encoding")).trimmed().toLower();
        if (!encoding.isEmpty() && encoding != "identity") {
            // The request asked for identity (start()): the body is not inflated, so it cannot be read.
            result.kind = AttemptResult::Kind::Fatal;
            result.error =
                QStringLiteral("response with Content-Encoding %1 refused (identity was asked for)")
                    .arg(headerText(encoding, m_key));
        } else {
            result = parseCompletion(m_body);
            result.httpStatus = 200;
            result.latencyS = static_cast<double>(m_clock.nsecsElapsed()) / 1e9;
            // The body decides, not its label: many OpenAI-compatible servers send JSON as text/plain or
            // untyped, so Content-Type is not checked. When the body is unreadable, a type that is not JSON
            // says why (an HTML error page from a proxy).
            const QByteArray type = m_reply->rawHeader(QByteArrayLiteral("Content-Type")).trimmed();
            if (result.kind != AttemptResult::Kind::Answered && !type.isEmpty() &&
                !type.toLower().contains("json"))
                result.error += QStringLiteral(" (Content-Type: %1)").arg(headerText(type, m_key));
        }
    } else {
        const bool retryable =
            result.httpStatus == 429 || result.httpStatus == 408 || result.httpStatus >= 500;
        result.kind = retryable ? AttemptResult::Kind::Retryable : AttemptResult::Kind::Fatal;
        result.error = QStringLiteral("HTTP %1: %2").arg(result.httpStatus).arg(serverMessage(m_body, m_key));
        result.retryAfterS = parseRetryAfter(m_reply->rawHeader(QByteArrayLiteral("Retry-After")),
                                             QDateTime::currentDateTimeUtc());
    }
    m_reply->deleteLater();
    // Each part above was redacted before it was shortened; this catches what a later change might add.
    result.error = redactedText(result.error, m_key);
    finish(result);
}

bool ChatAttempt::cutShort() const
{
    // Qt 6.4 reports no error when the server closes the connection before Content-Length bytes came (when
    // the close arrives after the last bytes it read), and hands the part over as the whole body. Nothing is
    // inflated (Accept-Encoding: identity), so the length counts exactly the body's bytes.
    const QVariant length = m_reply->header(QNetworkRequest::ContentLengthHeader);
    return length.isValid() && m_body.size() < length.toLongLong();
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
