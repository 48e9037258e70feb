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
//
// The same window checks the paper figures (issue 27, plots/figurerenderer.h): every plot exported as a PDF
// at the one-column preset and rasterised by pdftoppm (poppler-utils) has a page exactly 3.5 in wide,
// embedded fonts, a blank outer border (nothing drawn outside the page) and no selection ring (the raster is
// the same with the ring's point removed); the forest plot as SVG names the application's font family and its
// labels' boxes do not intersect; a legend lists no series that draws nothing; the PNG preset is 300 dpi.

#include "bias/biasworkspace.h"
#include "cascades/cascadeview.h"
#include "cascades/cascadeworkspace.h"
#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "plots/plotexport.h"
#include "plots/plotregistry.h"
#include "rubric/rubricworkspace.h"
#include "trust/trustworkspace.h"

#include "../common/clirun.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFontInfo>
#include <QHash>
#include <QImage>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>
#include <memory>
#include <optional>

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

/// Runs a poppler tool; its standard output, or nullopt (with a warning) when it cannot run.
std::optional<QByteArray> poppler(const QString& tool, const QStringList& args)
{
    QProcess process;
    process.start(tool, args);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        qWarning("%s %s: %s", qPrintable(tool), qPrintable(args.join(' ')),
                 qPrintable(process.readAllStandardError()));
        return std::nullopt;
    }
    return process.readAllStandardOutput();
}

/// The page of `pdf` rasterised at `dpi` (pdftoppm).
QImage rasterise(const QString& pdf, int dpi)
{
    const QString base = pdf + QStringLiteral("-raster");
    if (!poppler(QStringLiteral("pdftoppm"),
                 {QStringLiteral("-r"), QString::number(dpi), QStringLiteral("-png"),
                  QStringLiteral("-singlefile"), pdf, base}))
        return {};
    return QImage(base + QStringLiteral(".png")).convertToFormat(QImage::Format_RGB32);
}

/// Pixels within `tolerance` (per channel) of `color`.
int pixelsNear(const QImage& image, const QColor& color, int tolerance)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            if (std::abs(qRed(line[x]) - color.red()) <= tolerance &&
                std::abs(qGreen(line[x]) - color.green()) <= tolerance &&
                std::abs(qBlue(line[x]) - color.blue()) <= tolerance)
                ++count;
    }
    return count;
}

/// Pixels of the outer `border` pixels that are not white.
int inkOnBorder(const QImage& image, int border)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if ((x < border || y < border || x >= image.width() - border || y >= image.height() - border) &&
                image.pixel(x, y) != qRgb(255, 255, 255))
                ++count;
    return count;
}

/// A <text> element of an SVG written by QSvgGenerator: its text, position in the view box (the
/// translation of its group) and font.
struct SvgText {
    QString text;
    QPointF at;
    QString family;
    double size = 0.0;
};

std::vector<SvgText> svgTexts(const QByteArray& svg)
{
    std::vector<SvgText> out;
    QXmlStreamReader xml(svg);
    std::vector<QPointF> offsets{QPointF()};
    static const QRegularExpression matrix(
        QStringLiteral(R"(matrix\(([^,]+),([^,]+),([^,]+),([^,]+),([^,]+),([^)]+)\))"));
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("g")) {
            QPointF offset = offsets.back();
            const auto m = matrix.match(xml.attributes().value(QLatin1String("transform")).toString());
            if (m.hasMatch())
                offset = QPointF(m.captured(5).toDouble(), m.captured(6).toDouble());
            offsets.push_back(offset);
        } else if (xml.isEndElement() && xml.name() == QLatin1String("g")) {
            offsets.pop_back();
        } else if (xml.isStartElement() && xml.name() == QLatin1String("text")) {
            SvgText t;
            const auto a = xml.attributes();
            t.at = offsets.back() +
                   QPointF(a.value(QLatin1String("x")).toDouble(), a.value(QLatin1String("y")).toDouble());
            t.family = a.value(QLatin1String("font-family")).toString();
            t.size = a.value(QLatin1String("font-size")).toDouble();
            t.text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            out.push_back(std::move(t));
        }
    }
    return out;
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
    void presetPdfs_data();
    void presetPdfs();
    void forestSvgLabelsApart();
    void legendListsOnlyDrawnSeries();
    void presetPng();

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

void TestPlotRegistry::presetPdfs_data()
{
    QTest::addColumn<QString>("plot");
    for (const PlotDescriptor& d : plotRegistry())
        QTest::newRow(qPrintable(d.id)) << d.id;
}

