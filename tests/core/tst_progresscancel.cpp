// The progress-and-cancel rule of model/progress.h on every long core computation: K9 cross-fitting
// (crossFitCascade, replayCascade, cascadePanel), the bias tests (B4 / B5: analyseBiasExcess, analyseBias),
// the R7 paired comparisons (comparePaired, comparePairedFamily, compareJudges) and the K5 / K6 juries
// (analyseJury, juryPanel). Per function and thread count: (a) a Progress that never cancels gives the same
// result, bit for bit, as no Progress; (b) a flag set beforehand throws Cancelled before any step; (c) a flag
// set from the report callback after the first step throws Cancelled with the work stopped early; (d) steps
// are non-decreasing, within their total, and end with (total, total).

#include "analysis/biasanalysis.h"
#include "analysis/biasdesign.h"
#include "analysis/biasexcess.h"
#include "analysis/biassimulator.h"
#include "analysis/cascadecurve.h"
#include "analysis/cascadereplay.h"
#include "analysis/crossfit.h"
#include "analysis/judgecomparison.h"
#include "analysis/jury.h"
#include "analysis/pairedcomparison.h"
#include "analysis/rubricsimulator.h"
#include "analysis/rubricverdicts.h"
#include "model/progress.h"
#include "report/cascadetables.h"
#include "stats/randomstreams.h"

#include "../common/biasaudits.h"

#include <QtTest>

#include <atomic>
#include <bit>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

using namespace tribunal;

