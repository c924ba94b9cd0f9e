// Projects that never lose work, offscreen: the autosave writes a recovery file after its interval (never over
// the user's file) and a dead session's file is offered and restored with equal content at the next start; a
// corrupt or truncated file is reported and changes nothing; an interrupted save leaves the old file intact;
// outdated runs are marked and re-run with the same solver and options; every edit of every editor undoes back
// to the initial state and redoes to the same state; the templates generate valid instances undoably.
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDirIterator>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLockFile>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QUndoView>
#include <QtTest>
#include <csignal>
#include <functional>
#include <memory>

#include <sys/resource.h>

#include "document/autosave.h"
#include "document/instance_list_model.h"
#include "document/project_document.h"
#include "document/run_table_model.h"
#include "editors/cpugpu_editor.h"
#include "editors/cpugpu_task_model.h"
#include "editors/divisible_editor.h"
#include "editors/divisible_worker_model.h"
#include "editors/partition_editor.h"
#include "editors/partition_resource_model.h"
#include "panels/instance_list_panel.h"
#include "io/instance_io.h"
#include "io/json_reader.h"
#include "io/project.h"
#include "results/result_io.h"
#include "model/dag_random.h"
#include "app/mainwindow.h"
#include "dialogs/recovery_dialog.h"
#include "panels/result_pane.h"
#include "panels/run_table.h"
#include "app/solve_controller.h"
#include "panels/solver_panel.h"
#include "dialogs/template_dialog.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

constexpr int kSolveTimeoutMs = 30000;
constexpr int kIntervalMs = 150;

QByteArray bytesOf(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeBytes(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
}

nlohmann::json projectJson(const MainWindow& window) {
    return projectToJson(window.document()->toProject());
}

QStringList filesIn(const QString& directory) {
    return QDir(directory).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

// Answers the next modal dialog (a message box) with `button`, keeping its texts for the test.
struct ModalAnswer {
    QString text;
    QString informative;
    bool seen = false;
};
void answerNextMessageBox(ModalAnswer* answer, QMessageBox::StandardButton button) {
    QTimer::singleShot(50, [answer, button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box) {
            answerNextMessageBox(answer, button);
            return;
        }
        answer->seen = true;
        answer->text = box->text();
        answer->informative = box->informativeText();
        if (QAbstractButton* b = box->button(button))
            b->click();
        else
            box->reject();
    });
}

bool solveAndWait(MainWindow& window, const QString& solver, const SolverOptions& options = {}) {
    QSignalSpy done(window.solveController(), &SolveController::succeeded);
    window.runSolver(solver, options);
    return done.wait(kSolveTimeoutMs);
}

// The template dialog's page of a generator ("divisible", "steady_state", ...), whose editors are "option_<name>".
QWidget* page(QWidget& dialog, const char* kind) {
    return dialog.findChild<QWidget*>(QStringLiteral("templatePage_%1").arg(QLatin1String(kind)));
}

}  // namespace

class ProjectSafetyTests : public QObject {
    Q_OBJECT

    QTemporaryDir m_temp;
    QString m_recovery;

    std::unique_ptr<MainWindow> openExample() {
        auto window = std::make_unique<MainWindow>();
        const Expected<bool> loaded = window->loadFile(MainWindow::defaultExample());
        if (!loaded) qWarning("%s", loaded.error().message.c_str());
        return window;
    }

