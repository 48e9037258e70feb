// Rubric CSV import (docs/data-formats.md, "Rubric CSV"): a good file checked field by field, the scale rules
// for ordinal criteria, format detection, the round trip through a project file, skip-and-list, and every
// class of bad input (exact message, and a failed import leaves the base audit as it was).

#include "../common/auditcompare.h"
#include "../common/testfiles.h"
#include "io/exporter.h"
#include "io/importer.h"
#include "io/project/projectfile.h"

#include <QtTest>

using namespace tribunal;
using test::compareAudits;
using test::issuesText;

class TestRubricCsv : public QObject {
    Q_OBJECT
private slots:
    void init();
    void goodFileItems();
    void goodFileJudgments();
    void detection_data();
    void detection();
    void formatNames();
    void projectRoundTrip();
    void jsonlRoundTrip();
    void skipBadRecords();
    void badInput_data();
    void badInput();

private:
    QString write(const QString& name, const QByteArray& bytes);
    std::unique_ptr<QTemporaryDir> m_dir;
};

namespace {

const QString kData = QStringLiteral(TRIBUNAL_TEST_DATA) + "/rubriccsv";
const QString kGood = kData + "/good.csv";

ImportOutcome importRubric(const QString& path, const Audit* base = nullptr,
                           BadRecordPolicy policy = BadRecordPolicy::StopAtFirst,
                           SourceFormat format = SourceFormat::RubricCsv)
{
    ImportOptions options;
    options.policy = policy;
    options.format = format;
    return importSources({path.toStdString()}, base, options);
}

std::uint32_t itemOf(const Audit& a, std::string_view itemId)
{
    const auto row = a.findItem("essays", itemId);
    if (!row)
        qFatal("no item %s", std::string(itemId).c_str());
    return *row;
}

// "r=v" pairs of an item's ratings, `;`-joined, values as answerText (for one-line comparisons).
QString ratingsText(const Audit& a, std::uint32_t item)
{
    QStringList out;
    for (const Rating& r : a.items().itemRatings(item))
        out << QString::fromUtf8(a.str(r.rater).data(), static_cast<int>(a.str(r.rater).size())) + "=" +
                   QString::fromStdString(answerText(a.items().kind[item], r.value));
    return out.join(';');
}

QString levelsText(const Audit& a, std::uint32_t item)
{
    QStringList out;
    for (StrId level : a.items().levels(item))
        out << QString::fromUtf8(a.str(level).data(), static_cast<int>(a.str(level).size()));
    return out.join(';');
}

QString textOf(const Audit& a, std::uint32_t item, ItemText field)
{
    const auto text = a.str(a.items().field(field, item));
    return QString::fromUtf8(text.data(), static_cast<int>(text.size()));
}

QString probsText(const Audit& a, std::uint32_t j)
{
    QStringList out;
    for (const ProbEntry& e : a.judgments().probsOf(j))
        out << QString::fromStdString(answerText(a.kindOf(j), e.option)) + "=" + QString::number(e.p);
    return out.join(';');
}

const QByteArray kHeader = "dataset,unit_id,criterion,kind,judge,format,rep,prediction,label,ratings,probs,"
                           "confidence,group,cost_usd,"
                           "levels\n";

} // namespace

