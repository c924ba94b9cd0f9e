// Big instances stay responsive (issue 13): a task graph of 3,000 tasks and some 36,000 dependencies opened
// through File > Open's path in a shown window, offscreen. The claims are about behaviour, never about time:
// the file is read off the GUI thread (a timer keeps firing meanwhile), the entry appears when it is ready,
// Cancel leaves the open project as it was, work done meanwhile is not dropped without asking, and an entry
// shown again shows the drawing it had (not one made anew). The schedule of that graph is prepared for the
// result view off the GUI thread and put on screen in steps; a newer result drops an older one still pending.
#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>
#include <QToolButton>
#include <QtTest>
#include <fstream>
#include <memory>

#include "canvas/canvas_items.h"
#include "canvas/canvas_widget.h"
#include "canvas/graph_scene.h"
#include "canvas/graph_view.h"
#include "document/autosave.h"
#include "editors/dag_editor.h"
#include "panels/instance_list_panel.h"
#include "io/instance_io.h"
#include "io/project.h"
#include "app/mainwindow.h"
#include "model/dag_random.h"
#include "solvers/registry.h"
#include "ui_test_util.h"
#include "views/dag/dag_schedule_view.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

using test::shownWindow;

constexpr int kLoadTimeoutMs = 120000;

// Counts the turns of the event loop a timer gets while something runs: more than none means the GUI
// thread was not held by it from start to end.
class Heartbeat {
public:
    Heartbeat() {
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { ++m_ticks; });
        m_timer.start();
    }
    int ticks() const { return m_ticks; }

private:
    QTimer m_timer;
    int m_ticks = 0;
};

const DagEditor* dagEditor(const MainWindow& window) {
    return qobject_cast<const DagEditor*>(window.editor());
}

EntryId entryNamed(const MainWindow& window, const QString& name) {
    for (int row = 0; row < window.document()->entryCount(); ++row)
        if (window.document()->entryAt(row).name == name) return window.document()->entryAt(row).id;
    return 0;
}

}  // namespace

class LargeInstanceTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_temp;
    QString m_project;    // "big" (3,000 tasks) then "small" (4 tasks)
    std::size_t m_tasks = 0;
    std::size_t m_edges = 0;
    Instance m_big;                              // the big entry's graph
    std::shared_ptr<const SolveResult> m_mheft;  // its schedules by two solvers
    std::shared_ptr<const SolveResult> m_heft;

    // The window after File > Open of the big project, once its first entry is drawn.
    std::unique_ptr<MainWindow> openedBigProject() {
        auto window = shownWindow();
        QSignalSpy finished(window.get(), &MainWindow::loadFinished);
        window->openPath(m_project);
        if (!finished.wait(kLoadTimeoutMs) || !finished.front().at(1).toBool()) return nullptr;
        if (!waitUntilDrawn(*window)) return nullptr;
        return window;
    }

    // Until the current dag entry's canvas is complete.
    static bool waitUntilDrawn(const MainWindow& window) {
        return QTest::qWaitFor(
            [&] {
                const DagEditor* editor = dagEditor(window);
                return editor && editor->entryId() == window.currentEntry() && !editor->canvas()->isBuilding() &&
                       !editor->canvas()->isLayingOut();
            },
            kLoadTimeoutMs);
    }

    // The big graph's schedules (made on first use: only the result view's tests need them).
    bool solved() {
        for (auto [solver, result] : {std::pair{"mheft", &m_mheft}, std::pair{"heft", &m_heft}}) {
            if (*result) continue;
            Expected<SolveResult> made = solve(m_big, solver);
            if (!made) return false;
            *result = std::make_shared<const SolveResult>(std::move(*made));
        }
        return true;
    }

    static std::unique_ptr<DagScheduleView> shownResultView() {
        auto view = std::make_unique<DagScheduleView>();
        view->resize(1200, 700);
        view->show();
        if (!QTest::qWaitForWindowExposed(view.get())) qWarning("the result view was not exposed");
        return view;
    }

    // Until the pool threads ended and what they posted was delivered: a dropped answer has had its chance.
    static void settleThreads() {
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        QTest::qWait(50);   // the view's steps (1 ms timers), were any left to run
    }

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        test::isolateSettings(m_temp, QStringLiteral("large_instance_tests"));
        AutosaveManager::setDefaultDirectory(m_temp.filePath(QStringLiteral("recovery")));
        // daggen's shape (fat 0.5, density 0.5, jump 1), big enough for every background path: the file is
        // over a megabyte and the graph over CanvasWidget::kBackgroundBuildElements elements.
        DagGeneratorConfig config;
        config.n = 3000;
        config.density = 0.5;
        config.jump = 1;
        config.seed = 3;
        DagPlatformConfig platformConfig;
        platformConfig.clusters = 4;
        const Expected<DagPlatform> platform = generatePlatform(platformConfig);
        QVERIFY(platform.ok());
        const Expected<DagInstance> dag = generateDag(config, *platform);
        QVERIFY(dag.ok());
        m_tasks = dag->tasks.size();
        m_edges = dag->edges.size();
        QVERIFY(m_tasks + m_edges >= CanvasWidget::kBackgroundBuildElements);
        DagInstance small;
        small.platform = *platform;
        small.tasks = {{"t0", 2e10, 0.1}, {"t1", 8e10, 0.05}, {"t2", 4e10, 0.2}, {"t3", 1e10, 0.1}};
        small.edges = {{0, 1, 4e6}, {0, 2, 4e6}, {1, 3, 1e6}, {2, 3, 1e6}};
        m_big = *dag;
        QVERIFY(dag->tasks.size() >= DagScheduleView::kBackgroundTasks);
        Project project;
        project.entries.push_back({"big", Instance(*dag), {}, nullptr});
        project.entries.push_back({"small", Instance(small), {}, nullptr});
        m_project = m_temp.filePath(QStringLiteral("big.hsproj"));
        std::ofstream(m_project.toStdString()) << projectToJson(project).dump();
        QVERIFY(QFileInfo(m_project).size() > 1 << 20);
    }

    // File > Open returns at once; the window keeps handling events while the file is read and checked,
    // shows the old project until then, and then the new one with its first entry drawn, complete.
    void aBigFileIsReadOffTheGuiThreadAndShownWhenReady() {
        const auto window = shownWindow();
        const EntryId before = window->currentEntry();
        const QString beforeName = window->document()->entryAt(0).name;
        QSignalSpy finished(window.get(), &MainWindow::loadFinished);
        Heartbeat heartbeat;
        window->openPath(m_project);
        QVERIFY(window->isLoading());
        QCOMPARE(window->currentEntry(), before);  // nothing replaced yet
        QCOMPARE(window->document()->entryAt(0).name, beforeName);
        auto* loadStatus = window->findChild<QWidget*>(QStringLiteral("loadStatus"));
        QVERIFY(loadStatus && loadStatus->isVisible());  // the progress, with Cancel
        const int ticksAtStart = heartbeat.ticks();
        QVERIFY(finished.wait(kLoadTimeoutMs));
        QCOMPARE(finished.front().at(1).toBool(), true);
        QVERIFY2(heartbeat.ticks() > ticksAtStart, "the timer never fired while the file was read");
        QVERIFY(!window->isLoading());
        QVERIFY(!loadStatus->isVisible());
        QCOMPARE(window->document()->entryCount(), 2);
        QCOMPARE(window->currentEntry(), entryNamed(*window, QStringLiteral("big")));
        QCOMPARE(window->document()->filePath(), QFileInfo(m_project).absoluteFilePath());
        QVERIFY(!window->document()->isModified());

        // The drawing is made in slices too, the window answering between them.
        const int ticksBeforeDrawing = heartbeat.ticks();
        QVERIFY(waitUntilDrawn(*window));
        QVERIFY(heartbeat.ticks() > ticksBeforeDrawing);
        const CanvasWidget* canvas = dagEditor(*window)->canvas();
        QCOMPARE(canvas->scene()->nodeItems().size(), m_tasks);
        QCOMPARE(canvas->scene()->linkItems().size(), m_edges);
        QVERIFY(canvas->isEnabled());
    }

    // Cancel in the status bar stops the reading: the project open before stays as it was, and nothing
    // replaces it later.
    void cancellingTheOpenKeepsTheProjectAsItWas() {
        const auto window = shownWindow();
        QVERIFY(window->loadFile(test::examplePath(QStringLiteral("dag-two-clusters.json"))).ok());
        const EntryId current = window->currentEntry();
        const QWidget* editor = window->editor();
        const nlohmann::json before = projectToJson(window->document()->toProject());
        QSignalSpy finished(window.get(), &MainWindow::loadFinished);
        window->openPath(m_project);
        QVERIFY(window->isLoading());
        auto* cancel = window->findChild<QToolButton*>(QStringLiteral("cancelLoadButton"));
        QVERIFY(cancel && cancel->isVisible());
        cancel->click();
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.front().at(1).toBool(), false);
        QVERIFY(!window->isLoading());
        QTest::qWait(500);  // a reading that ended meanwhile is dropped, not shown late
        QCOMPARE(finished.size(), 1);
        QCOMPARE(projectToJson(window->document()->toProject()), before);
        QCOMPARE(window->currentEntry(), current);
        QCOMPARE(window->editor(), editor);
        QCOMPARE(window->document()->undoStack()->count(), 0);
        QVERIFY(!window->document()->isModified());
    }

    // An edit made while the file is read is not thrown away without asking: the user is asked again,
    // and Cancel keeps the edited project.
    void anEditMadeDuringTheOpenIsNotDroppedWithoutAsking() {
        const auto window = shownWindow();
        QVERIFY(window->loadFile(test::examplePath(QStringLiteral("dag-two-clusters.json"))).ok());
        QSignalSpy finished(window.get(), &MainWindow::loadFinished);
        window->openPath(m_project);
        QVERIFY(window->isLoading());
        window->document()->renameEntry(window->currentEntry(), QStringLiteral("edited while opening"));
        bool asked = false;
        QTimer answer;
        answer.setInterval(20);
        connect(&answer, &QTimer::timeout, this, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box) return;
            asked = true;
            box->button(QMessageBox::Cancel)->click();
        });
        answer.start();
        QVERIFY(finished.wait(kLoadTimeoutMs));
        QVERIFY(asked);
        QCOMPARE(finished.front().at(1).toBool(), false);
        QCOMPARE(window->document()->entryCount(), 1);
        QCOMPARE(window->document()->entryAt(0).name, QStringLiteral("edited while opening"));
    }

    // Showing another entry and coming back shows the same drawing: the editor, its scene and its items
    // are those made when the entry was first shown, and nothing is being made anew.
    void anEntryShownAgainReusesItsDrawing() {
        const auto window = openedBigProject();
        QVERIFY(window);
        const EntryId big = entryNamed(*window, QStringLiteral("big"));
        const EntryId small = entryNamed(*window, QStringLiteral("small"));
        const DagEditor* bigEditor = dagEditor(*window);
        QVERIFY(bigEditor);
        const GraphScene* scene = bigEditor->canvas()->scene();
        const NodeItem* firstNode = scene->nodeItems().front();
        const LinkItem* firstLink = scene->linkItems().front();

        window->instanceList()->selectEntry(small);
        QCOMPARE(window->currentEntry(), small);
        QVERIFY(dagEditor(*window) != bigEditor);
        QVERIFY(waitUntilDrawn(*window));
        QCOMPARE(dagEditor(*window)->canvas()->scene()->nodeItems().size(), std::size_t{4});

        window->instanceList()->selectEntry(big);
        QCOMPARE(window->currentEntry(), big);
        QCOMPARE(dagEditor(*window), bigEditor);
        QCOMPARE(bigEditor->canvas()->scene(), scene);
        QVERIFY(!bigEditor->canvas()->isBuilding());
        QCOMPARE(scene->nodeItems().front(), firstNode);
        QCOMPARE(scene->linkItems().front(), firstLink);
        QCOMPARE(scene->nodeItems().size(), m_tasks);
    }

    // The drawn graph takes gestures: a click selects a task (its properties shown), the wheel and Fit
    // zoom; zoomed out the view says it draws a sample of the dependencies, zoomed in it draws them all.
    void theBigCanvasIsUsable() {
        const auto window = openedBigProject();
        QVERIFY(window);
        CanvasWidget* canvas = const_cast<DagEditor*>(dagEditor(*window))->canvas();
        GraphView* view = canvas->view();
        view->fitAll();
        QTest::qWait(50);  // a frame
        QTRY_VERIFY(!view->sampleNote().isEmpty());
        const NodeItem* node = canvas->scene()->nodeItems()[1234];
        view->zoomBy(4.0 / view->zoom());
        view->centerOn(node->pos());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, view->mapFromScene(node->pos()));
        QCOMPARE(canvas->scene()->selectedNodes(), std::vector<int>{1234});
        QTRY_VERIFY(view->sampleNote().isEmpty());
        // Zoomed in, every dependency in view is drawn (the node's own, at least).
        view->viewport()->grab();
        const LinkLayer::FrameCount frame = canvas->scene()->linkLayer()->lastFrame();
        QVERIFY(frame.visible >= node->links().size());
        QCOMPARE(frame.drawn, frame.visible);
        const double zoom = view->zoom();
        QWheelEvent wheel(QPointF(50, 50), view->viewport()->mapToGlobal(QPointF(50, 50)), QPoint(), QPoint(0, -120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view->viewport(), &wheel);
        QVERIFY(view->zoom() < zoom);
    }

    // An edit of the big graph is checked and pushed as before (one undoable step), and the drawing follows.
    void anEditOfTheBigGraphIsOneUndoableStep() {
        const auto window = openedBigProject();
        QVERIFY(window);
        CanvasWidget* canvas = const_cast<DagEditor*>(dagEditor(*window))->canvas();
        const Instance& current = window->document()->entry(window->currentEntry())->instance;
        QVERIFY(canvas->apply(canvas->adapter()->setNodeProperty(current, 7, QStringLiteral("flops"), QStringLiteral("3e9"))));
        QCOMPARE(window->document()->undoStack()->count(), 1);
        QVERIFY(canvas->scene()->nodeItems()[7]->node().value.contains(QStringLiteral("3")));
        window->document()->undoStack()->undo();
        QCOMPARE(canvas->scene()->nodeItems().size(), m_tasks);
        QCOMPARE(canvas->scene()->linkItems().size(), m_edges);
        QVERIFY(!canvas->isBuilding());
    }

    // Shown on screen, the big schedule is prepared off the GUI thread: showResult returns with the view
    // saying so, the event loop turns meanwhile, and the view ends up drawing the whole result in both plots.
    void aBigResultIsPreparedOffTheGuiThreadAndShown() {
        QVERIFY(solved());
        const auto view = shownResultView();
        QSignalSpy shown(view.get(), &DagScheduleView::resultShown);
        view->showResult(m_big, m_mheft);
        QVERIFY(view->isPreparing());
        QVERIFY(!view->data());
        QVERIFY(view->message().startsWith(QStringLiteral("Preparing the schedule view")));
        // Posted now, so delivered before the thread's answer can be: the event loop turns meanwhile.
        bool turnedWhilePreparing = false;
        QTimer::singleShot(0, view.get(), [&] { turnedWhilePreparing = view->isPreparing(); });
        QVERIFY(QTest::qWaitFor([&] { return !view->isPreparing(); }, kLoadTimeoutMs));
        QVERIFY(turnedWhilePreparing);
        QCOMPARE(shown.count(), 1);
        QVERIFY(view->data());
        QCOMPARE(view->data()->taskCount(), m_tasks);
        QCOMPARE(view->data()->solver, QStringLiteral("mheft"));
        QVERIFY(view->message().isEmpty());
        QCOMPARE(view->ganttPlot()->gantt()->data(), view->data());
        QCOMPARE(view->graphPlot()->graph()->data(), view->data());
        QCOMPARE(view->graphPlot()->graph()->layout().position.size(), m_tasks);
        // Usable like a small result: a selection reaches both plots.
        view->selectTask(7);
        QCOMPARE(view->selectedTask(), 7);
        QVERIFY(view->selectionText().startsWith(view->data()->taskName(7)));
    }

    // A second showResult before the first result is on screen: the first one's answer (its thread ran to
    // the end) and its remaining steps are dropped; the view shows the second, once.
    void aStaleResultIsDroppedWhenANewerOneComes() {
        QVERIFY(solved());
        const auto view = shownResultView();
        QSignalSpy shown(view.get(), &DagScheduleView::resultShown);
        // Before the first one's answer came.
        view->showResult(m_big, m_mheft);
        view->showResult(m_big, m_heft);
        QVERIFY(QTest::qWaitFor([&] { return !view->isPreparing(); }, kLoadTimeoutMs));
        settleThreads();
        QCOMPARE(shown.count(), 1);
        QCOMPARE(view->data()->solver, QStringLiteral("heft"));
        QCOMPARE(view->ganttPlot()->gantt()->data(), view->data());
        QCOMPARE(view->graphPlot()->graph()->data(), view->data());

        // After its answer came, between its steps: once the Gantt is drawn, a call posted from its drawing
        // (delivered before the next step's timer) gives the second result; the first one's steps left stop.
        bool gaveSecond = false;
        bool graphEmptyThen = false;
        const QMetaObject::Connection drawn = connect(view->ganttPlot(), &QCustomPlot::afterReplot, view.get(), [&] {
            if (gaveSecond || !view->ganttPlot()->gantt()->data() || !view->isPreparing()) return;
            gaveSecond = true;
            QMetaObject::invokeMethod(
                view.get(),
                [&] {
                    graphEmptyThen = view->isPreparing() && !view->graphPlot()->graph()->data();
                    view->showResult(m_big, m_heft);
                },
                Qt::QueuedConnection);
        });
        view->showResult(m_big, m_mheft);
        QVERIFY(QTest::qWaitFor([&] { return gaveSecond && !view->isPreparing(); }, kLoadTimeoutMs));
        disconnect(drawn);
        QVERIFY(graphEmptyThen);
        settleThreads();
        QCOMPARE(shown.count(), 2);
        QCOMPARE(view->data()->solver, QStringLiteral("heft"));
        QCOMPARE(view->ganttPlot()->gantt()->data(), view->data());
        QCOMPARE(view->graphPlot()->graph()->data(), view->data());

        // A message (the run deleted, another entry) drops it too.
        view->showResult(m_big, m_mheft);
        view->showMessage(QStringLiteral("No runs"));
        settleThreads();
        QVERIFY(!view->isPreparing());
        QVERIFY(!view->data());
        QCOMPARE(view->message(), QStringLiteral("No runs"));
        QCOMPARE(shown.count(), 2);
    }

    // The instance given to showResult may go right after it: the thread works on its own copy.
    void theCallersInstanceMayGoAtOnce() {
        QVERIFY(solved());
        const auto view = shownResultView();
        auto instance = std::make_unique<Instance>(m_big);
        view->showResult(*instance, m_mheft);
        instance.reset();
        QVERIFY(QTest::qWaitFor([&] { return !view->isPreparing(); }, kLoadTimeoutMs));
        QCOMPARE(view->data()->taskCount(), m_tasks);
    }

    // Off screen (hetsched export, a chart made for a file) the big result is shown before showResult
    // returns; an export asked for while it is prepared on screen draws it whole.
    void aBigResultOffScreenOrExportedIsShownAtOnce() {
        QVERIFY(solved());
        DagScheduleView hidden;
        hidden.resize(1200, 700);
        hidden.showResult(m_big, m_mheft);
        QVERIFY(!hidden.isPreparing());
        QVERIFY(hidden.data());
        QCOMPARE(hidden.graphPlot()->graph()->data(), hidden.data());

        const auto view = shownResultView();
        view->showResult(m_big, m_mheft);
        QVERIFY(view->isPreparing());
        const QString path = m_temp.filePath(QStringLiteral("big-schedule.png"));
        const Expected<bool> written = view->exportTo(path, 800, 500);
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
        QVERIFY(!view->isPreparing());
        QVERIFY(view->data());
        QCOMPARE(view->graphPlot()->graph()->data(), view->data());
        // The same picture as the one drawn off screen at once.
        const QString reference = m_temp.filePath(QStringLiteral("big-schedule-hidden.png"));
        QVERIFY(hidden.exportTo(reference, 800, 500).ok());
        QCOMPARE(QImage(path), QImage(reference));
        settleThreads();
        QVERIFY(view->data());
    }

    // Opening another file over the big one: the big drawing goes (a slice at a time), the new project is shown.
    void anotherFileReplacesTheBigProject() {
        const auto window = openedBigProject();
        QVERIFY(window);
        window->openPath(test::examplePath(QStringLiteral("dag-two-clusters.json")));  // small: read at once
        QCOMPARE(window->document()->entryCount(), 1);
        QVERIFY(waitUntilDrawn(*window));
        QTest::qWait(200);
        QVERIFY(dagEditor(*window)->canvas()->scene()->nodeItems().size() < 100);
    }
};

QTEST_MAIN(LargeInstanceTest)
#include "test_large_instances.moc"
