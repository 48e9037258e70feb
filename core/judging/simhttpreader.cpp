#include "simhttpreader.h"

#include <QList>

namespace tribunal {
namespace {

SimHttpReader::Result error(int status, const QString& message, const QString& code = QString())
{
    SimHttpReader::Result result;
    result.status = SimHttpReader::Status::Error;
    result.errorStatus = status;
    result.errorCode = code;
    result.errorMessage = message;
    return result;
}

} // namespace

SimHttpReader::Result SimHttpReader::next(qint64 maxBodyBytes)
{
    const qsizetype headEnd = m_buffer.indexOf("\r\n\r\n");
    if (headEnd < 0) {
        if (m_buffer.size() > kMaxHeadBytes) {
            m_buffer.clear();
            return error(431, QStringLiteral("request head too large"));
        }
        return Result();
    }
    const QList<QByteArray> lines = m_buffer.left(headEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine[2].startsWith("HTTP/1.")) {
        m_buffer.clear();
        return error(400, QStringLiteral("malformed request line"));
    }
    SimHttpRequest request;
    request.method = requestLine[0];
    request.path = requestLine[1];
    const bool http10 = requestLine[2] == "HTTP/1.0";
    request.keepAlive = !http10;
    qint64 length = 0;
    bool chunked = false, badLength = false, expectContinue = false;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "content-length") {
            bool ok = false;
            length = value.toLongLong(&ok);
            badLength = !ok || length < 0;
        } else if (name == "transfer-encoding") {
            chunked = value.toLower() != "identity";
        } else if (name == "expect") {
            expectContinue = value.toLower() == "100-continue";
        } else if (name == "connection") {
            const QByteArray v = value.toLower();
            if (v.contains("close"))
                request.keepAlive = false;
            else if (v.contains("keep-alive"))
                request.keepAlive = true;
        }
    }
    if (badLength || chunked) {
        m_buffer.clear();
        Result result =
            chunked ? error(411, QStringLiteral("chunked bodies are not supported: send Content-Length"))
                    : error(400, QStringLiteral("invalid Content-Length"));
        result.request = request;
        return result;
    }
    if (length > maxBodyBytes) {
        // Refused before reading the body; the connection closes since the body is not drained.
        m_buffer.clear();
        Result result = error(413,
                              QStringLiteral("request body of %1 bytes exceeds the limit of %2 bytes")
                                  .arg(length)
                                  .arg(maxBodyBytes),
                              QStringLiteral("request_too_large"));
        result.request = request;
        return result;
    }
    const qsizetype total = headEnd + 4 + static_cast<qsizetype>(length);
    if (m_buffer.size() < total) {
        Result result;
        // curl asks before sending a large body; without this it waits a second before sending anyway.
        if (expectContinue && !m_continueSent && m_buffer.size() == headEnd + 4) {
            m_continueSent = true;
            result.sendContinue = true;
        }
        return result;
    }
    m_continueSent = false;
    request.body = m_buffer.mid(headEnd + 4, static_cast<qsizetype>(length));
    m_buffer.remove(0, total);
    Result result;
    result.status = Status::Complete;
    result.request = request;
    return result;
}

} // namespace tribunal
