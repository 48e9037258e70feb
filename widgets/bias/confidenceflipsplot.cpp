#include "bias/confidenceflipsplot.h"

#include "bias/biasworkspace.h"
#include "framework/qstrings.h"
#include "plots/plotregistry.h"

#include <QLocale>

#include <cmath>
#include <limits>

namespace tribunal {

namespace {

QString binTitle(const ConfidenceFlipBin& bin, bool last)
{
    const QLocale locale;
    return QStringLiteral("[%1, %2%3")
        .arg(locale.toString(bin.lo, 'g', 3), locale.toString(bin.hi, 'g', 3),
             last ? QStringLiteral("]") : QStringLiteral(")"));
}

} // namespace

ConfidenceFlipsPlot::ConfidenceFlipsPlot(BiasWorkspace* workspace, QWidget* parent)
    : BiasPlot(workspace, parent)
{
    placeLegendBelowAxes();
    xAxis->setLabel(tr("Confidence of the original verdict (run 1)"));
    yAxis->setLabel(tr("Share of verdicts changed"));
    xAxis->setTickLabelRotation(-30);
}

std::vector<PlottedPoint> ConfidenceFlipsPlot::plottedPoints(const QString& series) const
{
    std::vector<PlottedPoint> out;
    const BiasView& view = *workspace()->view();
    const int family = workspace()->currentFamily();
    if (series != QLatin1String("share") || family < 0 || !view.audit)
        return out;
    const BiasFamily& f = view.families[static_cast<std::size_t>(family)];
    std::size_t judgeIndex = 0;
    // The judge graphs in build order; each graph's n-th datum is bin n (empty bins are NaN gaps).
    for (const ConfidenceFlips& flips : view.analysis.confidence) {
        if (flips.format != f.format || flips.condition != f.condition)
            continue;
        if (judgeIndex >= m_graphs.size())
            break;
        const auto values = m_graphs[judgeIndex++]->data();
        for (int b = 0; b < values->size() && b < static_cast<int>(flips.bins.size()); ++b) {
            if (std::isnan(values->at(b)->value))
                continue;
            const ConfidenceFlipBin& bin = flips.bins[static_cast<std::size_t>(b)];
            PlottedPoint p;
            p.key = judgeFormatKey(*view.audit, flips.judge, flips.format, flips.condition);
            p.key.emplace_back(QStringLiteral("bin_lo"), keyNumber(bin.lo));
            p.key.emplace_back(QStringLiteral("bin_hi"), keyNumber(bin.hi));
            p.x = values->at(b)->key;
            p.y = values->at(b)->value;
            out.push_back(std::move(p));
        }
    }
    return out;
}

void ConfidenceFlipsPlot::build(const BiasView& view)
{
    m_graphs.clear();
    const int family = workspace()->currentFamily();
    std::size_t bins = kFlipConfidenceEdges.size() - 1;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    if (family >= 0 && view.audit) {
        const BiasFamily& f = view.families[static_cast<std::size_t>(family)];
        int judgeIndex = 0;
        int judges = 0;
        for (const ConfidenceFlips& flips : view.analysis.confidence)
            judges += flips.format == f.format && flips.condition == f.condition ? 1 : 0;
        for (const ConfidenceFlips& flips : view.analysis.confidence) {
            if (flips.format != f.format || flips.condition != f.condition)
                continue;
            const QColor color = seriesColor(judgeIndex);
            const QString judge = qs(view.audit->str(flips.judge));
            QCPGraph* graph = addGraph();
            graph->setName(judge);
            graph->setPen(QPen(color, 1.5));
            graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 7));
            graph->addToLegend();
            m_graphs.push_back(graph);
            // Judges side by side within a bin, so equal shares do not hide each other.
            const double offset = judges > 1 ? 0.3 * (judgeIndex / double(judges - 1) - 0.5) : 0.0;
            bins = flips.bins.size();
            for (std::size_t b = 0; b < flips.bins.size(); ++b) {
                const ConfidenceFlipBin& bin = flips.bins[b];
                const double x = static_cast<double>(b) + offset;
                // An empty bin is a gap in the line (NaN), not a zero.
                graph->addData(x, bin.n == 0 ? std::numeric_limits<double>::quiet_NaN() : bin.share);
                if (bin.n == 0)
                    continue;
                addPoint(Point{x, bin.share, -1,
                               tr("%1\nconfidence %2: %3 of %4 changed (%5)")
                                   .arg(judge, binTitle(bin, b + 1 == flips.bins.size()))
                                   .arg(bin.flipped)
                                   .arg(bin.n)
                                   .arg(BiasWorkspace::number(bin.share)),
                               color});
            }
            ++judgeIndex;
        }
        if (judgeIndex > 0) {
            legend->setVisible(true);
        } else {
            setLeftOut(1, tr("No original verdict of this format has a probability of A: there are no "
                             "confidence bins."));
        }
    }
    for (std::size_t b = 0; b < bins; ++b) {
        ConfidenceFlipBin edges;
        edges.lo = kFlipConfidenceEdges[b];
        edges.hi = kFlipConfidenceEdges[b + 1];
        ticker->addTick(static_cast<double>(b), binTitle(edges, b + 1 == bins));
    }
    xAxis->setTicker(ticker);
    setDefaultRanges(QCPRange(-0.5, static_cast<double>(bins) - 0.5), QCPRange(-0.02, 1.05));
}

} // namespace tribunal
