#pragma once
// The cancel flag of one kind of job of a workspace (core/model/progress.h: long core work polls it between
// chunks and throws Cancelled). next() raises the flag of the running job of that kind, which the new one
// supersedes, and returns the new job's flag, which its work keeps alive and passes to core through a
// Progress; cancel() stops the running one (call it in the workspace's destructor before
// BackgroundJobs::waitForWork, so a closing window does not wait for the work); so does destruction. GUI
// thread only; the flags are read from any thread.

#include "model/progress.h"

#include <atomic>
#include <memory>

namespace tribunal {

class JobCancel {
public:
    using Flag = std::shared_ptr<std::atomic<bool>>;
    JobCancel() = default;
    JobCancel(const JobCancel&) = delete;
    JobCancel& operator=(const JobCancel&) = delete;
    ~JobCancel() { cancel(); }

    Flag next()
    {
        cancel();
        m_flag = std::make_shared<std::atomic<bool>>(false);
        return m_flag;
    }
    void cancel()
    {
        if (m_flag)
            m_flag->store(true, std::memory_order_relaxed);
    }
    /// The Progress a job's work passes to core (valid while `flag` lives: capture the flag in the work).
    static Progress progress(const Flag& flag)
    {
        Progress p;
        p.cancel = flag.get();
        return p;
    }

private:
    Flag m_flag;
};

} // namespace tribunal
