// SPDX-License-Identifier: GPL-3.0-or-later
// The output policy (io/outputfile.h, docs/robustness.md "Output files") through the real executable, for
// every kind of file the CLI writes with -o: a table (trust), both exports (flat CSV, JSONL), a project
// (import --force), simulated audits (CSV and project) and simulate's --truth file. Each writer is run onto
// a FIFO (a reader thread takes the bytes), /dev/null, /dev/stdout, a symbolic link (the target is
// replaced, the link stays), a dangling link (its target is created) and a read-only file (refused with the
// exact message, exit 1, the file unchanged); `simulate -o existing.tribunal` without --force is refused.

#include "../common/clirun.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <QtTest>

#include <atomic>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using tribunal::testing::runCli;

namespace {

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

struct stat lstatOf(const QString& path)
{
    struct stat st = {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        st.st_mode = 0;
    return st;
}

/// Reads a FIFO to its end on a thread of its own (the writer blocks until a reader opens it).
class FifoReader {
public:
    explicit FifoReader(const QString& path) : m_path(QFile::encodeName(path))
    {
        m_thread = std::thread([this] {
            const int fd = ::open(m_path.constData(), O_RDONLY | O_CLOEXEC);
            if (fd < 0)
                return;
            char buffer[65536];
            for (;;) {
                const ssize_t n = ::read(fd, buffer, sizeof buffer);
                if (n <= 0)
                    break;
                m_bytes.append(buffer, static_cast<qsizetype>(n));
            }
            ::close(fd);
        });
    }
    /// The bytes read. A writer that never opened the FIFO leaves the reader waiting in open(): opening and
    /// closing the write side here ends it with nothing read.
    QByteArray finish()
    {
        const int fd = ::open(m_path.constData(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0)
            ::close(fd);
        m_thread.join();
        return m_bytes;
    }

private:
    QByteArray m_path;
    QByteArray m_bytes;
    std::thread m_thread;
};

} // namespace

class TestOutputFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void fifo_data();
    void fifo();
    void devNull_data();
    void devNull();
    void devStdout_data();
    void devStdout();
    void symlinkTargetReplaced_data();
    void symlinkTargetReplaced();
    void danglingSymlinkCreatesTarget_data();
    void danglingSymlinkCreatesTarget();
    void readOnlyRefused_data();
    void readOnlyRefused();
    void simulateKeepsProjectWithoutForce();
    void batchSplitOntoAFifoIsRefused();
    void batchSplitLeavesThePlainNameAlone();

private:
    /// The rows: writer name, then the arguments with OUT standing for the output path, the file name OUT
    /// must end with, and the first bytes of what the writer writes.
    void writers();
    QStringList args(QString out) const;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir;
    QString m_input;
    QString m_design;
};

void TestOutputFiles::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_input = path("input.csv");
    const auto run = runCli({"simulate", "audit", "--judgments", "400", "--runs", "2", "-o", m_input});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // A design for `batch write` (never sent anywhere).
    QByteArray items;
    for (int i = 0; i < 3; ++i)
        items += QString("{\"dataset\":\"d\",\"item_id\":\"q%1\",\"kind\":\"pairwise\",\"question\":\"Q%1?\","
                         "\"response_a\":\"A%1\",\"response_b\":\"B%1\",\"label\":\"A\"}\n")
                     .arg(i)
                     .toUtf8();
    writeFile(path("items.jsonl"), items);
    m_design = path("design.json");
    writeFile(m_design, "{\"items\": [\"items.jsonl\"], \"formats\": [\"direct\"], \"judges\": [{\"name\": "
                        "\"j\", \"base_url\": \"http://127.0.0.1:9/v1\", \"model\": \"m\"}]}\n");
}

void TestOutputFiles::writers()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QByteArray>("head");
    QTest::newRow("table") << QStringList{"trust", "INPUT", "-o", "OUT"} << ".csv" << QByteArray("judge,");
    QTest::newRow("export csv") << QStringList{"export", "INPUT", "--format", "csv", "-o", "OUT"} << ".csv"
                                << QByteArray("dataset,item_id,judge,");
    QTest::newRow("export jsonl") << QStringList{"export", "INPUT", "--format", "jsonl", "-o", "OUT"}
                                  << ".jsonl" << QByteArray("{\"dataset\":");
    QTest::newRow("project") << QStringList{"import", "INPUT", "--force", "-o", "OUT"} << ".tribunal"
                             << QByteArray("SQLite format 3");
    QTest::newRow("simulate csv") << QStringList{"simulate", "audit", "--judgments", "50", "-o", "OUT"}
                                  << ".csv" << QByteArray("dataset,item_id,judge,");
    QTest::newRow("simulate project")
        << QStringList{"simulate", "audit", "--judgments", "50", "--force", "-o", "OUT"} << ".tribunal"
        << QByteArray("SQLite format 3");
    QTest::newRow("simulate truth") << QStringList{"simulate", "bias",   "--items", "5",
                                                   "-o",       "BESIDE", "--truth", "OUT"}
                                    << ".csv" << QByteArray("source,dataset,judge,");
    QTest::newRow("batch write") << QStringList{"batch", "write", "DESIGN", "-o", "OUT"} << ".jsonl"
                                 << QByteArray("{\"custom_id\":\"");
}

