// A big task graph in the main window (issue 13), through the paths a user takes: File > Open of a project
// holding a daggen graph of 10,000 tasks and 218,724 dependencies beside a small example, switching from
// it to the small entry and back, and solving it. Each step is timed until the window shows its result,
// and a heartbeat timer on the GUI thread (every 5 ms) measures the longest time the thread did not get
// to its event loop meanwhile (the longest stall: what the user feels as a frozen window).
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <ctime>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <string>

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
#include "app/solve_controller.h"
#include "panels/solver_panel.h"
#include "solvers/registry.h"
#include "views/dag/dag_schedule_view.h"

namespace {

using namespace hetsched;
using namespace hetsched::ui;

// The files the benchmarks open: the graph as an instance file and as the first entry of a project whose
// second entry is the built-in dag example. `hetsched generate dag --tasks 10000 --density 0.5 --jump 1
// --clusters 8 --seed 1` writes the same graph.
struct Files {
    QTemporaryDir directory;
    QString instance;  // big.json
    QString project;   // big.hsproj: "big" then "small"
    std::size_t tasks = 0;
    std::size_t edges = 0;
    std::string error;
};

const Files& files() {
    static Files* made = [] {
        auto* f = new Files;
        DagGeneratorConfig config;
        config.n = 10000;
        config.density = 0.5;
        config.jump = 1;
        config.seed = 1;
        DagPlatformConfig platformConfig;
        platformConfig.clusters = 8;
        platformConfig.seed = 1;
        const Expected<DagPlatform> platform = generatePlatform(platformConfig);
        const Expected<DagInstance> dag =
            platform ? generateDag(config, *platform) : Expected<DagInstance>(platform.error());
        if (!dag) {
            f->error = dag.error().message;
            return f;
        }
        f->tasks = dag->tasks.size();
        f->edges = dag->edges.size();
        f->instance = f->directory.filePath(QStringLiteral("big.json"));
        f->project = f->directory.filePath(QStringLiteral("big.hsproj"));
        Project project;
        project.entries.push_back({"big", Instance(*dag), {}, nullptr});
        DagInstance small;
        small.platform = platform->clusters.empty() ? DagPlatform{} : *platform;
        small.tasks = {{"t0", 2e10, 0.1}, {"t1", 8e10, 0.05}, {"t2", 4e10, 0.2}, {"t3", 1e10, 0.1}};
        small.edges = {{0, 1, 4e6}, {0, 2, 4e6}, {1, 3, 1e6}, {2, 3, 1e6}};
        project.entries.push_back({"small", Instance(small), {}, nullptr});
        std::ofstream(f->instance.toStdString()) << instanceToJson(Instance(*dag)).dump();
        std::ofstream(f->project.toStdString()) << projectToJson(project).dump();
        return f;
    }();
    return *made;
}

// What one step cost: the wall time until `done` held, and the longest gap between two heartbeats (the
// GUI thread busy elsewhere) from the step's start until `settleMs` after it was done (the frames it
// caused, the work it left queued).
struct Step {
    double seconds = -1;    // -1: not done before the time limit
    double maxStallMs = 0;
    double maxStallCpuMs = 0;  // the GUI thread's CPU time in that longest gap (the rest: other threads ran)
};

// The CPU time of the calling thread: on a shared machine a stall's wall time also holds the time other
// processes had the core.
qint64 threadCpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<qint64>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

Step measure(const std::function<void()>& action, const std::function<bool()>& done, int settleMs = 300,
             int timeoutMs = 120000) {
    Step step;
    QElapsedTimer clock;
    QEventLoop loop;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    heartbeat.setInterval(5);
    qint64 last = 0;
    qint64 lastCpu = threadCpuNs();
    qint64 doneAt = -1;
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        const qint64 cpu = threadCpuNs();
        if ((now - last) / 1e6 > step.maxStallMs) {
            step.maxStallMs = (now - last) / 1e6;
            step.maxStallCpuMs = (cpu - lastCpu) / 1e6;
        }
        last = now;
        lastCpu = cpu;
        if (doneAt < 0 && done()) {
            doneAt = now;
            step.seconds = now / 1e9;
        }
        if ((doneAt >= 0 && now - doneAt > settleMs * 1'000'000LL) || now > timeoutMs * 1'000'000LL) loop.quit();
    });
    clock.start();
    heartbeat.start();
    // From the event loop, as a menu action runs: the heartbeat sees the time it blocks.
    QTimer::singleShot(0, &loop, action);
    loop.exec();
    return step;
}

