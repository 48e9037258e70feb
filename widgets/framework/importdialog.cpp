#include "framework/importdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace tribunal {

namespace {
/// Where the file and folder choosers start: the folder of the last input chosen.
const char* const kImportDirectoryKey = "files/importDirectory";
} // namespace

ImportDialog::ImportDialog(QWidget* parent)
    : QDialog(parent), m_list(new QListWidget(this)),
      m_skip(new QCheckBox(
          tr("Skip bad records and list them (otherwise the first bad record stops the import)"), this)),
      m_questions(new QLineEdit(this)), m_answers(new QLineEdit(this)), m_baseline(new QLineEdit(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Import"));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    auto* addFiles = new QPushButton(tr("Add files…"), this);
    auto* addFolder = new QPushButton(tr("Add folder…"), this);
    addFolder->setToolTip(tr("An LLMBar layout, or a folder of AlpacaEval annotations.json files"));
    auto* remove = new QPushButton(tr("Remove"), this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));

    auto* side = new QVBoxLayout;
    side->addWidget(addFiles);
    side->addWidget(addFolder);
    side->addWidget(remove);
    side->addStretch(1);
    auto* row = new QHBoxLayout;
    row->addWidget(m_list, 1);
    row->addLayout(side);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Files and folders to import into the open audit:"), this));
    layout->addLayout(row, 1);
    layout->addWidget(m_skip);

    // Texts of Arena-Hard / MT-Bench judgments: found beside model_judgment/ unless given here.
    auto* texts = new QGroupBox(tr("Texts of Arena-Hard and MT-Bench judgments"), this);
    auto* form = new QFormLayout(texts);
    m_questions->setObjectName(QStringLiteral("questionsEdit"));
    m_answers->setObjectName(QStringLiteral("answersEdit"));
    m_baseline->setObjectName(QStringLiteral("baselineEdit"));
    m_questions->setPlaceholderText(tr("question.jsonl beside model_judgment/"));
    m_answers->setPlaceholderText(tr("model_answer/ beside model_judgment/"));
    m_baseline->setPlaceholderText(tr("gpt-4-0314 for Arena-Hard v0.1 records that name none"));
    auto withBrowse = [this](QLineEdit* edit, bool folder) {
        auto* line = new QHBoxLayout;
        auto* browse = new QPushButton(tr("Browse…"), this);
        line->addWidget(edit, 1);
        line->addWidget(browse);
        connect(browse, &QPushButton::clicked, this, [this, edit, folder] {
            const QString path =
                folder
                    ? QFileDialog::getExistingDirectory(this, tr("The folder of answer files"), edit->text())
                    : QFileDialog::getOpenFileName(this, tr("The questions file"), edit->text(),
                                                   tr("JSON Lines (*.jsonl);;All files (*)"));
            if (!path.isEmpty())
                edit->setText(path);
        });
        return line;
    };
    form->addRow(tr("Questions:"), withBrowse(m_questions, false));
    form->addRow(tr("Answers folder:"), withBrowse(m_answers, true));
    form->addRow(tr("Baseline model:"), m_baseline);
    layout->addWidget(texts);
    layout->addWidget(m_buttons);

    connect(addFiles, &QPushButton::clicked, this, &ImportDialog::addFiles);
    connect(addFolder, &QPushButton::clicked, this, &ImportDialog::addFolder);
    connect(remove, &QPushButton::clicked, this, [this] {
        qDeleteAll(m_list->selectedItems());
        updateButtons();
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateButtons();
    resize(640, 420);
}

void ImportDialog::addFiles()
{
    QSettings settings;
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Import files"), settings.value(QLatin1String(kImportDirectoryKey)).toString(),
        tr("Audit files (*.csv *.jsonl *.ndjson *.json);;All files (*)"));
    if (!files.isEmpty())
        settings.setValue(QLatin1String(kImportDirectoryKey), QFileInfo(files.first()).absolutePath());
    addPaths(files);
}

void ImportDialog::addFolder()
{
    QSettings settings;
    auto folder =
        QFileDialog::getExistingDirectory(this, tr("Import a folder (LLMBar, AlpacaEval results)"),
                                          settings.value(QLatin1String(kImportDirectoryKey)).toString());
    if (!folder.isEmpty()) {
        settings.setValue(QLatin1String(kImportDirectoryKey), QFileInfo(folder).absolutePath());
        addPaths({folder});
    }
}

void ImportDialog::addPaths(const QStringList& paths)
{
    for (const auto& path : paths) {
        if (this->paths().contains(path))
            continue;
        // What the import will read it as (detectFormat: the first bytes only), so a file that is not what
        // the user thinks shows before the import starts.
        const SourceFormat format = detectFormat(path.toStdString());
        const QString shown =
            format == SourceFormat::Auto
                ? tr("%1 (unreadable: no format detected)").arg(path)
                : tr("%1 (%2, detected)").arg(path, QString::fromUtf8(sourceFormatName(format)));
        auto* item = new QListWidgetItem(shown, m_list);
        item->setData(Qt::UserRole, path);
    }
    updateButtons();
}

void ImportDialog::setPaths(const QStringList& paths)
{
    m_list->clear();
    addPaths(paths);
}

QStringList ImportDialog::paths() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        out << m_list->item(i)->data(Qt::UserRole).toString();
    return out;
}

void ImportDialog::setPolicy(BadRecordPolicy policy)
{
    m_skip->setChecked(policy == BadRecordPolicy::SkipAndList);
}

BadRecordPolicy ImportDialog::policy() const
{
    return m_skip->isChecked() ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
}

HarnessTextPaths ImportDialog::texts() const
{
    HarnessTextPaths out;
    out.questions = m_questions->text().trimmed().toStdString();
    out.answersDir = m_answers->text().trimmed().toStdString();
    out.baseline = m_baseline->text().trimmed().toStdString();
    return out;
}

void ImportDialog::setTexts(const HarnessTextPaths& texts)
{
    m_questions->setText(QString::fromStdString(texts.questions));
    m_answers->setText(QString::fromStdString(texts.answersDir));
    m_baseline->setText(QString::fromStdString(texts.baseline));
}

void ImportDialog::updateButtons()
{
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_list->count() > 0);
}

} // namespace tribunal