void TestRubricCsv::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString TestRubricCsv::write(const QString& name, const QByteArray& bytes)
{
    const QString path = m_dir->filePath(name);
    if (!test::writeFile(path, bytes))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void TestRubricCsv::goodFileItems()
{
    auto out = importRubric(kGood);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    QVERIFY(out.log.issues.empty());
    const Audit& a = *out.audit;
    QCOMPARE(a.itemCount(), std::size_t(7));
    QCOMPARE(out.itemsAdded, std::uint64_t(7));
    const auto& items = a.items();

    // Item ids are "<unit_id>/<criterion>", in order of first appearance.
    const char* ids[] = {"e1/Clarity", "e2/Clarity", "e1/Grammar", "e2/Grammar",
                         "e3/Tone",    "e4/Tone",    "e5/Style"};
    for (std::size_t i = 0; i < std::size(ids); ++i)
        QCOMPARE(a.str(items.itemId[i]), std::string_view(ids[i]));

    struct Expected {
        const char* id;
        TaskKind kind;
        Answer label;
        const char* unit;
        const char* criterion;
        const char* group;
        const char* levels;
        const char* ratings;
    };
    const Expected expected[] = {
        // Levels given as the count 4 on line 2: "1".."4".
        {"e1/Clarity", TaskKind::Ordinal, 3, "e1", "Clarity", "prompt-A", "1;2;3;4", "ann1=3;ann2=4"},
        // No levels cell: K of Clarity = max(declared 4 on e1, levels used 1, 2) = 4. Bare ratings are named
        // 1, 2, 3.
        {"e2/Clarity", TaskKind::Ordinal, 2, "e2", "Clarity", "prompt-A", "1;2;3;4", "1=2;2=2;3=1"},
        {"e1/Grammar", TaskKind::Binary, answer::kMet, "e1", "Grammar", "prompt-A", "",
         "ann1=MET;ann2=UNMET"},
        {"e2/Grammar", TaskKind::Binary, answer::kUnmet, "e2", "Grammar", "prompt-B", "", "ann1=UNMET"},
        // K of Tone = max(5 predicted on e3, labels 4 and 2, prediction 2 on e4) = 5, for both units.
        {"e3/Tone", TaskKind::Ordinal, 4, "e3", "Tone", "", "1;2;3;4;5", ""},
        {"e4/Tone", TaskKind::Ordinal, 2, "e4", "Tone", "", "1;2;3;4;5", ""},
        {"e5/Style", TaskKind::Ordinal, 2, "e5", "Style", "", "poor;fair;good", ""},
    };
    for (const auto& e : expected) {
        const auto item = itemOf(a, e.id);
        QCOMPARE(a.str(items.dataset[item]), std::string_view("essays"));
        QCOMPARE(items.kind[item], e.kind);
        QCOMPARE(items.label[item], e.label);
        QCOMPARE(textOf(a, item, ItemText::UnitId), QString(e.unit));
        QCOMPARE(textOf(a, item, ItemText::Criterion), QString(e.criterion));
        QCOMPARE(textOf(a, item, ItemText::Group), QString(e.group));
        QCOMPARE(levelsText(a, item), QString(e.levels));
        QCOMPARE(ratingsText(a, item), QString(e.ratings));
    }
}

void TestRubricCsv::goodFileJudgments()
{
    auto out = importRubric(kGood);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    const Audit& a = *out.audit;
    const auto& jt = a.judgments();
    QCOMPARE(a.judgmentCount(), std::size_t(11));
    QCOMPARE(out.judgmentsAdded, std::uint64_t(11));
    // The extra column is a condition key; an empty cell leaves it unset.
    QCOMPARE(a.conditionKeys().size(), std::size_t(1));
    QCOMPARE(a.str(a.conditionKeys()[0]), std::string_view("temperature"));
    const StrId temperature = a.conditionKeys()[0];

    struct Expected {
        const char* item;
        const char* judge;
        int rep;
        Answer answer;
        const char* probs;
        double confidence;
        double cost;
        const char* temperature;
    };
    const double m = kMissing;
    const Expected expected[] = {
        {"e1/Clarity", "gpt-4o", 1, 3, "1=0.1;2=0.1;3=0.6;4=0.2", 0.8, 0.002, "0.7"},
        {"e1/Clarity", "gpt-4o", 2, 4, "3=0.4;4=0.6", 0.6, 0.002, "0.7"}, // "3=0.4; 4=0.6": blanks ignored
        {"e1/Clarity", "claude", 1, 2, "", m, m, ""},
        {"e2/Clarity", "gpt-4o", 1, 1, "", 0.9, 0.001, "0.7"},
        {"e1/Grammar", "gpt-4o", 1, answer::kMet, "MET=0.8;UNMET=0.2", 0.95, 0.0015, "0.7"},
        {"e1/Grammar", "gpt-4o", 2, answer::kUnmet, "MET=0.3;UNMET=0.7", m, m, "0.7"}, // "unmet": any case
        {"e2/Grammar", "claude", 1, answer::kNA, "", m, 0.003, ""},
        {"e3/Tone", "claude", 1, 5, "", m, m, ""},
        {"e3/Tone", "gpt-4o", 1, answer::kNone, "", m, m, ""},
        {"e4/Tone", "gpt-4o", 1, 2, "", m, m, ""},
        {"e5/Style", "gpt-4o", 1, 2, "", m, m, ""},
    };
    for (std::size_t k = 0; k < std::size(expected); ++k) {
        const auto& e = expected[k];
        const auto j = a.importOrder()[k];
        QCOMPARE(a.str(a.items().itemId[jt.item[j]]), std::string_view(e.item));
        QCOMPARE(a.str(jt.judge[j]), std::string_view(e.judge));
        QCOMPARE(a.str(jt.format[j]), std::string_view("rubric"));
        QCOMPARE(jt.order[j], Order::None);
        QCOMPARE(int(jt.rep[j]), e.rep);
        QCOMPARE(jt.answer[j], e.answer);
        QCOMPARE(probsText(a, j), QString(e.probs));
        if (isMissing(e.confidence))
            QVERIFY(isMissing(jt.confidence(j)));
        else
            QCOMPARE(jt.confidence(j), e.confidence);
        if (isMissing(e.cost))
            QVERIFY(isMissing(jt.costUsd(j)));
        else
            QCOMPARE(jt.costUsd(j), e.cost);
        QCOMPARE(a.str(a.conditionValue(jt.condition[j], temperature)), std::string_view(e.temperature));
    }
}

void TestRubricCsv::detection_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("format");
    const int rubric = int(SourceFormat::RubricCsv), flat = int(SourceFormat::FlatCsv);
    QTest::newRow("rubric header") << kHeader + "d,u,C,binary,j,F,1,MET,,,,,,,\n" << rubric;
    QTest::newRow("rubric, BOM, blank line, quoted names")
        << QByteArray("\xEF\xBB\xBF\n\"dataset\",\"unit_id\",\"criterion\",kind\n") << rubric;
    QTest::newRow("pairwise header") << QByteArray("dataset,item_id,judge,format,order,rep,verdict,label\n")
                                     << flat;
    QTest::newRow("unit_id and criterion with item_id")
        << QByteArray("dataset,item_id,unit_id,criterion,judge\n") << flat;
    QTest::newRow("unit_id and criterion with order")
        << QByteArray("dataset,unit_id,criterion,order\n") << flat;
    QTest::newRow("criterion only") << QByteArray("dataset,criterion,judge\n") << flat;
    QTest::newRow("jsonl") << QByteArray("{\"dataset\":\"d\",\"unit_id\":\"u\",\"criterion\":\"c\"}\n")
                           << int(SourceFormat::TribunalJsonl);
}

