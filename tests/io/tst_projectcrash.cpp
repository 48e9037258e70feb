// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety of ProjectFile::save (issue 11): a child process (projectsaver_main.cpp) saves two large
// states over one path until the test kills it with SIGKILL at a random moment, 200 times; every time the
// file must open as exactly one of the two states (or, when there was no file before, be absent). Also the
// rules save() follows for what killed processes leave behind: stale temporary files of earlier saves, and a
// write-ahead log of a killed live run next to the file being replaced (projectfile.h).

#include "../common/testaudits.h"
#include "crashaudits.h"
#include "io/project/projectfile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <random>
#include <set>
#include <thread>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tribunal;

namespace {

// A fresh temporary-file name of a save of `target` (the form ProjectFile::save uses).
QString tempName(const QString& target)
{
    return QStringLiteral(".%1.%2.tmp").arg(target, QUuid::createUuid().toString(QUuid::WithoutBraces));
}

bool isTempOf(const QString& name, const QString& target)
{
    return name.startsWith(QStringLiteral(".") + target + QStringLiteral(".")) &&
           name.endsWith(QStringLiteral(".tmp"));
}

QStringList dirEntries(const QString& dir)
{
    auto entries = QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
    return entries;
}

void writeBytes(const QString& path, qsizetype size)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QByteArray(size, 'x')) != size)
        qFatal("cannot write %s", qPrintable(path));
}

// Sets the modification time of `path` to `ageS` seconds ago.
void age(const QString& path, int ageS)
{
    const timespec when{static_cast<time_t>(std::time(nullptr) - ageS), 0};
    const timespec times[2] = {when, when};
    if (::utimensat(AT_FDCWD, QFile::encodeName(path).constData(), times, 0) != 0)
        qFatal("cannot set the time of %s", qPrintable(path));
}

// One Qt Sql connection of the test's own to a project file, for writing it the way a live run does.
class SqlFile {
public:
    explicit SqlFile(const QString& file)
        : m_name(QStringLiteral("crash-%1").arg(QUuid::createUuid().toString(QUuid::WithoutBraces)))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(file);
        if (!db.open())
            qFatal("cannot open %s: %s", qPrintable(file), qPrintable(db.lastError().text()));
    }
    ~SqlFile()
    {
        QSqlDatabase::database(m_name, false).close();
        QSqlDatabase::removeDatabase(m_name);
    }
    SqlFile(const SqlFile&) = delete;
    SqlFile& operator=(const SqlFile&) = delete;
    void exec(const QString& sql)
    {
        QSqlQuery query(QSqlDatabase::database(m_name, false));
        if (!query.exec(sql))
            qFatal("%s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
    }

private:
    QString m_name;
};

// A project whose file still has a live write-ahead log next to it, as a live run (projectrunlog.h) killed
// with SIGKILL leaves it: `from` is switched to WAL with automatic checkpoints off, one setting is committed
// into the log, and the database, log and index files are copied to `to` while the connection is still open
// (a copy taken then is byte for byte what a kill at that moment leaves on disk).
void makeKilledRunLeftover(const QString& from, const QString& to)
{
    SqlFile sql(from);
    sql.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    sql.exec(QStringLiteral("PRAGMA wal_autocheckpoint=0"));
    sql.exec(QStringLiteral("INSERT INTO settings(key, value) VALUES('from.log', 'committed by the run')"));
    for (const char* side : {"", "-wal", "-shm"})
        if (!QFile::copy(from + QLatin1String(side), to + QLatin1String(side)))
            qFatal("cannot copy %s%s", qPrintable(from), side);
}

