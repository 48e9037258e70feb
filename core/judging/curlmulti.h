// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The HTTP transport of ChatAttempt (chatattempt.h): one libcurl multi handle driven by the Qt event loop of
// the thread that created it. curl says which sockets to watch (CURLMOPT_SOCKETFUNCTION: a QSocketNotifier
// per socket and direction) and when to wake it (CURLMOPT_TIMERFUNCTION: one single-shot QTimer); each
// event goes back to curl_multi_socket_action, and every transfer curl reports done is handed to the
// callback it was added with. Nothing blocks and no thread is started, so a transfer's callbacks (body,
// headers) run on this thread, where ChatAttempt checks its caps as the bytes arrive.
//
// curl's CURL and CURLM handles are `void` outside libcurl; they appear here as void* so that users of this
// header need not include curl.h. Lives on the thread that created it; not thread-safe.

#include <QByteArray>
#include <QObject>
#include <QTimer>

#include <functional>
#include <unordered_map>

class QSocketNotifier;

namespace tribunal {

class CurlMulti : public QObject {
    Q_OBJECT
public:
    explicit CurlMulti(QObject* parent = nullptr);
    /// Removes the transfers still running (their callbacks are not called; their owners clean their easy
    /// handles up) and frees the multi handle with its connections.
    ~CurlMulti() override;
    CurlMulti(const CurlMulti&) = delete;
    CurlMulti& operator=(const CurlMulti&) = delete;

    /// Certificates (PEM) trusted besides the system's, for a private CA: every transfer started after this
    /// call gets them (CURLOPT_CAINFO_BLOB). Verification itself is never relaxed.
    void setExtraCaCertificates(const QByteArray& pem) { m_extraCa = pem; }
    const QByteArray& extraCaCertificates() const { return m_extraCa; }

    /// Starts the configured easy handle `easy`. `done` gets its CURLcode once it has ended, always from the
    /// event loop (never from inside add()), after the handle has been taken out of the multi handle, so the
    /// callback may clean it up. False (and nothing started) when curl refuses the handle.
    bool add(void* easy, std::function<void(int curlCode)> done);
    /// Stops `easy` (the connection closes when the response was not complete); its `done` is not called.
    void remove(void* easy);

private:
    struct Callbacks; ///< curl's C callbacks (curlmulti.cpp)
    struct Watch {    ///< the notifiers of one socket curl asked about
        QSocketNotifier* read = nullptr;
        QSocketNotifier* write = nullptr;
    };

    void watch(int socket, int what);
    void unwatch(int socket);
    /// curl_multi_socket_action for `socket` (or the timeout), then the transfers it reports done.
    void act(int socket, int events);

    void* m_multi = nullptr;
    QTimer m_timer;
    std::unordered_map<int, Watch> m_watches;
    std::unordered_map<void*, std::function<void(int)>> m_transfers;
    QByteArray m_extraCa;
};

} // namespace tribunal
