// Help and behaviour of tribunal-cli cannot disagree (app/cli/registry.h): every command of the registry has
// a
// --help whose usage line names it and lists each of its options; the top-level help has its synopsis; every
// value an option documents as a fixed set ("csv|md|json") is accepted (never a usage error) and a value
// outside the set is refused; docs/cli.md and the man page name every command and option. Rows come from
// `tribunal-cli help --commands` / `help --options`, so a new command or option is covered without an edit
// here, except that a command with a fixed-set option needs an example invocation below (the test says so).

#include "../common/clirun.h"
#include "../common/judgingfixtures.h"

#include <QFile>
#include <QJsonDocument>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <QtTest>

using tribunal::testing::CliRun;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

struct Option {
    QString command, name, value; // "cascade", "--table", "summary|curve"
};

QList<Option> registryOptions()
{
    QList<Option> out;
    const CliRun run = runCli({QStringLiteral("help"), QStringLiteral("--options")});
    for (const QString& line : run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList fields = line.split(QLatin1Char('\t'));
        if (fields.size() == 3)
            out.push_back({fields[0], fields[1], fields[2]});
    }
    return out;
}

QStringList registryCommands()
{
    return runCli({QStringLiteral("help"), QStringLiteral("--commands")})
        .out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

QString readSource(const QString& relative)
{
    QFile file(QStringLiteral(TRIBUNAL_SOURCE_DIR "/") + relative);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace

class TestCliHelp : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void everyCommandHasItsHelp_data();
    void everyCommandHasItsHelp();
    void documentedValuesAreAccepted_data();
    void documentedValuesAreAccepted();
    void latexTablesAreDeclared_data();
    void latexTablesAreDeclared();
    void docsAndManPageNameEveryCommandAndOption();
    void subcommandGroups();

private:
    /// The arguments of a run of `command` that passes its option checks (inputs made in initTestCase);
    /// empty when the test has none.
    QStringList example(const QString& command) const;
    QTemporaryDir m_dir;
    QString m_rubric, m_bias, m_audit, m_design;
};

void TestCliHelp::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_rubric = m_dir.filePath(QStringLiteral("r.jsonl"));
    m_bias = m_dir.filePath(QStringLiteral("b.jsonl"));
    m_audit = m_dir.filePath(QStringLiteral("a.csv"));
    for (const QStringList& args :
         {QStringList{QStringLiteral("simulate"), QStringLiteral("rubric"), QStringLiteral("--units"),
                      QStringLiteral("8"), QStringLiteral("--judges"), QStringLiteral("3"),
                      QStringLiteral("-o"), m_rubric},
          QStringList{QStringLiteral("simulate"), QStringLiteral("bias"), QStringLiteral("--items"),
                      QStringLiteral("6"), QStringLiteral("--judges"), QStringLiteral("2"),
                      QStringLiteral("-o"), m_bias},
          QStringList{QStringLiteral("simulate"), QStringLiteral("audit"), QStringLiteral("--judgments"),
                      QStringLiteral("400"), QStringLiteral("--runs"), QStringLiteral("2"),
                      QStringLiteral("-o"), m_audit}}) {
        const CliRun run = runCli(args);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    }
    const QString items = writeFixture(m_dir, QStringLiteral("items.jsonl"),
                                       tribunal::test::pairwiseItemsJsonl(6, QStringLiteral("plan")));
    const QJsonObject design = tribunal::test::designJson(
        items, {tribunal::test::simJudgeJson(QStringLiteral("j"), QStringLiteral("http://127.0.0.1:9/v1"))},
        {QStringLiteral("direct")}, 1);
    m_design = writeFixture(m_dir, QStringLiteral("design.json"), QJsonDocument(design).toJson());
}