// What a file opened as: "A", "B", or a description of what is wrong with it.
QString stateOf(const std::string& file, std::uint64_t checksumA, std::uint64_t checksumB)
{
    std::string error;
    const auto opened = ProjectFile::open(file, &error);
    if (!opened)
        return QStringLiteral("does not open: ") + QString::fromStdString(error);
    const Audit& audit = *opened->audit;
    const auto count = audit.judgmentCount();
    const auto sum = test::crashChecksum(audit);
    // Counts first, then content: a file could hold A's count with some of B's rows.
    if (count == std::size_t(test::crashJudgmentCount(test::CrashState::A)) && sum == checksumA)
        return QStringLiteral("A");
    if (count == std::size_t(test::crashJudgmentCount(test::CrashState::B)) && sum == checksumB)
        return QStringLiteral("B");
    return QStringLiteral("neither state: %1 judgments, checksum %2").arg(count).arg(sum);
}

// The settings of a project as one line, so a failed comparison shows them.
QString settingsText(const ProjectExtras& extras)
{
    QStringList pairs;
    for (const auto& [key, value] : extras.settings)
        pairs.append(QString::fromStdString(key + "=" + value));
    return pairs.join(QLatin1Char(';'));
}

} // namespace

class TestProjectCrash : public QObject {
    Q_OBJECT

