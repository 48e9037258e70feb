#include "judges/judgespanel.h"

#include "framework/analysispanels.h"

#include "framework/panelparts.h"
#include "framework/qstrings.h"
#include "judges/judgeeditdialog.h"
#include "judges/judgesworkspace.h"

#include "judging/perturbation.h"
#include "judging/promptformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPalette>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace tribunal {
namespace {

QString priceText(double usdPerMTok)
{
    return QStringLiteral("$") + QString::number(usdPerMTok, 'g', 6);
}

QString cueLabel(Cue cue)
{
    return cue == Cue::Better ? JudgesPanel::tr("better") : JudgesPanel::tr("worse");
}

} // namespace

JudgesPanel::JudgesPanel(JudgesWorkspace* workspace, QWidget* parent)
    : QDockWidget(tr("Judges"), parent), m_workspace(workspace), m_judgesModel(new QStandardItemModel(this)),
      m_add(new QPushButton(tr("&Add…"))), m_edit(new QPushButton(tr("&Edit…"))),
      m_remove(new QPushButton(tr("&Remove"))), m_datasets(new QListWidget), m_maxItems(new QSpinBox),
      m_orderAB(new QCheckBox(tr("AB"))), m_orderBA(new QCheckBox(tr("BA"))), m_runs(new QSpinBox),
      m_temperatures(new QLineEdit), m_biasTest(new QComboBox), m_biasVersion(new QLineEdit),
      m_biasCue(new QComboBox), m_addBias(new QPushButton(tr("Add &version"))), m_biasList(new QListWidget),
      m_removeBias(new QPushButton(tr("Remove version"))), m_estimateBusy(new QProgressBar),
      m_run(new QPushButton(tr("R&un"))), m_cancel(new QPushButton(tr("&Cancel"))),
      m_saveAs(new QPushButton(tr("Save &As…"))), m_rerun(new QPushButton), m_progress(new QProgressBar)
{
    setObjectName(QStringLiteral("judgesPanel"));
    auto* content = new QWidget;
    m_designMessage = wrappedLabel(content);
    m_estimate = wrappedLabel(content);
    m_counts = wrappedLabel(content);
    m_resume = wrappedLabel(content);
    m_result = wrappedLabel(content);
    m_resultIcon = new QLabel(content);

    // Judges.
    m_judgesModel->setHorizontalHeaderLabels({tr("Name"), tr("Model"), tr("URL"), tr("In flight"),
                                              tr("Requests/s"), tr("$ in / M tokens"),
                                              tr("$ out / M tokens")});
    m_judgesView = resultTableView(m_judgesModel, content, QAbstractItemView::SingleSelection);
    m_judgesView->horizontalHeader()->setStretchLastSection(true);
    m_judgesView->setMinimumHeight(110);
    auto* judgeButtons = new QHBoxLayout;
    judgeButtons->addWidget(m_add);
    judgeButtons->addWidget(m_edit);
    judgeButtons->addWidget(m_remove);
    judgeButtons->addStretch(1);
    auto* judgesBox = new QGroupBox(tr("Judges (all take part in a run)"));
    auto* judgesLayout = new QVBoxLayout(judgesBox);
    judgesLayout->addWidget(m_judgesView);
    judgesLayout->addLayout(judgeButtons);

    // Design.
    auto* designBox = new QGroupBox(tr("Design (items: the open audit's)"));
    auto* design = new QGridLayout(designBox);
    m_datasets->setMaximumHeight(90);
    m_datasets->setToolTip(tr("Only the checked datasets' items are judged."));
    m_maxItems->setRange(0, 100000000);
    m_maxItems->setSpecialValueText(tr("all"));
    m_maxItems->setMaximumWidth(160);
    m_maxItems->setToolTip(tr("The first N items of each dataset, in file order."));
    auto* formats = new QGridLayout;
    const auto all = allPromptFormats();
    for (std::size_t i = 0; i < all.size(); ++i) {
        auto* box = new QCheckBox(qs(promptFormatName(all[i])));
        box->setToolTip(callsPerJudgment(all[i]) > 1
                            ? tr("%1 requests per judgment").arg(callsPerJudgment(all[i]))
                            : tr("one request per judgment"));
        const PromptFormat format = all[i];
        connect(box, &QCheckBox::toggled, this, [this, format](bool on) {
            if (!m_refreshing)
                m_workspace->setFormatIncluded(format, on);
        });
        formats->addWidget(box, static_cast<int>(i / 4), static_cast<int>(i % 4));
        m_formats << box;
    }
    m_runs->setRange(1, 1000);
    m_temperatures->setPlaceholderText(tr("e.g. 0, 0.7, 1 (empty: the judges' own)"));
    m_temperatures->setToolTip(tr("Comma-separated temperatures: one condition each."));
    for (const QString& test : perturbationTests())
        m_biasTest->addItem(test, test);
    m_biasVersion->setPlaceholderText(tr("e.g. 90%, book, cheerful, x2, default"));
    m_biasCue->addItem(cueLabel(Cue::Better), static_cast<int>(Cue::Better));
    m_biasCue->addItem(cueLabel(Cue::Worse), static_cast<int>(Cue::Worse));
    m_biasCue->setCurrentIndex(1);
    m_biasCue->setToolTip(
        tr("The labelled candidate the cue favours; unlabelled items get no perturbed prompts."));
    m_biasList->setMaximumHeight(70);

    int row = 0;
    auto addRow = [&](const QString& text, QWidget* field) {
        auto* label = new QLabel(text);
        label->setBuddy(field);
        design->addWidget(label, row, 0, Qt::AlignTop);
        design->addWidget(field, row, 1);
        ++row;
    };
    addRow(tr("&Datasets:"), m_datasets);
    addRow(tr("&Max items per dataset:"), m_maxItems);
    auto* formatsWidget = new QWidget;
    formatsWidget->setLayout(formats);
    formats->setContentsMargins(0, 0, 0, 0);
    design->addWidget(new QLabel(tr("Prompt formats:")), row, 0, Qt::AlignTop);
    design->addWidget(formatsWidget, row++, 1);
    auto* ordersWidget = new QWidget;
    auto* orders = new QHBoxLayout(ordersWidget);
    orders->setContentsMargins(0, 0, 0, 0);
    orders->addWidget(m_orderAB);
    orders->addWidget(m_orderBA);
    orders->addSpacing(16);
    addLabelledField(orders, tr("R&uns:"), m_runs);
    orders->addStretch(1);
    design->addWidget(new QLabel(tr("Orders:")), row, 0);
    design->addWidget(ordersWidget, row++, 1);
    addRow(tr("&Temperatures:"), m_temperatures);
    auto* biasWidget = new QWidget;
    auto* bias = new QVBoxLayout(biasWidget);
    bias->setContentsMargins(0, 0, 0, 0);
    auto* biasRow = new QHBoxLayout;
    biasRow->addWidget(m_biasTest);
    biasRow->addWidget(m_biasVersion, 1);
    addLabelledField(biasRow, tr("cue &on"), m_biasCue);
    biasRow->addWidget(m_addBias);
    bias->addLayout(biasRow);
    auto* biasListRow = new QHBoxLayout;
    biasListRow->addWidget(m_biasList, 1);
    biasListRow->addWidget(m_removeBias, 0, Qt::AlignTop);
    bias->addLayout(biasListRow);
    design->addWidget(new QLabel(tr("Bias versions:")), row, 0, Qt::AlignTop);
    design->addWidget(biasWidget, row++, 1);
    design->addWidget(m_designMessage, row++, 0, 1, 2);
    m_designMessage->setVisible(false);

    // Estimate and run.
    makeBusyIndicator(m_estimateBusy);
    auto* estimateRow = new QHBoxLayout;
    estimateRow->addWidget(m_estimate, 1);
    estimateRow->addWidget(m_estimateBusy);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_saveAs);
    runRow->addWidget(m_progress, 1);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v of %m requests"));
    m_progress->setTextVisible(false); // "0 of 1 requests" would be wrong before the first run
    auto* runBox = new QGroupBox(tr("Run"));
    auto* runLayout = new QVBoxLayout(runBox);
    runLayout->addLayout(estimateRow);
    runLayout->addLayout(runRow);
    runLayout->addWidget(m_counts);
    runLayout->addWidget(m_resume);
    auto* resultRow = new QHBoxLayout;
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_resultIcon->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(iconSize));
    m_resultIcon->setVisible(false);
    resultRow->addWidget(m_resultIcon, 0, Qt::AlignTop);
    resultRow->addWidget(m_result, 1);
    runLayout->addLayout(resultRow);
    runLayout->addWidget(m_rerun, 0, Qt::AlignLeft);
    m_resume->setVisible(false);
    m_rerun->setVisible(false);
    m_rerun->setToolTip(tr("Send these judgments again as the design asks them now; each new answer replaces "
                           "the recorded one, and they are paid again."));
    connect(m_rerun, &QPushButton::clicked, this, &JudgesPanel::rerun);

    auto* layout = new QVBoxLayout(content);
    layout->addWidget(judgesBox);
    layout->addWidget(designBox);
    layout->addWidget(runBox);
    layout->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setWidget(content);
    setWidget(scroll);

    connect(m_add, &QPushButton::clicked, this, &JudgesPanel::addJudge);
    connect(m_edit, &QPushButton::clicked, this, &JudgesPanel::editJudge);
    connect(m_remove, &QPushButton::clicked, this, &JudgesPanel::removeJudge);
    connect(m_judgesView, &QTableView::doubleClicked, this, &JudgesPanel::editJudge);
    connect(m_judgesView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &JudgesPanel::refreshRunState);
    connect(m_datasets, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (!m_refreshing)
            m_workspace->setDatasetIncluded(item->data(Qt::UserRole).toString(),
                                            item->checkState() == Qt::Checked);
    });
    connect(m_maxItems, &QSpinBox::valueChanged, this, [this](int value) {
        if (!m_refreshing)
            m_workspace->setMaxItemsPerDataset(value);
    });
    connect(m_orderAB, &QCheckBox::toggled, this, [this](bool on) {
        if (!m_refreshing)
            m_workspace->setOrderIncluded(Order::AB, on);
    });
    connect(m_orderBA, &QCheckBox::toggled, this, [this](bool on) {
        if (!m_refreshing)
            m_workspace->setOrderIncluded(Order::BA, on);
    });
    connect(m_runs, &QSpinBox::valueChanged, this, [this](int value) {
        if (!m_refreshing)
            m_workspace->setRuns(value);
    });
    connect(m_temperatures, &QLineEdit::editingFinished, this,
            [this] { showDesignMessage(m_workspace->setTemperatureConditions(m_temperatures->text())); });
    connect(m_addBias, &QPushButton::clicked, this, &JudgesPanel::addBias);
    connect(m_removeBias, &QPushButton::clicked, this,
            [this] { m_workspace->removeBias(m_biasList->currentRow()); });
    connect(m_run, &QPushButton::clicked, this, &JudgesPanel::run);
    connect(m_cancel, &QPushButton::clicked, m_workspace, &JudgesWorkspace::cancelRun);
    connect(m_saveAs, &QPushButton::clicked, this, &JudgesPanel::saveAsRequested);

    connect(m_workspace, &JudgesWorkspace::judgesChanged, this, &JudgesPanel::refreshJudges);
    connect(m_workspace, &JudgesWorkspace::auditChanged, this, &JudgesPanel::refreshDatasets);
    connect(m_workspace, &JudgesWorkspace::designChanged, this, &JudgesPanel::refreshDesign);
    connect(m_workspace, &JudgesWorkspace::estimateChanged, this, &JudgesPanel::refreshEstimate);
    connect(m_workspace, &JudgesWorkspace::estimatingChanged, m_estimateBusy, &QProgressBar::setVisible);
    connect(m_workspace, &JudgesWorkspace::runningChanged, this, &JudgesPanel::refreshRunState);
    connect(m_workspace, &JudgesWorkspace::progress, this, &JudgesPanel::onProgress);
    connect(m_workspace, &JudgesWorkspace::runFinished, this, &JudgesPanel::onFinished);

    refreshJudges();
    refreshDatasets();
    refreshDesign();
    refreshEstimate();
    m_estimateBusy->setVisible(m_workspace->isEstimating());
}