QStringList TestCliHelp::example(const QString& command) const
{
    const QString out = m_dir.filePath(QStringLiteral("out"));
    // The simulated rubric judges (simulate rubric --judges 3).
    const QString cheap = QStringLiteral("sim-cheap"), mid = QStringLiteral("sim-mid-2"),
                  expensive = QStringLiteral("sim-expensive");
    const QMap<QString, QStringList> examples = {
        {QStringLiteral("export"), {m_audit, QStringLiteral("-o"), out + QStringLiteral(".jsonl")}},
        {QStringLiteral("bench"),
         {QStringLiteral("import"), m_audit, QStringLiteral("--repeat"), QStringLiteral("1")}},
        {QStringLiteral("trust"), {m_audit, QStringLiteral("--ci"), QStringLiteral("0")}},
        {QStringLiteral("dispersion"), {m_audit}},
        {QStringLiteral("anova"), {m_audit}},
        {QStringLiteral("mitigate"), {m_audit}},
        {QStringLiteral("sweep"), {m_audit, QStringLiteral("--over"), QStringLiteral("judge")}},
        {QStringLiteral("spread"), {m_audit}},
        {QStringLiteral("bias"),
         {m_bias, QStringLiteral("--resamples"), QStringLiteral("20"), QStringLiteral("--permutations"),
          QStringLiteral("20")}},
        {QStringLiteral("calibration"), {m_bias}},
        {QStringLiteral("rubric"), {m_rubric}},
        {QStringLiteral("compare"),
         {m_rubric, QStringLiteral("--judges"), cheap + QLatin1Char(',') + mid, QStringLiteral("--resamples"),
          QStringLiteral("20")}},
        {QStringLiteral("cost"), {m_rubric}},
        {QStringLiteral("cascade"),
         {m_rubric, QStringLiteral("--first"), cheap, QStringLiteral("--fallbacks"), expensive,
          QStringLiteral("--halvings"), QStringLiteral("2")}},
        {QStringLiteral("confident-errors"), {m_rubric, QStringLiteral("--first"), cheap}},
        {QStringLiteral("jury"),
         {m_rubric, QStringLiteral("--jurors"), cheap + QLatin1Char(',') + mid + QLatin1Char(',') + expensive,
          QStringLiteral("--resamples"), QStringLiteral("20")}},
        {QStringLiteral("plan"),
         {m_design, QStringLiteral("--rates"), QStringLiteral("0.9,0.1,0.8"), QStringLiteral("--simulations"),
          QStringLiteral("10"), QStringLiteral("--items"), QStringLiteral("6"), QStringLiteral("--runs"),
          QStringLiteral("1")}},
    };
    if (!examples.contains(command))
        return {};
    return command.split(QLatin1Char(' ')) + examples.value(command);
}

void TestCliHelp::everyCommandHasItsHelp_data()
{
    QTest::addColumn<QString>("command");
    const QStringList commands = registryCommands();
    QVERIFY(commands.size() >= 24);
    for (const QString& command : commands)
        QTest::newRow(qPrintable(command)) << command;
}

void TestCliHelp::everyCommandHasItsHelp()
{
    QFETCH(QString, command);
    const CliRun help = runCli(command.split(QLatin1Char(' ')) << QStringLiteral("--help"));
    QCOMPARE(help.exitCode, 0);
    const QString usage = help.out.left(help.out.indexOf(QLatin1Char('\n')));
    QVERIFY2(
        usage.startsWith(QStringLiteral("Usage: tribunal-cli ") + command + QStringLiteral(" [options]")),
        qPrintable(usage));
    // `help COMMAND` says the same.
    QCOMPARE(runCli(QStringList{QStringLiteral("help")} + command.split(QLatin1Char(' '))).out, help.out);
    int options = 0;
    for (const Option& option : registryOptions()) {
        if (option.command != command)
            continue;
        ++options;
        // Qt's layout: "  -o, --output <FILE>  ..." (the value after the last name).
        const QRegularExpression line(
            QStringLiteral("\\n  .*") + QRegularExpression::escape(option.name) + QStringLiteral("[ ,].*") +
            (option.value.isEmpty()
                 ? QString()
                 : QRegularExpression::escape(QLatin1Char('<') + option.value + QLatin1Char('>'))));
        QVERIFY2(line.match(help.out).hasMatch(),
                 qPrintable(option.name + QStringLiteral(" not in:\n") + help.out));
    }
    QVERIFY(options > 0);
    // The top-level help has the synopsis.
    const CliRun top = runCli({QStringLiteral("--help")});
    QVERIFY2(top.out.contains(QStringLiteral("\n  ") + command + QLatin1Char(' ')), qPrintable(command));
}

