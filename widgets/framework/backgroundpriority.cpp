#include "framework/backgroundpriority.h"

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace tribunal {

void lowerCurrentThreadPriority()
{
#if defined(__linux__)
    thread_local bool lowered = false;
    if (lowered)
        return;
    lowered = true;
    // On Linux the nice value is per thread: PRIO_PROCESS with a thread id changes only that thread.
    const auto tid = static_cast<id_t>(syscall(SYS_gettid));
    const int current = getpriority(PRIO_PROCESS, tid);
    if (current < kBackgroundNice)
        setpriority(PRIO_PROCESS, tid, kBackgroundNice);
#endif
}

} // namespace tribunal
