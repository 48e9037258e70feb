#include "judgesimserver.h"

#include "perturbation.h"
#include "promptformat.h"
#include "promptitems.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QPointer>
#include <QSaveFile>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <unordered_map>
#include <vector>

namespace tribunal {
namespace {

constexpr int kKeyLength = 32;               // characters of the text an item is indexed by
constexpr qsizetype kMaxHeaderBytes = 65536; // larger request heads get 431

// ---- deterministic draws --------------------------------------------------------------------------------

std::uint64_t splitmix64(std::uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t fnv1a(const QByteArray& bytes)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

// A hash of a sequence of parts; each part is mixed in with splitmix64 so parts cannot run into each other.
class Draw {
public:
    explicit Draw(std::uint64_t seed) : m_h(splitmix64(seed)) {}
    Draw& add(const QByteArray& part)
    {
        m_h = splitmix64(m_h ^ fnv1a(part) ^ (static_cast<std::uint64_t>(part.size()) << 56));
        return *this;
    }
    Draw& add(const QString& part) { return add(part.toUtf8()); }
    Draw& add(const char* part) { return add(QByteArray(part)); }
    Draw& add(std::uint64_t value)
    {
        m_h = splitmix64(m_h ^ splitmix64(value + 0x632be59bd9b4e019ULL));
        return *this;
    }
    std::uint64_t hash() const { return m_h; }
    /// Uniform in [0, 1) from the top 53 bits.
    double uniform() const { return static_cast<double>(splitmix64(m_h) >> 11) * 0x1.0p-53; }

private:
    std::uint64_t m_h;
};

// ---- the item index ------------------------------------------------------------------------------------

struct SimItem {
    PromptItem texts;
    QString itemId;
    Answer label = answer::kNone;
    QString key; // the prefix the item is indexed by
};

struct Match {
    int item = -1;
    Order order = Order::None;
};

// Rabin-Karp over UTF-16 code units.
constexpr std::uint64_t kBase = 1000003ULL;

std::uint64_t textHash(QStringView text)
{
    std::uint64_t h = 0;
    for (QChar c : text)
        h = h * kBase + c.unicode();
    return h;
}

// Items indexed by a prefix of one of their texts (at most kKeyLength characters). Finding the items whose
// key occurs in a message is one rolling-hash pass per distinct key length (at most kKeyLength passes).
class KeyIndex {
public:
    void add(int item, const QString& key)
    {
        m_byLength[static_cast<int>(key.size())][textHash(key)].push_back(item);
    }
    std::vector<int> candidates(QStringView message, const std::vector<SimItem>& items) const
    {
        std::vector<int> found;
        for (const auto& [length, table] : m_byLength) {
            const qsizetype n = message.size(), len = length;
            if (n < len)
                continue;
            std::uint64_t power = 1;
            for (qsizetype i = 0; i < len; ++i)
                power *= kBase;
            std::uint64_t h = textHash(message.first(len));
            for (qsizetype i = 0;; ++i) {
                const auto it = table.find(h);
                if (it != table.end())
                    for (int item : it->second)
                        if (message.sliced(i, len) == QStringView(items[static_cast<std::size_t>(item)].key))
                            found.push_back(item);
                if (i + len >= n)
                    break;
                h = h * kBase + message[i + len].unicode() - power * message[i].unicode();
            }
        }
        std::sort(found.begin(), found.end());
        found.erase(std::unique(found.begin(), found.end()), found.end());
        return found;
    }

private:
    std::map<int, std::unordered_map<std::uint64_t, std::vector<int>>> m_byLength;
};

// Position of `text` in `message` at or after `from` that does not lie inside [skipBegin, skipEnd), or -1.
qsizetype findOutside(QStringView message, QStringView text, qsizetype from, qsizetype skipBegin,
                      qsizetype skipEnd)
{
    qsizetype pos = message.indexOf(text, from);
    while (pos >= 0 && pos >= skipBegin && pos + text.size() <= skipEnd)
        pos = message.indexOf(text, pos + 1);
    return pos;
}

// Where responses A and B are shown: positions of both, the longer located first so that a response
// contained in the other is not found inside it. False when one is missing.
bool locatePair(QStringView message, QStringView a, QStringView b, qsizetype from, qsizetype* posA,
                qsizetype* posB)
{
    const bool aLonger = a.size() >= b.size();
    const QStringView longer = aLonger ? a : b, shorter = aLonger ? b : a;
    const qsizetype pL = message.indexOf(longer, from);
    if (pL < 0)
        return false;
    const qsizetype pS = findOutside(message, shorter, from, pL, pL + longer.size());
    if (pS < 0)
        return false;
    *posA = aLonger ? pL : pS;
    *posB = aLonger ? pS : pL;
    return true;
}

// ---- answers --------------------------------------------------------------------------------------------

Answer otherSlot(Answer slot)
{
    return slot == answer::kA ? answer::kB : answer::kA;
}

// A level next to `level` on a 1..levels scale (down or up by `u`; the only neighbour at the ends).
Answer neighbourLevel(Answer level, int levels, double u)
{
    if (levels <= 1)
        return level;
    if (level <= 1)
        return 2;
    if (level >= levels)
        return static_cast<Answer>(levels - 1);
    return static_cast<Answer>(u < 0.5 ? level - 1 : level + 1);
}

// Words of the simulated rationale. No single letters (a parser or the log-probability reader could take
// "a" for a verdict) and nothing that needs escaping in JSON or XML.
QString rationaleText(TaskKind kind, Answer slot, int tokens)
{
    QString lead;
    if (kind == TaskKind::Pairwise)
        lead = slot == answer::kA
                   ? QStringLiteral(
                         "The first response follows the instruction more closely than the second one.")
                   : QStringLiteral(
                         "The second response follows the instruction more closely than the first one.");
    else if (kind == TaskKind::Binary)
        lead = slot == answer::kMet ? QStringLiteral("The submission satisfies the criterion.")
                                    : QStringLiteral("The submission does not satisfy the criterion.");
    else
        lead = QStringLiteral("The submission fits level %1 of the scale best.").arg(slot);
    static const char* const filler[] = {
        " It is accurate and addresses every part of the request.",
        " The reasoning is clear and the details are correct.",
        " The alternative misses important details or adds irrelevant content.",
        " This judgment is simulated by tribunal-judge-sim.",
    };
    QString text = lead;
    for (int i = 0; text.size() < 4 * tokens; ++i)
        text += QLatin1String(filler[i % 4]);
    return text;
}

// Splits an answer into tokens: a word (letters, digits, underscores) with the spaces before it, or one other
// character. Enough for log-probabilities: the verdict letter is a token of its own.
QStringList splitTokens(const QString& text)
{
    QStringList tokens;
    QString current;
    auto isWord = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == QLatin1Char(' ')) {
            if (!current.isEmpty() && !current.trimmed().isEmpty()) {
                tokens << current;
                current.clear();
            }
            current += c;
        } else if (isWord(c)) {
            if (!current.isEmpty() && !current.trimmed().isEmpty() && !isWord(current.back())) {
                tokens << current;
                current.clear();
            }
            current += c;
        } else {
            if (!current.isEmpty())
                tokens << current;
            current.clear();
            tokens << QString(c);
        }
    }
    if (!current.isEmpty())
        tokens << current;
    return tokens;
}

// The letter a token names once quotes, brackets and spaces are trimmed ("" when none).
QString tokenLetter(const QString& token)
{
    QString t = token;
    static const QString strip = QStringLiteral("\"'[](){}<>* \t\n");
    while (!t.isEmpty() && strip.contains(t.front()))
        t.remove(0, 1);
    while (!t.isEmpty() && strip.contains(t.back()))
        t.chop(1);
    t = t.toUpper();
    return t == QLatin1String("A") || t == QLatin1String("B") ? t : QString();
}

QJsonObject tokenEntry(const QString& token, double logprob)
{
    QJsonArray bytes;
    for (char c : token.toUtf8())
        bytes.append(static_cast<int>(static_cast<unsigned char>(c)));
    return QJsonObject{{QStringLiteral("token"), token},
                       {QStringLiteral("logprob"), logprob},
                       {QStringLiteral("bytes"), bytes}};
}

QByteArray statusText(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 411:
        return "Length Required";
    case 413:
        return "Payload Too Large";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    default:
        return "Status";
    }
}

