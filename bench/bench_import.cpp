// The task graph readers at the sizes of issue 12: a WfFormat 1.5 workflow and a Pegasus DAX of 10,000
// tasks (target: under 1 s each), a daggen DOT of 10,000 tasks and about 200,000 edges (under 2 s).
// Baselines measured in the same run: the parse alone by the library underneath (nlohmann::json, libxml2
// through the DAX reader's own path is not separable, so a plain JSON parse of the same size; cgraph's
// agmemread for DOT), so the figures say what our readers add to the parse.
#include <benchmark/benchmark.h>

#include <graphviz/cgraph.h>

#include <nlohmann/json.hpp>
#include <string>

#include "io/dag_import.h"
#include "model/dag_random.h"

namespace {

using namespace hetsched;

// daggen's shape of graph, 10,000 tasks; dense enough for about 200,000 edges.
const DagInstance& bigGraph() {
    static const DagInstance in = [] {
        DagPlatformConfig pc;
        pc.clusters = 2;
        DagGeneratorConfig gc;
        gc.n = 10000;
        gc.fat = 0.5;
        gc.density = 0.3;
        gc.jump = 2;
        gc.seed = 7;
        return *generateDag(gc, *generatePlatform(pc));
    }();
    return in;
}

// As daggen --dot writes it (every tenth edge twice, as daggen does).
const std::string& daggenDot() {
    static const std::string text = [] {
        const DagInstance& in = bigGraph();
        std::string t = "digraph G {\n";
        for (const DagTask& task : in.tasks)
            t += "  " + task.name + " [size=\"" + std::to_string(task.flops) + "\", alpha=\"" + std::to_string(task.alpha) + "\"]\n";
        for (std::size_t e = 0; e < in.edges.size(); ++e) {
            const DagEdge& edge = in.edges[e];
            const std::string line = "  " + in.tasks[edge.from].name + " -> " + in.tasks[edge.to].name + " [size =\"" +
                                     std::to_string(static_cast<long long>(edge.bytes)) + "\"]\n";
            t += line;
            if (e % 10 == 0) t += line;
        }
        return t + "}\n";
    }();
    return text;
}

// WfFormat 1.5 (specification / execution, files by id) with one output file per task read by its children.
const std::string& wfFormat15() {
    static const std::string text = [] {
        const DagInstance& in = bigGraph();
        const DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
        nlohmann::json tasks = nlohmann::json::array(), files = nlohmann::json::array(),
                       execution = nlohmann::json::array();
        for (std::size_t t = 0; t < in.tasks.size(); ++t) {
            nlohmann::json parents = nlohmann::json::array(), inputs = nlohmann::json::array();
            for (std::size_t e : graph.inEdges[t]) {
                parents.push_back("t" + std::to_string(in.edges[e].from));
                inputs.push_back("f" + std::to_string(in.edges[e].from));
            }
            tasks.push_back({{"name", "task_" + std::to_string(t)}, {"id", "t" + std::to_string(t)},
                             {"parents", parents}, {"children", nlohmann::json::array()}, {"inputFiles", inputs},
                             {"outputFiles", {"f" + std::to_string(t)}}});
            files.push_back({{"id", "f" + std::to_string(t)}, {"sizeInBytes", 4096 + t}});
            execution.push_back({{"id", "t" + std::to_string(t)}, {"runtimeInSeconds", in.tasks[t].flops / 1e9}});
        }
        nlohmann::json doc = {{"name", "bench"}, {"schemaVersion", "1.5"},
                              {"workflow", {{"specification", {{"tasks", tasks}, {"files", files}}},
                                            {"execution", {{"makespanInSeconds", 0}, {"tasks", execution}}}}}};
        return doc.dump();
    }();
    return text;
}

// Pegasus DAX 3.6: jobs with runtime and uses, child/parent lists.
const std::string& dax() {
    static const std::string text = [] {
        const DagInstance& in = bigGraph();
        const DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
        std::string t = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<adag xmlns=\"http://pegasus.isi.edu/schema/DAX\" "
                        "version=\"3.6\" name=\"bench\">\n";
        for (std::size_t j = 0; j < in.tasks.size(); ++j) {
            t += "  <job id=\"ID" + std::to_string(j) + "\" name=\"task\" runtime=\"" + std::to_string(in.tasks[j].flops / 1e9) + "\">\n";
            for (std::size_t e : graph.inEdges[j])
                t += "    <uses name=\"f" + std::to_string(in.edges[e].from) + "\" link=\"input\" size=\"4096\"/>\n";
            t += "    <uses name=\"f" + std::to_string(j) + "\" link=\"output\" size=\"4096\"/>\n  </job>\n";
        }
        for (std::size_t j = 0; j < in.tasks.size(); ++j) {
            if (graph.inEdges[j].empty()) continue;
            t += "  <child ref=\"ID" + std::to_string(j) + "\">\n";
            for (std::size_t e : graph.inEdges[j]) t += "    <parent ref=\"ID" + std::to_string(in.edges[e].from) + "\"/>\n";
            t += "  </child>\n";
        }
        return t + "</adag>\n";
    }();
    return text;
}

template <class Read>
void read(benchmark::State& state, const std::string& text, Read reader) {
    std::size_t tasks = 0, edges = 0;
    for (auto _ : state) {
        Expected<TaskGraphImport> g = reader(text, TaskGraphImportOptions{});
        if (!g) {
            state.SkipWithError(g.error().message.c_str());
            return;
        }
        tasks = g->graph.tasks.size();
        edges = g->graph.edges.size();
    }
    state.SetLabel("tasks=" + std::to_string(tasks) + " edges=" + std::to_string(edges) +
                   " MB=" + std::to_string(text.size() / 1000000.0));
}

void dotReader(benchmark::State& state) { read(state, daggenDot(), readDotTaskGraph); }
void wfFormatReader(benchmark::State& state) { read(state, wfFormat15(), readWfFormatTaskGraph); }
void daxReader(benchmark::State& state) { read(state, dax(), readDaxTaskGraph); }

// Baselines: the library's parse alone.
void dotCgraphParseOnly(benchmark::State& state) {
    const std::string& text = daggenDot();
    for (auto _ : state) {
        Agraph_t* g = agmemread(text.c_str());
        benchmark::DoNotOptimize(g);
        if (g) agclose(g);
    }
}
void wfFormatJsonParseOnly(benchmark::State& state) {
    const std::string& text = wfFormat15();
    for (auto _ : state) {
        nlohmann::json j = nlohmann::json::parse(text);
        benchmark::DoNotOptimize(j);
    }
}

}  // namespace

BENCHMARK(dotCgraphParseOnly)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(dotReader)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(wfFormatJsonParseOnly)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(wfFormatReader)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(daxReader)->Unit(benchmark::kMillisecond)->Iterations(3);

BENCHMARK_MAIN();
