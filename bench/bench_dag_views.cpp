// Frames of the task graph views offscreen at 10000 tasks on about 1000 processors (8 clusters), full
// view and zoomed, against the generic Gantt (one lane per processor) drawing the same schedule.
#include <benchmark/benchmark.h>

#include <QApplication>
#include <memory>

#include "model/dag_random.h"
#include "solvers/registry.h"
#include "views/dag/dag_schedule_view.h"
#include "views/gantt/gantt_view.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

constexpr int kWidth = 1600;
constexpr int kHeight = 900;

struct Fixture {
    Instance instance;
    std::shared_ptr<const SolveResult> result;
};

// The same instance for every benchmark: daggen's defaults, 8 clusters of 100 to 150 processors, placed
// by M-HEFT (moldable: tasks over many processors, as HCPA's).
const Fixture& fixture(int tasks) {
    static std::map<int, Fixture> made;
    auto it = made.find(tasks);
    if (it != made.end()) return it->second;
    DagPlatformConfig platformConfig;
    platformConfig.clusters = 8;
    platformConfig.minProcessors = 100;
    platformConfig.maxProcessors = 150;
    platformConfig.seed = 7;
    DagGeneratorConfig config;
    config.n = tasks;
    config.seed = 11;
    Instance instance = *generateDag(config, *generatePlatform(platformConfig));
    Expected<SolveResult> result = solve(instance, "mheft");
    if (!result) throw std::runtime_error(result.error().message);
    return made[tasks] = {instance, std::make_shared<const SolveResult>(*result)};
}

enum Zoom { Full = 0, Zoomed = 1 };

// A twentieth of the time and an eighth of the processors, in the middle of the schedule.
void zoomGantt(QCPAxis* time, QCPAxis* rows, double makespan, int processors) {
    time->setRange(makespan * 0.45, makespan * 0.5);
    rows->setRange(processors * 0.4, processors * 0.525);
}

void BM_DagGanttFrame(benchmark::State& state) {
    const Fixture& f = fixture(static_cast<int>(state.range(0)));
    DagScheduleView view;
    view.resize(kWidth, kHeight);
    view.showResult(f.instance, f.result);
    DagGanttPlot* plot = view.ganttPlot();
    plot->resize(kWidth, kHeight);
    plot->replot(QCustomPlot::rpImmediateRefresh);
    if (state.range(1) == Zoomed)
        zoomGantt(plot->xAxis, plot->yAxis, view.data()->makespan, view.data()->processorCount());
    for (auto _ : state) plot->replot(QCustomPlot::rpImmediateRefresh);
    const DagGanttDrawStats& s = plot->gantt()->lastDrawStats();
    state.SetLabel(std::to_string(s.visiblePieces) + " visible, " + std::to_string(s.drawnRects) + " rects, " +
                   std::to_string(s.mergedPixels) + " merged, " + std::to_string(s.labels) + " labels, " +
                   std::to_string(s.connectors) + " bars, plottable " + std::to_string(s.milliseconds) + " ms");
}

void BM_GenericGanttFrame(benchmark::State& state) {
    const Fixture& f = fixture(static_cast<int>(state.range(0)));
    GanttView plot;
    plot.resize(kWidth, kHeight);
    plot.showResult(f.instance, f.result);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    if (state.range(1) == Zoomed) {
        const int processors = static_cast<int>(f.result->schedule.lanes.size());
        zoomGantt(plot.xAxis, plot.yAxis, *f.result->objective, processors);
    }
    for (auto _ : state) plot.replot(QCustomPlot::rpImmediateRefresh);
    const GanttDrawStats& s = plot.gantt()->lastDrawStats();
    state.SetLabel(std::to_string(s.visibleIntervals) + " visible intervals, " + std::to_string(s.drawnRects) +
                   " rects, plottable " + std::to_string(s.milliseconds) + " ms");
}

void BM_DagGraphFrame(benchmark::State& state) {
    const Fixture& f = fixture(static_cast<int>(state.range(0)));
    DagScheduleView view;
    view.resize(kWidth, kHeight);
    view.showResult(f.instance, f.result);
    DagGraphPlot* plot = view.graphPlot();
    plot->resize(kWidth, kHeight);
    plot->replot(QCustomPlot::rpImmediateRefresh);
    if (state.range(1) == Zoomed) {
        // Zoom in 12 times around the middle of the graph (node names and arrowheads show).
        plot->xAxis->scaleRange(1.0 / 12);
        plot->yAxis->scaleRange(1.0 / 12);
    }
    for (auto _ : state) plot->replot(QCustomPlot::rpImmediateRefresh);
    const DagGraphDrawStats& s = plot->graph()->lastDrawStats();
    state.SetLabel(std::to_string(s.visibleNodes) + " nodes, " + std::to_string(s.visibleEdges) + " edges (" +
                   std::to_string(s.drawnEdges) + " drawn), " +
                   (s.detailed ? "detailed" : "overview") + ", plottable " + std::to_string(s.milliseconds) + " ms");
}

// Everything a new result costs before the first frame: the trace, the runs, the layered layout.
void BM_DagViewShowResult(benchmark::State& state) {
    const Fixture& f = fixture(static_cast<int>(state.range(0)));
    DagScheduleView view;
    view.resize(kWidth, kHeight);
    for (auto _ : state) view.showResult(f.instance, f.result);
}

}  // namespace

BENCHMARK(BM_DagGanttFrame)->Args({10000, Full})->Args({10000, Zoomed})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GenericGanttFrame)->Args({10000, Full})->Args({10000, Zoomed})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DagGraphFrame)->Args({10000, Full})->Args({10000, Zoomed})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DagViewShowResult)->Args({10000, Full})->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