namespace {

/// A result reduced to the numbers that matter, compared bit for bit (NaN = kMissing included).
using Fingerprint = std::vector<double>;

/// Runs one function with `threads` threads, with `progress`, or without any Progress argument when null.
using Run = std::function<Fingerprint(int threads, const Progress* progress)>;

double uniform(RandomStream& rng)
{
    return static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
}

void add(Fingerprint& f, std::initializer_list<double> values)
{
    f.insert(f.end(), values.begin(), values.end());
}

void addBootstrap(Fingerprint& f, const PairedBootstrap& b)
{
    add(f, {b.ci95.lo, b.ci95.hi, b.ci90.lo, b.ci90.hi, b.p, b.pHolm, static_cast<double>(b.outcome)});
}

void addComparison(Fingerprint& f, const PairedComparison& c)
{
    add(f, {static_cast<double>(c.pairs), static_cast<double>(c.units), static_cast<double>(c.clusters),
            c.accuracyFirst, c.accuracySecond, c.difference, static_cast<double>(c.onlyFirst),
            static_cast<double>(c.onlySecond), static_cast<double>(c.mcnemarUndecided), c.mcnemarP,
            c.mcnemarPHolm, static_cast<double>(c.unitsFirstBetter), static_cast<double>(c.unitsSecondBetter),
            static_cast<double>(c.unitsTied), c.signP, c.signPHolm});
    addBootstrap(f, c.unitBootstrap);
    addBootstrap(f, c.clusterBootstrap);
}

void addCrossFit(Fingerprint& f, const CrossFitResult& r)
{
    for (const CrossFitHalving& h : r.halvings) {
        add(f, {static_cast<double>(h.pairs), static_cast<double>(h.cascadeRight),
                static_cast<double>(h.singleRight), h.gain, h.cascadeCost, static_cast<double>(h.matchRight),
                static_cast<double>(h.llmRight), h.matchCost, h.llmCost});
        for (int x = 0; x < 2; ++x)
            add(f, {static_cast<double>(h.chosenFallback[x]), static_cast<double>(h.chosenTau[x]),
                    static_cast<double>(h.chosenSingle[x]), static_cast<double>(h.bestLlm[x]),
                    static_cast<double>(h.matchTau[x])});
    }
    add(f, {r.meanGain, r.shareWithGain, r.meanCascadeAccuracy, r.meanSingleAccuracy, r.meanCostShare,
            r.shareMatching, r.meanMatchAccuracyGap});
}

void addReplay(Fingerprint& f, const CascadeReplay& r)
{
    add(f, {static_cast<double>(r.pairs), r.firstAccuracy, r.firstCost, static_cast<double>(r.bestCascade),
            static_cast<double>(r.bestSingle), r.bestSingleAccuracy, static_cast<double>(r.bestLlm),
            static_cast<double>(r.matchingTau), r.matchingCostShare});
    addCrossFit(f, r.crossFit);
}

void addJury(Fingerprint& f, const JuryResult& j)
{
    add(f, {static_cast<double>(j.pairs), static_cast<double>(j.evenSplits), j.accuracyLower, j.accuracyUpper,
            static_cast<double>(j.bestSingle), j.bestSingleAccuracy, static_cast<double>(j.comparedPairs)});
    addComparison(f, j.lowerVsBest);
    addComparison(f, j.upperVsBest);
}

void addExcess(Fingerprint& f, const std::vector<BiasExcessResult>& results)
{
    for (const BiasExcessResult& r : results)
        add(f, {static_cast<double>(r.row), static_cast<double>(r.nItems), r.rr, r.cr, r.excess, r.excessLo,
                r.excessHi, r.correctReactions, static_cast<double>(r.verdict), r.pPerm, r.pBH,
                r.significant ? 1.0 : 0.0, r.s, r.sLo, r.sHi, r.sOutOfRange ? 1.0 : 0.0});
}

// --- inputs (built once; small, but with enough chunks to stop early) -----------------------------------

/// A K9 panel as tst_crossfit draws them: 60 units of 1-3 pairs, two fallbacks and one extra single.
const CrossFitInput& crossFitPanel()
{
    static const CrossFitInput in = [] {
        RandomStream rng(17, 0, 0);
        CrossFitInput p;
        p.grid = cascadeGrid(TaskKind::Ordinal);
        p.first = CrossFitJudge{"D", {}, {}};
        p.fallbacks = {{"F0", {}, {}}, {"F1", {}, {}}};
        p.singles = {{"S", {}, {}}};
        for (std::uint32_t u = 0; u < 60; ++u)
            for (std::uint32_t k = 0, n = 1 + rng.uniformIndex(3); k < n; ++k) {
                const double score = uniform(rng);
                const bool right = uniform(rng) < 0.45 + 0.5 * score;
                p.unit.push_back(1000 + 7 * u);
                p.score.push_back(score);
                p.first.right.push_back(right);
                p.first.cost.push_back(0.001 * (1 + uniform(rng)));
                for (std::size_t f = 0; f < 2; ++f) {
                    p.fallbacks[f].right.push_back(uniform(rng) <
                                                   (right ? 0.85 : 0.5) + 0.03 * static_cast<double>(f));
                    p.fallbacks[f].cost.push_back(0.01 * static_cast<double>(1 + f) * (1 + uniform(rng)));
                }
                p.singles[0].right.push_back(uniform(rng) < 0.7);
            }
        return p;
    }();
    return in;
}

/// R7 pairs of two judges with 0/1 correctness (`fractional`: shares of two runs), 50 units in 10 clusters.
std::vector<PairedObservation> pairedSample(std::uint64_t seed, bool fractional)
{
    RandomStream rng(seed, 0, 0);
    std::vector<PairedObservation> pairs;
    for (std::uint32_t u = 0; u < 50; ++u)
        for (std::uint32_t k = 0, n = 1 + rng.uniformIndex(3); k < n; ++k) {
            const auto draw = [&](double p) {
                return fractional ? 0.5 * ((uniform(rng) < p) + (uniform(rng) < p))
                                  : (uniform(rng) < p ? 1 : 0);
            };
            pairs.push_back({u * 3 + 1, u / 5, draw(0.75), draw(0.65)});
        }
    return pairs;
}

PairedSettings pairedSettings(int threads)
{
    PairedSettings s;
    s.resamples = 20000; // ~20 steps of kPairedProgressBlock per draw group
    s.threads = threads;
    return s;
}

/// The simulated rubric audit (3 judges, 40 units: binary and ordinal pairs) and its verdict table.
struct RubricFixture {
    AuditPtr audit;
    StrId panel = kEmptyStr;
    std::vector<JudgeKey> keys;
    RubricVerdictTable table;
};

const RubricFixture& rubric()
{
    static const RubricFixture fixture = [] {
        RubricSimulation settings;
        settings.judges = 3;
        settings.units = 40;
        settings.seed = 5;
        RubricFixture r;
        r.audit = simulateRubricAudit(settings).audit;
        r.panel = *r.audit->strings().find("sim-rubric");
        r.keys = panelJudges(*r.audit, r.panel);
        r.table = rubricVerdictTable(*r.audit, r.panel, r.keys);
        return r;
    }();
    return fixture;
}

CascadeSettings cascadeSettings(int threads)
{
    CascadeSettings s;
    s.halvings = 40;
    s.threads = threads;
    return s;
}

/// The simulated bias audit (2 judges x 12 tests, 40 items) and its design: one chunk per row.
const Audit& biasAudit()
{
    static const AuditPtr audit = [] {
        BiasSimulation settings;
        settings.judges = 2;
        settings.items = 40;
        settings.seed = 3;
        return simulateBiasAudit(settings).audit;
    }();
    return *audit;
}

const BiasDesign& biasDesign()
{
    static const BiasDesign design = collectBiasDesign(biasAudit());
    return design;
}

/// One row (examples.md section 3): the whole work, so its chunks are the resampling chunks.
const BiasDesign& oneRowDesign()
{
    static const AuditPtr audit = [] {
        testing::BiasRowSpec row;
        row.items = testing::examplesSection3Items();
        return testing::buildBiasAudit({row});
    }();
    static const BiasDesign design = collectBiasDesign(*audit);
    return design;
}

BiasSettings biasSettings()
{
    BiasSettings s;
    s.resamples = 1000;
    s.permutations = 4096;
    return s;
}

BiasSettings oneRowSettings()
{
    BiasSettings s;
    s.resamples = 4000; // 63 bootstrap chunks
    s.permutations = 20000;
    return s;
}

// --- the functions under test ------------------------------------------------------------------------------

struct Case {
    const char* name;
    Run run;
};

const std::vector<Case>& cases()
{
    static const std::vector<Case> all = {
        {"crossFitCascade",
         [](int threads, const Progress* p) {
             CrossFitSettings s;
             s.halvings = 40;
             s.threads = threads;
             Fingerprint f;
             addCrossFit(f,
                         p ? crossFitCascade(crossFitPanel(), s, *p) : crossFitCascade(crossFitPanel(), s));
             return f;
         }},
        {"replayCascade",
         [](int threads, const Progress* p) {
             const RubricFixture& r = rubric();
             const std::size_t fallbacks[] = {1, 2};
             const CascadeSettings s = cascadeSettings(threads);
             Fingerprint f;
             addReplay(f, p ? replayCascade(*r.audit, r.table, 0, fallbacks, {}, TaskKind::Ordinal, s, *p)
                            : replayCascade(*r.audit, r.table, 0, fallbacks, {}, TaskKind::Ordinal, s));
             return f;
         }},
        {"cascadePanel",
         [](int threads, const Progress* p) {
             const RubricFixture& r = rubric();
             const std::size_t fallbacks[] = {1, 2};
             const CascadeSettings s = cascadeSettings(threads);
             const CascadePanel panel = p ? cascadePanel(*r.audit, r.table, 0, fallbacks, {}, s, *p)
                                          : cascadePanel(*r.audit, r.table, 0, fallbacks, {}, s);
             Fingerprint f;
             for (const CascadeReplay& replay : panel.replays)
                 addReplay(f, replay);
             return f;
         }},
        {"analyseBiasExcess",
         [](int threads, const Progress* p) {
             const auto t = static_cast<unsigned>(threads);
             Fingerprint f;
             addExcess(f, p ? analyseBiasExcess(biasDesign(), biasSettings(), t, *p)
                            : analyseBiasExcess(biasDesign(), biasSettings(), t));
             return f;
         }},
        {"analyseBiasExcess one row",
         [](int threads, const Progress* p) {
             const auto t = static_cast<unsigned>(threads);
             Fingerprint f;
             addExcess(f, p ? analyseBiasExcess(oneRowDesign(), oneRowSettings(), t, *p)
                            : analyseBiasExcess(oneRowDesign(), oneRowSettings(), t));
             return f;
         }},
        {"analyseBias",
         [](int threads, const Progress* p) {
             const auto t = static_cast<unsigned>(threads);
             const BiasAnalysis a = p ? analyseBias(biasAudit(), biasSettings(), t, *p)
                                      : analyseBias(biasAudit(), biasSettings(), t);
             Fingerprint f;
             addExcess(f, a.excess);
             for (const BiasedJudgeCount& c : a.counts)
                 for (std::uint32_t b : c.biased)
                     f.push_back(b);
             return f;
         }},
        {"comparePaired",
         [](int threads, const Progress* p) {
             const std::vector<PairedObservation> pairs = pairedSample(11, true);
             const PairedSettings s = pairedSettings(threads);
             Fingerprint f;
             addComparison(f, p ? comparePaired(pairs, s, 3, *p) : comparePaired(pairs, s, 3));
             return f;
         }},
        {"comparePairedFamily",
         [](int threads, const Progress* p) {
             const std::vector<std::vector<PairedObservation>> family = {
                 pairedSample(11, false), pairedSample(11, true), pairedSample(12, false)};
             const PairedSettings s = pairedSettings(threads);
             Fingerprint f;
             for (const PairedComparison& c :
                  p ? comparePairedFamily(family, s, *p) : comparePairedFamily(family, s))
                 addComparison(f, c);
             return f;
         }},
        {"compareJudges",
         [](int threads, const Progress* p) {
             const RubricFixture& r = rubric();
             std::vector<StrId> judges;
             for (const JudgeKey& k : r.keys)
                 judges.push_back(k.judge);
             const PairedSettings s = pairedSettings(threads);
             Fingerprint f;
             for (const JudgeComparison& c : p ? compareJudges(*r.audit, judges, kEmptyStr, {}, s, *p)
                                               : compareJudges(*r.audit, judges, kEmptyStr, {}, s))
                 addComparison(f, c.result);
             return f;
         }},
        {"analyseJury",
         [](int threads, const Progress* p) {
             const RubricVerdictTable binary = verdictTableOfKind(rubric().table, TaskKind::Binary);
             const std::size_t judges[] = {0, 1, 2};
             const PairedSettings s = pairedSettings(threads);
             Fingerprint f;
             addJury(f,
                     p ? analyseJury(binary, judges, judges, s, *p) : analyseJury(binary, judges, judges, s));
             return f;
         }},
        {"juryPanel",
         [](int threads, const Progress* p) {
             const std::size_t judges[] = {0, 1, 2};
             const PairedSettings s = pairedSettings(threads);
             const JuryPanel panel = p ? juryPanel(rubric().table, judges, judges, s, *p)
                                       : juryPanel(rubric().table, judges, judges, s);
             Fingerprint f;
             for (const JuryPanel::Kind& k : panel.kinds) {
                 addJury(f, k.jury);
                 add(f, {static_cast<double>(k.allWrong.pairs), static_cast<double>(k.allWrong.allWrong)});
             }
             return f;
         }},
    };
    return all;
}

struct Step {
    std::uint64_t done, total;
};

/// A Progress recording its steps; when `cancelAfter` > 0 it sets its flag once that many steps were seen.
struct Recorder {
    std::atomic<bool> flag{false};
    std::mutex mutex;
    std::vector<Step> steps;
    std::size_t cancelAfter = 0;
    std::atomic<int> concurrent{0};
    std::atomic<bool> overlapped{false};

