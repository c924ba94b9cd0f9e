// The views of a task graph schedule, offscreen: the Jedule-style Gantt covers exactly each task's
// processors and times, the layered graph, selection shared by both, colours, exports, scale.
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>
#include <set>

#include "app/app_entry.h"
#include "io/instance_io.h"
#include "results/result_io.h"
#include "model/dag_random.h"
#include "solvers/dag/dag_result.h"
#include "solvers/family_solution.h"
#include "solvers/registry.h"
#include "views/dag/dag_schedule_view.h"
#include "views/common/result_chart.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

struct Solved {
    Instance instance;
    std::shared_ptr<const SolveResult> result;
};

Solved solveExample(const char* solver = "hcpa") {
    Expected<Instance> instance = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/dag-two-clusters.json");
    if (!instance) qFatal("%s", instance.error().message.c_str());
    Expected<SolveResult> result = solve(*instance, solver);
    if (!result) qFatal("%s", result.error().message.c_str());
    return {*instance, std::make_shared<const SolveResult>(*result)};
}

// A random graph of `tasks` tasks on 8 clusters of about 125 processors, placed by a fast list scheduler.
Solved randomLarge(int tasks, const char* solver, double fat = 0.5, double density = 0.5) {
    DagPlatformConfig platformConfig;
    platformConfig.clusters = 8;
    platformConfig.minProcessors = 100;
    platformConfig.maxProcessors = 150;
    platformConfig.seed = 7;
    Expected<DagPlatform> platform = generatePlatform(platformConfig);
    if (!platform) qFatal("%s", platform.error().message.c_str());
    DagGeneratorConfig config;
    config.n = tasks;
    config.fat = fat;
    config.density = density;
    config.seed = 11;
    Expected<DagInstance> dag = generateDag(config, *platform);
    if (!dag) qFatal("%s", dag.error().message.c_str());
    Instance instance = *dag;
    Expected<SolveResult> result = solve(instance, solver);
    if (!result) qFatal("%s", result.error().message.c_str());
    return {instance, std::make_shared<const SolveResult>(*result)};
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

// Under dot's limits (6,000 edges).
bool edgesFitDot(const Solved& solved) {
    return std::get<DagInstance>(solved.instance).edges.size() <= 6000;
}

QPoint centreOf(const QRectF& r) {
    return r.center().toPoint();
}

}  // namespace

class DagViewTests : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<DagScheduleView> shownView(const Solved& solved) {
        ResultChart* chart = createResultChart(chartTypeFor(solved.instance));
        auto* view = dynamic_cast<DagScheduleView*>(chart);
        if (!view) qFatal("a dag instance is not drawn by DagScheduleView");
        std::unique_ptr<DagScheduleView> owned(view);
        owned->resize(1400, 800);
        owned->show();
        owned->showResult(solved.instance, solved.result);
        // A big result is prepared off the GUI thread (DagScheduleView::kBackgroundTasks): until it is shown.
        if (!QTest::qWaitFor([&] { return !owned->isPreparing(); }, 60000)) qWarning("the result was not shown");
        QCoreApplication::processEvents();
        owned->fitView();
        return owned;
    }

