// The main journeys of the GUI that users reported broken (issue 13), in a shown window offscreen: each test
// walks one journey as a user does (a click, a file opened, a task selected, an entry added) and checks what
// they then see.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QMenu>
#include <QSplitter>
#include <QToolButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QUndoStack>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "canvas/canvas_items.h"
#include "canvas/canvas_widget.h"
#include "canvas/graph_scene.h"
#include "canvas/graph_view.h"
#include "document/project_document.h"
#include "document/run_table_model.h"
#include "editors/dag_editor.h"
#include "io/instance_io.h"
#include "app/mainwindow.h"
#include "ui_test_util.h"
#include "panels/result_pane.h"
#include "panels/run_table.h"
#include "app/solve_controller.h"
#include "panels/solver_panel.h"
#include "solvers/registry.h"
#include "util/message_bar.h"
#include "panels/instance_list_panel.h"
#include "views/dag/dag_schedule_view.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

using test::examplePath;
using test::settle;
using test::shownWindow;
using test::solveWith;

// 64 machines of one processor each (each its own cluster, as a platform of single hosts) and a perfectly
// parallel task, which CPA spreads over all of them: its processors are 64 separate runs, one per cluster.
DagInstance wideTaskInstance() {
    DagInstance in;
    for (int c = 0; c < 64; ++c) in.platform.clusters.push_back({"host" + std::to_string(c), 1, 1e9, 1.25e8, 1e-4});
    in.platform.backbone = {3.125e8, 0.05};
    in.tasks.push_back({"wide", 1e14, 0.0});
    return in;
}

}  // namespace

class GuiJourneyTests : public QObject {
    Q_OBJECT

    QTemporaryDir m_temp;

