// Solve > Simulate on SimGrid (issue 15): clicking the action on a solved run replays it on SimGrid in the
// background; the run table shows its simulated makespan and the result pane the simulated Gantt under the
// planned one, each task coloured by the cause of its delay. Refused where it does not apply; cancellable.
#include <QApplication>
#include <QFile>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolBar>
#include <QtTest>
#include <memory>

#include "document/run_table_model.h"
#include "io/instance_io.h"
#include "app/mainwindow.h"
#include "model/dag_random.h"
#include "panels/result_pane.h"
#include "app/run_simulation.h"
#include "panels/run_table.h"
#include "util/background_job.h"
#include "ui_test_util.h"
#include "util/number_text.h"
#include "views/gantt/gantt_view.h"
#include "views/gantt/schedule_comparison_view.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

using test::examplePath;
using test::settle;
using test::shownWindow;
using test::solveWith;

// The toolbar button of the Simulate action, as a user clicks it.
QWidget* simulateButton(MainWindow& window) {
    for (QToolBar* toolBar : window.findChildren<QToolBar*>())
        if (QWidget* button = toolBar->widgetForAction(window.runSimulation()->action())) return button;
    return nullptr;
}

}  // namespace

class RunSimulationTests : public QObject {
    Q_OBJECT

    QTemporaryDir m_temp;

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        test::isolateSettings(m_temp, QStringLiteral("run_simulation_tests"));
    }

    void clickingSimulateShowsTheSimulatedRunWithItsMakespan() {
        auto window = shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("dag-two-clusters.json"))).ok());
        QCOMPARE(solveWith(*window, QStringLiteral("hcpa")), QString());
        settle();
        QAction* action = window->runSimulation()->action();
        QVERIFY(action->isEnabled());
        QWidget* button = simulateButton(*window);
        QVERIFY(button);

        QSignalSpy simulated(window->runSimulation(), &RunSimulationController::simulated);
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(simulated.wait(60000));
        settle();

        // The run keeps its simulation; the table shows the simulated makespan.
        const DocumentEntry* entry = window->document()->entry(window->currentEntry());
        QVERIFY(entry);
        const RunRecord& run = entry->runs.front();
        QVERIFY(run.simulation);
        const double makespan = run.simulation->simulatedMakespan;
        QVERIFY(makespan >= run.result->objective.value() * (1 - 1e-9));
        QCOMPARE(run.simulatedMakespan().value(), makespan);
        QAbstractItemModel* table = window->runTable()->view()->model();
        QCOMPARE(table->headerData(RunTableModel::SimulatedColumn, Qt::Horizontal).toString(), QStringLiteral("Simulated"));
        const QString shown = quantityText(makespan, QString::fromStdString(run.result->objectiveUnit));
        QCOMPARE(table->index(0, RunTableModel::SimulatedColumn).data().toString(), shown);
        QVERIFY(window->document()->isModified());   // the simulation goes into the project

        // The planned and the simulated Gantt, one over the other; the simulated one coloured by delay cause.
        ResultPane* pane = window->resultPane();
        QVERIFY(pane->isComparing());
        ScheduleComparisonView* comparison = pane->comparison();
        QCOMPARE(comparison->ganttCount(), 2);
        GanttView* simulatedGantt = comparison->gantt(1);
        QVERIFY(QString::fromStdString(simulatedGantt->schedule()->title).contains(QStringLiteral("simulated")));
        QCOMPARE(simulatedGantt->colorMode(), GanttColorMode::Custom);
        QStringList legend;
        for (const auto& [name, colour] : simulatedGantt->gantt()->legendEntries()) legend << name;
        QVERIFY2(legend.contains(QStringLiteral("contention")), qPrintable(legend.join(QStringLiteral(", "))));
        QVERIFY(legend.contains(QStringLiteral("on time")));
        // It ends at the simulated makespan; the metrics and the moves compare it with the planned run.
        double first = 0, last = 0;
        QVERIFY(simulatedGantt->gantt()->timeExtent(first, last));
        QVERIFY(std::abs(last - makespan) <= 1e-9 * makespan);
        QVERIFY(comparison->metricsTable()->model()->rowCount() > 0);
        QVERIFY(!comparison->differenceNote().isEmpty());

        // Saved and reopened, the table still shows it.
        const QString project = m_temp.filePath(QStringLiteral("simulated.hsproj"));
        QVERIFY(window->saveProject(project).ok());
        auto reopened = shownWindow();
        QVERIFY(reopened->loadFile(project).ok());
        settle();
        QCOMPARE(reopened->runTable()->view()->model()->index(0, RunTableModel::SimulatedColumn).data().toString(), shown);
    }

    // A simulated run shown again after its instance was edited draws against the instance it was computed on:
    // the simulated Gantt, its metrics (tasks, edges, processors) and critical path are those of that version.
    void aSimulationShownAfterAnEditDrawsAgainstItsRunsInstance() {
        auto window = shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("dag-two-clusters.json"))).ok());
        QCOMPARE(solveWith(*window, QStringLiteral("heft")), QString());
        settle();
        QSignalSpy simulated(window->runSimulation(), &RunSimulationController::simulated);
        window->runSimulation()->action()->trigger();
        QVERIFY(simulated.wait(60000));
        settle();
        const EntryId id = window->currentEntry();
        const auto metricsShown = [&] {
            QStringList shown;
            ScheduleComparisonView* comparison = window->resultPane()->comparison();
            for (const Metric& metric : comparison->gantt(1)->schedule()->metrics)
                shown << QString::fromStdString(metric.name) + QLatin1Char('=') + QString::number(metric.value, 'g', 17) +
                             QString::fromStdString(metric.unit);
            QAbstractItemModel* table = comparison->metricsTable()->model();
            for (int row = 0; row < table->rowCount(); ++row)
                for (int column = 0; column < table->columnCount(); ++column) shown << table->index(row, column).data().toString();
            return shown;
        };
        const QStringList before = metricsShown();
        QVERIFY2(before.join(QLatin1Char(' ')).contains(QStringLiteral("speedup over seq")), qPrintable(before.join(QLatin1Char(' '))));

        // A task added and a cluster grown (seq's makespan, and so the speedup over it, change): the run is
        // outdated, its simulation stays what it was.
        Instance changed = window->document()->entry(id)->instance;
        auto& dag = std::get<DagInstance>(changed);
        dag.tasks.push_back({"extra", 1e9, 0.5});
        dag.platform.clusters.front().processors += 7;
        window->document()->editInstance(id, changed, QStringLiteral("grow"));
        settle();
        window->runSimulation()->showSimulation(id, 0);
        settle();
        QVERIFY(window->resultPane()->isComparing());
        QCOMPARE(metricsShown(), before);
    }

    void refusedWhereItDoesNotApply() {
        auto window = shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("partition-small.json"))).ok());
        QCOMPARE(solveWith(*window, QStringLiteral("threshold")), QString());
        settle();
        QAction* action = window->runSimulation()->action();
        QVERIFY(!action->isEnabled());
        QVERIFY2(action->toolTip().contains(QStringLiteral("partition")), qPrintable(action->toolTip()));

        // A run made on an earlier version of its instance is not simulated either.
        QVERIFY(window->loadFile(examplePath(QStringLiteral("cpugpu-small.json"))).ok());
        QCOMPARE(solveWith(*window, QStringLiteral("heft")), QString());
        settle();
        QVERIFY(action->isEnabled());
        const EntryId id = window->currentEntry();
        Instance changed = window->document()->entry(id)->instance;
        std::get<CpuGpuInstance>(changed).tasks.front().cpu *= 2;
        window->document()->editInstance(id, changed, QStringLiteral("slower"));
        settle();
        QVERIFY(!action->isEnabled());
        QVERIFY2(action->toolTip().contains(QStringLiteral("earlier version")), qPrintable(action->toolTip()));
    }

    void aLongSimulationIsCancelled() {
        auto window = shownWindow();
        QSignalSpy messages(window->runSimulation(), &RunSimulationController::statusMessage);
        QSignalSpy simulated(window->runSimulation(), &RunSimulationController::simulated);
        QProgressDialog* progress = startLongSimulation(*window);
        QVERIFY(progress);
        // Its Cancel button, as a user clicks it.
        QPushButton* cancel = progress->findChild<QPushButton*>();
        QVERIFY(cancel);
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(!window->runSimulation()->isRunning());
        QVERIFY(!messages.isEmpty());
        QCOMPARE(messages.last().at(0).toString(), QStringLiteral("Simulation cancelled"));
        test::drainBackgroundWork();   // the cancelled simulation ended: its result, dropped, never arrives
        QVERIFY(simulated.isEmpty());
        QVERIFY(!window->document()->entry(window->currentEntry())->runs.front().simulation);
        QVERIFY(window->runSimulation()->action()->isEnabled());
    }

    // The window-modal progress dialog's setValue processes events: a Cancel (or the simulation's end)
    // waiting in the queue closes the dialog inside the progress report, which must not touch it after.
    // It crashed CI once (a null dialog's setLabelText after its setValue).
    void aCancelArrivingDuringAProgressReportIsSafe() {
        auto window = shownWindow();
        QSignalSpy messages(window->runSimulation(), &RunSimulationController::statusMessage);
        QProgressDialog* progress = startLongSimulation(*window);
        QVERIFY(progress);
        auto* job = window->runSimulation()->findChild<BackgroundJob*>();
        QVERIFY(job);
        // The user's click on Cancel, waiting in the queue.
        QPushButton* cancel = progress->findChild<QPushButton*>();
        QVERIFY(cancel);
        QVERIFY(QMetaObject::invokeMethod(cancel, &QPushButton::click, Qt::QueuedConnection));
        const double next = (progress->value() + 1.0) / progress->maximum();   // a value the bar does not show yet
        emit job->progressed(next, QStringLiteral("replaying the schedule"));
        QVERIFY(!window->runSimulation()->isRunning());
        QVERIFY(!messages.isEmpty());
        QCOMPARE(messages.last().at(0).toString(), QStringLiteral("Simulation cancelled"));
        test::drainBackgroundWork();
        QVERIFY(window->runSimulation()->action()->isEnabled());
    }

