// The plot registry (widgets/plots/plotregistry.h, docs/plots.md): every series a plot of the workbench draws
// is the table tribunal-cli writes for the arguments its entry names. One data row per (plot, series) of the
// registry: the main window opens the bundled sample, each dock draws, the plot is walked through its states
// (the Bias dock's families, the Rubric dock's rows, the Cascades dock's kinds), and every drawn point is
// joined by its key to one row of `tribunal-cli ... --format csv` after the entry's filter: the same number
// of points as rows, x / y / interval / label equal to the row's (exactly: the CSV prints shortest round-trip
// numbers; interval ends read back from QCPErrorBars offsets to 1e-12; numbers written as text to their
// printed decimals). The registry names every QCustomPlot of the main window, so a new plot without an entry
// fails; the series without a CLI table are pinned here (kKnownGaps), so a new uncovered series fails too
// until it is listed (and a gap closed fails until it leaves the list).
//
// One audit for every row: the bundled sample (trust and bias datasets, and sim-rubric with K1 confidences,
// P(MET) and costs), with small resampling settings (each a CLI option the arguments carry) to keep the run
// short; each distinct command line runs once.

#include "bias/biasworkspace.h"
#include "cascades/cascadeview.h"
#include "cascades/cascadeworkspace.h"
#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "plots/plotregistry.h"
#include "rubric/rubricworkspace.h"
#include "trust/trustworkspace.h"

#include "../common/clirun.h"

#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QLocale>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace tribunal;
using tribunal::testing::runCli;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

/// The series without a CLI table, as "plot/series" (see each entry's reason in plotregistry.cpp).
const QStringList kKnownGaps = {

};

/// A CSV table as tribunal-cli writes it (RFC 4180: quoted fields may hold commas, quotes and newlines).
struct CsvTable {
    QStringList header;
    QList<QStringList> rows;
    int column(const QString& name) const { return static_cast<int>(header.indexOf(name)); }
};

CsvTable parseCsv(const QString& text)
{
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    bool any = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
            continue;
        }
        if (c == QLatin1Char('"')) {
            quoted = true;
            any = true;
        } else if (c == QLatin1Char(',')) {
            record << field;
            field.clear();
            any = true;
        } else if (c == QLatin1Char('\n')) {
            record << field;
            records << record;
            record.clear();
            field.clear();
            any = false;
        } else if (c != QLatin1Char('\r')) {
            field += c;
            any = true;
        }
    }
    if (any)
        records << (record << field);
    CsvTable table;
    if (!records.isEmpty())
        table.header = records.takeFirst();
    table.rows = records;
    return table;
}

double cellNumber(const QString& text)
{
    if (text.isEmpty())
        return std::numeric_limits<double>::quiet_NaN();
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (ok)
        return v;
    if (text == QLatin1String("true"))
        return 1.0;
    if (text == QLatin1String("false"))
        return 0.0;
    return std::numeric_limits<double>::quiet_NaN();
}

/// Key cells agree: as numbers when both read as numbers (the CLI and the plot may spell 0.1 differently),
/// else as text.
bool sameKey(const QString& cli, const QString& plotted)
{
    bool a = false;
    bool b = false;
    const double x = cli.toDouble(&a);
    const double y = plotted.toDouble(&b);
    return a && b ? x == y : cli == plotted;
}

QString keyText(const std::vector<std::pair<QString, QString>>& key)
{
    QStringList parts;
    for (const auto& [column, value] : key)
        parts << column + QLatin1Char('=') + value;
    return parts.join(QStringLiteral(", "));
}

bool samePoint(const PlottedPoint& a, const PlottedPoint& b)
{
    const auto same = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
    return a.key == b.key && same(a.x, b.x) && same(a.y, b.y) && same(a.lower, b.lower) &&
           same(a.upper, b.upper) && a.text == b.text && a.label == b.label;
}

} // namespace

class TestPlotRegistry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void registryNamesEveryPlot();
    void seriesEqualsCli_data();
    void seriesEqualsCli();
    void knownGaps_data();
    void knownGaps();

