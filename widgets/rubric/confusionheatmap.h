#pragma once
// The confusion matrix of the Rubric judges panel (issue 6; metrics.md R2, R3): for the selected criterion
// row of the rubric table, predicted level (x) against the R1 label (y, first level on top) as a heatmap of
// core's analyseRubricConfusion counts. A cell is shaded by its share of the label's row (darker = more of
// that label's predictions), shows its count, and the diagonal (exact agreement) is framed. A click selects
// a cell, a double-click (or activateCell) asks for the pairs behind it. NA and failed predictions are not
// on the axes; the line under the plot counts them. Pooled and baseline rows have no single scale: the plot
// says so. GUI thread only.

#include "plots/interactiveplot.h"

#include <QStringList>

namespace tribunal {

class RubricWorkspace;

class ConfusionHeatmap : public InteractivePlot {
    Q_OBJECT
public:
    explicit ConfusionHeatmap(RubricWorkspace* workspace, QWidget* parent = nullptr);

    QString plotId() const override { return QStringLiteral("rubric-confusion"); }
    QString title() const override { return tr("Confusion matrix"); }

    /// The cell under `pixel` (anywhere inside it), as an index into points().
    int pointAt(const QPointF& pixel) const override;

    /// Index into the view's confusions of the matrix drawn, or -1.
    int confusion() const { return m_confusion; }
    /// Axis titles of the drawn matrix (level numbers, or UNMET / MET), index order.
    const QStringList& axisTitles() const { return m_titles; }
    /// The text written in cell (label, predicted) (empty when not drawn).
    QString cellText(int labelIndex, int predictedIndex) const;
    /// The selected cell as label * K + predicted, or -1.
    int selectedCell() const { return m_selected; }
    /// "counts": the count written in each cell of the drawn matrix (text), keyed as `tribunal-cli rubric
    /// --table confusion` names the cell (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override;
    /// Emits cellActivated for (label, predicted) of the drawn matrix, as a double-click on it does.
    void activateCell(int labelIndex, int predictedIndex);

signals:
    /// The pairs behind a cell were asked for: confusion index into the view, label and predicted indices.
    void cellActivated(int confusion, int labelIndex, int predictedIndex);

protected:
    void populate() override;
    int selectedRow() const override { return m_selected; }
    void selectRow(int row) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    RubricWorkspace* m_workspace;
    int m_confusion = -1;
    int m_levels = 0;
    int m_selected = -1;
    QStringList m_titles;
    QStringList m_cellTexts; ///< label * K + predicted
};

} // namespace tribunal
