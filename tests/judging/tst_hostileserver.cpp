// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile servers on 127.0.0.1 against one chat-completions attempt (judging/chatattempt.h; issue 11,
// quality.md "Network"): certificates that must not be trusted, redirects that must not be followed, endless
// and trickling bodies, bodies that are not a readable completion, connections cut mid-body and compressed
// bombs. Each case checks the exact error the attempt reports, that no answer came back, and where it matters
// what the server saw (the key, a second request). Then: servers that echo the key where texts are shortened
// (no part of it in any error, project or export), keys and base URLs that are refused at load, floods from a
// server on a thread of its own (8 attempts at once, each ended in time), interim 1xx responses, and
// tribunal-cli run against floods under a 1 GB address-space limit. A last test runs a few of them through
// the run scheduler and checks that the project records no answer. Every attempt has a short timeout, so a
// protection that fails ends its test with a wrong error instead of hanging it.

#include "judging/chatattempt.h"
#include "judging/curlmulti.h"
#include "judging/redaction.h"
#include "judging/runscheduler.h"

#include "../common/judgingfixtures.h"
#include "../common/scriptedhttpserver.h"
#include "io/auditsource.h"
#include "io/exporter.h"
#include "io/project/projectfile.h"
#include "testpki.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tribunal;
using test::ScriptedHttpServer;

namespace {

const QByteArray kKey = "sk-tribunal-hostile-5c1e0b";
const QByteArray kRequest =
    R"({"model":"judge","messages":[{"role":"user","content":"Which answer is better?"}]})";

struct Sent {
    bool finished = false;
    AttemptResult result;
};

/// One attempt against `baseUrl` + "/chat/completions" with kKey. Waits for finished() at most timeoutS +
/// 10 s: a guard so that a broken protection fails the test instead of hanging it, not a timing assertion.
Sent attemptOnce(CurlMulti& network, const QString& baseUrl, double timeoutS, qint64 maxBytes,
                 const QByteArray& key = kKey, bool* finishedInStart = nullptr)
{
    ChatAttempt attempt(&network);
    Sent sent;
    QEventLoop loop;
    QObject::connect(&attempt, &ChatAttempt::finished, &loop, [&](const AttemptResult& result) {
        sent.finished = true;
        sent.result = result;
        loop.quit();
    });
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    guard.start(static_cast<int>((timeoutS + 10.0) * 1000.0));
    attempt.start(QUrl(baseUrl + QStringLiteral("/chat/completions")), kRequest, key, timeoutS, maxBytes);
    if (finishedInStart)
        *finishedInStart = sent.finished;
    if (!sent.finished)
        loop.exec();
    if (!sent.finished)
        attempt.abort();
    return sent;
}

// An attempt that did not answer: nothing a run could record as an answer.
#define QVERIFY_NO_ANSWER(sent)                                                                              \
    do {                                                                                                     \
        QVERIFY2((sent).finished, "the attempt did not finish");                                             \
        QVERIFY((sent).result.kind != AttemptResult::Kind::Answered);                                        \
        QVERIFY((sent).result.content.isEmpty());                                                            \
        QVERIFY((sent).result.logprobContent.isEmpty());                                                     \
    } while (false)

struct Timed {
    Sent sent;
    double seconds = 0.0; ///< from start() to finished()
};

/// `count` attempts at once against one URL (as a run with requests_in_flight = count sends them), each
/// timed from its start() to its finished(). Waits at most timeoutS + 10 s (a guard, as in attemptOnce).
std::vector<Timed> attemptsAtOnce(CurlMulti& network, const QString& baseUrl, int count, double timeoutS,
                                  qint64 maxBytes)
{
    std::vector<std::unique_ptr<ChatAttempt>> attempts;
    std::vector<Timed> timed(static_cast<std::size_t>(count));
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    int open = count;
    for (int i = 0; i < count; ++i) {
        attempts.push_back(std::make_unique<ChatAttempt>(&network));
        QObject::connect(attempts.back().get(), &ChatAttempt::finished, &loop,
                         [&, i](const AttemptResult& result) {
                             Timed& t = timed[static_cast<std::size_t>(i)];
                             t.sent.finished = true;
                             t.sent.result = result;
                             t.seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
                             if (--open == 0)
                                 loop.quit();
                         });
    }
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    guard.start(static_cast<int>((timeoutS + 10.0) * 1000.0));
    for (auto& attempt : attempts)
        attempt->start(QUrl(baseUrl + QStringLiteral("/chat/completions")), kRequest, kKey, timeoutS,
                       maxBytes);
    loop.exec();
    for (auto& attempt : attempts)
        attempt->abort(); // those that finished ignore it
    return timed;
}

/// This process's peak resident memory so far (VmHWM), in bytes.
qint64 peakResidentBytes()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').front().toLongLong() * 1024;
    return -1;
}

/// The first window of kRedactPrefixChars characters of `key` found in `text` (a leak, whole or in part),
/// or "" when none is.
QByteArray keyPartIn(const QByteArray& text, const QByteArray& key)
{
    for (qsizetype i = 0; i + kRedactPrefixChars <= key.size(); ++i)
        if (text.contains(key.mid(i, kRedactPrefixChars)))
            return key.mid(i, kRedactPrefixChars);
    return {};
}

QByteArray header(const QByteArray& request, const QByteArray& name)
{
    for (const QByteArray& line : request.split('\n'))
        if (line.toLower().startsWith(name.toLower() + ':'))
            return line.mid(name.size() + 1).trimmed();
    return {};
}

