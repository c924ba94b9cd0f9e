// The GUI offscreen: it opens on the example, solves off the GUI thread, draws big Gantts without an item per
// bar, exports valid PNG/PDF/SVG, refuses bad edits and round-trips projects; the divisible-load editor
// re-solves the scenario LP as the user reorders it, and the simulation of the slides runs and cancels.
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolTip>
#include <QXmlStreamReader>
#include <QThreadPool>
#include <QtTest>
#include <functional>
#include <memory>
#include <set>

#include "app/app_entry.h"
#include "experiments/cpugpu_experiment_dialog.h"
#include "experiments/divisible_simulation_dialog.h"
#include "document/project_document.h"
#include "document/run_table_model.h"
#include "editors/cpugpu_editor.h"
#include "families/ui_family.h"
#include "family/family.h"
#include "editors/cpugpu_task_model.h"
#include "editors/divisible_editor.h"
#include "editors/divisible_edits.h"
#include "editors/divisible_scenario_model.h"
#include "editors/divisible_worker_model.h"
#include "editors/partition_editor.h"
#include "editors/partition_resource_model.h"
#include "panels/instance_list_panel.h"
#include "io/instance_io.h"
#include "app/mainwindow.h"
#include "panels/result_pane.h"
#include "panels/run_table.h"
#include "app/solve_controller.h"
#include "panels/solver_panel.h"
#include "experiments/cpugpu_experiments.h"
#include "solvers/divisible/divisible_solvers.h"
#include "util/message_bar.h"
#include "views/common/chart_export.h"
#include "solvers/registry.h"
#include "views/partition/cost_function_plot.h"
#include "views/cpugpu/cpugpu_shelf_view.h"
#include "views/divisible/divisible_simulation_plot.h"
#include "views/divisible/divisible_throughput_plot.h"
#include "views/divisible/divisible_timeline_view.h"
#include "views/gantt/gantt_view.h"
#include "test_schedules.h"

using namespace hetsched;
using namespace hetsched::ui;
using hetsched::ui::test::bigSchedule;
using hetsched::ui::test::numbered;

namespace {

constexpr int kSolveTimeoutMs = 30000;

QString examplePath(const char* name) {
    return QStringLiteral(HETSCHED_EXAMPLES_DIR "/") + QLatin1String(name);
}

QByteArray fileStart(const QString& path, int bytes) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.read(bytes);
}

// Distinct colours in a sample of the image: a blank or one-colour render has one or two.
int distinctColors(const QImage& image) {
    std::set<QRgb> colors;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) colors.insert(image.pixel(x, y));
    return static_cast<int>(colors.size());
}

// The root element name of an XML file, empty when it does not parse.
QString xmlRoot(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    QXmlStreamReader xml(&file);
    QString root;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && root.isEmpty()) root = xml.name().toString();
    }
    return xml.hasError() ? QString() : root;
}


}  // namespace

