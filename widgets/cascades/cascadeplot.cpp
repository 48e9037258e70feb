#include "cascades/cascadeplot.h"

#include "cascades/cascadeview.h"
#include "plots/plotregistry.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace tribunal {

namespace {

QString number(double value)
{
    return std::isnan(value) ? CascadePlot::tr("n/a") : QLocale().toString(value, 'g', 4);
}

} // namespace

QColor cascadeColor(int index)
{
    static const QColor colors[] = {{31, 119, 180},  {255, 127, 14}, {44, 160, 44},   {214, 39, 40},
                                    {148, 103, 189}, {140, 86, 75},  {227, 119, 194}, {127, 127, 127}};
    constexpr int count = static_cast<int>(std::size(colors));
    return colors[((index % count) + count) % count];
}

CascadePlot::CascadePlot(CascadeWorkspace* workspace, Measure measure, QWidget* parent)
    : InteractivePlot(Interaction{}, parent), m_workspace(workspace), m_measure(measure)
{
    placeLegendBelowAxes();
    xAxis->setLabel(tr("Threshold tau (defer when the first judge's score is below it)"));
    yAxis->setLabel(measure == Accuracy ? tr("Cascade accuracy") : tr("Cascade cost (USD, all pairs)"));
    connect(workspace, &CascadeWorkspace::curvesChanged, this, [this] {
        m_shownKind = m_workspace->kind();
        rebuild(false);
    });
    connect(workspace, &CascadeWorkspace::summaryChanged, this, [this] { rebuild(true); });
    connect(workspace, &CascadeWorkspace::selectionChanged, this, [this] {
        // Another kind has another grid and scale; the slider moving along a curve keeps the view.
        const bool sameKind = m_workspace->kind() == m_shownKind;
        m_shownKind = m_workspace->kind();
        rebuild(sameKind);
    });
}

QString CascadePlot::plotId() const
{
    return m_measure == Accuracy ? QStringLiteral("cascade-accuracy") : QStringLiteral("cascade-cost");
}

QString CascadePlot::title() const
{
    return m_measure == Accuracy ? tr("Accuracy vs tau") : tr("Cost vs tau");
}

double CascadePlot::valueOf(const CascadePoint& point) const
{
    return m_measure == Accuracy ? point.accuracy : point.cost;
}

int CascadePlot::selectedRow() const
{
    const CascadeReplay* r = m_workspace->curveView()->replay(m_workspace->kind());
    if (!r || r->fallbacks.empty() || m_workspace->fallback() < 0 || m_workspace->tau() < 0)
        return -1;
    const int grid = static_cast<int>(r->fallbacks.front().curve.size());
    return m_workspace->fallback() * grid + m_workspace->tau();
}

void CascadePlot::selectRow(int row)
{
    const CascadeReplay* r = m_workspace->curveView()->replay(m_workspace->kind());
    if (!r || r->fallbacks.empty() || row < 0)
        return;
    const int grid = static_cast<int>(r->fallbacks.front().curve.size());
    if (grid > 0)
        m_workspace->selectPoint(row / grid, row % grid);
}

