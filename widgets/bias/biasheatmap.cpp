#include "bias/biasheatmap.h"

#include "bias/biasworkspace.h"
#include "framework/qstrings.h"
#include "plots/plotregistry.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace tribunal {

namespace {

QCPColorGradient divergingGradient()
{
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setColorStopAt(0.0, QColor(33, 102, 172));
    gradient.setColorStopAt(0.5, QColor(247, 247, 247));
    gradient.setColorStopAt(1.0, QColor(178, 24, 43));
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    return gradient;
}

} // namespace

BiasHeatmap::BiasHeatmap(BiasWorkspace* workspace, QWidget* parent)
    : BiasPlot(workspace, parent), m_scale(new QCPColorScale(this))
{
    plotLayout()->addElement(0, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setGradient(divergingGradient());
    m_scale->axis()->setLabel(tr("E"));
    // The scale sits beside the axis rect and keeps its height.
    auto* margins = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    xAxis->setLabel(tr("Judge"));
    yAxis->setLabel(tr("Test"));
    xAxis->setTickLabelRotation(-30);
    // Judges on top as well: with many tests the map scrolls and the bottom axis may be out of view.
    xAxis2->setVisible(true);
    xAxis2->setTickLabels(true);
    xAxis2->setTickLabelRotation(-30);
    // A judge's column needs no tick mark: outside the rect it ran through the rotated names.
    for (QCPAxis* axis : {xAxis, xAxis2}) {
        axis->setTickLength(0, 0);
        axis->setSubTickLength(0, 0);
    }
    xAxis2->grid()->setVisible(false);
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), xAxis2,
            qOverload<const QCPRange&>(&QCPAxis::setRange));
    xAxis->grid()->setVisible(false);
    yAxis->grid()->setVisible(false);
}

int BiasHeatmap::pointAt(const QPointF& pixel) const
{
    if (!axisRect()->rect().contains(pixel.toPoint()))
        return -1;
    const double x = xAxis->pixelToCoord(pixel.x());
    const double y = yAxis->pixelToCoord(pixel.y());
    const auto& all = points();
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (std::abs(all[i].x - x) <= 0.5 && std::abs(all[i].y - y) <= 0.5)
            return static_cast<int>(i);
    }
    return -1;
}

QString BiasHeatmap::cellText(int row) const
{
    for (const auto& [r, text] : m_cellTexts) {
        if (r == row)
            return text;
    }
    return {};
}

std::vector<PlottedPoint> BiasHeatmap::plottedPoints(const QString& series) const
{
    std::vector<PlottedPoint> out;
    const BiasView& view = *workspace()->view();
    if (series != QLatin1String("excess") || !view.audit)
        return out;
    for (const auto& [row, text] : m_cellTexts) {
        if (row < 0 || row >= view.rowCount())
            continue;
        PlottedPoint p;
        for (const Point& point : points())
            if (point.row == row) {
                p.x = point.x;
                p.y = point.y;
            }
        p.key = biasRowKey(*view.audit, view.analysis.design.rows[static_cast<std::size_t>(row)].key);
        p.text = text;
        out.push_back(std::move(p));
    }
    return out;
}

