// Help inside the app (issue 29), through the real menu actions of a shown main window: the user guide names
// only menus that exist (with their keys), the Algorithms page states every solver's guarantee, complexity,
// source and options in full, the shortcuts page lists the actions' own keys, Cite copies five BibTeX
// entries, About lists the five papers, and the solver chooser's tooltips are whole descriptions.
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTimer>
#include <QtTest>
#include <memory>

#include "app/mainwindow.h"
#include "common/options.h"
#include "dialogs/about_dialog.h"
#include "dialogs/help_dialog.h"
#include "dialogs/papers.h"
#include "solvers/registry.h"
#include "ui_test_util.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

// A menu item's text as the user reads it: "&Save As…" is "Save As…".
QString plain(QString text) {
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return text.replace(QStringLiteral("&&"), QStringLiteral("&"));
}

// The action at `path` ("File › Export › Export Chart…") of the menu bar: a command or a submenu's action.
QAction* findMenuPath(const QMenuBar* bar, const QStringList& path) {
    QList<QAction*> actions = bar->actions();
    QAction* found = nullptr;
    for (const QString& step : path) {
        found = nullptr;
        for (QAction* action : actions)
            if (!found && !action->isSeparator() && plain(action->text()) == step) found = action;
        // "Undo" reads "Undo Move Node" once there is something to undo.
        for (QAction* action : actions)
            if (!found && !action->isSeparator() && step == QStringLiteral("Undo") &&
                plain(action->text()).startsWith(step + QLatin1Char(' ')))
                found = action;
        if (!found) return nullptr;
        actions = found->menu() ? found->menu()->actions() : QList<QAction*>();
    }
    return found;
}

QAction* menuAction(MainWindow& window, const char* objectName) {
    auto* action = window.findChild<QAction*>(QString::fromLatin1(objectName));
    if (!action) qWarning("no action %s", objectName);
    return action;
}

// The page the action opened: its dialog, found by name among the window's children.
QTextBrowser* openedPage(MainWindow& window, const char* dialogName) {
    auto* dialog = window.findChild<HelpDialog*>(QString::fromLatin1(dialogName));
    if (!dialog || !dialog->isVisible()) return nullptr;
    return dialog->browser();
}

}  // namespace

