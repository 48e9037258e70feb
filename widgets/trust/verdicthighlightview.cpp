#include "trust/verdicthighlightview.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>

namespace tribunal {

VerdictHighlightView::Output VerdictHighlightView::makeOutput(const QString& title, std::string_view raw,
                                                              std::optional<TextSpan> span,
                                                              const QString& caption)
{
    Output out;
    out.title = title;
    out.caption = caption;
    out.text = QString::fromUtf8(raw.data(), static_cast<qsizetype>(raw.size()));
    if (span && span->begin <= span->end && span->end <= raw.size()) {
        // The span's ends are ASCII pattern boundaries, so the prefixes decode exactly as in the whole text.
        out.highlightBegin = QString::fromUtf8(raw.data(), static_cast<qsizetype>(span->begin)).size();
        out.highlightEnd = QString::fromUtf8(raw.data(), static_cast<qsizetype>(span->end)).size();
    }
    return out;
}

VerdictHighlightView::VerdictHighlightView(QWidget* parent) : QWidget(parent)
{
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    for (int pane = 0; pane < 2; ++pane) {
        m_boxes[pane] = new QGroupBox(this);
        m_captions[pane] = new QLabel(m_boxes[pane]);
        m_captions[pane]->setTextFormat(Qt::PlainText);
        m_captions[pane]->setWordWrap(true);
        m_texts[pane] = new QPlainTextEdit(m_boxes[pane]);
        m_texts[pane]->setReadOnly(true);
        m_texts[pane]->setPlaceholderText(tr("(no raw output)"));
        auto* layout = new QVBoxLayout(m_boxes[pane]);
        layout->setContentsMargins(2, 2, 2, 2);
        layout->addWidget(m_captions[pane]);
        layout->addWidget(m_texts[pane], 1);
        splitter->addWidget(m_boxes[pane]);
    }
    splitter->setChildrenCollapsible(false);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    clear();
}

void VerdictHighlightView::showOutput(int pane, const Output& output)
{
    auto* edit = m_texts[pane];
    m_boxes[pane]->setTitle(output.title);
    m_captions[pane]->setText(output.caption);
    m_captions[pane]->setVisible(!output.caption.isEmpty());
    edit->setPlainText(output.text);
    const bool valid = output.highlightBegin >= 0 && output.highlightBegin < output.highlightEnd &&
                       output.highlightEnd <= output.text.size();
    m_spans[pane] = valid ? std::pair{output.highlightBegin, output.highlightEnd}
                          : std::pair<qsizetype, qsizetype>{-1, -1};
    QList<QTextEdit::ExtraSelection> selections;
    if (valid) {
        // The palette's selection colours: readable on light and dark palettes.
        QTextEdit::ExtraSelection selection;
        selection.cursor = QTextCursor(edit->document());
        selection.cursor.setPosition(static_cast<int>(output.highlightBegin));
        selection.cursor.setPosition(static_cast<int>(output.highlightEnd), QTextCursor::KeepAnchor);
        selection.format.setBackground(palette().brush(QPalette::Highlight));
        selection.format.setForeground(palette().brush(QPalette::HighlightedText));
        selection.format.setFontWeight(QFont::Bold);
        selections << selection;
        // Scroll the conclusion into view (long rationales end with it).
        QTextCursor at(edit->document());
        at.setPosition(static_cast<int>(output.highlightBegin));
        edit->setTextCursor(at);
        edit->ensureCursorVisible();
    }
    edit->setExtraSelections(selections);
}

void VerdictHighlightView::showOutputs(const Output& ab, const Output& ba)
{
    showOutput(0, ab);
    showOutput(1, ba);
}

void VerdictHighlightView::clear()
{
    showOutputs({tr("Order AB"), {}, -1, -1, {}}, {tr("Order BA"), {}, -1, -1, {}});
}

QString VerdictHighlightView::title(int pane) const
{
    return m_boxes[pane]->title();
}

QString VerdictHighlightView::text(int pane) const
{
    return m_texts[pane]->toPlainText();
}

QString VerdictHighlightView::caption(int pane) const
{
    return m_captions[pane]->text();
}

std::pair<qsizetype, qsizetype> VerdictHighlightView::highlight(int pane) const
{
    return m_spans[pane];
}

QString VerdictHighlightView::highlightedText(int pane) const
{
    const auto selections = m_texts[pane]->extraSelections();
    return selections.isEmpty() ? QString() : selections.front().cursor.selectedText();
}

} // namespace tribunal