    Progress progress()
    {
        Progress p;
        p.cancel = &flag;
        p.report = [this](std::uint64_t done, std::uint64_t total) {
            if (concurrent.fetch_add(1) != 0)
                overlapped.store(true); // two report calls at once: the rule says one at a time
            {
                const std::lock_guard lock(mutex);
                steps.push_back({done, total});
                if (cancelAfter > 0 && steps.size() >= cancelAfter)
                    flag.store(true);
            }
            concurrent.fetch_sub(1);
        };
        return p;
    }
};

bool same(const Fingerprint& a, const Fingerprint& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::bit_cast<std::uint64_t>(a[i]) != std::bit_cast<std::uint64_t>(b[i]))
            return false;
    return true;
}

} // namespace

class TestProgressCancel : public QObject {
    Q_OBJECT
private slots:
    void unchanged_data() { rows(); }
    void unchanged();
    void cancelledBefore_data() { rows(); }
    void cancelledBefore();
    void cancelledInside_data() { rows(); }
    void cancelledInside();
    void steps_data() { rows(); }
    void steps();
    void partScaling();

private:
    static void rows()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("threads");
        for (std::size_t i = 0; i < cases().size(); ++i)
            for (int threads : {1, 3})
                QTest::addRow("%s, %d threads", cases()[i].name, threads) << static_cast<int>(i) << threads;
    }
};

