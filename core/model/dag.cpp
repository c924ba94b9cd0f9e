#include "model/dag.h"

#include <algorithm>
#include <limits>

namespace hetsched {

const std::vector<std::string>* DagSimGridSource::hostsOf(const std::string& cluster) const {
    for (const auto& [name, hosts] : hostsByCluster)
        if (name == cluster) return &hosts;
    return nullptr;
}

double amdahlSeconds(const DagTask& task, double speed, double processors) {
    return (task.alpha + (1 - task.alpha) / processors) * task.flops / speed;
}

DagGraph buildDagGraph(std::size_t taskCount, const std::vector<DagEdge>& edges) {
    DagGraph g;
    g.inEdges.assign(taskCount, {});
    g.outEdges.assign(taskCount, {});
    for (std::size_t e = 0; e < edges.size(); ++e) {
        g.outEdges[edges[e].from].push_back(e);
        g.inEdges[edges[e].to].push_back(e);
    }
    // Kahn's algorithm, smallest index first among the ready tasks so the order is stable.
    std::vector<std::size_t> missing(taskCount);
    std::vector<std::size_t> ready;
    for (std::size_t t = 0; t < taskCount; ++t)
        if ((missing[t] = g.inEdges[t].size()) == 0) ready.push_back(t);
    std::reverse(ready.begin(), ready.end());
    std::vector<std::size_t> order;
    order.reserve(taskCount);
    while (!ready.empty()) {
        const std::size_t t = ready.back();
        ready.pop_back();
        order.push_back(t);
        for (std::size_t e : g.outEdges[t])
            if (--missing[edges[e].to] == 0) ready.push_back(edges[e].to);
    }
    if (order.size() == taskCount) {
        g.topologicalOrder = std::move(order);
        return g;
    }
    // Every task left has a predecessor left: walk predecessors until one repeats.
    std::size_t start = 0;
    while (missing[start] == 0) ++start;
    std::vector<std::size_t> seenAt(taskCount, std::numeric_limits<std::size_t>::max());
    std::vector<std::size_t> walk;
    std::size_t t = start;
    while (seenAt[t] == std::numeric_limits<std::size_t>::max()) {
        seenAt[t] = walk.size();
        walk.push_back(t);
        for (std::size_t e : g.inEdges[t])
            if (missing[edges[e].from] != 0) {
                t = edges[e].from;
                break;
            }
    }
    // walk[seenAt[t]..] followed predecessors: reverse it into successor order.
    std::vector<std::size_t> cycle(walk.begin() + static_cast<std::ptrdiff_t>(seenAt[t]), walk.end());
    std::reverse(cycle.begin(), cycle.end());
    cycle.push_back(cycle.front());
    g.cycle = std::move(cycle);
    return g;
}

std::vector<int> precedenceLevels(const DagInstance& in, const DagGraph& graph) {
    std::vector<int> level(in.tasks.size(), 0);
    for (std::size_t t : graph.topologicalOrder)
        for (std::size_t e : graph.inEdges[t]) level[t] = std::max(level[t], level[in.edges[e].from] + 1);
    return level;
}

ProcessorIndex indexProcessors(const DagPlatform& platform) {
    ProcessorIndex index;
    index.offset.push_back(0);
    for (std::size_t c = 0; c < platform.clusters.size(); ++c) {
        index.offset.push_back(index.offset.back() + platform.clusters[c].processors);
        index.clusterOf.insert(index.clusterOf.end(), static_cast<std::size_t>(platform.clusters[c].processors),
                               static_cast<int>(c));
    }
    return index;
}

double executionSeconds(const DagInstance& in, const ProcessorIndex& index, const DagTask& task,
                        const std::vector<int>& processors) {
    double slowest = std::numeric_limits<double>::infinity();
    int last = -1;
    for (int p : processors) {
        const int c = index.clusterOf[static_cast<std::size_t>(p)];
        if (c != last) slowest = std::min(slowest, in.platform.clusters[static_cast<std::size_t>(c)].speed);
        last = c;
    }
    return amdahlSeconds(task, slowest, static_cast<double>(processors.size()));
}

ProcessorSetShape shapeOf(const DagPlatform& platform, const ProcessorIndex& index, const std::vector<int>& set) {
    ProcessorSetShape s;
    s.count = static_cast<double>(set.size());
    s.bandwidth = std::numeric_limits<double>::infinity();
    int first = -1;
    bool single = true;
    int last = -1;
    for (int p : set) {
        const int c = index.clusterOf[static_cast<std::size_t>(p)];
        if (c == last) continue;
        last = c;
        if (first < 0) first = c;
        single = single && c == first;
        const DagCluster& cluster = platform.clusters[static_cast<std::size_t>(c)];
        s.latency = std::max(s.latency, cluster.latency);
        s.bandwidth = std::min(s.bandwidth, cluster.bandwidth);
    }
    s.cluster = single ? first : -1;
    return s;
}

double redistributionSeconds(const DagPlatform& platform, double bytes, const ProcessorSetShape& a,
                             const ProcessorSetShape& b) {
    if (bytes <= 0) return 0;
    if (a.cluster >= 0 && a.cluster == b.cluster) return a.latency + bytes / (std::min(a.count, b.count) * a.bandwidth);
    const double bottleneck = std::min({a.count * a.bandwidth, platform.backbone.bandwidth, b.count * b.bandwidth});
    return a.latency + platform.backbone.latency + b.latency + bytes / bottleneck;
}

double redistributionSeconds(const DagPlatform& platform, const ProcessorIndex& index, double bytes,
                             const std::vector<int>& from, const std::vector<int>& to) {
    if (from == to || bytes <= 0) return 0;
    return redistributionSeconds(platform, bytes, shapeOf(platform, index, from), shapeOf(platform, index, to));
}

}  // namespace hetsched