// Whether the canvas is still making its drawing: built a slice at a time since issue 13 (this file also
// builds against the code before, which built it in one go).
template <typename Canvas>
bool building(const Canvas& canvas) {
    if constexpr (requires { canvas.isBuilding(); })
        return canvas.isBuilding();
    else
        return false;
}

// The window shows `id` in its editor, drawn and ready for gestures: the entry is current, the dag
// editor's canvas holds it with every task on the scene, and no layout is pending.
bool shows(const MainWindow& window, EntryId id) {
    if (id == 0 || window.currentEntry() != id) return false;
    const DocumentEntry* entry = window.document()->entry(id);
    const auto* dag = entry ? std::get_if<DagInstance>(&entry->instance) : nullptr;
    if (!dag) return false;
    const std::size_t tasks = dag->tasks.size();
    const auto* editor = qobject_cast<const DagEditor*>(window.editor());
    if (!editor || editor->entryId() != id || editor->canvas()->entryId() != id) return false;
    const CanvasWidget* canvas = editor->canvas();
    if (building(*canvas)) return false;
    return !canvas->isLayingOut() && canvas->scene()->nodeItems().size() == tasks &&
           canvas->scene()->linkItems().size() == dag->edges.size();
}

EntryId entryNamed(const MainWindow& window, const QString& name) {
    const ProjectDocument* document = window.document();
    for (int row = 0; row < document->entryCount(); ++row)
        if (document->entryAt(row).name == name) return document->entryAt(row).id;
    return 0;
}

std::unique_ptr<MainWindow> startedWindow() {
    auto window = std::make_unique<MainWindow>();
    window->resize(1600, 1000);
    window->show();
    window->loadFile(QStringLiteral(":/examples/dag-two-clusters.json"));
    QCoreApplication::processEvents();
    return window;
}

void report(benchmark::State& state, const std::string& name, const Step& step) {
    state.counters[name + "_s"] = step.seconds;
    state.counters[name + "_stall_ms"] = step.maxStallMs;
    state.counters[name + "_stall_cpu_ms"] = step.maxStallCpuMs;
}

// File > Open of the project (the big entry is shown first), then the small entry, then the big one again.
void BM_OpenProjectAndSwitch(benchmark::State& state) {
    const Files& f = files();
    if (!f.error.empty()) {
        state.SkipWithError(f.error.c_str());
        return;
    }
    for (auto _ : state) {
        const std::unique_ptr<MainWindow> window = startedWindow();
        const Step open = measure([&] { window->openPath(f.project); },
                                  [&] { return shows(*window, entryNamed(*window, QStringLiteral("big"))); });
        const EntryId big = entryNamed(*window, QStringLiteral("big"));
        const EntryId small = entryNamed(*window, QStringLiteral("small"));
        if (qEnvironmentVariableIsSet("HETSCHED_BENCH_TRACE")) fprintf(stderr, "switch away\n");
        const Step away = measure([&] { window->instanceList()->selectEntry(small); },
                                  [&] { return shows(*window, small); });
        if (qEnvironmentVariableIsSet("HETSCHED_BENCH_TRACE")) fprintf(stderr, "switch back\n");
        const Step back = measure([&] { window->instanceList()->selectEntry(big); },
                                  [&] { return shows(*window, big); });
        // Replacing the big project by a small file: what was shown goes.
        if (qEnvironmentVariableIsSet("HETSCHED_BENCH_TRACE")) fprintf(stderr, "replace\n");
        const Step close = measure([&] { window->openPath(QStringLiteral(":/examples/dag-two-clusters.json")); },
                                   [&] { return window->document()->entryCount() == 1 && shows(*window, window->currentEntry()); });
        state.SetIterationTime(open.seconds);
        report(state, "open", open);
        report(state, "switch_away", away);
        report(state, "switch_back", back);
        report(state, "replace", close);
    }
    state.SetLabel(std::to_string(f.tasks) + " tasks, " + std::to_string(f.edges) + " dependencies; manual time: open");
}
BENCHMARK(BM_OpenProjectAndSwitch)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