void TestRubricCsv::detection()
{
    QFETCH(QByteArray, content);
    QFETCH(int, format);
    const QString path = write("detect.csv", content);
    QCOMPARE(int(detectFormat(path.toStdString())), format);
}

void TestRubricCsv::formatNames()
{
    QCOMPARE(parseSourceFormat("rubric-csv"), std::optional<SourceFormat>(SourceFormat::RubricCsv));
    QCOMPARE(sourceFormatName(SourceFormat::RubricCsv), std::string_view("rubric-csv"));
    QCOMPARE(parseSourceFormat("csv"), std::optional<SourceFormat>(SourceFormat::FlatCsv));
    // Auto detection reads the good file as a rubric CSV: the same audit as the forced format.
    auto forced = importRubric(kGood),
         detected = importRubric(kGood, nullptr, BadRecordPolicy::StopAtFirst, SourceFormat::Auto);
    QVERIFY(forced.audit && detected.audit);
    QCOMPARE(QString::fromStdString(compareAudits(*forced.audit, *detected.audit)), QString());
}

void TestRubricCsv::projectRoundTrip()
{
    auto out = importRubric(kGood);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    const std::string project = m_dir->filePath("rubric.tribunal").toStdString();
    std::string error;
    QVERIFY2(ProjectFile::save(project, *out.audit, {}, &error), error.c_str());
    auto back = ProjectFile::open(project, &error);
    QVERIFY2(back && back->audit, error.c_str());
    QCOMPARE(QString::fromStdString(compareAudits(*out.audit, *back->audit)), QString());
}