QString messageContent(const QJsonValue& content)
{
    if (content.isString())
        return content.toString();
    QString text;
    for (const QJsonValue& part : content.toArray())
        if (part.toObject().value(QLatin1String("type")).toString() == QLatin1String("text"))
            text += part.toObject().value(QLatin1String("text")).toString();
    return text;
}

struct BodyCount {
    qint64 received = 0, answered = 0;
};

QByteArray orderBytes(Order order)
{
    const std::string_view name = orderName(order);
    return QByteArray(name.data(), static_cast<qsizetype>(name.size()));
}

} // namespace

struct JudgeSimServer::HttpRequest {
    QByteArray method, path, body;
    bool keepAlive = true;
};

struct JudgeSimServer::Connection {
    QByteArray buffer;
    bool busy = false;    // a response is pending (latency); later requests wait in the buffer
    bool stalled = false; // a timeout fault: never answer on this connection again
    bool closing = false;
    bool continueSent = false; // "100 Continue" already sent for the request being received
};

struct JudgeSimServer::Impl {
    AuditPtr audit;
    std::vector<SimItem> items;
    KeyIndex pairwiseIndex, rubricIndex;
    QHash<QTcpSocket*, Connection> connections;
    std::map<QByteArray, BodyCount> bodies; // by raw SHA-256
    std::map<QString, qint64> answeredByModel;
    std::map<QString, qint64> faults, refused;
    qint64 received = 0, answered = 0, accepted = 0, nextId = 0;

