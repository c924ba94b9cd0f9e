// The Help menu's pages (User Guide, Algorithms, Keyboard Shortcuts): one window with a text browser, offline,
// each page made from its one source (the guide in the resources, the solver registry, the window's actions).
#pragma once

#include <QDialog>
#include <QString>

class QMenuBar;
class QTextBrowser;
class QWidget;

namespace hetsched::ui {

class HelpDialog : public QDialog {
    Q_OBJECT
public:
    explicit HelpDialog(const QString& title, QWidget* parent = nullptr);
    QTextBrowser* browser() const { return m_browser; }

private:
    QTextBrowser* m_browser;
};

// Every solver of every family, from the registry (SolverSpec): what it does, its guarantee, complexity,
// source and options, never shortened.
QString algorithmsHtml();
// Every action of the menus with its shortcuts (Menu > Submenu > Action), then the other actions of `window`
// that have one (the open editor's canvas, the views), read from the QActions themselves.
QString keyboardShortcutsHtml(const QMenuBar* menuBar, const QWidget* window);
// The user guide shipped in the resources.
inline constexpr const char* kUserGuideUrl = "qrc:/help/user-guide.html";

// Shows the help page `objectName` as a window of `owner` (raised when it is already open), made by `make`.
HelpDialog* showHelpPage(QWidget* owner, const QString& objectName, const QString& title,
                         void (*fill)(HelpDialog&, QWidget& owner));

}  // namespace hetsched::ui