    // A project file holding `example` and one run of each solver, in that order.
    QString projectWithRuns(const QString& example, const QStringList& solvers) {
        MainWindow window;
        if (!window.loadFile(examplePath(example)).ok()) return {};
        for (const QString& solver : solvers)
            if (const QString failure = solveWith(window, solver); !failure.isEmpty()) {
                qWarning("%s", qPrintable(failure));
                return {};
            }
        const QString path = m_temp.filePath(QFileInfo(example).completeBaseName() + QStringLiteral(".hsproj"));
        return window.saveProject(path).ok() ? path : QString();
    }

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        test::isolateSettings(m_temp, QStringLiteral("gui_journey_tests"));
    }

    void clickingARunInTheTableShowsItsChartAndEnablesExportChart_data() {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        QTest::newRow("partition") << QStringLiteral("partition-small.json") << QStringLiteral("dp")
                                   << QStringLiteral("proportional");
        QTest::newRow("dag") << QStringLiteral("dag-two-clusters.json") << QStringLiteral("hcpa")
                             << QStringLiteral("mheft");
    }

    // A project opened from a file (as after a restart) shows its newest run; a mouse click on the older
    // run's row, on the table's viewport, draws that run and keeps Export Chart available.
    void clickingARunInTheTableShowsItsChartAndEnablesExportChart() {
        QFETCH(QString, example);
        QFETCH(QString, first);
        QFETCH(QString, second);
        const QString project = projectWithRuns(example, {first, second});
        QVERIFY(!project.isEmpty());
        const auto window = shownWindow();
        QVERIFY(window->loadFile(project).ok());
        settle();
        QAction* exportChart = window->findChild<QAction*>(QStringLiteral("exportChartAction"));
        QVERIFY(exportChart);
        QCOMPARE(window->runTable()->currentRun(), 1);
        QVERIFY(window->resultPane()->heading().contains(second));

        QTableView* view = window->runTable()->view();
        const auto rowOfSolver = [view](const QString& solver) {
            for (int row = 0; row < view->model()->rowCount(); ++row)
                if (view->model()->index(row, RunTableModel::SolverColumn).data().toString() == solver)
                    return view->model()->index(row, RunTableModel::SolverColumn);
            return QModelIndex();
        };
        for (const auto& [solver, run] : {std::pair{first, 0}, std::pair{second, 1}}) {
            const QModelIndex cell = rowOfSolver(solver);
            QVERIFY(cell.isValid());
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(cell).center());
            settle();
            QCOMPARE(window->runTable()->currentRun(), run);
            QVERIFY2(window->resultPane()->heading().contains(solver), qPrintable(window->resultPane()->heading()));
            QVERIFY(exportChart->isEnabled());
            QVERIFY(window->exportChart(m_temp.filePath(QStringLiteral("clicked.png"))).ok());
        }
        // The dag view draws the clicked schedule, not the "select a run" message.
        if (auto* dag = dynamic_cast<DagScheduleView*>(window->resultPane()->chart())) QVERIFY(dag->data());
    }

    // With a dag entry on the canvas, opening a project whose entry is another dag draws that entry's
    // graph at once: every task a node, the canvas enabled, the drawing fitted into the view.
    void openingADagProjectOverAShownDagEntryDrawsTheNewGraph() {
        const QString project = projectWithRuns(QStringLiteral("dag-two-clusters.json"), {});
        QVERIFY(!project.isEmpty());
        const auto window = shownWindow();
        window->addNewInstance(QStringLiteral("dag"));
        settle();
        auto* shown = qobject_cast<DagEditor*>(window->editor());
        QVERIFY(shown);
        QCOMPARE(shown->canvas()->scene()->nodeItems().size(), std::size_t{4});

        QVERIFY(window->loadFile(project).ok());
        settle();
        auto* editor = qobject_cast<DagEditor*>(window->editor());
        QVERIFY(editor);
        CanvasWidget* canvas = editor->canvas();
        QCOMPARE(canvas->entryId(), window->currentEntry());
        const auto& dag = std::get<DagInstance>(window->document()->entry(window->currentEntry())->instance);
        QCOMPARE(dag.tasks.size(), std::size_t{8});
        const std::vector<NodeItem*>& nodes = canvas->scene()->nodeItems();
        QCOMPARE(nodes.size(), dag.tasks.size());
        for (std::size_t t = 0; t < dag.tasks.size(); ++t)
            QCOMPARE(nodes[t]->node().title, QString::fromStdString(dag.tasks[t].name));
        QVERIFY(canvas->isEnabled());
        QVERIFY(canvas->isVisible());
        const QRect viewport = canvas->view()->viewport()->rect();
        for (const NodeItem* node : nodes) {
            const QRect drawn = canvas->view()->mapFromScene(node->sceneBoundingRect()).boundingRect();
            QVERIFY2(viewport.intersects(drawn), qPrintable(node->node().title));
        }
    }

    // A task on 63 processors and more, listed one by one: the line naming them is elided to the room it
    // has and holds the whole list; the window keeps its width.
    void selectingATaskOnSixtyThreeProcessorsKeepsTheWindowWidth() {
        const auto window = shownWindow();
        window->document()->addEntry(QStringLiteral("wide"), Instance{wideTaskInstance()});
        QCOMPARE(solveWith(*window, QStringLiteral("cpa")), QString());
        settle();
        auto* view = dynamic_cast<DagScheduleView*>(window->resultPane()->chart());
        QVERIFY(view);
        QVERIFY(view->data());
        const int wide = 0;
        QVERIFY(view->data()->placements[static_cast<std::size_t>(wide)].processors.size() >= 63);
        QVERIFY(view->data()->runs[static_cast<std::size_t>(wide)].size() >= 63);
        const int width = window->width();
        view->selectTask(wide);
        settle();
        QVERIFY(view->selectionText().contains(view->data()->whereText(static_cast<std::size_t>(wide))));
        QCOMPARE(window->width(), width);
    }

    // The steady-state editor's row of fields fits in the window as it is.
    void addingASteadyStateEntryKeepsTheWindowWidth() {
        const auto window = shownWindow();
        QVERIFY(window->loadFile(MainWindow::defaultExample()).ok());
        settle();
        const int width = window->width();
        window->addNewInstance(QStringLiteral("steady_state"));
        settle();
        QCOMPARE(window->width(), width);
        QCOMPARE(solveWith(*window, window->solverPanel()->currentSolver()), QString());
        settle();
        QCOMPARE(window->width(), width);
    }

    // Opened one after the other, as from File > Examples: each example preselects defaultSolverFor (what
    // `hetsched solve` runs with no --solver), marked as the default, and that solver solves it.
    void eachExamplePreselectsTheSolverTheCommandLineRunsAndItSolves() {
        const QStringList examples =
            QDir(QStringLiteral(HETSCHED_EXAMPLES_DIR)).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(examples.contains(QStringLiteral("divisible-star-12.json")));
        const auto window = shownWindow();
        for (const QString& example : examples) {
            QVERIFY(window->loadFile(examplePath(example)).ok());
            const Expected<Instance> instance = readInstanceFile(examplePath(example).toStdString());
            QVERIFY(instance.ok());
            const QString expected = QString::fromStdString(defaultSolverFor(*instance));
            QVERIFY2(!expected.isEmpty(), qPrintable(example));
            QCOMPARE(window->solverPanel()->currentSolver(), expected);
            QCOMPARE(window->solverPanel()->defaultSolver(), expected);
            const QString failure = solveWith(*window, window->solverPanel()->currentSolver());
            QVERIFY2(failure.isEmpty(), qPrintable(example + QStringLiteral(": ") + failure));
        }
    }

    // A run draws against the instance it was computed on: after an edit (the run made before it) and after
    // an undo (the run made on the edited version), the dag view names the tasks as they were at the solve.
    void aRunDrawsAgainstTheInstanceItWasComputedOn() {
        const auto window = shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("dag-two-clusters.json"))).ok());
        ProjectDocument* document = window->document();
        const EntryId id = window->currentEntry();
        const auto renamedFirstTask = [&](const std::string& name) {
            DagInstance dag = std::get<DagInstance>(document->entry(id)->instance);
            dag.tasks[0].name = name;
            return Instance(std::move(dag));
        };
        const std::string original = std::get<DagInstance>(document->entry(id)->instance).tasks[0].name;
        const auto shownFirstTask = [&](int run) -> QString {
            window->runTable()->view()->selectRow(run);
            settle();
            auto* view = dynamic_cast<DagScheduleView*>(window->resultPane()->chart());
            if (!view || !view->data()) return QStringLiteral("(no dag view)");
            return view->data()->taskName(0);
        };

        QVERIFY(solveWith(*window, QStringLiteral("hcpa")).isEmpty());            // run 1: on the original
        document->editInstance(id, renamedFirstTask("renamed"), QStringLiteral("rename"));
        QVERIFY(solveWith(*window, QStringLiteral("mheft")).isEmpty());           // run 2: on "renamed"
        QCOMPARE(document->entry(id)->runs.size(), std::size_t{2});
        QCOMPARE(shownFirstTask(0), QString::fromStdString(original));
        QCOMPARE(shownFirstTask(1), QStringLiteral("renamed"));

        document->undoStack()->undo();                                            // back to the original
        QCOMPARE(std::get<DagInstance>(document->entry(id)->instance).tasks[0].name, original);
        QCOMPARE(shownFirstTask(1), QStringLiteral("renamed"));
        QCOMPARE(shownFirstTask(0), QString::fromStdString(original));
        QVERIFY(window->resultPane()->heading().contains(QLatin1String("hcpa")));
    }

    // lower-bound's run shows a bound, not a schedule called optimal: its status reads "lower bound", its
    // objective cell "≥ bound" (the bound, below heft's makespan), and the heading says it is a bound.
    void theLowerBoundRunShowsABound() {
        const auto window = shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("cpugpu-small.json"))).ok());
        for (const QString& solver : {QStringLiteral("heft"), QStringLiteral("lower-bound")}) {
            const QString failure = solveWith(*window, solver);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
        }
        settle();
        QAbstractItemModel* model = window->runTable()->view()->model();
        QCOMPARE(model->rowCount(), 2);
        QString boundStatus, boundObjective, heftObjective;
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString solver = model->index(row, RunTableModel::SolverColumn).data().toString();
            const QString objective = model->index(row, RunTableModel::ObjectiveColumn).data().toString();
            if (solver == QLatin1String("lower-bound")) {
                boundStatus = model->index(row, RunTableModel::StatusColumn).data().toString();
                boundObjective = objective;
            } else {
                heftObjective = objective;
            }
        }
        QVERIFY2(boundStatus.startsWith(QLatin1String("lower bound")), qPrintable(boundStatus));
        QVERIFY2(boundObjective.startsWith(QStringLiteral("≥ ")), qPrintable(boundObjective));
        QCOMPARE(boundObjective.mid(2), QStringLiteral("5.75"));
        QVERIFY2(!heftObjective.startsWith(QStringLiteral("≥")), qPrintable(heftObjective));
        QVERIFY2(window->resultPane()->heading().contains(QLatin1String("lower bound")),
                 qPrintable(window->resultPane()->heading()));
    }

    // Workers added past the exhaustive search's reach (p <= 7) move the default, and the preselected
    // solver with it; a solver the user chose stays chosen.
    void editingTheInstanceMovesTheDefaultAndTheUntouchedSelection() {
        const auto window = shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("divisible-small.json"))).ok());
        const EntryId id = window->currentEntry();
        const auto divisible = [&] { return std::get<DivisibleInstance>(window->document()->entry(id)->instance); };
        QCOMPARE(window->solverPanel()->currentSolver(), QStringLiteral("exhaustive"));
        DivisibleInstance larger = divisible();
        while (larger.workers.size() < 8) {
            DivisibleWorker worker = larger.workers.back();
            worker.name += "'";
            larger.workers.push_back(worker);
        }
        window->document()->editInstance(id, Instance{larger}, QStringLiteral("add workers"));
        QCOMPARE(window->solverPanel()->defaultSolver(), QString::fromStdString(defaultSolverFor(Instance{larger})));
        QCOMPARE(window->solverPanel()->currentSolver(), QStringLiteral("fifo-optimal"));
        QCOMPARE(solveWith(*window, window->solverPanel()->currentSolver()), QString());

        window->solverPanel()->setCurrentSolver(QStringLiteral("lifo-optimal"));
        window->document()->undoStack()->undo();
        QCOMPARE(divisible().workers.size(), std::size_t{2});
        QCOMPARE(window->solverPanel()->defaultSolver(), QStringLiteral("exhaustive"));
        QCOMPARE(window->solverPanel()->currentSolver(), QStringLiteral("lifo-optimal"));
    }

    // File > Examples: an example opens as the project (the built-in ones are Qt resources), and
    // Add to Project puts several into one project, each add one undoable step.
    void examplesOpenAndSeveralGoIntoOneProject() {
        const auto window = shownWindow();
        auto* examples = window->findChild<QMenu*>(QStringLiteral("examplesMenu"));
        auto* add = window->findChild<QMenu*>(QStringLiteral("addExampleMenu"));
        QVERIFY(examples && add);
        const auto actionNamed = [](QMenu* menu, const QString& name) -> QAction* {
            for (QAction* a : menu->actions())
                if (a->text() == name) return a;
            return nullptr;
        };
        QAction* open = actionNamed(examples, QStringLiteral("divisible-star-12"));
        QVERIFY(open);
        open->trigger();
        QCOMPARE(window->document()->entryCount(), 1);
        QCOMPARE(window->document()->entryAt(0).name, QStringLiteral("divisible-star-12"));
        for (const char* name : {"cpugpu-small", "dag-two-clusters"}) {
            QAction* a = actionNamed(add, QLatin1String(name));
            QVERIFY2(a, name);
            a->trigger();
        }
        QCOMPARE(window->document()->entryCount(), 3);
        QCOMPARE(window->document()->entryAt(2).name, QStringLiteral("dag-two-clusters"));
        window->document()->undoStack()->undo();
        QCOMPARE(window->document()->entryCount(), 2);
    }

    // A solver's failure shown for one entry goes when another entry is shown, and a failure of an entry
    // not shown stays out of the panel.
    void aFailureBannerBelongsToItsEntry() {
        const auto window = shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("divisible-star-12.json"))).ok());
        const EntryId star = window->currentEntry();
        auto* banner = window->solverPanel()->findChild<MessageBar*>(QStringLiteral("solverMessage"));
        QVERIFY(banner);
        QVERIFY(!solveWith(*window, QStringLiteral("exhaustive")).isEmpty());   // p = 12: refused
        QVERIFY(banner->isVisibleTo(window.get()));
        QVERIFY(banner->text().contains(QStringLiteral("exhaustive")));
        const EntryId other = window->document()->addEntry(QStringLiteral("other"),
                                                           window->document()->entry(star)->instance);
        window->instanceList()->selectEntry(other);
        QCOMPARE(window->currentEntry(), other);
        QVERIFY(!banner->isVisibleTo(window.get()));
        window->instanceList()->selectEntry(star);
        QVERIFY(!banner->isVisibleTo(window.get()));
    }

    // Room for results: at the common screen sizes the results get the larger share of the centre once there
    // is a run (before, the empty pane leaves the editor the height), and the Maximise button gives them all of
    // it (the editor and instance list step aside, then return).
    void theResultsGetRoomAndCanTakeTheWholeCentre() {
        for (const QSize size : {QSize(1600, 1000), QSize(1280, 800)}) {
            MainWindow window;
            window.resize(size);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.loadFile(examplePath(QStringLiteral("dag-two-clusters.json"))).ok());
            settle();
            auto* splitter = window.findChild<QSplitter*>(QStringLiteral("centralSplitter"));
            QVERIFY(splitter);
            QWidget* editor = splitter->widget(0);
            QWidget* results = window.resultPane();
            QVERIFY2(results->height() < editor->height(),
                     qPrintable(QStringLiteral("%1x%2 with no run: results %3 px, editor %4 px")
                                    .arg(size.width()).arg(size.height()).arg(results->height()).arg(editor->height())));
            QCOMPARE(solveWith(window, QStringLiteral("heft")), QString());
            settle();
            QVERIFY2(results->height() > editor->height(),
                     qPrintable(QStringLiteral("%1x%2: results %3 px, editor %4 px")
                                    .arg(size.width()).arg(size.height()).arg(results->height()).arg(editor->height())));
            auto* maximise = results->findChild<QToolButton*>(QStringLiteral("maximiseResultsButton"));
            QVERIFY(maximise && maximise->isVisible());
            QTest::mouseClick(maximise, Qt::LeftButton);
            settle();
            QVERIFY(!editor->isVisible());
            QVERIFY(results->height() > splitter->height() * 9 / 10);
            QTest::mouseClick(maximise, Qt::LeftButton);
            settle();
            QVERIFY(editor->isVisible());
            QVERIFY(window.instanceList()->isVisible());
        }
    }
};

QTEST_MAIN(GuiJourneyTests)
#include "test_gui_journeys.moc"