void TestCliHelp::documentedValuesAreAccepted_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("accepted");
    // Values that need another option to mean anything, as their descriptions say ("With --format latex").
    const QMap<QString, QStringList> needs = {
        {QStringLiteral("trust --table gap"), {QStringLiteral("--format"), QStringLiteral("latex")}},
    };
    int rows = 0;
    for (const Option& option : registryOptions()) {
        if (!option.value.contains(QLatin1Char('|')))
            continue;
        const QStringList base = example(option.command);
        if (base.isEmpty()) {
            QTest::newRow(qPrintable(option.command + QStringLiteral(" (no example)")))
                << QStringList{option.command} << false;
            continue;
        }
        for (const QString& value : option.value.split(QLatin1Char('|'))) {
            QStringList args = base;
            args << option.name << value
                 << needs.value(option.command + QLatin1Char(' ') + option.name + QLatin1Char(' ') + value);
            QTest::newRow(qPrintable(args.join(QLatin1Char(' ')))) << args << true;
            ++rows;
        }
        QTest::newRow(qPrintable(option.command + QLatin1Char(' ') + option.name + QStringLiteral(" bogus")))
            << (QStringList(base) << option.name << QStringLiteral("bogus-value")) << false;
    }
    QVERIFY(rows > 40);
}

void TestCliHelp::documentedValuesAreAccepted()
{
    QFETCH(QStringList, args);
    QFETCH(bool, accepted);
    if (args.size() == 1)
        QFAIL(qPrintable(
            QStringLiteral("add an example invocation of '%1' to TestCliHelp::example()").arg(args[0])));
    const CliRun run = runCli(args);
    if (accepted) {
        // The documented value is taken: the run ends, or fails on the data, never as a usage error.
        QVERIFY2(run.exitCode == 0 || run.exitCode == 2, qPrintable(run.err));
        QVERIFY2(!run.err.contains(QStringLiteral("unknown --")), qPrintable(run.err));
    } else {
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("bogus-value")), qPrintable(run.err));
    }
}

void TestCliHelp::latexTablesAreDeclared_data()
{
    // Every --table value of a command with --format latex is either declared a LaTeX table (`help
    // --latex-tables`: the Export dialog offers exactly those) and written, or refused with LaTeX.
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("declared");
    QMap<QString, QStringList> declared;
    for (const QString& line : runCli({QStringLiteral("help"), QStringLiteral("--latex-tables")})
                                   .out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        declared[line.section(QLatin1Char('\t'), 0, 0)] << line.section(QLatin1Char('\t'), 1);
    QVERIFY(declared.size() >= 10);
    QMap<QString, QStringList> tables; // command -> its --table values ("" without --table)
    QStringList latexCommands;
    for (const Option& option : registryOptions()) {
        if (option.name == QLatin1String("--format") &&
            option.value.split(QLatin1Char('|')).contains("latex"))
            latexCommands << option.command;
        if (option.name == QLatin1String("--table"))
            tables[option.command] = option.value.split(QLatin1Char('|'));
    }
    QCOMPARE(QStringList(declared.keys()).size(), latexCommands.size());
    for (const QString& command : latexCommands) {
        QVERIFY2(declared.contains(command), qPrintable(command));
        const QStringList base = example(command);
        QVERIFY2(!base.isEmpty(), qPrintable(command));
        for (const QString& table : tables.value(command, QStringList{QString()})) {
            QStringList args = base;
            args << QStringLiteral("--format") << QStringLiteral("latex");
            if (!table.isEmpty())
                args << QStringLiteral("--table") << table;
            QTest::newRow(qPrintable(args.mid(0, 1).join(' ') + QLatin1Char(' ') + table))
                << args << declared.value(command).contains(table);
        }
    }
}

void TestCliHelp::latexTablesAreDeclared()
{
    QFETCH(QStringList, args);
    QFETCH(bool, declared);
    const CliRun run = runCli(args);
    if (declared) {
        QVERIFY2(run.exitCode == 0 || run.exitCode == 2, qPrintable(run.err));
        QVERIFY2(!run.err.contains(QStringLiteral("no --format latex")), qPrintable(run.err));
    } else {
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("latex"), Qt::CaseInsensitive), qPrintable(run.err));
    }
}