// (a) The checks never change a result: a never-cancelled Progress on N threads equals no Progress on one.
void TestProgressCancel::unchanged()
{
    QFETCH(int, index);
    QFETCH(int, threads);
    const Run& run = cases()[static_cast<std::size_t>(index)].run;
    const Fingerprint reference = run(1, nullptr);
    QVERIFY(!reference.empty());
    QVERIFY(same(run(threads, nullptr), reference));
    Recorder recorder;
    const Progress progress = recorder.progress();
    QVERIFY(same(run(threads, &progress), reference));
    const Progress silent; // no callback, no flag
    QVERIFY(same(run(threads, &silent), reference));
}

// (b) A flag set before the call: Cancelled, and no step at all (nothing beyond the first chunk ran).
void TestProgressCancel::cancelledBefore()
{
    QFETCH(int, index);
    QFETCH(int, threads);
    Recorder recorder;
    recorder.flag = true;
    const Progress progress = recorder.progress();
    QVERIFY_THROWS_EXCEPTION(Cancelled, cases()[static_cast<std::size_t>(index)].run(threads, &progress));
    QCOMPARE(recorder.steps.size(), std::size_t(0));
}

// (c) A flag set by the first step: Cancelled, after a few steps only (chunks already running may report).
void TestProgressCancel::cancelledInside()
{
    QFETCH(int, index);
    QFETCH(int, threads);
    const Run& run = cases()[static_cast<std::size_t>(index)].run;
    Recorder full;
    const Progress fullProgress = full.progress();
    run(threads, &fullProgress);
    QVERIFY(full.steps.size() >= 10); // enough chunks to see an early stop

    Recorder recorder;
    recorder.cancelAfter = 1;
    const Progress progress = recorder.progress();
    try {
        run(threads, &progress);
        QFAIL("no Cancelled thrown");
    } catch (const Cancelled& e) {
        QCOMPARE(std::string(e.what()), std::string("cancelled"));
    }
    QVERIFY(!recorder.steps.empty());
    const Step last = recorder.steps.back();
    QVERIFY2(recorder.steps.size() <= 1 + 2 * static_cast<std::size_t>(threads),
             qPrintable(QString("%1 steps of %2").arg(recorder.steps.size()).arg(full.steps.size())));
    QVERIFY2(4 * last.done <= last.total,
             qPrintable(QString("stopped at %1 of %2").arg(last.done).arg(last.total)));
}