JudgeEditDialog* JudgesPanel::editDialog() const
{
    return m_dialog.data();
}

int JudgesPanel::selectedJudge() const
{
    const QModelIndexList rows = m_judgesView->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.first().row();
}

void JudgesPanel::refreshJudges()
{
    const int selected = selectedJudge();
    m_judgesModel->removeRows(0, m_judgesModel->rowCount());
    for (const JudgeConfig& judge : m_workspace->judges()) {
        QList<QStandardItem*> items;
        items << new QStandardItem(judge.name) << new QStandardItem(judge.model)
              << new QStandardItem(judge.baseUrl.toString())
              << new QStandardItem(QString::number(judge.requestsInFlight))
              << new QStandardItem(judge.requestsPerSecond > 0 ? QString::number(judge.requestsPerSecond)
                                                               : tr("no limit"))
              << new QStandardItem(priceText(judge.priceInPerMTok))
              << new QStandardItem(priceText(judge.priceOutPerMTok));
        for (QStandardItem* item : items)
            item->setEditable(false);
        m_judgesModel->appendRow(items);
    }
    if (selected >= 0 && selected < m_judgesModel->rowCount())
        m_judgesView->selectRow(selected);
    m_judgesView->resizeColumnsToContents();
    refreshRunState();
}

void JudgesPanel::refreshDatasets()
{
    m_refreshing = true;
    m_datasets->clear();
    for (const QString& dataset : m_workspace->datasets()) {
        auto* item = new QListWidgetItem(dataset, m_datasets);
        item->setData(Qt::UserRole, dataset);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(m_workspace->isDatasetIncluded(dataset) ? Qt::Checked : Qt::Unchecked);
    }
    m_refreshing = false;
}

