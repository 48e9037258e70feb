// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A hostile or scripted HTTP server on 127.0.0.1 for network tests: each complete request (headers and a
// Content-Length body) is handed to a script that returns the raw bytes to send back, or an empty array to
// stay silent (the connection is kept open). Hostile behaviours, each off by default:
// - trickle: the response is written one byte per interval (slowloris), from its first byte or after its
//   header block;
// - endless: after the response, a chunk is written again and again, as fast as the client reads, until the
//   client closes the connection (an endless body);
// - hang up: the server closes the connection once the response is written (a body cut short), or at once
//   when the script returns nothing.
// listenTls() serves HTTPS instead (QSslServer): requests are read after the TLS handshake, so a client that
// refuses the certificate is seen as a started handshake and no request.
// Lives on the test thread.

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

class QSslCertificate;
class QSslKey;
class QTcpServer;
class QTcpSocket;
class QThread;

namespace tribunal::test {

class ScriptedHttpServer : public QObject {
    Q_OBJECT
public:
    /// request index (0-based, over all connections), the raw request -> raw response bytes ("" = silence).
    using Script = std::function<QByteArray(int index, const QByteArray& request)>;

    explicit ScriptedHttpServer(Script script, QObject* parent = nullptr);
    ~ScriptedHttpServer() override;
    /// Listens for plain HTTP on 127.0.0.1 (any free port).
    bool listen();
    /// Listens for HTTPS on 127.0.0.1 with `certificate` (its chain, leaf first) and `key`.
    bool listenTls(const QList<QSslCertificate>& certificate, const QSslKey& key);
    quint16 port() const;
    /// "<http|https>://<host>:<port>/v1"; a host other than 127.0.0.1 (e.g. "localhost") lets a URL match a
    /// certificate's name.
    QString baseUrl(const QString& host = QStringLiteral("127.0.0.1")) const;
    /// Writes responses one byte per `ms` milliseconds (0 = all at once); with `afterHeaders` the header
    /// block goes at once and only the body trickles.
    void setTrickle(int ms, bool afterHeaders = false)
    {
        m_trickleMs = ms;
        m_trickleAfterHeaders = afterHeaders;
    }
    /// After each response, writes `chunk` again and again while the client reads ("" = off).
    void setEndless(const QByteArray& chunk) { m_endless = chunk; }
    /// Closes the connection once a response has been written (at once when the script is silent), `afterMs`
    /// later: a pause lets the client take the bytes before it sees the close, not both in one read.
    void setHangUp(bool hangUp, int afterMs = 0)
    {
        m_hangUp = hangUp;
        m_hangUpAfterMs = afterMs;
    }

    int requests() const { return static_cast<int>(m_requests.size()); }
    const QList<QByteArray>& requestLog() const { return m_requests; }
    /// Connections accepted (for TLS: whose handshake completed).
    int connections() const { return m_connections; }
    /// Connections closed (by either side) after being accepted.
    int disconnections() const { return m_disconnections; }
    /// TLS handshakes started (listenTls only), whether or not they completed.
    int handshakesStarted() const { return m_handshakes; }
    /// Every byte received on every accepted connection, as received (for TLS: decrypted).
    const QByteArray& received() const { return m_received; }
    /// Bytes of endless chunks written so far.
    qint64 endlessBytesWritten() const { return m_endlessWritten; }

    /// A complete HTTP/1.1 response with Content-Length.
    static QByteArray response(int status, const QByteArray& body, const QByteArray& extraHeaders = {});
    /// A chat-completions 200 response whose answer is `content`.
    static QByteArray completion(const QString& content);
    /// The same response body as completion(), without the HTTP header block.
    static QByteArray completionBody(const QString& content);

private:
    void acceptPending();
    void onReadyRead(QTcpSocket* socket);
    void reply(QTcpSocket* socket, const QByteArray& bytes);
    void writeEndless(QTcpSocket* socket);
    void hangUp(QTcpSocket* socket) const;

    Script m_script;
    std::unique_ptr<QTcpServer> m_server;
    bool m_tls = false;
    QList<QByteArray> m_requests;
    QByteArray m_received;
    int m_connections = 0;
    int m_disconnections = 0;
    int m_handshakes = 0;
    int m_trickleMs = 0;
    bool m_trickleAfterHeaders = false;
    QByteArray m_endless;
    qint64 m_endlessWritten = 0;
    bool m_hangUp = false;
    int m_hangUpAfterMs = 0;
};

/// A ScriptedHttpServer on a thread of its own. A server on the test's thread writes only when the client on
/// that thread lets the event loop run, so it cannot flood it; this one writes as fast as the kernel takes
/// the bytes, as a real server in another process does. `setup` configures the server (setEndless, ...) on
/// its thread before it listens; the script also runs there.
class ScriptedServerThread {
public:
    ScriptedServerThread(ScriptedHttpServer::Script script,
                         const std::function<void(ScriptedHttpServer&)>& setup = {});
    ~ScriptedServerThread();
    ScriptedServerThread(const ScriptedServerThread&) = delete;
    ScriptedServerThread& operator=(const ScriptedServerThread&) = delete;

    bool listening() const { return m_listening; }
    QString baseUrl() const { return m_baseUrl; }
    /// Runs `f` on the server's thread and waits for it (to read the server's counts).
    void inspect(const std::function<void(const ScriptedHttpServer&)>& f) const;

private:
    std::unique_ptr<QThread> m_thread;
    QObject* m_context = nullptr; ///< lives on m_thread; the server is its child
    ScriptedHttpServer* m_server = nullptr;
    bool m_listening = false;
    QString m_baseUrl;
};

} // namespace tribunal::test