private:
    /// Every point the plot draws of `series` over its states (each point once).
    std::vector<PlottedPoint> collect(const PlotDescriptor& plot, InteractivePlot& drawn,
                                      const QString& series);
    /// The table of `args`, run once per distinct argument list.
    const CsvTable* table(const QStringList& args);
    PlotWorkspaces workspaces() const;

    std::unique_ptr<MainWindow> m_window;
    QHash<QString, InteractivePlot*> m_plots;
    QHash<QString, CsvTable> m_tables;
    QElapsedTimer m_clock;
};

void TestPlotRegistry::initTestCase()
{
    m_clock.start();
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalPlotRegistryTest"));
    QSettings().clear();
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
    m_window = std::make_unique<MainWindow>();
    // Small resampling everywhere (each is a CLI option the arguments carry); C = 1 for single runs so the
    // consistency plots have cells.
    TrustViewSettings trust;
    trust.trust.assumeConsistentWhenSingleRun = true;
    trust.bootstrap.resamples = 0;
    m_window->trustWorkspace()->setSettings(trust);
    BiasSettings bias;
    bias.resamples = 100;
    bias.permutations = 200;
    m_window->biasWorkspace()->setSettings(bias);
    RubricPanelSettings rubric;
    rubric.paired.resamples = 100;
    m_window->rubricWorkspace()->setSettings(rubric);
    CascadePanelSettings cascades;
    cascades.halvings = 3;
    cascades.juryResamples = 100;
    m_window->cascadeWorkspace()->setSettings(cascades);
    QVERIFY(m_window->session()->openProject(kSample));
    m_window->session()->waitForIdle();
    QVERIFY(m_window->cascadeWorkspace()->summaryCurrent());
    for (InteractivePlot* plot : m_window->findChildren<InteractivePlot*>())
        m_plots.insert(plot->plotId(), plot);
    qInfo("sample open and drawn after %lld ms", static_cast<long long>(m_clock.elapsed()));
}

void TestPlotRegistry::cleanupTestCase()
{
    m_window.reset();
    qInfo("%lld distinct CLI tables; %lld ms in all", static_cast<long long>(m_tables.size()),
          static_cast<long long>(m_clock.elapsed()));
}

PlotWorkspaces TestPlotRegistry::workspaces() const
{
    return {m_window->trustWorkspace(), m_window->biasWorkspace(), m_window->rubricWorkspace(),
            m_window->cascadeWorkspace()};
}

const CsvTable* TestPlotRegistry::table(const QStringList& args)
{
    const QString id = args.join(QChar(0x1f));
    if (const auto it = m_tables.constFind(id); it != m_tables.constEnd())
        return &*it;
    const auto cli = runCli(args);
    if (cli.exitCode != 0) {
        qWarning("tribunal-cli %s: exit %d: %s", qPrintable(args.join(' ')), cli.exitCode,
                 qPrintable(cli.err));
        return nullptr;
    }
    return &*m_tables.insert(id, parseCsv(cli.out));
}

std::vector<PlottedPoint> TestPlotRegistry::collect(const PlotDescriptor& plot, InteractivePlot& drawn,
                                                    const QString& series)
{
    std::vector<PlottedPoint> all;
    const auto take = [&] {
        for (PlottedPoint& p : drawn.plottedPoints(series))
            if (std::none_of(all.begin(), all.end(), [&p](const PlottedPoint& q) { return samePoint(p, q); }))
                all.push_back(std::move(p));
    };
    switch (plot.states) {
    case PlotStates::One:
        take();
        break;
    case PlotStates::BiasFamilies: {
        BiasWorkspace& ws = *m_window->biasWorkspace();
        const int keep = ws.currentFamily();
        for (int f = 0; f < static_cast<int>(ws.view()->families.size()); ++f) {
            ws.setCurrentFamily(f);
            take();
        }
        ws.setCurrentFamily(keep);
        break;
    }
    case PlotStates::RubricRows: {
        RubricWorkspace& ws = *m_window->rubricWorkspace();
        const int keep = ws.selectedRow();
        for (int r = 0; r < ws.view()->rowCount(); ++r) {
            ws.selectRow(r);
            take();
        }
        ws.selectRow(keep);
        break;
    }
    case PlotStates::CascadeKinds: {
        CascadeWorkspace& ws = *m_window->cascadeWorkspace();
        const int keep = ws.kind();
        for (int k = 0; k < ws.curveView()->kindCount(); ++k) {
            ws.setKind(k);
            take();
        }
        ws.setKind(keep);
        break;
    }
    }
    return all;
}

