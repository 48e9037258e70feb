// Issue 12: tribunal-cli speaks the system locale's language. In German the help, the option descriptions,
// the errors and notes on stderr (and Qt's own option-parser messages) are German, the command synopses and
// option names are not, and what a command writes to stdout as its result is byte for byte the English run's.
// The German runs use the glibc locale de_DE.UTF-8 too, so the C library's number formatting is German there.
// The other CLI tests run with LANGUAGE=en LC_ALL=C.UTF-8 (tests/CMakeLists.txt) and pin the English texts.

#include "../common/clirun.h"

#include <QTemporaryDir>
#include <QtTest>

#include <clocale>

using tribunal::testing::CliRun;
using tribunal::testing::runCli;

namespace {

// What a German desktop sets; Qt reads it even when the glibc locale de_DE.UTF-8 is not installed.
const QStringList kGerman = {QStringLiteral("LANGUAGE=de"), QStringLiteral("LANG=de_DE.UTF-8"),
                             QStringLiteral("LC_ALL=de_DE.UTF-8")};
const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");
const QStringList kEnglish = {QStringLiteral("LANGUAGE=en"), QStringLiteral("LANG=C.UTF-8"),
                              QStringLiteral("LC_ALL=C.UTF-8")};

// Two judges, two pairs, both orders, two runs: enough for trust, bias-free of any import issue.
QByteArray auditCsv()
{
    QByteArray csv = "dataset,item_id,judge,format,order,rep,verdict,label\n";
    for (const char* judge : {"J1", "J2"})
        for (const char* item : {"p1", "p2"})
            for (const char* order : {"AB", "BA"})
                for (int rep = 1; rep <= 2; ++rep)
                    csv += QStringLiteral("D1,%1,%2,F1,%3,%4,%5,A\n")
                               .arg(QLatin1String(item), QLatin1String(judge), QLatin1String(order))
                               .arg(rep)
                               .arg(QLatin1String(rep == 2 && QByteArray(item) == "p2" ? "B" : "A"))
                               .toUtf8();
    return csv;
}

} // namespace

class TestCliTranslation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void messages_data();
    void messages();
    void helpIsGermanButTheSyntaxIsNot();
    void resultsAreTheSameInEveryLanguage_data();
    void resultsAreTheSameInEveryLanguage();

private:
    QTemporaryDir m_dir;
    QString m_audit;
    QString m_withBadRow;
};

void TestCliTranslation::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The German glibc locale must exist (.ci/install-deps generates it): under it printf and strtod would
    // use the decimal comma, which no result may show.
    QVERIFY2(std::setlocale(LC_ALL, "de_DE.UTF-8") != nullptr,
             "the glibc locale de_DE.UTF-8 is missing: run .ci/install-deps (locale-gen)");
    std::setlocale(LC_ALL, "C");
    QVERIFY(QFile::exists(kSample));
    m_audit = tribunal::testing::writeFixture(m_dir, QStringLiteral("audit.csv"), auditCsv());
    m_withBadRow = tribunal::testing::writeFixture(m_dir, QStringLiteral("bad.csv"),
                                                   auditCsv() + "D1,p3,J1,F1,XY,1,A,A\n");
}

void TestCliTranslation::messages_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("english"); // a line of stderr in English
    QTest::addColumn<QString>("german");  // the same line in German
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << 1
                                     << "tribunal-cli: unknown command 'frobnicate'"
                                     << QString::fromUtf8("tribunal-cli: unbekannter Befehl 'frobnicate'");
    QTest::newRow("usage hint") << QStringList{QStringLiteral("frobnicate")} << 1
                                << "Run 'tribunal-cli --help' for usage."
                                << QString::fromUtf8("Die Hilfe zum Aufruf zeigt 'tribunal-cli --help'.");
    QTest::newRow("missing input")
        << QStringList{QStringLiteral("trust")} << 1
        << "tribunal-cli: trust needs a project, judgment files or a cell-level table"
        << QString::fromUtf8(
               "tribunal-cli: trust braucht ein Projekt, Bewertungsdateien oder eine Zellentabelle");
    QTest::newRow("bad option value")
        << QStringList{QStringLiteral("trust"), QStringLiteral("x.csv"), QStringLiteral("--level"),
                       QStringLiteral("2")}
        << 1 << "tribunal-cli: --level needs a number in (0, 1)"
        << QString::fromUtf8("tribunal-cli: --level braucht eine Zahl in (0, 1)");
    // QCommandLineParser's own message comes from Qt's catalogue (qtbase_de.qm).
    QTest::newRow("Qt's own parser message")
        << QStringList{QStringLiteral("trust"), QStringLiteral("--frobnicate")} << 1
        << "tribunal-cli: Unknown option 'frobnicate'."
        << "tribunal-cli: Unbekannte Option 'frobnicate'.";
}

void TestCliTranslation::messages()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, english);
    QFETCH(QString, german);
    const CliRun en = runCli(args, kEnglish);
    const CliRun de = runCli(args, kGerman);
    QCOMPARE(en.exitCode, exitCode);
    QCOMPARE(de.exitCode, exitCode);
    QVERIFY2(en.err.split(QLatin1Char('\n')).contains(english), qPrintable(en.err));
    QVERIFY2(de.err.split(QLatin1Char('\n')).contains(german), qPrintable(de.err));
    QVERIFY(en.out.isEmpty());
    QVERIFY(de.out.isEmpty());
}