void JudgesPanel::refreshDesign()
{
    m_refreshing = true;
    const AuditDesign& design = m_workspace->design();
    const auto all = allPromptFormats();
    for (std::size_t i = 0; i < all.size() && i < static_cast<std::size_t>(m_formats.size()); ++i)
        m_formats[static_cast<int>(i)]->setChecked(m_workspace->isFormatIncluded(all[i]));
    m_orderAB->setChecked(m_workspace->isOrderIncluded(Order::AB));
    m_orderBA->setChecked(m_workspace->isOrderIncluded(Order::BA));
    m_maxItems->setValue(design.maxItemsPerDataset);
    m_runs->setValue(design.runs);
    m_biasList->clear();
    for (const DesignBias& bias : design.bias)
        m_biasList->addItem(
            tr("%1 %2, cue on the %3 candidate").arg(bias.test, bias.version, cueLabel(bias.cueOn)));
    m_refreshing = false;
    refreshRunState();
}

QString JudgesPanel::estimateText() const
{
    if (!m_workspace->session() || !m_workspace->hasEstimate())
        return m_workspace->isEstimating() ? tr("Estimating…") : tr("Open an audit to estimate a design.");
    if (m_workspace->judges().empty())
        return tr("Add a judge to estimate the design.");
    const DesignEstimate& e = m_workspace->estimate();
    const QString requests = counted(static_cast<qint64>(e.calls), tr("%L1 request"), tr("%L1 requests"));
    if (const std::uint64_t recorded = m_workspace->alreadyRecorded(); recorded > 0)
        // After a cancel (or a run with failures): what a run sends now, not what the design asks in all.
        return tr("Remaining: %L1 of %2 (%L3 already recorded), %4, ~%L5 tokens in, ~%L6 out, ~$%7, ~%8 min")
            .arg(e.judgments)
            .arg(counted(static_cast<qint64>(m_workspace->designJudgments()), tr("%L1 judgment"),
                         tr("%L1 judgments")))
            .arg(recorded)
            .arg(requests)
            .arg(std::llround(e.tokensIn))
            .arg(std::llround(e.tokensOut))
            .arg(QString::number(e.costUsd, 'f', 2))
            .arg(QString::number(e.durationS / 60.0, 'f', 1));
    return tr("%1, %2, ~%L3 tokens in, ~%L4 out, ~$%5, ~%6 min")
        .arg(counted(static_cast<qint64>(e.judgments), tr("%L1 judgment"), tr("%L1 judgments")), requests)
        .arg(std::llround(e.tokensIn))
        .arg(std::llround(e.tokensOut))
        .arg(QString::number(e.costUsd, 'f', 2))
        .arg(QString::number(e.durationS / 60.0, 'f', 1));
}