void TestPlotRegistry::registryNamesEveryPlot()
{
    // Every plot of the main window's docks is an InteractivePlot with exactly one entry of its class; every
    // entry is a plot of the window.
    QSet<QString> seen;
    const auto plots = m_window->findChildren<QCustomPlot*>();
    QVERIFY(plots.size() >= 14);
    for (QCustomPlot* custom : plots) {
        auto* plot = qobject_cast<InteractivePlot*>(custom);
        QVERIFY2(plot, custom->metaObject()->className());
        const PlotDescriptor* d = findPlotDescriptor(plot->plotId());
        QVERIFY2(d,
                 qPrintable(QStringLiteral("no registry entry for plot '%1' (%2)")
                                .arg(plot->plotId(), QString::fromLatin1(plot->metaObject()->className()))));
        QCOMPARE(d->className, QString::fromLatin1(plot->metaObject()->className()));
        QVERIFY2(!seen.contains(plot->plotId()), qPrintable(plot->plotId()));
        seen.insert(plot->plotId());
    }
    QSet<QString> series;
    for (const PlotDescriptor& d : plotRegistry()) {
        QVERIFY2(seen.contains(d.id),
                 qPrintable(QStringLiteral("registry entry '%1' is no plot of the window").arg(d.id)));
        QVERIFY(!d.series.empty());
        for (const PlotSeries& s : d.series) {
            QVERIFY2(!series.contains(d.id + QLatin1Char('/') + s.id), qPrintable(s.id));
            series.insert(d.id + QLatin1Char('/') + s.id);
            QVERIFY(!s.description.isEmpty());
            if (s.command.isEmpty()) {
                QVERIFY2(!s.reason.isEmpty(), qPrintable(d.id + QLatin1Char('/') + s.id));
            } else {
                QVERIFY2(s.reason.isEmpty() && !s.keys.isEmpty() &&
                             (!s.x.empty() || !s.y.empty() || !s.lower.empty()),
                         qPrintable(d.id + QLatin1Char('/') + s.id));
            }
        }
    }
}

void TestPlotRegistry::seriesEqualsCli_data()
{
    QTest::addColumn<QString>("plot");
    QTest::addColumn<QString>("series");
    for (const PlotDescriptor& d : plotRegistry())
        for (const PlotSeries& s : d.series)
            if (!s.command.isEmpty())
                QTest::newRow(qPrintable(d.id + QLatin1Char('/') + s.id)) << d.id << s.id;
}

