#pragma once
// The comparison view of the Bias tests panel (issue 5, workbench.md "Bias tests"): for one item of a
// bias-test row, the original prompt and the perturbed prompt side by side, each with the judge's verdict
// and its raw output (rationale) below, and the item's two responses under both.
//
// The prompt is the judgment's kept unknown field "prompt" (JudgmentTable::extra, a JSON object text; a
// string, or a chat message list whose contents are joined). When a judgment did not record it, the original
// prompt is the item's question and the perturbed one the question plus a line "Perturbation: <test>
// (<version>), cue on <better|worse>"; the pane title says which. GUI thread only.

#include "analysis/biasdesign.h"

#include <QWidget>

class QGroupBox;
class QLabel;
class QPlainTextEdit;

namespace tribunal {

class BiasComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit BiasComparisonView(QWidget* parent = nullptr);

    /// Shows `item` of design row `row` of `audit`.
    void showItem(const AuditPtr& audit, const BiasRow& row, const BiasItem& item);
    void clear();

    QString headerText() const;
    QString originalPromptText() const;
    QString perturbedPromptText() const;
    /// "Verdict: A (run 1), A (run 2)" / "Verdict: B, changed".
    QString originalVerdictText() const;
    QString perturbedVerdictText() const;
    /// Raw outputs (empty when the judgments recorded none; the pane is hidden then).
    QString originalRawText() const;
    QString perturbedRawText() const;
    QString responseAText() const;
    QString responseBText() const;
    /// The pane titles say whether the prompt was recorded ("Original prompt") or rebuilt from the item
    /// ("Original prompt (not recorded: the question)").
    QString originalTitle() const;
    QString perturbedTitle() const;

    /// The recorded prompt of judgment row `judgment` (extra field "prompt"), or an empty string.
    static QString recordedPrompt(const Audit& audit, std::uint32_t judgment);

private:
    struct Side {
        QGroupBox* box = nullptr;
        QPlainTextEdit* prompt = nullptr;
        QLabel* verdict = nullptr;
        QGroupBox* rawBox = nullptr;
        QPlainTextEdit* raw = nullptr;
    };
    Side makeSide(QWidget* parent);
    static void setRaw(Side& side, const QString& text);

    QLabel* m_header;
    Side m_original;
    Side m_perturbed;
    QGroupBox* m_boxA;
    QGroupBox* m_boxB;
    QPlainTextEdit* m_responseA;
    QPlainTextEdit* m_responseB;
};

} // namespace tribunal
