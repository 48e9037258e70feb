#include "cascades/frontierplot.h"

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
    return std::isnan(value) ? FrontierPlot::tr("n/a") : QLocale().toString(value, 'g', 4);
}

int gridSize(const CascadeWorkspace& workspace)
{
    const CascadeReplay* r = workspace.curveView()->replay(workspace.kind());
    return r && !r->fallbacks.empty() ? static_cast<int>(r->fallbacks.front().curve.size()) : 0;
}

} // namespace

FrontierPlot::FrontierPlot(CascadeWorkspace* workspace, QWidget* parent)
    : InteractivePlot(Interaction{}, parent), m_workspace(workspace)
{
    placeLegendBelowAxes();
    xAxis->setLabel(tr("Cost per pair (USD)"));
    yAxis->setLabel(tr("Accuracy"));
    connect(workspace, &CascadeWorkspace::curvesChanged, this, [this] {
        m_shownKind = m_workspace->kind();
        rebuild(false);
    });
    connect(workspace, &CascadeWorkspace::selectionChanged, this, [this] {
        // The slider moving along a curve keeps the view; another kind has other points.
        const bool sameKind = m_workspace->kind() == m_shownKind;
        m_shownKind = m_workspace->kind();
        rebuild(sameKind);
    });
}

int FrontierPlot::selectedRow() const
{
    const int grid = gridSize(*m_workspace);
    return grid > 0 && m_workspace->fallback() >= 0 && m_workspace->tau() >= 0
               ? m_workspace->fallback() * grid + m_workspace->tau()
               : -1;
}

void FrontierPlot::selectRow(int row)
{
    const int grid = gridSize(*m_workspace);
    if (grid > 0 && row >= 0)
        m_workspace->selectPoint(row / grid, row % grid);
}

std::vector<PlottedPoint> FrontierPlot::plottedPoints(const QString& series) const
{
    std::vector<PlottedPoint> out;
    const CascadeCurveView& view = *m_workspace->curveView();
    const CascadeReplay* r = view.replay(m_workspace->kind());
    const QList<QCPGraph*> graphs = builtGraphs();
    if (!r || !view.audit || graphs.size() < 3)
        return out;
    QList<QCPGraph*> wanted;
    if (series == QLatin1String("singles"))
        wanted = {graphs.front()};
    else if (series == QLatin1String("juries"))
        wanted = {graphs.at(1)};
    else if (series == QLatin1String("cascades"))
        wanted = graphs.mid(2, graphs.size() - 3);
    else if (series == QLatin1String("pareto"))
        wanted = {m_frontier};
    const std::vector<FrontierPoint> points = m_workspace->frontier();
    std::vector<bool> used(points.size(), false);
    static const char* const types[] = {"single", "jury-lower", "jury-upper", "cascade"};
    for (const QCPGraph* graph : wanted) {
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            PlottedPoint p;
            p.x = it->key;
            p.y = it->value;
            for (std::size_t i = 0; i < points.size(); ++i) {
                const FrontierPoint& f = points[i];
                const bool kind = series == QLatin1String("singles")  ? f.type == FrontierPoint::Single
                                  : series == QLatin1String("juries") ? (f.type == FrontierPoint::JuryLower ||
                                                                         f.type == FrontierPoint::JuryUpper)
                                  : series == QLatin1String("cascades") ? f.type == FrontierPoint::Cascade
                                                                        : f.onFrontier;
                if (used[i] || !kind || f.costPerPair != it->key || f.accuracy != it->value)
                    continue;
                used[i] = true;
                p.key = {{QStringLiteral("panel"),
                          QString::fromStdString(std::string(view.audit->str(r->dataset)))},
                         {QStringLiteral("kind"), QString::fromStdString(std::string(kindName(r->kind)))},
                         {QStringLiteral("type"), QString::fromLatin1(types[static_cast<int>(f.type)])}};
                if (f.type == FrontierPoint::Single)
                    p.key.emplace_back(QStringLiteral("label"), f.label);
                if (f.type == FrontierPoint::Cascade) {
                    p.key.emplace_back(QStringLiteral("fallback"), view.judgeLabel(f.judge));
                    p.key.emplace_back(QStringLiteral("tau"),
                                       keyNumber(r->fallbacks[static_cast<std::size_t>(f.fallback)]
                                                     .curve[static_cast<std::size_t>(f.tau)]
                                                     .tau));
                }
                break;
            }
            out.push_back(std::move(p));
        }
    }
    return out;
}