// File > Open of the graph as an instance file (a one-entry project).
void BM_OpenInstance(benchmark::State& state) {
    const Files& f = files();
    if (!f.error.empty()) {
        state.SkipWithError(f.error.c_str());
        return;
    }
    for (auto _ : state) {
        const std::unique_ptr<MainWindow> window = startedWindow();
        const Step open = measure([&] { window->openPath(f.instance); },
                                  [&] { return shows(*window, entryNamed(*window, QStringLiteral("big"))); });
        state.SetIterationTime(open.seconds);
        report(state, "open", open);
    }
    state.SetLabel("manual time: open");
}
BENCHMARK(BM_OpenInstance)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

enum Zoom { Fit, Actual, Panning };

// One frame of the big entry's canvas as it is in the window (fit to the view, at 100 %, or panning at
// 100 % by 24 pixels a frame): the viewport's paint event rendered into an image.
void BM_CanvasFrame(benchmark::State& state) {
    const Files& f = files();
    if (!f.error.empty()) {
        state.SkipWithError(f.error.c_str());
        return;
    }
    const std::unique_ptr<MainWindow> window = startedWindow();
    measure([&] { window->openPath(f.instance); },
            [&] { return shows(*window, entryNamed(*window, QStringLiteral("big"))); });
    const auto* editor = qobject_cast<const DagEditor*>(window->editor());
    if (!editor) {
        state.SkipWithError("the big entry is not shown");
        return;
    }
    GraphView* view = editor->canvas()->view();
    const auto zoom = static_cast<Zoom>(state.range(0));
    view->fitAll();
    if (zoom != Fit) view->zoomBy(1.0 / view->zoom());
    QImage image(view->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    {
        QPainter painter(&image);
        view->viewport()->render(&painter);
    }
    int step = 0;
    for (auto _ : state) {
        if (zoom == Panning) {
            QScrollBar* bar = view->horizontalScrollBar();
            const int direction = (step++ / 40) % 2 == 0 ? 1 : -1;
            bar->setValue(bar->value() + direction * 24);
        }
        QPainter painter(&image);
        view->viewport()->render(&painter);
    }
    if (const QString dir = qEnvironmentVariable("HETSCHED_BENCH_SHOTS"); !dir.isEmpty())
        image.save(QStringLiteral("%1/big-canvas-%2.png").arg(dir).arg(int(zoom)));
    const char* names[] = {"fit", "100%", "panning at 100%"};
    state.SetLabel(std::string(names[zoom]) + ", zoom " + std::to_string(view->zoom()).substr(0, 5) + ", view " +
                   std::to_string(view->viewport()->width()) + "x" + std::to_string(view->viewport()->height()));
}
BENCHMARK(BM_CanvasFrame)->Arg(Fit)->Arg(Actual)->Arg(Panning)->Unit(benchmark::kMillisecond);

// Solving the big entry with `mheft` until its run is in the table and its charts are drawn.
void BM_SolveBig(benchmark::State& state) {
    const Files& f = files();
    if (!f.error.empty()) {
        state.SkipWithError(f.error.c_str());
        return;
    }
    for (auto _ : state) {
        const std::unique_ptr<MainWindow> window = startedWindow();
        measure([&] { window->openPath(f.project); },
                [&] { return shows(*window, entryNamed(*window, QStringLiteral("big"))); });
        const EntryId big = entryNamed(*window, QStringLiteral("big"));
        bool finished = false;
        const QMetaObject::Connection idle =
            QObject::connect(window->solveController(), &SolveController::idle, [&] { finished = true; });
        const Step solve = measure([&] { window->runSolver(QStringLiteral("mheft"), window->solverPanel()->optionsFor(QStringLiteral("mheft"))); },
                                   [&] { return finished && !window->document()->entry(big)->runs.empty(); }, 1000);
        QObject::disconnect(idle);
        state.SetIterationTime(solve.seconds);
        report(state, "solve", solve);
    }
    state.SetLabel("mheft; manual time: solve until shown");
}
BENCHMARK(BM_SolveBig)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

// Whether the dag result view is still preparing a result it was given: big results are prepared off the
// GUI thread since issue 13 (this file also builds against the code before, which prepared them in one go).
template <typename View>
bool preparing(const View& view) {
    if constexpr (requires { view.isPreparing(); })
        return view.isPreparing();
    else
        return false;
}

// The first display of the big graph's `mheft` schedule in the dag result view (the Gantt beside the
// layered graph) as the result pane holds it: shown, 1600 x 700, until it draws the schedule. The solve
// runs once beforehand; every iteration shows the result anew in a new view.
void BM_FirstDagResultDisplay(benchmark::State& state) {
    const Files& f = files();
    if (!f.error.empty()) {
        state.SkipWithError(f.error.c_str());
        return;
    }
    static const std::shared_ptr<const Instance> instance = [&] {
        auto read = readInstanceFile(f.instance.toStdString());
        return read ? std::make_shared<const Instance>(std::move(*read)) : nullptr;
    }();
    static const std::shared_ptr<const SolveResult> result = [&]() -> std::shared_ptr<const SolveResult> {
        if (!instance) return nullptr;
        Expected<SolveResult> solved = solve(*instance, "mheft");
        return solved ? std::make_shared<const SolveResult>(std::move(*solved)) : nullptr;
    }();
    if (!result) {
        state.SkipWithError("the big graph could not be read or solved");
        return;
    }
    Step worst;
    for (auto _ : state) {
        auto view = std::make_unique<DagScheduleView>();
        view->resize(1600, 700);
        view->show();
        QCoreApplication::processEvents();
        const Step display = measure([&] { view->showResult(*instance, result); },
                                     [&] { return view->data() != nullptr && !preparing(*view); });
        state.SetIterationTime(display.seconds);
        if (display.maxStallMs >= worst.maxStallMs) worst = display;
    }
    // The iteration with the longest stall (its time until drawn and its stall's CPU beside it).
    report(state, "display", worst);
    state.SetLabel("mheft on the big graph; manual time: until drawn; counters: the worst iteration");
}
BENCHMARK(BM_FirstDagResultDisplay)->Iterations(3)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace

// HETSCHED_BENCH_TRACE=<ms>: every event that kept the GUI thread longer, with its receiver, on stderr
// (what a stall was made of).
class TracingApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* event) override {
        if (m_thresholdMs <= 0 || m_depth > 0) return QApplication::notify(receiver, event);
        ++m_depth;
        QElapsedTimer clock;
        clock.start();
        const qint64 cpu = threadCpuNs();
        const int type = event->type();
        const QByteArray name = QByteArray(receiver->metaObject()->className()) + " " + receiver->objectName().toUtf8();
        const bool result = QApplication::notify(receiver, event);
        --m_depth;
        if (const qint64 ms = clock.elapsed(); ms >= m_thresholdMs)
            fprintf(stderr, "  [trace] %lld ms (CPU %lld ms): event %d to %s\n", static_cast<long long>(ms),
                    static_cast<long long>((threadCpuNs() - cpu) / 1'000'000), type, name.constData());
        return result;
    }
    int m_thresholdMs = qEnvironmentVariableIntValue("HETSCHED_BENCH_TRACE");
    int m_depth = 0;
};

int main(int argc, char** argv) {
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QStandardPaths::setTestModeEnabled(true);  // the settings (recent files) and autosaves of a test profile
    TracingApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("HetSchedBench"));
    QTemporaryDir recovery;
    AutosaveManager::setDefaultDirectory(recovery.path());
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
