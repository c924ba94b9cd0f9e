// The whole check of a task graph instance (model/instance_checks.h), on the typed model.
#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "common/name_index.h"
#include "model/instance_checks.h"
#include "model/dag_edge_rows.h"

#include "common/number_format.h"   // formatSignificant: printf's %.6g

namespace hetsched {

using namespace dag_limits;

std::string dagCycleText(const DagInstance& in, const std::vector<std::size_t>& cycle) {
    std::string text;
    for (std::size_t t : cycle) text += (text.empty() ? "" : " -> ") + in.tasks[t].name;
    return text;
}

double dagFastestSpeed(const DagPlatform& platform) {
    double fastest = 0;
    for (const DagCluster& c : platform.clusters) fastest = std::max(fastest, c.speed);
    return fastest;
}

std::string dagTaskFitsNowhere(const DagTask& task, double fastest) {
    return "task \"" + task.name + "\" fits nowhere: " + formatSignificant(task.flops) + " flops take " +
           formatSignificant(task.flops / fastest) + " s even on the fastest processor (limit 1e15 s)";
}

std::optional<std::string> dagInstanceProblem(const DagInstance& in) {
    const DagPlatform& p = in.platform;
    if (p.clusters.empty()) return "the platform has no cluster";
    if (p.clusters.size() > kMaxClusters) return "more than 10000 clusters";
    std::unordered_set<std::string> names;
    long long processors = 0;
    auto badRate = [](double v) { return !(v >= kMinRate && v <= kMaxValue); };
    auto badLatency = [](double v) { return !(v >= 0 && v <= kMaxLatency); };
    for (const DagCluster& c : p.clusters) {
        if (c.name.empty()) return std::string("a cluster has an empty name");
        if (!names.insert(c.name).second) return "duplicate cluster name \"" + c.name + "\"";
        if (c.processors < 1) return "cluster \"" + c.name + "\" has no processor";
        processors += c.processors;
        if (processors > kMaxProcessors) return std::string("the platform has more than 1000000 processors");
        if (badRate(c.speed)) return "cluster \"" + c.name + "\": speed must be between 1e-6 and 1e30, got " + formatSignificant(c.speed);
        if (badRate(c.bandwidth))
            return "cluster \"" + c.name + "\": bandwidth must be between 1e-6 and 1e30, got " + formatSignificant(c.bandwidth);
        if (badLatency(c.latency)) return "cluster \"" + c.name + "\": latency must be between 0 and 1e30, got " + formatSignificant(c.latency);
    }
    // The SimGrid hosts recorded for a cluster (what its file lists under "hosts"): named, each once.
    if (!p.simgrid.empty())
        for (const DagCluster& c : p.clusters)
            if (const std::vector<std::string>* hosts = p.simgrid.hostsOf(c.name)) {
                std::unordered_set<std::string_view> seen;
                for (const std::string& host : *hosts) {
                    if (host.empty()) return "cluster \"" + c.name + "\": a SimGrid host has an empty name";
                    if (!seen.insert(host).second) return "cluster \"" + c.name + "\": duplicate host \"" + host + "\"";
                }
            }
    if (badRate(p.backbone.bandwidth)) return "backbone bandwidth must be between 1e-6 and 1e30, got " + formatSignificant(p.backbone.bandwidth);
    if (badLatency(p.backbone.latency)) return "backbone latency must be between 0 and 1e30, got " + formatSignificant(p.backbone.latency);
    if (in.tasks.empty()) return std::string("the graph has no task");
    if (in.tasks.size() > kMaxTasks) return std::string("more than 1000000 tasks");
    if (in.edges.size() > kMaxEdges) return std::string("more than 20000000 edges");
    const double fastest = dagFastestSpeed(p);
    // The names first (the index's cache misses overlap), then the tasks in order up to the first repeated
    // name, so that the first problem in the graph's order is the one named.
    NameIndex taskNames(in.tasks.size());
    const auto repeatedName =
        taskNames.addEach(in.tasks.size(), [&](std::size_t j) -> std::string_view { return in.tasks[j].name; });
    for (std::size_t j = 0; j < in.tasks.size(); ++j) {
        const DagTask& t = in.tasks[j];
        if (t.name.empty()) return std::string("a task has an empty name");
        if (repeatedName && repeatedName->first == j) return "duplicate task name \"" + t.name + "\"";
        if (!(t.flops >= 0 && t.flops <= kMaxValue))
            return "task \"" + t.name + "\": flops must be between 0 and 1e30, got " + formatSignificant(t.flops);
        if (!(t.alpha >= 0 && t.alpha <= 1)) return "task \"" + t.name + "\": alpha must be in [0, 1], got " + formatSignificant(t.alpha);
        if (t.flops / fastest > kMaxTaskSeconds) return dagTaskFitsNowhere(t, fastest);
    }
    const std::size_t n = in.tasks.size();
    auto known = [&](const DagEdge& e) { return e.from < n && e.to < n; };
    const DagEdgeRows rows(n, in.edges);
    const std::optional<std::size_t> repeated = rows.firstRepeated();
    for (std::size_t k = 0; k < in.edges.size(); ++k) {
        const DagEdge& e = in.edges[k];
        if (!known(e)) return std::string("an edge names an unknown task");
        auto text = [&] { return "\"" + in.tasks[e.from].name + "\" -> \"" + in.tasks[e.to].name + "\""; };
        if (e.from == e.to) return "task \"" + in.tasks[e.from].name + "\" depends on itself";
        if (repeated == k) return "duplicate edge " + text();
        if (!(e.bytes >= 0 && e.bytes <= kMaxValue)) return "edge " + text() + ": bytes must be between 0 and 1e30, got " + formatSignificant(e.bytes);
    }
    // Kahn's algorithm on the rows; only a graph with a cycle is walked again to name one.
    if (rows.acyclic()) return std::nullopt;
    const DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
    if (!graph.cycle.empty()) return "the graph has a cycle: " + dagCycleText(in, graph.cycle);
    return std::nullopt;
}

}  // namespace hetsched
