#include "app/help_menu.h"

#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTextBrowser>
#include <QUrl>

#include "dialogs/about_dialog.h"
#include "dialogs/help_dialog.h"
#include "dialogs/papers.h"

namespace hetsched::ui {

void addHelpMenu(QMainWindow* window, std::function<void(const QString&)> status) {
    QMenu* help = window->menuBar()->addMenu(QObject::tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    QAction* guide = help->addAction(QObject::tr("&User Guide"), window, [window] {
        showHelpPage(window, QStringLiteral("userGuideDialog"), QObject::tr("HetSched User Guide"),
                     [](HelpDialog& dialog, QWidget&) { dialog.browser()->setSource(QUrl(QString::fromLatin1(kUserGuideUrl))); });
    });
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setShortcut(QKeySequence::HelpContents);
    QAction* algorithms = help->addAction(QObject::tr("&Algorithms"), window, [window] {
        showHelpPage(window, QStringLiteral("algorithmsDialog"), QObject::tr("Algorithms"),
                     [](HelpDialog& dialog, QWidget&) { dialog.browser()->setHtml(algorithmsHtml()); });
    });
    algorithms->setObjectName(QStringLiteral("algorithmsAction"));
    algorithms->setStatusTip(QObject::tr("Every solver: what it does, its guarantee, complexity, paper and options"));
    QAction* shortcuts = help->addAction(QObject::tr("&Keyboard Shortcuts"), window, [window] {
        showHelpPage(window, QStringLiteral("shortcutsDialog"), QObject::tr("Keyboard Shortcuts"),
                     [](HelpDialog& dialog, QWidget& owner) {
                         dialog.browser()->setHtml(
                             keyboardShortcutsHtml(static_cast<QMainWindow&>(owner).menuBar(), &owner));
                     });
    });
    shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    help->addSeparator();
    QAction* cite = help->addAction(QObject::tr("&Cite the Papers"), window, [status = std::move(status)] {
        copyPapersBibtex();
        status(QObject::tr("The BibTeX of the %n papers HetSched implements is on the clipboard", nullptr,
                           static_cast<int>(implementedPapers().size())));
    });
    cite->setObjectName(QStringLiteral("citeAction"));
    cite->setStatusTip(QObject::tr("Copy the BibTeX of the five papers whose algorithms HetSched implements"));
    help->addSeparator();
    QAction* about = help->addAction(QObject::tr("&About HetSched"), window, [window] { AboutDialog(window).exec(); });
    about->setObjectName(QStringLiteral("aboutAction"));
    help->addAction(QObject::tr("About &Qt"), qApp, &QApplication::aboutQt);
}

}  // namespace hetsched::ui
