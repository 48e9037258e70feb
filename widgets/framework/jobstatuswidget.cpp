#include "framework/jobstatuswidget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace tribunal {
namespace {
constexpr int kBarSteps = 1000; // QProgressBar takes int; totals may exceed it
}

JobStatusWidget::JobStatusWidget(QWidget* parent)
    : QWidget(parent), m_title(new QLabel(this)), m_bar(new QProgressBar(this)),
      m_cancel(new QPushButton(tr("Cancel"), this))
{
    m_bar->setMaximumWidth(200);
    m_bar->setTextVisible(false);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancel->setEnabled(false); // one click is enough; the job stops at its next chunk boundary
        m_title->setText(tr("Cancelling…"));
        emit cancelRequested();
    });
    hide();
}

void JobStatusWidget::begin(const QString& title)
{
    m_title->setText(title);
    m_bar->setRange(0, 0);
    m_cancel->setEnabled(true);
    show();
}

void JobStatusWidget::end()
{
    hide();
}

void JobStatusWidget::setProgress(qint64 done, qint64 total)
{
    if (total <= 0) {
        m_bar->setRange(0, 0);
        return;
    }
    m_bar->setRange(0, kBarSteps);
    m_bar->setValue(static_cast<int>(std::min(done, total) * kBarSteps / total));
}

} // namespace tribunal