class HelpTests : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        test::isolateSettings(m_temp, QStringLiteral("help_tests"));
        m_window = test::shownWindow();
    }

    void cleanupTestCase() { m_window.reset(); }

    // Every menu path the guide names in bold ("File › Export › Export Chart…") is a real menu item, and a
    // key written after it ("(Ctrl+E)") is that item's shortcut. The journeys of the issue are all there.
    void userGuideNamesOnlyMenusThatExist() {
        QAction* guide = menuAction(*m_window, "userGuideAction");
        QVERIFY(guide);
        QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
        guide->trigger();
        QTextBrowser* page = openedPage(*m_window, "userGuideDialog");
        QVERIFY2(page, "Help > User Guide opened no page");
        QCOMPARE(page->source(), QUrl(QString::fromLatin1(kUserGuideUrl)));
        const QString html = page->document()->toHtml();
        const QString text = page->toPlainText();
        for (const char* journey : {"Open an example", "Draw a platform", "Import a workflow", "Run and compare solvers",
                                    "Simulate a schedule on SimGrid", "Export a figure for a paper",
                                    "Run an experiment on a cluster"})
            QVERIFY2(text.contains(QString::fromUtf8(journey)), journey);

        // The guide's own source (the browser rewrites its HTML), read from the resources as shipped.
        QFile source(QStringLiteral(":/help/user-guide.html"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QString guideHtml = QString::fromUtf8(source.readAll());
        static const QRegularExpression named(
            QStringLiteral("<b>((?:File|Edit|View|Solve|Tools|Help) › [^<]+)</b>(\\s*\\(((?:Ctrl|Shift|Alt|F\\d)[^)]*)\\))?"));
        int paths = 0;
        for (auto it = named.globalMatch(guideHtml); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            const QString path = match.captured(1).simplified();
            QAction* action = findMenuPath(m_window->menuBar(), path.split(QStringLiteral(" › ")));
            QVERIFY2(action, qPrintable(QStringLiteral("the guide names %1, which is not a menu item").arg(path)));
            if (!match.captured(3).isEmpty())
                QVERIFY2(action->shortcuts().contains(QKeySequence(match.captured(3))),
                         qPrintable(QStringLiteral("the guide gives %1 for %2, its shortcut is %3")
                                        .arg(match.captured(3), path, action->shortcut().toString())));
            ++paths;
        }
        QVERIFY2(paths >= 20, qPrintable(QStringLiteral("only %1 menu paths found in the guide").arg(paths)));
        QVERIFY(!html.isEmpty());
    }

    // Help > Algorithms: for every solver, its description, guarantee, complexity, source and each option's
    // description, whole (nothing cut with "..."), from the solver's own declaration.
    void algorithmsPageStatesEverySolverInFull() {
        QAction* algorithms = menuAction(*m_window, "algorithmsAction");
        QVERIFY(algorithms);
        algorithms->trigger();
        QTextBrowser* page = openedPage(*m_window, "algorithmsDialog");
        QVERIFY2(page, "Help > Algorithms opened no page");
        const QString text = page->toPlainText().simplified();
        QVERIFY(!solverSpecs().empty());
        for (const SolverSpec& s : solverSpecs()) {
            const QString id = QString::fromStdString(s.kind + " " + s.name);
            QVERIFY2(!s.guarantee.empty() && !s.complexity.empty() && !s.reference.empty(), qPrintable(id));
            for (const std::string& part : {s.description, s.guarantee, s.complexity, s.reference})
                QVERIFY2(text.contains(QString::fromStdString(part).simplified()),
                         qPrintable(id + QStringLiteral(": missing \"") + QString::fromStdString(part) + "\""));
            for (const OptionSpec& o : s.options)
                QVERIFY2(text.contains(QString::fromStdString(o.description).simplified()),
                         qPrintable(id + QStringLiteral(" option ") + QString::fromStdString(o.name)));
        }
        QVERIFY(!text.contains(QStringLiteral("...")));
        QVERIFY(!text.contains(QStringLiteral("…")));
    }

    // Help > Keyboard Shortcuts lists what the actions say: Solve > Run Solver with Ctrl+R, and every menu
    // item that has a shortcut, with it.
    void shortcutsPageListsTheActionsKeys() {
        QAction* shortcuts = menuAction(*m_window, "shortcutsAction");
        QVERIFY(shortcuts);
        shortcuts->trigger();
        QTextBrowser* page = openedPage(*m_window, "shortcutsDialog");
        QVERIFY2(page, "Help > Keyboard Shortcuts opened no page");
        const QString text = page->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Solve › Run Solver\tCtrl+R")) ||
                     text.contains(QStringLiteral("Solve › Run Solver Ctrl+R")) ||
                     QRegularExpression(QStringLiteral("Solve › Run Solver\\s+Ctrl\\+R")).match(text).hasMatch(),
                 qPrintable(text));
        int listed = 0;
        for (QAction* top : m_window->menuBar()->actions()) {
            QList<QAction*> items = top->menu() ? top->menu()->actions() : QList<QAction*>();
            while (!items.isEmpty()) {
                QAction* item = items.takeFirst();
                if (item->menu()) items += item->menu()->actions();
                if (item->isSeparator() || item->shortcuts().isEmpty()) continue;
                const QRegularExpression row(QRegularExpression::escape(plain(item->text())) + QStringLiteral("\\s+") +
                                             QRegularExpression::escape(item->shortcut().toString(QKeySequence::NativeText)));
                QVERIFY2(row.match(text).hasMatch(), qPrintable(plain(item->text())));
                ++listed;
            }
        }
        QVERIFY2(listed >= 12, qPrintable(QString::number(listed)));
    }

    // Help > Cite the Papers: the five papers' BibTeX on the clipboard, each entry whole (balanced braces).
    void citeCopiesTheFivePapersBibtex() {
        QApplication::clipboard()->clear();
        QAction* cite = menuAction(*m_window, "citeAction");
        QVERIFY(cite);
        cite->trigger();
        const QString bibtex = QApplication::clipboard()->text();
        QCOMPARE(bibtex.count(QRegularExpression(QStringLiteral("^@\\w+\\{"), QRegularExpression::MultilineOption)), 5);
        for (const char* key : {"Pilla2022", "BeaumontMarchalRobert2005", "KedadSidhoum2013",
                                "BeaumontMarchalSteadyState", "NTakpeSuter2006"})
            QVERIFY2(bibtex.contains(QStringLiteral("{%1,").arg(QString::fromLatin1(key))), key);
        for (const QString& entry : bibtex.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts))
            QCOMPARE(entry.count(QLatin1Char('{')), entry.count(QLatin1Char('}')));
        QVERIFY(bibtex.contains(QStringLiteral("10.1109/ICPADS.2006.32")));
        QVERIFY(bibtex.contains(QStringLiteral("RR-9487")));
    }

    // Help > About HetSched (modal): the five papers' titles and years, and its button copies their BibTeX.
    void aboutListsTheFivePapers() {
        QAction* about = menuAction(*m_window, "aboutAction");
        QVERIFY(about);
        QApplication::clipboard()->clear();
        QString shown, failure;
        QTimer::singleShot(0, this, [&] {
            auto* dialog = qobject_cast<AboutDialog*>(QApplication::activeModalWidget());
            if (!dialog) {
                failure = QStringLiteral("no About dialog");
                return;
            }
            if (auto* papers = dialog->findChild<QTextBrowser*>(QStringLiteral("aboutPapers")))
                shown = papers->toPlainText().simplified();
            if (auto* copy = dialog->findChild<QPushButton*>(QStringLiteral("copyBibtexButton")))
                QTest::mouseClick(copy, Qt::LeftButton);
            else
                failure = QStringLiteral("no Copy BibTeX button");
            dialog->reject();
        });
        about->trigger();
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QCOMPARE(implementedPapers().size(), 5);
        for (const Paper& paper : implementedPapers()) {
            QVERIFY2(shown.contains(paper.title), qPrintable(paper.title));
            QVERIFY2(shown.contains(QString::number(paper.year)), qPrintable(paper.title));
        }
        QCOMPARE(QApplication::clipboard()->text(), papersBibtex());
    }

    // The solver chooser's tooltips are the whole descriptions, never cut.
    void solverTooltipsAreWholeDescriptions() {
        auto* combo = m_window->findChild<QComboBox*>(QStringLiteral("solverComboBox"));
        QVERIFY(combo);
        QVERIFY(combo->count() > 0);
        for (int i = 0; i < combo->count(); ++i) {
            const QString name = combo->itemData(i).toString();
            const QString tip = combo->itemData(i, Qt::ToolTipRole).toString();
            bool matched = false;
            for (const SolverSpec& s : solverSpecs())
                if (QString::fromStdString(s.name) == name && QString::fromStdString(s.description) == tip) matched = true;
            QVERIFY2(matched, qPrintable(name + QStringLiteral(": tooltip \"") + tip + "\" is no solver's whole description"));
        }
    }

private:
    QTemporaryDir m_temp;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(HelpTests)
#include "test_help.moc"