class UiTests : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> openExample() {
        auto window = std::make_unique<MainWindow>();
        const Expected<bool> loaded = window->loadFile(MainWindow::defaultExample());
        if (!loaded) qWarning("%s", loaded.error().message.c_str());
        return window;
    }

    // Runs the panel's selected solver on the current instance and waits for its run.
    static bool solveAndWait(MainWindow& window) {
        QSignalSpy done(window.solveController(), &SolveController::succeeded);
        const QString solver = window.solverPanel()->currentSolver();
        window.runSolver(solver, window.solverPanel()->optionsFor(solver));
        return done.wait(kSolveTimeoutMs);
    }

    // A window on an example of resources/examples, with its divisible-load editor.
    static std::unique_ptr<MainWindow> openDivisible(const char* name) {
        auto window = std::make_unique<MainWindow>();
        const Expected<bool> loaded = window->loadFile(examplePath(name));
        if (!loaded) qWarning("%s", loaded.error().message.c_str());
        return window;
    }
    static DivisibleEditor* divisibleEditor(const MainWindow& window) {
        return qobject_cast<DivisibleEditor*>(window.editor());
    }
    static const DivisibleInstance& divisibleAt(const MainWindow& window, int row = 0) {
        return std::get<DivisibleInstance>(window.document()->entryAt(row).instance);
    }
    // An image, a PDF and an SVG at `stem` + suffix, each checked for what its format starts with.
    static void checkExports(const std::function<Expected<bool>(const QString&)>& write,
                             const QString& stem) {
        const Expected<bool> png = write(stem + QStringLiteral(".png"));
        QVERIFY2(png.ok(), png.ok() ? "" : png.error().message.c_str());
        const QImage image(stem + QStringLiteral(".png"));
        QVERIFY(!image.isNull());
        QVERIFY(distinctColors(image) > 8);
        const Expected<bool> pdf = write(stem + QStringLiteral(".pdf"));
        QVERIFY2(pdf.ok(), pdf.ok() ? "" : pdf.error().message.c_str());
        QCOMPARE(fileStart(stem + QStringLiteral(".pdf"), 4), QByteArray("%PDF"));
        const Expected<bool> svg = write(stem + QStringLiteral(".svg"));
        QVERIFY2(svg.ok(), svg.ok() ? "" : svg.error().message.c_str());
        QCOMPARE(xmlRoot(stem + QStringLiteral(".svg")), QStringLiteral("svg"));
    }

    QTemporaryDir m_temp;

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        // Recent files and window state go to a scratch directory, never to the user's settings.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                           m_temp.filePath(QStringLiteral("settings")));
        QApplication::setOrganizationName(QStringLiteral("HetSchedTests"));
        QApplication::setApplicationName(QStringLiteral("ui_tests"));
    }

    void mainWindowOpensOnTheBuiltInExample() {
        QVERIFY(MainWindow::exampleFiles().contains(MainWindow::defaultExample()));
        const auto window = openExample();
        QCOMPARE(window->document()->entryCount(), 1);
        QCOMPARE(window->document()->entryAt(0).name, QStringLiteral("partition-heterogeneous-node"));
        QVERIFY(window->currentEntry() != 0);
        auto* editor = qobject_cast<PartitionEditor*>(window->editor());
        QVERIFY(editor);
        QCOMPARE(editor->resourceModel()->rowCount(), 7);
        QCOMPARE(editor->resourceModel()->index(0, PartitionResourceModel::NameColumn).data().toString(),
                 QStringLiteral("cpu0"));
        QCOMPARE(editor->findChild<QSpinBox*>(QStringLiteral("tasksSpinBox"))->value(), 1000);
        QCOMPARE(editor->costPlot()->curveCount(), 7);
        QVERIFY(!window->solverPanel()->currentSolver().isEmpty());
        QVERIFY(!window->document()->isModified());
    }

    void defaultSolverFillsTheGanttAndTheComparisonTable() {
        const auto window = openExample();
        QVERIFY(solveAndWait(*window));
        QCOMPARE(window->runTable()->model()->rowCount(), 1);
        QCOMPARE(window->runTable()->currentRun(), 0);
        const QModelIndex status = window->runTable()->model()->index(0, RunTableModel::StatusColumn);
        QCOMPARE(status.data().toString(), QStringLiteral("optimal"));
        QVERIFY(!window->runTable()
                     ->model()
                     ->index(0, RunTableModel::ObjectiveColumn)
                     .data()
                     .toString()
                     .isEmpty());

        GanttView* gantt = window->resultPane()->ganttView();
        QVERIFY(gantt);
        QCOMPARE(gantt->gantt()->laneCount(), 7);
        QVERIFY(gantt->gantt()->intervalCount() > 0);
        QVERIFY(!gantt->gantt()->legendEntries().empty());
        gantt->resize(1000, 500);
        gantt->replot();
        QVERIFY(gantt->gantt()->lastDrawStats().visibleIntervals > 0);

        // The chosen x_i are marked on every cost curve.
        auto* editor = qobject_cast<PartitionEditor*>(window->editor());
        QCOMPARE(editor->costPlot()->markedCount(), 7);
        QVERIFY(window->document()->isModified());  // a run is part of the project
    }

    void runAllComparesEverySolver() {
        const auto window = openExample();
        QSignalSpy idle(window->solveController(), &SolveController::idle);
        QSignalSpy failed(window->solveController(), &SolveController::failed);
        window->runAllSolvers();
        QVERIFY(idle.wait(kSolveTimeoutMs));
        // Every solver either adds its run or is reported as refusing the instance: each exactly once.
        QStringList accounted;
        QAbstractItemModel* runs = window->runTable()->model();
        for (int row = 0; row < runs->rowCount(); ++row)
            accounted << runs->index(row, RunTableModel::SolverColumn).data().toString();
        for (const QList<QVariant>& failure : failed) accounted << failure.at(1).toString();
        QStringList solvers = window->solverPanel()->solverNames();
        accounted.sort();
        solvers.sort();
        QCOMPARE(accounted, solvers);
        QVERIFY(runs->rowCount() >= 1);
    }

    void hoveringABarFindsItsLaneAndInterval() {
        const auto window = openExample();
        QVERIFY(solveAndWait(*window));
        GanttView* gantt = window->resultPane()->ganttView();
        gantt->resize(1000, 500);
        gantt->replot();
        const GanttGeometry geometry = gantt->gantt()->geometry();
        const Schedule* schedule = gantt->schedule();
        for (int lane = 0; lane < gantt->gantt()->laneCount(); ++lane) {
            const Interval& bar = schedule->lanes[static_cast<std::size_t>(lane)].intervals.front();
            if (bar.end - bar.start <= 0) continue;
            const auto [top, bottom] = geometry.barSpan(lane);
            const QPointF middle(geometry.timeToPixel((bar.start + bar.end) / 2), (top + bottom) / 2);
            const std::optional<GanttHit> hit = gantt->gantt()->hitTest(middle);
            QVERIFY(hit);
            QCOMPARE(hit->lane, lane);
        }
        QVERIFY(!gantt->gantt()->hitTest(QPointF(-100, -100)));

        // Hovering shows the bar's details in a tooltip.
        window->resize(1400, 900);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        gantt->replot();
        const GanttGeometry shown = gantt->gantt()->geometry();
        const Interval& bar = schedule->lanes[1].intervals.front();
        const auto [top, bottom] = shown.barSpan(1);
        const QPoint middle(static_cast<int>(shown.timeToPixel((bar.start + bar.end) / 2)),
                            static_cast<int>((top + bottom) / 2));
        QTest::mouseMove(gantt, middle);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QString::fromStdString(schedule->lanes[1].name)),
                 qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text().contains(QStringLiteral("duration")));
        window->document()->markSaved();
    }

    // A CPU/GPU bar's tooltip text is made when the mouse is over it (Schedule::describe): the task's times and
    // acceleration, though no interval keeps a string of its own.
    void hoveringACpuGpuBarShowsTheTasksTimes() {
        const auto window = openDivisible("cpugpu-small.json");
        QVERIFY(solveAndWait(*window));
        window->resize(1400, 900);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        GanttView* gantt = window->resultPane()->ganttView();
        gantt->replot();
        const Schedule* schedule = gantt->schedule();
        QVERIFY(schedule && schedule->describe);
        int lane = 0;
        while (lane < gantt->gantt()->laneCount() && schedule->lanes[static_cast<std::size_t>(lane)].intervals.empty()) ++lane;
        QVERIFY(lane < gantt->gantt()->laneCount());
        const Interval& bar = schedule->lanes[static_cast<std::size_t>(lane)].intervals.front();
        QVERIFY(bar.detail.empty());
        const CpuGpuTask& task = std::get<CpuGpuInstance>(window->document()->entryAt(0).instance).tasks[static_cast<std::size_t>(bar.taskId)];
        const GanttGeometry shown = gantt->gantt()->geometry();
        const auto [top, bottom] = shown.barSpan(lane);
        QTest::mouseMove(gantt, QPoint(static_cast<int>(shown.timeToPixel((bar.start + bar.end) / 2)),
                                       static_cast<int>((top + bottom) / 2)));
        QTRY_VERIFY(QToolTip::isVisible());
        const QString expected = QStringLiteral("%1: cpu %2, gpu %3, acceleration")
                                     .arg(QString::fromStdString(task.name), QString::number(task.cpu), QString::number(task.gpu));
        QVERIFY2(QToolTip::text().contains(expected), qPrintable(QToolTip::text() + " lacks " + expected));
        window->document()->markSaved();
    }

    void eachChartExportWritesAValidFile() {
        const auto window = openExample();
        QVERIFY(solveAndWait(*window));
        const DocumentEntry& entry = window->document()->entryAt(0);
        const SolveResult& result = *entry.runs.front().result;

        for (const bool headless : {true, false}) {
            const QString stem =
                m_temp.filePath(headless ? QStringLiteral("headless") : QStringLiteral("window"));
            const auto write = [&](const QString& path) {
                return headless ? exportChart(entry.instance, result, path)
                                : window->exportChart(path, 1200, 700);
            };
            const Expected<bool> png = write(stem + QStringLiteral(".png"));
            QVERIFY2(png.ok(), png.ok() ? "" : png.error().message.c_str());
            const QImage image(stem + QStringLiteral(".png"));
            QCOMPARE(image.size(), QSize(1200, 700));
            QVERIFY(distinctColors(image) > 8);

            const Expected<bool> pdf = write(stem + QStringLiteral(".pdf"));
            QVERIFY2(pdf.ok(), pdf.ok() ? "" : pdf.error().message.c_str());
            QCOMPARE(fileStart(stem + QStringLiteral(".pdf"), 4), QByteArray("%PDF"));
            QVERIFY(QFileInfo(stem + QStringLiteral(".pdf")).size() > 1000);

            const Expected<bool> svg = write(stem + QStringLiteral(".svg"));
            QVERIFY2(svg.ok(), svg.ok() ? "" : svg.error().message.c_str());
            QCOMPARE(xmlRoot(stem + QStringLiteral(".svg")), QStringLiteral("svg"));
        }

        const Expected<bool> unknown =
            exportChart(entry.instance, result, m_temp.filePath(QStringLiteral("chart.bmp")));
        QVERIFY(!unknown.ok());
        QVERIFY(QString::fromStdString(unknown.error().message).contains(QStringLiteral(".bmp")));
        const Expected<bool> unwritable =
            exportChart(entry.instance, result, QStringLiteral("/nonexistent-dir/chart.png"));
        QVERIFY(!unwritable.ok());
        QVERIFY(QString::fromStdString(unwritable.error().message)
                    .contains(QStringLiteral("/nonexistent-dir/chart.png")));
    }

    void resultExportsAsJsonAndCsv() {
        const auto window = openExample();
        QVERIFY(solveAndWait(*window));
        const QString json = m_temp.filePath(QStringLiteral("result.json"));
        QVERIFY(window->exportResult(json).ok());
        const Expected<std::string> text = readTextFile(json.toStdString());
        QVERIFY(text.ok());
        const nlohmann::json parsed = nlohmann::json::parse(*text);
        QCOMPARE(parsed.at("assignment").size(), std::size_t{7});
        const DocumentEntry& entry = window->document()->entryAt(0);
        QCOMPARE(parsed, runJson(entry.runs.front(), entry.instance));

        const QString csv = m_temp.filePath(QStringLiteral("result.csv"));
        QVERIFY(window->exportResult(csv).ok());
        QVERIFY(fileStart(csv, 100).startsWith("lane,category,start,end,kind,label,task,group"));
        QVERIFY(!window->exportResult(m_temp.filePath(QStringLiteral("result.txt"))).ok());
    }

    void aBadEditIsRefusedAndKeepsThePreviousValue() {
        const auto window = openExample();
        auto* editor = qobject_cast<PartitionEditor*>(window->editor());
        PartitionResourceModel* model = editor->resourceModel();
        QUndoStack* undo = window->document()->undoStack();
        const nlohmann::json before = instanceToJson(window->document()->entryAt(0).instance);
        QSignalSpy refused(model, &PartitionResourceModel::editRejected);

        // Not a number, an upper limit below the lower one, a cost table of the wrong length, a duplicate
        // name.
        QVERIFY(!model->setData(model->index(0, PartitionResourceModel::UpperColumn), QStringLiteral("lots"),
                                Qt::EditRole));
        QVERIFY(!model->setData(model->index(4, PartitionResourceModel::LowerColumn), QStringLiteral("2000"),
                                Qt::EditRole));
        QVERIFY(!model->setData(model->index(6, PartitionResourceModel::CostColumn),
                                QStringLiteral("1, 2, 3"), Qt::EditRole));
        QVERIFY(!model->setData(model->index(1, PartitionResourceModel::NameColumn), QStringLiteral("cpu0"),
                                Qt::EditRole));
        QVERIFY(!model->setData(model->index(5, PartitionResourceModel::CostColumn),
                                QStringLiteral("fixed=x"), Qt::EditRole));
        QCOMPARE(refused.count(), 5);
        QVERIFY(editor->messageBar()->isVisibleTo(editor));
        QVERIFY(editor->messageBar()->text().contains(QStringLiteral("fpga")) ||
                refused.at(2).at(0).toString().contains(QStringLiteral("fpga")));
        QCOMPARE(instanceToJson(window->document()->entryAt(0).instance), before);
        QCOMPARE(undo->count(), 0);
        QCOMPARE(model->index(0, PartitionResourceModel::UpperColumn).data().toString(),
                 QStringLiteral("1000"));

        // A good edit is one undoable command; undo restores the instance.
        QVERIFY(model->setData(model->index(5, PartitionResourceModel::CostColumn),
                               QStringLiteral("fixed=6, per_task=0.04"), Qt::EditRole));
        QCOMPARE(undo->count(), 1);
        QCOMPARE(model->index(5, PartitionResourceModel::CostColumn).data().toString(),
                 QStringLiteral("fixed=6, per_task=0.04"));
        QVERIFY(!editor->messageBar()->isVisibleTo(editor));
        undo->undo();
        QCOMPARE(instanceToJson(window->document()->entryAt(0).instance), before);
    }

    void changingLimitsKeepsTheCostTableConsistent() {
        const auto window = openExample();
        auto* editor = qobject_cast<PartitionEditor*>(window->editor());
        PartitionResourceModel* model = editor->resourceModel();
        // fpga has an allowed list with a table cost: clearing the list keeps one cost per admissible count.
        QVERIFY(
            model->setData(model->index(6, PartitionResourceModel::AllowedColumn), QString(), Qt::EditRole));
        const auto& in = std::get<PartitionInstance>(window->document()->entryAt(0).instance);
        QCOMPARE(in.resources[6].allowed.size(), std::size_t{0});
        QCOMPARE(static_cast<std::int64_t>(in.resources[6].cost.table.size()), in.resources[6].choiceCount());
        QVERIFY(editor->messageBar()->isVisibleTo(editor));  // the notice says what was filled in
        // Converting a cost kind keeps the values at the admissible counts.
        QVERIFY(model->setData(model->index(0, PartitionResourceModel::KindColumn), QStringLiteral("table"),
                               Qt::EditRole));
        const auto& converted = std::get<PartitionInstance>(window->document()->entryAt(0).instance);
        QCOMPARE(converted.resources[0].cost.kind, CostFunction::Kind::Table);
        QCOMPARE(converted.resources[0].costOf(600), 60.0);
        QCOMPARE(window->document()->undoStack()->count(), 2);
    }

    void laneCategoriesAreNamedInTheMarginNeverOverTheBars() {
        // Two lanes per category, bars from t = 0: the names go in a strip left of the lane names, each
        // beside a bracket over its lanes, and every bar stays whole.
        auto schedule = std::make_shared<Schedule>();
        for (const auto& [name, category] : std::vector<std::pair<std::string, std::string>>{
                 {"P1 send", "send ports"}, {"P3 send", "send ports"}, {"P1", "processors"}, {"P3", "processors"}}) {
            Interval in;
            in.start = 0;
            in.end = 10;
            in.kind = category == "processors" ? IntervalKind::Compute : IntervalKind::Send;
            schedule->lanes.push_back({name, category, {in}});
        }
        GanttView view;
        view.resize(700, 260);
        view.setSchedule(schedule, QStringLiteral("categories"));
        const QImage image = view.toPixmap(700, 260).toImage();
        QVERIFY(view.yAxis->padding() > 0);
        const GanttGeometry g = view.gantt()->geometry();
        for (int lane = 0; lane < 4; ++lane) {
            // The top rows of each bar, from its start on: one colour (no name box over it).
            const auto [top, bottom] = g.barSpan(lane);
            const int x0 = static_cast<int>(std::ceil(g.timeToPixel(0))) + 2;
            const int x1 = static_cast<int>(g.timeToPixel(3));
            for (int y = static_cast<int>(std::ceil(top)) + 1; y < static_cast<int>((top + bottom) / 2); ++y) {
                const QRgb colour = image.pixel(x1, y);
                for (int x = x0; x < x1; ++x)
                    QVERIFY2(image.pixel(x, y) == colour, qPrintable(QStringLiteral("lane %1 at (%2, %3)").arg(lane).arg(x).arg(y)));
            }
        }
        // The strip holds ink beside each category's lanes.
        const int stripLeft = view.axisRect()->outerRect().left();
        for (int lane : {0, 2}) {
            const int y0 = static_cast<int>(g.laneSpan(lane).first);
            const int y1 = static_cast<int>(g.laneSpan(lane + 1).second);
            int ink = 0;
            for (int y = y0; y < y1; ++y)
                for (int x = stripLeft; x < stripLeft + view.yAxis->padding(); ++x) ink += qGray(image.pixel(x, y)) < 160 ? 1 : 0;
            QVERIFY2(ink > 20, qPrintable(QStringLiteral("category of lane %1: %2 dark pixels").arg(lane).arg(ink)));
        }
        // One category: nothing to name, no strip.
        for (Lane& lane : schedule->lanes) lane.category = "processors";
        view.setSchedule(schedule, QStringLiteral("one category"));
        QCOMPARE(view.yAxis->padding(), 0);
    }

    void theGanttDrawsAHundredThousandBarsOnAThousandLanesWithoutItems() {
        GanttView view;
        view.resize(1600, 1000);
        const std::shared_ptr<Schedule> schedule = bigSchedule(1000, 100);
        QElapsedTimer timer;
        timer.start();
        view.setSchedule(schedule, QStringLiteral("100k bars"));
        view.setColorMode(GanttColorMode::ByGroup);
        const QPixmap frame = view.toPixmap(1600, 1000);
        const qint64 elapsedMs = timer.elapsed();
        QVERIFY(!frame.isNull());

        QCOMPARE(view.gantt()->laneCount(), 1000);
        QCOMPARE(view.gantt()->intervalCount(), std::size_t{100000});
        QCOMPARE(view.plottableCount(), 1);
        QVERIFY2(view.itemCount() <= 4, qPrintable(QStringLiteral("%1 items").arg(view.itemCount())));
        const GanttDrawStats& full = view.gantt()->lastDrawStats();
        // 1000 lanes on fewer pixel rows: lanes sharing a row are drawn once.
        QVERIFY(full.visibleIntervals > 0);
        QVERIFY2(full.drawnRects < 100000, qPrintable(QStringLiteral("%1 rects").arg(full.drawnRects)));
        QVERIFY(full.colorBatches <= 2 * 11);
        qInfo("100k bars on 1000 lanes: index + first frame %lld ms, frame %.1f ms, %zu rects in %zu batches",
              elapsedMs, full.milliseconds, full.drawnRects, full.colorBatches);

        // Zoomed in, only the visible bars are visited.
        view.xAxis->setRange(10, 12);
        view.yAxis->setRange(100, 120);
        view.toPixmap(1600, 1000);
        const GanttDrawStats& zoomed = view.gantt()->lastDrawStats();
        QVERIFY(zoomed.visibleIntervals > 0);
        QVERIFY(zoomed.visibleIntervals < 200);
        QVERIFY(zoomed.labels > 0);

        // Ten thousand bars per lane are sub-pixel wide: they merge into at most one rectangle per pixel
        // column and lane.
        view.setSchedule(bigSchedule(10, 10000));
        view.toPixmap(1600, 1000);
        const GanttDrawStats& thin = view.gantt()->lastDrawStats();
        QCOMPARE(thin.visibleIntervals, std::size_t{100000});
        QVERIFY2(thin.drawnRects <= std::size_t{10 * 1600},
                 qPrintable(QStringLiteral("%1 rects").arg(thin.drawnRects)));
        qInfo("100k sub-pixel bars on 10 lanes: frame %.1f ms, %zu rects", thin.milliseconds,
              thin.drawnRects);
    }

    void everyFamilysRunNamesItsObjective() {
        // Only partition results carry "objective" in their JSON; the run still names it for the others.
        for (const char* name : {"cpugpu-small.json", "divisible-small.json", "dag-two-clusters.json"}) {
            MainWindow window;
            QVERIFY(window.loadFile(examplePath(name)).ok());
            QVERIFY(solveAndWait(window));
            const DocumentEntry& entry = window.document()->entryAt(0);
            QVERIFY(!entry.runs.empty());
            QVERIFY2(!entry.runs.back().objectiveName().isEmpty(), name);
        }
    }

    void aReopenedProjectShowsTheNewestRunOfItsCurrentInstance() {
        const auto window = openExample();
        QVERIFY(solveAndWait(*window));
        QVERIFY(solveAndWait(*window));
        const QString path = m_temp.filePath(QStringLiteral("shows-run.hsproj"));
        QVERIFY(window->saveProject(path).ok());
        // The document's reset and the run table's used to nest, which left no run selected.
        MainWindow reopened;
        QVERIFY(reopened.loadFile(path).ok());
        QCOMPARE(reopened.runTable()->currentRun(), 1);
        QVERIFY(reopened.resultPane()->chart());
        QVERIFY(reopened.exportChart(m_temp.filePath(QStringLiteral("shows-run.png"))).ok());
    }

    void savingAndReopeningAProjectGivesTheSameInstances() {
        const auto window = openExample();
        QVERIFY(window->importFile(examplePath("partition-small.json")).ok());
        QCOMPARE(window->document()->entryCount(), 2);
        QVERIFY(solveAndWait(*window));  // the imported instance is the current one
        const QString path = m_temp.filePath(QStringLiteral("round-trip.hsproj"));
        QVERIFY(window->saveProject(path).ok());
        QVERIFY(!window->document()->isModified());

        MainWindow reopened;
        const Expected<bool> loaded = reopened.loadFile(path);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        QCOMPARE(reopened.document()->filePath(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(reopened.document()->entryCount(), 2);
        for (int row = 0; row < 2; ++row) {
            const DocumentEntry& a = window->document()->entryAt(row);
            const DocumentEntry& b = reopened.document()->entryAt(row);
            QCOMPARE(b.name, a.name);
            QCOMPARE(instanceToJson(b.instance), instanceToJson(a.instance));
            QCOMPARE(b.runs.size(), a.runs.size());
            for (std::size_t k = 0; k < b.runs.size(); ++k) {
                QCOMPARE(runJson(b.runs[k], solvedInstance(b.runs[k], b.instance)),
                         runJson(a.runs[k], solvedInstance(a.runs[k], a.instance)));
                QVERIFY2(b.runs[k].result, qPrintable(b.runs[k].restoreError));
                QCOMPARE(b.runs[k].result->schedule.lanes.size(), a.runs[k].result->schedule.lanes.size());
            }
        }
        QVERIFY(!reopened.document()->isModified());
    }

    void aBadFileIsReportedAndTheOpenDocumentKept() {
        const auto window = openExample();
        const QString broken = m_temp.filePath(QStringLiteral("broken.json"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"kind": "partition", "tasks": 10, "resources": [{"name": "a", "lower": 0, "upper": 10,
                     "cost": {"table": [1, 2]}}]})");
        file.close();
        const Expected<bool> loaded = window->loadFile(broken);
        QVERIFY(!loaded.ok());
        const QString message = QString::fromStdString(loaded.error().message);
        QVERIFY2(message.contains(QStringLiteral("broken.json")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("resources[0].cost.table")), qPrintable(message));
        QCOMPARE(window->document()->entryCount(), 1);
        QCOMPARE(window->document()->entryAt(0).name, QStringLiteral("partition-heterogeneous-node"));

        QVERIFY(!window->loadFile(m_temp.filePath(QStringLiteral("missing.hsproj"))).ok());
        QCOMPARE(window->document()->entryCount(), 1);
    }

    void cancellingStopsALongSolve() {
        MainWindow window;
        PartitionInstance big;
        // The DP takes about T^2/2 steps per resource: a row in a fraction of a second, all rows in a minute.
        big.tasks = 20000;
        for (int i = 0; i < 400; ++i) {
            PartitionResource r;
            r.name = numbered("r", i);
            r.lower = 0;
            r.upper = big.tasks;
            r.cost.kind = CostFunction::Kind::Affine;
            r.cost.fixed = 1;
            r.cost.perTask = 0.5 + 0.01 * i;
            big.resources.push_back(r);
        }
        const EntryId id = window.document()->addEntry(QStringLiteral("big"), Instance{big});
        window.instanceList()->selectEntry(id);
        QSignalSpy failed(window.solveController(), &SolveController::failed);
        QSignalSpy progressed(window.solveController(), &SolveController::progressed);
        window.runSolver(QStringLiteral("dp"), {});
        QVERIFY(window.solveController()->isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() > 0, 10000);
        window.solveController()->cancel();
        QVERIFY(failed.wait(kSolveTimeoutMs));
        QCOMPARE(failed.at(0).at(3).toBool(), true);  // reported as cancelled
        QVERIFY(!window.solveController()->isBusy());
        QCOMPARE(window.document()->entry(id)->runs.size(), std::size_t{0});
    }

    void theDivisibleExamplesAreBuiltInAndOpenInTheirEditor() {
        const QStringList examples = MainWindow::exampleFiles();
        for (const char* name : {"divisible-small", "divisible-neither-fifo-nor-lifo", "divisible-star-12"})
            QVERIFY2(examples.contains(QStringLiteral(":/examples/%1.json").arg(QLatin1String(name))), name);
        const auto window = openDivisible("divisible-small.json");
        DivisibleEditor* editor = divisibleEditor(*window);
        QVERIFY(editor);
        QCOMPARE(editor->workerModel()->rowCount(), 2);
        QCOMPARE(editor->workerModel()->index(1, DivisibleWorkerModel::DColumn).data().toString(),
                 QStringLiteral("1.6"));
        QCOMPARE(editor->horizonEdit()->text(), QStringLiteral("1"));
        // The file's scenario: sends P1, P2; returns P2, P1 (LIFO).
        QVERIFY(editor->sendOrderModel()->isGiven());
        QCOMPARE(editor->sendOrderModel()->workerRows(), (std::vector<std::size_t>{0, 1}));
        QCOMPARE(editor->returnOrderModel()->workerRows(), (std::vector<std::size_t>{1, 0}));
        QVERIFY(editor->scenarioSolution());
        QCOMPARE(window->solverPanel()->currentSolver(), QStringLiteral("exhaustive"));
        QVERIFY(window->document()->entryAt(0).runs.empty());

        // New instances of either kind, each in its own editor; undo removes them.
        const EntryId divisible = window->addNewInstance(QStringLiteral("divisible"));
        QCOMPARE(window->currentEntry(), divisible);
        QVERIFY(divisibleEditor(*window));
        QCOMPARE(QString::fromStdString(instanceKind(window->document()->entry(divisible)->instance)),
                 QStringLiteral("divisible"));
        QVERIFY(ProjectDocument::validationError(window->document()->entry(divisible)->instance).isEmpty());
        window->addNewInstance(QStringLiteral("partition"));
        QVERIFY(qobject_cast<PartitionEditor*>(window->editor()));
        QCOMPARE(window->document()->entryCount(), 3);
        window->document()->undoStack()->undo();
        window->document()->undoStack()->undo();
        QCOMPARE(window->document()->entryCount(), 1);
        window->document()->markSaved();
    }

    // Every family of core has its GUI family, listed once in File > New Instance; each action adds the
    // family's example instance, shown in the family's editor, its runs drawn by the family's chart.
    void everyFamilyHasItsNewInstanceActionEditorAndChart() {
        const auto window = std::make_unique<MainWindow>();
        QCOMPARE(uiFamilies().size(), families().size());
        QMenu* newInstance = nullptr;
        for (QMenu* menu : window->menuBar()->findChildren<QMenu*>())
            if (menu->title() == QStringLiteral("New &Instance")) newInstance = menu;
        QVERIFY(newInstance);
        QCOMPARE(newInstance->actions().size(), static_cast<qsizetype>(families().size()));
        QMenu* exportMenu = nullptr;
        for (QMenu* menu : window->menuBar()->findChildren<QMenu*>())
            if (menu->title() == QStringLiteral("E&xport")) exportMenu = menu;
        QVERIFY(exportMenu);
        const auto exportEnabled = [&](const QString& text) {
            for (QAction* a : exportMenu->actions())
                if (a->text() == text) return a->isEnabled();
            return false;
        };
        for (const FamilyDescriptor& family : families()) {
            const UiFamily* ui = findUiFamily(family.kind);
            QVERIFY2(ui, family.kind.c_str());
            QAction* action = nullptr;
            for (QAction* a : newInstance->actions())
                if (a->text() == ui->newInstanceText) action = a;
            QVERIFY2(action, family.kind.c_str());
            const int before = window->document()->entryCount();
            action->trigger();
            QCOMPARE(window->document()->entryCount(), before + 1);
            const DocumentEntry* added = window->document()->entry(window->currentEntry());
            QVERIFY(added);
            QCOMPARE(instanceKind(added->instance), family.kind);
            QCOMPARE(instanceToJson(added->instance), instanceToJson(family.exampleInstance()));
            QVERIFY(ProjectDocument::validationError(added->instance).isEmpty());
            QVERIFY(window->editor());
            const std::unique_ptr<InstanceEditor> fresh(ui->createEditor(window->document(), nullptr));
            QCOMPARE(window->editor()->metaObject()->className(), fresh->metaObject()->className());
            QVERIFY(chartTypeFor(added->instance) == ui->chartType);
            // File > Export offers the editor's own plots: the partition cost plot, the divisible timeline
            // and throughput plot.
            const bool partition = family.kind == "partition", divisible = family.kind == "divisible";
            QCOMPARE(editorPlot(window->editor(), EditorPlotKind::CostPlot) != nullptr, partition);
            QCOMPARE(exportEnabled(QStringLiteral("Cost &Plot…")), partition);
            QCOMPARE(editorPlot(window->editor(), EditorPlotKind::ScenarioTimeline) != nullptr, divisible);
            QCOMPARE(exportEnabled(QStringLiteral("Scenario &Timeline…")), divisible);
            QCOMPARE(exportEnabled(QStringLiteral("Throughput vs &Workers Plot…")), divisible);
        }
        window->document()->markSaved();
    }

    void editingAWorkerValueIsOneUndoableCommand() {
        const auto window = openDivisible("divisible-small.json");
        DivisibleEditor* editor = divisibleEditor(*window);
        DivisibleWorkerModel* model = editor->workerModel();
        QUndoStack* undo = window->document()->undoStack();
        const nlohmann::json before = instanceToJson(window->document()->entryAt(0).instance);
        const double throughputBefore = editor->scenarioSolution()->throughput;

        QSignalSpy solved(editor, &DivisibleEditor::scenarioSolved);
        // A faster link to P2 (c: 2 -> 1) lets the same scenario process more load.
        QVERIFY(model->setData(model->index(1, DivisibleWorkerModel::CColumn), QStringLiteral("1"),
                               Qt::EditRole));
        QCOMPARE(divisibleAt(*window).workers[1].c, 1.0);
        QCOMPARE(undo->count(), 1);
        QCOMPARE(model->index(1, DivisibleWorkerModel::CColumn).data().toString(), QStringLiteral("1"));
        QCOMPARE(solved.count(), 1);
        QVERIFY(editor->scenarioSolution()->throughput > throughputBefore);
        QVERIFY(model->setData(model->index(0, DivisibleWorkerModel::NameColumn), QStringLiteral("fast"),
                               Qt::EditRole));
        QCOMPARE(divisibleAt(*window).workers[0].name, std::string("fast"));
        // The horizon: consecutive changes of T merge into one step.
        editor->horizonEdit()->setText(QStringLiteral("2"));
        emit editor->horizonEdit()->editingFinished();
        editor->horizonEdit()->setText(QStringLiteral("3"));
        emit editor->horizonEdit()->editingFinished();
        QCOMPARE(divisibleAt(*window).horizon, 3.0);
        QCOMPARE(undo->count(), 3);

        undo->undo();
        undo->undo();
        undo->undo();
        QCOMPARE(instanceToJson(window->document()->entryAt(0).instance), before);
        QCOMPARE(model->index(1, DivisibleWorkerModel::CColumn).data().toString(), QStringLiteral("2"));
        QCOMPARE(editor->horizonEdit()->text(), QStringLiteral("1"));
        QVERIFY(qAbs(editor->scenarioSolution()->throughput - throughputBefore) <= 1e-12);
    }

    void anInvalidWorkerValueIsRefusedAndNothingChanges() {
        const auto window = openDivisible("divisible-small.json");
        DivisibleEditor* editor = divisibleEditor(*window);
        DivisibleWorkerModel* model = editor->workerModel();
        const nlohmann::json before = instanceToJson(window->document()->entryAt(0).instance);
        QSignalSpy refused(model, &DivisibleWorkerModel::editRejected);

        // A negative c, NaN and other non-numbers, a negative d, a zero w, an empty or duplicate name.
        QVERIFY(!model->setData(model->index(0, DivisibleWorkerModel::CColumn), QStringLiteral("-1"),
                                Qt::EditRole));
        QVERIFY(refused.last().at(0).toString().contains(QStringLiteral("P1")));
        QVERIFY(editor->messageBar()->isVisibleTo(editor));
        QVERIFY2(editor->messageBar()->text().contains(QStringLiteral("positive")),
                 qPrintable(editor->messageBar()->text()));
        for (const QString& text : {QStringLiteral("nan"), QStringLiteral("NaN"), QStringLiteral("inf"),
                                    QStringLiteral("fast"), QString()})
            QVERIFY2(!model->setData(model->index(0, DivisibleWorkerModel::CColumn), text, Qt::EditRole),
                     qPrintable(text));
        QVERIFY(refused.last().at(0).toString().contains(QStringLiteral("not a number")));
        QVERIFY(!model->setData(model->index(1, DivisibleWorkerModel::DColumn), QStringLiteral("-0.5"),
                                Qt::EditRole));
        QVERIFY(!model->setData(model->index(1, DivisibleWorkerModel::WColumn), QStringLiteral("0"),
                                Qt::EditRole));
        QVERIFY(!model->setData(model->index(1, DivisibleWorkerModel::NameColumn), QStringLiteral(" "),
                                Qt::EditRole));
        QVERIFY(!model->setData(model->index(1, DivisibleWorkerModel::NameColumn), QStringLiteral("P1"),
                                Qt::EditRole));
        editor->horizonEdit()->setText(QStringLiteral("-2"));
        emit editor->horizonEdit()->editingFinished();
        editor->horizonEdit()->setText(QStringLiteral("soon"));
        emit editor->horizonEdit()->editingFinished();
        QCOMPARE(editor->horizonEdit()->text(), QStringLiteral("1"));
        // Removing every worker, or every participant of the scenario, is refused too.
        model->removeWorkers({0, 1});
        QCOMPARE(refused.count(), 13);
        QCOMPARE(instanceToJson(window->document()->entryAt(0).instance), before);
        QCOMPARE(window->document()->undoStack()->count(), 0);
        editor->sendOrderModel()->setData(editor->sendOrderModel()->index(0), Qt::Unchecked,
                                          Qt::CheckStateRole);
        editor->sendOrderModel()->setData(editor->sendOrderModel()->index(0), Qt::Unchecked,
                                          Qt::CheckStateRole);
        QCOMPARE(refused.count(), 14);
        QCOMPARE(window->document()->undoStack()->count(), 1);  // P1 left the scenario; P2 could not
        window->document()->undoStack()->undo();
        QCOMPARE(instanceToJson(window->document()->entryAt(0).instance), before);
        QCOMPARE(model->index(0, DivisibleWorkerModel::CColumn).data().toString(), QStringLiteral("1"));
    }

    void reorderingTheScenarioResolvesTheLpAndReachesTheOptimumThatIsNeitherFifoNorLifo() {
        const auto window = openDivisible("divisible-neither-fifo-nor-lifo.json");
        DivisibleEditor* editor = divisibleEditor(*window);
        DivisibleScenarioModel* send = editor->sendOrderModel();
        DivisibleScenarioModel* back = editor->returnOrderModel();
        const DivisibleInstance platform = divisibleAt(*window);
        QVERIFY(!send->isGiven());
        QVERIFY(!back->isGiven());
        QCOMPARE(send->workerRows(), (std::vector<std::size_t>{0, 1, 2}));
        const double listed = editor->scenarioSolution()->throughput;

        // The references: the exact optimum by branch and bound, and the best FIFO and LIFO schedules.
        const Expected<SolveResult> exhaustive = solve(Instance{platform}, "exhaustive");
        const Expected<SolveResult> fifo = solve(Instance{platform}, "fifo-optimal");
        const Expected<SolveResult> lifo = solve(Instance{platform}, "lifo-optimal");
        QVERIFY(exhaustive.ok() && fifo.ok() && lifo.ok());
        const double optimum = *exhaustive->objective;
        QVERIFY(optimum > *fifo->objective + 1e-6);
        QVERIFY(optimum > *lifo->objective + 1e-6);

        QSignalSpy solved(editor, &DivisibleEditor::scenarioSolved);
        // Drag P3 to the top of the send order, as a view drops it: the returns stay FIFO (not given).
        std::unique_ptr<QMimeData> dragged(send->mimeData({send->index(2)}));
        QVERIFY(dragged);
        QVERIFY(send->canDropMimeData(dragged.get(), Qt::MoveAction, 0, 0, {}));
        QVERIFY(!back->canDropMimeData(dragged.get(), Qt::MoveAction, 0, 0, {}));  // only within its own list
        QVERIFY(send->dropMimeData(dragged.get(), Qt::MoveAction, 0, 0, {}));
        QCOMPARE(divisibleAt(*window).sendOrder, (std::vector<std::size_t>{2, 0, 1}));
        QVERIFY(divisibleAt(*window).returnOrder.empty());
        QCOMPARE(back->workerRows(), (std::vector<std::size_t>{2, 0, 1}));
        QCOMPARE(solved.count(), 1);
        const double fifoScenario = editor->scenarioSolution()->throughput;
        QVERIFY(fifoScenario > listed);

        // Then P1 first in the return order: sends P3, P1, P2 and returns P1, P3, P2, the slides' optimum.
        QVERIFY(back->moveWorker(1, 0));
        QCOMPARE(divisibleAt(*window).returnOrder, (std::vector<std::size_t>{0, 2, 1}));
        QVERIFY(back->isGiven());
        QCOMPARE(solved.count(), 2);
        const DivisibleSolution* solution = editor->scenarioSolution();
        QVERIFY(solution);
        QVERIFY2(qAbs(solution->throughput - optimum) <= 1e-9 * optimum,
                 qPrintable(QStringLiteral("%1 vs %2").arg(solution->throughput).arg(optimum)));
        QVERIFY(verifyDivisible(divisibleAt(*window), *solution).empty());
        // The timeline shows it, each worker with its load.
        const Schedule* timeline = editor->timeline()->schedule();
        QVERIFY(timeline);
        QVERIFY(QString::fromStdString(timeline->lanes[2].name).startsWith(QStringLiteral("P1 · α=")));

        // The buttons: LIFO reverses the sends, Clear forgets the scenario; each is one undo step.
        QTest::mouseClick(editor->findChild<QPushButton*>(QStringLiteral("lifoButton")), Qt::LeftButton);
        QCOMPARE(divisibleAt(*window).returnOrder, (std::vector<std::size_t>{1, 0, 2}));
        QTest::mouseClick(editor->findChild<QPushButton*>(QStringLiteral("clearScenarioButton")),
                          Qt::LeftButton);
        QVERIFY(divisibleAt(*window).sendOrder.empty());
        QVERIFY(qAbs(editor->scenarioSolution()->throughput - listed) <= 1e-12);
        QCOMPARE(window->document()->undoStack()->count(), 4);
        window->document()->undoStack()->undo();
        window->document()->undoStack()->undo();
        QVERIFY2(qAbs(editor->scenarioSolution()->throughput - optimum) <= 1e-9 * optimum, "undo re-solves");
        window->document()->markSaved();
    }

    void aWorkerLeavesAndJoinsTheScenario() {
        const auto window = openDivisible("divisible-small.json");
        DivisibleEditor* editor = divisibleEditor(*window);
        DivisibleScenarioModel* send = editor->sendOrderModel();
        editor->workerModel()->addWorker();
        QCOMPARE(divisibleAt(*window).workers.size(), std::size_t{3});
        // A given scenario leaves the newcomer out, unchecked at the end of the send list.
        QCOMPARE(send->workerRows(), (std::vector<std::size_t>{0, 1, 2}));
        QCOMPARE(send->index(2).data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);
        QCOMPARE(editor->returnOrderModel()->rowCount(), 2);
        // Dropping it first makes it the first to receive its data, and the last to return its results.
        QVERIFY(send->moveWorker(2, 0));
        QCOMPARE(divisibleAt(*window).sendOrder, (std::vector<std::size_t>{2, 0, 1}));
        QCOMPARE(divisibleAt(*window).returnOrder, (std::vector<std::size_t>{1, 0, 2}));
        // Unchecking P1 takes it out of both orders; removing P2 renumbers what is left.
        QVERIFY(send->setData(send->index(1), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(divisibleAt(*window).sendOrder, (std::vector<std::size_t>{2, 1}));
        QCOMPARE(divisibleAt(*window).returnOrder, (std::vector<std::size_t>{1, 2}));
        editor->workerModel()->removeWorkers({1});
        QCOMPARE(divisibleAt(*window).sendOrder, (std::vector<std::size_t>{1}));
        QCOMPARE(divisibleAt(*window).returnOrder, (std::vector<std::size_t>{1}));
        QVERIFY(editor->scenarioSolution());
        QCOMPARE(editor->scenarioSolution()->alpha[0], 0.0);  // P1 is out of the scenario
        QVERIFY(editor->scenarioSolution()->alpha[1] > 0);
        window->document()->markSaved();
    }

    void aLargePlatformIsSolvedOffTheGuiThreadAndShowsTheNewestAnswer() {
        MainWindow window;
        DivisibleInstance big;
        big.horizon = 1000;
        for (int i = 0; i < 150; ++i)
            big.workers.push_back({numbered("w", i), 1.0 + i % 7, 20.0 + 3 * (i % 11), 0.8 * (1.0 + i % 7)});
        const EntryId id = window.document()->addEntry(QStringLiteral("big"), Instance{big});
        window.instanceList()->selectEntry(id);
        DivisibleEditor* editor = divisibleEditor(window);
        QVERIFY(editor);
        QSignalSpy solved(editor, &DivisibleEditor::scenarioSolved);
        if (!editor->scenarioSolution()) QVERIFY(solved.wait(kSolveTimeoutMs));
        // Two quick edits: only the answer for the second version is shown.
        DivisibleWorkerModel* model = editor->workerModel();
        QVERIFY(model->setData(model->index(0, DivisibleWorkerModel::CColumn), QStringLiteral("0.5"),
                               Qt::EditRole));
        QVERIFY(model->setData(model->index(0, DivisibleWorkerModel::CColumn), QStringLiteral("0.25"),
                               Qt::EditRole));
        QVERIFY(!editor->scenarioSolution());  // the earlier answer is not shown as if current
        solved.clear();
        QVERIFY(solved.wait(kSolveTimeoutMs));
        // Both computations ended and what they posted was delivered: the superseded one showed nothing.
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        QCOMPARE(solved.count(), 1);
        const DivisibleInstance& now = std::get<DivisibleInstance>(window.document()->entry(id)->instance);
        QVERIFY(editor->scenarioSolution());
        QVERIFY(verifyDivisible(now, *editor->scenarioSolution()).empty());
        const DivisibleScenario scenario = effectiveScenario(now);
        const Expected<DivisibleSolution> direct =
            solveScenarioLp(now, scenario.sendOrder, scenario.returnOrder);
        QVERIFY(direct.ok());
        QVERIFY(qAbs(editor->scenarioSolution()->throughput - direct->throughput) <=
                1e-9 * direct->throughput);
        window.document()->markSaved();
    }

    void aSolvedDivisibleExampleDrawsTheTimelineOfTheSlides() {
        const auto window = openDivisible("divisible-small.json");
        QVERIFY(solveAndWait(*window));
        ResultChart* chart = window->resultPane()->chart();
        QCOMPARE(chart->chartType(), ChartType::DivisibleTimeline);
        GanttView* gantt = window->resultPane()->ganttView();
        QVERIFY(gantt);
        const Schedule* schedule = gantt->schedule();
        QVERIFY(schedule);
        QCOMPARE(schedule->lanes.size(), std::size_t{4});
        QCOMPARE(schedule->lanes[0].name, std::string("master send"));
        QCOMPARE(schedule->lanes[1].name, std::string("master receive"));
        for (std::size_t lane : {std::size_t{2}, std::size_t{3}})
            QVERIFY2(QString::fromStdString(schedule->lanes[lane].name).contains(QStringLiteral(" · α=")),
                     schedule->lanes[lane].name.c_str());
        QCOMPARE(schedule->markers.size(), std::size_t{1});
        QCOMPARE(schedule->markers.front().name, std::string("T"));
        QCOMPARE(schedule->markers.front().time, 1.0);
        // Each kind of interval in its own colour, with a legend.
        std::set<QString> kinds;
        std::set<QRgb> colours;
        for (const auto& [name, colour] : gantt->gantt()->legendEntries()) {
            kinds.insert(name);
            colours.insert(colour.rgb());
        }
        for (const char* kind : {"send", "receive", "compute", "return"})
            QVERIFY2(kinds.count(QLatin1String(kind)), kind);
        QCOMPARE(colours.size(), kinds.size());
        gantt->resize(1000, 500);
        gantt->replot();
        QVERIFY(gantt->gantt()->lastDrawStats().visibleIntervals >= 8);

        // The chart and the editor's timeline export like every chart.
        checkExports([&](const QString& path) { return window->exportChart(path, 1100, 600); },
                     m_temp.filePath(QStringLiteral("divisible-run")));
        checkExports(
            [&](const QString& path) {
                return exportPlot(divisibleEditor(*window)->timeline(), path, 900, 500);
            },
            m_temp.filePath(QStringLiteral("divisible-scenario")));
        const DocumentEntry& entry = window->document()->entryAt(0);
        checkExports(
            [&](const QString& path) {
                return exportChart(entry.instance, *entry.runs.front().result, path);
            },
            m_temp.filePath(QStringLiteral("divisible-headless")));
        window->document()->markSaved();
    }

    // The shelf layout of section 4: the dual approximation's bars in shelves S1..S8 with the dashed lines of
    // the proof, HEFT's (without shelves) by unit, and the same schedule coloured by acceleration.
    void theShelfViewColoursByShelfAndByAcceleration() {
        const Expected<Instance> instance = readInstanceFile(examplePath("cpugpu-small.json").toStdString());
        QVERIFY(instance.ok());
        QCOMPARE(chartTypeFor(*instance), ChartType::CpuGpuShelves);
        const auto legendNames = [](const GanttView& view) {
            std::set<QString> names;
            for (const auto& [name, colour] : view.gantt()->legendEntries()) names.insert(name);
            return names;
        };
        const auto legendColours = [](const GanttView& view) {
            std::set<QRgb> colours;
            for (const auto& [name, colour] : view.gantt()->legendEntries()) colours.insert(colour.rgb());
            return colours;
        };

        const Expected<SolveResult> dual = solve(*instance, "dual-approx");
        QVERIFY2(dual.ok(), dual.ok() ? "" : dual.error().message.c_str());
        ShelfView view;
        view.resize(1100, 600);
        view.showResult(*instance, std::make_shared<const SolveResult>(*dual));
        QCOMPARE(view.chartType(), ChartType::CpuGpuShelves);
        QCOMPARE(view.shelfColoring(), ShelfColoring::ByShelf);
        // Every shelf used by the schedule is in the legend, each in its own colour.
        std::set<QString> shelves;
        for (const Lane& lane : dual->schedule.lanes)
            for (const Interval& in : lane.intervals)
                if (in.kind == IntervalKind::Compute) shelves.insert(QString::fromStdString(in.group));
        QVERIFY(!shelves.empty());
        const std::set<QString> names = legendNames(view);
        for (const QString& shelf : shelves) {
            const bool listed = std::any_of(names.begin(), names.end(),
                                            [&](const QString& name) { return name.startsWith(shelf + ' '); });
            QVERIFY2(listed, qPrintable(shelf));
        }
        QCOMPARE(legendColours(view).size(), names.size());
        std::set<std::string> markers;
        for (const Marker& marker : view.schedule()->markers) markers.insert(marker.name);
        for (const char* marker : {"λ/3", "2λ/3", "λ", "4λ/3", "guarantee", "lower bound"})
            QVERIFY2(markers.count(marker), marker);
        view.replot();
        QVERIFY(view.gantt()->lastDrawStats().visibleIntervals >= 12);

        // The toggle: the same bars coloured by cpu/gpu, a scale of colours from the lowest to the highest.
        const std::set<QRgb> byShelf = legendColours(view);
        QSignalSpy toggled(&view, &ShelfView::shelfColoringChanged);
        view.setShelfColoring(ShelfColoring::ByAcceleration);
        QCOMPARE(toggled.count(), 1);
        const auto& scale = view.gantt()->legendEntries();
        QVERIFY(scale.size() >= 2);
        QVERIFY(scale.front().first.startsWith(QStringLiteral("cpu/gpu ×")));
        QVERIFY(legendColours(view) != byShelf);
        // potrf (×2.5) and gemm0 (×25.7) are far apart on the scale.
        GanttHit potrf;
        GanttHit gemm;
        for (std::size_t l = 0; l < view.schedule()->lanes.size(); ++l)
            for (std::size_t k = 0; k < view.schedule()->lanes[l].intervals.size(); ++k) {
                const Interval& in = view.schedule()->lanes[l].intervals[k];
                if (in.kind != IntervalKind::Compute) continue;
                if (in.label == "potrf") potrf = {static_cast<int>(l), k};
                if (in.label == "gemm0") gemm = {static_cast<int>(l), k};
            }
        QVERIFY(potrf.lane >= 0 && gemm.lane >= 0);
        QVERIFY(view.gantt()->colorOf(potrf) != view.gantt()->colorOf(gemm));
        checkExports([&](const QString& path) { return exportPlot(&view, path, 1100, 600); },
                     m_temp.filePath(QStringLiteral("shelves-acceleration")));
        view.setShelfColoring(ShelfColoring::ByShelf);
        QCOMPARE(legendColours(view), byShelf);
        checkExports([&](const QString& path) { return exportPlot(&view, path, 1100, 600); },
                     m_temp.filePath(QStringLiteral("shelves")));

        // HEFT has no shelves: its bars say which kind of unit runs them.
        const Expected<SolveResult> heft = solve(*instance, "heft");
        QVERIFY2(heft.ok(), heft.ok() ? "" : heft.error().message.c_str());
        view.showResult(*instance, std::make_shared<const SolveResult>(*heft));
        const std::set<QString> heftNames = legendNames(view);
        QVERIFY(heftNames.count(QStringLiteral("on a CPU")) || heftNames.count(QStringLiteral("on a GPU")));
        QVERIFY(std::none_of(heftNames.begin(), heftNames.end(),
                             [](const QString& name) { return name.startsWith(QLatin1Char('S')); }));
        // The headless export draws the same chart.
        checkExports([&](const QString& path) { return exportChart(*instance, *heft, path, 1100, 600); },
                     m_temp.filePath(QStringLiteral("shelves-heft")));
        const QString dir = qEnvironmentVariable("HETSCHED_UI_SHOTS");
        if (!dir.isEmpty()) {
            exportPlot(&view, dir + QStringLiteral("/cpugpu-heft.png"), 1100, 600);
            view.showResult(*instance, std::make_shared<const SolveResult>(*dual));
            exportPlot(&view, dir + QStringLiteral("/cpugpu-shelves.png"), 1100, 600);
            view.setShelfColoring(ShelfColoring::ByAcceleration);
            exportPlot(&view, dir + QStringLiteral("/cpugpu-acceleration.png"), 1100, 600);
        }
    }

    // The CPU/GPU editor: a cell edit is one undoable command, a bad value is refused naming its row and column,
    // CSV text pastes as one command, and the paper's generator replaces the instance in one command.
    void theCpuGpuEditorEditsPastesAndGeneratesUndoably() {
        auto window = std::make_unique<MainWindow>();
        const EntryId id = window->addNewInstance(QStringLiteral("cpugpu"));
        auto* editor = qobject_cast<CpuGpuEditor*>(window->editor());
        QVERIFY(editor);
        CpuGpuTaskModel* model = editor->taskModel();
        ProjectDocument* document = window->document();
        const auto current = [&] { return std::get<CpuGpuInstance>(document->entry(id)->instance); };
        const CpuGpuInstance before = current();
        QCOMPARE(model->rowCount(), static_cast<int>(before.tasks.size()));
        QCOMPARE(model->flags(model->index(0, CpuGpuTaskModel::AccelerationColumn)) & Qt::ItemIsEditable,
                 Qt::ItemFlags{});

        // One cell: one command, undone exactly; the acceleration follows.
        QVERIFY(model->setData(model->index(1, CpuGpuTaskModel::GpuColumn), QStringLiteral("3"), Qt::EditRole));
        QCOMPARE(current().tasks[1].gpu, 3.0);
        QCOMPARE(model->data(model->index(1, CpuGpuTaskModel::AccelerationColumn), Qt::DisplayRole).toString(),
                 QStringLiteral("4"));
        document->undoStack()->undo();
        QCOMPARE(current().tasks[1].gpu, before.tasks[1].gpu);

        // Refused: a word, and a negative time the core rejects; the message names the row and the column.
        QSignalSpy refused(model, &CpuGpuTaskModel::editRejected);
        QVERIFY(!model->setData(model->index(2, CpuGpuTaskModel::CpuColumn), QStringLiteral("fast"), Qt::EditRole));
        QVERIFY(!model->setData(model->index(2, CpuGpuTaskModel::GpuColumn), QStringLiteral("-1"), Qt::EditRole));
        QCOMPARE(refused.count(), 2);
        QVERIFY2(refused.at(0).at(0).toString().contains(QStringLiteral("row 3")), qPrintable(refused.at(0).at(0).toString()));
        QVERIFY2(refused.at(1).at(0).toString().contains(QStringLiteral("row 3")) &&
                     refused.at(1).at(0).toString().contains(QStringLiteral("gpu")),
                 qPrintable(refused.at(1).at(0).toString()));
        QCOMPARE(current().tasks[2].cpu, before.tasks[2].cpu);
        QCOMPARE(current().tasks[2].gpu, before.tasks[2].gpu);
        QVERIFY(editor->messageBar()->isVisibleTo(editor));

        // CSV with a header, then two numeric TSV columns: each paste is one command.
        const int commands = document->undoStack()->index();
        QVERIFY(model->pasteTasks(QStringLiteral("name,cpu,gpu\ngemm,18,0.7\r\npotrf, 10, 4\n")));
        QCOMPARE(current().tasks.size(), before.tasks.size() + 2);
        QCOMPARE(current().tasks[before.tasks.size()].name, std::string("gemm"));
        QCOMPARE(current().tasks.back().gpu, 4.0);
        QVERIFY(model->pasteTasks(QStringLiteral("7\t2\n9\t3\n")));
        QCOMPARE(current().tasks.size(), before.tasks.size() + 4);
        QCOMPARE(current().tasks.back().cpu, 9.0);
        QCOMPARE(document->undoStack()->index(), commands + 2);
        document->undoStack()->undo();
        QCOMPARE(current().tasks.size(), before.tasks.size() + 2);
        // A bad line refuses the whole paste, naming the line and the column.
        QVERIFY(!model->pasteTasks(QStringLiteral("a,1,2\nb,x,2\n")));
        QVERIFY2(refused.last().at(0).toString().contains(QStringLiteral("line 2, cpu")),
                 qPrintable(refused.last().at(0).toString()));
        QVERIFY(!model->pasteTasks(QStringLiteral("c,1,0\n")));
        QCOMPARE(current().tasks.size(), before.tasks.size() + 2);

        // The generator is the paper's: the same instance as the core's, replaced in one undoable command.
        QVERIFY(editor->generate(50, 4, 2, 7));
        const CpuGpuInstance generated = current();
        const CpuGpuInstance expected = randomCpuGpuInstance(50, 4, 2, 7, before.epsilon);
        QCOMPARE(generated.tasks.size(), std::size_t{50});
        QCOMPARE(generated.cpus, 4);
        QCOMPARE(generated.gpus, 2);
        for (std::size_t j = 0; j < generated.tasks.size(); ++j) {
            QCOMPARE(generated.tasks[j].cpu, expected.tasks[j].cpu);
            QCOMPARE(generated.tasks[j].gpu, expected.tasks[j].gpu);
        }
        QCOMPARE(editor->cpuSpinBox()->value(), 4);
        QCOMPARE(model->rowCount(), 50);
        document->undoStack()->undo();
        QCOMPARE(current().tasks.size(), before.tasks.size() + 2);
        QCOMPARE(model->rowCount(), static_cast<int>(before.tasks.size()) + 2);

        // The platform: the spin box is one command, undone.
        editor->gpuSpinBox()->setValue(3);
        QCOMPARE(current().gpus, 3);
        document->undoStack()->undo();
        QCOMPARE(current().gpus, before.gpus);
        QCOMPARE(editor->gpuSpinBox()->value(), before.gpus);
        document->markSaved();
    }

    // The paper's experiment from the Tools menu: a tiny grid runs off the GUI thread, plots one curve per
    // solver over n, saves the core's CSV; a big grid is cancelled.
    void theCpuGpuExperimentPlotsEachSolverAndCanBeCancelled() {
        auto window = std::make_unique<MainWindow>();
        CpuGpuExperimentDialog* dialog = window->cpuGpuExperimentDialog();
        CpuGpuExperimentOptions options;
        options.minTasks = 10;
        options.maxTasks = 30;
        options.taskStep = 10;
        options.cpuCounts = {2};
        options.gpuCounts = {1};
        options.instancesPerCase = 2;
        dialog->setOptions(options);
        QSignalSpy finished(dialog, &CpuGpuExperimentDialog::experimentFinished);
        dialog->run();
        QVERIFY(dialog->isRunning() || finished.count() == 1);
        QVERIFY(finished.count() == 1 || finished.wait(kSolveTimeoutMs));
        QVERIFY(dialog->experiment());
        QCOMPARE(dialog->plot()->graphCount(), static_cast<int>(options.solvers.size()));
        for (int g = 0; g < dialog->plot()->graphCount(); ++g) {
            QCOMPARE(dialog->plot()->graph(g)->dataCount(), 3);
            for (auto point = dialog->plot()->graph(g)->data()->begin(); point != dialog->plot()->graph(g)->data()->end(); ++point)
                QVERIFY(point->value >= 0);
        }
        // Table 1's statistic: the maximum over the cases is never below the mean.
        std::vector<double> means;
        for (auto point = dialog->plot()->graph(0)->data()->begin(); point != dialog->plot()->graph(0)->data()->end(); ++point)
            means.push_back(point->value);
        auto* statistic = dialog->findChild<QComboBox*>();
        QVERIFY(statistic);
        statistic->setCurrentIndex(1);
        // The title says which statistic is plotted; the axis what is measured, with its unit.
        auto* title = qobject_cast<QCPTextElement*>(dialog->plot()->plotLayout()->element(0, 0));
        QVERIFY(title);
        QVERIFY2(title->text().startsWith(QStringLiteral("Max deviation from the lower bound")), qPrintable(title->text()));
        QCOMPARE(dialog->plot()->yAxis->label(), QStringLiteral("deviation (%)"));
        QCOMPARE(dialog->plot()->graph(0)->dataCount(), 3);
        std::size_t k = 0;
        for (auto point = dialog->plot()->graph(0)->data()->begin(); point != dialog->plot()->graph(0)->data()->end(); ++point)
            QVERIFY(point->value >= means[k++] - 1e-9);
        statistic->setCurrentIndex(0);
        const QString csv = m_temp.filePath(QStringLiteral("cpugpu-experiment.csv"));
        QVERIFY(dialog->saveCsv(csv).ok());
        QVERIFY(fileStart(csv, 100).startsWith("tasks,cpus,gpus,solver"));
        checkExports([&](const QString& path) { return exportPlot(dialog->plot(), path, 800, 450); },
                     m_temp.filePath(QStringLiteral("cpugpu-experiment")));
        const QString dir = qEnvironmentVariable("HETSCHED_UI_SHOTS");
        if (!dir.isEmpty()) {
            dialog->resize(800, 700);
            dialog->grab().save(dir + QStringLiteral("/cpugpu-experiment.png"));
            window->addNewInstance(QStringLiteral("cpugpu"));
            window->resize(1300, 850);
            window->grab().save(dir + QStringLiteral("/cpugpu-editor.png"));
        }

        options.maxTasks = 1000;
        options.cpuCounts = {64};
        options.gpuCounts = {8};
        options.instancesPerCase = 30;
        dialog->setOptions(options);
        QSignalSpy cancelled(dialog, &CpuGpuExperimentDialog::experimentCancelled);
        dialog->run();
        QVERIFY(dialog->isRunning());
        dialog->cancel();
        QVERIFY(cancelled.count() == 1 || cancelled.wait(kSolveTimeoutMs));
        QVERIFY(!dialog->isRunning());
    }

    void theThroughputPlotHasFourCurvesOverEveryWorkerCount() {
        const auto window = openDivisible("divisible-star-12.json");
        DivisibleEditor* editor = divisibleEditor(*window);
        QSignalSpy updated(editor, &DivisibleEditor::curveUpdated);
        // Computed when its tab is shown.
        editor->findChild<QTabWidget*>(QStringLiteral("divisibleViews"))->setCurrentIndex(1);
        QVERIFY(updated.wait(kSolveTimeoutMs));
        DivisibleThroughputPlot* plot = editor->throughputPlot();
        QVERIFY(plot->hasCurve());
        QCOMPARE(plot->graphCount(), 4);
        for (int g = 0; g < 4; ++g) {
            const auto data = plot->graph(g)->data();
            QCOMPARE(data->size(), 12);
            for (int q = 1; q <= 12; ++q) QCOMPARE(data->at(q - 1)->key, double(q));
        }
        // On the whole platform the curves meet the solvers' own answers.
        const DivisibleInstance& platform = divisibleAt(*window);
        const Expected<SolveResult> fifo = solve(Instance{platform}, "fifo-optimal");
        const Expected<SolveResult> lifo = solve(Instance{platform}, "lifo-optimal");
        QVERIFY(fifo.ok() && lifo.ok());
        const auto fifoCurve = plot->series(DivisibleThroughputPlot::FifoOptimal)->data();
        QVERIFY(qAbs(fifoCurve->at(11)->value - *fifo->objective) <= 1e-9 * *fifo->objective);
        const auto lifoCurve = plot->series(DivisibleThroughputPlot::LifoOptimal)->data();
        QVERIFY(qAbs(lifoCurve->at(11)->value - *lifo->objective) <= 1e-9 * *lifo->objective);
        QVERIFY(plot->series(DivisibleThroughputPlot::FifoByC)
                    ->name()
                    .contains(QStringLiteral("of optimal FIFO")));
        QVERIFY(plot->series(DivisibleThroughputPlot::FifoOptimal)
                    ->name()
                    .contains(QStringLiteral("of 12 workers")));

        // T and the scenario do not change the curve; a cost does, after a pause.
        editor->horizonEdit()->setText(QStringLiteral("500"));
        emit editor->horizonEdit()->editingFinished();
        QVERIFY(!editor->isComputingCurve());
        QVERIFY(editor->workerModel()->setData(editor->workerModel()->index(0, DivisibleWorkerModel::WColumn),
                                               QStringLiteral("10"), Qt::EditRole));
        QVERIFY(editor->isComputingCurve());
        QVERIFY(updated.wait(kSolveTimeoutMs));
        QVERIFY(plot->hasCurve());
        checkExports([&](const QString& path) { return exportPlot(plot, path, 900, 500); },
                     m_temp.filePath(QStringLiteral("throughput")));
        window->document()->markSaved();
    }

    void theSimulationRunsATinyConfigurationAndCanBeCancelled() {
        DivisibleSimulationDialog dialog;
        dialog.setConfig(5, 1, 3, 7, {0.8, 1.0});
        QSignalSpy finished(&dialog, &DivisibleSimulationDialog::experimentFinished);
        dialog.run();
        QVERIFY(dialog.isRunning());
        QVERIFY(finished.wait(kSolveTimeoutMs));
        QCOMPARE(dialog.rows().size(), std::size_t{6});
        for (const DivisibleSimulationRow& row : dialog.rows()) {
            QVERIFY(row.lifoOptimal > 0 && row.fifoByC > 0 && row.fifoByW > 0);
            QVERIFY(row.fifoOptimalWorkers >= 1 && row.fifoOptimalWorkers <= 5);
        }
        QCOMPARE(dialog.throughputPlot()->panelCount(), 2);  // one per z
        QVERIFY(dialog.throughputPlot()->hasData());
        QCOMPARE(dialog.throughputPlot()->graphCount(), 2 * 4);
        QCOMPARE(dialog.throughputPlot()->graph(1)->data()->size(), 3);
        QVERIFY(dialog.throughputPlot()->xAxis->scaleType() == QCPAxis::stLogarithmic);
        QCOMPARE(dialog.workersPlot()->graphCount(), 2);
        checkExports([&](const QString& path) { return dialog.exportThroughputChart(path); },
                     m_temp.filePath(QStringLiteral("simulation-throughput")));
        checkExports([&](const QString& path) { return dialog.exportWorkersChart(path); },
                     m_temp.filePath(QStringLiteral("simulation-workers")));
        const QString csv = m_temp.filePath(QStringLiteral("simulation.csv"));
        QVERIFY(dialog.saveCsv(csv).ok());
        QVERIFY(fileStart(csv, 200).startsWith("z,ratio,platforms,lifo_optimal"));

        // A large run stops when cancelled, and the previous results stay.
        dialog.setConfig(300, 1000, 25, 1, {0.8, 1.0});
        QSignalSpy cancelled(&dialog, &DivisibleSimulationDialog::experimentCancelled);
        dialog.run();
        QVERIFY(dialog.isRunning());
        dialog.cancel();
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(!dialog.isRunning());
        // The cancelled run ended and whatever it posted was delivered: the previous results stay.
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        QCOMPARE(dialog.rows().size(), std::size_t{6});
        // A bad list of z is said, not run.
        dialog.setConfig(5, 1, 3, 1, {});
        dialog.run();
        QVERIFY(!dialog.isRunning());
    }


};

QTEST_MAIN(UiTests)
#include "test_ui.moc"
