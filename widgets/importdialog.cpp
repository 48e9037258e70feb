#include "importdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace tribunal {

ImportDialog::ImportDialog(QWidget* parent)
    : QDialog(parent), m_list(new QListWidget(this)),
      m_skip(new QCheckBox(
          tr("Skip bad records and list them (otherwise the first bad record stops the import)"), this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Import"));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    auto* addFiles = new QPushButton(tr("Add files…"), this);
    auto* addFolder = new QPushButton(tr("Add LLMBar folder…"), this);
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
    resize(640, 320);
}

void ImportDialog::addFiles()
{
    addPaths(QFileDialog::getOpenFileNames(this, tr("Import files"), QString(),
                                           tr("Audit files (*.csv *.jsonl *.ndjson *.json);;All files (*)")));
}

void ImportDialog::addFolder()
{
    auto folder = QFileDialog::getExistingDirectory(this, tr("Import an LLMBar folder"));
    if (!folder.isEmpty())
        addPaths({folder});
}

void ImportDialog::addPaths(const QStringList& paths)
{
    for (const auto& path : paths)
        if (m_list->findItems(path, Qt::MatchExactly).isEmpty())
            m_list->addItem(path);
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
        out << m_list->item(i)->text();
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

void ImportDialog::updateButtons()
{
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_list->count() > 0);
}

} // namespace tribunal