// (d) Steps: one at a time, non-decreasing, total fixed, done <= total, the last one (total, total).
void TestProgressCancel::steps()
{
    QFETCH(int, index);
    QFETCH(int, threads);
    Recorder recorder;
    const Progress progress = recorder.progress();
    cases()[static_cast<std::size_t>(index)].run(threads, &progress);
    const std::vector<Step>& s = recorder.steps;
    QVERIFY(s.size() >= 2);
    QVERIFY(!recorder.overlapped);
    const std::uint64_t total = s.front().total;
    QVERIFY(total > 0);
    for (std::size_t i = 0; i < s.size(); ++i) {
        QCOMPARE(s[i].total, total);
        QVERIFY(s[i].done <= total);
        if (i > 0)
            QVERIFY2(s[i].done >= s[i - 1].done,
                     qPrintable(QString("step %1: %2 after %3").arg(i).arg(s[i].done).arg(s[i - 1].done)));
    }
    QCOMPARE(s.back().done, total);
}

// Progress::part: a part's steps in its own units land in its share of the job, its end at the share's end.
void TestProgressCancel::partScaling()
{
    Recorder recorder;
    const Progress job = recorder.progress();
    const Progress first = job.part(0, 10, 30);
    first.step(0, 4);
    first.step(2, 4);
    first.step(4, 4);
    const Progress second = job.part(10, 20, 30);
    second.step(1, 3);
    second.step(0, 0); // nothing to do: the part is complete
    QCOMPARE(recorder.steps.size(), std::size_t(5));
    const std::uint64_t expected[] = {0, 5, 10, 16, 30};
    for (std::size_t i = 0; i < 5; ++i) {
        QCOMPARE(recorder.steps[i].done, expected[i]);
        QCOMPARE(recorder.steps[i].total, std::uint64_t(30));
    }
    recorder.flag = true;
    QVERIFY(second.cancelled());
    QVERIFY_THROWS_EXCEPTION(Cancelled, second.throwIfCancelled());
}

QTEST_APPLESS_MAIN(TestProgressCancel)
#include "tst_progresscancel.moc"
