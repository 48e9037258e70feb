#pragma once
// Background jobs of the workbench (opening, importing, saving, trust estimates and intervals) run at a lower
// CPU priority than the GUI thread, so the GUI thread is never starved on a machine with few cores (issue 4:
// the GUI thread never blocks more than 50 ms while intervals compute). On Linux the calling thread's nice
// value is raised to kBackgroundNice (threads it starts inherit it; raising is always allowed, lowering again
// is not, so pool threads stay at it - they only ever run background jobs). Elsewhere a no-op.

namespace tribunal {

inline constexpr int kBackgroundNice = 10;

/// Call at the start of a job on a worker thread. Cheap after the first call on a thread.
void lowerCurrentThreadPriority();

} // namespace tribunal