void TestCliTranslation::helpIsGermanButTheSyntaxIsNot()
{
    const CliRun en = runCli({}, kEnglish);
    const CliRun de = runCli({}, kGerman);
    QCOMPARE(de.exitCode, en.exitCode);
    QVERIFY(en.out.contains(QStringLiteral("\nCommands:\n")));
    QVERIFY2(de.out.contains(QString::fromUtf8("\nBefehle:\n")), qPrintable(de.out));
    QVERIFY(!de.out.contains(QStringLiteral("Commands:")));
    // Every synopsis line (two spaces, then the command) is the same in both languages.
    int synopses = 0;
    for (const auto& line : en.out.split(QLatin1Char('\n'))) {
        if (!line.startsWith(QStringLiteral("  ")) || line.trimmed().startsWith(QLatin1Char('(')))
            continue; // "  (judges: NAME or NAME@FORMAT)" is prose
        ++synopses;
        QVERIFY2(de.out.contains(line), qPrintable(line));
    }
    QVERIFY(synopses > 30);

    // A command's help: the option names stay, the descriptions are German.
    const CliRun trustDe = runCli({QStringLiteral("trust"), QStringLiteral("--help")}, kGerman);
    QCOMPARE(trustDe.exitCode, 0);
    QVERIFY(trustDe.out.contains(QStringLiteral("--seed <S>")));
    QVERIFY2(trustDe.out.contains(QString::fromUtf8("Bootstrap-Seed (Standard 20261129).")),
             qPrintable(trustDe.out));
    QVERIFY(!trustDe.out.contains(QStringLiteral("Bootstrap seed")));
}

void TestCliTranslation::resultsAreTheSameInEveryLanguage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("germanNote"); // a stderr line only the German run has ("" = none)
    QTest::newRow("trust csv") << QStringList{QStringLiteral("trust"), QStringLiteral("AUDIT"),
                                              QStringLiteral("--ci"), QStringLiteral("50")}
                               << QString();
    QTest::newRow("trust json") << QStringList{QStringLiteral("trust"),    QStringLiteral("AUDIT"),
                                               QStringLiteral("--ci"),     QStringLiteral("0"),
                                               QStringLiteral("--format"), QStringLiteral("json")}
                                << QString();
    QTest::newRow("info") << QStringList{QStringLiteral("info"), QStringLiteral("AUDIT")} << QString();
    QTest::newRow("dispersion md") << QStringList{QStringLiteral("dispersion"), QStringLiteral("AUDIT"),
                                                  QStringLiteral("--format"), QStringLiteral("md")}
                                   << QString();
    // The sample's trust, bias, rubric and cascade tables in the formats that print rounded numbers (%g-style
    // cells, LaTeX colour bands judged on the printed value).
    QTest::newRow("trust md") << QStringList{QStringLiteral("trust"),    QStringLiteral("SAMPLE"),
                                             QStringLiteral("--ci"),     QStringLiteral("0"),
                                             QStringLiteral("--format"), QStringLiteral("md")}
                              << QString();
    QTest::newRow("trust latex colour")
        << QStringList{QStringLiteral("trust"),   QStringLiteral("SAMPLE"),   QStringLiteral("--ci"),
                       QStringLiteral("0"),       QStringLiteral("--format"), QStringLiteral("latex"),
                       QStringLiteral("--colour")}
        << QString();
    QTest::newRow("rubric md") << QStringList{QStringLiteral("rubric"), QStringLiteral("SAMPLE"),
                                              QStringLiteral("--format"), QStringLiteral("md")}
                               << QString();
    QTest::newRow("rubric latex") << QStringList{QStringLiteral("rubric"), QStringLiteral("SAMPLE"),
                                                 QStringLiteral("--format"), QStringLiteral("latex")}
                                  << QString();
    QTest::newRow("bias md") << QStringList{QStringLiteral("bias"),           QStringLiteral("SAMPLE"),
                                            QStringLiteral("--resamples"),    QStringLiteral("200"),
                                            QStringLiteral("--permutations"), QStringLiteral("200"),
                                            QStringLiteral("--format"),       QStringLiteral("md")}
                             << QString();
    QTest::newRow("cascade csv")
        << QStringList{QStringLiteral("cascade"),     QStringLiteral("SAMPLE"),
                       QStringLiteral("--first"),     QStringLiteral("sim-cheap"),
                       QStringLiteral("--fallbacks"), QStringLiteral("sim-expensive"),
                       QStringLiteral("--halvings"),  QStringLiteral("5")}
        << QString();
    QTest::newRow("skipped record noted in German")
        << QStringList{QStringLiteral("trust"), QStringLiteral("BAD"), QStringLiteral("--skip-bad"),
                       QStringLiteral("--ci"), QStringLiteral("0")}
        << QString::fromUtf8("1 fehlerhafter Eintrag übersprungen");
}

void TestCliTranslation::resultsAreTheSameInEveryLanguage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, germanNote);
    args.replaceInStrings(QStringLiteral("AUDIT"), m_audit);
    args.replaceInStrings(QStringLiteral("BAD"), m_withBadRow);
    args.replaceInStrings(QStringLiteral("SAMPLE"), kSample);
    const CliRun en = runCli(args, kEnglish);
    const CliRun de = runCli(args, kGerman);
    QCOMPARE(en.exitCode, 0);
    QCOMPARE(de.exitCode, 0);
    QVERIFY(!en.out.isEmpty());
    QCOMPARE(de.out, en.out); // tables, JSON, reports: identical bytes
    if (!germanNote.isEmpty()) {
        QVERIFY2(de.err.split(QLatin1Char('\n')).contains(germanNote), qPrintable(de.err));
        QVERIFY(!en.err.contains(germanNote));
    }
}

QTEST_GUILESS_MAIN(TestCliTranslation)
#include "tst_clitranslation.moc"
