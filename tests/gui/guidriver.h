#pragma once
// Driving the workbench in a GUI test as a user does (tst_userjourneys): menu actions found by their menu and
// text, clicks, typed text, dock and page tabs clicked, rows selected through a view's selection model, and
// modal dialogs (file dialogs, the plot export dialog) answered as they open. Header-only; GUI thread only.

#include "framework/mainwindow.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenuBar>
#include <QTabBar>
#include <QTimer>
#include <QtTest>

#include <algorithm>
#include <functional>
#include <memory>

namespace tribunal::test {

/// Answers modal dialogs as they open (QApplication::activeModalWidget, polled every 20 ms): `answer` gets
/// each one and returns true once it has answered (then the polling stops).
class ModalAnswer : public QObject {
public:
    explicit ModalAnswer(std::function<bool(QWidget*)> answer) : m_answer(std::move(answer))
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            // The active modal widget can be a window-modal dialog under an application-modal one (the
            // import dialog under its file dialog): every shown modal window is offered.
            QWidgetList modals{QApplication::activeModalWidget()};
            for (QWidget* widget : QApplication::topLevelWidgets())
                if (widget->isVisible() && widget->isModal())
                    modals << widget;
            for (QWidget* modal : modals)
                if (modal && !answered && m_answer(modal))
                    answered = true;
        });
        m_timer.start(20);
    }
    bool answered = false;

private:
    std::function<bool(QWidget*)> m_answer;
    QTimer m_timer;
};

/// Accepts the next file dialog named `objectName` ("" = any) with `path` chosen.
inline std::unique_ptr<ModalAnswer> chooseFile(const QString& path, const QString& objectName = {})
{
    return std::make_unique<ModalAnswer>([path, objectName](QWidget* modal) {
        auto* dialog = qobject_cast<QFileDialog*>(modal);
        if (!dialog || (!objectName.isEmpty() && dialog->objectName() != objectName))
            return false;
        // Typed into the file name field, as a user does (selectFile finds no file of a folder the dialog has
        // not read yet).
        auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
        if (!name)
            return false;
        name->setText(path);
        QMetaObject::invokeMethod(dialog, "accept"); // protected in QFileDialog
        return true;
    });
}

/// The action `text` of the menu bar's menu `menu` ("&File", "&Import…").
inline QAction* menuAction(const MainWindow& window, const QString& menu, const QString& text)
{
    for (QAction* top : window.menuBar()->actions())
        if (top->menu() && top->text() == menu)
            for (QAction* action : top->menu()->actions())
                if (action->text() == text)
                    return action;
    return nullptr;
}

/// The first child of `root` of type Widget whose text() is `text`, or null.
template <typename Widget> Widget* withText(const QWidget* root, const QString& text)
{
    for (Widget* widget : root->findChildren<Widget*>())
        if (widget->text() == text)
            return widget;
    return nullptr;
}

inline void click(QWidget* widget)
{
    // A check box reacts on its indicator and text: aim at the indicator on the left.
    const QPoint at = qobject_cast<QCheckBox*>(widget)
                          ? QPoint(std::min(8, widget->width() / 2), widget->height() / 2)
                          : widget->rect().center();
    QTest::mouseClick(widget, Qt::LeftButton, {}, at);
}

/// Replaces the text of `widget` (a line edit or a spin box) by typing: select all, delete, then the keys.
inline void typeInto(QWidget* widget, const QString& text)
{
    widget->setFocus();
    QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(widget, Qt::Key_Backspace);
    QTest::keyClicks(widget, text);
}

/// Clicks the tab titled `title` among `bars`; false when none has it.
inline bool clickTab(const QList<QTabBar*>& bars, const QString& title)
{
    for (QTabBar* bar : bars)
        for (int i = 0; i < bar->count(); ++i)
            if (QString(bar->tabText(i)).remove(QLatin1Char('&')) == title) {
                QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(i).center());
                return true;
            }
    return false;
}

/// Clicks the tab of dock `title` in the tab bars of the window's tabbed docks.
inline bool clickDockTab(MainWindow& window, const QString& title)
{
    return clickTab(window.findChildren<QTabBar*>(QString(), Qt::FindDirectChildrenOnly), title);
}

/// Selects proxy row `row` of `view` as a click does (current, whole row selected).
inline void selectRow(QAbstractItemView* view, int row)
{
    view->setFocus();
    view->selectionModel()->setCurrentIndex(view->model()->index(row, 0),
                                            QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

} // namespace tribunal::test