// The JSONL export keeps everything the rubric CSV reads (docs/data-formats.md, "Rubric CSV").
void TestRubricCsv::jsonlRoundTrip()
{
    auto out = importRubric(kGood);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    const std::string judgments = m_dir->filePath("rubric.jsonl").toStdString();
    std::string error;
    QVERIFY2(exportJsonl(*out.audit, judgments, &error), error.c_str());
    ImportOptions options;
    options.format = SourceFormat::TribunalJsonl;
    auto back = importSources({itemsPathFor(judgments), judgments}, nullptr, options);
    QVERIFY2(back.audit, qPrintable(issuesText(back.log)));
    QCOMPARE(QString::fromStdString(compareAudits(*out.audit, *back.audit)), QString());
}

void TestRubricCsv::skipBadRecords()
{
    const QString path = kData + "/skipbad.csv";
    auto out = importRubric(path, nullptr, BadRecordPolicy::SkipAndList);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    QCOMPARE(
        issuesText(out.log),
        path + ":3: label: \"5\" disagrees with \"2\" given at line 2\n" + path +
            ":4: ratings.b: \"maybe\" is not MET or UNMET\n" + path +
            ":6: rep: conflicting judgment: same item, judge, format, condition, order and rep as line 2, "
            "different answer 1 here, 2 there");
    QCOMPARE(out.log.skippedRecords, std::uint64_t(3));
    const Audit& a = *out.audit;
    QCOMPARE(a.judgmentCount(), std::size_t(2)); // lines 2 and 5
    QCOMPARE(out.judgmentsAdded, std::uint64_t(2));
    const auto c = *a.findItem("d", "u1/C"), g = *a.findItem("d", "u2/G");
    QCOMPARE(a.items().label[c], Answer(2));
    // The skipped line 3 (prediction 3) leaves no trace: K of C = 2 (lines 2 and 6 use levels 2 and 1).
    QCOMPARE(levelsText(a, c), QString("1;2"));
    QCOMPARE(a.items().label[g], answer::kUnmet);
    QCOMPARE(ratingsText(a, g), QString()); // the ratings of the skipped line 4 were not applied
    QCOMPARE(probsText(a, a.importOrder()[1]), QString("MET=0.4;UNMET=0.6"));
}

