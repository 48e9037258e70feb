// The bundled sample project against trust metrics recomputed here from the upstream files (issue 3): the
// LLMBar judge x format cells (one run: phi, A, A_max, T with the C opt-in; C and T n/a without it) and the
// position-bias repetition cells (3 runs: C and phi). The expectations deliberately use no core code, so a
// shared mistake in the importer or the analysis cannot cancel out.

#include "analysis/trustanalysis.h"
#include "io/project/projectfile.h"
#include "report/trustexport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTest>

#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <vector>

using namespace tribunal;

namespace {

const QString kSource = QStringLiteral(TRIBUNAL_SOURCE_DIR);
const QString kLlmBarDir = kSource + QStringLiteral("/resources/sample/llmbar/LLMBar/Natural");
const QString kLlmBarDataset = QStringLiteral("llmbar-LLMBar-Natural");
constexpr double kEps = 1e-12;

using CellKey = std::tuple<std::string, std::string, std::string>; // dataset, judge, format

QJsonArray readJsonArray(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    if (!doc.isArray())
        qFatal("not a JSON array: %s", qPrintable(path));
    return doc.array();
}

// 'A', 'B' or 0 (null, missing or anything else counts as no verdict).
char winnerOf(const QJsonValue& orderObject)
{
    const QJsonValue winner = orderObject.toObject().value(QStringLiteral("winner"));
    if (winner.toString() == QStringLiteral("1"))
        return 'A';
    if (winner.toString() == QStringLiteral("2"))
        return 'B';
    return 0;
}

struct ExpectedLlmBar {
    double phi = 0, accuracy = 0, accuracyMax = 0, trust = 0;
    int pairs = 0;
};

ExpectedLlmBar expectedLlmBar(const QJsonArray& dataset, const QString& judge, const QString& format)
{
    const QJsonArray results = readJsonArray(kLlmBarDir + QStringLiteral("/evaluators/") + judge + u'/' +
                                             format + QStringLiteral("/result.json"));
    if (results.size() != dataset.size())
        qFatal("result.json not aligned with dataset.json: %s/%s", qPrintable(judge), qPrintable(format));
    int pairs = 0, flips = 0;
    double correct = 0;
    for (qsizetype i = 0; i < results.size(); ++i) {
        // The final step (the last object holding both orders) carries the verdicts; earlier steps are
        // preparatory (Swap formats).
        QJsonObject last;
        for (const QJsonValue& step : results[i].toObject().value(QStringLiteral("results")).toArray())
            if (step.toObject().contains(QStringLiteral("swap = False")))
                last = step.toObject();
        const char ab = winnerOf(last.value(QStringLiteral("swap = False")));
        const char ba = winnerOf(last.value(QStringLiteral("swap = True")));
        if (ab == 0 || ba == 0)
            continue; // T0: one order without an answered run
        const char label = dataset[i].toObject().value(QStringLiteral("label")).toInt() == 1 ? 'A' : 'B';
        ++pairs;
        flips += ab != ba ? 1 : 0;
        correct += ((ab == label ? 1.0 : 0.0) + (ba == label ? 1.0 : 0.0)) / 2.0;
    }
    ExpectedLlmBar e;
    e.pairs = pairs;
    e.phi = double(flips) / pairs;
    e.accuracy = correct / pairs;
    e.accuracyMax = 1.0 - e.phi / 2.0;
    e.trust = e.accuracy - e.phi / 2.0;
    return e;
}

// Per pair: answered verdicts ("A", "B", "tie") of each order.
struct PosBiasPair {
    std::vector<std::string> ab, ba;
};

// The most frequent verdict, or "" when the maximum count is shared (no modal verdict).
std::string modeOf(const std::vector<std::string>& verdicts)
{
    std::map<std::string, int> counts;
    for (const std::string& v : verdicts)
        ++counts[v];
    std::string best;
    int bestCount = 0;
    bool shared = false;
    for (const auto& [verdict, count] : counts) {
        if (count > bestCount) {
            best = verdict;
            bestCount = count;
            shared = false;
        } else if (count == bestCount) {
            shared = true;
        }
    }
    return shared ? std::string() : best;
}

bool allAgree(const std::vector<std::string>& verdicts)
{
    for (const std::string& v : verdicts)
        if (v != verdicts.front())
            return false;
    return true;
}

std::map<CellKey, std::map<std::string, PosBiasPair>> readPosBias()
{
    QFile file(kSource + QStringLiteral("/resources/sample/position-bias/posbias_repetition_verdicts.csv"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open the position-bias CSV");
    const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
    if (lines.front().trimmed() !=
        QStringLiteral("dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,latency_s"))
        qFatal("unexpected position-bias header");
    std::map<CellKey, std::map<std::string, PosBiasPair>> cells;
    for (qsizetype l = 1; l < lines.size(); ++l) {
        // No field of this file is quoted (checked: 11 fields per line).
        const QStringList f = lines[l].trimmed().split(u',');
        if (f.size() != 11)
            qFatal("unexpected field count on line %lld", static_cast<long long>(l + 1));
        PosBiasPair& pair =
            cells[{f[0].toStdString(), f[2].toStdString(), f[3].toStdString()}][f[1].toStdString()];
        if (f[6] == QStringLiteral("none"))
            continue; // not an answered run
        (f[4] == QStringLiteral("AB") ? pair.ab : pair.ba).push_back(f[6].toStdString());
    }
    return cells;
}

} // namespace

class TstTrustSample : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void llmBarCells();
    void positionBiasCells();

private:
    AuditPtr m_audit;
    std::map<CellKey, TrustCellResult> m_default, m_optIn;
};

void TstTrustSample::initTestCase()
{
    std::string error;
    const auto contents = ProjectFile::open(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal", &error);
    QVERIFY2(contents.has_value(), error.c_str());
    m_audit = contents->audit;
    TrustSettings optIn;
    optIn.assumeConsistentWhenSingleRun = true;
    const std::vector<TrustCellResult> plain = analyseTrust(*m_audit, TrustSettings{});
    const std::vector<TrustCellResult> assumed = analyseTrust(*m_audit, optIn);
    QCOMPARE(plain.size(), m_audit->cells().size());
    QCOMPARE(assumed.size(), m_audit->cells().size());
    for (std::size_t c = 0; c < plain.size(); ++c) {
        const Cell& cell = m_audit->cells()[c];
        // The simulated bias-test audit (one cell per test and version) is no trust data: its item runs are
        // left out (biasTestItems) and its cells are no rows of the trust tables.
        if (!hasPairwiseData(plain[c])) {
            // The simulated rubric audit (binary and ordinal items) has no pairwise data either.
            if (m_audit->str(cell.dataset) == "sim-rubric")
                continue;
            QVERIFY(plain[c].biasTestItems > 0);
            QCOMPARE(m_audit->str(cell.dataset), std::string_view("sim-bias"));
            continue;
        }
        const CellKey key{std::string(m_audit->str(cell.dataset)), std::string(m_audit->str(cell.judge)),
                          std::string(m_audit->str(cell.format))};
        // One cell per (dataset, judge, format) in the sample; a second one would make the comparison
        // ambiguous.
        QVERIFY2(m_default.emplace(key, plain[c]).second, std::get<2>(key).c_str());
        m_optIn.emplace(key, assumed[c]);
    }
}

void TstTrustSample::llmBarCells()
{
    const QJsonArray dataset = readJsonArray(kLlmBarDir + QStringLiteral("/dataset.json"));
    int cells = 0;
    for (const auto& [key, plain] : m_default) {
        if (std::get<0>(key) != kLlmBarDataset.toStdString())
            continue;
        ++cells;
        const QString judge = QString::fromStdString(std::get<1>(key));
        const QString format = QString::fromStdString(std::get<2>(key));
        const QByteArray where = (judge + u'/' + format).toUtf8();
        const ExpectedLlmBar e = expectedLlmBar(dataset, judge, format);
        const TrustCellResult& opt = m_optIn.at(key);

        QVERIFY2(plain.singleRun, where.constData());
        QCOMPARE(plain.pairs, static_cast<std::uint64_t>(e.pairs));
        QCOMPARE(plain.labelledPairs, static_cast<std::uint64_t>(e.pairs));
        QVERIFY2(std::abs(plain.flipRate - e.phi) < kEps, where.constData());
        QVERIFY2(std::abs(plain.accuracy - e.accuracy) < kEps, where.constData());
        QVERIFY2(std::abs(plain.accuracyMax - e.accuracyMax) < kEps, where.constData());
        // Without the opt-in one run leaves C (and so T) not identifiable.
        QVERIFY2(std::isnan(plain.consistency), where.constData());
        QVERIFY2(std::isnan(plain.consistencyLab), where.constData());
        QVERIFY2(std::isnan(plain.trust), where.constData());
        QVERIFY2(!plain.consistencyAssumed, where.constData());

        QVERIFY2(opt.consistencyAssumed, where.constData());
        QCOMPARE(opt.consistency, 1.0);
        QVERIFY2(std::abs(opt.flipRate - e.phi) < kEps, where.constData());
        QVERIFY2(std::abs(opt.accuracy - e.accuracy) < kEps, where.constData());
        QVERIFY2(std::abs(opt.accuracyMax - e.accuracyMax) < kEps, where.constData());
        QVERIFY2(std::abs(opt.trust - e.trust) < kEps, where.constData());
    }
    // Every judge x format directory of the sample, and nothing else under that dataset.
    QCOMPARE(cells, 65);
}

void TstTrustSample::positionBiasCells()
{
    const auto expected = readPosBias();
    QCOMPARE(expected.size(), std::size_t(18));
    int analysed = 0;
    for (const auto& [key, plain] : m_default)
        if (std::get<0>(key).rfind("posbias-", 0) == 0)
            ++analysed;
    QCOMPARE(analysed, 18);
    for (const auto& [key, pairs] : expected) {
        const QByteArray where = (std::get<0>(key) + '/' + std::get<1>(key) + '/' + std::get<2>(key)).c_str();
        const auto found = m_default.find(key);
        QVERIFY2(found != m_default.end(), where.constData());
        const TrustCellResult& r = found->second;
        int retained = 0, reproducible = 0, invariant = 0;
        for (const auto& [item, pair] : pairs) {
            if (pair.ab.empty() || pair.ba.empty())
                continue; // T0
            ++retained;
            reproducible += allAgree(pair.ab) && allAgree(pair.ba) ? 1 : 0;
            const std::string modeAb = modeOf(pair.ab), modeBa = modeOf(pair.ba);
            invariant += !modeAb.empty() && modeAb == modeBa ? 1 : 0;
        }
        QCOMPARE(r.pairs, static_cast<std::uint64_t>(retained));
        QCOMPARE(r.runs, 3u);
        QVERIFY2(!r.singleRun, where.constData());
        QVERIFY2(std::abs(r.consistency - double(reproducible) / retained) < kEps, where.constData());
        QVERIFY2(std::abs(r.flipRate - (1.0 - double(invariant) / retained)) < kEps, where.constData());
        // Three runs identify C: the opt-in changes nothing.
        QCOMPARE(m_optIn.at(key).consistency, r.consistency);
        QCOMPARE(m_optIn.at(key).flipRate, r.flipRate);
    }
    // The reference value quoted for the paper's gpt-4-0613 MTBench row.
    const TrustCellResult& gpt4 = m_default.at({"posbias-MTBench-rep", "gpt-4-0613", "MTBench_nopt3"});
    QVERIFY(std::abs(gpt4.consistency - 0.8125) < kEps);
}

QTEST_GUILESS_MAIN(TstTrustSample)
#include "tst_trustsample.moc"
