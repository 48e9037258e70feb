#include "model/types.h"

#include <QtTest>

using namespace tribunal;

class TestTypes : public QObject {
    Q_OBJECT
private slots:
    void parseAnswer_data();
    void parseAnswer();
    void answerTextRoundTrip();
    void ordersAndKinds();
};

void TestTypes::parseAnswer_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<int>("value");
    auto pw = static_cast<int>(TaskKind::Pairwise), bin = static_cast<int>(TaskKind::Binary),
         ord = static_cast<int>(TaskKind::Ordinal);
    QTest::newRow("pairwise A") << pw << "A" << true << int(answer::kA);
    QTest::newRow("pairwise b lower") << pw << "b" << true << int(answer::kB);
    QTest::newRow("pairwise tie") << pw << "Tie" << true << int(answer::kTie);
    QTest::newRow("pairwise none") << pw << "none" << true << int(answer::kNone);
    QTest::newRow("pairwise empty is none") << pw << "" << true << int(answer::kNone);
    QTest::newRow("pairwise C invalid") << pw << "C" << false << 0;
    QTest::newRow("pairwise MET invalid") << pw << "MET" << false << 0;
    QTest::newRow("binary MET") << bin << "MET" << true << int(answer::kMet);
    QTest::newRow("binary unmet") << bin << "unmet" << true << int(answer::kUnmet);
    QTest::newRow("binary NA") << bin << "NA" << true << int(answer::kNA);
    QTest::newRow("binary A invalid") << bin << "A" << false << 0;
    QTest::newRow("ordinal 3") << ord << "3" << true << 3;
    QTest::newRow("ordinal 0 invalid") << ord << "0" << false << 0;
    QTest::newRow("ordinal 2.5 invalid") << ord << "2.5" << false << 0;
    QTest::newRow("ordinal -1 invalid") << ord << "-1" << false << 0;
    QTest::newRow("ordinal huge invalid") << ord << "99999999999" << false << 0;
}

void TestTypes::parseAnswer()
{
    QFETCH(int, kind);
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(int, value);
    auto utf8 = text.toStdString();
    auto parsed = tribunal::parseAnswer(static_cast<TaskKind>(kind), utf8);
    QCOMPARE(parsed.has_value(), valid);
    if (valid)
        QCOMPARE(int(*parsed), value);
}

void TestTypes::answerTextRoundTrip()
{
    for (auto kind : {TaskKind::Pairwise, TaskKind::Binary, TaskKind::Ordinal}) {
        std::vector<Answer> values{answer::kNone, answer::kNA};
        if (kind == TaskKind::Pairwise)
            values.insert(values.end(), {answer::kA, answer::kB, answer::kTie});
        else if (kind == TaskKind::Binary)
            values.insert(values.end(), {answer::kMet, answer::kUnmet});
        else
            values.insert(values.end(), {1, 2, 7, answer::kMaxLevel});
        for (auto v : values) {
            auto text = answerText(kind, v);
            auto back = tribunal::parseAnswer(kind, text);
            QVERIFY2(back && *back == v, text.c_str());
        }
    }
}

void TestTypes::ordersAndKinds()
{
    QCOMPARE(parseOrder("ba"), std::optional<Order>(Order::BA));
    QCOMPARE(parseOrder(""), std::optional<Order>(Order::None));
    QVERIFY(!parseOrder("AA"));
    QCOMPARE(parseKind("ORDINAL"), std::optional<TaskKind>(TaskKind::Ordinal));
    QVERIFY(!parseKind("likert"));
    QCOMPARE(parseVariant("perturbed"), std::optional<Variant>(Variant::Perturbed));
    QCOMPARE(parseCue("worse"), std::optional<Cue>(Cue::Worse));
    QVERIFY(!parseCue("sideways"));
}

QTEST_APPLESS_MAIN(TestTypes)
#include "tst_types.moc"