    std::optional<Match> match(const QString& message, bool pairwise) const
    {
        const KeyIndex& index = pairwise ? pairwiseIndex : rubricIndex;
        Match best;
        qsizetype bestScore = -1;
        for (int candidate : index.candidates(message, items)) {
            const PromptItem& t = items[static_cast<std::size_t>(candidate)].texts;
            qsizetype score = 0;
            Order order = Order::None;
            if (pairwise) {
                // Responses come after the question in the prompt; searching from there keeps a short
                // response ("13") from being found inside the question.
                const qsizetype q = t.question.isEmpty() ? -1 : message.indexOf(t.question);
                qsizetype posA = -1, posB = -1;
                bool found = q >= 0 && locatePair(message, t.responseA, t.responseB, q + t.question.size(),
                                                  &posA, &posB);
                if (!found)
                    found = locatePair(message, t.responseA, t.responseB, 0, &posA, &posB);
                if (!found)
                    continue;
                order = posA < posB ? Order::AB : Order::BA;
                score = t.responseA.size() + t.responseB.size() + (q >= 0 ? t.question.size() : 0);
            } else {
                bool all = true;
                for (const QString* field : {&t.submission, &t.criterion, &t.input}) {
                    if (field->isEmpty())
                        continue;
                    if (!message.contains(*field)) {
                        all = false;
                        break;
                    }
                    score += field->size();
                }
                if (!all)
                    continue;
                for (const QString& level : t.levels)
                    if (!level.isEmpty() && message.contains(level))
                        score += level.size();
            }
            if (score > bestScore) {
                bestScore = score;
                best.item = candidate;
                best.order = order;
            }
        }
        if (best.item < 0)
            return std::nullopt;
        return best;
    }
};

JudgeSimServer::JudgeSimServer(JudgeSimConfig config, AuditPtr audit, QObject* parent)
    : QObject(parent), m_config(std::move(config)), m_impl(std::make_unique<Impl>())
{
    m_impl->audit = std::move(audit);
    if (m_impl->audit) {
        const Audit& a = *m_impl->audit;
        const auto& table = a.items();
        for (std::size_t row = 0; row < table.size(); ++row) {
            SimItem item;
            item.texts = promptItemOf(a, row);
            const auto id = a.str(table.itemId[row]);
            item.itemId = QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size()));
            item.label = table.label[row];
            const PromptItem& t = item.texts;
            const bool pairwise = t.kind == TaskKind::Pairwise;
            QString source;
            if (pairwise) {
                if (t.responseA.isEmpty() || t.responseB.isEmpty())
                    continue;
                source = t.responseA;
            } else {
                source = !t.submission.isEmpty()  ? t.submission
                         : !t.criterion.isEmpty() ? t.criterion
                                                  : t.input;
                if (source.isEmpty())
                    continue;
            }
            item.key = source.left(kKeyLength);
            const int index = static_cast<int>(m_impl->items.size());
            (pairwise ? m_impl->pairwiseIndex : m_impl->rubricIndex).add(index, item.key);
            m_impl->items.push_back(std::move(item));
        }
    }
    m_server = new QTcpServer(this);
    connect(m_server, &QTcpServer::newConnection, this, &JudgeSimServer::onNewConnection);
}

JudgeSimServer::~JudgeSimServer() = default;

bool JudgeSimServer::listen(quint16 port, QString* error)
{
    if (!m_server->listen(QHostAddress::LocalHost, port)) {
        *error = QStringLiteral("cannot listen on 127.0.0.1:%1: %2").arg(port).arg(m_server->errorString());
        return false;
    }
    return true;
}

quint16 JudgeSimServer::port() const
{
    return m_server->serverPort();
}

QString JudgeSimServer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1/v1").arg(port());
}

int JudgeSimServer::indexedItems() const
{
    return static_cast<int>(m_impl->items.size());
}

