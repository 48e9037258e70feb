#include "bias/biascomparisonview.h"

#include "framework/qstrings.h"
#include "trust/flipitemmodel.h"

#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QVBoxLayout>

namespace tribunal {

namespace {

QPlainTextEdit* readOnlyText(QWidget* parent)
{
    auto* text = new QPlainTextEdit(parent);
    text->setReadOnly(true);
    text->setPlaceholderText(BiasComparisonView::tr("(not given)"));
    // Small minimum heights: the panel shares its dock height with the plots; the splitters give more.
    text->setMinimumHeight(text->fontMetrics().lineSpacing() * 2 + 12);
    return text;
}

QGroupBox* boxAround(QWidget* content, QWidget* parent)
{
    auto* box = new QGroupBox(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(content);
    return box;
}

} // namespace

BiasComparisonView::BiasComparisonView(QWidget* parent)
    : QWidget(parent), m_header(new QLabel(this)), m_responseA(readOnlyText(this)),
      m_responseB(readOnlyText(this))
{
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::PlainText); // ids and names are data, never markup
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* prompts = new QSplitter(Qt::Horizontal, this);
    m_original = makeSide(prompts);
    m_perturbed = makeSide(prompts);
    prompts->addWidget(m_original.box);
    prompts->addWidget(m_perturbed.box);
    auto* responses = new QSplitter(Qt::Horizontal, this);
    m_boxA = boxAround(m_responseA, responses);
    m_boxB = boxAround(m_responseB, responses);
    m_boxA->setTitle(tr("Response A"));
    m_boxB->setTitle(tr("Response B"));
    responses->addWidget(m_boxA);
    responses->addWidget(m_boxB);
    auto* stack = new QSplitter(Qt::Vertical, this);
    stack->addWidget(prompts);
    stack->addWidget(responses);
    stack->setChildrenCollapsible(false);
    stack->setSizes({300, 150});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_header);
    layout->addWidget(stack, 1);
    clear();
}

BiasComparisonView::Side BiasComparisonView::makeSide(QWidget* parent)
{
    Side side;
    side.box = new QGroupBox(parent);
    side.prompt = readOnlyText(side.box);
    side.verdict = new QLabel(side.box);
    side.verdict->setTextFormat(Qt::PlainText);
    side.verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    side.raw = readOnlyText(side.box);
    side.rawBox = boxAround(side.raw, side.box);
    side.rawBox->setTitle(tr("Raw output"));
    auto* inner = new QSplitter(Qt::Vertical, side.box);
    inner->addWidget(side.prompt);
    inner->addWidget(side.rawBox);
    inner->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(side.box);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(side.verdict);
    layout->addWidget(inner, 1);
    return side;
}

void BiasComparisonView::setRaw(Side& side, const QString& text)
{
    side.raw->setPlainText(text);
    side.rawBox->setVisible(!text.isEmpty());
}

QString BiasComparisonView::recordedPrompt(const Audit& audit, std::uint32_t judgment)
{
    if (judgment == kNoJudgment || judgment >= audit.judgmentCount())
        return {};
    const std::string_view extra = audit.str(audit.judgments().extra[judgment]);
    if (extra.empty())
        return {};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(extra.data(), static_cast<qsizetype>(extra.size())));
    if (!doc.isObject())
        return {};
    const QJsonValue prompt = doc.object().value(QLatin1String("prompt"));
    if (prompt.isString())
        return prompt.toString();
    if (prompt.isArray()) {
        // A chat message list: one "role: content" block per message.
        QStringList messages;
        for (const auto& message : prompt.toArray()) {
            const QJsonObject m = message.toObject();
            const QString content = m.value(QLatin1String("content")).toString();
            const QString role = m.value(QLatin1String("role")).toString();
            messages << (role.isEmpty() ? content : role + QStringLiteral(": ") + content);
        }
        return messages.join(QStringLiteral("\n\n"));
    }
    if (prompt.isObject())
        return QString::fromUtf8(QJsonDocument(prompt.toObject()).toJson(QJsonDocument::Indented));
    return {};
}

void BiasComparisonView::clear()
{
    m_header->setText(tr("No item selected."));
    for (Side* side : {&m_original, &m_perturbed}) {
        side->prompt->clear();
        side->verdict->clear();
        setRaw(*side, QString());
    }
    m_original.box->setTitle(tr("Original prompt"));
    m_perturbed.box->setTitle(tr("Perturbed prompt"));
    m_responseA->clear();
    m_responseB->clear();
}

