#include "items/rawoutputview.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QSplitter>

namespace tribunal {
namespace {

QPlainTextEdit* textPane(QGroupBox* box)
{
    auto* edit = new QPlainTextEdit(box);
    edit->setReadOnly(true);
    edit->setPlaceholderText(RawOutputView::tr("(no raw output)"));
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(edit);
    return edit;
}

} // namespace

RawOutputView::RawOutputView(QWidget* parent)
    : QWidget(parent), m_firstBox(new QGroupBox(this)), m_secondBox(new QGroupBox(this)),
      m_first(textPane(m_firstBox)), m_second(textPane(m_secondBox))
{
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_firstBox);
    splitter->addWidget(m_secondBox);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    clear();
}

void RawOutputView::showSingle(const QString& title, const QString& text)
{
    m_firstBox->setTitle(title);
    m_first->setPlainText(text);
    m_second->clear();
    m_secondBox->hide();
}

void RawOutputView::showPair(const QString& firstTitle, const QString& firstText, const QString& secondTitle,
                             const QString& secondText)
{
    m_firstBox->setTitle(firstTitle);
    m_first->setPlainText(firstText);
    m_secondBox->setTitle(secondTitle);
    m_second->setPlainText(secondText);
    m_secondBox->show();
}

void RawOutputView::clear()
{
    showSingle(tr("Raw output"), QString());
}

QString RawOutputView::firstText() const
{
    return m_first->toPlainText();
}

QString RawOutputView::secondText() const
{
    return m_secondBox->isHidden() ? QString() : m_second->toPlainText();
}

bool RawOutputView::isPairShown() const
{
    return !m_secondBox->isHidden();
}

} // namespace tribunal