void JudgesPanel::refreshEstimate()
{
    m_estimate->setText(estimateText());
    refreshRunState();
}

QString JudgesPanel::countsText(const RunCounts& counts)
{
    return tr("answered %L1 · failed %L2 · retried %L3 · in flight %L4 · spent $%5")
        .arg(counts.answered)
        .arg(counts.failed)
        .arg(counts.retried)
        .arg(counts.inFlight)
        .arg(QString::number(counts.spendUsd, 'f', 4));
}

void JudgesPanel::refreshRunState()
{
    const bool running = m_workspace->isRunning();
    const QString blocker = m_workspace->runBlocker();
    m_run->setEnabled(blocker.isEmpty());
    m_run->setToolTip(blocker.isEmpty() ? tr("Send the design's requests; answers already recorded in the "
                                             "project are not sent again.")
                                        : blocker);
    m_cancel->setEnabled(running);
    m_saveAs->setVisible(m_workspace->needsSave());
    const bool selected = selectedJudge() >= 0;
    // The judge list is the run's: it does not change while a run uses it.
    m_add->setEnabled(!running);
    m_edit->setEnabled(selected && !running);
    m_remove->setEnabled(selected && !running);
}

QColor JudgesPanel::errorColour()
{
    return QColor(0xd0, 0x30, 0x30); // judgeeditdialog.cpp's error label
}

