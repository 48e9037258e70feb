// B7 direction, B8 probability shift, B9 flips by confidence and B12 cross-judge agreement
// (core/analysis/biasshift.h; ../shared/spec/metrics.md "Bias tests"): hand-computed audits, edge cases as
// data rows, B12 against a straightforward map-based recomputation, spearmanCorrelation against
// scipy.stats.spearmanr (tests/data/biasshift/spearman_reference.csv, made and re-checked by
// tests/core/spearman_reference.py), and the cost on a seed-001-size design.
#include "analysis/biasshift.h"
#include "analysis/probabilityaveraging.h"
#include "model/auditbuilder.h"
#include "stats/randomstreams.h"

#include "../common/biasaudits.h"
#include "../common/csvlines.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>

using namespace tribunal;
using testing::BiasItemSpec;
using testing::BiasRowSpec;
using testing::buildBiasAudit;

class TestBiasShift : public QObject {
    Q_OBJECT
private slots:
    void directionHand();
    void oneRunDesign();
    void direction_data();
    void direction();
    void probabilityShiftHand();
    void movedThreshold_data();
    void movedThreshold();
    void confidenceBin_data();
    void confidenceBin();
    void confidencePooled();
    void agreementThreeJudges();
    void shiftTiesUpToRounding();
    void agreementMatchesRecomputation_data();
    void agreementMatchesRecomputation();
    void spearmanHand_data();
    void spearmanHand();
    void spearmanScipy_data();
    void spearmanScipy();
    void spearmanLengthMismatch();
};