QJsonObject JudgeSimServer::stats() const
{
    qint64 maxAnswers = 0;
    for (const auto& [hash, count] : m_impl->bodies)
        maxAnswers = std::max(maxAnswers, count.answered);
    QJsonObject faults{{QStringLiteral("429"), 0},
                       {QStringLiteral("500"), 0},
                       {QStringLiteral("timeout"), 0},
                       {QStringLiteral("malformed"), 0}};
    for (const auto& [name, count] : m_impl->faults)
        faults.insert(name, count);
    QJsonObject refused;
    for (const auto& [name, count] : m_impl->refused)
        refused.insert(name, count);
    QJsonObject models;
    for (const auto& [id, model] : m_config.models)
        models.insert(id, 0);
    for (const auto& [id, count] : m_impl->answeredByModel)
        models.insert(id, count);
    return QJsonObject{{QStringLiteral("received"), m_impl->received},
                       {QStringLiteral("answered"), m_impl->answered},
                       {QStringLiteral("faults"), faults},
                       {QStringLiteral("refused"), refused},
                       {QStringLiteral("bodies"), static_cast<qint64>(m_impl->bodies.size())},
                       {QStringLiteral("max_answers_per_body"), maxAnswers},
                       {QStringLiteral("models"), models},
                       {QStringLiteral("items"), indexedItems()}};
}

QJsonObject JudgeSimServer::bodyStats() const
{
    QJsonArray list;
    for (const auto& [hash, count] : m_impl->bodies)
        list.append(QJsonObject{{QStringLiteral("sha256"), QString::fromLatin1(hash.toHex())},
                                {QStringLiteral("received"), count.received},
                                {QStringLiteral("answered"), count.answered}});
    return QJsonObject{{QStringLiteral("bodies"), list}};
}

bool JudgeSimServer::writeStatsFile(QString* error) const
{
    if (m_statsFile.isEmpty())
        return true;
    QSaveFile file(m_statsFile);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("%1: %2").arg(m_statsFile, file.errorString());
        return false;
    }
    file.write(QJsonDocument(stats()).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        *error = QStringLiteral("%1: %2").arg(m_statsFile, file.errorString());
        return false;
    }
    return true;
}

void JudgeSimServer::onNewConnection()
{
    while (QTcpSocket* socket = m_server->nextPendingConnection()) {
        m_impl->connections.insert(socket, Connection());
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_impl->connections.remove(socket);
            socket->deleteLater();
        });
    }
}

void JudgeSimServer::onReadyRead(QTcpSocket* socket)
{
    auto it = m_impl->connections.find(socket);
    if (it == m_impl->connections.end())
        return;
    if (it->stalled || it->closing) {
        socket->readAll(); // a stalled connection stays silent whatever the client sends
        return;
    }
    it->buffer += socket->readAll();
    if (!it->busy)
        processBuffer(socket);
}

void JudgeSimServer::processBuffer(QTcpSocket* socket)
{
    for (;;) {
        auto it = m_impl->connections.find(socket);
        if (it == m_impl->connections.end() || it->busy || it->stalled || it->closing)
            return;
        QByteArray& buffer = it->buffer;
        const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
        if (headEnd < 0) {
            if (buffer.size() > kMaxHeaderBytes) {
                buffer.clear();
                sendError(socket, 431, QStringLiteral("invalid_request_error"), QString(),
                          QStringLiteral("request head too large"), false);
            }
            return;
        }
        const QList<QByteArray> lines = buffer.left(headEnd).split('\n');
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        HttpRequest request;
        if (requestLine.size() != 3 || !requestLine[2].startsWith("HTTP/1.")) {
            buffer.clear();
            sendError(socket, 400, QStringLiteral("invalid_request_error"), QString(),
                      QStringLiteral("malformed request line"), false);
            return;
        }
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
            buffer.clear();
            if (chunked)
                sendError(socket, 411, QStringLiteral("invalid_request_error"), QString(),
                          QStringLiteral("chunked bodies are not supported: send Content-Length"), false);
            else
                sendError(socket, 400, QStringLiteral("invalid_request_error"), QString(),
                          QStringLiteral("invalid Content-Length"), false);
            return;
        }
        if (length > m_config.maxBodyBytes) {
            // Refused before reading the body; the connection closes since the body is not drained.
            buffer.clear();
            if (request.path.startsWith("/v1/chat/completions")) {
                ++m_impl->received;
                ++m_impl->refused[QStringLiteral("413")];
            }
            sendError(socket, 413, QStringLiteral("invalid_request_error"),
                      QStringLiteral("request_too_large"),
                      QStringLiteral("request body of %1 bytes exceeds the limit of %2 bytes")
                          .arg(length)
                          .arg(m_config.maxBodyBytes),
                      false);
            if (request.path.startsWith("/v1/chat/completions"))
                finishChat();
            return;
        }
        const qsizetype total = headEnd + 4 + static_cast<qsizetype>(length);
        if (buffer.size() < total) {
            // curl asks before sending a large body; without this it waits a second before sending anyway.
            if (expectContinue && !it->continueSent && buffer.size() == headEnd + 4) {
                it->continueSent = true;
                socket->write("HTTP/1.1 100 Continue\r\n\r\n");
            }
            return;
        }
        it->continueSent = false;
        request.body = buffer.mid(headEnd + 4, static_cast<qsizetype>(length));
        buffer.remove(0, total);
        handle(socket, request);
    }
}

