#pragma once
// One chat-completions request and its identity. The request hash keys every answer in the project, so a
// resumed run knows which requests were answered (issue 8): it covers the judge's name, the endpoint URL, the
// exact JSON body sent and the run index (runs of one prompt send identical bodies).
//
// Plain data and pure functions; thread-safe.

#include <QByteArray>
#include <QString>
#include <QUrl>

#include <string>
#include <vector>

namespace tribunal {

struct ChatMessage {
    QString role; ///< "system" | "user" | "assistant"
    QString content;
    friend bool operator==(const ChatMessage&, const ChatMessage&) = default;
};

struct ChatRequest {
    QString model;
    std::vector<ChatMessage> messages;
    double temperature = 0.0;
    int maxTokens = 1024;
    QString reasoningEffort; ///< sent only when not empty
    bool logprobs = false;   ///< sends logprobs: true, top_logprobs: 5
};

/// The JSON body sent for `request`: compact, keys in alphabetical order, so equal requests give equal bytes.
/// Byte for byte what QJsonDocument writes for the same object (chatRequestBodyViaQJson), about 10x faster.
QByteArray chatRequestBody(const ChatRequest& request);
/// The same body built with QJsonObject and QJsonDocument: the reference the tests compare with.
QByteArray chatRequestBodyViaQJson(const ChatRequest& request);

/// Lower-case hex SHA-256 of judge name, URL, body and run index (64 characters).
QString requestHash(const QString& judgeName, const QUrl& url, const QByteArray& body, int rep);

/// How a judgment was asked: the first 128 bits (32 lower-case hex characters) of SHA-256 over the body with
/// max_tokens left out, so model, messages, temperature, reasoning effort and log-probabilities count and the
/// endpoint, the judge's name and the length limit do not (a resumed run tells a harmless edit of the design
/// from one that changes the question: judgmentidentity.h).
QString askHash(const ChatRequest& request);

} // namespace tribunal