void TestPlotRegistry::seriesEqualsCli()
{
    QFETCH(QString, plot);
    QFETCH(QString, series);
    const PlotDescriptor& d = *findPlotDescriptor(plot);
    const PlotSeries& s = *std::find_if(d.series.begin(), d.series.end(),
                                        [&series](const PlotSeries& x) { return x.id == series; });
    InteractivePlot* drawn = m_plots.value(plot);
    QVERIFY2(drawn, qPrintable(plot));

    const std::vector<PlottedPoint> points = collect(d, *drawn, series);
    const QStringList args = plotCliArguments(d, s, kSample, *drawn, workspaces());
    const CsvTable* cli = table(args);
    QVERIFY2(cli, qPrintable(args.join(' ')));
    const QString command = QStringLiteral("tribunal-cli ") + args.join(QLatin1Char(' '));

    // The rows after the documented filter.
    std::vector<int> rows;
    const QStringList conditions = s.filter.split(QLatin1Char(';'), Qt::SkipEmptyParts);
    for (const QString& condition : conditions) {
        const QString column = condition.section(QLatin1Char('='), 0, 0).remove(QLatin1Char('!'));
        QVERIFY2(cli->column(column) >= 0, qPrintable(command + ": no column " + column));
    }
    for (int r = 0; r < cli->rows.size(); ++r) {
        const QStringList& row = cli->rows[r];
        bool kept = row.size() == cli->header.size();
        for (const QString& condition : conditions) {
            const bool notEmpty = condition.endsWith(QStringLiteral("!="));
            const QString column = condition.section(QLatin1Char('='), 0, 0).remove(QLatin1Char('!'));
            const QString cell = row.value(cli->column(column));
            kept = kept &&
                   (notEmpty ? !cell.isEmpty()
                             : condition.section(QLatin1Char('='), 1).split(QLatin1Char('|')).contains(cell));
        }
        if (kept)
            rows.push_back(r);
    }
    QVERIFY2(!rows.empty(), qPrintable(command + ": no row after the filter " + s.filter));
    qInfo("%zu points, %zu rows of %s (of %lld)", points.size(), rows.size(), qPrintable(command),
          static_cast<long long>(cli->rows.size()));
    QVERIFY2(points.size() == rows.size(),
             qPrintable(QStringLiteral("%1 points drawn, %2 rows of %3 (filter %4)")
                            .arg(points.size())
                            .arg(rows.size())
                            .arg(command, s.filter)));

    const auto value = [&cli](const QStringList& row, const PlotColumn& spec) {
        double sum = 0.0;
        for (const auto& [column, factor] : spec) {
            const int c = cli->column(column);
            sum += (c < 0 ? std::numeric_limits<double>::quiet_NaN() : cellNumber(row.value(c))) * factor;
        }
        return sum;
    };
    const auto same = [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); };
    for (const PlotColumn* spec : {&s.x, &s.y, &s.lower, &s.upper})
        for (const auto& term : *spec)
            QVERIFY2(cli->column(term.first) >= 0, qPrintable(command + ": no column " + term.first));
    std::vector<bool> used(static_cast<std::size_t>(cli->rows.size()), false);
    for (const PlottedPoint& p : points) {
        const QString where = keyText(p.key);
        QVERIFY2(!p.key.empty(),
                 qPrintable(QStringLiteral("a drawn point without a key at (%1, %2)").arg(p.x).arg(p.y)));
        // Every documented key column is a key of the point and a column of the table.
        for (const QString& key : s.keys) {
            if (key.startsWith(QLatin1Char('[')) || key.startsWith(QLatin1Char('{')))
                continue;
            QVERIFY2(
                std::any_of(p.key.begin(), p.key.end(), [&key](const auto& k) { return k.first == key; }),
                qPrintable(where + ": no key " + key));
            QVERIFY2(cli->column(key) >= 0, qPrintable(command + ": no key column " + key));
        }
        const QStringList* match = nullptr;
        for (int r : rows) {
            if (used[static_cast<std::size_t>(r)])
                continue;
            const QStringList& row = cli->rows[r];
            const bool keyed = std::all_of(p.key.begin(), p.key.end(), [&](const auto& k) {
                const int c = cli->column(k.first);
                return c < 0 ? k.second.isEmpty() : sameKey(row.value(c), k.second);
            });
            if (keyed) {
                used[static_cast<std::size_t>(r)] = true;
                match = &row;
                break;
            }
        }
        QVERIFY2(match,
                 qPrintable(QStringLiteral("no row of %1 for the drawn point %2").arg(command, where)));
        const QStringList& row = *match;
        if (!s.x.empty())
            QVERIFY2(same(p.x, value(row, s.x)), qPrintable(QStringLiteral("%1: x drawn %2, CLI %3")
                                                                .arg(where)
                                                                .arg(p.x, 0, 'g', 17)
                                                                .arg(value(row, s.x), 0, 'g', 17)));
        if (s.shownDecimals >= 0) {
            const double expected = value(row, s.y);
            QString text = p.text;
            text.remove(QLatin1Char('*'));
            bool ok = false;
            const double shown = QLocale().toDouble(text, &ok);
            if (std::isnan(expected)) {
                QVERIFY2(!ok, qPrintable(where + ": shows " + p.text + ", the CLI's cell is empty"));
            } else {
                QVERIFY2(ok && std::abs(shown - expected) <= 0.5 * std::pow(10.0, -s.shownDecimals) + 1e-12,
                         qPrintable(QStringLiteral("%1: shows '%2', CLI %3")
                                        .arg(where, p.text)
                                        .arg(expected, 0, 'g', 17)));
            }
        } else if (!s.y.empty()) {
            QVERIFY2(same(p.y, value(row, s.y)), qPrintable(QStringLiteral("%1: y drawn %2, CLI %3")
                                                                .arg(where)
                                                                .arg(p.y, 0, 'g', 17)
                                                                .arg(value(row, s.y), 0, 'g', 17)));
        }
        for (const auto& [spec, drawnEnd] : {std::pair{&s.lower, p.lower}, std::pair{&s.upper, p.upper}}) {
            if (spec->empty())
                continue;
            const double expected = value(row, *spec);
            // An interval the CLI leaves empty is drawn as the point itself.
            const bool ok = std::isnan(expected)
                                ? (std::isnan(drawnEnd) || drawnEnd == p.x || drawnEnd == p.y)
                                : std::abs(drawnEnd - expected) <= 1e-12;
            QVERIFY2(ok, qPrintable(QStringLiteral("%1: interval end drawn %2, CLI %3")
                                        .arg(where)
                                        .arg(drawnEnd, 0, 'g', 17)
                                        .arg(expected, 0, 'g', 17)));
        }
        if (!s.label.isEmpty())
            QCOMPARE(p.label, row.value(cli->column(s.label)));
    }
}