// CRC-32 (ISO 3309) for the gzip trailer.
quint32 crc32(const QByteArray& data)
{
    quint32 crc = 0xFFFFFFFFu;
    for (const char c : data) {
        crc ^= static_cast<quint8>(c);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

QByteArray littleEndian32(quint32 value)
{
    QByteArray out(4, '\0');
    for (int i = 0; i < 4; ++i)
        out[i] = static_cast<char>((value >> (8 * i)) & 0xFFu);
    return out;
}

/// `data` as HTTP "deflate" (a zlib stream) or "gzip" (the same deflate data in a gzip member).
QByteArray compress(const QByteArray& data, const QByteArray& encoding)
{
    const QByteArray zlib = qCompress(data, 9).mid(4); // qCompress prefixes the length
    if (encoding == "deflate")
        return zlib;
    const QByteArray gzipHeader("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff", 10);
    return gzipHeader + zlib.mid(2, zlib.size() - 6) + littleEndian32(crc32(data)) +
           littleEndian32(static_cast<quint32>(data.size()));
}

} // namespace

class TestHostileServer : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::optional<test::TestPki> m_pki;
    QString m_pkiError;

    /// The test certificates, made on first use; a TLS test fails (never skips) when they cannot be made.
    const test::TestPki* pki()
    {
        if (!m_pki && m_pkiError.isEmpty()) {
            const QString dir = m_dir.filePath(QStringLiteral("pki"));
            if (!QDir().mkpath(dir))
                m_pkiError = QStringLiteral("cannot create ") + dir;
            else
                m_pki = test::makeTestPki(dir, &m_pkiError);
        }
        return m_pki ? &*m_pki : nullptr;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The control for the TLS cases below: a certificate the client trusts, for the host it asked for, is
    // accepted, so a refusal below is about the certificate and not about the test's TLS server.
    void trustedCertificateIsAccepted()
    {
        const test::TestPki* certificates = pki();
        QVERIFY2(certificates, qPrintable(m_pkiError));
        ScriptedHttpServer server(
            [](int, const QByteArray&) { return ScriptedHttpServer::completion(QStringLiteral("A")); });
        QVERIFY(server.listenTls(certificates->localhost.chain, certificates->localhost.key));
        CurlMulti network;
        network.setExtraCaCertificates(certificates->ca.toPem());
        const Sent sent = attemptOnce(network, server.baseUrl(QStringLiteral("localhost")), 5.0, 4096);
        QVERIFY(sent.finished);
        QCOMPARE(sent.result.error, QString());
        QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Answered));
        QCOMPARE(sent.result.content, QStringLiteral("A"));
        QCOMPARE(server.requests(), 1);
        QCOMPARE(header(server.requestLog().front(), "Authorization"), "Bearer " + kKey);
    }

    // TLS verification is on: a certificate the client cannot trust ends the attempt in the handshake, before
    // a byte of the request (its Authorization header included) is sent; not retried.
    void untrustedCertificatesAreRefused_data()
    {
        QTest::addColumn<QString>("identity");
        QTest::addColumn<bool>("trustCa");
        QTest::addColumn<QString>("error");
        // The reasons are curl's and OpenSSL's words.
        QTest::newRow("self-signed")
            << "self" << true
            << "network error: SSL handshake failed: SSL certificate problem: self-signed certificate";
        QTest::newRow("wrong host name")
            << "other" << true
            << "network error: SSL handshake failed: SSL: no alternative certificate subject name matches "
               "target host name 'localhost'";
        QTest::newRow("unknown CA")
            << "localhost" << false
            << "network error: SSL handshake failed: SSL certificate problem: self-signed certificate in "
               "certificate chain";
        QTest::newRow("unknown CA, leaf only")
            << "localhost leaf" << false
            << "network error: SSL handshake failed: SSL certificate problem: unable to get local issuer "
               "certificate";
    }

    void untrustedCertificatesAreRefused()
    {
        QFETCH(QString, identity);
        QFETCH(bool, trustCa);
        QFETCH(QString, error);
        const test::TestPki* certificates = pki();
        QVERIFY2(certificates, qPrintable(m_pkiError));
        CurlMulti network;
        if (trustCa)
            network.setExtraCaCertificates(certificates->ca.toPem());
        test::TlsIdentity served = identity == QLatin1String("self")    ? certificates->selfSigned
                                   : identity == QLatin1String("other") ? certificates->otherHost
                                                                        : certificates->localhost;
        if (identity == QLatin1String("localhost leaf"))
            served.chain = {served.chain.front()}; // without the CA: the client cannot build a chain
        ScriptedHttpServer server(
            [](int, const QByteArray&) { return ScriptedHttpServer::completion(QStringLiteral("A")); });
        QVERIFY(server.listenTls(served.chain, served.key));
        const Sent sent = attemptOnce(network, server.baseUrl(QStringLiteral("localhost")), 5.0, 4096);
        QVERIFY_NO_ANSWER(sent);
        QCOMPARE(sent.result.error, error);
        QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Fatal));
        QCOMPARE(sent.result.httpStatus, 0);
        QCOMPARE(server.handshakesStarted(), 1); // the client did reach the server ...
        QCOMPARE(server.requests(), 0);          // ... and sent it nothing
        QCOMPARE(server.received(), QByteArray());
    }

    // An https URL served by a plain-HTTP server: the client speaks TLS (a ClientHello) and never falls back
    // to sending the request, key included, in clear; the silent server makes the attempt time out.
    void keyNeverLeavesInClear()
    {
        ScriptedHttpServer plain(
            [](int, const QByteArray&) { return ScriptedHttpServer::completion(QStringLiteral("A")); });
        QVERIFY(plain.listen());
        const QString url = plain.baseUrl().replace(QStringLiteral("http://"), QStringLiteral("https://"));
        CurlMulti network;
        const Sent sent = attemptOnce(network, url, 0.5, 4096);
        QVERIFY_NO_ANSWER(sent);
        QCOMPARE(sent.result.error, QStringLiteral("timed out after 0.5 s"));
        QCOMPARE(plain.connections(), 1);
        QVERIFY(!plain.received().isEmpty()); // the ClientHello
        QCOMPARE(plain.requests(), 0);
        QVERIFY(!plain.received().contains(kKey));
        QVERIFY(!plain.received().toLower().contains("authorization"));
    }

    // A redirect is never followed, whatever its status and target: the key must not travel to another host,
    // to http after https, or even to another path of the same host (the attempt sends exactly one request).
    void redirectsAreNotFollowed_data()
    {
        QTest::addColumn<bool>("tls");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("location"); // %OTHER% = the second server's port, %SELF% = the first's
        QTest::addColumn<QString>("error");
        QTest::newRow("307 other host")
            << false << 307 << QByteArray("http://localhost:%OTHER%/v1/chat/completions")
            << "HTTP 307: redirect to localhost not followed";
        QTest::newRow("308 other host")
            << false << 308 << QByteArray("http://localhost:%OTHER%/v1/chat/completions")
            << "HTTP 308: redirect to localhost not followed";
        QTest::newRow("301 other host")
            << false << 301 << QByteArray("http://localhost:%OTHER%/v1/chat/completions")
            << "HTTP 301: redirect to localhost not followed";
        QTest::newRow("302 other port")
            << false << 302 << QByteArray("http://127.0.0.1:%OTHER%/v1/chat/completions")
            << "HTTP 302: redirect to 127.0.0.1 not followed";
        QTest::newRow("303 other host")
            << false << 303 << QByteArray("http://localhost:%OTHER%/v1/chat/completions")
            << "HTTP 303: redirect to localhost not followed";
        QTest::newRow("same host, other path")
            << false << 307 << QByteArray("http://127.0.0.1:%SELF%/v1/elsewhere")
            << "HTTP 307: redirect to 127.0.0.1 not followed";
        QTest::newRow("relative") << false << 307 << QByteArray("/v1/elsewhere")
                                  << "HTTP 307: redirect to another location not followed";
        QTest::newRow("https to http")
            << true << 307 << QByteArray("http://localhost:%OTHER%/v1/chat/completions")
            << "HTTP 307: redirect to localhost not followed";
        QTest::newRow("https to https, same host")
            << true << 308 << QByteArray("https://localhost:%SELF%/v1/elsewhere")
            << "HTTP 308: redirect to localhost not followed";
    }

    void redirectsAreNotFollowed()
    {
        QFETCH(bool, tls);
        QFETCH(int, status);
        QFETCH(QByteArray, location);
        QFETCH(QString, error);
        ScriptedHttpServer other(
            [](int, const QByteArray&) { return ScriptedHttpServer::completion(QStringLiteral("B")); });
        QVERIFY(other.listen());
        QByteArray target = location;
        target.replace("%OTHER%", QByteArray::number(other.port()));
        ScriptedHttpServer first([&target, status](int, const QByteArray&) {
            return ScriptedHttpServer::response(status, R"({"moved":true})", "Location: " + target + "\r\n");
        });
        CurlMulti network;
        if (tls) {
            const test::TestPki* certificates = pki();
            QVERIFY2(certificates, qPrintable(m_pkiError));
            network.setExtraCaCertificates(certificates->ca.toPem());
            QVERIFY(first.listenTls(certificates->localhost.chain, certificates->localhost.key));
        } else {
            QVERIFY(first.listen());
        }
        target.replace("%SELF%", QByteArray::number(first.port()));
        const Sent sent = attemptOnce(
            network, first.baseUrl(tls ? QStringLiteral("localhost") : QStringLiteral("127.0.0.1")), 5.0,
            4096);
        QVERIFY_NO_ANSWER(sent);
        QCOMPARE(sent.result.error, error);
        QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Fatal));
        QCOMPARE(sent.result.httpStatus, status);
        QCOMPARE(first.requests(), 1);
        QCOMPARE(header(first.requestLog().front(), "Authorization"), "Bearer " + kKey);
        QCOMPARE(other.connections(), 0);
        QCOMPARE(other.requests(), 0);
    }

    // A body that never ends is stopped at the response cap and not retried; the attempt itself never holds
    // more than the cap, and it closes the connection, so the server stops writing. `maxServerBytes` bounds
    // what the server could write before that: the two kernels' socket buffers (~5 MiB here), chunked or not
    // (curl hands the decoded chunks over as it reads them, and reads no further than the cap).
    void endlessBodiesStopAtTheCap_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QByteArray>("chunk");
        QTest::addColumn<qint64>("maxServerBytes");
        const QByteArray block(16384, 'x');
        const qint64 kernelBuffers = qint64(32) << 20;
        QTest::newRow("no length, until close")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
            << block << kernelBuffers;
        QTest::newRow("chunked") << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                               "Transfer-Encoding: chunked\r\n\r\n")
                                 << QByteArray("4000\r\n" + block + "\r\n") << kernelBuffers;
        QTest::newRow("huge Content-Length")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                          "1000000000000\r\n\r\n")
            << block << kernelBuffers;
        QTest::newRow("error status, endless")
            << QByteArray("HTTP/1.1 500 Oops\r\nConnection: close\r\n\r\n") << block << kernelBuffers;
    }

    void endlessBodiesStopAtTheCap()
    {
        QFETCH(QByteArray, head);
        QFETCH(QByteArray, chunk);
        QFETCH(qint64, maxServerBytes);
        ScriptedHttpServer server([&head](int, const QByteArray&) { return head; });
        server.setEndless(chunk);
        QVERIFY(server.listen());
        CurlMulti network;
        // Without the cap the attempt would read for its whole 10 s and end "timed out after 10 s".
        const Sent sent = attemptOnce(network, server.baseUrl(), 10.0, 65536);
        QVERIFY_NO_ANSWER(sent);
        QCOMPARE(sent.result.error, QStringLiteral("response larger than 65536 bytes refused"));
        QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Fatal));
        QTRY_COMPARE(server.disconnections(), 1);
        QVERIFY2(server.endlessBytesWritten() < maxServerBytes,
                 qPrintable(QString::number(server.endlessBytesWritten())));
    }

    // Slowloris: a server that sends its headers and then a byte now and then (or trickles from the first
    // byte, or says nothing) cannot hold the attempt: its timeout counts from sending to the last byte, not
    // from the last byte received. Retryable; the connection is closed.
    void tricklingServersTimeOut_data()
    {
        QTest::addColumn<int>("trickleMs");
        QTest::addColumn<bool>("afterHeaders");
        QTest::addColumn<bool>("silent");
        QTest::addColumn<double>("timeoutS");
        QTest::addColumn<QString>("error");
        QTest::newRow("headers, then 1 byte/s") << 1000 << true << false << 1.5 << "timed out after 1.5 s";
        QTest::newRow("headers, then 1 byte/100 ms")
            << 100 << true << false << 0.5 << "timed out after 0.5 s";
        QTest::newRow("1 byte/100 ms from the status line")
            << 100 << false << false << 0.5 << "timed out after 0.5 s";
        QTest::newRow("silent") << 0 << false << true << 0.5 << "timed out after 0.5 s";
    }

    void tricklingServersTimeOut()
    {
        QFETCH(int, trickleMs);
        QFETCH(bool, afterHeaders);
        QFETCH(bool, silent);
        QFETCH(double, timeoutS);
        QFETCH(QString, error);
        ScriptedHttpServer server([silent](int, const QByteArray&) {
            return silent ? QByteArray() : ScriptedHttpServer::completion(QStringLiteral("A"));
        });
        server.setTrickle(trickleMs, afterHeaders);
        QVERIFY(server.listen());
        CurlMulti network;
        const Sent sent = attemptOnce(network, server.baseUrl(), timeoutS, 4096);
        QVERIFY_NO_ANSWER(sent);
        QCOMPARE(sent.result.error, error);
        QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Retryable));
        QTRY_COMPARE(server.disconnections(), 1); // the attempt gave its connection up (the manager lives on)
    }

    // A 200 whose body is not a readable completion is an error, never an answer; retryable (a proxy's error
    // page may be passing). The Content-Type is not checked: many OpenAI-compatible servers label JSON
    // text/plain or not at all, so a completion is read whatever its label; when the body is unreadable, a
    // non-JSON Content-Type is named in the error (an HTML page from a proxy explains itself).
    void unreadableBodiesAreErrors_data()
    {
        QTest::addColumn<QByteArray>("contentType");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("error"); // empty: answered with content "A"
        const QByteArray json = "application/json";
        const QByteArray good = ScriptedHttpServer::completionBody(QStringLiteral("A"));
        QTest::newRow("invalid UTF-8 in content") << json
                                                  << QByteArray(R"({"choices":[{"message":{"content":"A )"
                                                                "\xff\xfe"
                                                                R"("}}]})")
                                                  << "malformed response body: not valid UTF-8";
        QTest::newRow("overlong UTF-8 in content") << json
                                                   << QByteArray(R"({"choices":[{"message":{"content":"A)"
                                                                 "\xc0\xaf"
                                                                 R"("}}]})")
                                                   << "malformed response body: not valid UTF-8";
        QTest::newRow("truncated UTF-8 in a key") << json
                                                  << QByteArray(R"({"choices":[{"mess)"
                                                                "\xe2\x82"
                                                                R"(":{"content":"A"}}]})")
                                                  << "malformed response body: not valid UTF-8";
        QTest::newRow("not JSON") << json << QByteArray("upstream connect error")
                                  << "malformed response body: not a JSON object";
        QTest::newRow("HTML error page")
            << QByteArray("text/html; charset=utf-8")
            << QByteArray("<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>"
                          "</body></html>")
            << "malformed response body: not a JSON object (Content-Type: text/html; charset=utf-8)";
        QTest::newRow("empty") << json << QByteArray() << "malformed response body: empty";
        QTest::newRow("empty, no type") << QByteArray() << QByteArray() << "malformed response body: empty";
        QTest::newRow("nested 100000 deep")
            << json << QByteArray(100000, '[') << "malformed response body: not a JSON object";
        QTest::newRow("content not text")
            << json << QByteArray(R"({"choices":[{"message":{"content":["A"]}}]})")
            << "malformed response body: no choices[0].message.content";
        QTest::newRow("JSON as text/plain") << QByteArray("text/plain") << good << QString();
        QTest::newRow("JSON without a type") << QByteArray() << good << QString();
        QTest::newRow("JSON labelled text/html") << QByteArray("text/html") << good << QString();
    }

    void unreadableBodiesAreErrors()
    {
        QFETCH(QByteArray, contentType);
        QFETCH(QByteArray, body);
        QFETCH(QString, error);
        const QByteArray response =
            "HTTP/1.1 200 OK\r\n" +
            (contentType.isEmpty() ? QByteArray() : "Content-Type: " + contentType + "\r\n") +
            "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        ScriptedHttpServer server([&response](int, const QByteArray&) { return response; });
        QVERIFY(server.listen());
        CurlMulti network;
        const Sent sent = attemptOnce(network, server.baseUrl(), 5.0, 262144);
        QVERIFY(sent.finished);
        QCOMPARE(sent.result.error, error);
        QCOMPARE(sent.result.httpStatus, 200);
        if (error.isEmpty()) {
            QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Answered));
            QCOMPARE(sent.result.content, QStringLiteral("A"));
        } else {
            QVERIFY_NO_ANSWER(sent);
            QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Retryable));
        }
        QCOMPARE(server.requests(), 1);
    }

    // A server that hangs up before its response is complete (100 ms after its last byte, so the client has
    // read the bytes when it sees the close): a transport error, retryable, never an answer (not even when
    // the part that arrived holds a complete completion) and never an "HTTP 200" error. A chunked body cut
    // before its last chunk is caught the same way (curl checks the framing), also when the part is whole
    // JSON. The attempt's connection is new, so curl does not send the POST again (it re-sends only on a
    // reused connection that turns out closed): the server sees one request.
    void connectionsCutShortAreRetryable_data()
    {
        QTest::addColumn<QByteArray>("response");
        QTest::addColumn<bool>("closeAtOnce"); // close together with the last bytes, no pause
        const QByteArray good = ScriptedHttpServer::completionBody(QStringLiteral("A"));
        const QByteArray chunked =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
        QTest::newRow("mid-body") << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                                "Content-Length: " +
                                                QByteArray::number(good.size() + 100) + "\r\n\r\n" + good)
                                  << false;
        QTest::newRow("mid-body, closed with the last bytes")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(good.size() + 100) +
                          "\r\n\r\n" + good)
            << true;
        QTest::newRow("chunked, cut mid-JSON at a chunk boundary")
            << QByteArray(chunked + QByteArray::number(good.size() / 2, 16) + "\r\n" +
                          good.left(good.size() / 2) + "\r\n")
            << false;
        QTest::newRow("chunked, cut mid-JSON in a chunk")
            << QByteArray(chunked + QByteArray::number(good.size(), 16) + "\r\n" + good.left(good.size() / 2))
            << false;
        QTest::newRow("chunked, whole JSON without the last chunk")
            << QByteArray(chunked + QByteArray::number(good.size(), 16) + "\r\n" + good + "\r\n") << false;
        QTest::newRow("headers only")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n")
            << false;
        QTest::newRow("mid-status line") << QByteArray("HTTP/1.1 20") << false;
        QTest::newRow("no byte") << QByteArray() << false;
    }

    void connectionsCutShortAreRetryable()
    {
        QFETCH(QByteArray, response);
        QFETCH(bool, closeAtOnce);
        ScriptedHttpServer server([&response](int, const QByteArray&) { return response; });
        server.setHangUp(true, closeAtOnce ? 0 : 100);
        QVERIFY(server.listen());
        CurlMulti network;
        const Sent sent = attemptOnce(network, server.baseUrl(), 5.0, 4096);
        QVERIFY_NO_ANSWER(sent);
        QCOMPARE(sent.result.error,
                 QStringLiteral("network error: connection closed before the response was complete"));
        QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Retryable));
        QCOMPARE(sent.result.httpStatus, 0);
        QCOMPARE(server.requests(), 1);
    }

    // An HTTP client that inflates gzip and deflate bodies would turn a few KiB into many MiB before a byte
    // reached the attempt's cap. The attempt asks for identity and has curl inflate nothing, and a server
    // that compresses anyway is refused (not retried) without inflating anything.
    void compressedBodiesAreNotInflated_data()
    {
        QTest::addColumn<QByteArray>("encoding");
        QTest::addColumn<QByteArray>("plain");
        QTest::newRow("gzip bomb") << QByteArray("gzip") << QByteArray(16 << 20, ' ');
        QTest::newRow("deflate bomb") << QByteArray("deflate") << QByteArray(16 << 20, ' ');
        QTest::newRow("gzip completion")
            << QByteArray("gzip") << ScriptedHttpServer::completionBody(QStringLiteral("A"));
    }

    void compressedBodiesAreNotInflated()
    {
        QFETCH(QByteArray, encoding);
        QFETCH(QByteArray, plain);
        const QByteArray body = compress(plain, encoding);
        QVERIFY(body.size() < 65536);
        const QByteArray response =
            ScriptedHttpServer::response(200, body, "Content-Encoding: " + encoding + "\r\n");
        ScriptedHttpServer server([&response](int, const QByteArray&) { return response; });
        QVERIFY(server.listen());
        CurlMulti network;
        const Sent sent = attemptOnce(network, server.baseUrl(), 5.0, 65536);
        QVERIFY_NO_ANSWER(sent);
        QCOMPARE(server.requests(), 1);
        QCOMPARE(header(server.requestLog().front(), "Accept-Encoding"), QByteArray("identity"));
        QCOMPARE(sent.result.error,
                 QStringLiteral("response with Content-Encoding %1 refused (identity was asked for)")
                     .arg(QString::fromLatin1(encoding)));
        QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Fatal));
    }

    // A server that echoes the key where the attempt shortens a text (a 300-character error message, a
    // 100-character Content-Type) or cuts it itself, encoded or not: the attempt removes the key before it
    // shortens, so neither the key nor any part of kRedactPrefixChars of it is in the error.
    void keyEchoesAreRedacted_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QByteArray>("response");
        QTest::addColumn<QString>("error");
        const QByteArray odd = "sk-proj/ab+cd=ef_0123456789"; // a key that URL and JSON encode
        const auto json400 = [](const QByteArray& message) {
            return ScriptedHttpServer::response(400, R"({"error":{"message":")" + message + R"("}})");
        };
        QTest::newRow("error message, key across the cut")
            << kKey << json400(QByteArray(290, 'x') + " " + kKey + " is not a valid key")
            << QStringLiteral("HTTP 400: ") + QString(290, QLatin1Char('x')) +
                   QStringLiteral(" [redacted...");
        QTest::newRow("error message, key cut by the server")
            << kKey << json400("invalid key " + kKey.left(12) + "...")
            << QStringLiteral("HTTP 400: invalid key [redacted]...");
        QTest::newRow("error message ends with the start of the key")
            << kKey << json400("invalid key " + kKey.left(9))
            << QStringLiteral("HTTP 400: invalid key [redacted]");
        QTest::newRow("error text that is not JSON, across the cut")
            << kKey << ScriptedHttpServer::response(502, QByteArray(284, 'y') + " Bearer " + kKey + " denied")
            << QStringLiteral("HTTP 502: ") + QString(284, QLatin1Char('y')) +
                   QStringLiteral(" Bearer [redacte...");
        QTest::newRow("Content-Type, key across the cut")
            << kKey
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: text/html; x=" + QByteArray(77, 'p') + kKey +
                          "; charset=utf-8\r\nContent-Length: 6\r\n\r\n<html>")
            << QStringLiteral("malformed response body: not a JSON object (Content-Type: text/html; x=") +
                   QString(77, QLatin1Char('p')) + QStringLiteral("[redacted]...)");
        QTest::newRow("Content-Encoding with the key")
            << kKey << ScriptedHttpServer::response(200, "{}", "Content-Encoding: x-" + kKey + "\r\n")
            << QStringLiteral("response with Content-Encoding x-[redacted] refused (identity was asked for)");
        QTest::newRow("JSON-escaped in a body that is not JSON")
            << odd
            << ScriptedHttpServer::response(500, R"(upstream: {"auth":"Bearer sk-proj\/ab+cd=ef_0123456789")")
            << QStringLiteral(R"(HTTP 500: upstream: {"auth":"Bearer [redacted]")");
        QTest::newRow("URL-encoded") << odd
                                     << json400(
                                            "bad request to /v1?key=sk-proj%2Fab%2Bcd%3Def_0123456789&x=1")
                                     << QStringLiteral("HTTP 400: bad request to /v1?key=[redacted]&x=1");
        QTest::newRow("URL-encoded, lower-case hex")
            << odd << json400("bad request to /v1?key=sk-proj%2fab%2bcd%3def_0123456789&x=1")
            << QStringLiteral("HTTP 400: bad request to /v1?key=[redacted]&x=1");
        QTest::newRow("redirect to a host named after the key")
            << QByteArray("sk-abcdefghij")
            << ScriptedHttpServer::response(307, "{}", "Location: http://sk-abcdefghij.example/v1\r\n")
            << QStringLiteral("HTTP 307: redirect to [redacted].example not followed");
    }

    void keyEchoesAreRedacted()
    {
        QFETCH(QByteArray, key);
        QFETCH(QByteArray, response);
        QFETCH(QString, error);
        const QByteArray& bytes = response;
        ScriptedHttpServer server([&bytes](int, const QByteArray&) { return bytes; });
        QVERIFY(server.listen());
        CurlMulti network;
        const Sent sent = attemptOnce(network, server.baseUrl(), 5.0, 65536, key);
        QVERIFY_NO_ANSWER(sent);
        const AttemptResult& result = sent.result;
        QCOMPARE(result.error, error);
        QCOMPARE(keyPartIn(result.error.toUtf8(), key), QByteArray());
        QVERIFY(bytes.contains(key.left(kRedactPrefixChars)) || bytes.contains("%2") ||
                bytes.contains("\\/")); // the server did echo it
    }

    // The same echoes through a run: no part of the key is in the project (every byte of it, its log
    // included) or in either export, whichever field held the echo.
    void keyEchoesNeverReachTheProjectOrItsExports_data() { keyEchoesAreRedacted_data(); }

    void keyEchoesNeverReachTheProjectOrItsExports()
    {
        QFETCH(QByteArray, key);
        QFETCH(QByteArray, response);
        QFETCH(QString, error);
        qputenv("TRIBUNAL_TEST_ECHO_KEY", key);
        const QByteArray& bytes = response;
        ScriptedHttpServer server([&bytes](int index, const QByteArray&) {
            // Every other request is answered with the echo as the judge's answer, the raw text a run keeps.
            return index % 2 == 0
                       ? bytes
                       : ScriptedHttpServer::completion(
                             QStringLiteral("A, as %1 said").arg(QString::fromLatin1(bytes.right(80))));
        });
        QVERIFY(server.listen());
        const QString items = m_dir.filePath(QStringLiteral("echo-items.jsonl"));
        {
            QFile file(items);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(test::pairwiseItemsJsonl(2, QStringLiteral("echo")));
        }
        QJsonObject judge = test::simJudgeJson(QStringLiteral("echo"), server.baseUrl(), 1);
        judge.insert(QStringLiteral("max_retries"), 0);
        judge.insert(QStringLiteral("timeout_s"), 5.0);
        judge.insert(QStringLiteral("api_key_env"), QStringLiteral("TRIBUNAL_TEST_ECHO_KEY"));
        QString message;
        const auto design = designFromJson(test::designJson(items, {judge}, {QStringLiteral("direct")}, 1),
                                           m_dir.path(), &message);
        QVERIFY2(design, qPrintable(message));
        const AuditPtr itemAudit = loadAudit({items.toStdString()}, ImportOptions{}).audit;
        QVERIFY(itemAudit);
        const QString project =
            m_dir.filePath(QStringLiteral("echo-%1.tribunal").arg(QTest::currentDataTag()).replace(' ', '-'));
        QVERIFY2(createRunProject(project, *itemAudit, *design, &message), qPrintable(message));
        {
            RunScheduler scheduler(*design, itemAudit, project);
            QSignalSpy finished(&scheduler, &RunScheduler::finished);
            QVERIFY2(scheduler.start(&message), qPrintable(message));
            QVERIFY(finished.wait(60'000));
            QCOMPARE(finished.first().at(1).toString(), QString());
            QCOMPARE(scheduler.counts().written, std::uint64_t(4));
        }
        QVERIFY(header(server.requestLog().front(), "Authorization") == "Bearer " + key);
        std::string err;
        const auto contents = ProjectFile::open(project.toStdString(), &err);
        QVERIFY2(contents, err.c_str());
        bool errorFound = false;
        for (std::size_t row = 0; row < contents->audit->judgments().size(); ++row)
            errorFound |=
                contents->audit->str(contents->audit->judgments().error[row]) == error.toStdString();
        QVERIFY2(errorFound, qPrintable(error));
        const QString csv = project + QStringLiteral(".csv"), jsonl = project + QStringLiteral(".jsonl");
        QVERIFY2(exportFlatCsv(*contents->audit, csv.toStdString(), &err), err.c_str());
        QVERIFY2(exportJsonl(*contents->audit, jsonl.toStdString(), &err), err.c_str());
        for (const QString& path : {project, project + QStringLiteral("-wal"), csv, jsonl}) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly))
                continue; // no log left: the run folded it back
            const QByteArray written = file.readAll();
            QVERIFY2(keyPartIn(written, key).isEmpty(),
                     qPrintable(path + QStringLiteral(": ") + QString::fromLatin1(keyPartIn(written, key))));
        }
        qunsetenv("TRIBUNAL_TEST_ECHO_KEY");
    }

    // A key that is not visible ASCII is refused when the design is loaded (naming the judge and the
    // variable, never the key), again when a run starts, and by the attempt itself: a CR LF would end the
    // Authorization header and start another one. Nothing reaches the server.
    void keysThatAreNotVisibleAsciiAreRefused_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QString>("problem");
        const QString lineBreak =
            QStringLiteral("holds a line break (CR or LF), which would start another request header");
        QTest::newRow("CR LF header injection") << QByteArray("sk-abc\r\nX-Injected: yes") << lineBreak;
        QTest::newRow("LF") << QByteArray("sk-abc\nX-Injected: yes") << lineBreak;
        QTest::newRow("CR at the end") << QByteArray("sk-abcdef\r") << lineBreak;
        QTest::newRow("tab") << QByteArray("sk-abc\tdef") << QStringLiteral("holds a control character");
        QTest::newRow("DEL") << QByteArray("sk-abc\x7f") << QStringLiteral("holds a control character");
        QTest::newRow("non-ASCII") << QByteArray("sk-cl\xc3\xa9-123")
                                   << QStringLiteral("holds a character outside ASCII");
        QTest::newRow("space") << QByteArray("sk-abc def") << QStringLiteral("holds a space");
    }

    void keysThatAreNotVisibleAsciiAreRefused()
    {
        QFETCH(QByteArray, key);
        QFETCH(QString, problem);
        ScriptedHttpServer server(
            [](int, const QByteArray&) { return ScriptedHttpServer::completion(QStringLiteral("A")); });
        QVERIFY(server.listen());
        const QString items = m_dir.filePath(QStringLiteral("key-items.jsonl"));
        {
            QFile file(items);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(test::pairwiseItemsJsonl(1, QStringLiteral("keys")));
        }
        QJsonObject judge = test::simJudgeJson(QStringLiteral("judge-k"), server.baseUrl(), 1);
        judge.insert(QStringLiteral("api_key_env"), QStringLiteral("TRIBUNAL_TEST_BAD_KEY"));
        const QJsonObject designJson = test::designJson(items, {judge}, {QStringLiteral("direct")}, 1);
        const QString expected =
            QStringLiteral("api_key_env: the key of judge \"judge-k\" in TRIBUNAL_TEST_BAD_KEY ") + problem;

        // At load.
        qunsetenv("TRIBUNAL_TEST_BAD_KEY");
        QString message;
        const auto design = designFromJson(designJson, m_dir.path(), &message); // no key yet: loads
        QVERIFY2(design, qPrintable(message));
        qputenv("TRIBUNAL_TEST_BAD_KEY", key);
        QVERIFY(!designFromJson(designJson, m_dir.path(), &message));
        QCOMPARE(message, QStringLiteral("judges[0].") + expected);
        QVERIFY(!message.toUtf8().contains(key));

        // When a run starts (the design was loaded before the key was set).
        const AuditPtr itemAudit = loadAudit({items.toStdString()}, ImportOptions{}).audit;
        QVERIFY(itemAudit);
        const QString project =
            m_dir.filePath(QStringLiteral("key-%1.tribunal").arg(QTest::currentDataTag()).replace(' ', '-'));
        QVERIFY2(createRunProject(project, *itemAudit, *design, &message), qPrintable(message));
        {
            RunScheduler scheduler(*design, itemAudit, project);
            QVERIFY(!scheduler.start(&message));
            QCOMPARE(message, expected);
        }
        qunsetenv("TRIBUNAL_TEST_BAD_KEY");

        // By the attempt (a caller that skipped both).
        CurlMulti network;
        bool inStart = true;
        const Sent sent = attemptOnce(network, server.baseUrl(), 5.0, 4096, key, &inStart);
        QVERIFY_NO_ANSWER(sent);
        QVERIFY(!inStart); // never from inside start()
        const AttemptResult& result = sent.result;
        QCOMPARE(result.error, QStringLiteral("API key refused: the key ") + problem);
        QCOMPARE(int(result.kind), int(AttemptResult::Kind::Fatal));
        QTest::qWait(50);
        QCOMPARE(server.connections(), 0);
        QCOMPARE(server.requests(), 0);
    }

    // A NUL cannot be in an environment variable, but the attempt refuses one from any other caller.
    void keyWithNulIsRefusedByTheAttempt()
    {
        QCOMPARE(apiKeyProblem(QByteArray("sk-abc\0def", 10)), QStringLiteral("holds a control character"));
        QCOMPARE(apiKeyProblem(QByteArray("sk-visible_ASCII~!")), QString());
    }

    // A base_url is stored in the judges table: one with user info or a query string (where a key might be
    // put) is refused at load without quoting it.
    void baseUrlsThatCouldHoldAKeyAreRefused_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("user and password") << "https://user:sk-secret123@api.example.com/v1";
        QTest::newRow("user only") << "https://sk-secret123@api.example.com/v1";
        QTest::newRow("empty user info") << "https://@api.example.com/v1";
        QTest::newRow("query with a key") << "https://api.example.com/v1?api-key=sk-secret123";
        QTest::newRow("any query") << "https://api.example.com/v1?region=eu";
        QTest::newRow("empty query") << "https://api.example.com/v1?";
        QTest::newRow("fragment") << "https://api.example.com/v1#sk-secret123";
    }

    void baseUrlsThatCouldHoldAKeyAreRefused()
    {
        QFETCH(QString, url);
        QJsonObject judge{{QStringLiteral("name"), QStringLiteral("j")},
                          {QStringLiteral("base_url"), url},
                          {QStringLiteral("model"), QStringLiteral("m")}};
        QString error;
        QVERIFY(!judgeConfigFromJson(judge, &error));
        QCOMPARE(error,
                 QStringLiteral("base_url: must not hold user info (user:password@), a query string or a "
                                "fragment; put the key in api_key_env, not in base_url"));
        judge.insert(QStringLiteral("base_url"), QStringLiteral("https://api.example.com/v1"));
        QVERIFY2(judgeConfigFromJson(judge, &error), qPrintable(error)); // the control
    }

    // Floods from a server on a thread of its own (as fast as the kernel takes the bytes), 8 attempts at once
    // as a run with requests_in_flight 8 sends them: each ends with its exact error within timeout_s + 1 s,
    // and the process's peak memory grows by at most `maxGrowthMiB`. An endless body is refused at the 4 MiB
    // cap (8 attempts may hold 8 x 4 MiB), an endless header block or endless interim (103) responses at
    // the 64 KiB header cap, and an endless header line at curl's 100 KiB line limit, each long before the
    // timeout.
    void floodsEndInTimeWithBoundedMemory_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QByteArray>("chunk");
        QTest::addColumn<double>("timeoutS");
        QTest::addColumn<QString>("error");
        QTest::addColumn<qint64>("maxGrowthMiB");
        const QByteArray block(16384, 'x');
        const QString headers = QStringLiteral("response headers larger than 65536 bytes refused");
        QTest::newRow("endless chunked body")
            << QByteArray(
                   "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
            << QByteArray("4000\r\n" + block + "\r\n") << 3.0
            << QStringLiteral("response larger than 4194304 bytes refused") << qint64(64);
        QTest::newRow("endless body, no length")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
            << block << 3.0 << QStringLiteral("response larger than 4194304 bytes refused") << qint64(64);
        QTest::newRow("endless header block")
            << QByteArray("HTTP/1.1 200 OK\r\n") << QByteArray("X-Filler: " + QByteArray(1000, 'h') + "\r\n")
            << 2.0 << headers << qint64(16);
        QTest::newRow("endless header line")
            << QByteArray("HTTP/1.1 200 OK\r\nX-Filler: ") << block << 2.0 << headers << qint64(16);
        QTest::newRow("endless interim responses")
            << QByteArray("HTTP/1.1 103 Early Hints\r\n\r\n")
            << QByteArray("HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n") << 2.0 << headers
            << qint64(16);
    }

    void floodsEndInTimeWithBoundedMemory()
    {
        QFETCH(QByteArray, head);
        QFETCH(QByteArray, chunk);
        QFETCH(double, timeoutS);
        QFETCH(QString, error);
        QFETCH(qint64, maxGrowthMiB);
        test::ScriptedServerThread server([head](int, const QByteArray&) { return head; },
                                          [chunk](ScriptedHttpServer& s) { s.setEndless(chunk); });
        QVERIFY(server.listening());
        const qint64 peakBefore = peakResidentBytes();
        CurlMulti network;
        const std::vector<Timed> timed =
            attemptsAtOnce(network, server.baseUrl(), 8, timeoutS, qint64(4) << 20);
        const qint64 growth = peakResidentBytes() - peakBefore;
        qint64 written = 0;
        server.inspect([&written](const ScriptedHttpServer& s) { written = s.endlessBytesWritten(); });
        double slowest = 0;
        for (const Timed& t : timed) {
            QVERIFY_NO_ANSWER(t.sent);
            QCOMPARE(t.sent.result.error, error);
            slowest = std::max(slowest, t.seconds);
        }
        qInfo("slowest attempt %.2f s (timeout %.1f s), peak memory +%lld MiB, server wrote %lld MiB",
              slowest, timeoutS, growth >> 20, written >> 20);
        QVERIFY2(slowest <= timeoutS + 1.0, qPrintable(QString::number(slowest)));
#ifndef TRIBUNAL_HOSTILE_SANITIZED // ASan's shadow memory and quarantine count in the peak
        QVERIFY2(growth <= maxGrowthMiB << 20, qPrintable(QString::number(growth >> 20)));
#else
        Q_UNUSED(maxGrowthMiB)
#endif
    }

    // tribunal-cli run against flooding servers (on a thread of this process, so they write as fast as the
    // CLI reads) under a 1 GB address-space limit, 8 requests in flight: the run ends with each request's
    // located error in its judgment, in time, and without running out of memory (std::bad_alloc, or a crash).
    void cliRunsEndInTimeUnderAMemoryLimit_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QByteArray>("chunk");
        QTest::addColumn<QString>("error"); // "a|b": either a or b
        QTest::addColumn<int>("attempts");  // per request, at most
        const QByteArray block(16384, 'x');
        QTest::newRow("endless chunked body")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: "
                          "chunked\r\n\r\n")
            << QByteArray("4000\r\n" + block + "\r\n")
            << QStringLiteral("response larger than 4194304 bytes refused") << 1; // not retried
        QTest::newRow("endless header block")
            << QByteArray("HTTP/1.1 200 OK\r\n") << QByteArray("X-Filler: " + QByteArray(1000, 'h') + "\r\n")
            << QStringLiteral("response headers larger than 65536 bytes refused") << 1;
    }

    void cliRunsEndInTimeUnderAMemoryLimit()
    {
        QFETCH(QByteArray, head);
        QFETCH(QByteArray, chunk);
        QFETCH(QString, error);
        QFETCH(int, attempts);
        test::ScriptedServerThread server([head](int, const QByteArray&) { return head; },
                                          [chunk](ScriptedHttpServer& s) { s.setEndless(chunk); });
        QVERIFY(server.listening());
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), '-');
        const QString items = m_dir.filePath(QStringLiteral("cli-%1.jsonl").arg(tag));
        {
            QFile file(items);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(test::pairwiseItemsJsonl(8, QStringLiteral("flood"))); // 16 requests
        }
        const double timeoutS = 3.0;
        QJsonObject judge = test::simJudgeJson(QStringLiteral("flood"), server.baseUrl(), 8);
        judge.insert(QStringLiteral("max_retries"), 1);
        judge.insert(QStringLiteral("timeout_s"), timeoutS);
        const QString designPath = m_dir.filePath(QStringLiteral("cli-%1.json").arg(tag));
        {
            QFile file(designPath);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(
                QJsonDocument(test::designJson(items, {judge}, {QStringLiteral("direct")}, 1)).toJson());
        }
        const QString project = m_dir.filePath(QStringLiteral("cli-%1.tribunal").arg(tag));
        QProcess cli;
        const QStringList run{QStringLiteral("run"),     designPath,
                              QStringLiteral("-o"),      project,
                              QStringLiteral("--quiet"), QStringLiteral("--backoff"),
                              QStringLiteral("0.1")};