    AuditPtr m_a, m_b;
    std::uint64_t m_sumA = 0, m_sumB = 0;
    qint64 m_sizeA = 0, m_sizeB = 0; ///< bytes of a complete file of each state
    qint64 m_saveUs = 0;             ///< one save (a running average), to spread the kill times over saves
    qint64 m_tailUs = 2000;          ///< from rows committed to the rename (a running average)

private slots:
    void initTestCase()
    {
        m_a = test::crashAudit(test::CrashState::A);
        m_b = test::crashAudit(test::CrashState::B);
        QVERIFY(m_a && m_b);
        m_sumA = test::crashChecksum(*m_a);
        m_sumB = test::crashChecksum(*m_b);
        QVERIFY(m_sumA != m_sumB);
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("size.tribunal")).toStdString();
        std::string error;
        QElapsedTimer timer;
        timer.start();
        QVERIFY2(ProjectFile::save(file, *m_a, {}, &error), error.c_str());
        m_saveUs = timer.nsecsElapsed() / 1000;
        m_sizeA = QFileInfo(QString::fromStdString(file)).size();
        QCOMPARE(stateOf(file, m_sumA, m_sumB), QStringLiteral("A"));
        QVERIFY2(ProjectFile::save(file, *m_b, {}, &error), error.c_str());
        m_sizeB = QFileInfo(QString::fromStdString(file)).size();
        QCOMPARE(stateOf(file, m_sumA, m_sumB), QStringLiteral("B"));
        qInfo("state A: %d judgments, %lld bytes; state B: %d judgments, %lld bytes; one save of A: %lld us",
              test::crashJudgmentCount(test::CrashState::A), static_cast<long long>(m_sizeA),
              test::crashJudgmentCount(test::CrashState::B), static_cast<long long>(m_sizeB),
              static_cast<long long>(m_saveUs));
    }

    // Which temporary files of earlier saves a save removes (projectfile.h, "Temporary files").
    void staleTempsRemoved_data()
    {
        QTest::addColumn<qsizetype>("size");
        QTest::addColumn<bool>("locked"); // held by a save that is still running
        QTest::addColumn<int>("ageS");
        QTest::addColumn<bool>("removed");
        const int grace = static_cast<int>(kProjectEmptyTempGraceS);
        QTest::newRow("killed save, written") << qsizetype(8192) << false << 0 << true;
        QTest::newRow("killed save, written, old") << qsizetype(8192) << false << 86400 << true;
        QTest::newRow("killed save, empty, past the grace") << qsizetype(0) << false << grace + 5 << true;
        // The moment between a save creating its file and locking it: it must survive.
        QTest::newRow("empty, within the grace") << qsizetype(0) << false << grace - 10 << false;
        QTest::newRow("live save, written") << qsizetype(8192) << true << 0 << false;
        // A slow save (a huge project on a slow disk) is never taken for a dead one, however old.
        QTest::newRow("live save, written, an hour old") << qsizetype(8192) << true << 3600 << false;
        QTest::newRow("live save, empty, an hour old") << qsizetype(0) << true << 3600 << false;
    }

    void staleTempsRemoved()
    {
        QFETCH(qsizetype, size);
        QFETCH(bool, locked);
        QFETCH(int, ageS);
        QFETCH(bool, removed);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = QStringLiteral("p.tribunal");
        const std::string file = dir.filePath(target).toStdString();
        std::string error;
        QVERIFY2(ProjectFile::save(file, *test::oneJudgmentAudit(), {}, &error), error.c_str());

        // The temporary file under test, with the side files SQLite may have made for it.
        const QString temp = tempName(target);
        writeBytes(dir.filePath(temp), size);
        const QStringList sides{temp + QStringLiteral("-journal"), temp + QStringLiteral("-wal"),
                                temp + QStringLiteral("-shm")};
        for (const auto& side : sides)
            writeBytes(dir.filePath(side), 512);
        age(dir.filePath(temp), ageS);
        // Files that are not this target's temporary files, all unlocked and old: never touched.
        const QStringList others{tempName(QStringLiteral("other.tribunal")), // another target's
                                 QStringLiteral(".p.tribunal.not-a-uuid.tmp"),
                                 QStringLiteral(".p.tribunal.") + QUuid::createUuid().toString() + ".tmp",
                                 QStringLiteral("p.tribunal.bak"), QStringLiteral("notes.txt")};
        for (const auto& other : others) {
            writeBytes(dir.filePath(other), 100);
            age(dir.filePath(other), 86400);
        }
        int lockFd = -1;
        if (locked) {
            // flock locks belong to an open file description, so this one conflicts with save()'s probe
            // even from the same process, as a lock of another process would.
            lockFd = ::open(QFile::encodeName(dir.filePath(temp)).constData(), O_RDONLY | O_CLOEXEC);
            QVERIFY(lockFd >= 0);
            QCOMPARE(::flock(lockFd, LOCK_EX | LOCK_NB), 0);
        }
        const QStringList before = dirEntries(dir.path());

        const bool saved = ProjectFile::save(file, *test::crashAudit(test::CrashState::B), {}, &error);
        if (lockFd >= 0)
            ::close(lockFd);
        QVERIFY2(saved, error.c_str());

        QStringList expected = before;
        if (removed) {
            expected.removeOne(temp);
            for (const auto& side : sides)
                expected.removeOne(side);
        }
        QCOMPARE(dirEntries(dir.path()), expected);
        QCOMPARE(stateOf(file, m_sumA, m_sumB), QStringLiteral("B"));
        for (const auto& other : others)
            QCOMPARE(QFileInfo(dir.filePath(other)).size(), qint64(100));
    }

    // The log of a killed live run is folded into the file before a save replaces it; otherwise SQLite
    // replays the old file's log onto the new file.
    void leftoverLogFolded()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString live = dir.filePath(QStringLiteral("live.tribunal"));
        const QString killed = dir.filePath(QStringLiteral("killed.tribunal"));
        std::string error;
        QVERIFY2(ProjectFile::save(live.toStdString(), *m_a, {}, &error), error.c_str());
        makeKilledRunLeftover(live, killed);
        QVERIFY(QFileInfo(killed + QStringLiteral("-wal")).size() > 0);
        // The log holds committed data: opening reads it.
        auto opened = ProjectFile::open(killed.toStdString(), &error);
        QVERIFY2(opened, error.c_str());
        QCOMPARE(opened->extras.settings["from.log"], std::string("committed by the run"));

        ProjectExtras extras;
        extras.settings["saved"] = "new state";
        QVERIFY2(ProjectFile::save(killed.toStdString(), *m_b, extras, &error), error.c_str());
        opened = ProjectFile::open(killed.toStdString(), &error);
        QVERIFY2(opened, error.c_str());
        QCOMPARE(test::crashChecksum(*opened->audit), m_sumB);
        QCOMPARE(settingsText(opened->extras), QStringLiteral("saved=new state"));
        QVERIFY(opened->extras == extras);
        QVERIFY(!QFile::exists(killed + QStringLiteral("-wal")));
        QCOMPARE(dirEntries(dir.path()),
                 QStringList({QStringLiteral("killed.tribunal"), QStringLiteral("live.tribunal")}));
    }

    // A log without its database (the file deleted, its log not): it belongs to no readable data and must
    // not be replayed onto the new file.
    void orphanLogRemoved()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString live = dir.filePath(QStringLiteral("live.tribunal"));
        const QString orphan = dir.filePath(QStringLiteral("orphan.tribunal"));
        std::string error;
        QVERIFY2(ProjectFile::save(live.toStdString(), *m_a, {}, &error), error.c_str());
        makeKilledRunLeftover(live, orphan);
        QVERIFY(QFile::remove(orphan));
        ProjectExtras extras;
        extras.settings["saved"] = "new state";
        QVERIFY2(ProjectFile::save(orphan.toStdString(), *m_b, extras, &error), error.c_str());
        QCOMPARE(stateOf(orphan.toStdString(), m_sumA, m_sumB), QStringLiteral("B"));
        const auto opened = ProjectFile::open(orphan.toStdString(), &error);
        QVERIFY2(opened, error.c_str());
        QCOMPARE(settingsText(opened->extras), QStringLiteral("saved=new state"));
        QCOMPARE(dirEntries(dir.path()),
                 QStringList({QStringLiteral("live.tribunal"), QStringLiteral("orphan.tribunal")}));
    }

    // Replacing a file another connection still writes through its log would drop that connection's
    // answers: the save fails with a message and changes nothing.
    void saveRefusedWhileLogInUse()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString project = dir.filePath(QStringLiteral("busy.tribunal"));
        std::string error;
        QVERIFY2(ProjectFile::save(project.toStdString(), *test::oneJudgmentAudit(), {}, &error),
                 error.c_str());
        {
            SqlFile run(project);
            run.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
            run.exec(QStringLiteral("INSERT INTO settings(key, value) VALUES('run', 'still writing')"));
            QVERIFY(!ProjectFile::save(project.toStdString(), *m_b, {}, &error));
            QCOMPARE(QString::fromStdString(error),
                     project + QStringLiteral(": cannot fold the write-ahead log of the file being replaced "
                                              "(is a run still writing to it?): database is locked Unable "
                                              "to fetch row"));
            QCOMPARE(dirEntries(dir.path()),
                     QStringList({QStringLiteral("busy.tribunal"), QStringLiteral("busy.tribunal-shm"),
                                  QStringLiteral("busy.tribunal-wal")}));
        }
        const auto opened = ProjectFile::open(project.toStdString(), &error);
        QVERIFY2(opened, error.c_str());
        QCOMPARE(opened->audit->judgmentCount(), std::size_t(1));
        QCOMPARE(opened->extras.settings.at("run"), std::string("still writing"));
    }

    // Issue 11: 200 kills in a row, each leaving exactly state A or state B (or no file, when there was
    // none).
    void killedSavesLeaveOldOrNew()
    {
        const char* seedText = std::getenv("TRIBUNAL_CRASH_SEED");
        const std::uint64_t seed = seedText ? std::strtoull(seedText, nullptr, 10) : 20261130;
        qInfo("seed %llu (set TRIBUNAL_CRASH_SEED to repeat another run's kill times)",
              static_cast<unsigned long long>(seed));
        std::mt19937_64 rng(seed);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = QStringLiteral("crash.tribunal");
        const QString path = dir.filePath(target);
        const std::string file = path.toStdString();
        auto temps = [&] {
            QStringList out;
            for (const auto& name : dirEntries(dir.path()))
                if (isTempOf(name, target))
                    out.append(name);
            return out;
        };

        constexpr int kKills = 200;
        // Where the kills landed, by what the killed save left: no temporary file (before its first save
        // made one, or between two saves), an empty one (SQLite still building the file in its page cache),
        // a partly written one, or a complete one (being flushed, its old file's log folded, or renamed).
        int noTemp = 0, emptyTemp = 0, partialTemp = 0, completeTemp = 0;
        int sawA = 0, sawB = 0, sawNone = 0;
        int emptyLeft = 0; // empty temporary files killed saves left (kept for the grace period)
        QElapsedTimer wall;
        wall.start();
        for (int kill = 0; kill < kKills; ++kill) {
            // Every tenth round starts without a file: a first save killed must leave none or a whole one.
            if (kill % 10 == 0)
                QVERIFY(!QFile::exists(path) || QFile::remove(path));
            // (Also true after a round that started without one and was killed before its first rename.)
            const bool fromNothing = !QFile::exists(path);
            const auto tempsBefore = temps();
            const char* first = kill % 2 ? "B" : "A";

            QProcess saver;
            saver.start(QStringLiteral(TRIBUNAL_PROJECT_SAVER_PATH), {path, QLatin1String(first)});
            QVERIFY(saver.waitForStarted());
            QVERIFY2(saver.waitForReadyRead(60000), qPrintable(saver.readAllStandardError()));
            QCOMPARE(saver.readLine(), QByteArray("ready\n"));
            // Kill times: one in eight right as saving starts (removing stale files, creating the temporary
            // file); three in eight anywhere in the first one and a half saves (mostly SQLite building the
            // file in its page cache, the longest phase, and writing it at the commit); half within the first
            // three quarters of the time a save takes after it reports its rows committed: while it flushes
            // the file, folds a log and renames (the rest of that time syncs the directory).
            const auto save = static_cast<std::uint64_t>(m_saveUs);
            const auto tail = static_cast<std::uint64_t>(m_tailUs);
            const std::uint64_t kind = rng() % 8;
            const qint64 waitUs = static_cast<qint64>(kind == 0   ? rng() % 300
                                                      : kind <= 3 ? rng() % (save * 3 / 2 + 1)
                                                                  : rng() % (tail * 3 / 4 + 1));
            if (kind >= 4) {
                QByteArray line;
                while (line.isEmpty() && saver.state() == QProcess::Running)
                    if (saver.canReadLine() || saver.waitForReadyRead(60000))
                        line = saver.readLine();
                QCOMPARE(line, QByteArray("rows\n"));
            }
            std::this_thread::sleep_for(std::chrono::microseconds(waitUs));
            // The saver never stops on its own; gone before the kill means a save failed.
            QVERIFY2(saver.state() == QProcess::Running, qPrintable(saver.readAllStandardError()));
            saver.kill();
            QVERIFY(saver.waitForFinished(10000));
            QCOMPARE(saver.exitStatus(), QProcess::CrashExit);
            // Follow the machine's load: the next kill times are spread over saves as long as this one's.
            for (const QByteArray& line : saver.readAllStandardOutput().split('\n'))
                if (const auto times = line.split(' '); times.size() == 3 && times[0] == "saved") {
                    m_saveUs = (3 * m_saveUs + times[1].toLongLong()) / 4;
                    m_tailUs = (3 * m_tailUs + times[2].toLongLong()) / 4;
                    break;
                }

            // The killed save's temporary file (a save removes its own on success, so at most one is new).
            QStringList fresh;
            for (const auto& name : temps())
                if (!tempsBefore.contains(name))
                    fresh.append(name);
            QVERIFY2(fresh.size() <= 1, qPrintable(fresh.join(QLatin1Char(' '))));
            if (fresh.isEmpty()) {
                ++noTemp;
            } else {
                const qint64 size = QFileInfo(dir.filePath(fresh.front())).size();
                if (size == 0) {
                    ++emptyTemp;
                    ++emptyLeft;
                } else if (size < std::min(m_sizeA, m_sizeB)) {
                    ++partialTemp;
                } else {
                    ++completeTemp;
                }
            }

            // The file: exactly A or B; absent only when the round started without one.
            const QString state =
                QFile::exists(path) ? stateOf(file, m_sumA, m_sumB) : QStringLiteral("none");
            if (state == QLatin1String("none") && fromNothing)
                ++sawNone;
            else if (state == QLatin1String("A"))
                ++sawA;
            else if (state == QLatin1String("B"))
                ++sawB;
            else
                QFAIL(qPrintable(QStringLiteral("kill %1 (after %2 us, first state %3): %4")
                                     .arg(kill)
                                     .arg(waitUs)
                                     .arg(QLatin1String(first), state)));
            // A save makes no journal or log of the target.
            QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));
            QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));

            // Temporary files do not pile up: every save starts by removing the written ones killed saves
            // left (so at most the last kill's is there), and empty ones after the grace period only.
            int written = 0, empty = 0;
            for (const auto& name : temps())
                (QFileInfo(dir.filePath(name)).size() > 0 ? written : empty)++;
            QVERIFY2(written <= 1, qPrintable(temps().join(QLatin1Char(' '))));
            QVERIFY2(empty <= emptyLeft, qPrintable(temps().join(QLatin1Char(' '))));
        }
        qInfo("%d kills in %lld ms: no temporary file %d, empty %d, partly written %d, complete %d; "
              "file afterwards: A %d, B %d, none %d; a save took %lld us, %lld us of it after the rows",
              kKills, static_cast<long long>(wall.elapsed()), noTemp, emptyTemp, partialTemp, completeTemp,
              sawA, sawB, sawNone, static_cast<long long>(m_saveUs), static_cast<long long>(m_tailUs));
        // The kills hit saves in progress, not only the gaps between them, and both states were on disk.
        QVERIFY2(emptyTemp + partialTemp + completeTemp >= kKills / 2,
                 qPrintable(QString::number(emptyTemp + partialTemp + completeTemp)));
        QVERIFY(sawA > 0 && sawB > 0);
        // Each aim above hit its phase at least once (a partly written file needs a kill within the
        // millisecond of the commit's writes, so it is counted but not required).
        QVERIFY(noTemp > 0 && emptyTemp > 0 && completeTemp > 0);
    }

    // A writer killed inside a transaction in rollback-journal mode (a live run's log before WAL, a
    // migration) leaves a hot journal: opening the project rolls it back instead of failing with "attempt
    // to write a readonly database" (the read-only connection cannot), and the committed state is read.
    void hotJournalIsRolledBack()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("hot.tribunal"));
        std::string error;
        QVERIFY2(ProjectFile::save(file.toStdString(), *m_a, {}, &error), error.c_str());
        const qint64 committedSize = QFileInfo(file).size();
        // Python's sqlite3 (the system libsqlite3) writes past its two-page cache, so the transaction's
        // pages reach the file, then the process kills itself before committing.
        const QString script = QStringLiteral(
            "import os, signal, sqlite3, sys\n"
            "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "c.execute('PRAGMA journal_mode=DELETE'); c.execute('PRAGMA cache_size=2'); c.execute('BEGIN')\n"
            "c.execute('CREATE TABLE interrupted(a)')\n"
            "for i in range(100000): c.execute('INSERT INTO interrupted VALUES (?)', (i,))\n"
            "os.kill(os.getpid(), signal.SIGKILL)\n");
        QProcess writer;
        writer.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), script, file});
        QVERIFY(writer.waitForFinished(60000));
        QCOMPARE(writer.exitStatus(), QProcess::CrashExit);
        QVERIFY(QFile::exists(file + QStringLiteral("-journal")));
        QVERIFY(QFileInfo(file).size() != committedSize); // the interrupted pages are in the file

        const auto contents = ProjectFile::open(file.toStdString(), &error);
        QVERIFY2(contents, error.c_str());
        QCOMPARE(test::crashChecksum(*contents->audit), m_sumA);
        QVERIFY(!QFile::exists(file + QStringLiteral("-journal")));
        QCOMPARE(QFileInfo(file).size(), committedSize);
        QCOMPARE(stateOf(file.toStdString(), m_sumA, m_sumB), QStringLiteral("A"));
    }
};

QTEST_GUILESS_MAIN(TestProjectCrash)
#include "tst_projectcrash.moc"
