// Resuming a judge run (Google Benchmark; docs/performance.md, "Running judges (issue 8)"): a design of N
// requests (the argument; N/60 pairwise items x 2 judges x 5 one-call formats x 2 orders x 3 runs, prompts of
// about 1,400 bytes) against a project that has 366,715 / 600,000 of them recorded, as the resumed run the
// performance notes measured. Each iteration starts a RunScheduler and cancels it at ready() (nothing is
// sent), and measures on the calling thread (the Judges panel's GUI thread):
//   - manual time: from calling start() to ready() (reading the project, expanding, hashing);
//   - start_ms: the wall time inside start(), which blocks the caller (quality.md: the GUI thread never
//     blocks > 50 ms);
//   - max_block_ms: the longest the caller's event loop went without serving a 1 ms heartbeat timer between
//     start() returning and ready(), the handover of the prepared run included (wall time: on a loaded
//     machine it includes the caller being preempted); handover_ms: the last of those gaps alone, from the
//     last heartbeat to ready() (the scheduler's own work on the caller's thread when preparing ends).
// The fixture (items, design, project) is built once per size under the temp directory and reused by later
// processes; a fixture whose recorded count does not match (stale after a change of the judgment identity) is
// reported as an error: delete the directory then.

#include "io/auditsource.h"
#include "io/project/projectrunlog.h"
#include "judging/auditdesign.h"
#include "judging/chatrequest.h"
#include "judging/judgmentidentity.h"
#include "judging/runscheduler.h"

#include <benchmark/benchmark.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

using namespace tribunal;

constexpr std::int64_t kRequestsPerItem = 60; // 2 judges x 5 formats x 2 orders x 3 runs
constexpr std::uint64_t kHeadlineRequests = 600'000;
constexpr std::uint64_t kHeadlineRecorded = 366'715;

/// About 1,400 bytes of prompt per request: a 250-byte question and two 325-byte answers.
QString filler(const QString& seed, int bytes)
{
    QString text;
    while (text.size() < bytes)
        text += seed + QStringLiteral(" weighs the evidence for the claim and cites its sources. ");
    return text.left(bytes);
}

QByteArray itemsJsonl(std::int64_t items)
{
    QByteArray out;
    for (std::int64_t i = 0; i < items; ++i) {
        const QString id = QStringLiteral("q%1").arg(i, 6, 10, QLatin1Char('0'));
        const QJsonObject item{
            {QStringLiteral("dataset"), QStringLiteral("resume")},
            {QStringLiteral("item_id"), id},
            {QStringLiteral("kind"), QStringLiteral("pairwise")},
            {QStringLiteral("question"), filler(QStringLiteral("Question ") + id, 250)},
            {QStringLiteral("response_a"), filler(QStringLiteral("First ") + id, 325)},
            {QStringLiteral("response_b"), filler(QStringLiteral("Second ") + id, 325)},
            {QStringLiteral("label"), i % 2 == 0 ? QStringLiteral("A") : QStringLiteral("B")}};
        out += QJsonDocument(item).toJson(QJsonDocument::Compact) + '\n';
    }
    return out;
}

QJsonObject judgeJson(const QString& name)
{
    // Port 9 (discard): never contacted, every iteration cancels at ready().
    return QJsonObject{{QStringLiteral("name"), name},
                       {QStringLiteral("base_url"), QStringLiteral("http://127.0.0.1:9/v1")},
                       {QStringLiteral("model"), name}};
}

QJsonObject designJson(const QString& itemsFile)
{
    return QJsonObject{
        {QStringLiteral("items"), QJsonArray{itemsFile}},
        {QStringLiteral("judges"),
         QJsonArray{judgeJson(QStringLiteral("judge-a")), judgeJson(QStringLiteral("judge-b"))}},
        {QStringLiteral("formats"),
         QJsonArray{QStringLiteral("direct"), QStringLiteral("vf-json"), QStringLiteral("cot-json"),
                    QStringLiteral("vf-xml"), QStringLiteral("cot-xml")}},
        {QStringLiteral("runs"), 3}};
}

/// Records `recorded` of the design's judgments, spread evenly over its tasks, as answered (one
/// transaction each, as a run writes them).
void recordJudgments(const std::string& project, const AuditDesign& design, const Audit& items,
                     std::uint64_t recorded)
{
    std::string error;
    auto log = ProjectRunLog::open(project, &error);
    ProjectRunLog::ItemRows rows;
    if (!log || !log->itemRows(&rows, &error))
        throw std::runtime_error(error);
    const DesignExpansion expansion = expandDesign(design, items);
    const std::uint64_t tasks = expansion.tasks.size();
    for (std::uint64_t t = 0; t < tasks; ++t) {
        if ((t + 1) * recorded / tasks == t * recorded / tasks)
            continue;
        const DesignTask& task = expansion.tasks[t];
        RunJudgmentRow row =
            identityRowOf(design, task,
                          rows.at({std::string(items.str(items.items().dataset[task.item])),
                                   std::string(items.str(items.items().itemId[task.item]))}));
        row.answer = "A";
        const ChatRequest request = requestOf(design, items, task, 0);
        row.requestHash = taskCallHash(design, request, task).toStdString();
        row.askHash = askHash(request).toStdString();
        if (!log->append(row, &error))
            throw std::runtime_error(error);
    }
    if (!log->close(&error))
        throw std::runtime_error(error);
}

struct Fixture {
    std::uint64_t requests = 0;
    std::uint64_t recorded = 0;
    QString project;
    AuditDesign design;
    AuditPtr items;

