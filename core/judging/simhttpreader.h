#pragma once
// The request side of tribunal-judge-sim's HTTP/1.1 (judgesimserver.h): collects the bytes of one connection
// and cuts them into requests. Content-Length bodies only (chunked is refused), requests may arrive split
// across packets or several in one, HTTP/1.0 closes unless it asks for keep-alive, and a request with
// "Expect: 100-continue" is told to continue once its head has arrived and its body has not.
//
// One reader per connection; not thread-safe (used from the server's thread only).

#include <QByteArray>
#include <QString>

namespace tribunal {

struct SimHttpRequest {
    QByteArray method, path, body;
    bool keepAlive = true;
};

class SimHttpReader {
public:
    enum class Status {
        Incomplete, ///< wait for more bytes (write sendContinue's interim response first when set)
        Complete,   ///< `request` is the next request; its bytes left the buffer
        Error,      ///< answer with `error*` and close the connection (the buffer was dropped)
    };
    struct Result {
        Status status = Status::Incomplete;
        SimHttpRequest request;    ///< Complete: the request; Error: the method and path when they were read
        bool sendContinue = false; ///< Incomplete: write "HTTP/1.1 100 Continue\r\n\r\n" now
        int errorStatus = 0;       ///< Error: 400, 411, 413 or 431
        QString errorCode;         ///< Error: OpenAI error code ("" = null)
        QString errorMessage;      ///< Error: the message
    };

    /// Heads larger than this (bytes, without their body) are refused with 431.
    static constexpr qsizetype kMaxHeadBytes = 65536;

    void append(const QByteArray& bytes) { m_buffer += bytes; }
    /// Drops everything received so far.
    void clear() { m_buffer.clear(); }

    /// The next complete request in the buffer. Bodies over `maxBodyBytes` are refused (413) before they
    /// are read.
    Result next(qint64 maxBodyBytes);

private:
    QByteArray m_buffer;
    bool m_continueSent = false; // "100 Continue" already sent for the request being received
};

} // namespace tribunal