void BiasHeatmap::build(const BiasView& view)
{
    m_judges.clear();
    m_tests.clear();
    m_cellTexts.clear();
    // Before an audit is open there is nothing to draw (and no audit to name things by).
    const std::vector<int> rows = view.audit ? workspace()->visibleRows() : std::vector<int>{};
    // Columns: judges in design order (string order); rows: (test, version) in string order.
    std::vector<StrId> judges;
    std::vector<std::pair<StrId, StrId>> tests;
    // `rows` is empty without an audit, so nothing is named then.
    const auto name = [audit = view.audit.get()](StrId id) {
        return audit ? audit->str(id) : std::string_view();
    };
    for (int row : rows) {
        const auto& key = view.analysis.design.rows[static_cast<std::size_t>(row)].key;
        if (std::find(judges.begin(), judges.end(), key.judge) == judges.end())
            judges.push_back(key.judge);
        if (std::find(tests.begin(), tests.end(), std::pair{key.test, key.version}) == tests.end())
            tests.emplace_back(key.test, key.version);
    }
    std::sort(tests.begin(), tests.end(), [&name](const auto& a, const auto& b) {
        return std::pair{name(a.first), name(a.second)} < std::pair{name(b.first), name(b.second)};
    });

    double extent = std::max(0.1, std::abs(view.analysis.settings.margin));
    for (int row : rows) {
        const double e = view.analysis.excess[static_cast<std::size_t>(row)].excess;
        if (!std::isnan(e))
            extent = std::max(extent, std::abs(e));
    }
    const QCPRange range(-extent, extent);
    m_scale->setDataRange(range);
    QCPColorGradient gradient = m_scale->gradient(); // color() is not const

    auto xTicker = QSharedPointer<QCPAxisTickerText>::create();
    auto yTicker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t j = 0; j < judges.size(); ++j) {
        m_judges << qs(name(judges[j]));
        xTicker->addTick(static_cast<double>(j), m_judges.back());
    }
    const int testCount = static_cast<int>(tests.size());
    for (int t = 0; t < testCount; ++t) {
        const auto& [test, version] = tests[static_cast<std::size_t>(t)];
        const QString title = version == kEmptyStr
                                  ? qs(name(test))
                                  : QStringLiteral("%1 (%2)").arg(qs(name(test)), qs(name(version)));
        m_tests << title;
        yTicker->addTick(testCount - 1 - t, title); // the first test at the top
    }
    xAxis->setTicker(xTicker);
    xAxis2->setTicker(xTicker);
    yAxis->setTicker(yTicker);

    int leftOut = 0;
    for (int row : rows) {
        const BiasRow& r = view.analysis.design.rows[static_cast<std::size_t>(row)];
        const BiasExcessResult& e = view.analysis.excess[static_cast<std::size_t>(row)];
        const double x =
            static_cast<double>(std::find(judges.begin(), judges.end(), r.key.judge) - judges.begin());
        const double y =
            testCount - 1 -
            static_cast<double>(std::find(tests.begin(), tests.end(), std::pair{r.key.test, r.key.version}) -
                                tests.begin());
        const bool defined = !std::isnan(e.excess);
        leftOut += defined ? 0 : 1;
        const QColor fill =
            defined ? QColor::fromRgb(gradient.color(e.excess, range)) : QColor(160, 160, 160);
        auto* cell = new QCPItemRect(this);
        cell->topLeft->setCoords(x - 0.5, y + 0.5);
        cell->bottomRight->setCoords(x + 0.5, y - 0.5);
        cell->setBrush(fill);
        // Bias rows get a thick frame in the verdict colour, so they stand out without reading the numbers.
        const bool bias = e.verdict == BiasVerdict::Bias;
        cell->setPen(bias ? QPen(BiasWorkspace::verdictColor(BiasVerdict::Bias).darker(130), 3.0)
                          : QPen(QColor(255, 255, 255, 0)));
        QString text = defined ? BiasWorkspace::number(e.excess) : tr("n/a");
        if (bias)
            text += QLatin1Char('*');
        auto* label = new QCPItemText(this);
        label->position->setCoords(x, y);
        label->setText(text);
        label->setColor(fill.lightnessF() < 0.45 ? Qt::white : Qt::black);
        m_cellTexts.emplace_back(row, text);
        addPoint(Point{x, y, row, rowToolTip(view, row), fill});
    }
    setLeftOut(leftOut, tr("Rows without E (one run only, or no items), shown grey: %1.").arg(leftOut));
    setContentRows(testCount);
    setDefaultRanges(QCPRange(-0.5, static_cast<double>(std::max<std::size_t>(judges.size(), 1)) - 0.5),
                     QCPRange(-0.5, std::max(testCount, 1) - 0.5));
}

} // namespace tribunal
