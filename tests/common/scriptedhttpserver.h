#pragma once
// A hostile or scripted HTTP server on 127.0.0.1 for network tests: each complete request (headers and a
// Content-Length body) is handed to a script that returns the raw bytes to send back, or an empty array to
// stay silent (the connection is kept open). With a trickle interval, the response is written one byte per
// interval (slowloris). Lives on the test thread.

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QTcpServer>

#include <functional>

class QTcpSocket;

namespace tribunal::test {

class ScriptedHttpServer : public QObject {
    Q_OBJECT
public:
    /// request index (0-based, over all connections), the raw request -> raw response bytes ("" = silence).
    using Script = std::function<QByteArray(int index, const QByteArray& request)>;

    explicit ScriptedHttpServer(Script script, QObject* parent = nullptr);
    bool listen();
    quint16 port() const { return m_server.serverPort(); }
    QString baseUrl() const;
    /// Writes responses one byte per `ms` milliseconds (0 = all at once).
    void setTrickle(int ms) { m_trickleMs = ms; }

    int requests() const { return static_cast<int>(m_requests.size()); }
    const QList<QByteArray>& requestLog() const { return m_requests; }
    int connections() const { return m_connections; }

    /// A complete HTTP/1.1 response with Content-Length.
    static QByteArray response(int status, const QByteArray& body, const QByteArray& extraHeaders = {});
    /// A chat-completions 200 response whose answer is `content`.
    static QByteArray completion(const QString& content);

private:
    void onReadyRead(QTcpSocket* socket);

    Script m_script;
    QTcpServer m_server;
    QList<QByteArray> m_requests;
    int m_connections = 0;
    int m_trickleMs = 0;
};

} // namespace tribunal::test