QStringList TestOutputFiles::args(QString out) const
{
    QFETCH(QStringList, command);
    QStringList result;
    for (const QString& arg : command)
        result << (arg == "OUT"      ? out
                   : arg == "INPUT"  ? m_input
                   : arg == "DESIGN" ? m_design
                   : arg == "BESIDE"
                       ? m_dir.filePath(
                             QString("beside-%1.jsonl").arg(QTest::currentDataTag()).replace(' ', '-'))
                       : arg);
    return result;
}

void TestOutputFiles::fifo_data()
{
    writers();
}

void TestOutputFiles::fifo()
{
    QFETCH(QString, suffix);
    QFETCH(QByteArray, head);
    const QString fifo =
        path(QString("fifo-%1%2").arg(QString(QTest::currentDataTag()).replace(' ', '-'), suffix));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
    FifoReader reader(fifo);
    const auto run = runCli(args(fifo));
    const QByteArray bytes = reader.finish();
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(S_ISFIFO(lstatOf(fifo).st_mode), "the FIFO was replaced");
    QVERIFY2(bytes.startsWith(head), bytes.left(80).constData());
    QVERIFY(bytes.size() > 200);
}

void TestOutputFiles::devNull_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QByteArray>("head");
    // The writers whose -o takes any name (simulate's -o and --truth name their format; a JSONL export's
    // items file would go beside /dev/null).
    QTest::newRow("table") << QStringList{"trust", "INPUT", "-o", "OUT"} << "" << QByteArray();
    QTest::newRow("export csv") << QStringList{"export", "INPUT", "--format", "csv", "-o", "OUT"} << ""
                                << QByteArray();
    QTest::newRow("project") << QStringList{"import", "INPUT", "--force", "-o", "OUT"} << "" << QByteArray();
}

void TestOutputFiles::devNull()
{
    const auto before = lstatOf("/dev/null");
    QVERIFY(S_ISCHR(before.st_mode));
    const auto run = runCli(args("/dev/null"));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const auto after = lstatOf("/dev/null");
    QVERIFY2(S_ISCHR(after.st_mode) && after.st_rdev == before.st_rdev, "/dev/null was replaced");
}

void TestOutputFiles::devStdout_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QByteArray>("head");
    QTest::newRow("table") << QStringList{"trust", "INPUT", "-o", "OUT"} << "" << QByteArray("judge,");
    QTest::newRow("export csv") << QStringList{"export", "INPUT", "--format", "csv", "-o", "OUT"} << ""
                                << QByteArray("dataset,item_id,judge,");
}

void TestOutputFiles::devStdout()
{
    QFETCH(QByteArray, head);
    // The test's stdout is a pipe: /dev/stdout -> /proc/self/fd/1 -> pipe:[...] is written into.
    const auto run = runCli(args("/dev/stdout"));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.toUtf8().startsWith(head), qPrintable(run.out.left(80)));
}

void TestOutputFiles::symlinkTargetReplaced_data()
{
    writers();
}

void TestOutputFiles::symlinkTargetReplaced()
{
    QFETCH(QString, suffix);
    QFETCH(QByteArray, head);
    const QString tag = QString(QTest::currentDataTag()).replace(' ', '-');
    QVERIFY(QDir().mkpath(path("targets")));
    const QString target = path("targets/target-" + tag + suffix);
    const QString link = path("link-" + tag + suffix);
    writeFile(target, "old\n");
    QVERIFY(QFile::setPermissions(target,
                                  QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup));
    // A relative link, resolved against the link's directory.
    QCOMPARE(::symlink(QFile::encodeName("targets/target-" + tag + suffix).constData(),
                       QFile::encodeName(link).constData()),
             0);
    const auto run = runCli(args(link));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(S_ISLNK(lstatOf(link).st_mode), "the link was replaced");
    QCOMPARE(QFile::symLinkTarget(link), target);
    QVERIFY2(readFile(target).startsWith(head), readFile(target).left(80).constData());
    QCOMPARE(lstatOf(target).st_mode & 07777, mode_t(0640));
    // No temporary file is left beside the target.
    QCOMPARE(QDir(path("targets")).entryList({".*"}, QDir::Files | QDir::Hidden), QStringList());
}

