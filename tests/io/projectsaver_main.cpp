// SPDX-License-Identifier: GPL-3.0-or-later
// tst_projectcrash's child: saves state A and state B (crashaudits.h) to one path, alternately, until it is
// killed. Usage: tst_projectcrash_saver PATH A|B (the state saved first). Prints "ready" once both audits are
// built, just before the first save, so the parent times its kill from the start of saving rather than from
// process start-up. Exits 3 (message on stderr) when a save fails: a save must not fail here, and the parent
// sees the child gone before its kill. After each save it prints "saved <microseconds>", which the parent
// uses to aim its next kills at the end of a save under the machine's current load.

#include "crashaudits.h"
#include "io/project/projectfile.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv)
{
    using namespace tribunal;
    QCoreApplication app(argc, argv); // Qt Sql finds its SQLite driver plugin through the application
    if (argc != 3 || (std::strcmp(argv[2], "A") != 0 && std::strcmp(argv[2], "B") != 0)) {
        std::fprintf(stderr, "usage: %s PATH A|B\n", argv[0]);
        return 1;
    }
    const std::string path = argv[1];
    const AuditPtr audits[] = {test::crashAudit(test::CrashState::A), test::crashAudit(test::CrashState::B)};
    if (!audits[0] || !audits[1]) {
        std::fprintf(stderr, "cannot build the crash audits\n");
        return 2;
    }
    std::fputs("ready\n", stdout);
    std::fflush(stdout);
    for (std::size_t next = std::strcmp(argv[2], "A") == 0 ? 0 : 1;; next = 1 - next) {
        std::string error;
        QElapsedTimer timer, tail;
        timer.start();
        Progress progress;
        progress.report = [&tail](std::uint64_t done, std::uint64_t total) {
            if (done != total)
                return;
            // All rows written and committed: what is left is the flush, the log fold and the rename.
            tail.start();
            std::fputs("rows\n", stdout);
            std::fflush(stdout);
        };
        if (!ProjectFile::save(path, *audits[next], {}, &error, progress)) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return 3;
        }
        std::printf("saved %lld %lld\n", static_cast<long long>(timer.nsecsElapsed() / 1000),
                    static_cast<long long>(tail.nsecsElapsed() / 1000));
        std::fflush(stdout);
    }
}
