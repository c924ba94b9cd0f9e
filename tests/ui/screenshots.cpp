// Not a test: the screenshot maker. Saves pictures of the GUI for review into the directory given by
// HETSCHED_SHOTS_DIR (scripts/screenshots.sh builds and runs it offscreen). Built with the ui tests so
// that it keeps compiling; not registered with ctest. Each slot writes one set of pictures and fails
// loudly (QVERIFY) when the GUI does not get there.
#include <QApplication>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QDir>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>
#include <memory>

#include "canvas/canvas_widget.h"
#include "canvas/graph_view.h"
#include "experiments/divisible_simulation_dialog.h"
#include "document/autosave.h"
#include "document/project_document.h"
#include "document/run_record.h"
#include "editors/cpugpu_editor.h"
#include "editors/dag_editor.h"
#include "editors/divisible_editor.h"
#include "editors/divisible_edits.h"
#include "editors/divisible_scenario_model.h"
#include "editors/divisible_worker_model.h"
#include "editors/partition_editor.h"
#include "editors/partition_resource_model.h"
#include "editors/steady_state_editor.h"
#include "io/instance_io.h"
#include "io/project.h"
#include "app/mainwindow.h"
#include "model/dag_random.h"
#include "dialogs/recovery_dialog.h"
#include "panels/run_table.h"
#include "app/solve_controller.h"
#include "panels/solver_panel.h"
#include "solvers/registry.h"
#include "dialogs/template_dialog.h"
#include "views/common/chart_export.h"
#include "views/divisible/divisible_throughput_plot.h"
#include "views/divisible/divisible_timeline_view.h"
#include "views/gantt/gantt_view.h"
#include "test_schedules.h"

using namespace hetsched;
using namespace hetsched::ui;
using hetsched::ui::test::bigSchedule;
using hetsched::ui::test::numbered;

namespace {

constexpr int kSolveTimeoutMs = 60000;

QString examplePath(const char* name) { return QStringLiteral(HETSCHED_EXAMPLES_DIR "/") + QLatin1String(name); }

// A built-in example, read (stops the tool when it cannot be).
Instance example(const char* file) {
    Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR "/") + file);
    if (!in) qFatal("%s", in.error().message.c_str());
    return *in;
}

Instance parsed(const char* json) {
    Expected<Instance> in = parseInstance(json);
    if (!in) qFatal("%s", in.error().message.c_str());
    return *in;
}



bool solveAndWait(MainWindow& window, const QString& solver, const SolverOptions& options) {
    QSignalSpy done(window.solveController(), &SolveController::succeeded);
    window.runSolver(solver, options);
    return done.wait(kSolveTimeoutMs);
}

// Runs the panel's selected solver on the current instance and waits for its run.
bool solveAndWait(MainWindow& window) {
    const QString solver = window.solverPanel()->currentSolver();
    return solveAndWait(window, solver, window.solverPanel()->optionsFor(solver));
}

std::unique_ptr<MainWindow> openFile(const QString& path) {
    auto window = std::make_unique<MainWindow>();
    const Expected<bool> loaded = window->loadFile(path);
    if (!loaded) qWarning("%s", loaded.error().message.c_str());
    return window;
}
std::unique_ptr<MainWindow> openExample() { return openFile(MainWindow::defaultExample()); }
std::unique_ptr<MainWindow> openDivisible(const char* name) { return openFile(examplePath(name)); }
DivisibleEditor* divisibleEditor(const MainWindow& window) { return qobject_cast<DivisibleEditor*>(window.editor()); }

}  // namespace

class Screenshots : public QObject {
    Q_OBJECT

    QTemporaryDir m_temp;

    static QString outputDirectory() {
        const QString dir = qEnvironmentVariable("HETSCHED_SHOTS_DIR");
        if (dir.isEmpty()) qFatal("set HETSCHED_SHOTS_DIR to the directory for the pictures (scripts/screenshots.sh does)");
        if (!QDir().mkpath(dir)) qFatal("cannot create the directory %s", qPrintable(dir));
        return dir;
    }