void TestOutputFiles::danglingSymlinkCreatesTarget_data()
{
    writers();
}

void TestOutputFiles::danglingSymlinkCreatesTarget()
{
    QFETCH(QString, suffix);
    QFETCH(QByteArray, head);
    const QString tag = QString(QTest::currentDataTag()).replace(' ', '-');
    const QString target = path("new-target-" + tag + suffix);
    const QString link = path("dangling-" + tag + suffix);
    QCOMPARE(::symlink(QFile::encodeName(target).constData(), QFile::encodeName(link).constData()), 0);
    const auto run = runCli(args(link));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(S_ISLNK(lstatOf(link).st_mode));
    QVERIFY2(readFile(target).startsWith(head), readFile(target).left(80).constData());
}

void TestOutputFiles::readOnlyRefused_data()
{
    writers();
}

void TestOutputFiles::readOnlyRefused()
{
    QFETCH(QString, suffix);
    const QString tag = QString(QTest::currentDataTag()).replace(' ', '-');
    const QString file = path("read-only-" + tag + suffix);
    writeFile(file, "keep me\n");
    QVERIFY(QFile::setPermissions(file, QFileDevice::ReadOwner | QFileDevice::ReadGroup));
    const auto before = lstatOf(file);
    const auto run = runCli(args(file));
    QCOMPARE(run.exitCode, 1);
    const QString message =
        file + ": the file is read-only; make it writable or write to another file (nothing was written)";
    QVERIFY2(run.err.split('\n').contains(message), qPrintable(run.err));
    QCOMPARE(readFile(file), QByteArray("keep me\n"));
    const auto after = lstatOf(file);
    QCOMPARE(after.st_ino, before.st_ino);
    QCOMPARE(after.st_mode, before.st_mode);
    QCOMPARE(QDir(m_dir.path()).entryList({".read-only-*"}, QDir::Files | QDir::Hidden), QStringList());
}

void TestOutputFiles::simulateKeepsProjectWithoutForce()
{
    const QString project = path("keep.tribunal");
    auto run = runCli({"import", m_input, "-o", project});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QByteArray before = readFile(project);
    for (const char* what : {"audit", "bias", "rubric"}) {
        run = runCli({"simulate", what, "-o", project});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.err, "tribunal-cli: " + project +
                              " exists; use --force to replace it\nRun 'tribunal-cli --help' for usage.\n");
        QCOMPARE(readFile(project), before);
    }
    run = runCli({"simulate", "audit", "--judgments", "20", "--force", "-o", project});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(readFile(project) != before);
}

void TestOutputFiles::batchSplitOntoAFifoIsRefused()
{
    // Six requests, two per file: a FIFO takes the first file's lines as they come, but cannot become
    // `<stem>.001.jsonl` when the second file starts.
    const QString fifo = path("split-fifo.jsonl");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
    FifoReader reader(fifo);
    const auto run = runCli({"batch", "write", m_design, "-o", fifo, "--max-requests", "2"});
    reader.finish();
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(
                 fifo + ": the requests need more than one file, and a FIFO or device cannot become " +
                 path("split-fifo.001.jsonl") + "; name a regular file, or raise the limits per file"),
             qPrintable(run.err));
    QVERIFY(S_ISFIFO(lstatOf(fifo).st_mode));
}

void TestOutputFiles::batchSplitLeavesThePlainNameAlone()
{
    // An existing file under the plain name stays as it was when the requests are split into numbered
    // files; the numbered files are complete.
    const QString plain = path("split.jsonl");
    writeFile(plain, "earlier\n");
    const auto run = runCli({"batch", "write", m_design, "-o", plain, "--max-requests", "4"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(readFile(plain), QByteArray("earlier\n"));
    QCOMPARE(readFile(path("split.001.jsonl")).count('\n'), 4);
    QCOMPARE(readFile(path("split.002.jsonl")).count('\n'), 2);
    QCOMPARE(QDir(m_dir.path()).entryList({".split*"}, QDir::Files | QDir::Hidden), QStringList());
}

QTEST_GUILESS_MAIN(TestOutputFiles)
#include "tst_outputfiles.moc"
