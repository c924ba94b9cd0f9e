// The canvas at scale: loading a platform of 1000 nodes and 5000 links into the editor, and rendering
// frames of the view offscreen (the paint path the screen uses: QGraphicsView::paintEvent into a QImage)
// at fit-to-window zoom, at 100 %, zoomed in, and while panning; against a 1-node and a 100-node scene.
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QEventLoop>
#include <QImage>
#include <QPainter>
#include <QLineF>
#include <QScrollBar>
#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

#include "model/dag_random.h"
#include "model/platform_generators.h"
#include "canvas/canvas_widget.h"
#include "canvas/dag_adapter.h"
#include "canvas/graph_scene.h"
#include "canvas/graph_view.h"
#include "canvas/steady_state_adapter.h"
#include "document/project_document.h"
#include "layout/graph_layout.h"

namespace {

using namespace hetsched;
using namespace hetsched::ui;

enum Topology { Geometric, Random, RandomLoaded };

// 5 links per node (5000 on 1000 nodes). Geometric: nodes spread on a plane, each linked to its nearest
// neighbours, as a drawn platform is (sites, racks, switches); positions are the plane's. Random: the
// endpoints drawn uniformly, a hairball no layout can untangle (the worst case), force-directed positions.
// RandomLoaded: the same with a result's overlay, every link its own load (colour and width) and label.
struct Drawn {
    SteadyStateInstance instance;
    nlohmann::json layout;
};

nlohmann::json forceLayout(const SteadyStateInstance& in);

Drawn platform(int nodes, Topology topology) {
    if (topology != Geometric) {
        SteadyStateInstance in = randomSteadyPlatform(static_cast<std::size_t>(nodes), 10.0, 11);
        nlohmann::json layout = forceLayout(in);
        return {std::move(in), std::move(layout)};
    }
    std::mt19937 rng(5);
    const double side = 160.0 * std::sqrt(static_cast<double>(nodes));
    std::uniform_real_distribution<double> coordinate(0, side);
    SteadyStateInstance in;
    std::vector<QPointF> at;
    nlohmann::json positions = nlohmann::json::object();
    for (int u = 0; u < nodes; ++u) {
        in.nodes.push_back({std::string("P").append(std::to_string(u + 1)), double(1 + rng() % 10)});
        at.emplace_back(coordinate(rng), coordinate(rng));
        positions[in.nodes.back().name] = {at.back().x(), at.back().y()};
    }
    std::set<std::pair<std::size_t, std::size_t>> used;
    const std::size_t target = static_cast<std::size_t>(5 * nodes);
    for (std::size_t k = 1; used.size() < target && k < static_cast<std::size_t>(nodes); ++k) {
        // Every node's k-th nearest neighbour, until 5 links per node.
        for (std::size_t u = 0; u < at.size() && used.size() < target; ++u) {
            std::vector<std::pair<double, std::size_t>> distance;
            for (std::size_t v = 0; v < at.size(); ++v)
                if (v != u) distance.push_back({QLineF(at[u], at[v]).length(), v});
            std::nth_element(distance.begin(), distance.begin() + static_cast<std::ptrdiff_t>(k - 1), distance.end());
            const std::size_t v = distance[k - 1].second;
            if (used.insert(std::minmax(u, v)).second) in.links.push_back({u, v, double(1 + rng() % 10), true});
        }
    }
    in.application = {SteadyApplicationType::BagOfTasks, 0, 1, 1, 1, {}};
    return {std::move(in), {{"positions", positions}}};
}

// The positions an earlier session stored (a force-directed layout), so that loading measures the editor.
nlohmann::json forceLayout(const SteadyStateInstance& in) {
    std::vector<layout::LayoutEdge> edges;
    for (const SteadyLink& l : in.links) edges.push_back({static_cast<int>(l.from), static_cast<int>(l.to)});
    layout::ForceOptions options;
    options.edgeLength = 170;
    const std::vector<layout::Point> points = layout::forceDirectedLayout(static_cast<int>(in.nodes.size()), edges, options);
    nlohmann::json positions = nlohmann::json::object();
    for (std::size_t u = 0; u < in.nodes.size(); ++u) positions[in.nodes[u].name] = {points[u].x, points[u].y};
    return {{"positions", positions}};
}

// Opening an entry in the canvas editor: adapter graph, positions, items; with or without stored positions.
void BM_LoadCanvas(benchmark::State& state) {
    const int nodes = static_cast<int>(state.range(0));
    const bool stored = state.range(1) != 0;
    const Drawn drawn = platform(nodes, Geometric);
    const SteadyStateInstance& in = drawn.instance;
    ProjectDocument document;
    Project project;
    project.entries.push_back({"platform", in, {}, stored ? drawn.layout : nlohmann::json()});
    document.reset(project, QString());
    const EntryId id = document.entryAt(0).id;
    for (auto _ : state) {
        CanvasWidget canvas(&document, std::make_unique<SteadyStateAdapter>());
        canvas.resize(1280, 800);
        canvas.setEntry(id);
        if (canvas.isLayingOut()) {
            // Without positions the force-directed layout runs off the GUI thread: until it is on the canvas.
            QEventLoop loop;
            QObject::connect(&canvas, &CanvasWidget::layoutFinished, &loop, &QEventLoop::quit);
            loop.exec();
        }
        benchmark::DoNotOptimize(canvas.scene()->items().size());
    }
    state.SetLabel(std::to_string(in.nodes.size()) + " nodes, " + std::to_string(in.links.size()) + " links" +
                   (stored ? ", stored positions" : ", force-directed layout (off the GUI thread), until drawn"));
}
BENCHMARK(BM_LoadCanvas)->Args({1, 1})->Args({100, 1})->Args({1000, 1})->Args({1000, 0})->Unit(benchmark::kMillisecond);

// A document holding a daggen graph of state.range(0) tasks (fat 0.5, density 0.5, jump 1) on the default
// platform, as File > Import Task Graph or Generate leaves it; the benchmark labelled with its size, or
// skipped (no entry) when the graph cannot be made.
std::optional<EntryId> openDaggenGraph(benchmark::State& state, ProjectDocument& document) {
    DagGeneratorConfig config;
    config.n = static_cast<int>(state.range(0));
    config.fat = 0.5;
    config.density = 0.5;
    config.jump = 1;
    config.seed = 1;
    const Expected<DagPlatform> platform = generatePlatform(DagPlatformConfig{});
    const Expected<DagInstance> dag = platform ? generateDag(config, *platform) : Expected<DagInstance>(platform.error());
    if (!dag) {
        state.SkipWithError(dag.error().message.c_str());
        return std::nullopt;
    }
    Project project;
    project.entries.push_back({"dag", Instance(*dag), {}, nullptr});
    document.reset(project, QString());
    state.SetLabel(std::to_string(dag->tasks.size()) + " tasks, " + std::to_string(dag->edges.size()) + " dependencies");
    return document.entryAt(0).id;
}

// Until the canvas shows its entry complete: a graph of CanvasWidget::kBackgroundBuildElements elements or
// more is prepared off the GUI thread and its items made a slice at a time.
void waitUntilBuilt(CanvasWidget& canvas) {
    if (!canvas.isBuilding()) return;
    QEventLoop loop;
    QObject::connect(&canvas, &CanvasWidget::graphBuilt, &loop, &QEventLoop::quit);
    loop.exec();
}

// The entry's task graph on a canvas of 1280 x 800, built (the layered layout and every item).
std::unique_ptr<CanvasWidget> builtDagCanvas(ProjectDocument& document, EntryId id) {
    auto canvas = std::make_unique<CanvasWidget>(&document, std::make_unique<DagAdapter>());
    canvas->resize(1280, 800);
    canvas->setEntry(id);
    waitUntilBuilt(*canvas);
    return canvas;
}

// A task graph on its canvas (layered layout, one item per task and per dependency).
void BM_LoadDagCanvas(benchmark::State& state) {
    ProjectDocument document;
    const std::optional<EntryId> id = openDaggenGraph(state, document);
    if (!id) return;
    for (auto _ : state) {
        const std::unique_ptr<CanvasWidget> canvas = builtDagCanvas(document, *id);
        benchmark::DoNotOptimize(canvas->scene()->nodeItems().size());
    }
}
BENCHMARK(BM_LoadDagCanvas)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

// One edit of a task graph on its canvas (a task's flops, alternately two values), end to end: the edit
// made by the adapter, checked, pushed as an undoable command, the scene brought up to date. The graph
// comes without stored positions: the first edit stores the automatic layout (one undoable step with it),
// made before the timed ones when state.range(1) is 1, timed with them when 0 (the figure before issue 14).
void BM_EditDagCanvas(benchmark::State& state) {
    ProjectDocument document;
    const std::optional<EntryId> id = openDaggenGraph(state, document);
    if (!id) return;
    const std::unique_ptr<CanvasWidget> built = builtDagCanvas(document, *id);
    CanvasWidget& canvas = *built;
    int step = 0;
    if (state.range(1) != 0 &&
        !canvas.apply(canvas.adapter()->setNodeProperty(document.entry(*id)->instance, 0, QStringLiteral("flops"),
                                                        QStringLiteral("5e9")))) {
        state.SkipWithError("the edit was refused");
        return;
    }
    for (auto _ : state) {
        const Instance& current = document.entry(*id)->instance;
        const QString flops = (step++ % 2 == 0) ? QStringLiteral("3e9") : QStringLiteral("4e9");
        if (!canvas.apply(canvas.adapter()->setNodeProperty(current, 0, QStringLiteral("flops"), flops))) {
            state.SkipWithError("the edit was refused");
            return;
        }
    }
}
BENCHMARK(BM_EditDagCanvas)->Args({1000, 0})->Args({10000, 0})->Args({1000, 1})->Args({10000, 1})->Unit(benchmark::kMillisecond);

// The first edit alone of a graph opened without stored positions (it stores the positions shown with the
// edit, one undoable step): each iteration opens the graph anew, untimed, and times that one edit.
void BM_FirstEditDagCanvas(benchmark::State& state) {
    std::unique_ptr<ProjectDocument> document;
    std::unique_ptr<CanvasWidget> canvas;
    for (auto _ : state) {
        state.PauseTiming();
        canvas.reset();   // the previous iteration's, torn down untimed
        document = std::make_unique<ProjectDocument>();
        const std::optional<EntryId> id = openDaggenGraph(state, *document);
        if (!id) return;
        canvas = builtDagCanvas(*document, *id);
        state.ResumeTiming();
        if (!canvas->apply(canvas->adapter()->setNodeProperty(document->entry(*id)->instance, 0,
                                                              QStringLiteral("flops"), QStringLiteral("5e9")))) {
            state.SkipWithError("the edit was refused");
            return;
        }
        state.PauseTiming();
        const nlohmann::json& layout = document->entry(*id)->layout;
        const bool stored = layout.is_object() && layout.contains("positions");
        state.ResumeTiming();
        if (!stored) {
            state.SkipWithError("the first edit stored no positions");
            return;
        }
    }
}
BENCHMARK(BM_FirstEditDagCanvas)->Arg(10000)->Iterations(3)->Unit(benchmark::kMillisecond);

// Undo and redo of a task's flops on the canvas (each timed step one of them): the document restores the
// version's snapshot (a copy of it for the entry), the canvas redraws the graph.
void BM_UndoDagCanvas(benchmark::State& state) {
    ProjectDocument document;
    const std::optional<EntryId> id = openDaggenGraph(state, document);
    if (!id) return;
    const std::unique_ptr<CanvasWidget> built = builtDagCanvas(document, *id);
    CanvasWidget& canvas = *built;
    for (const char* flops : {"5e9", "6e9"})
        if (!canvas.apply(canvas.adapter()->setNodeProperty(document.entry(*id)->instance, 0, QStringLiteral("flops"),
                                                            QString::fromLatin1(flops)))) {
            state.SkipWithError("the edit was refused");
            return;
        }
    int step = 0;
    for (auto _ : state) {
        if (step++ % 2 == 0) document.undoStack()->undo();
        else document.undoStack()->redo();
    }
}
BENCHMARK(BM_UndoDagCanvas)->Arg(10000)->Unit(benchmark::kMillisecond);

enum Mode { Fit, Actual, ZoomedIn, Panning };

// One frame of the view at 1280x800: the viewport's paint event rendered into an image.
void BM_Frame(benchmark::State& state) {
    const int nodes = static_cast<int>(state.range(0));
    const auto mode = static_cast<Mode>(state.range(1));
    const auto topology = static_cast<Topology>(state.range(2));
    const Drawn drawn = platform(nodes, topology);
    const SteadyStateInstance& in = drawn.instance;
    SteadyStateAdapter adapter;
    CanvasGraph graph = adapter.graph(Instance(in));
    if (topology == RandomLoaded) {
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> load(0, 1);
        for (CanvasLink& link : graph.links) {
            link.load = load(rng);
            link.value = QStringLiteral("bw 5 · %1%").arg(qRound(100 * link.load));
        }
    }
    const nlohmann::json& layout = drawn.layout;
    std::vector<QPointF> positions;
    for (const SteadyNode& n : in.nodes) {
        const nlohmann::json& p = layout["positions"][n.name];
        positions.emplace_back(p[0].get<double>(), p[1].get<double>());
    }
    GraphScene scene;
    scene.setGraph(graph, positions);
    GraphView view(&scene);
    view.resize(1280, 800);
    view.show();
    view.fitAll();
    if (mode == Actual || mode == Panning) view.zoomBy(1.0 / view.zoom());
    if (mode == ZoomedIn) view.zoomBy(3.0 / view.zoom());
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    {
        // The first frame fills the glyph caches; the user has seen it before panning or zooming.
        QPainter painter(&image);
        view.viewport()->render(&painter);
    }
    int step = 0;
    for (auto _ : state) {
        if (mode == Panning) {
            // Back and forth across the drawing, 24 pixels a frame.
            QScrollBar* bar = view.horizontalScrollBar();
            const int direction = (step++ / 40) % 2 == 0 ? 1 : -1;
            bar->setValue(bar->value() + direction * 24);
        }
        QPainter painter(&image);
        view.viewport()->render(&painter);
    }
    const char* names[] = {"fit", "100%", "300%", "panning at 100%"};
    // HETSCHED_BENCH_SHOTS=<dir>: the last frame of each case as PNG, to look at what was measured.
    if (const QString dir = qEnvironmentVariable("HETSCHED_BENCH_SHOTS"); !dir.isEmpty())
        image.save(QStringLiteral("%1/frame-%2-%3-%4.png").arg(dir).arg(nodes).arg(int(mode)).arg(int(topology)));
    const char* topologies[] = {"geometric ", "random ", "random with loads "};
    state.SetLabel(std::string(topologies[topology]) + std::to_string(in.nodes.size()) +
                   " nodes, " + std::to_string(in.links.size()) + " links, " + names[mode] + ", zoom " + std::to_string(view.zoom()).substr(0, 5));
}
BENCHMARK(BM_Frame)
    ->Args({1, Fit, Geometric})
    ->Args({100, Fit, Geometric})
    ->Args({1000, Fit, Geometric})
    ->Args({1000, Actual, Geometric})
    ->Args({1000, ZoomedIn, Geometric})
    ->Args({1000, Panning, Geometric})
    ->Args({1000, Fit, Random})
    ->Args({1000, Actual, Random})
    ->Args({1000, ZoomedIn, Random})
    ->Args({1000, Fit, RandomLoaded})
    ->Args({1000, Actual, RandomLoaded})
    ->Args({1000, ZoomedIn, RandomLoaded})
    ->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
