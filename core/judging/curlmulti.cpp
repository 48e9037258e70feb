// SPDX-License-Identifier: GPL-3.0-or-later
#include "curlmulti.h"

#include <QPointer>
#include <QSocketNotifier>

#include <curl/curl.h>

#include <climits>

namespace tribunal {

struct CurlMulti::Callbacks {
    static int socket(CURL*, curl_socket_t socket, int what, void* multi, void*)
    {
        static_cast<CurlMulti*>(multi)->watch(socket, what);
        return 0;
    }

    static int timer(CURLM*, long timeoutMs, void* multi)
    {
        // curl must not be called back from inside its own callback: the timer fires from the event loop,
        // also for a timeout of 0.
        QTimer& timer = static_cast<CurlMulti*>(multi)->m_timer;
        if (timeoutMs < 0)
            timer.stop();
        else
            timer.start(static_cast<int>(std::min<long>(timeoutMs, INT_MAX)));
        return 0;
    }
};

CurlMulti::CurlMulti(QObject* parent) : QObject(parent)
{
    // Once per process, before the first handle; a function-local static is initialised exactly once even
    // when two threads get here together. A failed init leaves m_multi null, and add() refuses.
    static const CURLcode globalInit = curl_global_init(CURL_GLOBAL_DEFAULT);
    if (globalInit != CURLE_OK)
        return;
    m_multi = curl_multi_init();
    if (!m_multi)
        return;
    curl_multi_setopt(m_multi, CURLMOPT_SOCKETFUNCTION, &Callbacks::socket);
    curl_multi_setopt(m_multi, CURLMOPT_SOCKETDATA, this);
    curl_multi_setopt(m_multi, CURLMOPT_TIMERFUNCTION, &Callbacks::timer);
    curl_multi_setopt(m_multi, CURLMOPT_TIMERDATA, this);
    // Every transfer gets a connection of its own at once (a run's requests_in_flight decides how many run
    // together, not the transport), and none waits to share one.
    curl_multi_setopt(m_multi, CURLMOPT_MAX_HOST_CONNECTIONS, 0L);
    curl_multi_setopt(m_multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, 0L);
    curl_multi_setopt(m_multi, CURLMOPT_PIPELINING, long(CURLPIPE_NOTHING));
    m_timer.setSingleShot(true);
    // A coarse timer may fire 5% late: a 3 s attempt timeout would end 150 ms after it.
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] { act(CURL_SOCKET_TIMEOUT, 0); });
}

CurlMulti::~CurlMulti()
{
    if (!m_multi)
        return;
    for (auto& [easy, done] : m_transfers)
        curl_multi_remove_handle(m_multi, easy);
    m_transfers.clear();
    curl_multi_cleanup(m_multi); // the notifiers left are children, deleted after this
}

bool CurlMulti::add(void* easy, std::function<void(int)> done)
{
    if (!m_multi || !easy)
        return false;
    if (!m_extraCa.isEmpty()) {
        curl_blob blob{const_cast<char*>(m_extraCa.constData()), static_cast<size_t>(m_extraCa.size()),
                       CURL_BLOB_COPY};
        // Added to the system's certificates, not instead of them.
        if (curl_easy_setopt(easy, CURLOPT_CAINFO_BLOB, &blob) != CURLE_OK)
            return false;
    }
    m_transfers[easy] = std::move(done);
    if (curl_multi_add_handle(m_multi, easy) != CURLM_OK) {
        m_transfers.erase(easy);
        return false;
    }
    return true;
}

void CurlMulti::remove(void* easy)
{
    if (!m_multi || m_transfers.erase(easy) == 0)
        return;
    curl_multi_remove_handle(m_multi, easy);
}

void CurlMulti::watch(int socket, int what)
{
    if (what == CURL_POLL_REMOVE) {
        unwatch(socket);
        return;
    }
    Watch& entry = m_watches[socket];
    const auto notifier = [this, socket](QSocketNotifier::Type type, int events) {
        auto* created = new QSocketNotifier(socket, type, this);
        connect(created, &QSocketNotifier::activated, this, [this, socket, events] { act(socket, events); });
        return created;
    };
    const bool read = (what & CURL_POLL_IN) != 0, write = (what & CURL_POLL_OUT) != 0;
    if (read && !entry.read)
        entry.read = notifier(QSocketNotifier::Read, CURL_CSELECT_IN);
    if (write && !entry.write)
        entry.write = notifier(QSocketNotifier::Write, CURL_CSELECT_OUT);
    if (entry.read)
        entry.read->setEnabled(read);
    if (entry.write)
        entry.write->setEnabled(write);
}

void CurlMulti::unwatch(int socket)
{
    const auto found = m_watches.find(socket);
    if (found == m_watches.end())
        return;
    // This may run inside one of these notifiers' activated(): disabled now, deleted from the event loop.
    for (QSocketNotifier* notifier : {found->second.read, found->second.write})
        if (notifier) {
            notifier->setEnabled(false);
            notifier->deleteLater();
        }
    m_watches.erase(found);
}

void CurlMulti::act(int socket, int events)
{
    if (!m_multi)
        return;
    int running = 0;
    curl_multi_socket_action(m_multi, socket, events, &running);
    // A done callback may add or remove transfers, or delete this object (through its owner).
    const QPointer<CurlMulti> alive(this);
    while (alive) {
        int queued = 0;
        CURLMsg* message = curl_multi_info_read(m_multi, &queued);
        if (!message)
            break;
        if (message->msg != CURLMSG_DONE)
            continue;
        // The message belongs to curl, and removing its handle frees it: read it first.
        CURL* easy = message->easy_handle;
        const CURLcode code = message->data.result;
        curl_multi_remove_handle(m_multi, easy);
        const auto found = m_transfers.find(easy);
        if (found == m_transfers.end())
            continue;
        const std::function<void(int)> done = std::move(found->second);
        m_transfers.erase(found);
        done(code);
    }
}

} // namespace tribunal