private:
    // 1,000 tasks on 8 clusters solved by mheft (whole-cluster transfers: seconds of SimGrid), its simulation
    // started; the progress dialog once it shows, null when it never did.
    QProgressDialog* startLongSimulation(MainWindow& window) {
        DagPlatformConfig pc;
        pc.clusters = 8;
        pc.heterogeneity = 5;
        pc.seed = 3;
        DagGeneratorConfig gc;
        gc.n = 1000;
        gc.density = 0.3;
        gc.jump = 2;
        gc.seed = 11;
        Expected<DagInstance> dag = generateDag(gc, *generatePlatform(pc));
        if (!dag) return nullptr;
        const QString file = m_temp.filePath(QStringLiteral("big.json"));
        QFile out(file);
        if (!out.open(QIODevice::WriteOnly)) return nullptr;
        out.write(QByteArray::fromStdString(instanceToJson(Instance{*dag}).dump()));
        out.close();

        if (!window.loadFile(file).ok() || !solveWith(window, QStringLiteral("mheft")).isEmpty()) return nullptr;
        settle();
        window.runSimulation()->action()->trigger();
        if (!window.runSimulation()->isRunning()) return nullptr;
        const auto shown = [&window] {
            auto* dialog = window.findChild<QProgressDialog*>(QStringLiteral("simulationProgress"));
            return dialog && dialog->isVisible() ? dialog : nullptr;
        };
        if (!QTest::qWaitFor([&] { return shown() != nullptr; }, 10000)) return nullptr;
        return shown();
    }
};

QTEST_MAIN(RunSimulationTests)
#include "test_run_simulation.moc"
