// The trust settings a project remembers (analysis/storedtrustsettings.h): only values that differ from the
// defaults are written, they read back exactly, other keys are left alone, and unreadable values keep the
// default with a "key: reason" problem.
#include "analysis/storedtrustsettings.h"

#include <QtTest>

using namespace tribunal;

class TestStoredTrustSettings : public QObject {
    Q_OBJECT
private slots:
    void defaultsWriteNothing();
    void roundTrip();
    void backToDefaultRemovesTheKey();
    void badValues_data();
    void badValues();
};

void TestStoredTrustSettings::defaultsWriteNothing()
{
    ProjectSettings settings{{"run.design", "{}"}};
    storeTrustSettings({}, {}, settings);
    QCOMPARE(settings.size(), std::size_t{1});
    QCOMPARE(settings.at("run.design"), std::string("{}"));
}

void TestStoredTrustSettings::roundTrip()
{
    StoredTrustSettings value;
    value.trust.consistencyUnit = ConsistencyUnit::Presentation;
    value.trust.qMode = QMode::Observed;
    value.trust.assumeConsistentWhenSingleRun = true;
    value.trust.goodConsistency = 0.85;
    value.trust.goodFlipRate = 0.1 + 0.2; // 0.30000000000000004: the shortest text still reads back exactly
    value.bootstrap.resamples = 0;
    value.bootstrap.seed = 18446744073709551615ull;
    value.bootstrap.level = 0.9;
    ProjectSettings settings;
    storeTrustSettings(value, {}, settings);
    QCOMPARE(settings.size(), std::size_t{8});
    QCOMPARE(settings.at("trust.consistency_unit"), std::string("presentation"));
    QCOMPARE(settings.at("trust.q"), std::string("observed"));
    QCOMPARE(settings.at("trust.assume_consistent"), std::string("true"));
    QCOMPARE(settings.at("trust.good_c"), std::string("0.85"));
    QCOMPARE(settings.at("trust.good_phi"), std::string("0.30000000000000004"));
    QCOMPARE(settings.at("trust.bootstrap.resamples"), std::string("0"));
    QCOMPARE(settings.at("trust.bootstrap.seed"), std::string("18446744073709551615"));
    QCOMPARE(settings.at("trust.bootstrap.level"), std::string("0.9"));
    for (const char* key : kTrustSettingKeys)
        QVERIFY(settings.contains(key));
    std::vector<std::string> problems;
    const auto back = loadTrustSettings(settings, {}, &problems);
    QVERIFY(problems.empty());
    QCOMPARE(back.trust.consistencyUnit, ConsistencyUnit::Presentation);
    QCOMPARE(back.trust.qMode, QMode::Observed);
    QVERIFY(back.trust.assumeConsistentWhenSingleRun);
    QCOMPARE(back.trust.goodConsistency, 0.85);
    QCOMPARE(back.trust.goodFlipRate, 0.1 + 0.2);
    QCOMPARE(back.bootstrap.resamples, 0);
    QCOMPARE(back.bootstrap.seed, 18446744073709551615ull);
    QCOMPARE(back.bootstrap.level, 0.9);
}

void TestStoredTrustSettings::backToDefaultRemovesTheKey()
{
    StoredTrustSettings value;
    value.trust.assumeConsistentWhenSingleRun = true;
    ProjectSettings settings{{"note.other", "x"}};
    storeTrustSettings(value, {}, settings);
    QCOMPARE(settings.at("trust.assume_consistent"), std::string("true"));
    value.trust.assumeConsistentWhenSingleRun = false;
    storeTrustSettings(value, {}, settings);
    QCOMPARE(settings, (ProjectSettings{{"note.other", "x"}}));
    // Defaults other than the built-in ones: a value equal to them is not written.
    StoredTrustSettings defaults;
    defaults.bootstrap.resamples = 500;
    value.bootstrap.resamples = 500;
    storeTrustSettings(value, defaults, settings);
    QVERIFY(!settings.contains("trust.bootstrap.resamples"));
    QCOMPARE(loadTrustSettings(settings, defaults).bootstrap.resamples, 500);
}

void TestStoredTrustSettings::badValues_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("problem");
    QTest::newRow("unit") << "trust.consistency_unit"
                          << "pairs"
                          << "trust.consistency_unit: 'pairs' is neither pair nor presentation";
    QTest::newRow("q") << "trust.q"
                       << "0.5"
                       << "trust.q: '0.5' is neither half nor observed";
    QTest::newRow("assume") << "trust.assume_consistent"
                            << "yes"
                            << "trust.assume_consistent: 'yes' is neither true nor false";
    QTest::newRow("good_c > 1") << "trust.good_c"
                                << "1.5"
                                << "trust.good_c: '1.5' is not a number in [0, 1]";
    QTest::newRow("good_phi text") << "trust.good_phi"
                                   << "0.2x"
                                   << "trust.good_phi: '0.2x' is not a number in [0, 1]";
    QTest::newRow("resamples negative") << "trust.bootstrap.resamples"
                                        << "-1"
                                        << "trust.bootstrap.resamples: '-1' is not a non-negative integer";
    QTest::newRow("seed negative") << "trust.bootstrap.seed"
                                   << "-3"
                                   << "trust.bootstrap.seed: '-3' is not a non-negative integer";
    QTest::newRow("level 1") << "trust.bootstrap.level"
                             << "1"
                             << "trust.bootstrap.level: '1' is not a number in (0, 1)";
    QTest::newRow("level nan") << "trust.bootstrap.level"
                               << "nan"
                               << "trust.bootstrap.level: 'nan' is not a number in (0, 1)";
}

void TestStoredTrustSettings::badValues()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, problem);
    const ProjectSettings settings{{key.toStdString(), value.toStdString()}, {"trust.good_c", "0.8"}};
    std::vector<std::string> problems;
    const auto read = loadTrustSettings(settings, {}, &problems);
    if (key == "trust.good_c") {
        QCOMPARE(problems.size(), std::size_t{1}); // the map holds one value per key: the bad one
        QCOMPARE(read.trust.goodConsistency, 0.9);
    } else {
        QCOMPARE(problems.size(), std::size_t{1});
        QCOMPARE(read.trust.goodConsistency, 0.8); // the good value next to it is read
    }
    QCOMPARE(QString::fromStdString(problems.front()), problem);
    // The bad value kept its default.
    const StoredTrustSettings d;
    QCOMPARE(read.trust.consistencyUnit, d.trust.consistencyUnit);
    QCOMPARE(read.trust.qMode, d.trust.qMode);
    QCOMPARE(read.trust.assumeConsistentWhenSingleRun, d.trust.assumeConsistentWhenSingleRun);
    QCOMPARE(read.trust.goodFlipRate, d.trust.goodFlipRate);
    QCOMPARE(read.bootstrap.resamples, d.bootstrap.resamples);
    QCOMPARE(read.bootstrap.seed, d.bootstrap.seed);
    QCOMPARE(read.bootstrap.level, d.bootstrap.level);
}

QTEST_APPLESS_MAIN(TestStoredTrustSettings)
#include "tst_storedtrustsettings.moc"