    void useRecoveryDirectory(const QString& name) { AutosaveManager::setDefaultDirectory(m_temp.filePath(name)); }

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        // Recent files, window state and recovery files go to a scratch directory, never to the user's.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_temp.filePath(QStringLiteral("settings")));
        QApplication::setOrganizationName(QStringLiteral("HetSchedTests"));
        QApplication::setApplicationName(QStringLiteral("screenshots"));
        useRecoveryDirectory(QStringLiteral("autosave"));
        outputDirectory();
    }

    // The main window before and after solving, Gantt exports (PNG, PDF, SVG), a refused edit, 100 000 bars.
    void mainWindow() {
        const QString dir = outputDirectory();
        const auto window = openExample();
        window->resize(1600, 1000);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        window->grab().save(dir + QStringLiteral("/main-before-solve.png"));
        QSignalSpy idle(window->solveController(), &SolveController::idle);
        window->runAllSolvers();
        QVERIFY(idle.wait(kSolveTimeoutMs));
        window->runTable()->selectRun(0);
        QTest::qWait(200);
        window->grab().save(dir + QStringLiteral("/main-solved.png"));
        QVERIFY(window->exportChart(dir + QStringLiteral("/gantt-export.png"), 1200, 700).ok());
        QVERIFY(window->exportChart(dir + QStringLiteral("/gantt-export.pdf"), 1200, 700).ok());
        QVERIFY(window->exportChart(dir + QStringLiteral("/gantt-export.svg"), 1200, 700).ok());

        auto* editor = qobject_cast<PartitionEditor*>(window->editor());
        editor->resourceModel()->setData(
            editor->resourceModel()->index(0, PartitionResourceModel::UpperColumn), QStringLiteral("x"),
            Qt::EditRole);
        QTest::qWait(50);
        window->grab().save(dir + QStringLiteral("/main-refused-edit.png"));

        GanttView big;
        big.resize(1600, 1000);
        big.setSchedule(bigSchedule(1000, 100), QStringLiteral("1000 lanes, 100 000 bars"));
        big.setColorMode(GanttColorMode::ByGroup);
        big.toPixmap(1600, 1000).save(dir + QStringLiteral("/gantt-100k.png"));
        big.xAxis->setRange(10, 14);
        big.yAxis->setRange(495, 525);
        big.toPixmap(1600, 1000).save(dir + QStringLiteral("/gantt-100k-zoomed.png"));
        window->document()->markSaved();
    }


    // The divisible-load GUI: editor, run, scenario, throughput tab, a refused edit, the simulation dialog.
    void divisibleLoad() {
        const QString dir = outputDirectory();
        const auto window = openDivisible("divisible-neither-fifo-nor-lifo.json");
        window->resize(1600, 1000);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        DivisibleEditor* editor = divisibleEditor(*window);
        editor->sendOrderModel()->moveWorker(2, 0);
        editor->returnOrderModel()->moveWorker(1, 0);
        QSignalSpy idle(window->solveController(), &SolveController::idle);
        window->runAllSolvers();
        QVERIFY(idle.wait(kSolveTimeoutMs));
        window->runTable()->selectRun(0);
        QTest::qWait(200);
        window->grab().save(dir + QStringLiteral("/divisible-main.png"));
        QVERIFY(window->exportChart(dir + QStringLiteral("/divisible-run.png"), 1200, 600).ok());
        exportPlot(editor->timeline(), dir + QStringLiteral("/divisible-scenario.png"), 900, 500);
        QSignalSpy updated(editor, &DivisibleEditor::curveUpdated);
        editor->findChild<QTabWidget*>(QStringLiteral("divisibleViews"))->setCurrentIndex(1);
        QVERIFY(updated.wait(kSolveTimeoutMs));
        QTest::qWait(100);
        window->grab().save(dir + QStringLiteral("/divisible-throughput-tab.png"));
        editor->workerModel()->setData(editor->workerModel()->index(0, DivisibleWorkerModel::CColumn),
                                       QStringLiteral("-3"), Qt::EditRole);
        QTest::qWait(50);
        window->grab().save(dir + QStringLiteral("/divisible-refused.png"));

        const auto star = openDivisible("divisible-star-12.json");
        star->resize(1600, 1000);
        star->show();
        QVERIFY(QTest::qWaitForWindowExposed(star.get()));
        QVERIFY(solveAndWait(*star));
        QTest::qWait(100);
        star->grab().save(dir + QStringLiteral("/divisible-star-12.png"));
        QVERIFY(star->exportChart(dir + QStringLiteral("/divisible-star-12-run.png"), 1200, 700).ok());
        DivisibleEditor* starEditor = divisibleEditor(*star);
        QSignalSpy starUpdated(starEditor, &DivisibleEditor::curveUpdated);
        starEditor->findChild<QTabWidget*>(QStringLiteral("divisibleViews"))->setCurrentIndex(1);
        QVERIFY(starUpdated.wait(kSolveTimeoutMs));
        exportPlot(starEditor->throughputPlot(), dir + QStringLiteral("/divisible-star-12-throughput.png"),
                   900, 500);

        DivisibleSimulationDialog* dialog = window->divisibleSimulationDialog();
        dialog->setConfig(60, 3, 13, 1, {0.8, 1.0});
        QSignalSpy finished(dialog, &DivisibleSimulationDialog::experimentFinished);
        dialog->show();
        dialog->run();
        QVERIFY(finished.wait(120000));
        QTest::qWait(100);
        dialog->grab().save(dir + QStringLiteral("/divisible-simulation-dialog.png"));
        dialog->exportThroughputChart(dir + QStringLiteral("/divisible-simulation-throughput.png"));
        dialog->exportWorkersChart(dir + QStringLiteral("/divisible-simulation-workers.png"));
        window->document()->markSaved();
        star->document()->markSaved();
    }


    // The canvas editors at several zoom levels; with HETSCHED_CANVAS_PROJECT=<project>, that drawing too.
    void canvasZoomLevels() {
        const QString dir = outputDirectory();
        ProjectDocument document;
        Project project;
        project.entries.push_back({"dag", parsed(test::kChainJson), {}, nullptr});
        const Instance steady = example("steady-state-bag-of-tasks.json");
        project.entries.push_back({"steady", steady, {}, nullptr});
        document.reset(project, QString());
        SteadyStateEditor editor(&document);
        editor.resize(1100, 700);
        editor.show();
        editor.setEntry(document.entryAt(1).id);
        Expected<SolveResult> result = solve(document.entryAt(1).instance, "lp");
        QVERIFY(result.ok());
        document.appendRun(document.entryAt(1).id, makeRunRecord(*result, document.entryAt(1).digest));
        editor.showRun(&document.entryAt(1).runs.back());
        QTest::qWait(50);
        editor.canvas()->view()->fitAll();
        editor.grab().save(dir + "/steady-fit.png");
        editor.canvas()->view()->zoomBy(0.45);
        editor.grab().save(dir + "/steady-zoomed-out.png");
        editor.canvas()->view()->fitAll();
        editor.canvas()->view()->zoomBy(3);
        editor.grab().save(dir + "/steady-zoomed-in.png");
        DagEditor dag(&document);
        dag.resize(1100, 800);
        dag.show();
        dag.setEntry(document.entryAt(0).id);
        QTest::qWait(50);
        dag.canvas()->view()->fitAll();
        dag.grab().save(dir + "/dag-fit.png");
        dag.views()->setCurrentIndex(1);
        QTest::qWait(50);
        dag.grab().save(dir + "/dag-platform-tab.png");
        dag.views()->setCurrentIndex(0);
        DagGeneratorConfig config;
        config.n = 60;
        config.seed = 4;
        Expected<DagInstance> generated = generateDag(config, std::get<DagInstance>(document.entryAt(0).instance).platform);
        QVERIFY(generated.ok());
        QVERIFY(dag.canvas()->apply({Instance(*generated), {}, QStringLiteral("Generate"), {}}));
        dag.canvas()->view()->fitAll();
        dag.grab().save(dir + "/dag-generated-fit.png");
        dag.canvas()->view()->zoomBy(2.5);
        dag.grab().save(dir + "/dag-generated-zoomed.png");
        const Instance star = example("divisible-star-12.json");
        const EntryId starId = document.addEntry("star", star);
        Expected<SolveResult> starRun = solve(star, "");
        QVERIFY(starRun.ok());
        document.appendRun(starId, makeRunRecord(*starRun, document.entry(starId)->digest));
        DivisibleEditor divisible(&document);
        divisible.resize(1300, 800);
        divisible.show();
        divisible.setEntry(starId);
        divisible.showRun(&document.entry(starId)->runs.back());
        divisible.findChild<QTabWidget*>(QStringLiteral("divisibleViews"))->setCurrentWidget(divisible.starCanvas());
        QTest::qWait(50);
        divisible.starCanvas()->view()->fitAll();
        divisible.grab().save(dir + "/divisible-star-canvas.png");

        // A larger drawing (a project given by HETSCHED_CANVAS_PROJECT) at several zooms, by wheel events.
        const QString file = qEnvironmentVariable("HETSCHED_CANVAS_PROJECT");
        if (file.isEmpty()) return;
        Expected<std::string> text = readTextFile(file.toStdString());
        QVERIFY(text.ok());
        Expected<Project> big = parseProject(*text);
        QVERIFY(big.ok());
        ProjectDocument bigDocument;
        bigDocument.reset(*big, file);
        SteadyStateEditor large(&bigDocument);
        large.resize(1300, 850);
        large.show();
        large.setEntry(bigDocument.entryAt(0).id);
        QTest::qWait(50);
        GraphView* view = large.canvas()->view();
        view->fitAll();
        large.grab().save(dir + "/large-fit.png");
        for (double zoom : {0.5, 1.0, 3.0}) {
            while (view->zoom() < zoom / 1.2) {
                QWheelEvent wheel(QPointF(view->viewport()->rect().center()), view->viewport()->mapToGlobal(view->viewport()->rect().center()).toPointF(),
                                  QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
                QApplication::sendEvent(view->viewport(), &wheel);
            }
            large.grab().save(dir + QStringLiteral("/large-zoom-%1.png").arg(qRound(zoom * 100)));
        }
    }


    // The template and recovery dialogs, and a run marked stale.
    void dialogs() {
        const QString dir = outputDirectory();
        for (const QString& id : {QStringLiteral("divisible-star"), QStringLiteral("steady-grid"),
                                  QStringLiteral("dag-clusters"), QStringLiteral("cpugpu-node"),
                                  QStringLiteral("partition-random"), QStringLiteral("steady-random")}) {
            TemplateDialog dialog;
            dialog.selectTemplate(id);
            if (id == QLatin1String("divisible-star"))
                dialog.findChild<QWidget*>(QStringLiteral("templatePage_divisible"))
                    ->findChild<QDoubleSpinBox*>(QStringLiteral("option_min-c"))
                    ->setValue(3);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            dialog.grab().save(QDir(dir).filePath(QStringLiteral("template-%1.png").arg(id)));
        }
        QList<RecoveryFile> files;
        files.push_back({QStringLiteral("/tmp/a.hsrecovery"), QStringLiteral("/home/me/cluster-study.hsproj"),
                         QStringLiteral("cluster-study.hsproj"), QDateTime::currentDateTime().addSecs(-3600), 4, {}});
        files.push_back({QStringLiteral("/tmp/b.hsrecovery"), QString(), QStringLiteral("untitled.hsproj"),
                         QDateTime::currentDateTime().addDays(-2), 1, {}});
        files.push_back({QStringLiteral("/tmp/c.hsrecovery"), QString(), QStringLiteral("session-1-c.hsrecovery"),
                         QDateTime::currentDateTime().addDays(-3), 0,
                         QStringLiteral("session-1-c.hsrecovery: not a recovery file (truncated or not JSON)")});
        RecoveryDialog recovery(files);
        recovery.show();
        QVERIFY(QTest::qWaitForWindowExposed(&recovery));
        recovery.grab().save(QDir(dir).filePath(QStringLiteral("recovery-dialog.png")));

        useRecoveryDirectory(QStringLiteral("shots"));
        MainWindow window;
        window.resize(1400, 860);
        window.addNewInstance(QStringLiteral("cpugpu"));
        QVERIFY(solveAndWait(window, QStringLiteral("heteroprio"), {{"spoliation", 0}}));
        qobject_cast<CpuGpuEditor*>(window.editor())->gpuSpinBox()->setValue(2);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.grab().save(QDir(dir).filePath(QStringLiteral("stale-run.png")));
        window.document()->markSaved();
    }

};

QTEST_MAIN(Screenshots)
#include "screenshots.moc"
