#include "rubricpairsdialog.h"

#include "itemtextsview.h"
#include "rubricworkspace.h"
#include "tablecopy.h"

#include "report/tablecells.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tribunal {

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QTableWidget* makeTable(const QStringList& headers, QWidget* parent)
{
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

void setCell(QTableWidget* table, int row, int column, const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    table->setItem(row, column, item);
}

QString answerOf(TaskKind kind, Answer value)
{
    return QString::fromStdString(answerText(kind, value));
}

} // namespace

RubricPairsDialog::RubricPairsDialog(QWidget* parent)
    : QDialog(parent), m_title(new QLabel(this)), m_texts(new ItemTextsView(this)), m_label(new QLabel(this)),
      m_ratings(new QLabel(this)), m_raw(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("rubricPairsDialog"));
    setWindowTitle(tr("Rubric pairs"));
    for (QLabel* label : {m_title, m_label, m_ratings}) {
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText); // names are data, never markup
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_pairs = makeTable({tr("Item"), tr("Unit"), tr("Criterion"), tr("Label"), tr("Raters' mean")}, this);
    m_pairs->setSelectionMode(QAbstractItemView::SingleSelection);
    m_answers = makeTable({tr("Judge"), tr("Format"), tr("Condition"), tr("Bias test"), tr("Run"),
                           tr("Answer"), tr("Match"), tr("Distance"), tr("Confidence"), tr("P(answer)"),
                           tr("Cost (USD)"), tr("Error")},
                          this);
    m_raw->setReadOnly(true);
    m_raw->setPlaceholderText(tr("(no raw output recorded)"));

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_title);
    leftLayout->addWidget(m_pairs, 1);
    auto* answersBox = new QWidget(this);
    auto* answersLayout = new QVBoxLayout(answersBox);
    answersLayout->setContentsMargins(0, 0, 0, 0);
    answersLayout->addWidget(m_label);
    answersLayout->addWidget(m_ratings);
    answersLayout->addWidget(m_answers, 1);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_texts);
    right->addWidget(answersBox);
    right->addWidget(m_raw);
    right->setChildrenCollapsible(false);
    right->setSizes({300, 300, 150});
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setChildrenCollapsible(false);
    split->setSizes({400, 800});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);
    resize(1200, 800);

    connect(m_pairs, &QTableWidget::currentCellChanged, this, [this] { showCurrentPair(); });
    connect(m_answers, &QTableWidget::currentCellChanged, this, [this] { showCurrentAnswer(); });
    auto* copy = new QShortcut(QKeySequence::Copy, this);
    connect(copy, &QShortcut::activated, this, &RubricPairsDialog::copyFocusedTable);
    showPairs(nullptr, {});
}

void RubricPairsDialog::showPairs(AuditPtr audit, RubricPairList list)
{
    m_audit = std::move(audit);
    m_list = m_audit ? std::move(list) : RubricPairList{};
    m_title->setText(
        m_list.title.isEmpty()
            ? QString()
            : tr("%1 · %n pair(s)", nullptr, static_cast<int>(m_list.entries.size())).arg(m_list.title));
    const QSignalBlocker blocker(m_pairs);
    m_pairs->clearContents();
    m_pairs->setColumnCount(FixedColumns + static_cast<int>(m_list.extraColumns.size()));
    QStringList headers{tr("Item"), tr("Unit"), tr("Criterion"), tr("Label"), tr("Raters' mean")};
    m_pairs->setHorizontalHeaderLabels(headers + m_list.extraColumns);
    m_pairs->setRowCount(static_cast<int>(m_list.entries.size()));
    for (int r = 0; r < m_pairs->rowCount(); ++r) {
        const auto& entry = m_list.entries[static_cast<std::size_t>(r)];
        const auto& items = m_audit->items();
        const std::size_t i = entry.item;
        // R1: the label under the rule the pairs were chosen with.
        const RubricLabel label = rubricLabel(*m_audit, entry.item, m_list.rounding);
        setCell(m_pairs, r, ItemColumn, qs(m_audit->str(items.itemId[i])));
        setCell(m_pairs, r, UnitColumn, qs(m_audit->str(items.field(ItemText::UnitId, i))));
        setCell(m_pairs, r, CriterionColumn, qs(m_audit->str(items.field(ItemText::Criterion, i))));
        setCell(m_pairs, r, LabelColumn,
                label.label == answer::kNone ? QString() : answerOf(items.kind[i], label.label));
        setCell(m_pairs, r, MeanColumn, numberText(label.mean));
        for (int c = 0; c < static_cast<int>(entry.extra.size()); ++c)
            setCell(m_pairs, r, FixedColumns + c, entry.extra[c]);
    }
    m_pairs->resizeColumnsToContents();
    setCurrentPair(m_pairs->rowCount() > 0 ? 0 : -1);
}

QString RubricPairsDialog::titleText() const
{
    return m_title->text();
}

void RubricPairsDialog::setCurrentPair(int row)
{
    const int rows = m_pairs->rowCount();
    {
        const QSignalBlocker blocker(m_pairs);
        if (rows == 0 || row < 0)
            m_pairs->setCurrentCell(-1, -1);
        else
            m_pairs->setCurrentCell(std::clamp(row, 0, rows - 1), 0);
    }
    showCurrentPair();
}

int RubricPairsDialog::currentPair() const
{
    return m_pairs->currentRow();
}