void JudgeSimServer::handle(QTcpSocket* socket, const HttpRequest& request)
{
    QByteArray path = request.path;
    const qsizetype query = path.indexOf('?');
    if (query >= 0)
        path.truncate(query);
    while (path.size() > 1 && path.endsWith('/'))
        path.chop(1);
    const auto notAllowed = [&] {
        sendError(socket, 405, QStringLiteral("invalid_request_error"), QString(),
                  QStringLiteral("method %1 not allowed on %2")
                      .arg(QString::fromLatin1(request.method), QString::fromLatin1(path)),
                  request.keepAlive);
    };
    if (path == "/v1/chat/completions") {
        if (request.method != "POST")
            return notAllowed();
        return handleChat(socket, request);
    }
    if (path == "/v1/stats" || path == "/v1/stats/bodies" || path == "/v1/models") {
        if (request.method != "GET")
            return notAllowed();
        QJsonObject body;
        if (path == "/v1/stats") {
            body = stats();
        } else if (path == "/v1/stats/bodies") {
            body = bodyStats();
        } else {
            QJsonArray data;
            for (const auto& [id, model] : m_config.models)
                data.append(QJsonObject{{QStringLiteral("id"), id},
                                        {QStringLiteral("object"), QStringLiteral("model")},
                                        {QStringLiteral("owned_by"), QStringLiteral("tribunal-judge-sim")}});
            body = QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                               {QStringLiteral("data"), data}};
        }
        return send(socket, 200, QJsonDocument(body).toJson(QJsonDocument::Compact), request.keepAlive);
    }
    sendError(
        socket, 404, QStringLiteral("invalid_request_error"), QStringLiteral("not_found"),
        QStringLiteral("no route %1 %2").arg(QString::fromLatin1(request.method), QString::fromLatin1(path)),
        request.keepAlive);
}