void TestRubricCsv::badInput_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message"); // after "<path>"

    const QByteArray ok = "d,u1,C,ordinal,j,F,1,2,2,,,,,,4\n"; // line 2 of most rows
    const QByteArray unlabelled = "d,u1,C,ordinal,j,F,1,2,,,,,,,4\n";
    QTest::newRow("missing column") << QByteArray("dataset,unit_id,kind,judge,format,rep,prediction,label\n")
                                    << ":1: criterion: missing required column";
    QTest::newRow("duplicate column") << QByteArray("dataset,unit_id,criterion,kind,judge,format,rep,"
                                                    "prediction,label,ratings,ratings\n")
                                      << ":1: ratings: duplicate column";
    QTest::newRow("empty unit_id") << kHeader + "d,,C,ordinal,j,F,1,2,2,,,,,,4\n"
                                   << ":2: unit_id: must not be empty";
    QTest::newRow("empty criterion") << kHeader + "d,u1,,ordinal,j,F,1,2,2,,,,,,4\n"
                                     << ":2: criterion: must not be empty";
    QTest::newRow("pairwise kind") << kHeader + "d,u1,C,pairwise,j,F,1,A,A,,,,,,\n"
                                   << ":2: kind: \"pairwise\" is not binary or ordinal";
    QTest::newRow("empty kind") << kHeader + "d,u1,C,,j,F,1,2,2,,,,,,\n"
                                << ":2: kind: \"\" is not binary or ordinal";
    QTest::newRow("kind changes") << kHeader + ok + "d,u1,C,binary,j,F,2,MET,,,,,,,\n"
                                  << ":3: kind: \"binary\" disagrees with \"ordinal\" given at line 2";
    QTest::newRow("kind differs from base") << kHeader + "b,u1,C,binary,j,F,2,MET,,,,,,,\n"
                                            << ":2: kind: \"binary\" disagrees with \"ordinal\" set before "
                                               "this file";
    QTest::newRow("prediction above scale") << kHeader + "d,u1,C,ordinal,j,F,1,5,2,,,,,,4\n"
                                            << ":2: prediction: 5 is above the item's 4 levels";
    QTest::newRow("prediction above base scale") << kHeader + "b,u1,C,ordinal,j,F,2,5,,,,,,,\n"
                                                 << ":2: prediction: 5 is above the item's 4 levels";
    QTest::newRow("label above scale of earlier row")
        << kHeader + unlabelled + "d,u1,C,ordinal,j,F,2,2,7,,,,,,\n"
        << ":3: label: 7 is above the item's 4 levels";
    QTest::newRow("rating above scale") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,a=2;b=6,,,,,4\n"
                                        << ":2: ratings.b: 6 is above the item's 4 levels";
    QTest::newRow("prob option above scale") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,,1=0.5;5=0.5,,,,4\n"
                                             << ":2: probs.5: 5 is above the item's 4 levels";
    QTest::newRow("levels after a higher level") << kHeader + "d,u1,C,ordinal,j,F,1,5,,,,,,,\n"
                                                              "d,u1,C,ordinal,j,F,2,2,,,,,,,4\n"
                                                 << ":3: levels: 4 levels, but level 5 was given at line 2";
    QTest::newRow("levels disagree") << kHeader + ok + "d,u1,C,ordinal,j,F,2,2,,,,,,,5\n"
                                     << ":3: levels: disagree with the levels given at line 2";
    QTest::newRow("levels count vs descriptions") << kHeader + ok + "d,u1,C,ordinal,j,F,2,2,,,,,,,a;b;c;d\n"
                                                  << ":3: levels: disagree with the levels given at line 2";
    QTest::newRow("levels disagree with base") << kHeader + "b,u1,C,ordinal,j,F,2,2,,,,,,,3\n"
                                               << ":2: levels: disagree with the levels set before this file";
    QTest::newRow("levels 0") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,,,,,,0\n"
                              << ":2: levels: 0 is not in 1..1000";
    QTest::newRow("levels 1001") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,,,,,,1001\n"
                                 << ":2: levels: 1001 is not in 1..1000";
    QTest::newRow("empty level description") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,,,,,,low;;high\n"
                                             << ":2: levels: \"low;;high\" has an empty entry";
    QTest::newRow("levels on binary") << kHeader + "d,u1,G,binary,j,F,1,MET,MET,,,,,,2\n"
                                      << ":2: levels: only ordinal items have levels";
    QTest::newRow("binary rating not MET/UNMET") << kHeader + "d,u1,G,binary,j,F,1,MET,MET,a=MET;b=yes,,,,,\n"
                                                 << ":2: ratings.b: \"yes\" is not MET or UNMET";
    QTest::newRow("binary bare rating a number") << kHeader + "d,u1,G,binary,j,F,1,MET,MET,MET;1,,,,,\n"
                                                 << ":2: ratings[1]: \"1\" is not MET or UNMET";
    QTest::newRow("binary rating NA") << kHeader + "d,u1,G,binary,j,F,1,MET,MET,a=NA,,,,,\n"
                                      << ":2: ratings.a: \"NA\" is not MET or UNMET";
    QTest::newRow("ordinal rating not a level") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,a=high,,,,,4\n"
                                                << ":2: ratings.a: \"high\" is not a level number (1..1000)";
    QTest::newRow("ratings mixed") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,a=2;3,,,,,4\n"
                                   << ":2: ratings: \"a=2;3\" mixes rater=value pairs and bare values";
    QTest::newRow("duplicate rater") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,a=2;a=3,,,,,4\n"
                                     << ":2: ratings.a: duplicate rater";
    QTest::newRow("empty rater") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,=2,,,,,4\n"
                                 << ":2: ratings: \"=2\" has an empty rater";
    QTest::newRow("trailing separator") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,a=2;,,,,,4\n"
                                        << ":2: ratings: \"a=2;\" has an empty entry";
    QTest::newRow("ratings disagree") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,a=2;b=3,,,,,4\n"
                                                   "d,u1,C,ordinal,j,F,2,2,2,a=2;b=4,,,,,4\n"
                                      << ":3: ratings: disagree with the ratings given at line 2";
    QTest::newRow("label disagrees") << kHeader + ok + "d,u1,C,ordinal,j,F,2,2,3,,,,,,\n"
                                     << ":3: label: \"3\" disagrees with \"2\" given at line 2";
    QTest::newRow("label disagrees with base")
        << kHeader + "b,u1,C,ordinal,j,F,2,2,1,,,,,,\n"
        << ":2: label: \"1\" disagrees with \"2\" set before this file";
    QTest::newRow("binary label NA") << kHeader + "d,u1,G,binary,j,F,1,MET,NA,,,,,,\n"
                                     << ":2: label: \"NA\" is not MET, UNMET or none";
    QTest::newRow("ordinal label not a level")
        << kHeader + "d,u1,C,ordinal,j,F,1,2,MET,,,,,,\n"
        << ":2: label: \"MET\" is not a level number (1..1000) or none";
    QTest::newRow("binary prediction") << kHeader + "d,u1,G,binary,j,F,1,yes,MET,,,,,,\n"
                                       << ":2: prediction: \"yes\" is not MET, UNMET, NA or none";
    QTest::newRow("ordinal prediction 0")
        << kHeader + "d,u1,C,ordinal,j,F,1,0,2,,,,,,\n"
        << ":2: prediction: \"0\" is not a level number (1..1000), NA or none";
    QTest::newRow("probs not option=p") << kHeader + "d,u1,G,binary,j,F,1,MET,MET,,0.7,,,,\n"
                                        << ":2: probs: \"0.7\" is not option=p";
    QTest::newRow("probability above 1") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,,2=1.5,,,,4\n"
                                         << ":2: probs.2: 1.5 is outside [0, 1]";
    QTest::newRow("negative probability") << kHeader + "d,u1,G,binary,j,F,1,MET,MET,,MET=-0.1,,,,\n"
                                          << ":2: probs.MET: -0.1 is outside [0, 1]";
    QTest::newRow("probability not a number") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,,2=abc,,,,4\n"
                                              << ":2: probs.2: \"abc\" is not a number";
    QTest::newRow("probability missing") << kHeader + "d,u1,G,binary,j,F,1,MET,MET,,MET=,,,,\n"
                                         << ":2: probs.MET: \"\" is not a number";
    QTest::newRow("prob option of another kind")
        << kHeader + "d,u1,G,binary,j,F,1,MET,MET,,YES=0.5,,,,\n"
        << ":2: probs.YES: \"YES\" is not an answer of a binary item";
    QTest::newRow("duplicate prob option") << kHeader + "d,u1,G,binary,j,F,1,MET,MET,,MET=0.5;met=0.5,,,,\n"
                                           << ":2: probs.met: duplicate option";
    QTest::newRow("confidence above 1") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,,,1.5,,,4\n"
                                        << ":2: confidence: 1.5 is outside [0, 1]";
    QTest::newRow("cost not a number") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,,,,,abc,4\n"
                                       << ":2: cost_usd: \"abc\" is not a number";
    QTest::newRow("negative cost") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,,,,,-1,4\n"
                                   << ":2: cost_usd: -1 is negative";
    QTest::newRow("rep 0") << kHeader + "d,u1,C,ordinal,j,F,0,2,2,,,,,,4\n"
                           << ":2: rep: 0 is not in 1..65535";
    QTest::newRow("rep not an integer") << kHeader + "d,u1,C,ordinal,j,F,x,2,2,,,,,,4\n"
                                        << ":2: rep: \"x\" is not an integer";
    QTest::newRow("group disagrees") << kHeader + "d,u1,C,ordinal,j,F,1,2,2,,,,g1,,4\n"
                                                  "d,u1,C,ordinal,j,F,2,2,2,,,,g2,,4\n"
                                     << ":3: group: \"g2\" disagrees with \"g1\" given at line 2";
    // "a/b" + "/" + "c" and "a" + "/" + "b/c" name the same item id: the unit texts then disagree.
    QTest::newRow("item id collision") << kHeader + "d,a/b,c,binary,j,F,1,MET,,,,,,,\n"
                                                    "d,a,b/c,binary,j,F,1,MET,,,,,,,\n"
                                       << ":3: unit_id: \"a\" disagrees with \"a/b\" given at line 2";
    QTest::newRow("too few fields") << kHeader + ok + "d,u1,C,ordinal,j,F,2,2,2,,,,,\n"
                                    << ":3: expected 15 fields (as in the header), found 14";
    QTest::newRow("conflicting judgment")
        << kHeader + ok + "d,u1,C,ordinal,j,F,1,3,,,,,,,\n"
        << ":3: rep: conflicting judgment: same item, judge, format, condition, order and rep as line 2, "
           "different answer 3 here, 2 there";
    QTest::newRow("empty file") << QByteArray() << ": empty file";
}

