#pragma once
// Both presentation orders' raw judge outputs side by side (order AB left, BA right), each with the span that
// states the parsed verdict highlighted (located by analysis/verdictspan.h; a display aid). Written for the
// flip inspector; RawOutputView (another panel's) stays as it is.

#include "analysis/verdictspan.h"

#include <QWidget>

#include <optional>
#include <string_view>

class QGroupBox;
class QLabel;
class QPlainTextEdit;

namespace tribunal {

/// Read-only. GUI thread only.
class VerdictHighlightView : public QWidget {
    Q_OBJECT
public:
    /// One pane's content: title, the raw output and the verdict span in it as QString offsets (-1: none).
    struct Output {
        QString title;
        QString text;
        qsizetype highlightBegin = -1;
        qsizetype highlightEnd = -1;
        QString caption; ///< a line under the title ("parsed verdict ...", "verdict not found in the text")
    };
    /// An Output of UTF-8 `raw` with `span` (byte offsets) converted to QString offsets.
    static Output makeOutput(const QString& title, std::string_view raw, std::optional<TextSpan> span,
                             const QString& caption);

    explicit VerdictHighlightView(QWidget* parent = nullptr);

    /// Shows order AB's output in pane 0 and BA's in pane 1.
    void showOutputs(const Output& ab, const Output& ba);
    void clear();

    QString title(int pane) const;
    QString text(int pane) const;
    QString caption(int pane) const;
    /// The highlighted span of pane `pane` as QString offsets [begin, end); {-1, -1} when none.
    std::pair<qsizetype, qsizetype> highlight(int pane) const;
    /// The highlighted text of pane `pane` as the editor's extra selection holds it; empty when none.
    QString highlightedText(int pane) const;

private:
    void showOutput(int pane, const Output& output);

    QGroupBox* m_boxes[2];
    QLabel* m_captions[2];
    QPlainTextEdit* m_texts[2];
    std::pair<qsizetype, qsizetype> m_spans[2];
};

} // namespace tribunal