void TestPlotRegistry::presetPdfs()
{
    QFETCH(QString, plot);
    InteractivePlot* drawn = m_plots.value(plot);
    QVERIFY2(drawn, qPrintable(plot));
    // A selected row in the workspaces whose plots ring one, so the ring is there to be left out.
    m_window->trustWorkspace()->selectRow(0);
    m_window->biasWorkspace()->selectRow(0);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    PlotExportSettings settings;
    settings.format = PlotFileFormat::Pdf;
    settings.preset = FigurePreset::OneColumn;
    const QString pdf = dir.filePath(plot + QStringLiteral(".pdf"));
    QString error;
    QVERIFY2(savePlot(*drawn, pdf, settings, &error), qPrintable(error));
    QVERIFY(drawn->highlightGraph()->visible()); // restored on screen

    // The page is the preset's width (3.5 in = 252 pt).
    const QByteArray info = poppler(QStringLiteral("pdfinfo"), {pdf}).value_or(QByteArray());
    QVERIFY2(!info.isEmpty(), "pdfinfo (poppler-utils) did not run");
    const auto page = QRegularExpression(QStringLiteral(R"(Page size:\s+([\d.]+) x ([\d.]+) pts)"))
                          .match(QString::fromLatin1(info));
    QVERIFY2(page.hasMatch(), info.constData());
    QCOMPARE(page.captured(1).toDouble(), 252.0);
    const double height = page.captured(2).toDouble();
    QVERIFY(height > 100.0);

    // Every font embedded.
    const QStringList fonts =
        QString::fromLatin1(poppler(QStringLiteral("pdffonts"), {pdf}).value_or(QByteArray()))
            .split(QLatin1Char('\n'), Qt::SkipEmptyParts)
            .mid(2);
    QVERIFY(!fonts.isEmpty());
    for (const QString& line : fonts) {
        const QStringList cells = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        QVERIFY2(cells.size() >= 7 && cells[cells.size() - 5] == QLatin1String("yes"), qPrintable(line));
    }

    // Rasterised: 3.5 in at 150 dpi, nothing on the outer 2 px, and no ring: the same pixels as the figure
    // of the plot with the ring's point removed.
    const QImage image = rasterise(pdf, 150);
    QVERIFY2(!image.isNull(), "pdftoppm (poppler-utils) did not run");
    QCOMPARE(image.width(), 525);
    QCOMPARE(inkOnBorder(image, 2), 0);
    QCPGraph* ring = drawn->highlightGraph();
    const int ringPoints = ring->dataCount();
    const auto kept = QSharedPointer<QCPGraphDataContainer>::create(*ring->data());
    ring->data()->clear();
    const QString bare = dir.filePath(plot + QStringLiteral("-no-ring.pdf"));
    const bool saved = savePlot(*drawn, bare, settings, &error);
    ring->setData(kept);
    QVERIFY2(saved, qPrintable(error));
    const QImage reference = rasterise(bare, 150);
    QVERIFY(image == reference);
    // The ring's colour where the plot does not draw it as data (the frontier, tau and the confusion
    // diagonal use it) is nowhere.
    const QColor ringColor(230, 97, 1);
    const int ringColoured = pixelsNear(image, ringColor, 40);
    if (pixelsNear(reference, ringColor, 40) == 0)
        QCOMPARE(ringColoured, 0);
    qInfo("%s: %g x %g pt, %lld fonts embedded, ring points %d, ring-coloured px %d", qPrintable(plot), 252.0,
          height, static_cast<long long>(fonts.size()), ringPoints, ringColoured);
}

