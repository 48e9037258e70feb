#include "chatrequest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <openssl/evp.h>

namespace tribunal {

namespace {

// Appends `text` as a JSON string exactly as QJsonDocument::Compact writes it (chatRequestBodyViaQJson; the
// tests compare both on every control character, quotes, backslashes, non-ASCII text and surrogates).
// Unpaired surrogates are rare enough to go through QJsonDocument itself.
void appendJsonString(QByteArray& out, const QString& text)
{
    for (const QChar c : text)
        if (c.isSurrogate()) {
            const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
            out += QByteArrayView(array).sliced(1, array.size() - 2);
            return;
        }
    static const char hex[] = "0123456789abcdef";
    out += '"';
    const QByteArray utf8 = text.toUtf8();
    const char* data = utf8.constData();
    const qsizetype size = utf8.size();
    qsizetype run = 0; // start of the bytes not yet copied: copied in runs, escapes one by one
    for (qsizetype i = 0; i < size; ++i) {
        const auto u = static_cast<unsigned char>(data[i]);
        if (u >= 0x20 && u != '"' && u != '\\')
            continue;
        out.append(data + run, i - run);
        run = i + 1;
        switch (u) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default: {
            const char escape[] = {'\\', 'u', '0', '0', hex[u >> 4], hex[u & 0xf]};
            out.append(escape, 6);
        }
        }
    }
    out.append(data + run, size - run);
    out += '"';
}

QByteArray jsonNumber(double value)
{
    return QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).chopped(1).sliced(1);
}

} // namespace

QByteArray chatRequestBody(const ChatRequest& request)
{
    // Keys in alphabetical order, as QJsonObject writes them, so the bytes equal chatRequestBodyViaQJson's;
    // written by hand because building QJson values costs ~30 us per request, which a resumed run of a
    // million requests pays at start (docs/judging.md).
    QByteArray out;
    qsizetype size = 160;
    for (const auto& message : request.messages)
        size += message.content.size() + 40;
    out.reserve(size);
    out += '{';
    if (request.logprobs)
        out += "\"logprobs\":true,";
    out += "\"max_tokens\":";
    out += QByteArray::number(request.maxTokens);
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
    return out;
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

QString requestHash(const QString& judgeName, const QUrl& url, const QByteArray& body, int rep)
{
    // OpenSSL's SHA-256 (SHA extensions where the CPU has them) rather than QCryptographicHash: 722 against
    // 125 MB/s on the CI machine, and a resumed run hashes every request of its design at start.
    EVP_MD_CTX* context = EVP_MD_CTX_new();
    EVP_DigestInit_ex(context, EVP_sha256(), nullptr);
    // Length-prefixed fields: no two different tuples give the same byte stream.
    auto field = [context](const QByteArray& bytes) {
        const QByteArray prefix = QByteArray::number(bytes.size()) + ':';
        EVP_DigestUpdate(context, prefix.constData(), static_cast<std::size_t>(prefix.size()));
        EVP_DigestUpdate(context, bytes.constData(), static_cast<std::size_t>(bytes.size()));
    };
    field(judgeName.toUtf8());
    field(url.toString(QUrl::FullyEncoded).toUtf8());
    field(body);
    field(QByteArray::number(rep));
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(context, digest, &length);
    EVP_MD_CTX_free(context);
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char*>(digest), static_cast<qsizetype>(length)).toHex());
}

} // namespace tribunal