    explicit Fixture(std::int64_t requestCount)
    {
        requests = static_cast<std::uint64_t>(requestCount);
        recorded = requests * kHeadlineRecorded / kHeadlineRequests;
        const auto dir = std::filesystem::temp_directory_path() /
                         ("tribunal-bench-run-resume-v2-" + std::to_string(requests));
        std::filesystem::create_directories(dir);
        const QString itemsPath = QString::fromStdString((dir / "items.jsonl").string());
        project = QString::fromStdString((dir / "resume.tribunal").string());
        const bool reuse = std::filesystem::exists(dir / "complete");
        if (!reuse) {
            std::filesystem::remove(project.toStdString());
            QFile file(itemsPath);
            if (!file.open(QIODevice::WriteOnly) ||
                file.write(itemsJsonl(requestCount / kRequestsPerItem)) < 0)
                throw std::runtime_error("cannot write " + itemsPath.toStdString());
        }
        QString error;
        auto parsed = designFromJson(designJson(itemsPath), QString::fromStdString(dir.string()), &error);
        if (!parsed)
            throw std::runtime_error(error.toStdString());
        design = std::move(*parsed);
        items = loadAudit({itemsPath.toStdString()}, ImportOptions{}).audit;
        if (!items)
            throw std::runtime_error("cannot load " + itemsPath.toStdString());
        if (reuse)
            return;
        if (!createRunProject(project, *items, design, &error))
            throw std::runtime_error(error.toStdString());
        recordJudgments(project.toStdString(), design, *items, recorded);
        QFile complete(QString::fromStdString((dir / "complete").string()));
        if (!complete.open(QIODevice::WriteOnly))
            throw std::runtime_error("cannot mark the fixture complete");
    }
};

const Fixture& fixture(std::int64_t requests)
{
    static std::map<std::int64_t, std::unique_ptr<Fixture>> fixtures;
    auto& slot = fixtures[requests];
    if (!slot)
        slot = std::make_unique<Fixture>(requests);
    return *slot;
}

/// One resumed start, cancelled at ready(). Times in nanoseconds; false with *error when it failed.
struct ResumeTimes {
    qint64 startNs = 0;
    qint64 readyNs = 0;
    qint64 maxBlockNs = 0;
    qint64 handoverNs = 0;
    RunCounts counts;
};

bool resumeOnce(const Fixture& f, ResumeTimes* times, QString* error)
{
    RunScheduler scheduler(f.design, f.items, f.project);
    QEventLoop loop;
    QElapsedTimer clock;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    heartbeat.setInterval(1);
    qint64 lastTick = 0;
    const auto beat = [&] {
        const qint64 now = clock.nsecsElapsed();
        times->maxBlockNs = std::max(times->maxBlockNs, now - lastTick);
        lastTick = now;
    };
    QObject::connect(&heartbeat, &QTimer::timeout, &loop, beat);
    bool ready = false;
    QObject::connect(&scheduler, &RunScheduler::ready, &loop, [&](const RunCounts& counts) {
        times->readyNs = clock.nsecsElapsed();
        times->handoverNs = times->readyNs - lastTick;
        beat(); // the handover of the prepared run, up to ready(), counts as a block too
        times->counts = counts;
        ready = true;
        scheduler.cancel(); // nothing is sent: dispatch() sees the run stopped
    });
    QObject::connect(&scheduler, &RunScheduler::finished, &loop, [&](bool, const QString& message) {
        *error = message;
        loop.quit();
    });
    clock.start();
    if (!scheduler.start(error))
        return false;
    times->startNs = clock.nsecsElapsed();
    lastTick = times->startNs;
    heartbeat.start();
    loop.exec();
    heartbeat.stop();
    if (ready)
        error->clear();
    else if (error->isEmpty())
        *error = QStringLiteral("finished without ready()");
    return ready;
}

void BM_RunResume(benchmark::State& state)
{
    const Fixture& f = fixture(state.range(0));
    double startMs = 0, maxStartMs = 0, maxBlockMs = 0, maxHandoverMs = 0;
    ResumeTimes times;
    for (auto _ : state) {
        times = ResumeTimes();
        QString error;
        if (!resumeOnce(f, &times, &error)) {
            state.SkipWithError(error.toStdString().c_str());
            return;
        }
        if (times.counts.alreadyRecorded != f.recorded || times.counts.calls != f.requests) {
            state.SkipWithError("stale fixture (recorded or requests differ): delete its temp directory");
            return;
        }
        state.SetIterationTime(static_cast<double>(times.readyNs) * 1e-9);
        startMs += static_cast<double>(times.startNs) * 1e-6;
        maxStartMs = std::max(maxStartMs, static_cast<double>(times.startNs) * 1e-6);
        maxBlockMs = std::max(maxBlockMs, static_cast<double>(times.maxBlockNs) * 1e-6);
        maxHandoverMs = std::max(maxHandoverMs, static_cast<double>(times.handoverNs) * 1e-6);
    }
    state.counters["start_ms"] = benchmark::Counter(startMs, benchmark::Counter::kAvgIterations);
    state.counters["max_start_ms"] = maxStartMs;
    state.counters["max_block_ms"] = maxBlockMs;
    state.counters["handover_ms"] = maxHandoverMs;
    state.counters["recorded"] = static_cast<double>(times.counts.alreadyRecorded);
    state.counters["to_send"] = static_cast<double>(times.counts.toSend);
}

BENCHMARK(BM_RunResume)
    ->ArgName("requests")
    ->Arg(6'000)
    ->Arg(600'000)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