std::vector<PlottedPoint> CascadePlot::plottedPoints(const QString& series) const
{
    std::vector<PlottedPoint> out;
    const CascadeCurveView& view = *m_workspace->curveView();
    const CascadeReplay* r = view.replay(m_workspace->kind());
    if (!r || !view.audit)
        return out;
    const auto baseKey = [&] {
        return std::vector<std::pair<QString, QString>>{
            {QStringLiteral("panel"), QString::fromStdString(std::string(view.audit->str(r->dataset)))},
            {QStringLiteral("kind"), QString::fromStdString(std::string(kindName(r->kind)))}};
    };
    if (series == QLatin1String("first")) {
        for (int i = 0; i < itemCount(); ++i) {
            const auto* line = qobject_cast<QCPItemStraightLine*>(item(i));
            if (!line || line == m_tauLine || line->point1->coords().y() != line->point2->coords().y())
                continue;
            PlottedPoint p;
            p.key = baseKey();
            p.y = line->point1->coords().y();
            out.push_back(std::move(p));
        }
        return out;
    }
    const bool curve = series == QLatin1String("curve");
    const bool oracle = series == QLatin1String("oracle");
    if (!curve && !oracle && series != QLatin1String("crossfit"))
        return out;
    // The K9 triangles' fallbacks: the choice each triangle was drawn for (the graph keeps its data sorted by
    // tau, not in the choices' order, so a triangle finds its choice by its tau and value).
    const std::vector<CrossFitChoice> choices =
        series == QLatin1String("crossfit") ? m_workspace->crossFitChoices() : std::vector<CrossFitChoice>{};
    std::vector<bool> used(choices.size(), false);
    const auto crossFitFallback = [&](const QCPGraphData& datum) -> QString {
        for (std::size_t c = 0; c < choices.size(); ++c) {
            if (used[c] || static_cast<std::size_t>(choices[c].fallback) >= r->fallbacks.size())
                continue;
            const CascadeFallbackCurve& f = r->fallbacks[static_cast<std::size_t>(choices[c].fallback)];
            const CascadePoint& point = f.curve[static_cast<std::size_t>(choices[c].tau)];
            if (point.tau == datum.key && valueOf(point) == datum.value) {
                used[c] = true;
                return view.judgeLabel(f.judge);
            }
        }
        return {};
    };
    // The graphs in build order: each fallback's curve, then its oracle diamond; the K9 triangles last.
    int fallback = -1;
    for (QCPGraph* graph : builtGraphs()) {
        const int index = static_cast<int>(m_graphs.indexOf(graph));
        if (index >= 0)
            fallback = index;
        const bool wanted =
            curve ? index >= 0 : (oracle ? index < 0 && graph != m_crossFit : graph == m_crossFit);
        if (!wanted)
            continue;
        for (const auto& entry : drawnData(graph)) {
            const QCPGraphData& datum = entry.first;
            PlottedPoint p;
            p.key = baseKey();
            if (graph == m_crossFit)
                p.key.emplace_back(QStringLiteral("fallback"), crossFitFallback(datum));
            else if (fallback >= 0 && fallback < static_cast<int>(r->fallbacks.size()))
                p.key.emplace_back(QStringLiteral("fallback"),
                                   view.judgeLabel(r->fallbacks[static_cast<std::size_t>(fallback)].judge));
            p.key.emplace_back(QStringLiteral("tau"), keyNumber(datum.key));
            p.x = datum.key;
            p.y = datum.value;
            out.push_back(std::move(p));
        }
    }
    return out;
}