void FrontierPlot::populate()
{
    m_frontier = nullptr;
    const std::vector<FrontierPoint> points = m_workspace->frontier();
    if (points.empty()) {
        setDefaultRanges(QCPRange(0.0, 1.0), QCPRange(0.0, 1.0));
        return;
    }
    const int grid = gridSize(*m_workspace);
    double maxCost = 0.0;
    double minAccuracy = 1.0;
    std::vector<const FrontierPoint*> onFrontier;
    QList<QCPGraph*> cascades;
    auto* singles = addGraph();
    singles->setName(tr("single judges"));
    singles->setLineStyle(QCPGraph::lsNone);
    singles->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(40, 40, 40), QColor(40, 40, 40), 9));
    auto* juries = addGraph();
    juries->setName(tr("juries (lower / upper median)"));
    juries->setLineStyle(QCPGraph::lsNone);
    juries->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(QColor(120, 60, 160), 1.5),
                                            QColor(200, 170, 230), 9));
    for (const FrontierPoint& p : points) {
        maxCost = std::max(maxCost, p.costPerPair);
        minAccuracy = std::min(minAccuracy, p.accuracy);
        if (p.onFrontier)
            onFrontier.push_back(&p);
        QColor color(40, 40, 40);
        int row = -1;
        QCPGraph* graph = singles;
        if (p.type == FrontierPoint::Cascade) {
            while (cascades.size() <= p.fallback) {
                auto* g = addGraph();
                const QColor c = cascadeColor(static_cast<int>(cascades.size()));
                g->setName(p.label);
                g->setLineStyle(QCPGraph::lsNone);
                g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, c, c, 5));
                cascades << g;
            }
            graph = cascades.value(p.fallback);
            cascades.value(p.fallback)->setName(p.label);
            color = cascadeColor(p.fallback);
            row = p.fallback * grid + p.tau;
        } else if (p.type != FrontierPoint::Single) {
            graph = juries;
            color = QColor(120, 60, 160);
        }
        graph->addData(p.costPerPair, p.accuracy);
        QString text = tr("%1\naccuracy %2, cost %3 USD per pair (%4 USD in all)")
                           .arg(p.label, number(p.accuracy), number(p.costPerPair), number(p.totalCost));
        if (p.type == FrontierPoint::Cascade) {
            const CascadeReplay* r = m_workspace->curveView()->replay(m_workspace->kind());
            text += tr("\ntau %1")
                        .arg(number(r->fallbacks[static_cast<std::size_t>(p.fallback)]
                                        .curve[static_cast<std::size_t>(p.tau)]
                                        .tau));
        }
        if (p.onFrontier)
            text += tr("\non the frontier");
        addPoint(Point{p.costPerPair, p.accuracy, row, text, color});
    }
    std::sort(onFrontier.begin(), onFrontier.end(), [](const FrontierPoint* a, const FrontierPoint* b) {
        return a->costPerPair < b->costPerPair ||
               (a->costPerPair == b->costPerPair && a->accuracy < b->accuracy);
    });
    m_frontier = addGraph();
    m_frontier->setName(tr("Pareto frontier"));
    m_frontier->setPen(QPen(QColor(230, 97, 1), 1.5, Qt::DashLine));
    m_frontier->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(230, 97, 1), 1.5), Qt::NoBrush, 12));
    m_frontier->setLineStyle(QCPGraph::lsStepLeft);
    for (const FrontierPoint* p : onFrontier)
        m_frontier->addData(p->costPerPair, p->accuracy);
    legend->setVisible(true);
    // Dear and inaccurate is the corner a frontier leaves empty.
    singles->addToLegend();
    juries->addToLegend();
    for (QCPGraph* g : cascades)
        g->addToLegend();
    m_frontier->addToLegend();
    const double pad = std::max(maxCost, 1e-9) * 0.05;
    const double low = std::max(0.0, std::floor((minAccuracy - 0.05) * 10.0) / 10.0);
    setDefaultRanges(QCPRange(-pad, maxCost + pad), QCPRange(low, 1.02));
}

} // namespace tribunal
