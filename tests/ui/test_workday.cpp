// Issue 25, a day's work in the GUI without losing anything: a saved project reopens with every run as it
// was (the instance it was computed on, its outdated mark, its simulation), in a shown window offscreen,
// driven by the mouse and the keyboard.
#include <QAbstractItemModel>
#include <QApplication>
#include <QImage>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "app/mainwindow.h"
#include "app/run_simulation.h"
#include "app/solve_controller.h"
#include "canvas/canvas_widget.h"
#include "canvas/graph_view.h"
#include "document/project_document.h"
#include "document/run_table_model.h"
#include "editors/dag_editor.h"
#include "editors/divisible_editor.h"
#include "editors/steady_state_editor.h"
#include "io/project.h"
#include "panels/result_pane.h"
#include "panels/run_table.h"
#include "panels/solver_panel.h"
#include "util/elided_label.h"
#include "util/message_bar.h"
#include "util/number_spin_box.h"
#include "util/quantity_input.h"
#include "util/window_fit.h"
#include "canvas/property_panel.h"
#include <QLineEdit>
#include <QCheckBox>
#include <QComboBox>
#include <QScreen>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QMenu>
#include <QMenuBar>
#include <QDockWidget>
#include <QMainWindow>
#include <QMimeData>
#include <QTimer>
#include <QToolBar>
#include "dialogs/help_dialog.h"
#include "dialogs/task_graph_import_dialog.h"
#include "panels/instance_list_panel.h"
#include "util/option_form.h"
#include "canvas/graph_scene.h"
#include "views/gantt/schedule_comparison_view.h"
#include "ui_test_util.h"
#include "views/gantt/gantt_view.h"
#include "views/gantt/gantt_plottable.h"
#include "views/gantt/time_marker_layer.h"
#include "views/gantt/gantt_category_layer.h"
#include "views/steady/steady_graph_view.h"
#include "views/dag/dag_gantt_view.h"
#include "views/dag/dag_schedule_view.h"
#include "views/steady/steady_patterns_view.h"
#include "views/steady/steady_period_strip.h"
#include <QScrollArea>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>
#include <set>
#include "schedule/schedule.h"
#include <QWheelEvent>
#include <qcustomplot.h>

using namespace hetsched;
using namespace hetsched::ui;

namespace {

using test::examplePath;
using test::settle;

// What a user sees of one run once its row is clicked: the row, the heading, the stale note, every text of
// the result pane, and the result pane's picture.
struct ShownRun {
    QStringList row;
    bool stale = false;
    QString heading;
    bool staleNote = false;
    QStringList texts;
    QImage picture;
};

QTableView* runView(MainWindow& window) { return window.runTable()->view(); }

// The table row showing run `index` (the table may be sorted).
int rowOfRun(MainWindow& window, int index) {
    QAbstractItemModel* model = runView(window)->model();
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, 0).data(RunTableModel::RunIndexRole).toInt() == index) return row;
    return -1;
}

// The share of `area` (in the widget's pixels) drawn dark grey: outlines and separator lines, not bars' colours.
double darkGreyShare(const QImage& picture, const QRect& area) {
    const double ratio = picture.devicePixelRatio();
    int dark = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QColor pixel = picture.pixelColor(QPoint(x, y) * ratio);
            dark += pixel.lightness() < 110 && pixel.hslSaturation() < 60 ? 1 : 0;
        }
    return static_cast<double>(dark) / std::max(1, area.width() * area.height());
}

ShownRun clickRun(MainWindow& window, int index) {
    QTableView* view = runView(window);
    const int row = rowOfRun(window, index);
    const QModelIndex cell = view->model()->index(row, RunTableModel::NumberColumn);
    view->scrollTo(cell);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, view->visualRect(cell).center());
    settle();
    ShownRun shown;
    for (int column = 0; column < view->model()->columnCount(); ++column)
        shown.row << view->model()->index(row, column).data().toString();
    shown.stale = view->model()->index(row, 0).data(RunTableModel::StaleRole).toBool();
    shown.heading = window.resultPane()->heading();
    shown.staleNote = window.resultPane()->isShowingStaleRun();
    for (const QLabel* label : window.resultPane()->findChildren<QLabel*>())
        if (label->isVisible()) shown.texts << label->text();
    shown.picture = window.resultPane()->grab().toImage();
    return shown;
}

void compareShown(const ShownRun& before, const ShownRun& after, int index) {
    const QString what = QStringLiteral("run %1").arg(index + 1);
    const auto changed = [&](const QString& part, const QString& was, const QString& is) {
        return QStringLiteral("%1: %2 \"%3\" became \"%4\"").arg(what, part, was, is).toUtf8();
    };
    QVERIFY2(before.row == after.row, changed(QStringLiteral("row"), before.row.join('|'), after.row.join('|')).constData());
    QVERIFY2(before.stale == after.stale, changed(QStringLiteral("outdated mark"), QString::number(before.stale), QString::number(after.stale)).constData());
    QVERIFY2(before.heading == after.heading, changed(QStringLiteral("heading"), before.heading, after.heading).constData());
    QVERIFY2(before.staleNote == after.staleNote, changed(QStringLiteral("stale note"), QString::number(before.staleNote), QString::number(after.staleNote)).constData());
    QVERIFY2(before.texts == after.texts, changed(QStringLiteral("texts"), before.texts.join('|'), after.texts.join('|')).constData());
    QVERIFY2(before.picture == after.picture, qPrintable(what + QStringLiteral(": the result pane looks different")));
}

// What a comparison shows: each Gantt's title, lanes and bars, and the metrics table's cells.
QStringList shownComparison(MainWindow& window) {
    QStringList shown;
    ScheduleComparisonView* comparison = window.resultPane()->comparison();
    for (int k = 0; comparison && k < comparison->ganttCount(); ++k) {
        const Schedule* schedule = comparison->gantt(k)->schedule();
        if (!schedule) continue;
        shown << QString::fromStdString(schedule->title);
        for (const Lane& lane : schedule->lanes) {
            QString bars = QString::fromStdString(lane.name) + QLatin1Char(':');
            for (const Interval& interval : lane.intervals)
                bars += QStringLiteral(" [%1, %2 %3 %4]").arg(interval.start, 0, 'g', 17).arg(interval.end, 0, 'g', 17)
                            .arg(QString::fromStdString(interval.label), QString::fromStdString(interval.group));
            shown << bars;
        }
    }
    QAbstractItemModel* metrics = comparison ? comparison->metricsTable()->model() : nullptr;
    for (int row = 0; metrics && row < metrics->rowCount(); ++row)
        for (int column = 0; column < metrics->columnCount(); ++column) shown << metrics->index(row, column).data().toString();
    return shown;
}

// Why a window is as wide as it is: the minimum widths of its central widget and docks.
QString widthReport(QMainWindow& window) {
    QStringList parts;
    parts << QStringLiteral("window %1x%2, minimum %3").arg(window.width()).arg(window.height()).arg(window.minimumSizeHint().width());
    if (QWidget* central = window.centralWidget())
        parts << QStringLiteral("central %1 (%2)").arg(central->minimumSizeHint().width()).arg(central->width());
    for (QDockWidget* dock : window.findChildren<QDockWidget*>())
        if (dock->isVisible())
            parts << QStringLiteral("%1 %2 (%3)").arg(dock->objectName()).arg(dock->minimumSizeHint().width()).arg(dock->width());
    return parts.join(QStringLiteral(", "));
}

QPoint at(CanvasWidget* canvas, QPointF scenePos) { return canvas->view()->mapFromScene(scenePos); }

// A main window shown at `size`, as on a screen of that size.
std::unique_ptr<MainWindow> windowAt(QSize size) {
    auto window = std::make_unique<MainWindow>();
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) qWarning("the main window was not exposed");
    settle();
    return window;
}

// Picks `solver` in the Solver panel and clicks Run, as a user does; false when no run came of it.
bool clickRunWith(MainWindow& window, const QString& solver) {
    window.solverPanel()->setCurrentSolver(solver);
    QSignalSpy succeeded(window.solveController(), &SolveController::succeeded);
    QSignalSpy idle(window.solveController(), &SolveController::idle);
    QTest::mouseClick(window.solverPanel()->findChild<QPushButton*>(QStringLiteral("runButton")), Qt::LeftButton);
    if (!idle.wait(test::kSolveTimeoutMs)) return false;
    settle();
    return !succeeded.isEmpty();
}

// Clicks the entry named `name` in the Instances list.
void clickEntry(MainWindow& window, const QString& name) {
    QListView* list = window.instanceList()->view();
    for (int row = 0; row < list->model()->rowCount(); ++row) {
        const QModelIndex index = list->model()->index(row, 0);
        if (index.data().toString() != name) continue;
        list->scrollTo(index);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier, list->visualRect(index).center());
        settle();
        return;
    }
    QFAIL(qPrintable(QStringLiteral("no entry named ") + name));
}

// Turns the mouse wheel over the middle of a chart's plot area, `steps` notches (positive: away from the user,
// which zooms in with Ctrl), with `modifiers` held: the event goes where Qt sends it (to the parents when the chart
// ignores it).
void wheelOver(QCustomPlot* plot, int steps, Qt::KeyboardModifiers modifiers = Qt::ControlModifier) {
    const QPoint centre = plot->axisRect()->rect().center();
    QWheelEvent wheel(centre, plot->mapToGlobal(centre), QPoint(), QPoint(0, 120 * steps), Qt::NoButton, modifiers,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(plot, &wheel);
    settle();
}

// Turns the mouse wheel over `widget` at `pos` (its coordinates), as wheelOver does over a chart.
void wheelOverWidget(QWidget* widget, QPoint pos, int steps, Qt::KeyboardModifiers modifiers) {
    QWheelEvent wheel(pos, widget->mapToGlobal(pos), QPoint(), QPoint(0, 120 * steps), Qt::NoButton, modifiers,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &wheel);
    settle();
}

// The scroll area a chart is in, whose bar moves: its nearest ancestor that is one.
QScrollArea* scrollAreaOf(QWidget* chart) {
    for (QWidget* parent = chart->parentWidget(); parent; parent = parent->parentWidget())
        if (auto* area = qobject_cast<QScrollArea*>(parent)) return area;
    return nullptr;
}

// The wheel over `gantt` in a pane that scrolls: a plain turn scrolls the pane and leaves the zoom; Ctrl+wheel
// zooms time and leaves the pane where it is. Empty when so, else what happened instead.
QString wheelScrollsPaneAndCtrlZooms(QCustomPlot* gantt) {
    QScrollArea* area = scrollAreaOf(gantt);
    if (!area) return QStringLiteral("the chart is in no scroll area");
    QScrollBar* bar = area->verticalScrollBar();
    if (bar->maximum() <= 0) return QStringLiteral("the pane does not scroll (content fits)");
    bar->setValue(0);
    settle();
    const QCPRange time = gantt->xAxis->range();
    const QCPRange lanes = gantt->yAxis->range();
    wheelOver(gantt, -2, Qt::NoModifier);   // towards the user: down the page
    QStringList wrong;
    if (bar->value() <= 0) wrong << QStringLiteral("a plain wheel did not scroll the pane");
    if (gantt->xAxis->range() != time || gantt->yAxis->range() != lanes) wrong << QStringLiteral("a plain wheel zoomed the chart");
    const int scrolled = bar->value();
    wheelOver(gantt, 2, Qt::ControlModifier);
    if (!(gantt->xAxis->range().size() < time.size() * 0.95)) wrong << QStringLiteral("Ctrl+wheel did not zoom time");
    if (bar->value() != scrolled) wrong << QStringLiteral("Ctrl+wheel scrolled the pane");
    return wrong.join(QStringLiteral("; "));
}

// The title element of a Gantt (the first row of its layout).
QCPTextElement* titleOf(GanttView* gantt) { return qobject_cast<QCPTextElement*>(gantt->plotLayout()->element(0, 0)); }

// WfCommons' Montage imported onto the SimGrid platform file `platform` of the corpus as a new entry, shown.
void importMontage(MainWindow& window, const QString& platform) {
    const QString corpus = QStringLiteral(HETSCHED_CORPUS_DIR);
    std::unique_ptr<TaskGraphImportDialog> dialog(window.createTaskGraphImportDialog());
    dialog->setGraphFile(corpus + QStringLiteral("/wfcommons/v1.0_pegasus-instances/montage-chameleon-dss-05d-001.json"));
    dialog->setPlatformSource(TaskGraphImportDialog::PlatformSource::File);
    dialog->setPlatformFile(corpus + QStringLiteral("/simgrid-platforms/") + platform);
    dialog->refresh();
    QVERIFY2(dialog->result().ok(), qPrintable(dialog->previewText()));
    QVERIFY(window.addImportedTaskGraph(*dialog) != 0);
    settle();
}

// WfCommons' Montage imported onto the SimGrid platform file `platform` of the corpus, planned by heft and
// simulated: the window then shows the planned and simulated runs compared. A failure fails the test calling it.
void planAndSimulateMontage(MainWindow& window, const QString& platform) {
    importMontage(window, platform);
    if (QTest::currentTestFailed()) return;
    QVERIFY(clickRunWith(window, QStringLiteral("heft")));
    QSignalSpy simulated(window.runSimulation(), &RunSimulationController::simulated);
    window.runSimulation()->action()->trigger();
    QVERIFY(simulated.wait(120000));
    settle();
}

// The divisible-load editor's Scenario timeline on screen (null when none is shown).
GanttView* shownScenarioTimeline(const MainWindow& window) {
    GanttView* timeline = nullptr;
    for (GanttView* shown : window.findChildren<GanttView*>(QStringLiteral("scenarioTimeline")))
        if (shown->isVisible()) timeline = shown;
    return timeline;
}

// Empty when the Gantt, drawn as on screen, names each of its lanes in names of at least 7 pt no taller than the
// lanes are apart; else what is wrong.
QString unnamedLanes(GanttView& gantt) {
    gantt.grab();   // laid out and drawn as on screen
    const int lanes = static_cast<int>(gantt.schedule()->lanes.size());
    int named = 0;
    for (const QString& label : gantt.yAxis->tickVectorLabels()) named += label.isEmpty() ? 0 : 1;
    const QFont font = gantt.yAxis->tickLabelFont();
    const double apart = std::abs(gantt.yAxis->coordToPixel(1) - gantt.yAxis->coordToPixel(0));
    if (named != lanes)
        return QStringLiteral("%1 of %2 lanes named (plot area %3 px high)").arg(named).arg(lanes).arg(gantt.axisRect()->height());
    if (font.pointSizeF() < 7.0) return QStringLiteral("lane names at %1 pt").arg(font.pointSizeF());
    if (QFontMetricsF(font).height() > apart)
        return QStringLiteral("names %1 px high on lanes %2 px apart").arg(QFontMetricsF(font).height()).arg(apart);
    return {};
}

// The two screens of the issue's journeys, as a test's data rows: a laptop's 1280x800 and 1600x1000.
void addLaptopScreenSizes() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("1280x800") << QSize(1280, 800);
    QTest::newRow("1600x1000") << QSize(1600, 1000);
}

}  // namespace