void CascadePlot::populate()
{
    m_graphs.clear();
    m_tauLine = nullptr;
    m_crossFit = nullptr;
    const CascadeCurveView& view = *m_workspace->curveView();
    const CascadeReplay* r = view.replay(m_workspace->kind());
    if (!r || r->pairs == 0 || r->fallbacks.empty()) {
        if (r)
            setLeftOut(1, tr("No pair of this kind has a label and a scored verdict of the first judge."));
        setDefaultRanges(QCPRange(0.0, 1.0), QCPRange(0.0, 1.0));
        return;
    }
    const int grid = static_cast<int>(r->fallbacks.front().curve.size());
    const QString first = view.judgeLabel(r->first);
    // Accuracy: the range the curves use (they differ by a few points); cost: from 0.
    const double alone = m_measure == Accuracy ? r->firstAccuracy : r->firstCost;
    double low = m_measure == Accuracy ? (std::isnan(alone) ? 1.0 : alone) : 0.0;
    double high = std::isnan(alone) ? 0.0 : alone;
    double maxTau = 0.0;
    for (int f = 0; f < static_cast<int>(r->fallbacks.size()); ++f) {
        const CascadeFallbackCurve& c = r->fallbacks[static_cast<std::size_t>(f)];
        const QString name = tr("%1 → %2").arg(first, view.judgeLabel(c.judge));
        const QColor color = cascadeColor(f);
        auto* graph = addGraph();
        graph->setName(name);
        graph->setPen(QPen(color, 2.0));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 5));
        m_graphs << graph;
        for (int i = 0; i < static_cast<int>(c.curve.size()); ++i) {
            const CascadePoint& p = c.curve[static_cast<std::size_t>(i)];
            maxTau = std::max(maxTau, p.tau);
            if (std::isnan(valueOf(p)))
                continue;
            high = std::max(high, valueOf(p));
            low = std::min(low, valueOf(p));
            graph->addData(p.tau, valueOf(p));
            addPoint(Point{p.tau, valueOf(p), f * grid + i,
                           tr("%1\ntau %2: accuracy %3, cost %4 USD\nkept %5, deferred %6 (share %7)")
                               .arg(name, number(p.tau), number(p.accuracy), number(p.cost))
                               .arg(p.kept)
                               .arg(p.deferred)
                               .arg(number(p.deferredShare)),
                           color});
        }
        if (c.oracle < c.curve.size()) { // K8
            const CascadePoint& p = c.curve[c.oracle];
            auto* oracle = addGraph();
            oracle->setLineStyle(QCPGraph::lsNone);
            oracle->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(color.darker(140), 1.5), color, 13));
            oracle->addData(p.tau, valueOf(p));
        }
    }
    // K9: where the half-splits put tau, on the chosen fallback's curve.
    const std::vector<CrossFitChoice> choices = m_workspace->crossFitChoices();
    if (!choices.empty()) {
        m_crossFit = addGraph();
        m_crossFit->setName(tr("cross-fitted choices (K9)"));
        m_crossFit->setLineStyle(QCPGraph::lsNone);
        m_crossFit->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssTriangle, QPen(QColor(40, 40, 40), 1.5), Qt::NoBrush, 12));
        int total = 0;
        for (const CrossFitChoice& c : choices)
            total += c.count;
        for (const CrossFitChoice& c : choices) {
            const CascadeFallbackCurve& f = r->fallbacks[static_cast<std::size_t>(c.fallback)];
            const CascadePoint& p = f.curve[static_cast<std::size_t>(c.tau)];
            if (std::isnan(valueOf(p)))
                continue;
            m_crossFit->addData(p.tau, valueOf(p));
            addPoint(Point{p.tau, valueOf(p), -1,
                           tr("%1 → %2 at tau %3: chosen by %4 of %5 half-splits (K9)")
                               .arg(first, view.judgeLabel(f.judge), number(p.tau))
                               .arg(c.count)
                               .arg(total),
                           QColor(40, 40, 40)});
        }
    }
    // The first judge alone: the cascade at tau = 0 keeps (nearly) everything.
    if (!std::isnan(alone)) {
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(0.0, alone);
        line->point2->setCoords(1.0, alone);
        line->setPen(QPen(QColor(110, 110, 110), 1.0, Qt::DashLine));
        line->setClipToAxisRect(true);
    }
    if (const CascadePoint* p = m_workspace->selectedPoint()) {
        m_tauLine = new QCPItemStraightLine(this);
        m_tauLine->point1->setCoords(p->tau, 0.0);
        m_tauLine->point2->setCoords(p->tau, 1.0);
        m_tauLine->setPen(QPen(QColor(230, 97, 1), 1.5, Qt::DotLine));
    }
    legend->setVisible(true);
    for (QCPGraph* graph : m_graphs)
        graph->addToLegend();
    if (m_crossFit)
        m_crossFit->addToLegend();
    const double pad = std::max(high - low, 1e-9) * 0.08;
    setDefaultRanges(QCPRange(-0.02 * maxTau - 0.01, maxTau * 1.02 + 0.01),
                     m_measure == Accuracy
                         ? QCPRange(std::max(0.0, low - pad), std::min(1.0, high + pad) + 0.005)
                         : QCPRange(-pad, high + pad));
}

} // namespace tribunal