    // A fresh recovery directory for a test.
    void useRecoveryDirectory(const QString& name) {
        m_recovery = m_temp.filePath(name);
        QDir(m_recovery).removeRecursively();
        AutosaveManager::setDefaultDirectory(m_recovery);
    }

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_temp.filePath(QStringLiteral("settings")));
        QApplication::setOrganizationName(QStringLiteral("HetSchedTests"));
        QApplication::setApplicationName(QStringLiteral("project_safety_tests"));
        AutosaveManager::setDefaultIntervalMs(kIntervalMs);
    }

    void autosaveWritesARecoveryFileAfterTheIntervalAndNeverTheUsersFile() {
        useRecoveryDirectory(QStringLiteral("autosave"));
        auto window = openExample();
        AutosaveManager* autosave = window->autosave();
        QCOMPARE(autosave->directory(), m_recovery);
        QCOMPARE(autosave->intervalMs(), kIntervalMs);
        const QString recovery = autosave->recoveryFilePath();
        QVERIFY(recovery.startsWith(m_recovery));
        QSignalSpy autosaved(autosave, &AutosaveManager::autosaved);

        // Unmodified: nothing is written.
        QTest::qWait(3 * kIntervalMs);
        QCOMPARE(autosaved.count(), 0);
        QVERIFY(!QFileInfo::exists(recovery));

        // An edit: the next tick writes the project as it is now.
        window->addNewInstance(QStringLiteral("divisible"));
        QVERIFY(autosaved.wait(10 * kIntervalMs));
        QVERIFY(QFileInfo::exists(recovery));
        Expected<RecoveredProject> read = AutosaveManager::readRecoveryFile(recovery);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(projectToJson(read->project), projectJson(*window));
        QVERIFY(read->originalPath.isEmpty());
        QVERIFY(qAbs(read->savedAt.secsTo(QDateTime::currentDateTime())) < 60);

        // No change since: no rewrite.
        QTest::qWait(4 * kIntervalMs);
        QCOMPARE(autosaved.count(), 1);

        // A clean save removes it; the user's file is written by Save only.
        const QString path = m_temp.filePath(QStringLiteral("autosave.hsproj"));
        QVERIFY(window->saveProject(path).ok());
        QVERIFY(!QFileInfo::exists(recovery));
        const QByteArray saved = bytesOf(path);
        window->addNewInstance(QStringLiteral("cpugpu"));
        QVERIFY(autosaved.wait(10 * kIntervalMs));
        QVERIFY(QFileInfo::exists(recovery));
        QCOMPARE(bytesOf(path), saved);
        read = AutosaveManager::readRecoveryFile(recovery);
        QVERIFY(read.ok());
        QCOMPARE(read->originalPath, QFileInfo(path).absoluteFilePath());
        QCOMPARE(static_cast<int>(read->project.entries.size()), 3);

        // Undoing back to the saved state: the file on disk holds everything, the recovery file goes.
        window->document()->undoStack()->undo();
        QVERIFY(!window->document()->isModified());
        QVERIFY(!QFileInfo::exists(recovery));

        // Two windows (two sessions) never share a recovery file.
        MainWindow other;
        QVERIFY(other.autosave()->recoveryFilePath() != recovery);

        // A window that goes away cleanly leaves nothing behind.
        window->addNewInstance(QStringLiteral("partition"));
        QVERIFY(autosaved.wait(10 * kIntervalMs));
        window.reset();
        QVERIFY(!QFileInfo::exists(recovery));
        QCOMPARE(filesIn(m_recovery), QStringList());
    }

    void aLargeProjectIsAutosavedOffTheGuiThreadAndASaveMeanwhileWins() {
        useRecoveryDirectory(QStringLiteral("large"));
        auto window = openExample();
        AutosaveManager* autosave = window->autosave();
        const QString recovery = autosave->recoveryFilePath();
        QSignalSpy autosaved(autosave, &AutosaveManager::autosaved);
        // A task graph of 20,000 tasks: its text takes a moment to make, off the GUI thread (3,000 were enough while
        // the text went through a document tree; written as it goes, it is made too fast to be seen running).
        DagGeneratorConfig config;
        config.n = 20000;
        config.density = 0.5;
        Expected<DagPlatform> platform = generatePlatform(DagPlatformConfig{});
        QVERIFY(platform.ok());
        Expected<DagInstance> dag = generateDag(config, *platform);
        QVERIFY(dag.ok());
        window->document()->addEntry(QStringLiteral("large"), Instance(*dag));
        QTRY_VERIFY_WITH_TIMEOUT(autosave->isWriting(), 10 * kIntervalMs);
        // Saved while the autosave is being made: the older autosave must not come back as a recovery file.
        const QString path = m_temp.filePath(QStringLiteral("large.hsproj"));
        QVERIFY(window->saveProject(path).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!autosave->isWriting(), 60000);
        QTest::qWait(50);
        QVERIFY(!QFileInfo::exists(recovery));
        QCOMPARE(autosaved.count(), 0);
        // An edit after: autosaved in full, read back equal.
        window->addNewInstance(QStringLiteral("divisible"));
        QVERIFY(autosaved.wait(60000));
        Expected<RecoveredProject> read = AutosaveManager::readRecoveryFile(recovery);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(projectToJson(read->project), projectJson(*window));
    }

    void aCrashedSessionIsOfferedAndRestoredWithEqualContent() {
        useRecoveryDirectory(QStringLiteral("crash"));
        const QString path = m_temp.filePath(QStringLiteral("crashed.hsproj"));
        nlohmann::json before;
        QByteArray savedBytes;
        {
            auto window = openExample();
            QVERIFY(window->saveProject(path).ok());
            savedBytes = bytesOf(path);
            // Edits and a run that were never saved.
            window->addNewInstance(QStringLiteral("cpugpu"));
            window->document()->renameEntry(window->currentEntry(), QStringLiteral("gpu-node"));
            QVERIFY(solveAndWait(*window, QStringLiteral("heteroprio"), {{"spoliation", 0}}));
            before = projectJson(*window);
            QVERIFY(window->autosave()->autosaveNow().ok());
            // The crash: the process dies with its recovery file on disk. Here the file is kept under the name
            // of a session that no longer runs (no live lock), and the window then goes.
            QVERIFY(QFile::copy(window->autosave()->recoveryFilePath(),
                                QDir(m_recovery).filePath(QStringLiteral("session-999999-deadbeef0000.hsrecovery"))));
        }
        // Another session still running: its file is never offered.
        QVERIFY(QFile::copy(QDir(m_recovery).filePath(QStringLiteral("session-999999-deadbeef0000.hsrecovery")),
                            QDir(m_recovery).filePath(QStringLiteral("session-1-alive.hsrecovery"))));
        QLockFile alive(QDir(m_recovery).filePath(QStringLiteral("session-1-alive.lock")));
        alive.setStaleLockTime(0);
        QVERIFY(alive.tryLock(0));
        QCOMPARE(bytesOf(path), savedBytes);

        // The next start.
        MainWindow window;
        QVERIFY(window.loadFile(MainWindow::defaultExample()).ok());
        QStringList listed;
        const bool restored = window.offerRecovery([&](RecoveryDialog& dialog) {
            QTreeWidget* list = dialog.list();
            for (int i = 0; i < list->topLevelItemCount(); ++i)
                listed << list->topLevelItem(i)->text(0) + QLatin1Char('|') + list->topLevelItem(i)->text(1) +
                              QLatin1Char('|') + list->topLevelItem(i)->text(3);
            list->clearSelection();
            list->topLevelItem(0)->setSelected(true);
            dialog.restoreSelected();
            return dialog.result();
        });
        QCOMPARE(listed.size(), 1);
        QVERIFY2(listed.front().contains(QStringLiteral("crashed.hsproj")), qPrintable(listed.front()));
        QVERIFY2(listed.front().contains(QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath())),
                 qPrintable(listed.front()));
        QVERIFY(restored);

        // Equal content, unsaved, with the original file as the save target.
        QCOMPARE(projectJson(window), before);
        QVERIFY(window.document()->isModified());
        QCOMPARE(window.document()->filePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(window.windowTitle().contains(QStringLiteral("crashed.hsproj")));
        QVERIFY(window.isWindowModified());
        const DocumentEntry& gpu = window.document()->entryAt(1);
        QCOMPARE(gpu.name, QStringLiteral("gpu-node"));
        QCOMPARE(gpu.runs.size(), std::size_t{1});
        QVERIFY(gpu.runs[0].result);
        QVERIFY(window.document()->isRunCurrent(gpu, gpu.runs[0]));
        // The dead session's file is gone once this session holds the work in its own; the live one stays.
        QVERIFY(!QFileInfo::exists(QDir(m_recovery).filePath(QStringLiteral("session-999999-deadbeef0000.hsrecovery"))));
        QVERIFY(window.autosave()->hasRecoveryFile());
        QVERIFY(QFileInfo::exists(QDir(m_recovery).filePath(QStringLiteral("session-1-alive.hsrecovery"))));
        // Undoing cannot make it look saved: it never was.
        while (window.document()->undoStack()->canUndo()) window.document()->undoStack()->undo();
        QVERIFY(window.document()->isModified());
        while (window.document()->undoStack()->canRedo()) window.document()->undoStack()->redo();

        // Save writes to the original file; the recovery file goes.
        QVERIFY(window.saveProject(window.document()->filePath()).ok());
        QVERIFY(!window.document()->isModified());
        QVERIFY(!window.autosave()->hasRecoveryFile());
        Expected<Project> reread = parseProject(bytesOf(path).toStdString());
        QVERIFY(reread.ok());
        QCOMPARE(projectToJson(*reread), before);
        alive.unlock();
    }

    void laterKeepsTheAutosavesAndDiscardDeletesThem() {
        useRecoveryDirectory(QStringLiteral("later"));
        QString first;
        {
            MainWindow window;
            window.addNewInstance(QStringLiteral("divisible"));
            QVERIFY(window.autosave()->autosaveNow().ok());
            first = QDir(m_recovery).filePath(QStringLiteral("session-424242-aaaaaaaaaaaa.hsrecovery"));
            QVERIFY(QFile::copy(window.autosave()->recoveryFilePath(), first));
        }
        const QString second = QDir(m_recovery).filePath(QStringLiteral("session-424243-bbbbbbbbbbbb.hsrecovery"));
        QVERIFY(QFile::copy(first, second));
        // A truncated autosave (the crash hit while it was written by an old version): listed, not restorable.
        const QString broken = QDir(m_recovery).filePath(QStringLiteral("session-424244-cccccccccccc.hsrecovery"));
        writeBytes(broken, bytesOf(first).left(120));

        MainWindow window;
        const nlohmann::json opened = projectJson(window);
        int count = 0;
        bool restoreEnabledOnBroken = true;
        QVERIFY(!window.offerRecovery([&](RecoveryDialog& dialog) {
            count = dialog.list()->topLevelItemCount();
            for (int i = 0; i < count; ++i) {
                QTreeWidgetItem* item = dialog.list()->topLevelItem(i);
                if (!item->text(3).startsWith(QStringLiteral("unreadable"))) continue;
                dialog.list()->clearSelection();
                item->setSelected(true);
                restoreEnabledOnBroken = dialog.findChild<QPushButton*>(QStringLiteral("restoreButton"))->isEnabled();
            }
            dialog.findChild<QPushButton*>(QStringLiteral("laterButton"))->click();
            return dialog.result();
        }));
        QCOMPARE(count, 3);
        QVERIFY(!restoreEnabledOnBroken);
        QCOMPARE(projectJson(window), opened);
        QVERIFY(QFileInfo::exists(first) && QFileInfo::exists(second) && QFileInfo::exists(broken));
        // Later released them: no lock of theirs is left, and they are offered again.
        QVERIFY(!QFileInfo::exists(QDir(m_recovery).filePath(QStringLiteral("session-424242-aaaaaaaaaaaa.lock"))));

        // Discard the broken one and the first: only the second is left.
        QVERIFY(!window.offerRecovery([&](RecoveryDialog& dialog) {
            QTreeWidget* list = dialog.list();
            for (int i = 0; i < list->topLevelItemCount(); ++i) {
                QTreeWidgetItem* item = list->topLevelItem(i);
                item->setSelected(false);
            }
            // The unreadable one and the first readable one.
            bool readablePicked = false;
            for (int i = 0; i < list->topLevelItemCount(); ++i) {
                QTreeWidgetItem* item = list->topLevelItem(i);
                const bool unreadable = item->text(3).startsWith(QStringLiteral("unreadable"));
                if (unreadable || !readablePicked) item->setSelected(true);
                if (!unreadable) readablePicked = true;
            }
            dialog.discardSelected();
            return dialog.result();
        }));
        QCOMPARE(filesIn(m_recovery).filter(QStringLiteral(".hsrecovery")).size(), 1);
        QVERIFY(!QFileInfo::exists(broken));
        QCOMPARE(projectJson(window), opened);
    }

    void aRecoveryFileNestedTooDeeplyIsUnreadableNotACrash() {
        useRecoveryDirectory(QStringLiteral("deep"));
        QVERIFY(QDir().mkpath(m_recovery));
        // A recovery file whose project's runs nest 200,000 arrays (what overflowed the stack when opened).
        const QString deep = QDir(m_recovery).filePath(QStringLiteral("session-525252-dddddddddddd.hsrecovery"));
        writeBytes(deep, QByteArray(R"({"format": "hetsched-recovery", "version": 1, "project": {"format": )"
                                    R"("hetsched-project", "version": 1, "entries": [{"name": "a", "runs": )") +
                             QByteArray(200000, '[') + QByteArray(200000, ']') + QByteArray("}]}}"));
        Expected<RecoveredProject> read = AutosaveManager::readRecoveryFile(deep);
        QVERIFY(!read.ok());
        QVERIFY2(QString::fromStdString(read.error().message).contains(QStringLiteral("nested deeper than 256")),
                 read.error().message.c_str());
        // Offered at the next start as unreadable, the window's project untouched.
        MainWindow window;
        const nlohmann::json opened = projectJson(window);
        QString status;
        QVERIFY(!window.offerRecovery([&](RecoveryDialog& dialog) {
            if (dialog.list()->topLevelItemCount() == 1) status = dialog.list()->topLevelItem(0)->text(3);
            dialog.findChild<QPushButton*>(QStringLiteral("laterButton"))->click();
            return dialog.result();
        }));
        QVERIFY2(status.startsWith(QStringLiteral("unreadable")), qPrintable(status));
        QCOMPARE(projectJson(window), opened);
    }

    void aCorruptOrTruncatedFileIsReportedAndNothingChanges() {
        useRecoveryDirectory(QStringLiteral("corrupt"));
        auto window = openExample();
        const QString good = m_temp.filePath(QStringLiteral("good.hsproj"));
        QVERIFY(window->saveProject(good).ok());
        window->addNewInstance(QStringLiteral("divisible"));
        const nlohmann::json before = projectJson(*window);
        const int undoIndex = window->document()->undoStack()->index();
        const QString filePath = window->document()->filePath();
        const QByteArray text = bytesOf(good);

        struct Case {
            QString name;
            QByteArray bytes;
            QStringList mentions;   // what the message must name
        };
        QByteArray corrupt = text;
        corrupt.replace("\"tasks\": 1000", "\"tasks\": -5");
        QVERIFY(corrupt != text);
        const QList<Case> cases = {
            {QStringLiteral("truncated.hsproj"), text.left(text.size() / 2),
             {QStringLiteral("truncated.hsproj"), QStringLiteral("line")}},
            {QStringLiteral("corrupt.hsproj"), corrupt,
             {QStringLiteral("corrupt.hsproj"), QStringLiteral("entries[0].instance"), QStringLiteral("tasks")}},
            {QStringLiteral("empty.hsproj"), QByteArray(), {QStringLiteral("empty.hsproj")}},
            {QStringLiteral("truncated.json"), QByteArray("{\"kind\": \"partition\", \"tasks\": 10, \"resources\": [{\"na"),
             {QStringLiteral("truncated.json"), QStringLiteral("line 1")}},
        };
        for (const Case& c : cases) {
            const QString path = m_temp.filePath(c.name);
            writeBytes(path, c.bytes);
            const Expected<bool> loaded = window->loadFile(path);
            QVERIFY2(!loaded.ok(), qPrintable(c.name));
            const QString message = QString::fromStdString(loaded.error().message);
            for (const QString& mention : c.mentions)
                QVERIFY2(message.contains(mention), qPrintable(c.name + QStringLiteral(": ") + message));
            QCOMPARE(projectJson(*window), before);
            QCOMPARE(window->document()->undoStack()->index(), undoIndex);
            QCOMPARE(window->document()->filePath(), filePath);
            QVERIFY(window->document()->isModified());
            QCOMPARE(bytesOf(path), c.bytes);   // the user's file is left as it is
        }
        QCOMPARE(bytesOf(good), text);

        // Through the GUI (File > Open Recent): a message box says what is wrong and where.
        QVERIFY(window->saveProject(good).ok());
        const nlohmann::json saved = projectJson(*window);
        const QString corruptPath = QFileInfo(m_temp.filePath(QStringLiteral("corrupt.hsproj"))).absoluteFilePath();
        QSettings().setValue(QStringLiteral("recentFiles"), QStringList{corruptPath});
        QMenu* recent = nullptr;
        for (QMenu* menu : window->menuBar()->findChildren<QMenu*>())
            if (menu->title().remove(QLatin1Char('&')) == QLatin1String("Open Recent")) recent = menu;
        QVERIFY(recent);
        emit recent->aboutToShow();
        QVERIFY(!recent->actions().isEmpty());
        ModalAnswer answer;
        answerNextMessageBox(&answer, QMessageBox::Ok);
        recent->actions().front()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(answer.seen, 5000);
        QVERIFY2(answer.text.contains(QStringLiteral("corrupt.hsproj")), qPrintable(answer.text));
        QVERIFY2(answer.informative.contains(QStringLiteral("entries[0].instance")), qPrintable(answer.informative));
        QCOMPARE(projectJson(*window), saved);
        QCOMPARE(window->document()->filePath(), QFileInfo(good).absoluteFilePath());
    }

    void anInterruptedSaveLeavesTheOldFileIntact() {
        useRecoveryDirectory(QStringLiteral("interrupted"));
        const QString dir = m_temp.filePath(QStringLiteral("interrupted-save"));
        QVERIFY(QDir().mkpath(dir));
        const QString path = QDir(dir).filePath(QStringLiteral("work.hsproj"));
        auto window = openExample();
        QVERIFY(window->saveProject(path).ok());
        const QByteArray old = bytesOf(path);
        for (int i = 0; i < 5; ++i) window->addNewInstance(QStringLiteral("cpugpu"));
        const nlohmann::json edited = projectJson(*window);

        // The disk fills up during the write (a file size limit stands in for it, for root too).
        struct rlimit saved {};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto previous = std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit limited = saved;
        limited.rlim_cur = static_cast<rlim_t>(old.size() / 2);
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &limited), 0);
        const Expected<bool> failed = window->saveProject(path);
        ::setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previous);
        QVERIFY(!failed.ok());
        QVERIFY2(QString::fromStdString(failed.error().message).contains(QStringLiteral("work.hsproj")),
                 failed.error().message.c_str());
        QCOMPARE(bytesOf(path), old);
        QCOMPARE(filesIn(dir), QStringList{QStringLiteral("work.hsproj")});
        QVERIFY(window->document()->isModified());
        QCOMPARE(projectJson(*window), edited);
        // The work is still safe: the autosave writes it beside, not over the file.
        QVERIFY(window->autosave()->autosaveNow().ok());
        QCOMPARE(bytesOf(path), old);

        // A rename that cannot happen (the target became a directory): an error, no temporary left.
        const QString blocked = QDir(dir).filePath(QStringLiteral("blocked.hsproj"));
        QVERIFY(QDir().mkpath(QDir(blocked).filePath(QStringLiteral("inside"))));
        QVERIFY(!window->saveProject(blocked).ok());
        QCOMPARE(filesIn(dir), QStringList{QStringLiteral("work.hsproj")});
        QCOMPARE(window->document()->filePath(), QFileInfo(path).absoluteFilePath());

        // A crash between the write and the rename leaves a temporary beside the intact file: the next open
        // reads the old project, the next save succeeds, and the recovery still has the edits.
        const QString recovery = window->autosave()->recoveryFilePath();
        const QString leftover = QDir(dir).filePath(QStringLiteral(".work.hsproj.tmp-hetsched-Zx81Qp"));
        writeBytes(leftover, old.left(old.size() / 3));
        QVERIFY(QFile::copy(recovery, QDir(m_recovery).filePath(QStringLiteral("session-31337-crashedsave0.hsrecovery"))));
        window.reset();

        MainWindow reopened;
        QVERIFY(reopened.loadFile(path).ok());
        QCOMPARE(bytesOf(path), old);
        QCOMPARE(reopened.document()->entryCount(), 1);
        QVERIFY(reopened.offerRecovery([](RecoveryDialog& dialog) {
            dialog.restoreSelected();
            return dialog.result();
        }));
        QCOMPARE(projectJson(reopened), edited);
        QVERIFY(reopened.saveProject(path).ok());
        QCOMPARE(projectToJson(*parseProject(bytesOf(path).toStdString())), edited);
        QVERIFY(QFileInfo::exists(leftover));   // someone else's temporary is never deleted blindly
    }

    void anOutdatedRunIsMarkedAndReRunWithTheSameSolverAndOptions() {
        useRecoveryDirectory(QStringLiteral("rerun"));
        MainWindow window;
        window.addNewInstance(QStringLiteral("cpugpu"));
        const SolverOptions options{{"spoliation", 0}};
        QVERIFY(solveAndWait(window, QStringLiteral("heteroprio"), options));
        RunTableModel* runs = window.runTable()->model();
        QCOMPARE(runs->rowCount(), 1);
        QCOMPARE(runs->index(0, 0).data(RunTableModel::StaleRole).toBool(), false);
        QVERIFY(runs->index(0, 0).data(Qt::DecorationRole).isNull());
        ResultPane* pane = window.resultPane();
        QVERIFY(!pane->isShowingStaleRun());
        QVERIFY(!pane->rerunButton()->isVisibleTo(pane));
        const RunRecord& first = window.document()->entry(window.currentEntry())->runs[0];
        QCOMPARE(first.options(), options);

        // The instance changes: the run is outdated, in the table and in the result pane.
        auto* editor = qobject_cast<CpuGpuEditor*>(window.editor());
        QVERIFY(editor);
        editor->gpuSpinBox()->setValue(editor->gpuSpinBox()->value() + 1);
        QCOMPARE(runs->index(0, 0).data(RunTableModel::StaleRole).toBool(), true);
        QVERIFY(!runs->index(0, 0).data(Qt::DecorationRole).isNull());
        QVERIFY(runs->index(0, RunTableModel::StatusColumn).data(Qt::ToolTipRole).toString().contains(
            QStringLiteral("Outdated")));
        QVERIFY(pane->isShowingStaleRun());
        QVERIFY(pane->rerunButton()->isVisibleTo(pane));
        QVERIFY(pane->rerunButton()->isEnabled());

        // Re-run: the same solver and options on the instance as it is now, and the new run is current.
        QSignalSpy done(window.solveController(), &SolveController::succeeded);
        pane->rerunButton()->click();
        QVERIFY(done.wait(kSolveTimeoutMs));
        QCOMPARE(runs->rowCount(), 2);
        const DocumentEntry* entry = window.document()->entry(window.currentEntry());
        const RunRecord& again = entry->runs[1];
        QCOMPARE(again.solver(), QStringLiteral("heteroprio"));
        QCOMPARE(again.options(), options);
        QVERIFY(window.document()->isRunCurrent(*entry, again));
        QCOMPARE(window.runTable()->currentRun(), 1);
        QVERIFY(!pane->isShowingStaleRun());
        QCOMPARE(runs->index(1, 0).data(RunTableModel::StaleRole).toBool(), false);

        // The options are part of the saved project.
        const QString path = m_temp.filePath(QStringLiteral("rerun.hsproj"));
        QVERIFY(window.saveProject(path).ok());
        MainWindow reopened;
        QVERIFY(reopened.loadFile(path).ok());
        QCOMPARE(reopened.document()->entryAt(1).runs[1].options(), options);

        // Imported into another project (File > Import), the first run is still outdated, drawn against the
        // version it was computed on, and the second current.
        MainWindow importing;
        QVERIFY(importing.importFile(path).ok());
        const ProjectDocument* document = importing.document();
        const DocumentEntry& imported = document->entryAt(document->entryCount() - 1);
        QCOMPARE(imported.runs.size(), std::size_t{2});
        QVERIFY(imported.runs[0].result);
        QVERIFY(imported.runs[0].instance);
        QVERIFY(!document->isRunCurrent(imported, imported.runs[0]));
        QVERIFY(document->isRunCurrent(imported, imported.runs[1]));
    }

    // File > Open reads a project's runs where they lie in the file (ProjectDocument::prepareRun), never as JSON trees:
    // the runs are those the trees gave, for a current run with options, an outdated one ("computed_on"), one with a
    // simulation summary kept as stored, and one that does not read back (kept unreadable, saved back unchanged).
    void aProjectsRunsReadWhereTheyLieAreThoseOfItsTree() {
        useRecoveryDirectory(QStringLiteral("runs-in-place"));
        MainWindow window;
        window.addNewInstance(QStringLiteral("cpugpu"));
        QVERIFY(solveAndWait(window, QStringLiteral("heteroprio"), SolverOptions{{"spoliation", 0}}));
        QVERIFY(solveAndWait(window, QStringLiteral("heft")));
        window.addNewInstance(QStringLiteral("dag"));
        QVERIFY(solveAndWait(window, QStringLiteral("hcpa")));
        Project project = window.document()->toProject();
        QCOMPARE(project.entries.size(), std::size_t{3});   // the example, the CPU/GPU node, the task graph
        ProjectEntry& cpugpu = project.entries[1];
        QCOMPARE(cpugpu.runs.size(), std::size_t{2});
        cpugpu.earlierInstances.push_back(cpugpu.instance);   // an earlier version: another epsilon
        std::get<CpuGpuInstance>(cpugpu.earlierInstances[0]).epsilon = 0.01;
        cpugpu.runs[1]["computed_on"] = 0;
        cpugpu.runs[0]["simulation"] = {{"makespan", 3.5}, {"solver", "heteroprio"}};
        nlohmann::json broken = project.entries[2].runs.at(0);
        broken.erase("tasks");
        project.entries[2].runs.push_back(broken);
        const std::string text = projectFileText(project);

        Expected<Project> asTrees = parseProject(text);
        QVERIFY(asTrees.ok());
        const std::vector<DocumentEntry> expected = ProjectDocument::prepareEntries(std::move(*asTrees));
        std::vector<std::vector<PreparedRun>> runs;
        Expected<Project> inPlace = parseProject(text, [&](std::size_t entry, const ProjectEntry& soFar, const json_detail::JsonNode& run) {
            if (runs.size() <= entry) runs.resize(entry + 1);
            runs[entry].push_back(ProjectDocument::prepareRun(soFar, run));
        });
        QVERIFY(inPlace.ok());
        for (const ProjectEntry& entry : inPlace->entries) QVERIFY(entry.runs.empty());
        const std::vector<DocumentEntry> read = ProjectDocument::prepareEntries(std::move(*inPlace), {}, std::move(runs));
        QCOMPARE(read.size(), expected.size());
        int unreadable = 0, outdated = 0, summaries = 0;
        for (std::size_t e = 0; e < read.size(); ++e) {
            QCOMPARE(read[e].runs.size(), expected[e].runs.size());
            for (std::size_t r = 0; r < read[e].runs.size(); ++r) {
                const RunRecord& a = read[e].runs[r];
                const RunRecord& b = expected[e].runs[r];
                QCOMPARE(bool(a.result), bool(b.result));
                QCOMPARE(a.restoreError, b.restoreError);
                QCOMPARE(a.unreadable, b.unreadable);
                QCOMPARE(a.solverOptions, b.solverOptions);
                QCOMPARE(a.instanceDigest, b.instanceDigest);
                QCOMPARE(bool(a.instance), bool(b.instance));
                QCOMPARE(a.keptSimulationSummary, b.keptSimulationSummary);
                QCOMPARE(bool(a.simulation), bool(b.simulation));
                const Instance& solvedOn = a.instance ? *a.instance : read[e].instance;
                if (a.result) QCOMPARE(resultToJson(solvedOn, *a.result), resultToJson(solvedOn, *b.result));
                unreadable += !a.result;
                outdated += a.instanceDigest != read[e].digest;
                summaries += !a.keptSimulationSummary.is_null();
            }
        }
        QCOMPARE(unreadable, 1);
        QCOMPARE(outdated, 1);
        QCOMPARE(summaries, 1);
        QCOMPARE(read[1].runs[0].solverOptions, (SolverOptions{{"spoliation", 0}}));
    }

    void everyEditUndoesToTheInitialStateAndRedoesToTheSame() {
        useRecoveryDirectory(QStringLiteral("undo"));
        auto window = openExample();
        ProjectDocument* document = window->document();
        QUndoStack* undo = document->undoStack();
        const nlohmann::json initial = projectJson(*window);

        // The Edit menu: Undo and Redo with the platform's shortcuts.
        QAction* undoAction = nullptr;
        QAction* redoAction = nullptr;
        for (QAction* menu : window->menuBar()->actions()) {
            if (menu->text().remove(QLatin1Char('&')) != QLatin1String("Edit")) continue;
            for (QAction* action : menu->menu()->actions()) {
                if (action->shortcut() == QKeySequence(QKeySequence::Undo)) undoAction = action;
                if (action->shortcut() == QKeySequence(QKeySequence::Redo)) redoAction = action;
            }
        }
        QVERIFY(undoAction && redoAction);
        QVERIFY(!undoAction->isEnabled());

        // The partition editor: T, objective, add, rename, cost, limits, remove.
        auto* partition = qobject_cast<PartitionEditor*>(window->editor());
        QVERIFY(partition);
        auto* tasks = partition->findChild<QSpinBox*>(QStringLiteral("tasksSpinBox"));
        auto* objective = partition->findChild<QComboBox*>(QStringLiteral("objectiveComboBox"));
        PartitionResourceModel* resources = partition->resourceModel();
        // Typing 1100 then 1200 is one step, named after the value reached.
        tasks->setValue(1100);
        tasks->setValue(1200);
        QCOMPARE(undo->count(), 1);
        QCOMPARE(undo->text(0), QStringLiteral("Change T to 1200"));
        objective->setCurrentIndex((objective->currentIndex() + 1) % objective->count());
        resources->addResource();
        const int added = resources->rowCount() - 1;
        QVERIFY(resources->setData(resources->index(added, PartitionResourceModel::NameColumn),
                                   QStringLiteral("fpga2"), Qt::EditRole));
        QVERIFY(resources->setData(resources->index(4, PartitionResourceModel::CostColumn),
                                   QStringLiteral("fixed=2, per_task=0.5"), Qt::EditRole));
        QVERIFY(resources->setData(resources->index(5, PartitionResourceModel::UpperColumn), QStringLiteral("900"),
                                   Qt::EditRole));
        resources->removeResources({2});
        // The instance list: rename, duplicate, add of every kind, remove.
        InstanceListModel* list = window->instanceList()->model();
        QVERIFY(list->setData(list->index(0), QStringLiteral("node"), Qt::EditRole));
        window->instanceList()->findChild<QToolButton*>(QStringLiteral("duplicateInstanceButton"))->click();
        QCOMPARE(document->entryCount(), 2);
        const EntryId divisibleId = window->addNewInstance(QStringLiteral("divisible"));
        auto* divisible = qobject_cast<DivisibleEditor*>(window->editor());
        QVERIFY(divisible);
        QVERIFY(divisible->workerModel()->setData(divisible->workerModel()->index(0, DivisibleWorkerModel::WColumn),
                                                  QStringLiteral("3.5"), Qt::EditRole));
        divisible->horizonEdit()->setText(QStringLiteral("4"));
        emit divisible->horizonEdit()->editingFinished();
        window->addNewInstance(QStringLiteral("cpugpu"));
        auto* cpugpu = qobject_cast<CpuGpuEditor*>(window->editor());
        QVERIFY(cpugpu);
        cpugpu->cpuSpinBox()->setValue(6);
        QVERIFY(cpugpu->taskModel()->setData(cpugpu->taskModel()->index(0, CpuGpuTaskModel::CpuColumn),
                                             QStringLiteral("42"), Qt::EditRole));
        window->addNewInstance(QStringLiteral("steady_state"));
        window->addNewInstance(QStringLiteral("dag"));
        window->instanceList()->selectEntry(divisibleId);
        window->instanceList()->findChild<QToolButton*>(QStringLiteral("removeInstanceButton"))->click();
        QCOMPARE(document->entryCount(), 5);
        const nlohmann::json final = projectJson(*window);
        QVERIFY(final != initial);

        // The history names each step; no step is empty or anonymous.
        QVERIFY(undo->count() >= 18);
        QStringList texts;
        for (int i = 0; i < undo->count(); ++i) {
            const QString text = undo->text(i);
            QVERIFY2(text.size() >= 6, qPrintable(QStringLiteral("step %1: \"%2\"").arg(i).arg(text)));
            texts << text;
        }
        const QString history = texts.join(QLatin1Char('\n'));
        for (const char* expected : {"Change T to 1200", "Add resource", "Rename resource", "Change cost of",
                                     "Rename \"partition-heterogeneous-node\" to \"node\"", "Add instance",
                                     "Remove instance", "Change w of", "Change T to 4"})
            QVERIFY2(history.contains(QLatin1String(expected)), qPrintable(expected + QStringLiteral(" in\n") + history));
        auto* view = window->findChild<QUndoView*>();
        QVERIFY(view);
        QCOMPARE(view->model()->rowCount(), undo->count() + 1);   // and the history panel lists them all

        // Undo everything (through the Edit menu's action): the project as opened, every widget with it.
        while (undo->canUndo()) undoAction->trigger();
        QCOMPARE(projectJson(*window), initial);
        QVERIFY(!document->isModified());
        window->instanceList()->selectEntry(document->entryAt(0).id);
        partition = qobject_cast<PartitionEditor*>(window->editor());
        QVERIFY(partition);
        QCOMPARE(partition->findChild<QSpinBox*>(QStringLiteral("tasksSpinBox"))->value(), 1000);
        QCOMPARE(partition->resourceModel()->rowCount(), 7);
        QCOMPARE(partition->resourceModel()->index(0, PartitionResourceModel::NameColumn).data().toString(),
                 QStringLiteral("cpu0"));
        QCOMPARE(undo->index(), 0);   // no widget pushed anything while it followed the undo

        // Redo everything: the same state as before the undo.
        while (undo->canRedo()) redoAction->trigger();
        QCOMPARE(projectJson(*window), final);
        QCOMPARE(undo->index(), undo->count());
        document->markSaved();
    }

    void templatesGenerateValidInstancesUndoably() {
        useRecoveryDirectory(QStringLiteral("templates"));
        MainWindow window;
        ProjectDocument* document = window.document();
        const int entries = document->entryCount();
        QStringList kinds;
        for (const QString& id : TemplateDialog::templateIds()) {
            const EntryId added = window.newFromTemplate([&](TemplateDialog& dialog) {
                dialog.selectTemplate(id);
                if (!dialog.validationError().isEmpty()) qWarning("%s: %s", qPrintable(id), qPrintable(dialog.validationError()));
                dialog.findChild<QDoubleSpinBox*>(QStringLiteral("seedSpinBox"))->setValue(5);
                dialog.accept();
                return dialog.result();
            });
            QVERIFY2(added != 0, qPrintable(id));
            const DocumentEntry* entry = document->entry(added);
            QVERIFY(entry);
            QVERIFY2(ProjectDocument::validationError(entry->instance).isEmpty(),
                     qPrintable(id + QStringLiteral(": ") + ProjectDocument::validationError(entry->instance)));
            kinds << QString::fromStdString(instanceKind(entry->instance));
            QCOMPARE(window.currentEntry(), added);
        }
        QCOMPARE(kinds, (QStringList{QStringLiteral("divisible"), QStringLiteral("cpugpu"), QStringLiteral("steady_state"),
                                     QStringLiteral("steady_state"), QStringLiteral("steady_state"),
                                     QStringLiteral("steady_state"), QStringLiteral("dag"), QStringLiteral("partition")}));
        QCOMPARE(document->entryCount(), entries + 8);
        QCOMPARE(document->entryAt(entries + 3).name, QStringLiteral("grid-3x4"));
        // Each is one undoable step.
        document->undoStack()->undo();
        QCOMPARE(document->entryCount(), entries + 7);
        document->undoStack()->redo();

        // The same parameters and seed give the same instance.
        const auto generateGrid = [](int seed, bool torus) {
            TemplateDialog dialog;
            dialog.selectTemplate(QStringLiteral("steady-grid"));
            dialog.findChild<QDoubleSpinBox*>(QStringLiteral("seedSpinBox"))->setValue(seed);
            page(dialog, "steady_state")->findChild<QCheckBox*>(QStringLiteral("option_torus"))->setChecked(torus);
            return dialog.generate() ? instanceToJson(*dialog.generated()) : nlohmann::json();
        };
        QCOMPARE(generateGrid(5, false), instanceToJson(document->entryAt(entries + 3).instance));
        QVERIFY(generateGrid(6, false) != generateGrid(5, false));
        QCOMPARE(generateGrid(5, true)["platform"]["links"].size(), std::size_t{24});

        // Live validation: a bad range is refused with a message naming it, OK stays disabled, nothing added.
        const int before = document->entryCount();
        QString refused;
        bool okEnabled = true;
        QString notANumber;
        QString fixedSummary;
        QCOMPARE(window.newFromTemplate([&](TemplateDialog& dialog) {
                     dialog.selectTemplate(QStringLiteral("divisible-star"));
                     auto* cMin = page(dialog, "divisible")->findChild<QDoubleSpinBox*>(QStringLiteral("option_min-c"));
                     auto* cMax = page(dialog, "divisible")->findChild<QDoubleSpinBox*>(QStringLiteral("option_max-c"));
                     cMin->setValue(3);
                     cMax->setValue(2);
                     refused = dialog.findChild<QLabel*>(QStringLiteral("validationLabel"))->text();
                     okEnabled = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled();
                     dialog.accept();   // refused: stays open
                     const int stillOpen = dialog.result();
                     // z given: d is z·c, its range unused.
                     auto* ratio = page(dialog, "divisible")->findChild<QLineEdit*>(QStringLiteral("option_return-ratio"));
                     ratio->setText(QStringLiteral("-1"));
                     notANumber = dialog.validationError();
                     ratio->clear();
                     cMax->setValue(4);
                     fixedSummary = dialog.validationError().isEmpty() ? dialog.summary() : dialog.validationError();
                     dialog.reject();
                     return stillOpen == QDialog::Accepted ? int(QDialog::Accepted) : dialog.result();
                 }),
                 EntryId{0});
        QVERIFY2(refused.contains(QStringLiteral("c: min 3 > max 2")), qPrintable(refused));
        QVERIFY(!okEnabled);
        QVERIFY2(notANumber.startsWith(QStringLiteral("Return ratio z: must be in [0, 1e+30], got")), qPrintable(notANumber));
        QVERIFY2(fixedSummary.contains(QStringLiteral("8 workers")), qPrintable(fixedSummary));
        QCOMPARE(document->entryCount(), before);

        // The steady-state ones check what the core checks (a source beyond the platform, too many nodes).
        TemplateDialog dialog;
        dialog.selectTemplate(QStringLiteral("steady-tree"));
        page(dialog, "steady_state")->findChild<QSpinBox*>(QStringLiteral("option_depth"))->setValue(30);
        QVERIFY2(dialog.validationError().contains(QStringLiteral("at most 100000")), qPrintable(dialog.validationError()));
        QVERIFY(!dialog.generate());
        page(dialog, "steady_state")->findChild<QSpinBox*>(QStringLiteral("option_depth"))->setValue(2);
        page(dialog, "steady_state")->findChild<QSpinBox*>(QStringLiteral("option_source"))->setValue(12);
        QVERIFY2(dialog.validationError().contains(QStringLiteral("source")), qPrintable(dialog.validationError()));
        page(dialog, "steady_state")->findChild<QSpinBox*>(QStringLiteral("option_source"))->setValue(6);
        QVERIFY(dialog.validationError().isEmpty());
        QVERIFY(dialog.generate());
        QCOMPARE(std::get<SteadyStateInstance>(*dialog.generated()).nodes.size(), std::size_t{7});
        document->markSaved();
    }

    void theNewMinimalInstancesOfEveryKindAreValidAndSolvable() {
        useRecoveryDirectory(QStringLiteral("kinds"));
        MainWindow window;
        for (const char* kind : {"partition", "divisible", "cpugpu", "steady_state", "dag"}) {
            const EntryId id = window.addNewInstance(QLatin1String(kind));
            const DocumentEntry* entry = window.document()->entry(id);
            QVERIFY(entry);
            QCOMPARE(QString::fromStdString(instanceKind(entry->instance)), QLatin1String(kind));
            QVERIFY2(ProjectDocument::validationError(entry->instance).isEmpty(),
                     qPrintable(ProjectDocument::validationError(entry->instance)));
            QVERIFY2(solveAndWait(window, window.solverPanel()->currentSolver()), kind);
            QCOMPARE(window.document()->entry(id)->runs.size(), std::size_t{1});
        }
        window.document()->markSaved();
    }

};

QTEST_MAIN(ProjectSafetyTests)
#include "test_project_safety.moc"