void JudgeSimServer::handleChat(QTcpSocket* socket, const HttpRequest& request)
{
    Impl& d = *m_impl;
    ++d.received;
    const QByteArray hash = QCryptographicHash::hash(request.body, QCryptographicHash::Sha256);
    ++d.bodies[hash].received;
    const auto refuse = [&](int status, const QString& code, const QString& message) {
        ++d.refused[QString::number(status)];
        sendError(socket, status, QStringLiteral("invalid_request_error"), code, message, request.keepAlive);
        finishChat();
    };
    const QJsonObject json = QJsonDocument::fromJson(request.body).object();
    if (json.isEmpty())
        return refuse(400, QString(), QStringLiteral("the request body is not a JSON object"));
    const QString model = json.value(QLatin1String("model")).toString();
    if (model.isEmpty())
        return refuse(400, QString(), QStringLiteral("model: required"));
    if (!m_config.models.count(model))
        return refuse(
            404, QStringLiteral("model_not_found"),
            QStringLiteral("The model `%1` does not exist or you do not have access to it.").arg(model));
    std::vector<ChatMessage> messages;
    for (const QJsonValue& value : json.value(QLatin1String("messages")).toArray()) {
        ChatMessage message;
        message.role = value.toObject().value(QLatin1String("role")).toString();
        message.content = messageContent(value.toObject().value(QLatin1String("content")));
        messages.push_back(message);
    }
    const auto lastUser = std::find_if(messages.rbegin(), messages.rend(),
                                       [](const ChatMessage& m) { return m.role == QLatin1String("user"); });
    if (lastUser == messages.rend())
        return refuse(400, QString(), QStringLiteral("messages: no user message"));
    const auto format = formatOfPrompt(messages);
    if (!format)
        return refuse(400, QString(),
                      QStringLiteral("messages: the prompt matches no Tribunal prompt format"));
    const auto match = d.match(lastUser->content, isPairwiseFormat(*format));
    if (!match)
        return refuse(400, QString(),
                      QStringLiteral("messages: no item of the loaded audit matches the last user message"));

    // Faults: the first failFirst accepted requests, then a draw per accepted request from the fault stream.
    const qint64 number = d.accepted++;
    const JudgeSimFaults& f = m_config.faults;
    JudgeSimFault fault = JudgeSimFault::None;
    if (number < f.failFirst) {
        fault = f.failFirstKind;
    } else {
        const double u = Draw(m_config.seed).add("fault").add(static_cast<std::uint64_t>(number)).uniform();
        if (u < f.rate429)
            fault = JudgeSimFault::RateLimited;
        else if (u < f.rate429 + f.rate500)
            fault = JudgeSimFault::ServerError;
        else if (u < f.rate429 + f.rate500 + f.rateTimeout)
            fault = JudgeSimFault::Timeout;
        else if (u < f.rate429 + f.rate500 + f.rateTimeout + f.rateMalformed)
            fault = JudgeSimFault::Malformed;
    }
    if (fault != JudgeSimFault::None)
        ++d.faults[judgeSimFaultName(fault)];
    switch (fault) {
    case JudgeSimFault::RateLimited: {
        const auto seconds = static_cast<qint64>(std::ceil(f.retryAfterS));
        sendError(socket, 429, QStringLiteral("requests"), QStringLiteral("rate_limit_exceeded"),
                  QStringLiteral("Rate limit reached (simulated). Please try again in %1s.").arg(seconds),
                  request.keepAlive, "Retry-After: " + QByteArray::number(seconds) + "\r\n");
        return finishChat();
    }
    case JudgeSimFault::ServerError:
        sendError(socket, 500, QStringLiteral("server_error"), QString(),
                  QStringLiteral("The server had an error while processing your request (simulated)."),
                  request.keepAlive);
        return finishChat();
    case JudgeSimFault::Timeout:
        // Accept and never answer; the socket stays open until the client gives up.
        d.connections[socket].stalled = true;
        d.connections[socket].buffer.clear();
        return finishChat();
    case JudgeSimFault::Malformed: {
        const QByteArray body =
            "{\"id\":\"chatcmpl-sim-" + QByteArray::number(d.nextId++) +
            "\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
            "\"assistant\",\"content\":\"";
        send(socket, 200, body, request.keepAlive);
        return finishChat();
    }
    case JudgeSimFault::None:
        break;
    }

    const double latency = m_config.models.at(model).latencyMs;
    if (latency <= 0.0)
        return answerChat(socket, request.body, request.keepAlive);
    // Exponential delay with the configured mean, from the fault stream (timing does not touch answers).
    const double u = Draw(m_config.seed).add("latency").add(static_cast<std::uint64_t>(number)).uniform();
    const int delay = static_cast<int>(std::min(600000.0, -latency * std::log1p(-u)));
    d.connections[socket].busy = true;
    QPointer<QTcpSocket> guard(socket);
    const QByteArray body = request.body;
    const bool keepAlive = request.keepAlive;
    QTimer::singleShot(delay, this, [this, guard, body, keepAlive] {
        if (!guard || !m_impl->connections.contains(guard.data()))
            return; // the client gave up: nothing answered, k not advanced
        m_impl->connections[guard.data()].busy = false;
        answerChat(guard.data(), body, keepAlive);
        if (guard && m_impl->connections.contains(guard.data()))
            processBuffer(guard.data());
    });
}

