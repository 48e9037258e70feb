#include "rubric/rubricpairview.h"

#include "framework/qstrings.h"
#include "items/itemtextsview.h"
#include "rubric/rubricworkspace.h"

#include "report/tablecells.h"

#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tribunal {

namespace {

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

RubricPairView::RubricPairView(QWidget* parent)
    : QWidget(parent), m_texts(new ItemTextsView(this)), m_label(new QLabel(this)),
      m_ratings(new QLabel(this)), m_raw(new QPlainTextEdit(this))
{
    for (QLabel* label : {m_label, m_ratings}) {
        label->setWordWrap(true);
        label->setTextFormat(Qt::PlainText); // names are data, never markup
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    const QStringList headers{tr("Judge"),      tr("Format"),    tr("Condition"),  tr("Bias test"),
                              tr("Run"),        tr("Answer"),    tr("Match"),      tr("Distance"),
                              tr("Confidence"), tr("P(answer)"), tr("Cost (USD)"), tr("Error")};
    m_answers = new QTableWidget(0, static_cast<int>(headers.size()), this);
    m_answers->setObjectName(QStringLiteral("rubricPairAnswers"));
    m_answers->setHorizontalHeaderLabels(headers);
    m_answers->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_answers->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_answers->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_answers->verticalHeader()->hide();
    m_answers->horizontalHeader()->setStretchLastSection(true);
    m_raw->setReadOnly(true);
    m_raw->setPlaceholderText(tr("(no raw output recorded)"));

    auto* answersBox = new QWidget(this);
    auto* answersLayout = new QVBoxLayout(answersBox);
    answersLayout->setContentsMargins(0, 0, 0, 0);
    answersLayout->addWidget(m_label);
    answersLayout->addWidget(m_ratings);
    answersLayout->addWidget(m_answers, 1);
    m_split = new QSplitter(Qt::Vertical, this);
    m_split->addWidget(m_texts);
    m_split->addWidget(answersBox);
    m_split->addWidget(m_raw);
    m_split->setChildrenCollapsible(false);
    m_split->setSizes({300, 300, 150});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_split);

    connect(m_answers, &QTableWidget::currentCellChanged, this, [this] { showCurrentAnswer(); });
}

void RubricPairView::showPair(AuditPtr audit, int item, LabelRounding rounding)
{
    const QSignalBlocker blocker(m_answers);
    m_answers->setRowCount(0);
    if (!audit || item < 0 || static_cast<std::size_t>(item) >= audit->items().size()) {
        m_audit = nullptr;
        m_item = -1;
        m_detail = {};
        m_texts->showItem(nullptr, -1);
        m_label->clear();
        m_ratings->clear();
        m_raw->clear();
        return;
    }
    m_audit = std::move(audit);
    m_item = item;
    m_rounding = rounding;
    m_detail = rubricPairDetail(*m_audit, static_cast<std::uint32_t>(item), rounding);
    m_texts->showItem(m_audit, item);
    const Audit& a = *m_audit;
    const TaskKind kind = m_detail.kind;
    const RubricLabel& label = m_detail.label;
    const QString split = label.unanimous ? tr("unanimous") : tr("split");
    const QString raters = counted(static_cast<qint64>(label.raters), tr("%1 rater"), tr("%1 raters"));
    m_label->setText(label.label == answer::kNone
                         ? tr("No label (raters' mean %1, %2)").arg(numberText(label.mean), raters)
                         : tr("Label %1 (raters' mean %2, %3, %4; rule %5)")
                               .arg(answerOf(kind, label.label), numberText(label.mean), split, raters,
                                    RubricWorkspace::roundingTitle(rounding)));
    m_ratings->setText(ratingsText());

    const auto& judgments = a.judgments();
    m_answers->setRowCount(static_cast<int>(m_detail.answers.size()));
    for (int r = 0; r < m_answers->rowCount(); ++r) {
        const RubricPairAnswer& ans = m_detail.answers[static_cast<std::size_t>(r)];
        const Cell& cell = a.cells()[ans.cell];
        QString test = qs(a.str(cell.test));
        if (cell.version != kEmptyStr)
            test += QStringLiteral(" (%1)").arg(qs(a.str(cell.version)));
        setCell(m_answers, r, JudgeColumn, qs(a.str(cell.judge)));
        setCell(m_answers, r, FormatColumn, qs(a.str(cell.format)));
        setCell(m_answers, r, ConditionColumn, RubricWorkspace::conditionLabel(a, cell.condition));
        setCell(m_answers, r, TestColumn, test);
        setCell(m_answers, r, RunColumn, QString::number(ans.rep));
        setCell(m_answers, r, AnswerTextColumn, answerOf(kind, ans.answer));
        setCell(m_answers, r, MatchColumn, matchText(ans.match));
        setCell(m_answers, r, DistanceColumn,
                ans.match == RubricAnswerMatch::Unscored || kind != TaskKind::Ordinal
                    ? QString()
                    : QString::number(ans.distance));
        setCell(m_answers, r, ConfidenceColumn, numberText(ans.confidence));
        setCell(m_answers, r, ProbabilityColumn, numberText(ans.probabilityOfAnswer));
        setCell(m_answers, r, CostColumn, numberText(ans.costUsd));
        setCell(m_answers, r, ErrorColumn, qs(a.str(judgments.error[ans.judgment])));
        if (ans.match != RubricAnswerMatch::Unscored) {
            // Translucent so the text stays readable on light and dark palettes.
            const QColor tint =
                ans.match == RubricAnswerMatch::Right ? QColor(44, 160, 44, 70) : QColor(214, 39, 40, 70);
            m_answers->item(r, MatchColumn)->setBackground(tint);
        }
    }
    m_answers->resizeColumnsToContents();
    if (m_answers->rowCount() > 0)
        m_answers->setCurrentCell(0, 0);
    showCurrentAnswer();
}

QString RubricPairView::labelText() const
{
    return m_label->text();
}

QString RubricPairView::ratingsText() const
{
    if (!m_audit)
        return {};
    QStringList parts;
    for (const Rating& rating : m_detail.ratings)
        parts << QStringLiteral("%1: %2").arg(qs(m_audit->str(rating.rater)),
                                              answerOf(m_detail.kind, rating.value));
    return parts.isEmpty() ? QString() : tr("Ratings: %1").arg(parts.join(QStringLiteral(" · ")));
}

void RubricPairView::setCurrentAnswer(int row)
{
    if (row >= 0 && row < m_answers->rowCount())
        m_answers->setCurrentCell(row, 0);
    showCurrentAnswer();
}

void RubricPairView::showCurrentAnswer()
{
    const int row = m_answers->currentRow();
    if (!m_audit || row < 0 || row >= static_cast<int>(m_detail.answers.size())) {
        m_raw->clear();
        return;
    }
    m_raw->setPlainText(
        qs(m_audit->str(m_audit->judgments().raw[m_detail.answers[static_cast<std::size_t>(row)].judgment])));
}

QString RubricPairView::rawOutputText() const
{
    return m_raw->toPlainText();
}

QString RubricPairView::numberText(double value)
{
    return QString::fromStdString(displayNumber(value));
}

QString RubricPairView::matchText(RubricAnswerMatch match)
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

} // namespace tribunal
