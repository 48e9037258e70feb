#include "items/itemtextsview.h"

#include "framework/kindtext.h"
#include "framework/qstrings.h"

#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QVBoxLayout>

namespace tribunal {
ItemTextsView::ItemTextsView(QWidget* parent) : QWidget(parent), m_header(new QLabel(this))
{
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::PlainText); // ids and names are data, never markup
    for (int i = 0; i < kPanes; ++i) {
        m_boxes[i] = new QGroupBox(this);
        m_texts[i] = new QPlainTextEdit(m_boxes[i]);
        m_texts[i]->setReadOnly(true);
        m_texts[i]->setPlaceholderText(tr("(not given)"));
        auto* layout = new QVBoxLayout(m_boxes[i]);
        layout->setContentsMargins(2, 2, 2, 2);
        layout->addWidget(m_texts[i]);
    }
    // Question on top, the two responses side by side below it (reviewers compare them line by line).
    auto* sideBySide = new QSplitter(Qt::Horizontal, this);
    sideBySide->addWidget(m_boxes[1]);
    sideBySide->addWidget(m_boxes[2]);
    auto* stack = new QSplitter(Qt::Vertical, this);
    stack->addWidget(m_boxes[0]);
    stack->addWidget(sideBySide);
    stack->addWidget(m_boxes[3]);
    stack->setChildrenCollapsible(false);
    stack->setSizes({100, 300, 100}); // proportions; scaled to the space the view gets
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_header);
    layout->addWidget(stack, 1);
    showItem(nullptr, -1);
}

void ItemTextsView::setPane(int pane, const QString& title, const QString& text)
{
    m_boxes[pane]->setTitle(title);
    m_texts[pane]->setPlainText(text);
    // The three text panes stay put (a layout that jumps between items is hard to read); only the pane of
    // optional extras is hidden when empty.
    if (pane == kPanes - 1)
        m_boxes[pane]->setVisible(!text.isEmpty());
}

void ItemTextsView::showItem(const AuditPtr& audit, int item)
{
    if (!audit || item < 0 || static_cast<std::size_t>(item) >= audit->itemCount()) {
        m_header->setText(tr("No item selected."));
        for (int i = 0; i < kPanes; ++i)
            setPane(i, QString(), QString());
        return;
    }
    const auto row = static_cast<std::size_t>(item);
    const auto& items = audit->items();
    const auto kind = items.kind[row];
    auto text = [&](ItemText field) { return qs(audit->str(items.field(field, row))); };

    QString header =
        tr("%1 / %2 · %3")
            .arg(qs(audit->str(items.dataset[row])), qs(audit->str(items.itemId[row])), kindText(kind));
    if (items.label[row] != answer::kNone)
        header += tr(" · label %1").arg(QString::fromStdString(answerText(kind, items.label[row])));
    else
        header += tr(" · unlabelled");
    m_header->setText(header);

    if (kind == TaskKind::Pairwise) {
        setPane(0, tr("Question"), text(ItemText::Question));
        setPane(1, tr("Response A"), text(ItemText::ResponseA));
        setPane(2, tr("Response B"), text(ItemText::ResponseB));
    } else {
        setPane(0, tr("Input"), text(ItemText::Input));
        setPane(1, tr("Submission"), text(ItemText::Submission));
        setPane(2, tr("Criterion"), text(ItemText::Criterion));
    }

    QStringList details;
    const auto levels = items.levels(row);
    for (std::size_t l = 0; l < levels.size(); ++l)
        details << tr("Level %1: %2").arg(l + 1).arg(qs(audit->str(levels[l])));
    for (const auto& rating : items.itemRatings(row))
        details << tr("Rating by %1: %2")
                       .arg(qs(audit->str(rating.rater)),
                            QString::fromStdString(answerText(kind, rating.value)));
    for (auto field :
         {ItemText::UnitId, ItemText::Group, ItemText::Strata, ItemText::Domain, ItemText::Extra})
        if (items.field(field, row) != kEmptyStr)
            details << qs(itemTextName(field)) + QStringLiteral(": ") + text(field);
    setPane(3, tr("Levels, ratings and other fields"), details.join(QLatin1Char('\n')));
}

QString ItemTextsView::headerText() const
{
    return m_header->text();
}

QString ItemTextsView::paneText(int pane) const
{
    return m_texts[pane]->toPlainText();
}

QString ItemTextsView::paneTitle(int pane) const
{
    return m_boxes[pane]->title();
}

} // namespace tribunal