void JudgeSimServer::answerChat(QTcpSocket* socket, const QByteArray& body, bool keepAlive)
{
    Impl& d = *m_impl;
    // Re-derived from the body (already validated) so a delayed answer needs nothing but the body.
    const QJsonObject json = QJsonDocument::fromJson(body).object();
    const QString model = json.value(QLatin1String("model")).toString();
    const JudgeSimModel& judge = m_config.models.at(model);
    std::vector<ChatMessage> messages;
    qsizetype promptChars = 0;
    for (const QJsonValue& value : json.value(QLatin1String("messages")).toArray()) {
        ChatMessage message;
        message.role = value.toObject().value(QLatin1String("role")).toString();
        message.content = messageContent(value.toObject().value(QLatin1String("content")));
        promptChars += message.content.size();
        messages.push_back(message);
    }
    QString lastUser;
    for (const ChatMessage& m : messages)
        if (m.role == QLatin1String("user"))
            lastUser = m.content;
    const PromptFormat format = *formatOfPrompt(messages);
    const Match match = *d.match(lastUser, isPairwiseFormat(format));
    const SimItem& item = d.items[static_cast<std::size_t>(match.item)];
    const PromptItem& texts = item.texts;

    const QByteArray hash = QCryptographicHash::hash(body, QCryptographicHash::Sha256);
    BodyCount& count = d.bodies[hash];
    const auto k = static_cast<std::uint64_t>(count.answered);
    const std::uint64_t seed = m_config.seed;
    const auto itemDraw = [&](const char* what) {
        return Draw(seed).add(what).add(model).add(texts.dataset).add(item.itemId);
    };

    Answer slot = answer::kNone;
    bool agreesWithSettled = true;
    if (texts.kind == TaskKind::Pairwise) {
        const Answer label =
            item.label == answer::kA || item.label == answer::kB ? item.label : answer::kNone;
        const auto cue = cueOfPrompt(messages);
        // FLASK's four criterion calls differ in their bodies but are one judgment: they share a run key.
        Draw run(seed);
        if (format == PromptFormat::Flask) {
            run.add("flask-run").add(model).add(texts.dataset).add(item.itemId).add(orderBytes(match.order));
            run.add(cue ? cue->test + QString::number(cue->slot) : QString());
        } else {
            run.add("run").add(hash);
        }
        run.add(k);
        const double uSettled = itemDraw("settled").uniform();
        const double uPosition = itemDraw("position").add(orderBytes(match.order)).uniform();
        const double uRun = run.uniform();
        const Answer canonical =
            simJudgeAnswer(judge.behaviour, label, match.order, uSettled, uPosition, uRun);
        slot = match.order == Order::BA ? otherSlot(canonical) : canonical;
        if (cue && Draw(run.hash()).add("cue").uniform() < judge.cueEffect)
            slot = cue->slot;
        // The settled verdict in slot terms, for the log-probabilities' sharpness.
        const Answer settledCanonical = label != answer::kNone
                                            ? (uSettled < judge.behaviour.accuracy ? label : otherSlot(label))
                                            : (uSettled < 0.5 ? answer::kA : answer::kB);
        agreesWithSettled =
            slot == (match.order == Order::BA ? otherSlot(settledCanonical) : settledCanonical);
    } else {
        const double uTruth = itemDraw("truth").uniform();
        const double uSettled = itemDraw("settled").uniform();
        const double uNeighbour = itemDraw("neighbour").uniform();
        const Draw run = Draw(seed).add("run").add(hash).add(k);
        const double uRun = run.uniform();
        const double uRunNeighbour = Draw(run.hash()).add("neighbour").uniform();
        const double a = judge.behaviour.accuracy, consistency = judge.behaviour.consistency;
        Answer settled;
        if (texts.kind == TaskKind::Binary) {
            const Answer truth = item.label == answer::kMet || item.label == answer::kUnmet
                                     ? item.label
                                     : (uTruth < 0.5 ? answer::kMet : answer::kUnmet);
            const auto flip = [](Answer v) { return v == answer::kMet ? answer::kUnmet : answer::kMet; };
            settled = uSettled < a ? truth : flip(truth);
            slot = uRun < consistency ? settled : flip(settled);
        } else {
            const int levels = std::max(1, static_cast<int>(texts.levels.size()));
            const Answer truth =
                item.label >= 1 && item.label <= levels
                    ? item.label
                    : static_cast<Answer>(1 + std::min(levels - 1, static_cast<int>(uTruth * levels)));
            settled = uSettled < a ? truth : neighbourLevel(truth, levels, uNeighbour);
            slot = uRun < consistency ? settled : neighbourLevel(settled, levels, uRunNeighbour);
        }
        agreesWithSettled = slot == settled;
    }

    QString text = exampleAnswer(format, slot, rationaleText(texts.kind, slot, judge.rationaleTokens));
    QString finish = QStringLiteral("stop");
    const int maxTokens = json.value(QLatin1String("max_tokens")).toInt(0);
    if (maxTokens > 0 && (text.size() + 3) / 4 > maxTokens) {
        text.truncate(4 * static_cast<qsizetype>(maxTokens));
        finish = QStringLiteral("length");
    }

    QJsonObject choice{
        {QStringLiteral("index"), 0},
        {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                {QStringLiteral("content"), text}}},
        {QStringLiteral("finish_reason"), finish}};
    if (json.value(QLatin1String("logprobs")).toBool()) {
        // p(chosen) ~ Beta with mean `sharpness` (concentration 20) when the answer is the judge's settled
        // verdict, and halfway to 1/2 when a run or cue flipped it: confident answers are more often right.
        const double sharpness =
            agreesWithSettled ? judge.logprobsSharpness : 0.5 + (judge.logprobsSharpness - 0.5) / 2;
        std::mt19937_64 engine(Draw(seed).add("logprobs").add(hash).add(k).hash());
        const double concentration = 20.0;
        std::gamma_distribution<double> ga(std::max(1e-3, concentration * sharpness), 1.0);
        std::gamma_distribution<double> gb(std::max(1e-3, concentration * (1.0 - sharpness)), 1.0);
        const double x = ga(engine), y = gb(engine);
        const double pChosen = std::clamp(x + y > 0 ? x / (x + y) : sharpness, 1e-6, 1.0 - 1e-6);
        const QStringList tokens = splitTokens(text);
        const QString chosenLetter = slot == answer::kA ? QStringLiteral("A") : QStringLiteral("B");
        qsizetype verdictToken = -1;
        if (texts.kind == TaskKind::Pairwise)
            for (qsizetype i = 0; i < tokens.size(); ++i)
                if (tokenLetter(tokens[i]) == chosenLetter)
                    verdictToken = i;
        QJsonArray content;
        for (qsizetype i = 0; i < tokens.size(); ++i) {
            QJsonObject entry;
            if (i == verdictToken) {
                const QString shown = tokens[i].trimmed();
                const QString other = shown.toUpper() == QLatin1String("A")
                                          ? QString(shown)
                                                .replace(QLatin1Char('A'), QLatin1Char('B'))
                                                .replace(QLatin1Char('a'), QLatin1Char('b'))
                                          : QString(shown)
                                                .replace(QLatin1Char('B'), QLatin1Char('A'))
                                                .replace(QLatin1Char('b'), QLatin1Char('a'));
                entry = tokenEntry(tokens[i], std::log(pChosen));
                entry.insert(QStringLiteral("top_logprobs"),
                             QJsonArray{tokenEntry(shown, std::log(pChosen)),
                                        tokenEntry(other, std::log(1.0 - pChosen))});
            } else {
                entry = tokenEntry(tokens[i], -0.01);
                entry.insert(QStringLiteral("top_logprobs"), QJsonArray{tokenEntry(tokens[i], -0.01)});
            }
            content.append(entry);
        }
        choice.insert(QStringLiteral("logprobs"), QJsonObject{{QStringLiteral("content"), content}});
    }
    const qint64 promptTokens = std::max<qint64>(1, (promptChars + 3) / 4);
    const qint64 completionTokens = std::max<qint64>(1, (text.size() + 3) / 4);
    const QJsonObject response{
        {QStringLiteral("id"), QStringLiteral("chatcmpl-sim-%1").arg(d.nextId++)},
        {QStringLiteral("object"), QStringLiteral("chat.completion")},
        {QStringLiteral("created"), QDateTime::currentSecsSinceEpoch()},
        {QStringLiteral("model"), model},
        {QStringLiteral("choices"), QJsonArray{choice}},
        {QStringLiteral("usage"),
         QJsonObject{{QStringLiteral("prompt_tokens"), promptTokens},
                     {QStringLiteral("completion_tokens"), completionTokens},
                     {QStringLiteral("total_tokens"), promptTokens + completionTokens}}}};
    ++count.answered;
    ++d.answered;
    ++d.answeredByModel[model];
    send(socket, 200, QJsonDocument(response).toJson(QJsonDocument::Compact), keepAlive);
    finishChat();
}