void JudgesPanel::showOutcome(RunOutcome outcome)
{
    const bool failed = outcome == RunOutcome::Failed;
    // Only the changed role is set: the rest follows the panel's palette.
    QPalette resultPalette;
    QPalette progressPalette;
    if (failed) {
        resultPalette.setColor(QPalette::WindowText, errorColour());
        progressPalette.setColor(QPalette::Highlight, errorColour());
    }
    m_result->setPalette(resultPalette);
    m_progress->setPalette(progressPalette);
    m_resultIcon->setVisible(outcome != RunOutcome::Succeeded);
    const RunCounts& counts = m_workspace->counts();
    m_progress->setFormat(failed ? tr("%L1 of %L2 requests failed").arg(counts.failed).arg(counts.toSend)
                                 : tr("%v of %m requests"));
}

void JudgesPanel::onProgress(const RunCounts& counts)
{
    m_progress->setRange(0, static_cast<int>(std::max<std::uint64_t>(1, counts.toSend)));
    m_progress->setValue(static_cast<int>(counts.answered + counts.failed));
    m_progress->setTextVisible(true);
    m_counts->setText(countsText(counts));
    m_resume->setVisible(counts.alreadyRecorded > 0);
    m_resume->setText(counted(static_cast<qint64>(counts.alreadyRecorded),
                              tr("Resumes: %L1 judgment already recorded."),
                              tr("Resumes: %L1 judgments already recorded.")));
    if (m_workspace->isRunning()) {
        m_result->setText(m_workspace->runningText());
        m_result->setToolTip(JudgesWorkspace::failureDetails(counts.failures));
    }
}

void JudgesPanel::onFinished(bool cancelled, const QString& error)
{
    Q_UNUSED(cancelled)
    onProgress(m_workspace->counts());
    m_result->setText(m_workspace->resultText());
    m_result->setToolTip(JudgesWorkspace::failureDetails(m_workspace->counts().failures));
    showOutcome(m_workspace->resultOutcome());
    Q_UNUSED(error) // part of resultText(); shown there, where it stays readable after the run
    const std::uint64_t changed = m_workspace->counts().changed;
    m_rerun->setVisible(changed > 0);
    m_rerun->setText(counted(static_cast<qint64>(changed), tr("&Buy %L1 changed judgment again"),
                             tr("&Buy %L1 changed judgments again")));
    refreshRunState();
}

void JudgesPanel::run()
{
    startRun(false);
}

void JudgesPanel::rerun()
{
    startRun(true);
}

void JudgesPanel::startRun(bool rerunChanged)
{
    m_rerun->setVisible(false);
    if (m_workspace->runBlocker().isEmpty() && !confirmMissingTexts()) {
        qint64 missing = 0;
        for (const MissingTexts& entry : m_workspace->missingTexts())
            missing += static_cast<qint64>(entry.missing);
        m_result->setText(counted(missing, tr("Not started: %L1 item lacks texts its prompt needs."),
                                  tr("Not started: %L1 items lack texts their prompts need.")));
        m_result->setToolTip(QString());
        showOutcome(RunOutcome::Succeeded);
        return;
    }
    QString error;
    const bool started = m_workspace->startRun(&error, rerunChanged);
    m_result->setToolTip(QString());
    showOutcome(RunOutcome::Succeeded);
    if (!started) {
        m_result->setText(error);
        return;
    }
    m_result->setText(m_workspace->runningText());
    refreshRunState();
}