void TestPlotRegistry::knownGaps_data()
{
    // One row per series that is pinned or has no CLI table: each must be both.
    QTest::addColumn<QString>("name");
    QStringList names = kKnownGaps;
    for (const PlotDescriptor& d : plotRegistry())
        for (const PlotSeries& s : d.series)
            if (s.command.isEmpty() && !names.contains(d.id + QLatin1Char('/') + s.id))
                names << d.id + QLatin1Char('/') + s.id;
    for (const QString& name : names)
        QTest::newRow(qPrintable(name)) << name;
    if (names.isEmpty()) // every series has its table: the row checks that it stays so
        QTest::newRow("no gaps") << QString();
}

void TestPlotRegistry::knownGaps()
{
    QFETCH(QString, name);
    if (name.isEmpty()) {
        for (const PlotDescriptor& plot : plotRegistry())
            for (const PlotSeries& series : plot.series)
                QVERIFY2(!series.command.isEmpty(), qPrintable(plot.id + QLatin1Char('/') + series.id));
        return;
    }
    const PlotDescriptor* d = findPlotDescriptor(name.section(QLatin1Char('/'), 0, 0));
    QVERIFY2(d, qPrintable(name + ": pinned, but the registry has no such plot"));
    const auto s = std::find_if(d->series.begin(), d->series.end(), [&name](const PlotSeries& x) {
        return x.id == name.section(QLatin1Char('/'), 1);
    });
    QVERIFY2(s != d->series.end(), qPrintable(name + ": pinned, but the registry has no such series"));
    QVERIFY2(kKnownGaps.contains(name),
             qPrintable(name + ": a series without a CLI table that kKnownGaps does not list (" + s->reason +
                        ")"));
    QVERIFY2(s->command.isEmpty(), qPrintable(name + ": has a CLI table now: remove it from kKnownGaps"));
    QVERIFY(!s->reason.isEmpty());
    QVERIFY(m_plots.contains(d->id));
}

QTEST_MAIN(TestPlotRegistry)
#include "tst_plotregistry.moc"
