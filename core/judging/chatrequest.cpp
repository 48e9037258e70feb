#include "chatrequest.h"

#include "report/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <openssl/evp.h>

#include <algorithm>
#include <initializer_list>

namespace tribunal {

namespace {

// Appends `text` as a JSON string exactly as QJsonDocument::Compact writes it: core's JSON quoting (the tests
// compare with QJsonDocument on every control character, quotes, backslashes, non-ASCII text and
// surrogates). Text with surrogates (rare: emoji, broken UTF-16) goes through QJsonDocument itself.
void appendJsonString(std::string& out, const QString& text)
{
    for (const QChar c : text)
        if (c.isSurrogate()) {
            const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
            out.append(array.constData() + 1, static_cast<std::size_t>(array.size() - 2));
            return;
        }
    const QByteArray utf8 = text.toUtf8();
    JsonWriter::appendQuoted(out, std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
}

std::string jsonNumber(double value)
{
    return QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).chopped(1).sliced(1).toStdString();
}

} // namespace

QByteArray chatRequestBody(const ChatRequest& request)
{
    // Keys in alphabetical order, as QJsonObject writes them, so the bytes equal chatRequestBodyViaQJson's;
    // written by hand because building QJson values costs ~30 us per request, which a resumed run of a
    // million requests pays at start (docs/judging.md).
    std::string out;
    std::size_t size = 160;
    for (const auto& message : request.messages)
        size += static_cast<std::size_t>(message.content.size()) + 40;
    out.reserve(size);
    out += '{';
    if (request.logprobs)
        out += "\"logprobs\":true,";
    out += "\"max_tokens\":";
    out += std::to_string(request.maxTokens);
    out += ",\"messages\":[";
    for (std::size_t i = 0; i < request.messages.size(); ++i) {
        if (i > 0)
            out += ',';
        out += "{\"content\":";
        appendJsonString(out, request.messages[i].content);
        out += ",\"role\":";
        appendJsonString(out, request.messages[i].role);
        out += '}';
    }
    out += "],\"model\":";
    appendJsonString(out, request.model);
    if (!request.reasoningEffort.isEmpty()) {
        out += ",\"reasoning_effort\":";
        appendJsonString(out, request.reasoningEffort);
    }
    out += ",\"temperature\":";
    out += jsonNumber(request.temperature);
    if (request.logprobs)
        out += ",\"top_logprobs\":5";
    out += '}';
    return QByteArray::fromStdString(out);
}

QByteArray chatRequestBodyViaQJson(const ChatRequest& request)
{
    QJsonArray messages;
    for (const auto& message : request.messages)
        messages.append(QJsonObject{{QStringLiteral("role"), message.role},
                                    {QStringLiteral("content"), message.content}});
    QJsonObject body{{QStringLiteral("model"), request.model},
                     {QStringLiteral("messages"), messages},
                     {QStringLiteral("temperature"), request.temperature},
                     {QStringLiteral("max_tokens"), request.maxTokens}};
    if (!request.reasoningEffort.isEmpty())
        body.insert(QStringLiteral("reasoning_effort"), request.reasoningEffort);
    if (request.logprobs) {
        body.insert(QStringLiteral("logprobs"), true);
        body.insert(QStringLiteral("top_logprobs"), 5);
    }
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

namespace {

/// SHA-256 over length-prefixed fields, lower-case hex of its first `bytes` bytes.
QString sha256Hex(std::initializer_list<QByteArray> fields, int bytes)
{
    // OpenSSL's SHA-256 (SHA extensions where the CPU has them) rather than QCryptographicHash: 722 against
    // 125 MB/s on the CI machine, and a resumed run hashes every recorded judgment's request at start.
    EVP_MD_CTX* context = EVP_MD_CTX_new();
    EVP_DigestInit_ex(context, EVP_sha256(), nullptr);
    // Length-prefixed fields: no two different tuples give the same byte stream.
    for (const QByteArray& bytesOfField : fields) {
        const QByteArray prefix = QByteArray::number(bytesOfField.size()) + ':';
        EVP_DigestUpdate(context, prefix.constData(), static_cast<std::size_t>(prefix.size()));
        EVP_DigestUpdate(context, bytesOfField.constData(), static_cast<std::size_t>(bytesOfField.size()));
    }
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(context, digest, &length);
    EVP_MD_CTX_free(context);
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char*>(digest), std::min(static_cast<int>(length), bytes)).toHex());
}

} // namespace

QString requestHash(const QString& judgeName, const QUrl& url, const QByteArray& body, int rep)
{
    return sha256Hex(
        {judgeName.toUtf8(), url.toString(QUrl::FullyEncoded).toUtf8(), body, QByteArray::number(rep)}, 32);
}

QString askHash(const ChatRequest& request)
{
    ChatRequest asked = request;
    asked.maxTokens = 0; // the length limit is not part of the question
    return sha256Hex({QByteArrayLiteral("ask"), chatRequestBody(asked)}, 16);
}

} // namespace tribunal