void TestRubricCsv::badInput()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    // A base audit the failed import must leave as it was (compared with a second import of the same file).
    const QString basePath = write("base.csv", kHeader + "b,u1,C,ordinal,j,F,1,2,2,,,,,,4\n");
    auto base = importRubric(basePath), baseCopy = importRubric(basePath);
    QVERIFY2(base.audit && baseCopy.audit, qPrintable(issuesText(base.log)));

    const QString path = write("bad.csv", content);
    auto out = importRubric(path, base.audit.get());
    QVERIFY(!out.audit);
    QVERIFY(out.log.failed);
    QCOMPARE(issuesText(out.log), path + message);
    QCOMPARE(QString::fromStdString(compareAudits(*base.audit, *baseCopy.audit)), QString());

    // The reader alone on an empty builder reports the same, except for what needs the base (then it reads
    // fine); the conflicting judgment is found by the builder.
    AuditBuilder builder;
    ImportLog log;
    const bool ok = importRubricCsv(path.toStdString(), builder, log, {});
    if (QString(QTest::currentDataTag()).contains("base")) {
        QVERIFY(ok);
        return;
    }
    if (message.contains("conflicting judgment")) {
        QVERIFY(ok);
        QVERIFY(!builder.build(log));
    } else {
        QVERIFY(!ok);
    }
    QVERIFY(log.failed);
    QCOMPARE(QString::fromStdString(log.issues.at(0).text()), path + message);
}

QTEST_GUILESS_MAIN(TestRubricCsv)
#include "tst_rubriccsv.moc"
