// Answers stopped early are kept as runs (issue 14): a solve cancelled after it found a schedule, and one at
// its time limit, appear in the runs table and the result heading with their status and gap.
#include <QApplication>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>
#include <atomic>

#include "document/project_document.h"
#include "document/run_table_model.h"
#include "panels/instance_list_panel.h"
#include "app/mainwindow.h"
#include "panels/result_pane.h"
#include "panels/run_table.h"
#include "app/solve_controller.h"
#include "ui_test_util.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

// 121 identical tasks on 8 CPUs and 4 GPUs: HEFT finds 33 at once, the MIP cannot prove it for minutes.
Instance identicalTasks() {
    CpuGpuInstance in;
    in.cpus = 8;
    in.gpus = 4;
    for (int j = 0; j < 121; ++j) in.tasks.push_back({std::string("t").append(std::to_string(j)), 3.0, 3.0});   // append: GCC 12 -Wrestrict on "t" + ...
    return Instance{in};
}

}  // namespace

class SolveStatusUiTests : public QObject {
    Q_OBJECT

    QTemporaryDir m_temp;

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        test::isolateSettings(m_temp, QStringLiteral("solve_status_ui_tests"));
    }

    void aCancelledSolveKeepsItsBestScheduleAsARun() {
        MainWindow window;
        const EntryId id = window.document()->addEntry(QStringLiteral("identical"), identicalTasks());
        window.instanceList()->selectEntry(id);
        QSignalSpy succeeded(window.solveController(), &SolveController::succeeded);
        QSignalSpy failed(window.solveController(), &SolveController::failed);
        // Cancelled once the branch-and-cut reports, that is after HEFT and HeteroPrio gave an incumbent.
        bool searching = false;
        connect(window.solveController(), &SolveController::progressed, this, [&](double, const QString& stage) {
            if (!searching && stage.startsWith(QStringLiteral("branch-and-cut"))) {
                searching = true;
                window.solveController()->cancel();
            }
        });
        window.runSolver(QStringLiteral("exact"), {{"time_limit", 3600}});
        QVERIFY(window.solveController()->isBusy());
        QVERIFY(succeeded.wait(test::kSolveTimeoutMs));
        QVERIFY(searching);
        QVERIFY(failed.isEmpty());
        QVERIFY(!window.solveController()->isBusy());

        QCOMPARE(window.document()->entry(id)->runs.size(), std::size_t{1});
        const RunRecord& run = window.document()->entry(id)->runs.front();
        QCOMPARE(run.status(), QStringLiteral("cancelled"));
        QVERIFY(run.result && run.result->objective);
        QCOMPARE(*run.result->objective, 33.0);
        QVERIFY(run.result->gap);
        const QString status =
            window.runTable()->model()->index(0, RunTableModel::StatusColumn).data().toString();
        QVERIFY2(status.startsWith(QStringLiteral("cancelled, best found, gap ")), qPrintable(status));
        QVERIFY2(status.endsWith(QStringLiteral(" %")), qPrintable(status));
        QVERIFY2(window.resultPane()->heading().contains(status), qPrintable(window.resultPane()->heading()));
    }

    void aSolveAtItsTimeLimitShowsItsGap() {
        MainWindow window;
        const EntryId id = window.document()->addEntry(QStringLiteral("identical"), identicalTasks());
        window.instanceList()->selectEntry(id);
        QSignalSpy succeeded(window.solveController(), &SolveController::succeeded);
        window.runSolver(QStringLiteral("exact"), {{"time_limit", 0.05}});
        QVERIFY(succeeded.wait(test::kSolveTimeoutMs));
        QCOMPARE(window.document()->entry(id)->runs.size(), std::size_t{1});
        QCOMPARE(window.document()->entry(id)->runs.front().status(), QStringLiteral("time_limit"));
        const QString status =
            window.runTable()->model()->index(0, RunTableModel::StatusColumn).data().toString();
        QVERIFY2(status.startsWith(QStringLiteral("time limit, gap ")), qPrintable(status));
    }

    // A solver whose answer is a bound states the bound's value in the status bar ("lower_bound = 30.25"), not
    // "lower_bound = ≥ 30.25"; the Runs table shows it as "≥ 30.25" under Objective.
    void aLowerBoundIsSaidAsABoundInTheStatusBar() {
        MainWindow window;
        const EntryId id = window.document()->addEntry(QStringLiteral("identical"), identicalTasks());
        window.instanceList()->selectEntry(id);
        QSignalSpy succeeded(window.solveController(), &SolveController::succeeded);
        window.runSolver(QStringLiteral("lower-bound"), {});
        QVERIFY(succeeded.wait(test::kSolveTimeoutMs));
        QCOMPARE(window.document()->entry(id)->runs.size(), std::size_t{1});
        QVERIFY(window.document()->entry(id)->runs.front().isBound());
        const QString message = window.statusBar()->currentMessage();
        const RunRecord& run = window.document()->entry(id)->runs.front();
        QVERIFY2(message.contains(run.objectiveName() + QStringLiteral(" = ") + run.objectiveValueText()), qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("≥")), qPrintable(message));
        const QString shown = window.runTable()->model()->index(0, RunTableModel::ObjectiveColumn).data().toString();
        QVERIFY2(shown.startsWith(QStringLiteral("≥ ")), qPrintable(shown));
    }
};

QTEST_MAIN(SolveStatusUiTests)
#include "test_solve_status_ui.moc"