#ifdef TRIBUNAL_HOSTILE_SANITIZED
        // ASan's shadow memory needs terabytes of address space: the limit cannot apply; time and errors can.
        qInfo("sanitizer build: no address-space limit");
        cli.setProgram(QStringLiteral(TRIBUNAL_CLI_PATH));
        cli.setArguments(run);
#else
        cli.setProgram(QStringLiteral("prlimit"));
        cli.setArguments(QStringList{QStringLiteral("--as=1000000000"), QStringLiteral("--"),
                                     QStringLiteral(TRIBUNAL_CLI_PATH)} +
                         run);
#endif
        QElapsedTimer clock;
        clock.start();
        cli.start();
        QVERIFY2(cli.waitForStarted(), qPrintable(cli.errorString()));
        // prlimit execs tribunal-cli in its own process: its VmHWM, read every 20 ms, is the CLI's peak
        // memory up to its last 20 ms (getrusage(RUSAGE_CHILDREN) would count this process's memory, which a
        // child shares until it execs).
        const QString status = QStringLiteral("/proc/%1/status").arg(cli.processId());
        qint64 peakKiB = 0;
        while (!cli.waitForFinished(20) && clock.elapsed() < 120'000) {
            QFile file(status);
            if (file.open(QIODevice::ReadOnly))
                for (const QByteArray& line : file.readAll().split('\n'))
                    if (line.startsWith("VmHWM:"))
                        peakKiB = std::max(peakKiB, line.mid(6).trimmed().split(' ').front().toLongLong());
        }
        QVERIFY2(cli.state() == QProcess::NotRunning, "tribunal-cli did not finish");
        const double seconds = static_cast<double>(clock.elapsed()) / 1000.0;
        const QString out = QString::fromUtf8(cli.readAllStandardOutput());
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        qInfo("tribunal-cli run: %.2f s, peak resident memory %lld MiB", seconds, peakKiB / 1024);
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QVERIFY2(cli.exitCode() == 3, qPrintable(out + err)); // finished, every request failed (recorded)
        QVERIFY2(!err.contains(QStringLiteral("bad_alloc")), qPrintable(err));
        // 16 requests, 8 at a time: two waves of `attempts` attempts, each within timeout_s + 1 s, with up to
        // 0.1 s of backoff between attempts and 5 s for starting, preparing and writing.
        const double bound = 2 * attempts * (timeoutS + 1.0) + 0.1 * attempts + 5.0;
        QVERIFY2(seconds <= bound, qPrintable(QStringLiteral("%1 s > %2 s").arg(seconds).arg(bound)));
        std::string openError;
        const auto contents = ProjectFile::open(project.toStdString(), &openError);
        QVERIFY2(contents, openError.c_str());
        const auto& judgments = contents->audit->judgments();
        QCOMPARE(judgments.size(), std::size_t(16));
        for (std::size_t row = 0; row < judgments.size(); ++row) {
            QCOMPARE(judgments.answer[row], answer::kNone);
            const QString stored =
                QString::fromStdString(std::string(contents->audit->str(judgments.error[row])));
            QVERIFY2(error.split(QLatin1Char('|')).contains(stored), qPrintable(stored));
        }
    }

    // A finite header block over the limit (here 70 KiB of headers before a valid completion) is refused as
    // soon as its lines pass it, not retried; one under it is read.
    void largeHeaderBlocksAreRefused_data()
    {
        QTest::addColumn<int>("headerLines"); // of 1 KiB each
        QTest::addColumn<QString>("error");   // empty: answered
        QTest::newRow("70 KiB") << 70 << QStringLiteral("response headers larger than 65536 bytes refused");
        QTest::newRow("60 KiB") << 60 << QString();
    }

    void largeHeaderBlocksAreRefused()
    {
        QFETCH(int, headerLines);
        QFETCH(QString, error);
        QByteArray extra;
        for (int i = 0; i < headerLines; ++i)
            extra += "X-Filler-" + QByteArray::number(i) + ": " + QByteArray(1010, 'h') + "\r\n";
        const QByteArray response =
            ScriptedHttpServer::response(200, ScriptedHttpServer::completionBody(QStringLiteral("A")), extra);
        ScriptedHttpServer server([&response](int, const QByteArray&) { return response; });
        QVERIFY(server.listen());
        CurlMulti network;
        const Sent sent = attemptOnce(network, server.baseUrl(), 5.0, qint64(4) << 20);
        QVERIFY(sent.finished);
        QCOMPARE(sent.result.error, error);
        if (error.isEmpty()) {
            QCOMPARE(sent.result.content, QStringLiteral("A"));
        } else {
            QVERIFY_NO_ANSWER(sent);
            QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Fatal));
        }
    }

    // An interim response is not the answer, and not the end of the response either: the attempt reads past
    // any 1xx (100 Continue, 103 Early Hints with its own headers) to the final 200 and answers with it.
    void interimResponses_data()
    {
        QTest::addColumn<QByteArray>("interim");
        QTest::newRow("100 Continue, then 200") << QByteArray("HTTP/1.1 100 Continue\r\n\r\n");
        QTest::newRow("two 100 Continue, then 200")
            << QByteArray("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n");
        QTest::newRow("103 Early Hints, then 200")
            << QByteArray("HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n");
        QTest::newRow("two 103, then 200")
            << QByteArray("HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"
                          "HTTP/1.1 103 Early Hints\r\nLink: </b.css>; rel=preload\r\n\r\n");
    }

    void interimResponses()
    {
        QFETCH(QByteArray, interim);
        const QByteArray response = interim + ScriptedHttpServer::completion(QStringLiteral("A"));
        ScriptedHttpServer server([&response](int, const QByteArray&) { return response; });
        QVERIFY(server.listen());
        CurlMulti network;
        const Sent sent = attemptOnce(network, server.baseUrl(), 3.0, 4096);
        QVERIFY(sent.finished);
        QCOMPARE(sent.result.error, QString());
        QCOMPARE(server.requests(), 1);
        QCOMPARE(sent.result.httpStatus, 200);
        QCOMPARE(int(sent.result.kind), int(AttemptResult::Kind::Answered));
        QCOMPARE(sent.result.content, QStringLiteral("A"));
    }

    // Through a run (max_retries 0): each hostile response becomes a failure row with its error, answer none
    // and no raw text; nothing the server sent is recorded as the judge's answer.
    void runsRecordNoAnswerFromHostileServers_data()
    {
        QTest::addColumn<QByteArray>("response");
        QTest::addColumn<bool>("hangUp");
        QTest::addColumn<QString>("error");
        QTest::newRow("HTML page")
            << QByteArray(
                   "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 13\r\n\r\n<h1>oops</h1>")
            << false << "malformed response body: not a JSON object (Content-Type: text/html)";
        QTest::newRow("invalid UTF-8")
            << ScriptedHttpServer::response(200, R"({"choices":[{"message":{"content":"A )"
                                                 "\xff"
                                                 R"("}}]})")
            << false << "malformed response body: not valid UTF-8";
        QTest::newRow("cut mid-body")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 999\r\n\r\n" +
                          ScriptedHttpServer::completionBody(QStringLiteral("A")))
            << true << "network error: connection closed before the response was complete";
        QTest::newRow("gzip") << ScriptedHttpServer::response(200, compress("{}", "gzip"),
                                                              "Content-Encoding: gzip\r\n")
                              << false
                              << "response with Content-Encoding gzip refused (identity was asked for)";
    }

    void runsRecordNoAnswerFromHostileServers()
    {
        QFETCH(QByteArray, response);
        QFETCH(bool, hangUp);
        QFETCH(QString, error);
        ScriptedHttpServer server([&response](int, const QByteArray&) { return response; });
        server.setHangUp(hangUp, 100);
        QVERIFY(server.listen());
        const QString items = m_dir.filePath(QStringLiteral("items.jsonl"));
        {
            QFile file(items);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(test::pairwiseItemsJsonl(1, QStringLiteral("hostile")));
        }
        QJsonObject judge = test::simJudgeJson(QStringLiteral("hostile"), server.baseUrl(), 1);
        judge.insert(QStringLiteral("max_retries"), 0);
        judge.insert(QStringLiteral("timeout_s"), 5.0);
        QString message;
        const auto design = designFromJson(test::designJson(items, {judge}, {QStringLiteral("direct")}, 1),
                                           m_dir.path(), &message);
        QVERIFY2(design, qPrintable(message));
        const AuditPtr itemAudit = loadAudit({items.toStdString()}, ImportOptions{}).audit;
        QVERIFY(itemAudit);
        const QString project = m_dir.filePath(QStringLiteral("%1.tribunal").arg(QTest::currentDataTag()));
        QVERIFY2(createRunProject(project, *itemAudit, *design, &message), qPrintable(message));
        RunScheduler scheduler(*design, itemAudit, project);
        QSignalSpy finished(&scheduler, &RunScheduler::finished);
        QVERIFY2(scheduler.start(&message), qPrintable(message));
        QVERIFY(finished.wait(60'000));
        QCOMPARE(finished.first().at(1).toString(), QString());
        QCOMPARE(scheduler.counts().failed, std::uint64_t(2));
        QCOMPARE(scheduler.counts().answered, std::uint64_t(0));
        QCOMPARE(server.requests(), 2); // both orders, no retry

        std::string err;
        const auto contents = ProjectFile::open(project.toStdString(), &err);
        QVERIFY2(contents, err.c_str());
        const Audit& audit = *contents->audit;
        const auto& judgments = audit.judgments();
        QCOMPARE(judgments.size(), std::size_t(2));
        for (std::size_t row = 0; row < judgments.size(); ++row) {
            QCOMPARE(judgments.answer[row], answer::kNone);
            QCOMPARE(QString::fromStdString(std::string(audit.str(judgments.error[row]))), error);
            QCOMPARE(audit.str(judgments.raw[row]), std::string_view());
        }
    }
};

QTEST_GUILESS_MAIN(TestHostileServer)
#include "tst_hostileserver.moc"
