#include "export/exportdialog.h"

#include "bias/biasworkspace.h"
#include "cascades/cascadeworkspace.h"
#include "cascades/confidenterrorworkspace.h"
#include "export/exportfile.h"
#include "framework/analysispanels.h"
#include "framework/auditsession.h"
#include "framework/coreerrortext.h"
#include "rubric/rubricworkspace.h"
#include "trust/trustworkspace.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

namespace tribunal {
namespace {

const QStringList kDefaultFactors = {QStringLiteral("judge"), QStringLiteral("format"),
                                     QStringLiteral("dataset")};
const char* const kDirectoryKey = "export/directory";

/// The registry's entries of the typed workspaces the older constructors take (null ones are skipped).
std::vector<ExportAnalysis> analysesOf(BiasWorkspace* bias, RubricWorkspace* rubric,
                                       CascadeWorkspace* cascades, ConfidentErrorWorkspace* errors)
{
    return {{&biasAnalysisPanel(), bias},
            {&rubricAnalysisPanel(), rubric},
            {&confidentErrorAnalysisPanel(), errors},
            {&cascadeAnalysisPanel(), cascades}};
}

/// The workspace of type W among `analyses`, or null.
template <typename W> W* workspaceOf(const std::vector<ExportAnalysis>& analyses)
{
    for (const auto& a : analyses)
        if (auto* w = qobject_cast<W*>(a.workspace))
            return w;
    return nullptr;
}

} // namespace

ExportDialog::ExportDialog(TrustWorkspace* workspace, QWidget* parent)
    : ExportDialog(workspace, nullptr, parent)
{}

ExportDialog::ExportDialog(TrustWorkspace* workspace, BiasWorkspace* bias, QWidget* parent)
    : ExportDialog(workspace, bias, nullptr, parent)
{}

ExportDialog::ExportDialog(TrustWorkspace* workspace, BiasWorkspace* bias, RubricWorkspace* rubric,
                           QWidget* parent)
    : ExportDialog(workspace, bias, rubric, nullptr, nullptr, parent)
{}

ExportDialog::ExportDialog(TrustWorkspace* workspace, BiasWorkspace* bias, RubricWorkspace* rubric,
                           CascadeWorkspace* cascades, ConfidentErrorWorkspace* errors, QWidget* parent)
    : ExportDialog(workspace, analysesOf(bias, rubric, cascades, errors), parent)
{}

ExportDialog::ExportDialog(TrustWorkspace* workspace, const std::vector<ExportAnalysis>& analyses,
                           QWidget* parent)
    : QDialog(parent), m_workspace(workspace), m_bias(workspaceOf<BiasWorkspace>(analyses)),
      m_rubric(workspaceOf<RubricWorkspace>(analyses)), m_cascades(workspaceOf<CascadeWorkspace>(analyses)),
      m_errors(workspaceOf<ConfidentErrorWorkspace>(analyses)), m_tableBox(new QComboBox(this)),
      m_colour(new QCheckBox(tr("Shade T in bands (xcolor)"), this)),
      m_standalone(new QCheckBox(tr("Standalone document (compiles on its own)"), this)),
      m_factors(new QListWidget(this)), m_note(new QLabel(this)), m_preview(new QPlainTextEdit(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Close, this)),
      m_copy(m_buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole)),
      m_save(m_buttons->addButton(tr("&Save .tex..."), QDialogButtonBox::ActionRole))
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export LaTeX"));

    m_tableBox->setObjectName(QStringLiteral("exportTable"));
    m_tableBox->addItem(tr("Trust cells (Table 1)"), static_cast<int>(TrustLatexTable::Cells));
    m_tableBox->addItem(tr("Format dispersion (Table 4)"), static_cast<int>(TrustLatexTable::Dispersion));
    m_tableBox->addItem(tr("ANOVA of T (Table 5)"), static_cast<int>(TrustLatexTable::Anova));
    m_tableBox->addItem(tr("Closed-form vs joint T (Table 10)"), static_cast<int>(TrustLatexTable::Gap));
    // The registry's tables. A workspace's changes refresh the preview: new rows or settings, a job starting,
    // ending or failing (the note).
    for (const auto& analysis : analyses) {
        if (analysis.workspace == nullptr || analysis.entry->latexTables == nullptr)
            continue;
        for (auto& s : analysis.entry->latexTables(analysis.workspace, this, [this] { refresh(); }))
            m_sources.push_back(std::move(s));
    }
    std::stable_sort(m_sources.begin(), m_sources.end(),
                     [](const LatexTableSource& a, const LatexTableSource& b) { return a.code < b.code; });
    for (const auto& s : m_sources)
        m_tableBox->addItem(s.title, s.code);
    m_colour->setObjectName(QStringLiteral("exportColour"));
    m_standalone->setObjectName(QStringLiteral("exportStandalone"));
    m_factors->setObjectName(QStringLiteral("exportFactors"));
    m_factors->setDragDropMode(QAbstractItemView::InternalMove);
    m_factors->setToolTip(tr("The checked columns are the ANOVA factors, in this order (drag to reorder)."));
    m_factors->setMaximumHeight(m_factors->fontMetrics().height() * 7);
    m_note->setObjectName(QStringLiteral("exportNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_copy->setObjectName(QStringLiteral("exportCopy"));
    m_save->setObjectName(QStringLiteral("exportSave"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Table:"), m_tableBox);
    form->addRow(QString(), m_colour);
    form->addRow(QString(), m_standalone);
    form->addRow(tr("ANOVA &factors:"), m_factors);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_buttons);
    resize(900, 700);

    connect(m_tableBox, &QComboBox::currentIndexChanged, this, &ExportDialog::refresh);
    connect(m_colour, &QCheckBox::toggled, this, &ExportDialog::refresh);
    connect(m_standalone, &QCheckBox::toggled, this, &ExportDialog::refresh);
    connect(m_factors, &QListWidget::itemChanged, this, &ExportDialog::refresh);
    connect(m_factors->model(), &QAbstractItemModel::rowsMoved, this, &ExportDialog::refresh);
    connect(m_copy, &QPushButton::clicked, this, &ExportDialog::copyToClipboard);
    connect(m_save, &QPushButton::clicked, this, &ExportDialog::save);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // New rows (estimates, grouping) may bring other condition columns; new values (intervals arriving)
    // change the text only.
    connect(m_workspace, &TrustWorkspace::viewChanged, this, [this] {
        rebuildFactors();
        refresh();
    });
    connect(m_workspace, &TrustWorkspace::valuesChanged, this, &ExportDialog::refresh);
    // The note says whether intervals are coming (a cancelled job ends with a status message only).
    connect(m_workspace, &TrustWorkspace::busyChanged, this, &ExportDialog::refresh);
    connect(m_workspace, &TrustWorkspace::statusMessage, this, &ExportDialog::refresh);

    rebuildFactors();
    refresh();
}

TrustLatexTable ExportDialog::table() const
{
    const int code = m_tableBox->currentData().toInt();
    return code >= kLatexSourceCodeBase ? TrustLatexTable::Cells : static_cast<TrustLatexTable>(code);
}

const LatexTableSource* ExportDialog::sourceOf(int code) const
{
    const auto it = std::find_if(m_sources.begin(), m_sources.end(),
                                 [code](const LatexTableSource& s) { return s.code == code; });
    return it == m_sources.end() ? nullptr : &*it;
}

const LatexTableSource* ExportDialog::source() const
{
    return sourceOf(m_tableBox->currentData().toInt());
}

int ExportDialog::chosenIn(int base) const
{
    const int code = m_tableBox->currentData().toInt() - base;
    return code >= 0 && code < 10 ? code : -1;
}

std::optional<BiasLatexTable> ExportDialog::biasTable() const
{
    const int code = chosenIn(kBiasLatexCode);
    return code < 0 ? std::nullopt : std::optional(static_cast<BiasLatexTable>(code));
}

std::optional<RubricLatexTable> ExportDialog::rubricTable() const
{
    const int code = chosenIn(kRubricLatexCode);
    return code < 0 ? std::nullopt : std::optional(static_cast<RubricLatexTable>(code));
}

std::optional<CascadeLatexTable> ExportDialog::cascadeTable() const
{
    const int code = chosenIn(kCascadeLatexCode);
    return code < 0 ? std::nullopt : std::optional(static_cast<CascadeLatexTable>(code));
}

// A table that is not listed has no combo entry: findData gives -1 and the choice stays.
void ExportDialog::chooseCode(int code)
{
    if (const int index = m_tableBox->findData(code); index >= 0)
        m_tableBox->setCurrentIndex(index);
}

void ExportDialog::setTable(BiasLatexTable table)
{
    chooseCode(kBiasLatexCode + static_cast<int>(table));
}

void ExportDialog::setTable(RubricLatexTable table)
{
    chooseCode(kRubricLatexCode + static_cast<int>(table));
}

void ExportDialog::setTable(CascadeLatexTable table)
{
    chooseCode(kCascadeLatexCode + static_cast<int>(table));
}

void ExportDialog::setTable(TrustLatexTable table)
{
    m_tableBox->setCurrentIndex(m_tableBox->findData(static_cast<int>(table)));
}

bool ExportDialog::colour() const
{
    return m_colour->isChecked();
}

void ExportDialog::setColour(bool colour)
{
    m_colour->setChecked(colour);
}

bool ExportDialog::standalone() const
{
    return m_standalone->isChecked();
}

void ExportDialog::setStandalone(bool standalone)
{
    m_standalone->setChecked(standalone);
}

QStringList ExportDialog::anovaFactors() const
{
    QStringList factors;
    for (int row = 0; row < m_factors->count(); ++row) {
        const auto* item = m_factors->item(row);
        if (item->checkState() == Qt::Checked)
            factors << item->text();
    }
    return factors;
}

void ExportDialog::setAnovaFactors(const QStringList& factors)
{
    {
        const QSignalBlocker blocker(m_factors);
        int top = 0;
        for (const auto& name : factors) {
            const auto found = m_factors->findItems(name, Qt::MatchExactly);
            if (found.isEmpty())
                continue;
            const int row = m_factors->row(found.front());
            if (row >= top)
                m_factors->insertItem(top++, m_factors->takeItem(row));
        }
        for (int row = 0; row < m_factors->count(); ++row)
            m_factors->item(row)->setCheckState(
                factors.contains(m_factors->item(row)->text()) ? Qt::Checked : Qt::Unchecked);
    }
    refresh();
}

QStringList ExportDialog::availableFactors() const
{
    QStringList factors = kDefaultFactors;
    for (const auto& name : m_workspace->view()->table.conditionNames)
        factors << QString::fromStdString(name);
    return factors;
}

bool ExportDialog::isTableAvailable(TrustLatexTable table) const
{
    const auto& view = *m_workspace->view();
    if (!view.audit)
        return false;
    return !view.grouped || table == TrustLatexTable::Cells;
}

bool ExportDialog::isSourceAvailable(int code) const
{
    const LatexTableSource* s = sourceOf(code);
    return s != nullptr && s->problem().isEmpty();
}

bool ExportDialog::isTableAvailable(BiasLatexTable table) const
{
    return isSourceAvailable(kBiasLatexCode + static_cast<int>(table));
}

bool ExportDialog::isTableAvailable(RubricLatexTable table) const
{
    return isSourceAvailable(kRubricLatexCode + static_cast<int>(table));
}

bool ExportDialog::isTableAvailable(CascadeLatexTable table) const
{
    return isSourceAvailable(kCascadeLatexCode + static_cast<int>(table));
}

QString ExportDialog::latexText() const
{
    return QString::fromStdString(m_latex);
}

QString ExportDialog::projectOrInput() const
{
    const auto project = m_workspace->session()->projectPath();
    return project.isEmpty() ? QStringLiteral("INPUT") : project;
}

QStringList ExportDialog::cliArguments() const
{
    if (const LatexTableSource* s = source())
        return s->cliArguments(projectOrInput(), standalone());
    const auto& view = *m_workspace->view();
    const auto kind = table();
    QStringList args;
    args << (kind == TrustLatexTable::Dispersion ? QStringLiteral("dispersion")
             : kind == TrustLatexTable::Anova    ? QStringLiteral("anova")
                                                 : QStringLiteral("trust"));
    args << projectOrInput();
    args << QStringLiteral("--format") << QStringLiteral("latex");
    if (kind == TrustLatexTable::Gap)
        args << QStringLiteral("--table") << QStringLiteral("gap");
    if (kind == TrustLatexTable::Cells && colour())
        args << QStringLiteral("--colour");
    if (standalone())
        args << QStringLiteral("--standalone");
    const auto& trust = view.settings.trust;
    if (trust.qMode == QMode::Observed)
        args << QStringLiteral("--q") << QStringLiteral("observed");
    if (trust.consistencyUnit == ConsistencyUnit::Presentation)
        args << QStringLiteral("--unit") << QStringLiteral("presentation");
    if (trust.assumeConsistentWhenSingleRun)
        args << QStringLiteral("--assume-consistent");
    if (view.grouped) {
        QStringList columns;
        for (const auto& column : view.settings.groupBy)
            columns << QString::fromStdString(column);
        args << QStringLiteral("--by") << columns.join(QLatin1Char(','));
    } else if (kind == TrustLatexTable::Cells || kind == TrustLatexTable::Gap) {
        // Only what differs from the CLI's defaults (which are BootstrapSettings' defaults). Until the
        // intervals arrive the text has none: the CLI's --ci 0.
        const BootstrapSettings defaults;
        BootstrapSettings boot = view.settings.bootstrap;
        if (!view.intervalsReady)
            boot.resamples = 0;
        if (boot.resamples != defaults.resamples)
            args << QStringLiteral("--ci") << QString::number(boot.resamples);
        if (boot.seed != defaults.seed)
            args << QStringLiteral("--seed") << QString::number(boot.seed);
        if (boot.level != defaults.level)
            args << QStringLiteral("--level")
                 << QString::number(boot.level, 'g', QLocale::FloatingPointShortest);
    }
    if (kind == TrustLatexTable::Anova && anovaFactors() != kDefaultFactors)
        args << QStringLiteral("--factors") << anovaFactors().join(QLatin1Char(','));
    return args;
}

bool ExportDialog::saveTo(const QString& path, QString* error) const
{
    if (m_latex.empty()) {
        if (error != nullptr)
            *error = m_problem;
        return false;
    }
    return writeExportFile(path, m_latex, error);
}

void ExportDialog::copyToClipboard()
{
    if (!m_latex.empty())
        QGuiApplication::clipboard()->setText(latexText());
}

void ExportDialog::save()
{
    if (m_latex.empty())
        return;
    QString directory = QSettings().value(QLatin1String(kDirectoryKey)).toString();
    if (directory.isEmpty()) {
        const auto project = m_workspace->session()->projectPath();
        directory = project.isEmpty() ? QDir::homePath() : QFileInfo(project).absolutePath();
    }
    auto* dialog =
        new QFileDialog(this, tr("Save LaTeX"), directory, tr("LaTeX files (*.tex);;All files (*)"));
    dialog->setObjectName(QStringLiteral("exportSaveDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("tex"));
    dialog->selectFile(QDir(directory).filePath(defaultFileName()));
    // The text shown when Save was pressed, even if intervals arrive while the file is chosen.
    connect(dialog, &QFileDialog::fileSelected, this, [this, bytes = m_latex](const QString& path) {
        QString error;
        if (!writeExportFile(path, bytes, &error)) {
            QMessageBox::warning(this, tr("Save LaTeX"), error);
            return;
        }
        QSettings().setValue(QLatin1String(kDirectoryKey), QFileInfo(path).absolutePath());
    });
    dialog->open();
}

void ExportDialog::rebuildFactors()
{
    // Keep the user's order and checks for the columns that remain; new columns come last, unchecked
    // (judge, format and dataset checked the first time: the CLI's default --factors).
    const bool first = m_factors->count() == 0;
    QStringList order;
    QStringList checked;
    for (int row = 0; row < m_factors->count(); ++row) {
        order << m_factors->item(row)->text();
        if (m_factors->item(row)->checkState() == Qt::Checked)
            checked << m_factors->item(row)->text();
    }
    const auto available = availableFactors();
    QStringList names;
    for (const auto& name : order) {
        if (available.contains(name))
            names << name;
    }
    for (const auto& name : available) {
        if (!names.contains(name))
            names << name;
    }
    const QSignalBlocker blocker(m_factors);
    m_factors->clear();
    for (const auto& name : names) {
        auto* item = new QListWidgetItem(name, m_factors);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable |
                       Qt::ItemIsDragEnabled);
        const bool on = first ? kDefaultFactors.contains(name) : checked.contains(name);
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
}

std::string ExportDialog::render(QString* problem) const
{
    if (const LatexTableSource* s = source())
        return s->latex(standalone(), problem);
    const auto& view = *m_workspace->view();
    const auto kind = table();
    if (!view.audit) {
        *problem = tr("Open an audit to export its tables.");
        return {};
    }
    if (!isTableAvailable(kind)) {
        QStringList columns;
        for (const auto& column : view.settings.groupBy)
            columns << QString::fromStdString(column);
        *problem = tr("The rows are pooled by %1: a grouping gives only the trust cell table (as "
                      "tribunal-cli trust --by does).")
                       .arg(columns.join(QLatin1String(", ")));
        return {};
    }
    TrustLatexExport options;
    options.colour = colour();
    options.standalone = standalone();
    options.anovaFactors.clear();
    for (const auto& name : anovaFactors())
        options.anovaFactors.push_back(name.toStdString());
    if (kind == TrustLatexTable::Anova && options.anovaFactors.empty()) {
        *problem = tr("Check at least one ANOVA factor.");
        return {};
    }
    try {
        switch (kind) {
        case TrustLatexTable::Cells:
            return trustCellsLatex(view.table, options);
        case TrustLatexTable::Gap:
            return trustGapLatex(*view.audit, view.results, view.intervals, view.settings.trust,
                                 view.settings.bootstrap, options);
        case TrustLatexTable::Dispersion:
            return dispersionLatex(pairwiseCellTable(*view.audit, view.results), view.settings.trust,
                                   view.table.consistencyAssumed, options);
        case TrustLatexTable::Anova:
            return anovaLatex(pairwiseCellTable(*view.audit, view.results), view.settings.trust,
                              view.table.consistencyAssumed, options);
        }
    } catch (const std::exception& e) {
        *problem = tr("This table cannot be written: %1").arg(coreErrorText(e));
    }
    return {};
}

void ExportDialog::refresh()
{
    const auto& view = *m_workspace->view();
    const bool other = source() != nullptr;
    const auto kind = table();
    auto* model = qobject_cast<QStandardItemModel*>(m_tableBox->model());
    for (int row = 0; row < m_tableBox->count(); ++row) {
        auto* item = model != nullptr ? model->item(row) : nullptr;
        if (item == nullptr)
            continue;
        const int code = m_tableBox->itemData(row).toInt();
        if (const LatexTableSource* s = sourceOf(code)) {
            // The reason shows in the note when the table is chosen, and as the item's tool tip.
            const QString reason = s->problem();
            item->setEnabled(reason.isEmpty());
            item->setToolTip(reason);
        } else {
            item->setEnabled(!view.grouped || static_cast<TrustLatexTable>(code) == TrustLatexTable::Cells);
        }
    }
    m_colour->setEnabled(!other && kind == TrustLatexTable::Cells);
    m_factors->setEnabled(!other && kind == TrustLatexTable::Anova);

    QString problem;
    auto latex = render(&problem);
    m_problem = problem;
    if (latex != m_latex) {
        m_latex = std::move(latex);
        m_preview->setPlainText(latexText());
    }
    m_copy->setEnabled(!m_latex.empty());
    m_save->setEnabled(!m_latex.empty());
    m_note->setText(noteText());
}

QString ExportDialog::noteText() const
{
    if (!m_problem.isEmpty())
        return m_problem;
    const auto& view = *m_workspace->view();
    const auto kind = table();
    QString note;
    if (const LatexTableSource* s = source()) {
        // The text is the shown view's (cliArguments() names its settings) until the new one arrives.
        const QString pending = s->pendingNote();
        if (!pending.isEmpty())
            note = pending + QLatin1Char(' ');
    } else {
        const bool intervalTable =
            !view.grouped && (kind == TrustLatexTable::Cells || kind == TrustLatexTable::Gap);
        if (intervalTable && m_workspace->isComputingIntervals())
            note = tr("Intervals are being computed; the text has them once they arrive.") + QLatin1Char(' ');
        else if (intervalTable && !view.intervalsReady && !m_workspace->isBusy() &&
                 m_workspace->settings().bootstrap.resamples > 0)
            note = tr("The intervals were cancelled: the text has none.") + QLatin1Char(' ');
    }
    QStringList quoted;
    for (const auto& arg : cliArguments())
        quoted << shellQuoted(arg);
    note += tr("Same text as: tribunal-cli %1").arg(quoted.join(QLatin1Char(' ')));
    return note;
}

QString ExportDialog::defaultFileName() const
{
    if (const LatexTableSource* s = source())
        return s->fileName;
    switch (table()) {
    case TrustLatexTable::Cells:
        return QStringLiteral("trust-cells.tex");
    case TrustLatexTable::Dispersion:
        return QStringLiteral("format-dispersion.tex");
    case TrustLatexTable::Anova:
        return QStringLiteral("anova.tex");
    case TrustLatexTable::Gap:
        return QStringLiteral("trust-gap.tex");
    }
    return QStringLiteral("table.tex");
}

} // namespace tribunal