void BiasComparisonView::showItem(const AuditPtr& audit, const BiasRow& row, const BiasItem& item)
{
    if (!audit || item.item >= audit->itemCount()) {
        clear();
        return;
    }
    const Audit& a = *audit;
    const auto& items = a.items();
    const std::size_t i = item.item;
    const QString question = qs(a.str(items.field(ItemText::Question, i)));
    const QString test = qs(a.str(row.key.test));
    const QString version = qs(a.str(row.key.version));
    const QString testText = version.isEmpty() ? test : tr("%1 (%2)").arg(test, version);

    QString header =
        tr("%1 / %2 · judge %3 · test %4")
            .arg(qs(a.str(items.dataset[i])), qs(a.str(items.itemId[i])), qs(a.str(row.key.judge)), testText);
    const Answer label = items.label[i];
    header += label == answer::kNone ? tr(" · unlabelled")
                                     : tr(" · label %1").arg(FlipItemModel::verdictLetter(label));
    m_header->setText(header);

    // Original: run 1's recorded prompt, else run 2's, else the question.
    QString original = recordedPrompt(a, item.original1);
    if (original.isEmpty())
        original = recordedPrompt(a, item.original2);
    m_original.box->setTitle(original.isEmpty() ? tr("Original prompt (not recorded: the question)")
                                                : tr("Original prompt"));
    m_original.prompt->setPlainText(original.isEmpty() ? question : original);

    QString perturbed = recordedPrompt(a, item.perturbed);
    if (perturbed.isEmpty()) {
        m_perturbed.box->setTitle(tr("Perturbed prompt (not recorded: the question and the perturbation)"));
        const QString line = item.cue == Cue::None
                                 ? tr("Perturbation: %1").arg(testText)
                                 : tr("Perturbation: %1, cue on %2")
                                       .arg(testText, item.cue == Cue::Better ? tr("better") : tr("worse"));
        perturbed = question.isEmpty() ? line : question + QStringLiteral("\n\n") + line;
    } else {
        m_perturbed.box->setTitle(tr("Perturbed prompt"));
    }
    m_perturbed.prompt->setPlainText(perturbed);

    const QString run1 = FlipItemModel::verdictLetter(item.o1);
    m_original.verdict->setText(
        item.hasSecondRun()
            ? tr("Verdict: %1 (run 1), %2 (run 2)").arg(run1, FlipItemModel::verdictLetter(item.o2))
            : tr("Verdict: %1 (run 1, no second run)").arg(run1));
    m_perturbed.verdict->setText(
        item.changed() ? tr("Verdict: %1, changed").arg(FlipItemModel::verdictLetter(item.p))
                       : tr("Verdict: %1, unchanged").arg(FlipItemModel::verdictLetter(item.p)));

    auto rawOf = [&a](std::uint32_t j) {
        return j == kNoJudgment ? QString() : qs(a.str(a.judgments().raw[j]));
    };
    const QString raw1 = rawOf(item.original1);
    const QString raw2 = rawOf(item.original2);
    QString originalRaw = raw1;
    if (!raw2.isEmpty())
        originalRaw = tr("Run 1:\n%1\n\nRun 2:\n%2").arg(raw1.isEmpty() ? tr("(not given)") : raw1, raw2);
    setRaw(m_original, originalRaw);
    setRaw(m_perturbed, rawOf(item.perturbed));

    m_responseA->setPlainText(qs(a.str(items.field(ItemText::ResponseA, i))));
    m_responseB->setPlainText(qs(a.str(items.field(ItemText::ResponseB, i))));
}

QString BiasComparisonView::headerText() const
{
    return m_header->text();
}
QString BiasComparisonView::originalPromptText() const
{
    return m_original.prompt->toPlainText();
}
QString BiasComparisonView::perturbedPromptText() const
{
    return m_perturbed.prompt->toPlainText();
}
QString BiasComparisonView::originalVerdictText() const
{
    return m_original.verdict->text();
}
QString BiasComparisonView::perturbedVerdictText() const
{
    return m_perturbed.verdict->text();
}
QString BiasComparisonView::originalRawText() const
{
    return m_original.raw->toPlainText();
}
QString BiasComparisonView::perturbedRawText() const
{
    return m_perturbed.raw->toPlainText();
}
QString BiasComparisonView::responseAText() const
{
    return m_responseA->toPlainText();
}
QString BiasComparisonView::responseBText() const
{
    return m_responseB->toPlainText();
}
QString BiasComparisonView::originalTitle() const
{
    return m_original.box->title();
}
QString BiasComparisonView::perturbedTitle() const
{
    return m_perturbed.box->title();
}

} // namespace tribunal