void RubricPairsDialog::showCurrentPair()
{
    const int row = m_pairs->currentRow();
    const QSignalBlocker blocker(m_answers);
    m_answers->setRowCount(0);
    if (!m_audit || row < 0 || row >= static_cast<int>(m_list.entries.size())) {
        m_detail = {};
        m_texts->showItem(nullptr, -1);
        m_label->clear();
        m_ratings->clear();
        m_raw->clear();
        return;
    }
    const std::uint32_t item = m_list.entries[static_cast<std::size_t>(row)].item;
    m_detail = rubricPairDetail(*m_audit, item, m_list.rounding);
    m_texts->showItem(m_audit, static_cast<int>(item));
    const Audit& audit = *m_audit;
    const TaskKind kind = m_detail.kind;
    const RubricLabel& label = m_detail.label;
    const QString split = label.unanimous ? tr("unanimous") : tr("split");
    m_label->setText(
        label.label == answer::kNone
            ? tr("No label (raters' mean %1, %2 raters)").arg(numberText(label.mean)).arg(label.raters)
            : tr("Label %1 (raters' mean %2, %3, %4 raters; rule %5)")
                  .arg(answerOf(kind, label.label), numberText(label.mean), split)
                  .arg(label.raters)
                  .arg(RubricWorkspace::roundingTitle(m_list.rounding)));
    m_ratings->setText(ratingsText());

    const auto& judgments = audit.judgments();
    m_answers->setRowCount(static_cast<int>(m_detail.answers.size()));
    for (int r = 0; r < m_answers->rowCount(); ++r) {
        const RubricPairAnswer& a = m_detail.answers[static_cast<std::size_t>(r)];
        const Cell& cell = audit.cells()[a.cell];
        const QString condition = RubricWorkspace::conditionLabel(audit, cell.condition);
        QString test = qs(audit.str(cell.test));
        if (cell.version != kEmptyStr)
            test += QStringLiteral(" (%1)").arg(qs(audit.str(cell.version)));
        setCell(m_answers, r, JudgeColumn, qs(audit.str(cell.judge)));
        setCell(m_answers, r, FormatColumn, qs(audit.str(cell.format)));
        setCell(m_answers, r, ConditionColumn, condition);
        setCell(m_answers, r, TestColumn, test);
        setCell(m_answers, r, RunColumn, QString::number(a.rep));
        setCell(m_answers, r, AnswerTextColumn, answerOf(kind, a.answer));
        setCell(m_answers, r, MatchColumn, matchText(a.match));
        setCell(m_answers, r, DistanceColumn,
                a.match == RubricAnswerMatch::Unscored || kind != TaskKind::Ordinal
                    ? QString()
                    : QString::number(a.distance));
        setCell(m_answers, r, ConfidenceColumn, numberText(a.confidence));
        setCell(m_answers, r, ProbabilityColumn, numberText(a.probabilityOfAnswer));
        setCell(m_answers, r, CostColumn, numberText(a.costUsd));
        setCell(m_answers, r, ErrorColumn, qs(audit.str(judgments.error[a.judgment])));
        if (a.match != RubricAnswerMatch::Unscored) {
            // Translucent so the text stays readable on light and dark palettes.
            const QColor tint =
                a.match == RubricAnswerMatch::Right ? QColor(44, 160, 44, 70) : QColor(214, 39, 40, 70);
            m_answers->item(r, MatchColumn)->setBackground(tint);
        }
    }
    m_answers->resizeColumnsToContents();
    if (m_answers->rowCount() > 0)
        m_answers->setCurrentCell(0, 0);
    showCurrentAnswer();
}

QString RubricPairsDialog::labelText() const
{
    return m_label->text();
}

QString RubricPairsDialog::ratingsText() const
{
    if (!m_audit)
        return {};
    QStringList parts;
    for (const Rating& rating : m_detail.ratings)
        parts << QStringLiteral("%1: %2").arg(qs(m_audit->str(rating.rater)),
                                              answerOf(m_detail.kind, rating.value));
    return parts.isEmpty() ? QString() : tr("Ratings: %1").arg(parts.join(QStringLiteral(" · ")));
}

void RubricPairsDialog::setCurrentAnswer(int row)
{
    if (row >= 0 && row < m_answers->rowCount())
        m_answers->setCurrentCell(row, 0);
    showCurrentAnswer();
}

void RubricPairsDialog::showCurrentAnswer()
{
    const int row = m_answers->currentRow();
    if (!m_audit || row < 0 || row >= static_cast<int>(m_detail.answers.size())) {
        m_raw->clear();
        return;
    }
    m_raw->setPlainText(
        qs(m_audit->str(m_audit->judgments().raw[m_detail.answers[static_cast<std::size_t>(row)].judgment])));
}

QString RubricPairsDialog::rawOutputText() const
{
    return m_raw->toPlainText();
}

QString RubricPairsDialog::numberText(double value)
{
    return QString::fromStdString(displayNumber(value));
}

QString RubricPairsDialog::matchText(RubricAnswerMatch match)
{
    switch (match) {
    case RubricAnswerMatch::Right:
        return tr("right");
    case RubricAnswerMatch::Wrong:
        return tr("wrong");
    case RubricAnswerMatch::Unscored:
        break;
    }
    return tr("not scored");
}

void RubricPairsDialog::copyFocusedTable()
{
    if (auto* text = qobject_cast<QPlainTextEdit*>(QApplication::focusWidget())) {
        text->copy();
        return;
    }
    auto* view = qobject_cast<QAbstractItemView*>(QApplication::focusWidget());
    if (!view)
        view = m_answers;
    const QString tsv = selectionAsTsv(*view);
    if (!tsv.isEmpty())
        QApplication::clipboard()->setText(tsv);
}

} // namespace tribunal