void JudgeSimServer::send(QTcpSocket* socket, int status, const QByteArray& body, bool keepAlive,
                          const QByteArray& extraHeaders)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + statusText(status) + "\r\n";
    head += "Content-Type: application/json\r\n";
    head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    head += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
    head += extraHeaders;
    head += "\r\n";
    socket->write(head + body);
    if (!keepAlive) {
        auto it = m_impl->connections.find(socket);
        if (it != m_impl->connections.end())
            it->closing = true;
        socket->disconnectFromHost(); // after the pending bytes are written
    }
}

void JudgeSimServer::sendError(QTcpSocket* socket, int status, const QString& type, const QString& code,
                               const QString& message, bool keepAlive, const QByteArray& extraHeaders)
{
    const QJsonObject error{
        {QStringLiteral("message"), message},
        {QStringLiteral("type"), type},
        {QStringLiteral("param"), QJsonValue::Null},
        {QStringLiteral("code"), code.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(code)}};
    send(socket, status,
         QJsonDocument(QJsonObject{{QStringLiteral("error"), error}}).toJson(QJsonDocument::Compact),
         keepAlive, extraHeaders);
}

void JudgeSimServer::finishChat()
{
    if (!m_statsFile.isEmpty()) {
        QString error;
        if (!writeStatsFile(&error))
            qWarning("tribunal-judge-sim: cannot write the stats file: %s", qPrintable(error));
    }
    emit chatRequestHandled();
}

} // namespace tribunal