void TestPlotRegistry::forestSvgLabelsApart()
{
    InteractivePlot* forest = m_plots.value(QStringLiteral("bias-forest"));
    QVERIFY(forest);
    QTemporaryDir dir;
    PlotExportSettings settings;
    settings.format = PlotFileFormat::Svg;
    settings.preset = FigurePreset::OneColumn;
    const QString path = dir.filePath(QStringLiteral("forest.svg"));
    QString error;
    QVERIFY2(savePlot(*forest, path, settings, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray svg = file.readAll();
    QVERIFY(svg.contains("width=\"88.9mm\"")); // 3.5 in
    const std::vector<SvgText> texts = svgTexts(svg);
    QVERIFY(texts.size() > 5);
    const QString family = QFontInfo(QGuiApplication::font()).family();
    QVERIFY(!family.isEmpty());
    QVERIFY(!svg.contains("Sans Serif"));
    std::vector<QRectF> boxes;
    for (const SvgText& t : texts) {
        QCOMPARE(t.family, family);
        QVERIFY2(t.size >= 8.0 && t.size <= 12.0, qPrintable(t.text)); // 6 to 9 pt at 96 units per inch
        QFont font(t.family);
        font.setPixelSize(qRound(t.size));
        const QFontMetricsF metrics(font);
        boxes.emplace_back(t.at.x(), t.at.y() - metrics.ascent(), metrics.horizontalAdvance(t.text),
                           metrics.ascent() + metrics.descent());
    }
    int overlaps = 0;
    for (std::size_t i = 0; i < boxes.size(); ++i)
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            const QRectF both = boxes[i].intersected(boxes[j]);
            if (both.width() > 0.01 && both.height() > 0.01) {
                ++overlaps;
                qWarning("'%s' and '%s' overlap", qPrintable(texts[i].text), qPrintable(texts[j].text));
            }
        }
    QCOMPARE(overlaps, 0);
    // The row labels (left of the axis rect, one per row) are at least one line apart.
    std::vector<double> rows;
    const double left = boxes.front().left();
    for (std::size_t i = 0; i < texts.size(); ++i)
        if (boxes[i].right() < forest->axisRect()->left() + 1e9 && boxes[i].left() <= left + 200 &&
            texts[i].text.contains(QStringLiteral(" · ")))
            rows.push_back(texts[i].at.y());
    std::sort(rows.begin(), rows.end());
    double pitch = std::numeric_limits<double>::infinity();
    for (std::size_t i = 1; i < rows.size(); ++i)
        pitch = std::min(pitch, rows[i] - rows[i - 1]);
    qInfo("forest SVG: %lld texts, %lld row labels, smallest row pitch %g units (text %g)",
          static_cast<long long>(texts.size()), static_cast<long long>(rows.size()), pitch,
          texts.front().size);
}

void TestPlotRegistry::legendListsOnlyDrawnSeries()
{
    InteractivePlot* sweep = m_plots.value(QStringLiteral("sweep"));
    QVERIFY(sweep);
    QCPGraph* t = nullptr;
    for (int i = 0; i < sweep->graphCount(); ++i)
        if (sweep->graph(i)->name() == QLatin1String("T"))
            t = sweep->graph(i);
    QVERIFY(t);
    const auto legendTexts = [&](const QString& name) {
        QTemporaryDir dir;
        PlotExportSettings settings;
        settings.format = PlotFileFormat::Svg;
        settings.preset = FigurePreset::OneColumn;
        const QString path = dir.filePath(name);
        QString error;
        if (!savePlot(*sweep, path, settings, &error))
            qWarning("%s", qPrintable(error));
        QFile file(path);
        QStringList out;
        if (file.open(QIODevice::ReadOnly))
            for (const SvgText& text : svgTexts(file.readAll()))
                out << text.text;
        return out;
    };
    const int legendEntries = sweep->legend->itemCount();
    const bool drawsT = !t->data()->isEmpty();
    QCOMPARE(legendTexts(QStringLiteral("as-is.svg")).count(QStringLiteral("T")), drawsT ? 1 : 0);
    t->data()->clear(); // T undefined in every cell, as in an audit without the runs T needs
    const QStringList withoutT = legendTexts(QStringLiteral("no-t.svg"));
    QVERIFY2(withoutT.count(QStringLiteral("T")) == 0, qPrintable(withoutT.join(QLatin1Char('|'))));
    QCOMPARE(withoutT.count(QStringLiteral("C")), 1);
    QCOMPARE(sweep->legend->itemCount(), legendEntries); // the screen's legend is kept
    sweep->refresh();
}

void TestPlotRegistry::presetPng()
{
    InteractivePlot* ceiling = m_plots.value(QStringLiteral("ceiling"));
    QVERIFY(ceiling);
    QTemporaryDir dir;
    PlotExportSettings settings;
    settings.format = PlotFileFormat::Png;
    settings.preset = FigurePreset::OneColumn;
    const QString path = dir.filePath(QStringLiteral("ceiling.png"));
    QString error;
    QVERIFY2(savePlot(*ceiling, path, settings, &error), qPrintable(error));
    const QImage image(path);
    const QSizeF page = FigureRenderer(*ceiling).pageSizePoints(settings);
    QCOMPARE(page.width(), 252.0);
    QVERIFY(page.height() >= 189.0); // at least the fixed aspect, 3 : 4
    QCOMPARE(image.size(), QSize(1050, qRound(page.height() / 72.0 * 300.0)));
    QCOMPARE(image.dotsPerMeterX(), 11811); // 300 dpi
    QCOMPARE(image.dotsPerMeterY(), 11811);
    settings.preset = FigurePreset::TwoColumns;
    QCOMPARE(FigureRenderer(*ceiling).pageSizePoints(settings), QSizeF(504.0, 378.0));
}

QTEST_MAIN(TestPlotRegistry)
#include "tst_plotregistry.moc"