void TestCliHelp::docsAndManPageNameEveryCommandAndOption()
{
    const QString docs = readSource(QStringLiteral("docs/cli.md"));
    const QString man = readSource(QStringLiteral("installer/man/tribunal-cli.1"));
    QVERIFY(!docs.isEmpty() && !man.isEmpty());
    // docs/cli.md: a "## " section per command ("## dispersion, anova" serves both), and each option in the
    // command's section or in "Options many commands share".
    QMap<QString, QString> sections;
    QString current;
    for (const QString& line : docs.split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("## ")))
            current = line.mid(3);
        else if (!current.isEmpty())
            sections[current] += line + QLatin1Char('\n');
    }
    const QString shared = sections.value(QStringLiteral("Options many commands share"));
    QVERIFY(!shared.isEmpty());
    auto sectionOf = [&](const QString& command) {
        QString text;
        const QRegularExpression word(QStringLiteral("(^|[ ,])") + QRegularExpression::escape(command) +
                                      QStringLiteral("($|[ ,])"));
        for (auto it = sections.cbegin(); it != sections.cend(); ++it)
            if (word.match(it.key()).hasMatch())
                text += it.value();
        return text;
    };
    QStringList missing;
    for (const QString& command : registryCommands()) {
        if (sectionOf(command).isEmpty())
            missing << QStringLiteral("docs/cli.md: no section '## %1'").arg(command);
        // The man page: an entry per command (its first word: "batch" covers write and import).
        const QString first = command.section(QLatin1Char(' '), 0, 0);
        if (!man.contains(QStringLiteral("\n.B ") + first + QLatin1Char('\n')))
            missing << QStringLiteral("tribunal-cli.1: no entry '.B %1'").arg(first);
    }
    for (const Option& option : registryOptions()) {
        if (option.name == QLatin1String("--help") || option.name.size() == 2)
            continue; // -h and the one-letter twins of documented long names
        const QRegularExpression named(QRegularExpression::escape(option.name) +
                                       QStringLiteral("(?![a-z-])"));
        if (!named.match(sectionOf(option.command)).hasMatch() && !named.match(shared).hasMatch())
            missing << QStringLiteral("docs/cli.md: %1 %2 undocumented").arg(option.command, option.name);
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
}

void TestCliHelp::subcommandGroups()
{
    const CliRun none = runCli({QStringLiteral("batch")});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(QStringLiteral("batch needs a subcommand: write or import")),
             qPrintable(none.err));
    const CliRun help = runCli({QStringLiteral("batch"), QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains(QStringLiteral("tribunal-cli batch write DESIGN.json -o FILE")));
    QVERIFY(
        help.out.contains(QStringLiteral("tribunal-cli batch import DESIGN.json OUTPUT.jsonl... -o FILE")));
    const CliRun unknown = runCli({QStringLiteral("frobnicate")});
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY(unknown.err.contains(QStringLiteral("unknown command 'frobnicate'")));
}

QTEST_GUILESS_MAIN(TestCliHelp)
#include "tst_clihelp.moc"