private slots:
    void aDagInstanceGetsTheDagView() {
        const Solved solved = solveExample();
        QCOMPARE(chartTypeFor(solved.instance), ChartType::DagGantt);
        std::unique_ptr<ResultChart> chart(createResultChart(ChartType::DagGantt));
        QCOMPARE(chart->chartType(), ChartType::DagGantt);
        QVERIFY(chart->widget()->metaObject()->indexOfSignal("exportRequested()") >= 0);
    }

    void eachTaskCoversExactlyItsProcessorsAndTimes() {
        const Solved solved = solveExample();
        auto view = shownView(solved);
        const DagViewData* data = view->data();
        QVERIFY(data);
        const auto& dag = std::get<DagInstance>(solved.instance);
        QCOMPARE(data->taskCount(), dag.tasks.size());
        DagGanttPlot* gantt = view->ganttPlot();
        QCPAxis* x = gantt->xAxis;
        QCPAxis* y = gantt->yAxis;
        for (std::size_t t = 0; t < data->taskCount(); ++t) {
            const DagPlacement& p = data->placements[t];
            const std::set<int> mine(p.processors.begin(), p.processors.end());
            // The runs partition the task's processors into consecutive rows.
            int covered = 0;
            for (const auto& [first, last] : data->runs[t]) {
                for (int q = first; q <= last; ++q) QVERIFY(mine.count(q));
                covered += last - first + 1;
            }
            QCOMPARE(covered, static_cast<int>(p.processors.size()));
            // Each run's rectangle spans [start, end] and its rows exactly.
            const std::vector<QRectF> rects = gantt->gantt()->taskPixelRects(t);
            QCOMPARE(rects.size(), data->runs[t].size());
            for (std::size_t k = 0; k < rects.size(); ++k) {
                QVERIFY(std::abs(rects[k].left() - x->coordToPixel(p.start)) < 0.01);
                QVERIFY(std::abs(rects[k].right() - x->coordToPixel(p.end)) < 0.01);
                QVERIFY(std::abs(rects[k].top() - y->coordToPixel(data->runs[t][k].first - 0.5)) < 0.01);
                QVERIFY(std::abs(rects[k].bottom() - y->coordToPixel(data->runs[t][k].second + 0.5)) < 0.01);
            }
            // What the mouse finds in the middle of the task's time: the task on its rows, never elsewhere.
            const double middle = x->coordToPixel((p.start + p.end) / 2);
            for (int q = 0; q < data->processorCount(); ++q) {
                const std::optional<DagGanttHit> hit = gantt->gantt()->hitTest(QPointF(middle, y->coordToPixel(q)));
                const bool here = hit && !hit->wait && hit->task == t;
                QCOMPARE(here, mine.count(q) == 1);
            }
        }
        // The placements are the solver's (the schedule's processors and times, read back).
        const nlohmann::json stored = resultToJson(solved.instance, *solved.result);
        const auto& tasks = stored["tasks"];
        for (std::size_t t = 0; t < data->taskCount(); ++t) {
            QCOMPARE(data->placements[t].start, tasks[t]["start"].get<double>());
            QCOMPARE(data->placements[t].end, tasks[t]["end"].get<double>());
            QCOMPARE(data->placements[t].processors.size(), tasks[t]["processors"].size());
        }
    }

    void everyDagSolversResultIsDrawn() {
        // cpa's tasks may span clusters: their runs break at the cluster boundary, coloured "several clusters".
        for (const SolverSpec& spec : solversForKind("dag")) {
            const Solved solved = solveExample(spec.name.c_str());
            auto view = shownView(solved);
            QVERIFY2(view->data(), spec.name.c_str());
            const DagViewData& d = *view->data();
            for (std::size_t t = 0; t < d.taskCount(); ++t) {
                std::size_t covered = 0;
                for (const auto& [first, last] : d.runs[t]) {
                    QCOMPARE(d.processors.clusterOf[static_cast<std::size_t>(first)],
                             d.processors.clusterOf[static_cast<std::size_t>(last)]);
                    covered += static_cast<std::size_t>(last - first + 1);
                }
                QCOMPARE(covered, d.placements[t].processors.size());
            }
            for (DagColorMode mode : {DagColorMode::ByTask, DagColorMode::ByLevel, DagColorMode::ByCluster}) {
                view->setColorMode(mode);
                view->ganttPlot()->replot(QCustomPlot::rpImmediateRefresh);
                view->graphPlot()->replot(QCustomPlot::rpImmediateRefresh);
                QVERIFY(view->ganttPlot()->gantt()->lastDrawStats().drawnRects >= d.taskCount());
            }
        }
    }

    void theScreenShowsEachTaskInItsColour() {
        const Solved solved = solveExample();
        auto view = shownView(solved);
        view->setColorMode(DagColorMode::ByTask);
        DagGanttPlot* gantt = view->ganttPlot();
        gantt->replot(QCustomPlot::rpImmediateRefresh);
        const QImage image = gantt->toPixmap(gantt->width(), gantt->height()).toImage();
        const DagColors colors = dagColors(*view->data(), DagColorMode::ByTask);
        int checked = 0;
        for (std::size_t t = 0; t < view->data()->taskCount(); ++t) {
            for (const QRectF& r : gantt->gantt()->taskPixelRects(t)) {
                if (r.width() < 12 || r.height() < 12) continue;
                // A point inside, away from the outline and from the centred label.
                const QPoint inside(static_cast<int>(r.left() + 4), static_cast<int>(r.top() + 4));
                if (view->data()->trace.onCriticalPath[t]) continue;   // outlined in red there
                QCOMPARE(image.pixelColor(inside).rgb(), colors.of(t).rgb());
                ++checked;
            }
        }
        QVERIFY(checked > 0);
    }

    void selectingInTheGanttSelectsAndCentresInTheGraph() {
        const Solved solved = solveExample();
        auto view = shownView(solved);
        DagGanttPlot* gantt = view->ganttPlot();
        DagGraphPlot* graph = view->graphPlot();
        // Zoom the graph in so that centring has to move it.
        graph->xAxis->scaleRange(0.3, graph->xAxis->range().lower);
        graph->yAxis->scaleRange(0.3, graph->yAxis->range().lower);
        graph->replot();
        const std::size_t task = view->data()->trace.criticalPath.back();
        const QRectF r = gantt->gantt()->taskPixelRects(task).front();
        QSignalSpy changed(view.get(), &DagScheduleView::selectionChanged);
        QTest::mouseClick(gantt, Qt::LeftButton, Qt::NoModifier, QPoint(static_cast<int>(r.left() + 3), centreOf(r).y()));
        QCOMPARE(view->selectedTask(), static_cast<int>(task));
        QCOMPARE(gantt->selectedTask(), static_cast<int>(task));
        QCOMPARE(graph->selectedTask(), static_cast<int>(task));
        QCOMPARE(changed.count(), 1);
        const layout::Point p = graph->graph()->position(task);
        QVERIFY(std::abs(graph->xAxis->range().center() - p.x) < 1e-6);
        QVERIFY(std::abs(graph->yAxis->range().center() - p.y) < 1e-6);
        // An empty click (far right of the Gantt, after the makespan) clears both.
        QTest::mouseClick(gantt, Qt::LeftButton, Qt::NoModifier,
                          QPoint(gantt->axisRect()->right() - 2, gantt->axisRect()->top() + 5));
        QCOMPARE(view->selectedTask(), -1);
        QCOMPARE(graph->selectedTask(), -1);
    }

    void selectingInTheGraphSelectsAndCentresInTheGantt() {
        const Solved solved = solveExample();
        auto view = shownView(solved);
        DagGanttPlot* gantt = view->ganttPlot();
        DagGraphPlot* graph = view->graphPlot();
        graph->replot(QCustomPlot::rpImmediateRefresh);
        // Zoom the Gantt into the first tenth of the time and rows.
        gantt->xAxis->setRange(0, view->data()->makespan / 10);
        gantt->yAxis->setRange(-0.5, 4.5);
        gantt->replot();
        for (std::size_t task = 0; task < view->data()->taskCount(); ++task) {
            const QPointF at = graph->graph()->toPixel(graph->graph()->position(task));
            QTest::mouseClick(graph, Qt::LeftButton, Qt::NoModifier, at.toPoint());
            QCOMPARE(view->selectedTask(), static_cast<int>(task));
            QCOMPARE(gantt->selectedTask(), static_cast<int>(task));
            const DagPlacement& p = view->data()->placements[task];
            // The task is in the middle of the Gantt, whole.
            QVERIFY(gantt->xAxis->range().contains(p.start) && gantt->xAxis->range().contains(p.end));
            QVERIFY(std::abs(gantt->xAxis->range().center() - (p.start + p.end) / 2) <
                    1e-6 * std::max(1.0, view->data()->makespan));
            QVERIFY(gantt->yAxis->range().contains(view->data()->runs[task].front().first));
        }
        // Empty space in the graph clears the selection.
        QTest::mouseClick(graph, Qt::LeftButton, Qt::NoModifier, QPoint(graph->axisRect()->left() + 3, graph->axisRect()->top() + 3));
        QCOMPARE(view->selectedTask(), -1);
        QCOMPARE(gantt->selectedTask(), -1);
    }

    void colourModesColourByTaskLevelAndCluster() {
        const Solved solved = solveExample();
        auto view = shownView(solved);
        const DagViewData& d = *view->data();
        const auto& dag = std::get<DagInstance>(solved.instance);
        const DagColors byTask = dagColors(d, DagColorMode::ByTask);
        std::set<QRgb> distinct;
        for (std::size_t t = 0; t < d.taskCount(); ++t) distinct.insert(byTask.of(t).rgb());
        QCOMPARE(distinct.size(), d.taskCount());
        QCOMPARE(byTask.legend.size(), d.taskCount());

        const DagColors byLevel = dagColors(d, DagColorMode::ByLevel);
        // fft_x and fft_y (level 1) share a colour; read (0) and write (the last level) do not.
        const auto index = [&](const char* name) {
            for (std::size_t t = 0; t < dag.tasks.size(); ++t)
                if (dag.tasks[t].name == name) return t;
            qFatal("no task %s", name);
        };
        QCOMPARE(byLevel.of(index("fft_x")), byLevel.of(index("fft_y")));
        QVERIFY(byLevel.of(index("read")) != byLevel.of(index("write")));
        QCOMPARE(d.trace.tasks[index("write")].level, 5);

        const DagColors byCluster = dagColors(d, DagColorMode::ByCluster);
        for (std::size_t a = 0; a < d.taskCount(); ++a)
            for (std::size_t b = 0; b < d.taskCount(); ++b)
                QCOMPARE(byCluster.of(a) == byCluster.of(b), d.clusterOf[a] == d.clusterOf[b]);

        // The combo box and the views follow the mode.
        view->setColorMode(DagColorMode::ByCluster);
        QCOMPARE(view->colorMode(), DagColorMode::ByCluster);
        auto* box = view->findChild<QComboBox*>(QStringLiteral("dagColorMode"));
        QVERIFY(box);
        QCOMPARE(box->currentData().toInt(), static_cast<int>(DagColorMode::ByCluster));
        QVERIFY(view->ganttPlot()->legend->itemCount() >= 2);
    }

    void waitsForRedistributionsAreDrawnAndHovered() {
        const Solved solved = solveExample();
        auto view = shownView(solved);
        const DagViewData& d = *view->data();
        DagGanttPlot* gantt = view->ganttPlot();
        int waits = 0;
        for (std::size_t t = 0; t < d.taskCount(); ++t) {
            const DagTaskTrace& tr = d.trace.tasks[t];
            if (!tr.hasWait()) continue;
            ++waits;
            // In the middle of the wait, on the task's first processor: the wait of that task.
            const QPointF at(gantt->xAxis->coordToPixel((tr.waitStart + tr.waitEnd) / 2),
                             gantt->yAxis->coordToPixel(d.runs[t].front().first));
            const double widthPixels = gantt->xAxis->coordToPixel(tr.waitEnd) - gantt->xAxis->coordToPixel(tr.waitStart);
            if (widthPixels < 6) continue;   // too thin to aim at without touching its neighbours
            const std::optional<DagGanttHit> hit = gantt->gantt()->hitTest(at);
            QVERIFY(hit);
            QCOMPARE(hit->task, t);
            QVERIFY(hit->wait);
            QVERIFY(dagWaitTooltip(d, t).contains(d.taskName(t)));
        }
        // The example's data crosses links: some tasks wait for it.
        QVERIFY(waits > 0);
    }

    void theCriticalPathEndsAtTheMakespanAndFollowsEdges() {
        const Solved solved = solveExample();
        auto view = shownView(solved);
        const DagViewData& d = *view->data();
        const auto& path = d.trace.criticalPath;
        QVERIFY(!path.empty());
        QCOMPARE(d.placements[path.back()].end, d.makespan);
        QVERIFY(d.predecessors[path.front()].empty());
        for (std::size_t k = 1; k < path.size(); ++k) {
            bool linked = false;
            for (std::size_t e : d.predecessors[path[k]])
                linked = linked || (d.instance.edges[e].from == path[k - 1] && d.trace.criticalEdge[e]);
            QVERIFY(linked);
        }
    }

    void exportsAreValidFilesInEveryFormat() {
        const Solved solved = solveExample();
        auto view = shownView(solved);
        view->selectTask(1);
        QTemporaryDir dir;
        for (const char* format : {"png", "pdf", "svg"}) {
            const QString path = dir.filePath(QStringLiteral("dag.%1").arg(QLatin1String(format)));
            const Expected<bool> written = view->exportTo(path, 1600, 800);
            QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
            const QByteArray bytes = readAll(path);
            QVERIFY2(bytes.size() > 2000, format);
            if (QLatin1String(format) == QLatin1String("png")) {
                const QImage image = QImage::fromData(bytes, "PNG");
                QCOMPARE(image.size(), QSize(1600, 800));
                // Both halves carry drawing: the Gantt's task colours and the graph's nodes.
                std::set<QRgb> left, right;
                for (int yy = 100; yy < 700; yy += 7)
                    for (int xx = 0; xx < 1600; xx += 7) (xx < 960 ? left : right).insert(image.pixel(xx, yy));
                QVERIFY(left.size() > 8);
                QVERIFY(right.size() > 8);
            } else if (QLatin1String(format) == QLatin1String("pdf")) {
                QVERIFY(bytes.startsWith("%PDF"));
            } else {
                QVERIFY(bytes.contains("<svg"));
                // Vectors, not an embedded picture: the task names are text.
                QVERIFY(bytes.contains("fft_x"));
                QVERIFY(!bytes.contains("<image"));
            }
        }
        // A wrong extension is an error naming the file, not a crash.
        const Expected<bool> wrong = view->exportTo(dir.filePath(QStringLiteral("dag.bmpx")), 800, 600);
        QVERIFY(!wrong.ok());
    }

    void theCommandLineExportsADagInstance() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("cli.png"));
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(HETSCHED_BINARY),
                      {QStringLiteral("export"), QStringLiteral(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json"),
                       QStringLiteral("-o"), out});
        QVERIFY(process.waitForFinished(60000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        const QImage image(out);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 400);
        // The same picture the library makes.
        const Solved solved = solveExample();
        const QString direct = dir.filePath(QStringLiteral("direct.svg"));
        const Expected<bool> written = exportChart(solved.instance, *solved.result, direct, 1200, 700);
        QVERIFY(written.ok());
        QVERIFY(readAll(direct).contains("solve"));
    }

    void aStoredResultWithoutItsScheduleIsAMessageNotACrash() {
        Solved solved = solveExample();
        auto broken = std::make_shared<SolveResult>(*solved.result);
        // Its typed solution misses a task.
        DagSolution missing = *solutionOf<DagSolution>(*broken);
        missing.tasks.pop_back();
        broken->solution = shareSolution(std::move(missing));
        auto view = shownView(solved);
        view->showResult(solved.instance, broken);
        QVERIFY(view->data() == nullptr);
        // The view says why: the tasks placed do not match the graph.
        QVERIFY2(view->message().startsWith(QLatin1String("This result cannot be drawn: ")), qPrintable(view->message()));
        QVERIFY2(view->message().contains(QLatin1String("tasks")), qPrintable(view->message()));
        // A result that carries no task graph solution at all says so too.
        broken->solution.reset();
        view->showResult(solved.instance, broken);
        QVERIFY(view->data() == nullptr);
        QVERIFY2(view->message().contains(QLatin1String("no task graph schedule")), qPrintable(view->message()));
        view->showMessage(QStringLiteral("nothing"));
        QVERIFY(view->data() == nullptr);
        QCOMPARE(view->message(), QStringLiteral("nothing"));
        view->selectTask(3);
        QCOMPARE(view->selectedTask(), -1);
    }

    void aSmallGraphIsDrawnByDotAlongItsRoutes() {
        const Solved solved = solveExample();
        auto view = shownView(solved);
        DagGraphPlottable* g = view->graphPlot()->graph();
        QVERIFY(!view->graphPlot()->isLayingOut());
        QVERIFY(g->layoutNote().isEmpty());
        QCOMPARE(g->layout().route.size(), view->data()->instance.edges.size());
        for (std::size_t e = 0; e < view->data()->instance.edges.size(); ++e) {
            const DagEdge& edge = view->data()->instance.edges[e];
            QVERIFY(g->position(edge.to).y > g->position(edge.from).y);
            const QPolygonF path = g->edgePixels(e);
            QVERIFY(path.size() >= 2);
            // The drawn route starts on the source's circle and ends on the target's.
            const double r = std::max(1.5, g->radius(edge.to) * g->scale());
            QVERIFY(std::abs(QLineF(path.last(), g->toPixel(g->position(edge.to))).length() - r) < 0.5);
        }
    }

    void aWideGraphIsLaidOutByDotOffTheGuiThreadAndIsNotAFlatLine() {
        const Solved solved = randomLarge(1700, "heft", 0.8, 0.005);
        QVERIFY(edgesFitDot(solved));
        auto view = shownView(solved);
        DagGraphPlot* graph = view->graphPlot();
        if (graph->isLayingOut()) {
            QSignalSpy finished(graph, &DagGraphPlot::layoutFinished);
            QVERIFY(finished.wait(120000));
        }
        DagGraphPlottable* g = graph->graph();
        QVERIFY(g->layoutNote().isEmpty());
        QCOMPARE(g->layout().route.size(), view->data()->instance.edges.size());
        const QRectF box = g->bounds();
        QVERIFY2(box.height() / box.width() >= 0.3, qPrintable(QStringLiteral("%1 x %2").arg(box.width()).arg(box.height())));
        for (const DagEdge& edge : view->data()->instance.edges) QVERIFY(g->position(edge.to).y > g->position(edge.from).y);
        // On screen too: the nodes fill the pane's height, not a strip.
        graph->replot(QCustomPlot::rpImmediateRefresh);
        const QPointF top = g->toPixel({box.center().x(), box.top()});
        const QPointF bottom = g->toPixel({box.center().x(), box.bottom()});
        QVERIFY(bottom.y() - top.y() > 0.5 * graph->axisRect()->height());
        QCOMPARE(g->lastDrawStats().visibleNodes, std::size_t{1700});
        // Clicking a node still selects it.
        const std::size_t task = view->data()->trace.criticalPath.front();
        graph->xAxis->scaleRange(0.05, g->position(task).x);
        graph->yAxis->scaleRange(0.05, g->position(task).y);
        graph->replot(QCustomPlot::rpImmediateRefresh);
        QTest::mouseClick(graph, Qt::LeftButton, Qt::NoModifier, g->toPixel(g->position(task)).toPoint());
        QCOMPARE(view->selectedTask(), static_cast<int>(task));
        const QByteArray pngDir = qgetenv("HETSCHED_TEST_PNG_DIR");
        if (!pngDir.isEmpty()) {
            graph->fitView();
            graph->replot(QCustomPlot::rpImmediateRefresh);
            QVERIFY(graph->grab().save(QString::fromLocal8Bit(pngDir) + QStringLiteral("/dag-wide-1700.png")));
            graph->centreOn(task);
            graph->xAxis->scaleRange(0.08, graph->xAxis->range().center());
            graph->yAxis->scaleRange(0.08, graph->yAxis->range().center());
            graph->replot(QCustomPlot::rpImmediateRefresh);
            QVERIFY(graph->grab().save(QString::fromLocal8Bit(pngDir) + QStringLiteral("/dag-wide-1700-zoomed.png")));
        }
    }

    void tenThousandTasksOnAThousandProcessorsRender() {
        const Solved solved = randomLarge(10000, "heft");
        auto view = shownView(solved);
        QVERIFY(view->data());
        QCOMPARE(view->data()->taskCount(), std::size_t{10000});
        QVERIFY(view->data()->processorCount() >= 800);
        DagGanttPlot* gantt = view->ganttPlot();
        gantt->replot(QCustomPlot::rpImmediateRefresh);
        const DagGanttDrawStats full = gantt->gantt()->lastDrawStats();
        QVERIFY(full.visiblePieces >= 10000);
        QVERIFY(full.drawnRects > 0);
        // Zoomed in, only a small part of the index is examined.
        gantt->xAxis->setRange(view->data()->makespan * 0.4, view->data()->makespan * 0.41);
        gantt->yAxis->setRange(100, 160);
        gantt->replot(QCustomPlot::rpImmediateRefresh);
        const DagGanttDrawStats zoomed = gantt->gantt()->lastDrawStats();
        QVERIFY(zoomed.candidates < full.candidates / 5);
        DagGraphPlot* graph = view->graphPlot();
        graph->replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(graph->graph()->lastDrawStats().visibleNodes == 10000);
        QVERIFY(!graph->graph()->lastDrawStats().detailed);
        // Beyond dot's limits: the simple layers, and the drawing says so.
        QVERIFY(graph->graph()->layoutNote().contains(QStringLiteral("too many for Graphviz")));
        QCOMPARE(graph->graph()->lastDrawStats().nodeLabels, std::size_t{0});
        // Too many edges for one frame: an even sample, the critical path's always among them.
        const DagGraphDrawStats& g = graph->graph()->lastDrawStats();
        QCOMPARE(g.visibleEdges, view->data()->instance.edges.size());
        QVERIFY(g.drawnEdges < g.visibleEdges);
        QVERIFY(g.drawnEdges <= 8000 + view->data()->trace.criticalPath.size());
        QVERIFY(g.drawnEdges >= 8000 / 2);
        view->selectTask(9999);
        QCOMPARE(graph->selectedTask(), 9999);
        QTemporaryDir dir;
        QVERIFY(view->exportTo(dir.filePath(QStringLiteral("large.png")), 1600, 900).ok());
    }
};

QTEST_MAIN(DagViewTests)
#include "test_dag_views.moc"