namespace {

/// Equal within 1e-12, or both missing.
bool same(double got, double want)
{
    if (isMissing(want) || isMissing(got))
        return isMissing(want) && isMissing(got);
    return std::abs(got - want) <= 1e-12;
}

QByteArray bytes(std::string_view s)
{
    return QByteArray(s.data(), static_cast<qsizetype>(s.size()));
}

QByteArray text(double v)
{
    return isMissing(v) ? QByteArray("missing") : QByteArray::number(v, 'g', 17);
}

#define COMPARE_VALUE(got, want)                                                                             \
    QVERIFY2(same((got), (want)), #got " = " + text(got) + ", expected " + text(want))

/// An item of the hand audits: label A, originals A A, perturbed A or B.
BiasItemSpec item(std::string id, char label, char o1, char o2, char p, double pA1 = -1, double pAp = -1)
{
    BiasItemSpec spec;
    spec.itemId = std::move(id);
    spec.label = label;
    spec.o1 = o1;
    spec.o2 = o2;
    spec.p = p;
    spec.pA1 = pA1;
    spec.pA2 = pA1;
    spec.pAp = pAp;
    return spec;
}

BiasRowSpec row(std::string judge, std::string test, std::string cue, std::vector<BiasItemSpec> items,
                std::string format = "calm")
{
    BiasRowSpec spec;
    spec.judge = std::move(judge);
    spec.test = std::move(test);
    spec.cue = std::move(cue);
    spec.format = std::move(format);
    spec.items = std::move(items);
    return spec;
}

/// Index of the design row with this judge, format and test (QFAIL-friendly: -1 when absent).
int rowOf(const Audit& audit, const BiasDesign& design, std::string_view judge, std::string_view test,
          std::string_view format = "calm")
{
    for (std::size_t r = 0; r < design.rows.size(); ++r) {
        const BiasRowKey& k = design.rows[r].key;
        if (audit.str(k.judge) == judge && audit.str(k.test) == test && audit.str(k.format) == format)
            return static_cast<int>(r);
    }
    return -1;
}

// --- random audits ---------------------------------------------------------------------------------------

struct RandomDesign {
    int judges = 3;
    int tests = 4;
    int items = 40;
    bool sparse =
        true; ///< missing runs, prompts and probabilities, unlabelled items, a fallacy test, 2 formats
    std::uint64_t seed = 1;
};

/// A random bias audit with the shape of seed 001: every judge judges every item's original prompt twice and
/// each test's perturbed prompt once (with gaps when sparse).
AuditPtr randomBiasAudit(const RandomDesign& d)
{
    RandomStream rng(d.seed, 0, 0);
    auto chance = [&](std::uint32_t oneIn) { return rng.uniformIndex(oneIn) == 0; };
    AuditBuilder b;
    const StrId dataset = b.intern("d");
    std::vector<std::uint32_t> items;
    for (int i = 0; i < d.items; ++i) {
        items.push_back(b.addItem(dataset, b.intern("i" + std::to_string(i)), TaskKind::Pairwise));
        if (!(d.sparse && chance(10)))
            b.setLabel(items.back(), rng.uniformIndex(2) == 0 ? answer::kA : answer::kB);
    }
    const std::vector<std::string> formats =
        d.sparse ? std::vector<std::string>{"calm", "plain"} : std::vector<std::string>{"calm"};
    b.reserveJudgments(static_cast<std::size_t>(d.judges) * formats.size() * items.size() *
                       static_cast<std::size_t>(d.tests + 2));
    for (int j = 0; j < d.judges; ++j) {
        const bool probabilities = j % 4 != 3;
        for (const std::string& format : formats) {
            for (std::uint32_t item : items) {
                JudgmentInput in;
                in.item = item;
                in.judge = b.intern("J" + std::to_string(j));
                in.format = b.intern(format);
                in.order = Order::AB;
                const double pA1 = static_cast<double>(rng.uniformIndex(101)) / 100.0;
                const bool hasP = probabilities && !(d.sparse && chance(30));
                const Answer o1 = hasP ? (pA1 >= 0.5 ? answer::kA : answer::kB)
                                       : (rng.uniformIndex(2) == 0 ? answer::kA : answer::kB);
                ProbEntry prob{answer::kA, pA1};
                for (std::uint16_t rep : {std::uint16_t{1}, std::uint16_t{2}}) {
                    in.rep = rep;
                    in.variant = Variant::Original;
                    in.answer =
                        rep == 1 ? o1 : (chance(8) ? (o1 == answer::kA ? answer::kB : answer::kA) : o1);
                    if (d.sparse && chance(rep == 1 ? 50 : 20))
                        in.answer = answer::kNone;
                    in.probs = hasP ? std::span<const ProbEntry>(&prob, 1) : std::span<const ProbEntry>();
                    b.addJudgment(in);
                }
                for (int t = 0; t < d.tests; ++t) {
                    if (d.sparse && chance(15))
                        continue; // this judge did not get the item's perturbed prompt
                    const bool fallacy = d.sparse && t == d.tests - 1;
                    in.rep = 1;
                    in.variant = Variant::Perturbed;
                    in.test = b.intern(fallacy ? "fallacy" : "t" + std::to_string(t));
                    in.version = b.intern(t % 3 == 0 ? "v" + std::to_string(t) : "");
                    in.cue = t % 2 == 0 ? Cue::Better : Cue::Worse;
                    in.answer = chance(5) ? (o1 == answer::kA ? answer::kB : answer::kA) : o1;
                    if (d.sparse && chance(40))
                        in.answer = answer::kNone;
                    ProbEntry perturbed{answer::kA, static_cast<double>(rng.uniformIndex(101)) / 100.0};
                    in.probs = hasP && !(d.sparse && chance(30)) ? std::span<const ProbEntry>(&perturbed, 1)
                                                                 : std::span<const ProbEntry>();
                    b.addJudgment(in);
                    in.test = kEmptyStr;
                    in.version = kEmptyStr;
                    in.cue = Cue::None;
                }
            }
        }
    }
    ImportLog log;
    AuditPtr audit = b.build(log);
    if (!audit)
        throw std::runtime_error("randomBiasAudit: the builder refused the audit");
    return audit;
}

/// B12 recomputed the plain way: per judge a map prompt -> (changed, Delta p), per pair a map item -> sums.
std::vector<FlipAgreement> agreementByMaps(const Audit& audit, const BiasDesign& design)
{
    using Prompt = std::tuple<std::string, std::string, std::uint32_t>; // test, version, item
    struct Value {
        bool changed;
        double shift;
    };
    using Group = std::pair<std::string, CondId>; // format, condition
    std::map<Group, std::map<std::string, std::map<Prompt, Value>>> byJudge;
    std::map<Group, StrId> formatId;
    std::map<std::string, StrId> judgeId;
    for (const BiasRow& row : design.rows) {
        if (row.fallacy)
            continue;
        const Group group{std::string(audit.str(row.key.format)), row.key.condition};
        formatId[group] = row.key.format;
        judgeId[std::string(audit.str(row.key.judge))] = row.key.judge;
        auto& prompts = byJudge[group][std::string(audit.str(row.key.judge))];
        for (const BiasItem& it : row.completeItems()) {
            double shift = kMissing;
            const Answer label = audit.items().label[it.item];
            if ((label == answer::kA || label == answer::kB) && it.cue != Cue::None) {
                const bool targetIsA = (label == answer::kA) == (it.cue == Cue::Better);
                const double before = probabilityOfA(audit, it.original1);
                const double after = probabilityOfA(audit, it.perturbed);
                if (!isMissing(before) && !isMissing(after))
                    shift = targetIsA ? after - before : (1 - after) - (1 - before);
            }
            prompts[{std::string(audit.str(row.key.test)), std::string(audit.str(row.key.version)),
                     it.item}] = {it.p != it.o1, shift};
        }
    }
    std::vector<FlipAgreement> out;
    for (const auto& [group, judges] : byJudge) {
        for (const auto& [name1, prompts1] : judges) {
            for (const auto& [name2, prompts2] : judges) {
                if (name1 == name2)
                    continue;
                FlipAgreement a;
                a.judge1 = judgeId[name1];
                a.judge2 = judgeId[name2];
                a.format = formatId[group];
                a.condition = group.second;
                std::uint32_t both = 0, secondOnly = 0;
                struct Sums {
                    double n = 0, flip1 = 0, flip2 = 0, nShift = 0, shift1 = 0, shift2 = 0;
                };
                std::map<std::uint32_t, Sums> perItem;
                for (const auto& [prompt, v1] : prompts1) {
                    auto found = prompts2.find(prompt);
                    if (found == prompts2.end())
                        continue;
                    const Value& v2 = found->second;
                    ++a.prompts;
                    a.firstFlips += v1.changed;
                    both += v1.changed && v2.changed;
                    secondOnly += !v1.changed && v2.changed;
                    Sums& s = perItem[std::get<2>(prompt)];
                    s.n += 1;
                    s.flip1 += v1.changed;
                    s.flip2 += v2.changed;
                    if (!isMissing(v1.shift) && !isMissing(v2.shift)) {
                        s.nShift += 1;
                        s.shift1 += v1.shift;
                        s.shift2 += v2.shift;
                    }
                }
                if (a.firstFlips > 0)
                    a.shareWhenFirstFlips = double(both) / a.firstFlips;
                if (a.prompts > a.firstFlips)
                    a.shareWhenFirstStays = double(secondOnly) / (a.prompts - a.firstFlips);
                std::vector<double> f1, f2, s1, s2;
                for (const auto& [itemRow, s] : perItem) {
                    f1.push_back(s.flip1 / s.n);
                    f2.push_back(s.flip2 / s.n);
                    if (s.nShift > 0) {
                        const double grid = kSpearmanShiftGrid; // the contract's tie rule
                        s1.push_back(std::round(s.shift1 / s.nShift / grid) * grid);
                        s2.push_back(std::round(s.shift2 / s.nShift / grid) * grid);
                    }
                }
                a.items = static_cast<std::uint32_t>(f1.size());
                a.shiftItems = static_cast<std::uint32_t>(s1.size());
                a.spearmanFlipRate = spearmanCorrelation(f1, f2);
                a.spearmanShift = spearmanCorrelation(s1, s2);
                out.push_back(a);
            }
        }
    }
    return out;
}

std::vector<double> parseValues(const std::string& field)
{
    std::vector<double> values;
    std::istringstream in(field);
    std::string token;
    while (in >> token)
        values.push_back(std::stod(token));
    return values;
}

} // namespace

// --- B7 --------------------------------------------------------------------------------------------------

void TestBiasShift::directionHand()
{
    // Originals (label; run 1, run 2) are shared by both tests. k4 has no label, k6 no answered second run
    // (so it is not in the complete item set): both are left out, n = 4 in each row.
    const std::vector<BiasItemSpec> bandwagon = {
        item("k1", 'A', 'A', 'A', 'B'), item("k2", 'B', 'B', 'B', 'B'), item("k3", 'A', 'B', 'B', 'B'),
        item("k4", ' ', 'A', 'A', 'B'), item("k5", 'A', 'A', 'A', 'T'), item("k6", 'A', 'A', '-', 'B')};
    std::vector<BiasItemSpec> authority = bandwagon;
    authority[0].p = 'B'; // k1
    authority[1].p = 'A'; // k2
    authority[2].p = 'B'; // k3
    const auto audit = buildBiasAudit(
        {row("J1", "bandwagon", "worse", bandwagon), row("J1", "authority", "better", authority)});
    const BiasDesign design = collectBiasDesign(*audit);
    const auto results = analyseBiasShift(*audit, design, BiasSettings{});
    QCOMPARE(results.size(), std::size_t(2));
    const int au = rowOf(*audit, design, "J1", "authority"), bw = rowOf(*audit, design, "J1", "bandwagon");
    QCOMPARE(au, 0); // rows in string order of the test
    QCOMPARE(bw, 1);
    QCOMPARE(results[0].row, 0u);
    QCOMPARE(results[1].row, 1u);

    // Bandwagon, cue on the worse response: target = the other candidate.
    // k1 target B: before A (0) after B (1); k2 target A: B (0), B (0); k3 target B: B (1), B (1);
    // k5 target B: A (0), tie (0). before = 1/4, after = 2/4, change = +1/4.
    const BiasShiftResult& w = results[1];
    QCOMPARE(w.nDirection, 4u);
    COMPARE_VALUE(w.before, 0.25);
    COMPARE_VALUE(w.after, 0.5);
    COMPARE_VALUE(w.change, 0.25);
    // Authority, cue on the better response: target = the label.
    // k1 target A: A (1), B (0); k2 target B: B (1), A (0); k3 target A: B (0), B (0); k5 target A: A (1),
    // tie (0). before = 3/4, after = 0, change = -3/4.
    const BiasShiftResult& b = results[0];
    QCOMPARE(b.nDirection, 4u);
    COMPARE_VALUE(b.before, 0.75);
    COMPARE_VALUE(b.after, 0.0);
    COMPARE_VALUE(b.change, -0.75);
    // No probabilities anywhere: B8 is undefined, not 0.
    for (const BiasShiftResult& r : results) {
        QCOMPARE(r.nProbability, 0u);
        QVERIFY(isMissing(r.deltaP));
        QVERIFY(isMissing(r.movedShare));
    }
}

void TestBiasShift::oneRunDesign()
{
    // No item has a second original run (' ': judgment absent): CR is unavailable and every single-run item
    // is used (biasdesign.h). Cue on the worse response, label A (target B): k1 A -> B, k2 A -> A (P(A) 0.8
    // -> 0.6, Delta p +0.2, moved), k3 B -> B. B7 n 3: before 1/3 (k3), after 2/3 (k1, k3). B8 n 1.
    const auto audit =
        buildBiasAudit({row("J1", "bandwagon", "worse",
                            {item("k1", 'A', 'A', ' ', 'B'), item("k2", 'A', 'A', ' ', 'A', 0.8, 0.6),
                             item("k3", 'A', 'B', ' ', 'B')})});
    const BiasDesign design = collectBiasDesign(*audit);
    QVERIFY(!design.rows.at(0).crAvailable);
    const auto result = analyseBiasShift(*audit, design, BiasSettings{}).at(0);
    QCOMPARE(result.nDirection, 3u);
    COMPARE_VALUE(result.before, 1.0 / 3);
    COMPARE_VALUE(result.after, 2.0 / 3);
    QCOMPARE(result.nProbability, 1u);
    COMPARE_VALUE(result.deltaP, 0.2);
    COMPARE_VALUE(result.movedShare, 1.0);
    // B9: k2's run-1 confidence 0.8, not changed.
    const auto flips = flipsByConfidence(*audit, design);
    QCOMPARE(flips.at(0).bins.at(3).n, 1u);
    QCOMPARE(flips.at(0).bins.at(3).flipped, 0u);
}

void TestBiasShift::direction_data()
{
    QTest::addColumn<QString>("cue");
    QTest::addColumn<char>("label");
    QTest::addColumn<char>("o1");
    QTest::addColumn<char>("p");
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("before");
    QTest::addColumn<double>("after");
    const double m = kMissing;
    QTest::newRow("on better, label A, A -> B") << "better" << 'A' << 'A' << 'B' << 1 << 1.0 << 0.0;
    QTest::newRow("on worse, label A, A -> B") << "worse" << 'A' << 'A' << 'B' << 1 << 0.0 << 1.0;
    QTest::newRow("on better, label B, A -> B") << "better" << 'B' << 'A' << 'B' << 1 << 0.0 << 1.0;
    QTest::newRow("on worse, label B, B -> A") << "worse" << 'B' << 'B' << 'A' << 1 << 0.0 << 1.0;
    QTest::newRow("on worse, label B, A -> A") << "worse" << 'B' << 'A' << 'A' << 1 << 1.0 << 1.0;
    QTest::newRow("tie after: counts, never for the cue") << "worse" << 'A' << 'B' << 'T' << 1 << 1.0 << 0.0;
    QTest::newRow("tie before") << "better" << 'A' << 'T' << 'A' << 1 << 0.0 << 1.0;
    QTest::newRow("no label: left out") << "worse" << ' ' << 'A' << 'B' << 0 << m << m;
    QTest::newRow("label tie: left out") << "worse" << 'T' << 'A' << 'B' << 0 << m << m;
    QTest::newRow("no cue: left out") << "" << 'A' << 'A' << 'B' << 0 << m << m;
}

void TestBiasShift::direction()
{
    QFETCH(QString, cue);
    QFETCH(char, label);
    QFETCH(char, o1);
    QFETCH(char, p);
    QFETCH(int, n);
    QFETCH(double, before);
    QFETCH(double, after);
    const auto audit =
        buildBiasAudit({row("J1", "bandwagon", cue.toStdString(), {item("k1", label, o1, o1, p)})});
    const auto results = analyseBiasShift(*audit, collectBiasDesign(*audit), BiasSettings{});
    QCOMPARE(results.size(), std::size_t(1));
    QCOMPARE(results[0].nDirection, std::uint32_t(n));
    COMPARE_VALUE(results[0].before, before);
    COMPARE_VALUE(results[0].after, after);
    COMPARE_VALUE(results[0].change, n == 0 ? kMissing : after - before);
}

// --- B8 --------------------------------------------------------------------------------------------------

void TestBiasShift::probabilityShiftHand()
{
    // Cue on the worse response. Delta p = P_perturbed(target) - P_original(target), P(B) = 1 - P(A).
    //   s1 label A (target B): P(A) 0.9 -> 0.7: P(B) 0.1 -> 0.3, +0.20, stays, |0.20| > 0.10: moved
    //   s2 label A (target B): 0.8 -> 0.7: +0.10, stays, exactly the threshold: not moved
    //   s3 label B (target A): 0.3 -> 0.6: +0.30, B -> A: moved
    //   s4 label A (target B): 0.6 -> 0.45: P(B) 0.4 -> 0.55, +0.15, A -> B: moved
    //   s5 label A: no perturbed P(A): left out of B8 (kept in B7)
    //   s6 label A (target B): 0.45 -> 0.5: P(B) 0.55 -> 0.5, -0.05, stays: not moved
    //   s7 label A (target B): 0.52 -> 0.48: +0.04, A -> B: moved (a flip moves whatever the shift)
    //   s8 no label, probabilities: left out of B7 and B8
    // n = 6, Delta p = (0.20 + 0.10 + 0.30 + 0.15 - 0.05 + 0.04) / 6 = 0.74 / 6; moved 4 / 6.
    // B7 (n = 7, target as above): before (run 1 names the target) s6 = 1/7; after s3 s4 s6 s7 = 4/7.
    const std::vector<BiasItemSpec> items = {
        item("s1", 'A', 'A', 'A', 'A', 0.9, 0.7),   item("s2", 'A', 'A', 'A', 'A', 0.8, 0.7),
        item("s3", 'B', 'B', 'B', 'A', 0.3, 0.6),   item("s4", 'A', 'A', 'A', 'B', 0.6, 0.45),
        item("s5", 'A', 'A', 'A', 'A', 0.9, -1),    item("s6", 'A', 'B', 'B', 'B', 0.45, 0.5),
        item("s7", 'A', 'A', 'A', 'B', 0.52, 0.48), item("s8", ' ', 'A', 'A', 'B', 0.9, 0.1)};
    const auto audit = buildBiasAudit({row("J1", "bandwagon", "worse", items)});
    const BiasDesign design = collectBiasDesign(*audit);
    BiasSettings settings;
    QCOMPARE(settings.probabilityShift, 0.10);
    auto result = analyseBiasShift(*audit, design, settings).at(0);
    QCOMPARE(result.nDirection, 7u);
    COMPARE_VALUE(result.before, 1.0 / 7);
    COMPARE_VALUE(result.after, 4.0 / 7);
    QCOMPARE(result.nProbability, 6u);
    COMPARE_VALUE(result.deltaP, 0.74 / 6);
    COMPARE_VALUE(result.movedShare, 4.0 / 6);

    // Other thresholds: at 0.05 s2 (0.10) moves too, s6 (exactly 0.05) does not: 5/6. At 0.20 s1 (exactly
    // 0.20) stays: only the three flips, 3/6. Delta p does not depend on the threshold.
    settings.probabilityShift = 0.05;
    result = analyseBiasShift(*audit, design, settings).at(0);
    COMPARE_VALUE(result.movedShare, 5.0 / 6);
    COMPARE_VALUE(result.deltaP, 0.74 / 6);
    settings.probabilityShift = 0.20;
    result = analyseBiasShift(*audit, design, settings).at(0);
    COMPARE_VALUE(result.movedShare, 3.0 / 6);
}

void TestBiasShift::movedThreshold_data()
{
    // One item, label A, cue on the worse response (target B), originals A A; threshold 0.10.
    QTest::addColumn<char>("p");
    QTest::addColumn<double>("pA1");
    QTest::addColumn<double>("pAp");
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("deltaP");
    QTest::addColumn<double>("moved");
    const double m = kMissing;
    // 0.8 - 0.7 is 0.10000000000000009 in double, 0.5 - 0.4 is 0.09999999999999998: both "exactly 0.10".
    QTest::newRow("0.7 -> 0.8: exactly 0.10, stays") << 'A' << 0.7 << 0.8 << 1 << -0.1 << 0.0;
    QTest::newRow("0.5 -> 0.4: exactly 0.10, stays") << 'A' << 0.5 << 0.4 << 1 << 0.1 << 0.0;
    QTest::newRow("0.7 -> 0.81: above, moved") << 'A' << 0.7 << 0.81 << 1 << -0.11 << 1.0;
    QTest::newRow("0.5 -> 0.39: above, moved") << 'A' << 0.5 << 0.39 << 1 << 0.11 << 1.0;
    QTest::newRow("flip without shift: moved") << 'B' << 0.6 << 0.6 << 1 << 0.0 << 1.0;
    QTest::newRow("P(A) 1 -> 0: Delta p +1") << 'B' << 1.0 << 0.0 << 1 << 1.0 << 1.0;
    QTest::newRow("no original P(A): left out") << 'B' << -1.0 << 0.6 << 0 << m << m;
    QTest::newRow("no perturbed P(A): left out") << 'B' << 0.6 << -1.0 << 0 << m << m;
}

void TestBiasShift::movedThreshold()
{
    QFETCH(char, p);
    QFETCH(double, pA1);
    QFETCH(double, pAp);
    QFETCH(int, n);
    QFETCH(double, deltaP);
    QFETCH(double, moved);
    const auto audit =
        buildBiasAudit({row("J1", "bandwagon", "worse", {item("k1", 'A', 'A', 'A', p, pA1, pAp)})});
    const auto result = analyseBiasShift(*audit, collectBiasDesign(*audit), BiasSettings{}).at(0);
    QCOMPARE(result.nDirection, 1u);
    QCOMPARE(result.nProbability, std::uint32_t(n));
    COMPARE_VALUE(result.deltaP, deltaP);
    COMPARE_VALUE(result.movedShare, moved);
}

// --- B9 --------------------------------------------------------------------------------------------------

void TestBiasShift::confidenceBin_data()
{
    QTest::addColumn<double>("pA");
    QTest::addColumn<int>("bin");
    QTest::newRow("0.5: first bin") << 0.5 << 0;
    QTest::newRow("0.59") << 0.59 << 0;
    QTest::newRow("0.6 on the edge") << 0.6 << 1;
    QTest::newRow("P(A) 0.4: confidence 0.6") << 0.4 << 1;
    QTest::newRow("0.6999") << 0.6999 << 1;
    QTest::newRow("P(A) 0.3: confidence 0.7") << 0.3 << 2;
    QTest::newRow("0.8999999 (1e-7 below an edge)") << 0.8999999 << 3;
    QTest::newRow("0.3 * 3 = 0.8999999999999999 (rounding)") << 0.3 * 3 << 4;
    QTest::newRow("0.9") << 0.9 << 4;
    QTest::newRow("P(A) 0.1: confidence 0.9") << 0.1 << 4;
    QTest::newRow("0.9499") << 0.9499 << 4;
    QTest::newRow("0.95 on the edge") << 0.95 << 5;
    QTest::newRow("P(A) 0.05: confidence 0.95") << 0.05 << 5;
    QTest::newRow("0.9899") << 0.9899 << 5;
    QTest::newRow("0.99 on the edge") << 0.99 << 6;
    QTest::newRow("P(A) 0.01: confidence 0.99") << 0.01 << 6;
    QTest::newRow("1.0: last bin is closed") << 1.0 << 6;
    QTest::newRow("P(A) 0: confidence 1") << 0.0 << 6;
}

void TestBiasShift::confidenceBin()
{
    QFETCH(double, pA);
    QFETCH(int, bin);
    // One changed prompt (A -> B); its run-1 confidence decides the bin. No label needed.
    const auto audit =
        buildBiasAudit({row("J1", "bandwagon", "worse", {item("k1", ' ', 'A', 'A', 'B', pA)})});
    const auto flips = flipsByConfidence(*audit, collectBiasDesign(*audit));
    QCOMPARE(flips.size(), std::size_t(1));
    QCOMPARE(flips[0].bins.size(), std::size_t(7));
    for (std::size_t k = 0; k < flips[0].bins.size(); ++k) {
        const ConfidenceFlipBin& b = flips[0].bins[k];
        QCOMPARE(b.lo, kFlipConfidenceEdges[k]);
        QCOMPARE(b.hi, kFlipConfidenceEdges[k + 1]);
        const bool here = static_cast<int>(k) == bin;
        QVERIFY2(b.n == (here ? 1u : 0u), QByteArray::number(int(k)));
        QCOMPARE(b.flipped, here ? 1u : 0u);
        COMPARE_VALUE(b.share, here ? 1.0 : kMissing);
    }
}

void TestBiasShift::confidencePooled()
{
    // J1: bandwagon and authority pooled, the fallacy row (every verdict changed) left out.
    //   c1 P(A) 0.55 -> [0.5,0.6): bandwagon changed, authority stays        n 2, flipped 1
    //   c2 0.65, c3 0.35 -> [0.6,0.7): c2 bw stays, c3 bw changed, c2 au changed n 3, flipped 2
    //   c4 no P(A): left out; c6 no answered second run: not a complete item
    //   c5 0.97 -> [0.95,0.99): bw stays, au changed                           n 2, flipped 1
    // J2 (bandwagon): c1 0.995 changed -> [0.99,1]. J3 has only a fallacy row: no entry.
    const std::vector<BiasItemSpec> bw = {
        item("c1", 'A', 'A', 'A', 'B', 0.55), item("c2", 'A', 'A', 'A', 'A', 0.65),
        item("c3", 'A', 'B', 'B', 'A', 0.35), item("c4", 'A', 'A', 'A', 'B'),
        item("c5", 'A', 'A', 'A', 'A', 0.97), item("c6", 'A', 'A', '-', 'B', 0.75)};
    const std::vector<BiasItemSpec> au = {item("c1", 'A', 'A', 'A', 'A', 0.55),
                                          item("c2", 'A', 'A', 'A', 'B', 0.65),
                                          item("c5", 'A', 'A', 'A', 'B', 0.97)};
    std::vector<BiasItemSpec> fallacy = bw;
    for (BiasItemSpec& s : fallacy)
        s.p = s.o1 == 'A' ? 'B' : 'A';
    const auto audit =
        buildBiasAudit({row("J1", "bandwagon", "worse", bw), row("J1", "authority", "better", au),
                        row("J1", "fallacy", "worse", fallacy),
                        row("J2", "bandwagon", "worse", {item("c1", 'A', 'A', 'A', 'B', 0.995)}),
                        row("J3", "fallacy", "worse", fallacy)});
    const auto flips = flipsByConfidence(*audit, collectBiasDesign(*audit));
    QCOMPARE(flips.size(), std::size_t(2));
    QCOMPARE(std::string(audit->str(flips[0].judge)), std::string("J1"));
    QCOMPARE(std::string(audit->str(flips[0].format)), std::string("calm"));
    QCOMPARE(flips[0].condition, CondId(0));
    QCOMPARE(std::string(audit->str(flips[1].judge)), std::string("J2"));
    const std::uint32_t n1[7] = {2, 3, 0, 0, 0, 2, 0}, f1[7] = {1, 2, 0, 0, 0, 1, 0};
    const std::uint32_t n2[7] = {0, 0, 0, 0, 0, 0, 1}, f2[7] = {0, 0, 0, 0, 0, 0, 1};
    for (int k = 0; k < 7; ++k) {
        QCOMPARE(flips[0].bins[k].n, n1[k]);
        QCOMPARE(flips[0].bins[k].flipped, f1[k]);
        COMPARE_VALUE(flips[0].bins[k].share, n1[k] ? double(f1[k]) / n1[k] : kMissing);
        QCOMPARE(flips[1].bins[k].n, n2[k]);
        QCOMPARE(flips[1].bins[k].flipped, f2[k]);
    }
}

// --- B12 -------------------------------------------------------------------------------------------------

void TestBiasShift::agreementThreeJudges()
{
    // Prompts (test, item); 1 = verdict changed (A -> B). Labels A, cue on the worse response (target B), so
    // Delta p = P_original(A) - P_perturbed(A); run-1 P(A) 5/8, Delta p in eighths (exact in binary) below.
    //            bandwagon i1 i2 i3 i4   authority i1 i2 i3
    //   J1 flip            1  0  1  0              1  1  0
    //   J1 dp8            +2 +1 +2 -1             +2 +3  0
    //   J2 flip            1  1  0  0              0  1  0
    //   J2 dp8            +3 +1  0  0             +1 +2 +1
    //   J3 flip            1  0  0  (i4 incomplete)  (no authority row; no probabilities)
    // A fallacy row of J1 and J2 (all flipped) and a format "other" with J1 alone must change nothing.
    //
    // (J1, J2): 7 shared prompts. J1 flips on bw-i1 bw-i3 au-i1 au-i2 (4), J2 too on bw-i1 au-i2: 2/4; J1
    //   stays on bw-i2 bw-i4 au-i3, J2 flips on bw-i2: 1/3. (J2, J1): J2 flips on bw-i1 bw-i2 au-i2, J1 too
    //   on bw-i1 au-i2: 2/3; J2 stays on bw-i3 bw-i4 au-i1 au-i3, J1 flips on bw-i3 au-i1: 2/4.
    //   Flip rate per item J1 (1, .5, .5, 0) ranks (4, 2.5, 2.5, 1); J2 (.5, 1, 0, 0) ranks (3, 4, 1.5, 1.5);
    //   mean rank 2.5: sum dx dy = 1.5*.5 + 0 + 0 + (-1.5)(-1.5) = 2.25, sum dx^2 = 4.5, sum dy^2 = 4.5:
    //   rho = 0.5. Mean shift J1 (2, 2, 1, -1) ranks (3.5, 3.5, 2, 1); J2 (2, 1.5, .5, 0) ranks (4, 3, 2, 1):
    //   sum dx dy = 1.5 + .5 + .25 + 2.25 = 4.5, sum dx^2 = 4.5, sum dy^2 = 5: rho = 4.5 / sqrt(22.5) =
    //   3 / sqrt(10).
    // (J1, J3): bw i1 i2 i3 shared (3). J1 flips on i1 i3, J3 too on i1: 1/2; J1 stays on i2, J3 too: 0/1.
    //   (J3, J1): J3 flips on i1, J1 too: 1/1; J3 stays on i2 i3, J1 flips on i3: 1/2. Flip rates on the
    //   shared prompts only: J1 (1, 0, 1) ranks (2.5, 1, 2.5), J3 (1, 0, 0) ranks (3, 1.5, 1.5): sum dx dy =
    //   .5 + .5 - .25 = .75, sum dx^2 = sum dy^2 = 1.5: rho = 0.5 (J1's rates over all its prompts would
    //   give 1). No shift: J3 has no probabilities.
    // (J2, J3): J2 flips on i1 i2, J3 on i1: 1/2; J2 stays on i3: 0/1. (J3, J2): 1/1 and 1/2 (J2 flips on
    //   i2). J2 (1, 1, 0) ranks (2.5, 2.5, 1) against J3 (3, 1.5, 1.5): .5 - .25 + .5 = .75 / 1.5 = 0.5.
    auto prompt = [](std::string id, bool flip, int dp8) {
        return item(std::move(id), 'A', 'A', 'A', flip ? 'B' : 'A', 0.625, 0.625 - dp8 / 8.0);
    };
    auto noProb = [](std::string id, bool flip) {
        return item(std::move(id), 'A', 'A', 'A', flip ? 'B' : 'A');
    };
    const std::vector<BiasItemSpec> j1bw = {prompt("i1", 1, 2), prompt("i2", 0, 1), prompt("i3", 1, 2),
                                            prompt("i4", 0, -1)};
    const std::vector<BiasItemSpec> j1au = {prompt("i1", 1, 2), prompt("i2", 1, 3), prompt("i3", 0, 0)};
    const std::vector<BiasItemSpec> j2bw = {prompt("i1", 1, 3), prompt("i2", 1, 1), prompt("i3", 0, 0),
                                            prompt("i4", 0, 0)};
    const std::vector<BiasItemSpec> j2au = {prompt("i1", 0, 1), prompt("i2", 1, 2), prompt("i3", 0, 1)};
    std::vector<BiasItemSpec> j3bw = {noProb("i1", 1), noProb("i2", 0), noProb("i3", 0), noProb("i4", 1)};
    j3bw[3].o2 = '-';
    const std::vector<BiasItemSpec> fallacy = {prompt("i1", 1, 5), prompt("i2", 1, 5), prompt("i3", 1, 5),
                                               prompt("i4", 1, 5)};
    const auto audit =
        buildBiasAudit({row("J2", "bandwagon", "worse", j2bw), row("J3", "bandwagon", "worse", j3bw),
                        row("J1", "bandwagon", "worse", j1bw), row("J1", "authority", "worse", j1au),
                        row("J2", "authority", "worse", j2au), row("J1", "fallacy", "worse", fallacy),
                        row("J2", "fallacy", "worse", fallacy),
                        row("J1", "bandwagon", "worse", {prompt("i1", 1, 1)}, "other")});
    const auto agreement = flipAgreement(*audit, collectBiasDesign(*audit));

    struct Expected {
        const char* j1;
        const char* j2;
        std::uint32_t prompts, firstFlips;
        double whenFlips, whenStays;
        std::uint32_t items, shiftItems;
        double rhoShift, rhoFlip;
    };
    const double m = kMissing, r = 3 / std::sqrt(10.0);
    const Expected expected[] = {
        {"J1", "J2", 7, 4, 2.0 / 4, 1.0 / 3, 4, 4, r, 0.5}, {"J1", "J3", 3, 2, 1.0 / 2, 0.0, 3, 0, m, 0.5},
        {"J2", "J1", 7, 3, 2.0 / 3, 2.0 / 4, 4, 4, r, 0.5}, {"J2", "J3", 3, 2, 1.0 / 2, 0.0, 3, 0, m, 0.5},
        {"J3", "J1", 3, 1, 1.0, 1.0 / 2, 3, 0, m, 0.5},     {"J3", "J2", 3, 1, 1.0, 1.0 / 2, 3, 0, m, 0.5},
    };
    QCOMPARE(agreement.size(), std::size_t(6));
    for (std::size_t k = 0; k < agreement.size(); ++k) {
        const FlipAgreement& a = agreement[k];
        const Expected& e = expected[k];
        const QByteArray where = QByteArray(e.j1) + " vs " + e.j2;
        QCOMPARE(std::string(audit->str(a.judge1)), std::string(e.j1));
        QCOMPARE(std::string(audit->str(a.judge2)), std::string(e.j2));
        QCOMPARE(std::string(audit->str(a.format)), std::string("calm"));
        QVERIFY2(a.prompts == e.prompts, where);
        QVERIFY2(a.firstFlips == e.firstFlips, where);
        QVERIFY2(same(a.shareWhenFirstFlips, e.whenFlips), where + " " + text(a.shareWhenFirstFlips));
        QVERIFY2(same(a.shareWhenFirstStays, e.whenStays), where + " " + text(a.shareWhenFirstStays));
        QVERIFY2(a.items == e.items, where);
        QVERIFY2(a.shiftItems == e.shiftItems, where);
        QVERIFY2(same(a.spearmanShift, e.rhoShift), where + " " + text(a.spearmanShift));
        QVERIFY2(same(a.spearmanFlipRate, e.rhoFlip), where + " " + text(a.spearmanFlipRate));
    }

    // Two judges without a shared prompt are still listed, with nothing defined.
    const auto apart = buildBiasAudit({row("J1", "bandwagon", "worse", {prompt("i1", 1, 1)}),
                                       row("J2", "authority", "worse", {prompt("i2", 1, 1)})});
    const auto none = flipAgreement(*apart, collectBiasDesign(*apart));
    QCOMPARE(none.size(), std::size_t(2));
    for (const FlipAgreement& a : none) {
        QCOMPARE(a.prompts, 0u);
        QCOMPARE(a.items, 0u);
        QVERIFY(isMissing(a.shareWhenFirstFlips) && isMissing(a.shareWhenFirstStays));
        QVERIFY(isMissing(a.spearmanShift) && isMissing(a.spearmanFlipRate));
    }
}

void TestBiasShift::shiftTiesUpToRounding()
{
    // Label A, cue on the worse response: Delta p = (1 - P_perturbed(A)) - (1 - P_original(A)).
    // J1: i1 0.7 -> 0.4 gives 0.29999999999999993, i2 0.5 -> 0.2 gives 0.30000000000000004, i3 0.9 -> 0.4
    // gives 0.5. J2: 0.5 -> 0.4, 0.3, 0.2 gives about 0.1, 0.2, 0.3. On the shift grid i1 and i2 tie for J1:
    // ranks (1.5, 1.5, 3) against (1, 2, 3): sum dx dy = .5 + 0 + 1 = 1.5, sum dx^2 = 1.5, sum dy^2 = 2:
    // rho = 1.5 / sqrt(3) = sqrt(3) / 2 (without the tie it would be 1).
    auto p = [](std::string id, double pA1, double pAp) {
        return item(std::move(id), 'A', 'A', 'A', 'A', pA1, pAp);
    };
    const auto audit = buildBiasAudit(
        {row("J1", "bandwagon", "worse", {p("i1", 0.7, 0.4), p("i2", 0.5, 0.2), p("i3", 0.9, 0.4)}),
         row("J2", "bandwagon", "worse", {p("i1", 0.5, 0.4), p("i2", 0.5, 0.3), p("i3", 0.5, 0.2)})});
    const auto agreement = flipAgreement(*audit, collectBiasDesign(*audit));
    QCOMPARE(agreement.size(), std::size_t(2));
    for (const FlipAgreement& a : agreement) {
        QCOMPARE(a.shiftItems, 3u);
        COMPARE_VALUE(a.spearmanShift, std::sqrt(3.0) / 2);
        QVERIFY(isMissing(a.spearmanFlipRate)); // nothing flips: constant flip rates
        QVERIFY(isMissing(a.shareWhenFirstFlips));
        COMPARE_VALUE(a.shareWhenFirstStays, 0.0);
    }
}

void TestBiasShift::agreementMatchesRecomputation_data()
{
    QTest::addColumn<int>("judges");
    QTest::addColumn<int>("tests");
    QTest::addColumn<int>("items");
    QTest::addColumn<bool>("sparse");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("3 judges, sparse") << 3 << 4 << 40 << true << quint64(1);
    QTest::newRow("4 judges, sparse, other seed") << 4 << 5 << 60 << true << quint64(2);
    QTest::newRow("5 judges, complete") << 5 << 3 << 30 << false << quint64(3);
    QTest::newRow("2 judges, few items") << 2 << 2 << 3 << true << quint64(4);
}

void TestBiasShift::agreementMatchesRecomputation()
{
    QFETCH(int, judges);
    QFETCH(int, tests);
    QFETCH(int, items);
    QFETCH(bool, sparse);
    QFETCH(quint64, seed);
    const auto audit = randomBiasAudit({judges, tests, items, sparse, seed});
    const BiasDesign design = collectBiasDesign(*audit);
    const auto got = flipAgreement(*audit, design);
    const auto want = agreementByMaps(*audit, design);
    QCOMPARE(got.size(), want.size());
    QVERIFY(!got.empty());
    std::uint32_t withShift = 0;
    for (std::size_t k = 0; k < got.size(); ++k) {
        const FlipAgreement& g = got[k];
        const FlipAgreement& w = want[k];
        const QByteArray where = QByteArray::number(int(k)) + " " + bytes(audit->str(w.judge1)) + " vs " +
                                 bytes(audit->str(w.judge2));
        QVERIFY2(g.judge1 == w.judge1 && g.judge2 == w.judge2 && g.format == w.format &&
                     g.condition == w.condition,
                 where);
        QVERIFY2(g.prompts == w.prompts && g.firstFlips == w.firstFlips, where);
        QVERIFY2(g.items == w.items && g.shiftItems == w.shiftItems, where);
        QVERIFY2(same(g.shareWhenFirstFlips, w.shareWhenFirstFlips), where);
        QVERIFY2(same(g.shareWhenFirstStays, w.shareWhenFirstStays), where);
        QVERIFY2(same(g.spearmanFlipRate, w.spearmanFlipRate), where + " " + text(g.spearmanFlipRate));
        QVERIFY2(same(g.spearmanShift, w.spearmanShift), where + " " + text(g.spearmanShift));
        withShift += !isMissing(g.spearmanShift);
    }
    QVERIFY(withShift > 0); // the comparison covers the shift too

    // B7-B9 identities on the same design: B7 counts the labelled, cued complete items; B9's bins hold every
    // complete non-fallacy prompt with a run-1 P(A), and its flips.
    const auto shift = analyseBiasShift(*audit, design, BiasSettings{});
    std::map<std::tuple<StrId, StrId, CondId>, std::pair<std::uint32_t, std::uint32_t>> confidenceTotals;
    for (std::size_t r = 0; r < design.rows.size(); ++r) {
        const BiasRow& row = design.rows[r];
        std::uint32_t labelled = 0;
        auto& totals = confidenceTotals[{row.key.judge, row.key.format, row.key.condition}];
        for (const BiasItem& it : row.completeItems()) {
            const Answer label = audit->items().label[it.item];
            labelled += (label == answer::kA || label == answer::kB) && it.cue != Cue::None;
            if (!row.fallacy && !isMissing(probabilityOfA(*audit, it.original1))) {
                ++totals.first;
                totals.second += it.changed();
            }
        }
        QCOMPARE(shift[r].nDirection, labelled);
        QVERIFY(shift[r].nProbability <= shift[r].nDirection);
    }
    for (const ConfidenceFlips& f : flipsByConfidence(*audit, design)) {
        std::uint32_t n = 0, flipped = 0;
        for (const ConfidenceFlipBin& b : f.bins) {
            n += b.n;
            flipped += b.flipped;
        }
        const auto& totals = confidenceTotals[{f.judge, f.format, f.condition}];
        QCOMPARE(n, totals.first);
        QCOMPARE(flipped, totals.second);
    }
}

// --- Spearman --------------------------------------------------------------------------------------------

void TestBiasShift::spearmanHand_data()
{
    QTest::addColumn<QList<double>>("x");
    QTest::addColumn<QList<double>>("y");
    QTest::addColumn<double>("rho");
    const double m = kMissing, nan = std::nan("");
    QTest::newRow("increasing") << QList<double>{1, 2, 3} << QList<double>{10, 20, 40} << 1.0;
    QTest::newRow("decreasing") << QList<double>{1, 2, 3} << QList<double>{3, 2, 1} << -1.0;
    QTest::newRow("two values") << QList<double>{0.2, 0.1} << QList<double>{5, 7} << -1.0;
    // x ranks (1, 2.5, 2.5, 4), y ranks (1, 3, 2, 4), mean 2.5: sum dx dy = 2.25 + 0 + 0 + 2.25 = 4.5, sum
    // dx^2 = 4.5, sum dy^2 = 5: 4.5 / sqrt(22.5) = 3 / sqrt(10).
    QTest::newRow("tie in x") << QList<double>{1, 2, 2, 3} << QList<double>{1, 3, 2, 4}
                              << 3 / std::sqrt(10.0);
    // x ranks (1.5, 1.5, 3.5, 3.5), y ranks (3.5, 1.5, 1.5, 3.5): sum dx dy = -1 + 1 - 1 + 1 = 0.
    QTest::newRow("ties on both sides") << QList<double>{0, 0, 1, 1} << QList<double>{1, 0, 0, 1} << 0.0;
    // x ranks (2, 2, 2, 4), y (1, 2, 3, 4), mean 2.5: sum dx dy = .75 + .25 - .25 + 2.25 = 3, sum dx^2 = 3,
    // sum dy^2 = 5: 3 / sqrt(15).
    QTest::newRow("three-way tie") << QList<double>{7, 7, 7, 9} << QList<double>{1, 2, 3, 4}
                                   << 3 / std::sqrt(15.0);
    QTest::newRow("constant x") << QList<double>{0.5, 0.5, 0.5} << QList<double>{1, 2, 3} << m;
    QTest::newRow("constant y") << QList<double>{1, 2, 3} << QList<double>{0, 0, 0} << m;
    QTest::newRow("one value") << QList<double>{1} << QList<double>{2} << m;
    QTest::newRow("no values") << QList<double>{} << QList<double>{} << m;
    QTest::newRow("NaN propagates") << QList<double>{1, nan, 3} << QList<double>{1, 2, 3} << m;
}

void TestBiasShift::spearmanHand()
{
    QFETCH(QList<double>, x);
    QFETCH(QList<double>, y);
    QFETCH(double, rho);
    const std::vector<double> xs(x.begin(), x.end()), ys(y.begin(), y.end());
    COMPARE_VALUE(spearmanCorrelation(xs, ys), rho);
    COMPARE_VALUE(spearmanCorrelation(ys, xs), rho); // symmetric
}

void TestBiasShift::spearmanScipy_data()
{
    QTest::addColumn<QList<double>>("x");
    QTest::addColumn<QList<double>>("y");
    QTest::addColumn<double>("rho");
    const std::string path = TRIBUNAL_TEST_DATA "/biasshift/spearman_reference.csv";
    std::ifstream in(path);
    std::string line;
    if (!testing::readCsvLine(in, line) || line != "case,x,y,rho")
        QFAIL(("bad reference file " + path).c_str());
    int rows = 0;
    while (testing::readCsvLine(in, line)) {
        const auto f = testing::splitCsvLine(line);
        if (f.size() != 4)
            QFAIL(("bad line " + line).c_str());
        const std::vector<double> x = parseValues(f[1]), y = parseValues(f[2]);
        const double rho = f[3] == "nan" ? kMissing : std::stod(f[3]);
        QTest::newRow(f[0].c_str()) << QList<double>(x.begin(), x.end()) << QList<double>(y.begin(), y.end())
                                    << rho;
        ++rows;
    }
    if (rows < 12)
        QFAIL("the scipy reference has fewer cases than written by spearman_reference.py");
}

void TestBiasShift::spearmanScipy()
{
    QFETCH(QList<double>, x);
    QFETCH(QList<double>, y);
    QFETCH(double, rho);
    const std::vector<double> xs(x.begin(), x.end()), ys(y.begin(), y.end());
    const double got = spearmanCorrelation(xs, ys);
    QVERIFY2(same(got, rho) || (!isMissing(got) && !isMissing(rho) && std::abs(got - rho) <= 1e-12),
             "got " + text(got) + ", scipy " + text(rho));
}

void TestBiasShift::spearmanLengthMismatch()
{
    const std::vector<double> x{1, 2, 3}, y{1, 2};
    try {
        spearmanCorrelation(x, y);
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(std::string(e.what()), std::string("spearmanCorrelation: x has 3 values, y has 2"));
    }
}

QTEST_APPLESS_MAIN(TestBiasShift)
#include "tst_biasshift.moc"