bool JudgesPanel::confirmMissingTexts()
{
    if (!m_workspace->hasEstimate())
        m_workspace->waitForEstimate();
    const std::vector<MissingTexts>& missing = m_workspace->missingTexts();
    if (missing.empty())
        return true;
    qint64 total = 0;
    QStringList lines;
    for (const MissingTexts& entry : missing) {
        total += static_cast<qint64>(entry.missing);
        QStringList what;
        if (entry.noQuestion > 0)
            what << tr("%L1 without a question").arg(entry.noQuestion);
        if (entry.noResponses > 0)
            what << tr("%L1 without a response").arg(entry.noResponses);
        if (entry.noSubmission > 0)
            what << tr("%L1 without a submission").arg(entry.noSubmission);
        if (entry.noCriterion > 0)
            what << tr("%L1 without a criterion").arg(entry.noCriterion);
        lines << tr("%L1 of %2 in dataset \"%3\" (%4)")
                     .arg(entry.missing)
                     .arg(counted(static_cast<qint64>(entry.items), tr("%L1 item"), tr("%L1 items")))
                     .arg(shownName(entry.dataset), what.join(QStringLiteral(", ")));
    }
    QMessageBox box(QMessageBox::Warning, tr("Items without texts"),
                    counted(total, tr("%L1 item of this run lacks texts its prompt needs:"),
                            tr("%L1 items of this run lack texts their prompts need:")) +
                        QLatin1Char('\n') + lines.join(QLatin1Char('\n')),
                    QMessageBox::Ok | QMessageBox::Cancel, this);
    box.setInformativeText(tr("Their prompts would be sent with these texts empty, and the answers would "
                              "judge nothing. Send them anyway?"));
    box.button(QMessageBox::Ok)->setText(tr("&Continue"));
    box.setDefaultButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Ok;
}

void JudgesPanel::addJudge()
{
    openDialog(-1);
}

void JudgesPanel::editJudge()
{
    if (const int index = selectedJudge(); index >= 0)
        openDialog(index);
}

void JudgesPanel::removeJudge()
{
    if (m_workspace->isRunning())
        return;
    m_workspace->removeJudge(selectedJudge());
}

void JudgesPanel::openDialog(int index)
{
    if (m_dialog || m_workspace->isRunning())
        return;
    auto* dialog = new JudgeEditDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QStringList taken;
    const auto& judges = m_workspace->judges();
    for (std::size_t i = 0; i < judges.size(); ++i)
        if (static_cast<int>(i) != index)
            taken << judges[i].name;
    dialog->setTakenNames(taken);
    if (index >= 0) {
        dialog->setWindowTitle(tr("Edit judge"));
        dialog->setConfig(judges[static_cast<std::size_t>(index)]);
    } else {
        dialog->setWindowTitle(tr("Add judge"));
    }
    connect(dialog, &QDialog::accepted, this, [this, dialog, index] {
        const JudgeConfig config = dialog->config();
        const QString error =
            index >= 0 ? m_workspace->replaceJudge(index, config) : m_workspace->addJudge(config);
        m_result->setText(error);
    });
    m_dialog = dialog;
    dialog->open();
}

void JudgesPanel::addBias()
{
    DesignBias bias;
    bias.test = m_biasTest->currentData().toString();
    bias.version = m_biasVersion->text().trimmed();
    bias.cueOn = static_cast<Cue>(m_biasCue->currentData().toInt());
    const QString error = m_workspace->addBias(bias);
    showDesignMessage(error);
    if (error.isEmpty())
        m_biasVersion->clear();
}

void JudgesPanel::showDesignMessage(const QString& text)
{
    m_designMessage->setText(text);
    m_designMessage->setVisible(!text.isEmpty());
}

const AnalysisPanel& judgesAnalysisPanel()
{
    static const AnalysisPanel panel{"judges",
                                     [](AuditSession* session, QObject* parent) -> Workspace* {
                                         return new JudgesWorkspace(session, parent);
                                     },
                                     [](Workspace* workspace, QWidget* parent) -> QDockWidget* {
                                         return new JudgesPanel(static_cast<JudgesWorkspace*>(workspace),
                                                                parent);
                                     }};
    return panel;
}

} // namespace tribunal
