#include "reliabilityplot.h"

#include "biasworkspace.h"
#include "qstrings.h"

#include <algorithm>
#include <cmath>

namespace tribunal {

ReliabilityPlot::ReliabilityPlot(BiasWorkspace* workspace, QWidget* parent) : BiasPlot(workspace, parent)
{
    xAxis->setLabel(tr("Mean confidence max(P(A), 1 − P(A)) per bin"));
    yAxis->setLabel(tr("Accuracy"));
}

void ReliabilityPlot::build(const BiasView& view)
{
    m_countTexts.clear();
    m_graphs.clear();
    auto* diagonal = new QCPItemStraightLine(this);
    diagonal->point1->setCoords(0.0, 0.0);
    diagonal->point2->setCoords(1.0, 1.0);
    diagonal->setPen(QPen(QColor(128, 128, 128), 1.0, Qt::DashLine));

    const int family = workspace()->currentFamily();
    if (family < 0 || !view.audit) {
        setDefaultRanges(QCPRange(0.45, 1.02), QCPRange(-0.02, 1.02));
        return;
    }
    const BiasFamily& f = view.families[static_cast<std::size_t>(family)];
    int judgeIndex = 0;
    double low = 0.5;
    for (const CalibrationResult& result : view.calibration) {
        if (result.format != f.format || result.condition != f.condition || result.points.empty())
            continue;
        const QColor color = seriesColor(judgeIndex);
        const QString judge = qs(view.audit->str(result.judge));
        QCPGraph* graph = addGraph();
        graph->setName(tr("%1 (ECE %2, n = %3)").arg(judge, BiasWorkspace::number(result.ece)).arg(result.n));
        graph->setPen(QPen(color, 1.5));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 7));
        graph->addToLegend();
        m_graphs.push_back(graph);
        for (const ReliabilityPoint& p : result.points) {
            if (std::isnan(p.meanConfidence) || std::isnan(p.accuracy))
                continue;
            graph->addData(p.meanConfidence, p.accuracy);
            low = std::min(low, p.meanConfidence);
            // The bin count beside its point; judges' labels are stacked so they do not cover each other.
            auto* count = new QCPItemText(this);
            count->position->setCoords(p.meanConfidence, p.accuracy);
            count->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            // Extra top padding moves the vertically centred text down by half of it.
            count->setPadding(QMargins(6, 22 * judgeIndex, 0, 0));
            count->setText(QString::number(p.count));
            count->setColor(color);
            m_countTexts << count->text();
            addPoint(Point{p.meanConfidence, p.accuracy, -1,
                           tr("%1\nconfidence bin [%2, %3), answers: %4\nmean confidence %5, accuracy %6")
                               .arg(judge, BiasWorkspace::number(p.lo), BiasWorkspace::number(p.hi),
                                    QString::number(p.count), BiasWorkspace::number(p.meanConfidence),
                                    BiasWorkspace::number(p.accuracy)),
                           color});
        }
        ++judgeIndex;
    }
    if (judgeIndex == 0) {
        setLeftOut(1, tr("No judgment of this format has a probability of A on a labelled item: there is "
                         "nothing to calibrate."));
    } else {
        legend->setVisible(true);
        axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    }
    setDefaultRanges(QCPRange(low - 0.05, 1.02), QCPRange(-0.02, 1.05));
}

} // namespace tribunal
