#pragma once
// The response side of tribunal-judge-sim's HTTP/1.1 (judgesimserver.h): whole responses as bytes, and the
// OpenAI-style error body clients of chat-completions expect ({"error": {message, type, param, code}}).
//
// Pure functions: safe to call from any thread.

#include <QByteArray>
#include <QString>

namespace tribunal {

/// "HTTP/1.1 <status> <reason>" with Content-Type application/json, Content-Length, Connection
/// (keep-alive or close), then `extraHeaders` (complete lines, each ending "\r\n"), a blank line and `body`.
QByteArray simHttpResponse(int status, const QByteArray& body, bool keepAlive,
                           const QByteArray& extraHeaders = {});

/// {"error": {"message", "type", "param": null, "code"}} compact; an empty `code` is written as null.
QByteArray openAiErrorBody(const QString& type, const QString& code, const QString& message);

} // namespace tribunal