class WorkdayTests : public QObject {
    Q_OBJECT

    QTemporaryDir m_temp;

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        test::isolateSettings(m_temp, QStringLiteral("workday_tests"));
    }

    // The journey of the issue: the steady-state example, Run all, one run simulated, a processor and a link
    // added (the runs become outdated), a run on the new version, Save; reopened in another window, each run
    // shows the same row, mark, heading, texts and picture, and the simulation is shown again as it was.
    void aReopenedProjectShowsEveryRunAsItWas() {
        auto window = test::shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("steady-state-bag-of-tasks.json"))).ok());
        settle();
        const EntryId id = window->currentEntry();
        const std::size_t nodesBefore = std::get<SteadyStateInstance>(window->document()->entry(id)->instance).nodes.size();

        QSignalSpy idle(window->solveController(), &SolveController::idle);
        auto* runAll = window->solverPanel()->findChild<QPushButton*>(QStringLiteral("runAllButton"));
        QVERIFY(runAll && runAll->isEnabled());
        QTest::mouseClick(runAll, Qt::LeftButton);
        QVERIFY(idle.wait(test::kSolveTimeoutMs));
        test::drainBackgroundWork();
        const int solved = static_cast<int>(window->document()->entry(id)->runs.size());
        QVERIFY2(solved >= 2, "Run all made fewer than two runs");

        // Run 1 replayed on SimGrid.
        clickRun(*window, 0);
        QSignalSpy simulated(window->runSimulation(), &RunSimulationController::simulated);
        QWidget* simulate = nullptr;
        for (QToolBar* toolBar : window->findChildren<QToolBar*>())
            if (QWidget* button = toolBar->widgetForAction(window->runSimulation()->action())) simulate = button;
        QVERIFY(simulate);
        QTest::mouseClick(simulate, Qt::LeftButton);
        QVERIFY(simulated.wait(120000));
        settle();

        // A processor and a link drawn on the canvas: every run so far is outdated.
        auto* editor = qobject_cast<SteadyStateEditor*>(window->editor());
        QVERIFY(editor);
        CanvasWidget* canvas = editor->canvas();
        QPointF far(0, 0);
        for (const QPointF& p : canvas->positions()) far = QPointF(std::max(far.x(), p.x()), std::max(far.y(), p.y()));
        canvas->view()->centerOn(far);
        canvas->toolAction(QStringLiteral("processor"))->trigger();
        const QPointF place = far + QPointF(90, 0);
        QTest::mouseClick(canvas->view()->viewport(), Qt::LeftButton, Qt::NoModifier, at(canvas, place));
        QTest::keyClick(canvas->view(), Qt::Key_Escape);
        const auto& nodes = std::get<SteadyStateInstance>(window->document()->entry(id)->instance).nodes;
        QCOMPARE(nodes.size(), nodesBefore + 1);
        const QString added = QString::fromStdString(nodes.back().name);
        const QString source = QString::fromStdString(nodes.front().name);
        const std::size_t linksBefore = std::get<SteadyStateInstance>(window->document()->entry(id)->instance).links.size();
        canvas->toolAction(QStringLiteral("two_way_link"))->trigger();
        const QPoint from = at(canvas, canvas->positions().value(source)), to = at(canvas, canvas->positions().value(added));
        QTest::mousePress(canvas->view()->viewport(), Qt::LeftButton, Qt::NoModifier, from);
        QTest::mouseMove(canvas->view()->viewport(), (from + to) / 2);
        QTest::mouseMove(canvas->view()->viewport(), to);
        QTest::mouseRelease(canvas->view()->viewport(), Qt::LeftButton, Qt::NoModifier, to);
        QTest::keyClick(canvas->view(), Qt::Key_Escape);
        QCOMPARE(std::get<SteadyStateInstance>(window->document()->entry(id)->instance).links.size(), linksBefore + 1);
        // And one run on the new version, which stays current.
        QVERIFY(test::solveWith(*window, window->solverPanel()->currentSolver()).isEmpty());
        settle();
        const int runs = solved + 1;

        std::vector<ShownRun> before;
        for (int k = 0; k < runs; ++k) before.push_back(clickRun(*window, k));
        for (int k = 0; k < solved; ++k) QVERIFY2(before[static_cast<std::size_t>(k)].stale, "an earlier run is not marked");
        QVERIFY(!before.back().stale);

        const QString path = m_temp.filePath(QStringLiteral("workday.hsproj"));
        QVERIFY(window->saveProject(path).ok());
        // The earlier version is stored once, however many runs were computed on it.
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const Expected<Project> stored = parseProject(file.readAll().toStdString());
        QVERIFY(stored.ok());
        QCOMPARE(stored->entries.at(0).earlierInstances.size(), std::size_t{1});
        QCOMPARE(std::get<SteadyStateInstance>(stored->entries.at(0).earlierInstances[0]).nodes.size(), nodesBefore);

        auto reopened = test::shownWindow();
        QVERIFY(reopened->loadFile(path).ok());
        settle();
        QCOMPARE(static_cast<int>(reopened->document()->entry(reopened->currentEntry())->runs.size()), runs);
        for (int k = 0; k < runs; ++k) compareShown(before[static_cast<std::size_t>(k)], clickRun(*reopened, k), k);
        // The outdated runs draw against the 4-node version they were computed on.
        const RunRecord& first = reopened->document()->entry(reopened->currentEntry())->runs.front();
        QVERIFY(first.instance);
        QCOMPARE(std::get<SteadyStateInstance>(*first.instance).nodes.size(), nodesBefore);

        // The simulation was kept whole: clicking the run shows it again exactly as it was, planned beside simulated
        // (as right after simulating), with the run's outdated note.
        QVERIFY(first.simulation);
        clickRun(*window, 0);
        clickRun(*reopened, 0);
        QVERIFY(window->resultPane()->isComparing() && reopened->resultPane()->isComparing());
        QVERIFY(reopened->resultPane()->isShowingStaleRun());
        QCOMPARE(shownComparison(*reopened), shownComparison(*window));
    }

    // Number fields take what the views show: a bytes field "8 MB", a speed "2.5 Gflop/s", a time "3 ms", and
    // plain numbers; a unit of another quantity is refused.
    void quantitiesAreReadWithTheirUnits() {
        QCOMPARE(parseQuantity(u"8 MB", u"B").value(), 8e6);
        QCOMPARE(parseQuantity(u"512 KiB", u"B").value(), 512.0 * 1024);
        QCOMPARE(parseQuantity(u"2.5 Gflop/s", u"flop/s").value(), 2.5e9);
        QCOMPARE(parseQuantity(u"3 ms", u"s").value(), 3e-3);
        QCOMPARE(parseQuantity(u"20 µs", u"s").value(), 20e-6);
        QCOMPARE(parseQuantity(u"1e9", u"flop").value(), 1e9);
        QCOMPARE(parseQuantity(u"4M", u"B").value(), 4e6);
        QCOMPARE(parseQuantity(u"125 MB/s", u"B/s").value(), 125e6);
        QVERIFY(!parseQuantity(u"8 MB", u"flop"));
        QVERIFY(!parseQuantity(u"3 m", u"s"));     // minutes or milli: neither
        QVERIFY(!parseQuantity(u"8 MB", u""));
        QVERIFY(!parseQuantity(u"eight", u"B"));
    }

    // On the task graph's canvas, a task's flops typed as "2.5 Gflop" are taken, the field says which units it
    // accepts, and Tab goes on to the next field (α), not out of the form. In the solver panel, exact's time
    // limit takes "500 ms".
    void numberFieldsTakeUnitsAsShown() {
        auto window = test::shownWindow();
        QApplication::setActiveWindow(window.get());
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        QVERIFY(window->loadFile(examplePath(QStringLiteral("dag-two-clusters.json"))).ok());
        settle();
        auto* editor = qobject_cast<DagEditor*>(window->editor());
        QVERIFY(editor);
        CanvasWidget* canvas = editor->canvas();
        const EntryId id = window->currentEntry();
        const DagInstance& before = std::get<DagInstance>(window->document()->entry(id)->instance);
        const QString task = QString::fromStdString(before.tasks.front().name);
        canvas->view()->centerOn(canvas->positions().value(task));
        settle();
        QTest::mouseClick(canvas->view()->viewport(), Qt::LeftButton, Qt::NoModifier, at(canvas, canvas->positions().value(task)));
        settle();
        auto* flops = qobject_cast<QLineEdit*>(canvas->propertyPanel()->editorOf(QStringLiteral("flops")));
        QVERIFY(flops);
        QVERIFY2(flops->toolTip().contains(QStringLiteral("Gflop")), qPrintable(flops->toolTip()));
        flops->setFocus();
        flops->selectAll();
        QTest::keyClick(flops, Qt::Key_Backspace);
        QTest::keyClicks(flops, QStringLiteral("2.5 Gflop"));
        // Tab commits the field and goes on to the next one of the form, Amdahl α.
        QTest::keyClick(flops, Qt::Key_Tab);
        settle();
        QCOMPARE(std::get<DagInstance>(window->document()->entry(id)->instance).tasks.front().flops, 2.5e9);
        QWidget* alpha = canvas->propertyPanel()->editorOf(QStringLiteral("alpha"));
        QVERIFY(alpha);
        QCOMPARE(QApplication::focusWidget(), alpha);

        SolverPanel* panel = window->solverPanel();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("cpugpu-small.json"))).ok());
        settle();
        panel->setCurrentSolver(QStringLiteral("exact"));
        settle();
        NumberSpinBox* limit = nullptr;
        for (NumberSpinBox* box : panel->findChildren<NumberSpinBox*>())
            if (box->isVisible()) limit = box;
        QVERIFY(limit);
        QCOMPARE(limit->unit(), QStringLiteral("s"));
        QVERIFY2(limit->toolTip().contains(QStringLiteral("ms")), qPrintable(limit->toolTip()));
        limit->setFocus();
        limit->selectAll();
        QTest::keyClicks(limit, QStringLiteral("500 ms"));
        QTest::keyClick(limit, Qt::Key_Tab);
        QCOMPARE(limit->value(), 0.5);
        // Run: the run was made with a limit of 0.5 s.
        QSignalSpy idle(window->solveController(), &SolveController::idle);
        QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("runButton")), Qt::LeftButton);
        QVERIFY(idle.wait(test::kSolveTimeoutMs));
        settle();
        const DocumentEntry* cpugpu = window->document()->entry(window->currentEntry());
        QCOMPARE(cpugpu->runs.size(), std::size_t{1});
        QCOMPARE(cpugpu->runs[0].options().at("time_limit"), 0.5);
    }

    // The steady-state application's sizes take their units too: δ_data "8 MB" (bytes), w_comp "500 Mflop" (flops),
    // typed into the real fields; a unit of another quantity is refused, saying what the field takes.
    void theSteadyApplicationFieldsTakeUnits() {
        auto window = test::shownWindow();
        QApplication::setActiveWindow(window.get());
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        QVERIFY(window->loadFile(examplePath(QStringLiteral("steady-state-bag-of-tasks.json"))).ok());
        settle();
        const EntryId id = window->currentEntry();
        const auto application = [&] { return std::get<SteadyStateInstance>(window->document()->entry(id)->instance).application; };
        const auto type = [&](const char* field, const QString& text) {
            auto* edit = window->findChild<QLineEdit*>(QString::fromLatin1(field));
            QVERIFY(edit);
            QTest::mouseClick(edit, Qt::LeftButton);
            edit->selectAll();
            QTest::keyClicks(edit, text);
            QTest::keyClick(edit, Qt::Key_Tab);
            settle();
        };
        auto* data = window->findChild<QLineEdit*>(QStringLiteral("steadyDataEdit"));
        QVERIFY(data);
        QVERIFY2(data->toolTip().contains(QStringLiteral("MB")), qPrintable(data->toolTip()));
        type("steadyDataEdit", QStringLiteral("8 MB"));
        QCOMPARE(application().data, 8e6);
        type("steadyWorkEdit", QStringLiteral("500 Mflop"));
        QCOMPARE(application().work, 5e8);
        type("steadyWorkEdit", QStringLiteral("3 MB"));
        QCOMPARE(application().work, 5e8);
        auto* work = window->findChild<QLineEdit*>(QStringLiteral("steadyWorkEdit"));
        QVERIFY(work);
        QVERIFY2(work->toolTip().contains(QStringLiteral("flop")), qPrintable(work->toolTip()));
    }

    // Tab follows the property form of the canvas, top to bottom, at both sizes: from each field of a task of the
    // task graph (its text typed again and committed, the form rebuilt), Tab goes to the next field, never to a
    // button or chart outside the form (issue 25: after Flops it went to the Gantt's Fit button).
    void tabGoesThroughThePropertyFormInOrder_data() {
        addLaptopScreenSizes();
    }
    void tabGoesThroughThePropertyFormInOrder() {
        QFETCH(QSize, size);
        auto window = windowAt(size);
        QApplication::setActiveWindow(window.get());
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        QVERIFY(window->loadFile(examplePath(QStringLiteral("dag-two-clusters.json"))).ok());
        settle();
        auto* editor = qobject_cast<DagEditor*>(window->editor());
        QVERIFY(editor);
        CanvasWidget* canvas = editor->canvas();
        const QString task = QString::fromStdString(std::get<DagInstance>(window->document()->entry(window->currentEntry())->instance).tasks.front().name);
        canvas->view()->centerOn(canvas->positions().value(task));
        settle();
        QTest::mouseClick(canvas->view()->viewport(), Qt::LeftButton, Qt::NoModifier, at(canvas, canvas->positions().value(task)));
        settle();
        PropertyPanel* panel = canvas->propertyPanel();
        // The form's fields as shown, top to bottom (the form is made again after each commit).
        const auto fields = [panel] {
            QList<QWidget*> shown;
            for (QWidget* w : panel->findChildren<QWidget*>())
                if ((qobject_cast<QLineEdit*>(w) || qobject_cast<QCheckBox*>(w) || qobject_cast<QComboBox*>(w)) && w->isVisible() &&
                    (w->focusPolicy() & Qt::TabFocus) && !qobject_cast<QComboBox*>(w->parentWidget()))
                    shown << w;
            std::sort(shown.begin(), shown.end(), [panel](QWidget* a, QWidget* b) { return a->mapTo(panel, QPoint()).y() < b->mapTo(panel, QPoint()).y(); });
            return shown;
        };
        const int count = static_cast<int>(fields().size());
        QVERIFY2(count >= 3, qPrintable(QStringLiteral("%1 fields in the task's form").arg(count)));
        fields().front()->setFocus();
        settle();
        for (int k = 0; k + 1 < count; ++k) {
            QWidget* field = fields().value(k);
            QVERIFY(field && QApplication::focusWidget() == field);
            if (auto* line = qobject_cast<QLineEdit*>(field)) {
                const QString text = line->text();
                line->selectAll();
                QTest::keyClicks(line, text);
            }
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            settle();
            const QList<QWidget*> now = fields();
            const int at = static_cast<int>(now.indexOf(QApplication::focusWidget()));
            QVERIFY2(at == k + 1, qPrintable(QStringLiteral("Tab from field %1 of %2 went to %3 (%4)").arg(k + 1).arg(count)
                                                 .arg(at < 0 ? QStringLiteral("outside the form") : QString::number(at + 1))
                                                 .arg(QApplication::focusWidget() ? QString::fromLatin1(QApplication::focusWidget()->metaObject()->className()) : QStringLiteral("nothing"))));
        }
        QCOMPARE(window->size(), size);
    }

    // Run all on the 12-worker star: exhaustive (at most 8 workers) and no-return (the star has returns) are
    // listed with their reasons in a note, not an error; every other solver made a run.
    void runAllListsTheSolversThatRefuseTheInstance() {
        auto window = test::shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("divisible-star-12.json"))).ok());
        settle();
        const QSize size = window->size();
        QSignalSpy idle(window->solveController(), &SolveController::idle);
        QTest::mouseClick(window->solverPanel()->findChild<QPushButton*>(QStringLiteral("runAllButton")), Qt::LeftButton);
        QVERIFY(idle.wait(test::kSolveTimeoutMs));
        settle();
        const DocumentEntry* entry = window->document()->entry(window->currentEntry());
        QStringList solved;
        for (const RunRecord& run : entry->runs) solved << run.solver();
        QVERIFY(!solved.contains(QStringLiteral("exhaustive")));
        auto* note = window->solverPanel()->findChild<MessageBar*>(QStringLiteral("solverMessage"));
        // exhaustive (at most 8 workers) and no-return (returns of zero size only) refuse it.
        QVERIFY(!solved.contains(QStringLiteral("no-return")));
        QVERIFY2(static_cast<int>(entry->runs.size()) == window->solverPanel()->solverNames().size() - 2,
                 qPrintable(solved.join(' ') + QStringLiteral(" / ") + (note ? note->text() : QString())));
        QVERIFY(note && note->isVisible());
        QCOMPARE(note->level(), MessageBar::Level::Information);
        QVERIFY2(note->text().contains(QStringLiteral("exhaustive")) && note->text().contains(QStringLiteral("8 workers")) &&
                     note->text().contains(QStringLiteral("no-return")),
                 qPrintable(note->text()));
        QCOMPARE(window->size(), size);
    }

    // Run all on cpugpu-paper-random at a laptop's and a desktop's size: exact runs with the short limit that
    // the progress shows, the long status line is elided (the window does not widen), and comparing five runs
    // scrolls inside the pane (the window does not grow taller). The Runs table shows the solver, status and
    // objective of each run without scrolling sideways.
    void theWindowKeepsItsSizeThroughTheJourneys_data() {
        addLaptopScreenSizes();
    }
    void theWindowKeepsItsSizeThroughTheJourneys() {
        QFETCH(QSize, size);
        MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        settle();
        QVERIFY2(window.size() == size, qPrintable(QStringLiteral("shown: ") + widthReport(window)));
        size = window.size();
        QVERIFY(window.loadFile(examplePath(QStringLiteral("cpugpu-paper-random.json"))).ok());
        settle();
        QVERIFY2(window.size() == size, qPrintable(widthReport(window)));

        QString exactStage;
        auto* stage = window.solverPanel()->findChild<ElidedLabel*>(QStringLiteral("solveStage"));
        QVERIFY(stage);
        connect(window.solveController(), &SolveController::started, this, [&](const QString& solver) {
            if (solver == QLatin1String("exact")) exactStage = stage->text();
        });
        QSignalSpy idle(window.solveController(), &SolveController::idle);
        QTest::mouseClick(window.solverPanel()->findChild<QPushButton*>(QStringLiteral("runAllButton")), Qt::LeftButton);
        QVERIFY(idle.wait(test::kSolveTimeoutMs));
        settle();
        QVERIFY2(exactStage.contains(QStringLiteral("at most 5 s")), qPrintable(exactStage));
        const DocumentEntry* entry = window.document()->entry(window.currentEntry());
        const int runs = static_cast<int>(entry->runs.size());
        QCOMPARE(runs, window.solverPanel()->solverNames().size());
        for (const RunRecord& run : entry->runs)
            if (run.solver() == QLatin1String("exact")) QCOMPARE(run.options().at("time_limit"), 5.0);
        QCOMPARE(window.size(), size);

        // The Runs table: solver, status and objective in view.
        QTableView* table = runView(window);
        QStringList clipped;
        for (int column : {int(RunTableModel::SolverColumn), int(RunTableModel::StatusColumn), int(RunTableModel::ObjectiveColumn)}) {
            const int left = table->columnViewportPosition(column);
            if (left < 0 || left + table->columnWidth(column) > table->viewport()->width())
                clipped << QStringLiteral("column %1 at %2 + %3 in %4").arg(column).arg(left).arg(table->columnWidth(column))
                               .arg(table->viewport()->width());
        }
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral("; "))));

        // Five runs compared, picked with Ctrl+click.
        clickRun(window, 0);
        for (int k = 1; k < 5; ++k) {
            const QModelIndex cell = table->model()->index(rowOfRun(window, k), RunTableModel::NumberColumn);
            table->scrollTo(cell);
            QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ControlModifier, table->visualRect(cell).center());
        }
        settle();
        QVERIFY(window.resultPane()->isComparing());
        QCOMPARE(window.resultPane()->comparison()->ganttCount(), 5);
        QCOMPARE(window.size(), size);
        // The comparison's metric names are whole, in view at the left of their table.
        QTableView* metrics = window.resultPane()->comparison()->metricsTable();
        QVERIFY(metrics->model()->rowCount() > 0);
        int needed = 0;
        for (int row = 0; row < metrics->model()->rowCount(); ++row)
            needed = std::max(needed, metrics->fontMetrics().horizontalAdvance(metrics->model()->index(row, 0).data().toString()));
        QVERIFY2(metrics->columnWidth(0) >= needed && metrics->columnViewportPosition(0) == 0 &&
                     needed <= metrics->viewport()->width(),
                 qPrintable(QStringLiteral("the names' column is %1 px of the %2 its names need, in %3 px")
                                .arg(metrics->columnWidth(0)).arg(needed).arg(metrics->viewport()->width())));
    }

    // The divisible-load editor before any run, at both sizes: the Schedule pane, which has nothing to show, is its
    // header and message (it took half the height, empty, and the editor was cramped at 1280x800); the editor's
    // workers table shows every worker. A run gives the pane its share of the height back.
    void theEditorHasTheHeightUntilThereIsASchedule_data() {
        addLaptopScreenSizes();
    }
    void theEditorHasTheHeightUntilThereIsASchedule() {
        QFETCH(QSize, size);
        auto window = windowAt(size);
        QVERIFY(window->loadFile(examplePath(QStringLiteral("divisible-star-12.json"))).ok());
        settle();
        auto* editor = qobject_cast<DivisibleEditor*>(window->editor());
        QVERIFY(editor);
        ResultPane* pane = window->resultPane();
        const int centre = window->centralWidget()->height();
        if (qEnvironmentVariableIsSet("HETSCHED_TEST_PICTURES"))
            window->grab().save(QStringLiteral("%1/divisible_empty_%2.png").arg(qEnvironmentVariable("HETSCHED_TEST_PICTURES")).arg(size.width()));
        QVERIFY(pane->isEmpty());
        QVERIFY2(pane->height() <= centre / 8,
                 qPrintable(QStringLiteral("the empty Schedule pane is %1 px of the centre's %2").arg(pane->height()).arg(centre)));
        auto* note = pane->findChild<ElidedLabel*>(QStringLiteral("emptyResultNote"));
        QVERIFY(note && note->isVisible());
        QCOMPARE(note->shownText(), QStringLiteral("Run a solver to see its schedule"));
        QTableView* workers = editor->workerTable();
        const int rows = workers->model()->rowCount();
        QVERIFY(rows >= 12);
        const QRect last = workers->visualRect(workers->model()->index(rows - 1, 0));
        QVERIFY2(last.bottom() < workers->viewport()->height(),
                 qPrintable(QStringLiteral("worker %1 of %2 at y %3 in a table %4 px high").arg(rows).arg(rows).arg(last.bottom())
                                .arg(workers->viewport()->height())));

        QVERIFY(clickRunWith(*window, window->solverPanel()->defaultSolver()));
        QVERIFY(!pane->isEmpty());
        QVERIFY2(pane->height() >= centre * 2 / 5,
                 qPrintable(QStringLiteral("with a run the Schedule pane is %1 px of the centre's %2").arg(pane->height()).arg(centre)));
        QCOMPARE(window->size(), size);
    }

    // At a laptop's 1280x800, no built-in example's editor widens the window: each one fits beside the docks,
    // and the Runs panel keeps the room its solver, objective and status columns need.
    void everyExampleFitsALaptopWindow() {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        settle();
        QCOMPARE(window.size(), QSize(1280, 800));
        QTableView* table = runView(window);
        int needed = 0;
        for (int column : {int(RunTableModel::NumberColumn), int(RunTableModel::SolverColumn), int(RunTableModel::StatusColumn),
                           int(RunTableModel::ObjectiveColumn)})
            needed += table->columnWidth(column);
        for (const QString& example : MainWindow::exampleFiles()) {
            QVERIFY(window.loadFile(example).ok());
            settle();
            QVERIFY2(window.size() == QSize(1280, 800), qPrintable(QFileInfo(example).fileName() + QStringLiteral(": ") + widthReport(window)));
            QVERIFY2(table->viewport()->width() >= needed,
                     qPrintable(QStringLiteral("%1: the Runs table shows %2 px of the %3 its first four columns need")
                                    .arg(QFileInfo(example).fileName()).arg(table->viewport()->width()).arg(needed)));
        }
    }

    // Item 6: an imported workflow means something by default. Its tasks recorded on one core are sequential,
    // the dialog says what the Amdahl fraction does and warns when the record and the platform are orders of
    // magnitude apart or the tasks perfectly parallel, and a run of the entry shows the recorded makespan
    // beside its own.
    void anImportedWorkflowShowsItsRecordedMakespan() {
        const QString path = m_temp.filePath(QStringLiteral("recorded.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"json({"schemaVersion": "1.5", "workflow": {
  "specification": {"tasks": [
    {"name": "decon_1", "id": "decon_1", "parents": [], "children": ["sift"], "inputFiles": [], "outputFiles": []},
    {"name": "decon_2", "id": "decon_2", "parents": [], "children": ["sift"], "inputFiles": [], "outputFiles": []},
    {"name": "sift", "id": "sift", "parents": ["decon_1", "decon_2"], "children": [], "inputFiles": [], "outputFiles": []}],
   "files": []},
  "execution": {"makespanInSeconds": 354.0, "tasks": [
    {"id": "decon_1", "runtimeInSeconds": 2.75}, {"id": "decon_2", "runtimeInSeconds": 2.25},
    {"id": "sift", "runtimeInSeconds": 3.0}]}}})json");
        file.close();
        auto window = test::shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("dag-two-clusters.json"))).ok());
        settle();
        const EntryId example = window->currentEntry();
        std::unique_ptr<TaskGraphImportDialog> dialog(window->createTaskGraphImportDialog());
        dialog->setGraphFile(path);
        dialog->refresh();
        QVERIFY2(dialog->result().ok(), qPrintable(dialog->previewText()));
        for (const DagTask& task : dialog->result()->tasks) QCOMPARE(task.alpha, 1.0);
        QCOMPARE(dialog->recordedMakespan().value_or(0), 354.0);
        // The 8 s of runtimes run on the example's processors in seconds: far below the 354 s recorded.
        auto* warning = dialog->findChild<MessageBar*>(QStringLiteral("importWarning"));
        QVERIFY(warning);
        QVERIFY2(warning->isVisibleTo(dialog.get()) && warning->level() == MessageBar::Level::Warning &&
                     warning->text().contains(QStringLiteral("times shorter than recorded")),
                 qPrintable(warning->text()));
        QVERIFY2(dialog->previewText().contains(QStringLiteral("records a makespan of 354 s for its run")),
                 qPrintable(dialog->previewText()));
        // The alpha field says what it does.
        bool explained = false;
        for (QWidget* field : dialog->findChildren<QWidget*>())
            explained = explained || field->toolTip().contains(QStringLiteral("1 (the default): sequential"));
        QVERIFY(explained);
        // Perfectly parallel tasks are a warning too.
        TaskGraphImportOptions parallel;
        parallel.alpha = 0;
        dialog->setTaskGraphImportOptions(parallel);
        dialog->refresh();
        QVERIFY2(warning->text().contains(QStringLiteral("3 of 3 tasks are perfectly parallel")), qPrintable(warning->text()));
        dialog->setTaskGraphImportOptions({});
        dialog->refresh();

        const EntryId imported = window->addImportedTaskGraph(*dialog);
        QVERIFY(imported != 0);
        settle();
        QCOMPARE(window->currentEntry(), imported);
        QVERIFY(test::solveWith(*window, QStringLiteral("heft")).isEmpty());
        settle();
        const QString note = window->resultPane()->recordedMakespanNote();
        QVERIFY2(note.startsWith(QStringLiteral("The workflow's file records a makespan of 354 s for its own run; this schedule takes")) &&
                     note.contains(QStringLiteral("times shorter")),
                 qPrintable(note));
        // The example, which records nothing, says nothing of it.
        window->instanceList()->selectEntry(example);
        QVERIFY(test::solveWith(*window, QStringLiteral("heft")).isEmpty());
        settle();
        QCOMPARE(window->resultPane()->recordedMakespanNote(), QString());

        // The record is part of the project: saved and reopened, the imported entry's run says the same.
        const QString importedName = window->document()->entry(imported)->name;
        const QString project = m_temp.filePath(QStringLiteral("recorded.hsproj"));
        QVERIFY(window->saveProject(project).ok());
        auto reopened = test::shownWindow();
        QVERIFY(reopened->loadFile(project).ok());
        settle();
        clickEntry(*reopened, importedName);
        QCOMPARE(reopened->recordedMakespan(reopened->currentEntry()).value_or(0), 354.0);
        clickRun(*reopened, 0);
        QCOMPARE(reopened->resultPane()->recordedMakespanNote(), note);
        clickEntry(*reopened, window->document()->entry(example)->name);
        QVERIFY(!reopened->recordedMakespan(reopened->currentEntry()).has_value());
    }

    // A window saved on a bigger screen comes back within the screen it opens on.
    void aRestoredGeometryIsClampedToTheScreen() {
        QCOMPARE(fittedFrame(QRect(300, 200, 1600, 1000), QRect(0, 0, 1280, 800)), QRect(0, 0, 1280, 800));
        QCOMPARE(fittedFrame(QRect(900, 500, 800, 600), QRect(0, 0, 1280, 800)), QRect(480, 200, 800, 600));
        QCOMPARE(fittedFrame(QRect(10, 20, 800, 600), QRect(0, 0, 1280, 800)), QRect(10, 20, 800, 600));
        {
            MainWindow big;
            big.resize(4000, 3000);
            big.move(2000, 1500);
            big.show();
            QVERIFY(QTest::qWaitForWindowExposed(&big));
            big.close();   // saves its geometry
        }
        MainWindow restored;
        const QRect available = restored.screen()->availableGeometry();
        const QSize smallest = restored.minimumSizeHint();
        QVERIFY2(restored.geometry().width() <= std::max(available.width(), smallest.width()) &&
                     restored.geometry().height() <= std::max(available.height(), smallest.height()),
                 qPrintable(QStringLiteral("%1x%2 on a %3x%4 screen").arg(restored.width()).arg(restored.height())
                                .arg(available.width()).arg(available.height())));
        QVERIFY(available.contains(restored.geometry().topLeft()));
    }

    // Edit > Cut, Copy, Paste, Delete, Select All act on the focused field, and on the canvas where it has
    // the focus; Help > Keyboard Shortcuts lists their keys.
    void theEditMenuActsOnWhatHasTheFocus() {
        auto window = test::shownWindow();
        QApplication::setActiveWindow(window.get());
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        QVERIFY(window->loadFile(examplePath(QStringLiteral("steady-state-bag-of-tasks.json"))).ok());
        settle();
        QMenu* edit = nullptr;
        for (QAction* top : window->menuBar()->actions())
            if (top->menu() && top->text().remove(QLatin1Char('&')) == QLatin1String("Edit")) edit = top->menu();
        QVERIFY(edit);
        const auto action = [&](const char* name) { return window->findChild<QAction*>(QLatin1String(name)); };
        QAction* cut = action("cutAction");
        QAction* copy = action("copyAction");
        QAction* paste = action("pasteAction");
        QAction* remove = action("deleteAction");
        QAction* selectAll = action("selectAllAction");
        QVERIFY(cut && copy && paste && remove && selectAll);
        for (QAction* a : {cut, copy, paste, remove, selectAll}) QVERIFY(edit->actions().contains(a));

        // On the canvas: Select All and Copy put its elements on the clipboard.
        auto* editor = qobject_cast<SteadyStateEditor*>(window->editor());
        QVERIFY(editor);
        CanvasWidget* canvas = editor->canvas();
        canvas->view()->setFocus();
        const EntryId id = window->currentEntry();
        const std::size_t nodes = std::get<SteadyStateInstance>(window->document()->entry(id)->instance).nodes.size();
        emit edit->aboutToShow();
        QVERIFY(selectAll->isEnabled() && paste->isEnabled());
        QApplication::clipboard()->clear();
        selectAll->trigger();
        copy->trigger();
        QVERIFY2(QApplication::clipboard()->text().contains(QStringLiteral("\"fragment\"")), qPrintable(QApplication::clipboard()->text()));

        // In a property field: Select All and Cut empty it, Paste puts the text back.
        canvas->scene()->clearSelection();
        QTest::mouseClick(canvas->view()->viewport(), Qt::LeftButton, Qt::NoModifier,
                          at(canvas, canvas->positions().begin().value()));
        settle();
        QLineEdit* flopsLike = canvas->propertyPanel()->findChild<QLineEdit*>();
        QVERIFY(flopsLike);
        flopsLike->setFocus();
        const QString original = flopsLike->text();
        emit edit->aboutToShow();
        QVERIFY(selectAll->isEnabled());
        selectAll->trigger();
        emit edit->aboutToShow();
        QVERIFY(cut->isEnabled() && copy->isEnabled());
        cut->trigger();
        QCOMPARE(flopsLike->text(), QString());
        paste->trigger();
        QCOMPARE(flopsLike->text(), original);
        QCOMPARE(std::get<SteadyStateInstance>(window->document()->entry(id)->instance).nodes.size(), nodes);

        const QString page = keyboardShortcutsHtml(window->menuBar(), window.get());
        for (const QString& row : {QStringLiteral("Edit › Cut"), QStringLiteral("Edit › Copy"), QStringLiteral("Edit › Paste"),
                                   QStringLiteral("Edit › Delete"), QStringLiteral("Edit › Select All")})
            QVERIFY2(page.contains(row), qPrintable(row));
        QVERIFY(page.contains(QKeySequence(QKeySequence::Cut).toString(QKeySequence::NativeText)));
    }

    // A right-click on the canvas opens its menu: "Add processor here" adds a processor where the click was;
    // on a node, Delete removes it. The Gantt's menu copies the picture and fits the view.
    void rightClickMenusOnTheCanvasAndTheGantt() {
        auto window = test::shownWindow();
        QVERIFY(window->loadFile(examplePath(QStringLiteral("steady-state-bag-of-tasks.json"))).ok());
        settle();
        auto* editor = qobject_cast<SteadyStateEditor*>(window->editor());
        QVERIFY(editor);
        CanvasWidget* canvas = editor->canvas();
        const EntryId id = window->currentEntry();
        const auto nodeCount = [&] { return std::get<SteadyStateInstance>(window->document()->entry(id)->instance).nodes.size(); };
        const std::size_t before = nodeCount();
        QStringList seen;
        QString choose;
        connect(canvas, &CanvasWidget::contextMenuAboutToShow, this, [&](QMenu* menu) {
            seen.clear();
            QAction* chosen = nullptr;
            for (QAction* a : menu->actions()) {
                seen << a->text();
                if (a->text() == choose && a->isEnabled()) chosen = a;
            }
            QTimer::singleShot(0, menu, [menu, chosen] {
                menu->close();
                if (chosen) chosen->trigger();
            });
        });
        QPointF far(0, 0);
        for (const QPointF& p : canvas->positions()) far = QPointF(std::max(far.x(), p.x()), std::max(far.y(), p.y()));
        canvas->view()->centerOn(far);
        settle();
        const QPoint empty = at(canvas, far + QPointF(80, 60));
        choose = QStringLiteral("Add processor here");
        QContextMenuEvent request(QContextMenuEvent::Mouse, empty, canvas->view()->viewport()->mapToGlobal(empty));
        QApplication::sendEvent(canvas->view()->viewport(), &request);
        settle();
        QVERIFY2(seen.contains(QStringLiteral("Auto layout")) && seen.contains(QStringLiteral("Paste")), qPrintable(seen.join('|')));
        QCOMPARE(nodeCount(), before + 1);
        const QString added = QString::fromStdString(std::get<SteadyStateInstance>(window->document()->entry(id)->instance).nodes.back().name);
        const QPointF placed = canvas->positions().value(added);
        QVERIFY2((placed - (far + QPointF(80, 60))).manhattanLength() < 4,
                 qPrintable(QStringLiteral("placed at %1, %2, clicked at %3, %4").arg(placed.x()).arg(placed.y())
                                .arg(far.x() + 80).arg(far.y() + 60)));

        choose = QStringLiteral("Delete");
        const QPoint onNode = at(canvas, canvas->positions().value(added));
        QContextMenuEvent onIt(QContextMenuEvent::Mouse, onNode, canvas->view()->viewport()->mapToGlobal(onNode));
        QApplication::sendEvent(canvas->view()->viewport(), &onIt);
        settle();
        QCOMPARE(nodeCount(), before);
    }

    // Item 7: the lower-bound result's title ("Lower bound 5.75 · the schedule drawn is its relaxation
    // rounded: ...") is wider than the chart at 1280x800: it is broken into lines that each fit the chart,
    // every word kept, rather than centred and cut on both sides.
    void theLowerBoundTitleFitsTheChart() {
        auto window = windowAt(QSize(1280, 800));
        QVERIFY(window->loadFile(examplePath(QStringLiteral("cpugpu-small.json"))).ok());
        settle();
        QVERIFY(clickRunWith(*window, QStringLiteral("lower-bound")));
        GanttView* gantt = window->resultPane()->ganttView();
        QVERIFY(gantt);
        gantt->replot();
        QCPTextElement* title = titleOf(gantt);
        QVERIFY(title);
        const QString full = QString::fromStdString(gantt->schedule()->title);
        const QFontMetrics metrics(title->font());
        QVERIFY2(metrics.horizontalAdvance(full) > gantt->width(),
                 qPrintable(QStringLiteral("the title fits on one line at this size: %1").arg(full)));
        QCOMPARE(title->text().simplified(), full.simplified());
        for (const QString& line : title->text().split(QLatin1Char('\n')))
            QVERIFY2(metrics.horizontalAdvance(line) <= gantt->width(),
                     qPrintable(QStringLiteral("\"%1\" is %2 px wide in a chart of %3 px").arg(line)
                                    .arg(metrics.horizontalAdvance(line)).arg(gantt->width())));
    }

    // Item 7: dual-approx's chart labels its makespan line, and its guess lines (lambda/3, 2 lambda/3, ...)
    // pass behind the bars rather than through the task names written on them.
    void theDualApproxMarkersKeepTheMakespanLabelAndTheTaskNames_data() {
        addLaptopScreenSizes();
    }
    void theDualApproxMarkersKeepTheMakespanLabelAndTheTaskNames() {
        QFETCH(QSize, size);
        auto window = windowAt(size);
        QVERIFY(window->loadFile(examplePath(QStringLiteral("cpugpu-small.json"))).ok());
        settle();
        QVERIFY(clickRunWith(*window, QStringLiteral("dual-approx")));
        GanttView* gantt = window->resultPane()->ganttView();
        QVERIFY(gantt);
        const QImage picture = gantt->grab().toImage();   // drawn as on screen
        const QStringList drawn = gantt->markerLayer()->drawnLabels();
        QVERIFY2(std::any_of(drawn.begin(), drawn.end(), [](const QString& label) { return label.startsWith(QStringLiteral("makespan = ")); }),
                 qPrintable(QStringLiteral("labels drawn: ") + drawn.join(QStringLiteral(", "))));
        // Where a dashed line crosses a bar, the bar's colour is unbroken: the line is behind it.
        const Schedule& schedule = *gantt->schedule();
        const double ratio = picture.devicePixelRatio();
        int crossings = 0;
        QStringList crossed;
        for (const TimeMarker& marker : gantt->markerLayer()->markers()) {
            if (!marker.dashed) continue;
            const int x = static_cast<int>(std::lround(gantt->xAxis->coordToPixel(marker.time)));
            for (std::size_t lane = 0; lane < schedule.lanes.size(); ++lane) {
                for (const Interval& bar : schedule.lanes[lane].intervals) {
                    const double left = gantt->xAxis->coordToPixel(bar.start);
                    const double right = gantt->xAxis->coordToPixel(bar.end);
                    if (x < left + 6 || x > right - 6) continue;
                    ++crossings;
                    // The upper part of the bar, above its name: the column of the line against one beside it.
                    const auto [lower, upper] = gantt->gantt()->laneBarCoords(static_cast<int>(lane));
                    const int top = static_cast<int>(std::ceil(std::min(gantt->yAxis->coordToPixel(lower), gantt->yAxis->coordToPixel(upper))));
                    for (int y = top + 2; y < top + 6; ++y) {
                        const QColor on = picture.pixelColor(QPoint(x, y) * ratio);
                        const QColor beside = picture.pixelColor(QPoint(x + 4, y) * ratio);
                        if (on != beside)
                            crossed << QStringLiteral("%1 over %2 at y %3").arg(marker.label, QString::fromStdString(bar.label)).arg(y);
                    }
                }
            }
        }
        QVERIFY2(crossings > 0, "no dashed line crosses a bar: the check checks nothing");
        QVERIFY2(crossed.isEmpty(), qPrintable(crossed.join(QStringLiteral("; "))));
    }

    // Item 7: the Gantt of each entry keeps its zoom while another entry is shown: a user zooms into one,
    // clicks another entry and zooms there, and clicking back finds each as it was.
    void eachEntryKeepsItsZoom() {
        auto window = windowAt(QSize(1280, 800));
        QVERIFY(window->loadFile(examplePath(QStringLiteral("cpugpu-small.json"))).ok());
        settle();
        QTest::mouseClick(window->instanceList()->findChild<QWidget*>(QStringLiteral("duplicateInstanceButton")), Qt::LeftButton);
        settle();
        QCOMPARE(window->document()->entryCount(), 2);
        clickEntry(*window, QStringLiteral("cpugpu-small"));
        QVERIFY(clickRunWith(*window, QStringLiteral("heft")));
        clickEntry(*window, QStringLiteral("cpugpu-small copy"));
        QVERIFY(clickRunWith(*window, QStringLiteral("dual-approx")));

        clickEntry(*window, QStringLiteral("cpugpu-small"));
        QCustomPlot* first = window->resultPane()->chart()->plot();
        const QCPRange fitted = first->xAxis->range();
        wheelOver(first, 3);
        const QCPRange zoomedFirst = window->resultPane()->chart()->plot()->xAxis->range();
        QVERIFY2(zoomedFirst.size() < fitted.size() * 0.9, "the wheel did not zoom");

        clickEntry(*window, QStringLiteral("cpugpu-small copy"));
        wheelOver(window->resultPane()->chart()->plot(), 2);
        const QCPRange zoomedSecond = window->resultPane()->chart()->plot()->xAxis->range();

        clickEntry(*window, QStringLiteral("cpugpu-small"));
        QCPRange shown = window->resultPane()->chart()->plot()->xAxis->range();
        QVERIFY2(qFuzzyCompare(shown.lower + 1, zoomedFirst.lower + 1) && qFuzzyCompare(shown.upper, zoomedFirst.upper),
                 qPrintable(QStringLiteral("cpugpu-small shows %1..%2, was zoomed to %3..%4").arg(shown.lower).arg(shown.upper)
                                .arg(zoomedFirst.lower).arg(zoomedFirst.upper)));
        clickEntry(*window, QStringLiteral("cpugpu-small copy"));
        shown = window->resultPane()->chart()->plot()->xAxis->range();
        QVERIFY2(qFuzzyCompare(shown.lower + 1, zoomedSecond.lower + 1) && qFuzzyCompare(shown.upper, zoomedSecond.upper),
                 qPrintable(QStringLiteral("the copy shows %1..%2, was zoomed to %3..%4").arg(shown.lower).arg(shown.upper)
                                .arg(zoomedSecond.lower).arg(zoomedSecond.upper)));
    }

    // Item 7: the planned and simulated Gantts of the Montage workflow (WfCommons) on SimGrid's platforms
    // read well: the rotated cluster names do not overlap and each fits its room, every legend entry is
    // whole, the title, header, plot and legend each have their height, and the lane names start inside
    // the chart and leave the bars most of its width.
    void thePlannedAndSimulatedMontageReadsWell_data() {
        QTest::addColumn<QString>("platform");
        QTest::addColumn<QSize>("size");
        for (const char* platform : {"small_platform.xml", "g5k.xml"}) {
            QTest::newRow(qPrintable(QStringLiteral("%1 1280x800").arg(QLatin1String(platform)))) << QString::fromLatin1(platform) << QSize(1280, 800);
            QTest::newRow(qPrintable(QStringLiteral("%1 1600x1000").arg(QLatin1String(platform)))) << QString::fromLatin1(platform) << QSize(1600, 1000);
        }
    }
    void thePlannedAndSimulatedMontageReadsWell() {
        QFETCH(QString, platform);
        QFETCH(QSize, size);
        auto window = windowAt(size);
        planAndSimulateMontage(*window, platform);
        if (QTest::currentTestFailed()) return;
        QVERIFY(window->resultPane()->isComparing());
        ScheduleComparisonView* comparison = window->resultPane()->comparison();
        QCOMPARE(comparison->ganttCount(), 2);
        if (qEnvironmentVariableIsSet("HETSCHED_TEST_PICTURES"))
            window->grab().save(QStringLiteral("%1/montage_%2_%3.png").arg(qEnvironmentVariable("HETSCHED_TEST_PICTURES"), platform).arg(size.width()));
        // Drawn once as on screen: each Gantt then asks for the height its texts need, and is laid out again.
        for (int k = 0; k < comparison->ganttCount(); ++k) comparison->gantt(k)->grab();
        settle();
        QStringList problems;
        for (int k = 0; k < comparison->ganttCount(); ++k) {
            GanttView* gantt = comparison->gantt(k);
            const QPixmap drawn = gantt->grab();   // drawn as on screen, the whole chart (the pane may scroll)
            if (qEnvironmentVariableIsSet("HETSCHED_TEST_PICTURES"))
                drawn.save(QStringLiteral("%1/montage_%2_%3_run%4.png").arg(qEnvironmentVariable("HETSCHED_TEST_PICTURES"), platform).arg(size.width()).arg(k + 1));
            const QString which = k == 0 ? QStringLiteral("planned") : QStringLiteral("simulated");
            // The title, its header, the plot and the legend each get the height they need, one under the
            // other: the title is not drawn over the header ("makespan = ..."), nor the legend's rows over each
            // other, and the plot area has room for a lane's name.
            QCPLayoutGrid* grid = gantt->plotLayout();
            int previousBottom = -1;
            for (int row = 0; row < grid->rowCount(); ++row) {
                const QCPLayoutElement* element = grid->hasElement(row, 0) ? grid->element(row, 0) : nullptr;
                if (!element || !element->visible() || element->outerRect().height() <= 1) continue;
                const QRect rect = element->outerRect();
                const int needed = element == gantt->axisRect()
                                       ? gantt->axisRect()->margins().top() + gantt->axisRect()->margins().bottom() +
                                             QFontMetrics(gantt->yAxis->tickLabelFont()).height()
                                       : element->minimumOuterSizeHint().height();
                if (rect.height() < needed)
                    problems << QStringLiteral("%1: row %2 of the chart is %3 px high, its contents need %4").arg(which).arg(row)
                                    .arg(rect.height()).arg(needed);
                if (rect.top() < previousBottom)
                    problems << QStringLiteral("%1: row %2 of the chart starts over the row above").arg(which).arg(row);
                previousBottom = rect.bottom();
            }
            // The cluster names, upright in the strip: one after the other, each within its room.
            auto* categories = gantt->findChild<GanttCategoryLayer*>();
            QVERIFY(categories);
            double previousEnd = -1e300;
            for (const GanttCategoryLayer::DrawnName& name : categories->drawnNames()) {
                if (name.from < previousEnd)
                    problems << QStringLiteral("%1: cluster name \"%2\" overlaps the one above it").arg(which, name.text);
                previousEnd = name.to;
            }
            // The legend's entries whole, inside the chart.
            for (int item = 0; item < gantt->legend->itemCount(); ++item) {
                QCPAbstractLegendItem* entry = gantt->legend->item(item);
                if (!entry) continue;
                const QRect rect = entry->outerRect();
                if (rect.width() < entry->minimumOuterSizeHint().width() || !gantt->rect().contains(rect))
                    problems << QStringLiteral("%1: legend entry %2 at %3,%4 %5x%6 needs %7 px in a chart of %8 px").arg(which).arg(item)
                                    .arg(rect.x()).arg(rect.y()).arg(rect.width()).arg(rect.height())
                                    .arg(entry->minimumOuterSizeHint().width()).arg(gantt->width());
            }
            // The lane names start inside the chart.
            const QFontMetrics laneFont(gantt->yAxis->tickLabelFont());
            int widest = 0;
            for (const QString& lane : gantt->yAxis->tickVectorLabels()) widest = std::max(widest, laneFont.horizontalAdvance(lane));
            const int left = gantt->axisRect()->left() - gantt->yAxis->tickLengthOut() - gantt->yAxis->tickLabelPadding() - widest;
            if (left < 0) problems << QStringLiteral("%1: the lane names start %2 px left of the chart").arg(which).arg(-left);
            // Long lane names (g5k's "AS_netgear08.orsay.grid5000.fr #17") leave the bars most of the width.
            if (widest > std::max(130, gantt->width() / 4))
                problems << QStringLiteral("%1: the lane names take %2 px of a chart %3 px wide").arg(which).arg(widest).arg(gantt->width());
            // The marker labels ("makespan = ...", "simulated makespan = ...") take the rows they need, no more: no
            // blank row above them (a row was kept per marker, up to 3, even when their labels shared one).
            if (!gantt->markerLayer()->drawnLabels().isEmpty()) {
                const QImage picture = drawn.toImage();
                const double ratio = picture.devicePixelRatio();
                const QRect area = gantt->axisRect()->rect();
                int firstInk = -1;
                for (int y = gantt->axisRect()->outerRect().top(); y < area.top() && firstInk < 0; ++y)
                    for (int x = area.left(); x <= area.right() && firstInk < 0; ++x)
                        if (picture.pixelColor(QPoint(x, y) * ratio).lightness() < 200) firstInk = y;
                const int blank = (firstInk < 0 ? area.top() : firstInk) - gantt->axisRect()->outerRect().top();
                const int row = QFontMetrics(gantt->font()).height() + 2;
                if (blank >= row / 2)
                    problems << QStringLiteral("%1: %2 px blank above the marker labels (%3)").arg(which).arg(blank)
                                    .arg(gantt->markerLayer()->drawnLabels().join(QStringLiteral(", ")));
            }
            // The bars' colours show: on g5k's 1,528 hosts in 40 clusters, the lines between clusters (and bars all
            // outline) drew the plot area as a near-solid dark grey block (55 to 78% of it). At most a quarter is dark grey
            // (outlines and cluster lines around bars of a few pixels, as on small_platform.xml: 11 to 14%).
            {
                const double share = darkGreyShare(drawn.toImage(), gantt->axisRect()->rect().adjusted(1, 1, -1, -1));
                if (share > 0.25)
                    problems << QStringLiteral("%1: %2% of the plot area is dark grey").arg(which).arg(qRound(share * 100));
            }
            // Every lane named (at 1280x800 the planned run named 4 of its 7), at a readable size, the names no
            // taller than the lanes are apart: the Gantt takes the height they need and the pane scrolls. (g5k's
            // 1,528 hosts cannot all be named: they zoom.)
            if (gantt->schedule()->lanes.size() <= 64) {
                const QString unnamed = unnamedLanes(*gantt);
                if (!unnamed.isEmpty()) problems << QStringLiteral("%1: %2").arg(which, unnamed);
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    }

    // The planned and simulated Montage on g5k.xml: its 1,528 hosts would be lanes of a twelfth of a pixel (the
    // bars sub-pixel lines), so each run shows its lanes grouped by cluster, every cluster a named row at least
    // 4 px high; the context menu puts the lanes back, and the choice holds. On small_platform.xml the 7 lanes
    // have the room: they stay lanes, and no cluster strip repeats their names.
    void lanesTooLowToReadAreGroupedByCluster_data() {
        QTest::addColumn<QString>("platform");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("grouped");
        QTest::newRow("g5k.xml 1280x800") << QStringLiteral("g5k.xml") << QSize(1280, 800) << true;
        QTest::newRow("g5k.xml 1600x1000") << QStringLiteral("g5k.xml") << QSize(1600, 1000) << true;
        QTest::newRow("small_platform.xml 1280x800") << QStringLiteral("small_platform.xml") << QSize(1280, 800) << false;
    }
    void lanesTooLowToReadAreGroupedByCluster() {
        QFETCH(QString, platform);
        QFETCH(QSize, size);
        QFETCH(bool, grouped);
        auto window = windowAt(size);
        planAndSimulateMontage(*window, platform);
        if (QTest::currentTestFailed()) return;
        ScheduleComparisonView* comparison = window->resultPane()->comparison();
        QVERIFY(comparison && comparison->ganttCount() == 2);
        const auto drawn = [&] {
            for (int pass = 0; pass < 2; ++pass) {
                for (int k = 0; k < comparison->ganttCount(); ++k) comparison->gantt(k)->grab();
                settle();
            }
        };
        drawn();
        QStringList problems;
        for (int k = 0; k < comparison->ganttCount(); ++k) {
            GanttView* gantt = comparison->gantt(k);
            if (gantt->lanesGrouped() != grouped)
                problems << QStringLiteral("run %1: %2 lanes %3grouped in a plot area %4 px high").arg(k + 1)
                                .arg(gantt->schedule()->lanes.size()).arg(grouped ? QStringLiteral("not ") : QString())
                                .arg(gantt->axisRect()->height());
            const int rows = gantt->gantt()->rowCount();
            const double apart = std::abs(gantt->yAxis->coordToPixel(1) - gantt->yAxis->coordToPixel(0));
            if (apart < 4) problems << QStringLiteral("run %1: rows %2 px apart").arg(k + 1).arg(apart);
            int named = 0;
            for (const QString& label : gantt->yAxis->tickVectorLabels()) named += label.isEmpty() ? 0 : 1;
            if (named != rows) problems << QStringLiteral("run %1: %2 of %3 rows named").arg(k + 1).arg(named).arg(rows);
        }
        // small_platform.xml's clusters are one host each ("Tremblay" of "Tremblay #0"): no cluster strip beside the
        // lane names repeating them (it was drawn, the names elided or left out).
        if (!grouped)
            for (int k = 0; k < comparison->ganttCount(); ++k) {
                const auto* strip = comparison->gantt(k)->findChild<GanttCategoryLayer*>();
                QVERIFY(strip);
                if (strip->stripWidth() != 0 || !strip->drawnNames().empty())
                    problems << QStringLiteral("run %1: a cluster strip %2 px wide repeats the lane names (%3 names drawn)").arg(k + 1)
                                    .arg(strip->stripWidth()).arg(strip->drawnNames().size());
            }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
        if (!grouped) return;
        if (qEnvironmentVariableIsSet("HETSCHED_TEST_PICTURES"))
            comparison->gantt(0)->grab().save(QStringLiteral("%1/grouped_%2_%3.png").arg(qEnvironmentVariable("HETSCHED_TEST_PICTURES"), platform).arg(size.width()));

        // The context menu's "Group lanes by category", checked, puts the first run's hosts back as lanes; they stay
        // so when the view is laid out again.
        GanttView* first = comparison->gantt(0);
        bool wasChecked = false;
        bool found = false;
        QTimer picker;
        connect(&picker, &QTimer::timeout, this, [&] {
            auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            if (!menu) return;
            picker.stop();
            QAction* chosen = nullptr;
            for (QAction* action : menu->actions())
                if (action->text() == QStringLiteral("Group lanes by category")) chosen = action;
            menu->close();
            if (!chosen) return;
            found = true;
            wasChecked = chosen->isChecked();
            chosen->trigger();
        });
        picker.start(10);
        const QPoint inside = first->axisRect()->rect().center();
        QContextMenuEvent request(QContextMenuEvent::Mouse, inside, first->mapToGlobal(inside));
        QApplication::sendEvent(first, &request);
        settle();
        QVERIFY2(found, "no \"Group lanes by category\" in the Gantt's context menu");
        QVERIFY(wasChecked);
        drawn();
        QVERIFY2(!first->lanesGrouped(), "the lanes were grouped again after the user put them back");
        QCOMPARE(first->gantt()->rowCount(), static_cast<int>(first->schedule()->lanes.size()));
    }

    // One Montage run on g5k.xml at 1280x800, in the task graph view's Gantt: its 40 cluster bands in under 200 px
    // were each bordered by a dark line, drawing the plot area as a dark grey block (over half of it). The bands'
    // shading tells them apart; at most a quarter of the plot area is dark grey.
    void aTaskGraphRunOnG5kIsNotADarkBlock() {
        auto window = windowAt(QSize(1280, 800));
        importMontage(*window, QStringLiteral("g5k.xml"));
        if (QTest::currentTestFailed()) return;
        QVERIFY(clickRunWith(*window, QStringLiteral("hcpa")));
        auto* view = dynamic_cast<DagScheduleView*>(window->resultPane()->chart());
        QVERIFY(view);
        DagGanttPlot* gantt = view->ganttPlot();
        const QImage picture = gantt->grab().toImage();
        if (qEnvironmentVariableIsSet("HETSCHED_TEST_PICTURES"))
            picture.save(QStringLiteral("%1/dag_gantt_g5k.png").arg(qEnvironmentVariable("HETSCHED_TEST_PICTURES")));
        const QRect area = gantt->axisRect()->rect().adjusted(1, 1, -1, -1);
        const double share = darkGreyShare(picture, area);
        QVERIFY2(share <= 0.25, qPrintable(QStringLiteral("%1% of the plot area (%2 px high) is dark grey").arg(qRound(share * 100)).arg(area.height())));
    }

    // In the comparison of the planned and simulated Montage at 1280x800 (its runs scroll in the pane), a plain
    // wheel over a run's Gantt scrolls the pane, as over the rest of the pane; Ctrl+wheel zooms the Gantt.
    void aPlainWheelOverAComparedRunScrollsThePane() {
        auto window = windowAt(QSize(1280, 800));
        planAndSimulateMontage(*window, QStringLiteral("small_platform.xml"));
        if (QTest::currentTestFailed()) return;
        ScheduleComparisonView* comparison = window->resultPane()->comparison();
        QVERIFY(comparison && comparison->ganttCount() == 2);
        for (int k = 0; k < comparison->ganttCount(); ++k) comparison->gantt(k)->grab();
        settle();
        const QString wrong = wheelScrollsPaneAndCtrlZooms(comparison->gantt(0));
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
    }

    // The Solver dock's notes (what the solver does) are whole at both sizes of the default layout, whatever
    // the example and the solver picked, and the panel keeps the height of its parts: it scrolls in its dock
    // rather than squeeze them.
    void theSolverNotesAreWhole_data() {
        addLaptopScreenSizes();
    }
    void theSolverNotesAreWhole() {
        QFETCH(QSize, size);
        auto window = windowAt(size);
        SolverPanel* panel = window->solverPanel();
        auto* description = panel->findChild<QLabel*>(QStringLiteral("solverDescription"));
        QVERIFY(description);
        QStringList clipped;
        for (const QString& example : MainWindow::exampleFiles()) {
            QVERIFY(window->loadFile(example).ok());
            settle();
            for (const QString& solver : window->solverPanel()->solverNames()) {
                window->solverPanel()->setCurrentSolver(solver);
                settle();
                if (description->height() < description->heightForWidth(description->width()))
                    clipped << QStringLiteral("%1, %2: %3 px of %4").arg(QFileInfo(example).fileName(), solver)
                                   .arg(description->height()).arg(description->heightForWidth(description->width()));
                // Nor is the rest of the panel squeezed (in a dock too low for it, its parts would be laid over
                // the dock's title and each other): it has the height its parts need at its width.
                const int least = panel->layout()->totalMinimumHeightForWidth(panel->width());
                if (panel->height() < least)
                    clipped << QStringLiteral("%1, %2: the panel is %3 px high, its parts need %4").arg(QFileInfo(example).fileName(), solver)
                                   .arg(panel->height()).arg(least);
            }
        }
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral("; "))));
        QCOMPARE(window->size(), size);
    }

    // The divisible-load result of the 12-worker star (14 lanes: the master's sends and receipts, 12 workers)
    // names every lane at both sizes of the default layout, in names no taller than their lanes are apart and
    // no smaller than a readable 7 points, rather than every other lane.
    void everyLaneOfTheDivisibleScheduleIsNamed_data() {
        addLaptopScreenSizes();
    }
    void everyLaneOfTheDivisibleScheduleIsNamed() {
        QFETCH(QSize, size);
        auto window = windowAt(size);
        QVERIFY(window->loadFile(examplePath(QStringLiteral("divisible-star-12.json"))).ok());
        settle();
        QVERIFY(clickRunWith(*window, QStringLiteral("fifo-optimal")));
        GanttView* gantt = window->resultPane()->ganttView();
        QVERIFY(gantt);
        gantt->grab();   // laid out and drawn as on screen
        QStringList lanes;
        for (const Lane& lane : gantt->schedule()->lanes) lanes << QString::fromStdString(lane.name);
        QCOMPARE(lanes.size(), 14);
        QStringList named = gantt->yAxis->tickVectorLabels().toList();
        named.sort();
        lanes.sort();
        QCOMPARE(named, lanes);
        const QFont font = gantt->yAxis->tickLabelFont();
        QVERIFY2(font.pointSizeF() >= 7.0, qPrintable(QStringLiteral("lane names at %1 pt").arg(font.pointSizeF())));
        const double apart = std::abs(gantt->yAxis->coordToPixel(1) - gantt->yAxis->coordToPixel(0));
        QVERIFY2(QFontMetricsF(font).height() <= apart,
                 qPrintable(QStringLiteral("names %1 px high on lanes %2 px apart").arg(QFontMetricsF(font).height()).arg(apart)));
    }

    // The steady-state result's periodic schedule: each lane name ("P1 receive") keeps a gap of background
    // between it and the bracket of its group ("processors"), at both sizes.
    void theSteadyLaneNamesKeepClearOfTheBrackets_data() {
        addLaptopScreenSizes();
    }
    void theSteadyLaneNamesKeepClearOfTheBrackets() {
        QFETCH(QSize, size);
        auto window = windowAt(size);
        QVERIFY(window->loadFile(examplePath(QStringLiteral("steady-state-bag-of-tasks.json"))).ok());
        settle();
        QVERIFY(clickRunWith(*window, QStringLiteral("lp")));
        GanttView* gantt = nullptr;
        for (GanttView* view : window->resultPane()->findChildren<GanttView*>())
            if (view->isVisible() && view->findChild<GanttCategoryLayer*>()->stripWidth() > 0) gantt = view;
        QVERIFY2(gantt, "no periodic schedule with grouped lanes is shown");
        const QImage picture = gantt->grab().toImage();
        const double ratio = picture.devicePixelRatio();
        const QFontMetrics laneFont(gantt->yAxis->tickLabelFont());
        int widest = 0;
        for (const QString& lane : gantt->yAxis->tickVectorLabels()) widest = std::max(widest, laneFont.horizontalAdvance(lane));
        QVERIFY(widest > 0);
        // The lane names are right-aligned against the axis: the widest starts here; the two columns left of it
        // are background (no bracket, no name) over the whole height of the lanes.
        const int nameLeft = gantt->axisRect()->left() - gantt->yAxis->tickLengthOut() - gantt->yAxis->tickLabelPadding() - widest;
        QStringList inked;
        for (int x = nameLeft - 2; x < nameLeft; ++x)
            for (int y = gantt->axisRect()->top(); y <= gantt->axisRect()->bottom(); ++y)
                if (picture.pixelColor(QPoint(x, y) * ratio).lightness() < 200)
                    inked << QStringLiteral("%1,%2").arg(x).arg(y);
        QVERIFY2(inked.isEmpty(), qPrintable(QStringLiteral("ink just left of the lane names (x %1): ").arg(nameLeft) + inked.join(' ')));
    }

    // The steady-state result after Run all (clicked), at both sizes of the default layout: the periodic
    // schedule names every lane in names no taller than the lanes are apart, its categories' names ("send
    // ports", "receive ports", "processors") whole, and the Allocations and Patterns tables show their rows
    // under their header; no part lies over another. Where the pane is lower than that, it scrolls.
    void theSteadyResultShowsEveryLaneAndTheTablesRows_data() {
        addLaptopScreenSizes();
    }
    void theSteadyResultShowsEveryLaneAndTheTablesRows() {
        QFETCH(QSize, size);
        auto window = windowAt(size);
        QVERIFY(window->loadFile(examplePath(QStringLiteral("steady-state-bag-of-tasks.json"))).ok());
        settle();
        QSignalSpy idle(window->solveController(), &SolveController::idle);
        auto* runAll = window->solverPanel()->findChild<QPushButton*>(QStringLiteral("runAllButton"));
        QVERIFY(runAll && runAll->isEnabled());
        QTest::mouseClick(runAll, Qt::LeftButton);
        QVERIFY(idle.wait(test::kSolveTimeoutMs));
        test::drainBackgroundWork();
        settle();
        SteadyPatternsView* view = nullptr;
        for (SteadyPatternsView* shown : window->resultPane()->findChildren<SteadyPatternsView*>())
            if (shown->isVisible()) view = shown;
        QVERIFY2(view && view->data(), "no steady-state result is shown");
        // The platform on the editor's canvas, fitted while the editor had the whole height (no run yet), is fitted
        // again to the editor's share: every node in view (it was left at its zoom, the drawing mostly out of view).
        {
            auto* editor = qobject_cast<SteadyStateEditor*>(window->editor());
            QVERIFY(editor);
            CanvasWidget* canvas = editor->canvas();
            const QRect shown = canvas->view()->viewport()->rect();
            for (const QPointF& node : canvas->positions())
                QVERIFY2(shown.contains(canvas->view()->mapFromScene(node)),
                         qPrintable(QStringLiteral("a node at %1,%2 of the canvas is out of its view (%3x%4)")
                                        .arg(canvas->view()->mapFromScene(node).x()).arg(canvas->view()->mapFromScene(node).y())
                                        .arg(shown.width()).arg(shown.height())));
        }
        SteadyGanttView* gantt = view->gantt();
        // Drawn as on screen: the schedule then asks for the height its lanes need and is laid out again.
        gantt->grab();
        settle();
        gantt->grab();
        if (qEnvironmentVariableIsSet("HETSCHED_TEST_PICTURES"))
            window->grab().save(QStringLiteral("%1/steady_%2.png").arg(qEnvironmentVariable("HETSCHED_TEST_PICTURES")).arg(size.width()));
        QStringList problems;

        QStringList lanes;
        std::set<QString> categories;
        for (const Lane& lane : gantt->schedule()->lanes) {
            lanes << QString::fromStdString(lane.name);
            categories.insert(QString::fromStdString(lane.category));
        }
        QVERIFY(lanes.size() >= 4);
        QStringList named = gantt->yAxis->tickVectorLabels().toList();
        named.sort();
        lanes.sort();
        if (named != lanes)
            problems << QStringLiteral("lanes named: %1 of %2").arg(named.join(QStringLiteral(", ")), lanes.join(QStringLiteral(", ")));
        const double apart = std::abs(gantt->yAxis->coordToPixel(1) - gantt->yAxis->coordToPixel(0));
        const QFontMetricsF laneFont(gantt->yAxis->tickLabelFont());
        if (laneFont.height() > apart)
            problems << QStringLiteral("lane names %1 px high on lanes %2 px apart").arg(laneFont.height()).arg(apart);
        std::set<QString> drawnCategories;
        for (const GanttCategoryLayer::DrawnName& name : gantt->findChild<GanttCategoryLayer*>()->drawnNames()) drawnCategories.insert(name.text);
        if (drawnCategories != categories)
            problems << QStringLiteral("category names drawn: %1 of %2")
                            .arg(QStringList(drawnCategories.begin(), drawnCategories.end()).join(QStringLiteral(", ")),
                                 QStringList(categories.begin(), categories.end()).join(QStringLiteral(", ")));

        // Where the pane scrolls (1280x800), a plain wheel over the periodic schedule or the period strip scrolls
        // it; Ctrl+wheel zooms.
        if (QScrollArea* area = scrollAreaOf(gantt); area && area->verticalScrollBar()->maximum() > 0) {
            QString wrong = wheelScrollsPaneAndCtrlZooms(gantt);
            if (!wrong.isEmpty()) problems << QStringLiteral("the periodic schedule: %1").arg(wrong);
            wrong = wheelScrollsPaneAndCtrlZooms(view->strip());
            if (!wrong.isEmpty()) problems << QStringLiteral("the period strip: %1").arg(wrong);
            // The platform graph beside them likewise (it zoomed on a plain wheel while the Gantts scrolled).
            {
                SteadyGraphView* graph = view->graph();
                QScrollBar* bar = area->verticalScrollBar();
                bar->setValue(0);
                settle();
                const double zoom = graph->zoom();
                wheelOverWidget(graph, graph->rect().center(), -2, Qt::NoModifier);
                if (bar->value() <= 0) problems << QStringLiteral("the platform graph: a plain wheel did not scroll the pane");
                if (graph->zoom() != zoom) problems << QStringLiteral("the platform graph: a plain wheel zoomed it");
                const int scrolled = bar->value();
                wheelOverWidget(graph, graph->rect().center(), 2, Qt::ControlModifier);
                if (!(graph->zoom() > zoom * 1.05)) problems << QStringLiteral("the platform graph: Ctrl+wheel did not zoom it");
                if (bar->value() != scrolled) problems << QStringLiteral("the platform graph: Ctrl+wheel scrolled the pane");
                graph->fitView();
            }
            view->strip()->fitView();
            view->strip()->replot();
            gantt->fitView();
            area->verticalScrollBar()->setValue(0);
            settle();
        } else if (size.width() == 1280) {
            problems << QStringLiteral("the steady result does not scroll at 1280x800 (the wheel test needs it to)");
        }
        // Each table (its tab clicked) shows its first rows whole under its header.
        auto* tabs = view->findChild<QTabWidget*>();
        QVERIFY(tabs);
        for (QTableView* table : {view->allocationTable(), view->patternTable()}) {
            const int tab = tabs->indexOf(table);
            QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, Qt::NoModifier, tabs->tabBar()->tabRect(tab).center());
            settle();
            QVERIFY(table->isVisible());
            const int rows = std::min(2, table->model()->rowCount());
            QVERIFY(rows >= 1);
            for (int row = 0; row < rows; ++row) {
                const QRect rect = table->visualRect(table->model()->index(row, 0));
                if (rect.top() < 0 || rect.bottom() >= table->viewport()->height())
                    problems << QStringLiteral("%1: row %2 at %3..%4 of a viewport %5 px high").arg(table->objectName()).arg(row)
                                    .arg(rect.top()).arg(rect.bottom()).arg(table->viewport()->height());
            }
        }
        // The parts one beside or under the other, each within the view's scrolled content.
        const auto rectIn = [view](QWidget* part) { return QRect(part->mapTo(view, QPoint(0, 0)), part->size()); };
        QList<QWidget*> parts{view->graph(), view->strip(), tabs, gantt};
        for (int a = 0; a < parts.size(); ++a)
            for (int b = a + 1; b < parts.size(); ++b)
                if (rectIn(parts[a]).intersects(rectIn(parts[b])))
                    problems << QStringLiteral("%1 overlaps %2").arg(parts[a]->metaObject()->className(), parts[b]->metaObject()->className());
        // The schedule is whole in the pane (once scrolled to, where the pane scrolls), and the pane inside the
        // window.
        auto* scroll = view->findChild<QScrollArea*>();
        const int paneHeight = scroll ? scroll->viewport()->height() : view->height();
        // (A wrapped header once pushed the pane's bottom 8 px out of the window.)
        QWidget* pane = scroll ? static_cast<QWidget*>(scroll) : view;
        const QRect paneInWindow(pane->mapTo(window.get(), QPoint(0, 0)), pane->size());
        if (!window->centralWidget()->geometry().contains(paneInWindow))
            problems << QStringLiteral("the pane at y %1..%2 reaches past the window's centre (y %3..%4)").arg(paneInWindow.top())
                            .arg(paneInWindow.bottom()).arg(window->centralWidget()->geometry().top()).arg(window->centralWidget()->geometry().bottom());
        if (gantt->height() > paneHeight)
            problems << QStringLiteral("the schedule is %1 px high in a pane of %2 px").arg(gantt->height()).arg(paneHeight);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
        QCOMPARE(window->size(), size);
    }

    // The divisible-load editor's Scenario timeline at both sizes: every line of its title and subtitle
    // ("scenario LP · sends P1, P2 · returns LIFO · ρ = ...") fits the chart's width, none is cut at both ends.
    void theScenarioTimelineTextsFitTheChart_data() {
        addLaptopScreenSizes();
    }
    void theScenarioTimelineTextsFitTheChart() {
        QFETCH(QSize, size);
        auto window = windowAt(size);
        QVERIFY(window->loadFile(examplePath(QStringLiteral("divisible-small.json"))).ok());
        settle();
        GanttView* timeline = shownScenarioTimeline(*window);
        QVERIFY2(timeline, "no scenario timeline is shown");
        timeline->grab();   // laid out and drawn as on screen
        QStringList problems;
        int texts = 0;
        for (int row = 0; row < timeline->plotLayout()->rowCount(); ++row) {
            auto* text = qobject_cast<QCPTextElement*>(timeline->plotLayout()->element(row, 0));
            if (!text || !text->visible() || text->text().isEmpty()) continue;
            ++texts;
            const QFontMetrics metrics(text->font());
            for (const QString& line : text->text().split(QLatin1Char('\n')))
                if (metrics.horizontalAdvance(line) > timeline->width())
                    problems << QStringLiteral("\"%1\" is %2 px wide in a chart of %3 px").arg(line).arg(metrics.horizontalAdvance(line)).arg(timeline->width());
        }
        QCOMPARE(texts, 2);   // the title and the subtitle
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    }

    // The divisible-load editor's Scenario timeline of the 12-worker star (14 lanes: the master's sends and
    // receipts, 12 workers) names every lane at both sizes, rather than every other one: the timeline keeps the
    // height its names need at 7 pt and its tab scrolls.
    void theScenarioTimelineNamesEveryLane_data() {
        addLaptopScreenSizes();
    }
    void theScenarioTimelineNamesEveryLane() {
        QFETCH(QSize, size);
        auto window = windowAt(size);
        QVERIFY(window->loadFile(examplePath(QStringLiteral("divisible-star-12.json"))).ok());
        settle();
        GanttView* timeline = shownScenarioTimeline(*window);
        QVERIFY2(timeline, "no scenario timeline is shown");
        QVERIFY(timeline->schedule());
        QCOMPARE(timeline->schedule()->lanes.size(), std::size_t{14});
        timeline->grab();
        settle();
        const QString unnamed = unnamedLanes(*timeline);
        if (qEnvironmentVariableIsSet("HETSCHED_TEST_PICTURES"))
            window->grab().save(QStringLiteral("%1/timeline_%2.png").arg(qEnvironmentVariable("HETSCHED_TEST_PICTURES")).arg(size.width()));
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed));
        QCOMPARE(window->size(), size);
    }

    // The divisible-load editor at both sizes: the scenario's buttons (Sort by c+d, FIFO, LIFO, Clear
    // scenario) are whole, lie over neither order list nor each other, and take the click: LIFO reverses
    // the return order.
    void theScenarioButtonsKeepOffTheOrderLists_data() {
        addLaptopScreenSizes();
    }
    void theScenarioButtonsKeepOffTheOrderLists() {
        QFETCH(QSize, size);
        auto window = windowAt(size);
        QVERIFY(window->loadFile(examplePath(QStringLiteral("divisible-star-12.json"))).ok());
        settle();
        DivisibleEditor* editor = nullptr;
        for (DivisibleEditor* shown : window->findChildren<DivisibleEditor*>())
            if (shown->isVisible()) editor = shown;
        QVERIFY(editor);
        QList<QWidget*> parts;
        for (const char* name : {"sendOrderList", "returnOrderList", "sortByCommunicationButton", "fifoButton", "lifoButton",
                                 "clearScenarioButton"}) {
            auto* part = editor->findChild<QWidget*>(QLatin1String(name));
            QVERIFY2(part && part->isVisible(), name);
            parts << part;
        }
        const auto rectOf = [editor](QWidget* part) { return QRect(part->mapTo(editor, QPoint(0, 0)), part->size()); };
        QStringList problems;
        for (int a = 0; a < parts.size(); ++a) {
            // The least size a layout gives it: its own minimum where set, else its hint.
            QSize least = parts[a]->minimumSizeHint();
            if (parts[a]->minimumWidth() > 0) least.setWidth(parts[a]->minimumWidth());
            if (parts[a]->minimumHeight() > 0) least.setHeight(parts[a]->minimumHeight());
            if (parts[a]->width() < least.width() || parts[a]->height() < least.height())
                problems << QStringLiteral("%1 is %2x%3, needs %4x%5").arg(parts[a]->objectName()).arg(parts[a]->width())
                                .arg(parts[a]->height()).arg(least.width()).arg(least.height());
            for (int b = a + 1; b < parts.size(); ++b)
                if (rectOf(parts[a]).intersects(rectOf(parts[b])))
                    problems << QStringLiteral("%1 overlaps %2").arg(parts[a]->objectName(), parts[b]->objectName());
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));

        auto* sendList = editor->findChild<QListView*>(QStringLiteral("sendOrderList"));
        auto* returnList = editor->findChild<QListView*>(QStringLiteral("returnOrderList"));
        QWidget* lifo = editor->findChild<QWidget*>(QStringLiteral("lifoButton"));
        // Clicked where it shows: the point is the button's, no list's.

        QCOMPARE(editor->childAt(lifo->mapTo(editor, lifo->rect().center())), lifo);
        QTest::mouseClick(lifo, Qt::LeftButton, Qt::NoModifier, lifo->rect().center());
        settle();
        const int workers = sendList->model()->rowCount();
        QVERIFY(workers == 12);
        QStringList sent, returned;
        for (int row = 0; row < workers; ++row) {
            sent.prepend(sendList->model()->index(row, 0).data().toString());
            returned << returnList->model()->index(row, 0).data().toString();
        }
        const auto names = [](QStringList texts) {
            for (QString& text : texts) text = text.section(QLatin1Char(' '), -1);   // "3.  node03" -> "node03"
            return texts;
        };
        QCOMPARE(names(returned), names(sent));
        QCOMPARE(window->size(), size);
    }

    // A project of version 1 (before runs kept their instance) opens: its runs are taken as computed on the
    // instance it holds, and a simulation summary is kept as the table's Simulated value.
    void aVersionOneProjectOpensWithItsRunsCurrent() {
        const QString path = m_temp.filePath(QStringLiteral("v1.hsproj"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"json({ "format": "hetsched-project", "version": 1, "entries": [ { "name": "small",
  "instance": { "kind": "partition", "tasks": 4, "objective": "makespan",
                "resources": [ { "name": "A", "cost": { "affine": { "fixed": 0, "per_task": 1 } } },
                               { "name": "B", "cost": { "affine": { "fixed": 0, "per_task": 3 } } } ] },
  "runs": [ { "assignment": [ { "cost": 3.0, "resource": "A", "tasks": 3 }, { "cost": 3.0, "resource": "B", "tasks": 1 } ],
              "call_status": "ok", "kind": "partition", "makespan": 3.0, "message": "Algorithm 1 (dynamic program)",
              "objective": "makespan", "seconds": 8.7e-05, "solver": "dp", "status": "optimal", "total_cost": 6.0,
              "simulation": { "simulated_makespan": 3.25 } } ] } ] })json");
        file.close();
        auto window = test::shownWindow();
        const Expected<bool> opened = window->loadFile(path);
        QVERIFY2(opened.ok(), opened ? "" : opened.error().message.c_str());
        settle();
        const DocumentEntry* entry = window->document()->entry(window->currentEntry());
        QCOMPARE(entry->runs.size(), std::size_t{1});
        QVERIFY(window->document()->isRunCurrent(*entry, entry->runs[0]));
        QVERIFY2(entry->runs[0].result, qPrintable(entry->runs[0].restoreError));
        QCOMPARE(entry->runs[0].simulatedMakespan().value(), 3.25);
        QVERIFY(!runView(*window)->model()->index(0, 0).data(RunTableModel::StaleRole).toBool());
    }
};

QTEST_MAIN(WorkdayTests)
#include "test_workday.moc"
