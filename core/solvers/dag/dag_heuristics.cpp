// The placement steps: hcpa, s-hcpa, cpa (on the virtual homogeneous platform), mheft, heft and seq.
#include <algorithm>
#include <cmath>
#include <limits>

#include "solvers/dag/dag_common.h"
#include "solvers/dag/dag_registration.h"

namespace hetsched {

using dag_detail::DagAdjacency;
using dag_detail::PlacementEngine;

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

Expected<DagAdjacency> acyclicGraph(const DagInstance& in) {
    DagAdjacency graph(in.tasks.size(), in.edges);
    if (!graph.acyclic()) return invalidInput("the graph has a cycle");
    return graph;
}

std::string allocationNote(const DagAllocation& a) {
    return "allocation: P_ref = " + std::to_string(a.referenceProcessors) + ", " + std::to_string(a.iterations) +
           " processors added, stopped because " +
           (a.saturated ? std::string("the critical path is saturated")
                        : "T_CP = " + dag_detail::formatNumber(a.criticalPath) +
                              " <= T_A = " + dag_detail::formatNumber(a.averageArea));
}

// The cluster whose allocation finishes first (Eq. 9), ties to the lower index. `prepared` is reused
// from task to task.
void placeEarliestFinish(PlacementEngine& engine, std::size_t t, const std::vector<int>& perCluster,
                         PlacementEngine::Prepared& prepared) {
    engine.prepare(t, prepared);
    // The cluster whose placement ends first, the first cluster on ties. Clusters are tried by the lower
    // bound of their end (endLowerBound), and one whose bound cannot beat the best end found is never
    // evaluated: the same choice as evaluating every cluster in order, without the transfers of most.
    std::vector<std::pair<double, int>>& bounds = prepared.clusterBounds;
    bounds.clear();
    for (std::size_t j = 0; j < perCluster.size(); ++j)
        bounds.emplace_back(engine.endLowerBound(prepared, static_cast<int>(j), perCluster[j]), static_cast<int>(j));
    std::sort(bounds.begin(), bounds.end());
    int best = -1;
    PlacementEngine::Choice bestChoice;
    bestChoice.end = kInfinity;
    for (const auto& [bound, j] : bounds) {
        if (best >= 0 && bound > bestChoice.end) break;   // the bounds that follow are no lower
        if (best >= 0 && bound == bestChoice.end && j > best) continue;
        engine.focus(prepared, j);
        const PlacementEngine::Choice choice = engine.evaluate(prepared, perCluster[static_cast<std::size_t>(j)]);
        if (best < 0 || choice.end < bestChoice.end || (choice.end == bestChoice.end && j < best)) {
            bestChoice = choice;
            best = j;
        }
    }
    if (prepared.cluster != best) engine.focus(prepared, best);
    engine.commit(prepared, perCluster[static_cast<std::size_t>(best)], bestChoice);
}

// Mean transfer time of each edge: mean LAN latency + bytes / mean LAN bandwidth (HEFT's average c_ij).
std::vector<double> meanEdgeCosts(const DagInstance& in) {
    double latency = 0, bandwidth = 0;
    for (const DagCluster& c : in.platform.clusters) {
        latency += c.latency;
        bandwidth += c.bandwidth;
    }
    latency /= double(in.platform.clusters.size());
    bandwidth /= double(in.platform.clusters.size());
    std::vector<double> cost;
    cost.reserve(in.edges.size());
    for (const DagEdge& e : in.edges) cost.push_back(e.bytes > 0 ? latency + e.bytes / bandwidth : 0.0);
    return cost;
}

}  // namespace

Expected<DagSolution> solveDagHcpa(const DagInstance& in, const Progress& progress) {
    Expected<DagAdjacency> graph = acyclicGraph(in);
    if (!graph) return graph.error();
    Expected<DagAllocation> allocation = allocateHcpa(in, -1, progress);
    if (!allocation) return allocation.error();
    PlacementEngine engine(in, *graph);
    PlacementEngine::Prepared prepared;
    // The allocation reported [0, 0.5]; the placement goes on from there.
    const Progress placement = progress.scaled(0.5, 1);
    Expected<bool> placed = dag_detail::listSchedule(in, *graph, allocation->bottomLevels, placement, "placement",
                                                     [&](std::size_t t) {
                                                         placeEarliestFinish(engine, t, allocation->perCluster[t],
                                                                             prepared);
                                                     });
    if (!placed) return placed.error();
    DagSolution s = dag_detail::finishSolution(engine.takePlacements(), allocationNote(*allocation));
    s.allocation = std::move(*allocation);
    return s;
}

Expected<DagSolution> solveDagSHcpa(const DagInstance& in, const Progress& progress) {
    Expected<DagAdjacency> graph = acyclicGraph(in);
    if (!graph) return graph.error();
    Expected<DagAllocation> allocation = allocateHcpa(in, -1, progress);
    if (!allocation) return allocation.error();
    const std::size_t n = in.tasks.size();
    const std::size_t C = in.platform.clusters.size();
    const std::vector<double>& bl = allocation->bottomLevels;
    PlacementEngine engine(in, *graph);
    // The finish time of every ready task on every cluster; a placement on cluster j only changes
    // the entries of cluster j (the other clusters' processors and the placed predecessors are unchanged).
    std::vector<std::size_t> ready;
    std::vector<std::vector<double>> finish(n);
    std::vector<std::size_t> missing(n);
    auto evaluate = [&](std::size_t t, std::size_t j) {
        const PlacementEngine::Prepared prepared = engine.prepare(t, static_cast<int>(j));
        finish[t][j] = engine.evaluate(prepared, allocation->perCluster[t][j]).end;
    };
    auto makeReady = [&](std::size_t t) {
        ready.push_back(t);
        finish[t].assign(C, kInfinity);
        for (std::size_t j = 0; j < C; ++j) evaluate(t, j);
    };
    for (std::size_t t = 0; t < n; ++t)
        if ((missing[t] = graph->in(t).size()) == 0) makeReady(t);
    std::size_t done = 0;
    while (!ready.empty()) {
        if ((done & 63) == 0) {
            if (progress.stopRequested()) return cancelledError();
            progress.report(0.5 + 0.5 * double(done) / double(n), "sufferage placement");
        }
        // The task that suffers most from losing its best cluster; one cluster: sufferage 0 for all.
        std::size_t pick = 0;
        double pickSufferage = -1;
        std::size_t pickCluster = 0;
        for (std::size_t k = 0; k < ready.size(); ++k) {
            const std::vector<double>& f = finish[ready[k]];
            std::size_t first = 0;
            for (std::size_t j = 1; j < C; ++j)
                if (f[j] < f[first]) first = j;
            double second = kInfinity;
            for (std::size_t j = 0; j < C; ++j)
                if (j != first) second = std::min(second, f[j]);
            const double sufferage = C == 1 ? 0.0 : second - f[first];
            const std::size_t t = ready[k], p = ready[pick];
            if (sufferage > pickSufferage ||
                (sufferage == pickSufferage && (bl[t] > bl[p] || (bl[t] == bl[p] && t < p)))) {
                pick = k;
                pickSufferage = sufferage;
                pickCluster = first;
            }
        }
        const std::size_t t = ready[pick];
        ready.erase(ready.begin() + static_cast<std::ptrdiff_t>(pick));
        const PlacementEngine::Prepared prepared = engine.prepare(t, static_cast<int>(pickCluster));
        const int count = allocation->perCluster[t][pickCluster];
        engine.commit(prepared, count, engine.evaluate(prepared, count));
        ++done;
        for (std::size_t r : ready) evaluate(r, pickCluster);
        for (std::size_t to : graph->successors(t))
            if (--missing[to] == 0) makeReady(to);
    }
    DagSolution s = dag_detail::finishSolution(engine.takePlacements(), allocationNote(*allocation));
    s.allocation = std::move(*allocation);
    return s;
}

Expected<DagSolution> solveDagCpa(const DagInstance& in, const Progress& progress) {
    Expected<DagAdjacency> graph = acyclicGraph(in);
    if (!graph) return graph.error();
    // The virtual homogeneous platform: every processor at the average speed (the clusters' own
    // values when they all agree, so that one homogeneous cluster is its own virtual platform).
    DagInstance virtualPlatform;
    virtualPlatform.tasks = in.tasks;
    virtualPlatform.edges = in.edges;
    virtualPlatform.platform.backbone = in.platform.backbone;
    DagCluster all = in.platform.clusters.front();
    all.name = "virtual";
    double processors = 0, speed = 0, bandwidth = 0, latency = 0;
    bool sameSpeed = true, sameBandwidth = true, sameLatency = true;
    for (const DagCluster& c : in.platform.clusters) {
        processors += c.processors;
        speed += c.processors * c.speed;
        bandwidth += c.processors * c.bandwidth;
        latency += c.processors * c.latency;
        sameSpeed = sameSpeed && c.speed == all.speed;
        sameBandwidth = sameBandwidth && c.bandwidth == all.bandwidth;
        sameLatency = sameLatency && c.latency == all.latency;
    }
    all.processors = static_cast<int>(processors);
    if (!sameSpeed) all.speed = speed / processors;
    if (!sameBandwidth) all.bandwidth = bandwidth / processors;
    if (!sameLatency) all.latency = latency / processors;
    virtualPlatform.platform.clusters = {all};

    Expected<DagAllocation> allocation = allocateHcpa(virtualPlatform, -1, progress);
    if (!allocation) return allocation.error();
    PlacementEngine engine(virtualPlatform, *graph);
    PlacementEngine::Prepared prepared;
    std::vector<std::size_t> order;
    order.reserve(in.tasks.size());
    Expected<bool> placed = dag_detail::listSchedule(
        virtualPlatform, *graph, allocation->bottomLevels, progress.scaled(0.5, 1), "placement", [&](std::size_t t) {
            placeEarliestFinish(engine, t, allocation->perCluster[t], prepared);
            order.push_back(t);
        });
    if (!placed) return placed.error();
    // Replay the mapping and the order on the real platform.
    std::vector<DagPlacement> placements = engine.takePlacements();
    const ProcessorIndex index = indexProcessors(in.platform);
    std::vector<double> freeAt(static_cast<std::size_t>(index.total()), 0.0);
    std::size_t spanning = 0;
    for (std::size_t t : order) {
        DagPlacement& p = placements[t];
        double start = 0;
        for (int q : p.processors) start = std::max(start, freeAt[static_cast<std::size_t>(q)]);
        for (std::size_t e : graph->in(t)) {
            const DagPlacement& a = placements[in.edges[e].from];
            start = std::max(start, a.end + redistributionSeconds(in.platform, index, in.edges[e].bytes, a.processors,
                                                                  p.processors));
        }
        p.start = start;
        p.end = start + executionSeconds(in, index, in.tasks[t], p.processors);
        for (int q : p.processors) freeAt[static_cast<std::size_t>(q)] = p.end;
        if (index.clusterOf[static_cast<std::size_t>(p.processors.front())] !=
            index.clusterOf[static_cast<std::size_t>(p.processors.back())])
            ++spanning;
    }
    DagSolution s = dag_detail::finishSolution(
        std::move(placements), allocationNote(*allocation) + " (on the virtual platform of " +
                                   std::to_string(all.processors) + " processors at " +
                                   dag_detail::formatNumber(all.speed) + " flop/s); " + std::to_string(spanning) +
                                   " task(s) span several clusters");
    s.allocation = std::move(*allocation);
    s.spansClusters = true;
    return s;
}

Expected<DagSolution> solveDagMheft(const DagInstance& in, const Progress& progress) {
    Expected<DagAdjacency> graph = acyclicGraph(in);
    if (!graph) return graph.error();
    // Mean time over every allocation (cluster j, p = 1..P_j): sum_j (flops / s_j)(alpha P_j + (1 - alpha) H(P_j)) / P.
    double total = 0;
    std::vector<double> harmonic;
    for (const DagCluster& c : in.platform.clusters) {
        double h = 0;
        for (int p = 1; p <= c.processors; ++p) h += 1.0 / p;
        harmonic.push_back(h);
        total += c.processors;
    }
    std::vector<double> cost(in.tasks.size(), 0.0);
    for (std::size_t t = 0; t < in.tasks.size(); ++t) {
        const DagTask& task = in.tasks[t];
        for (std::size_t j = 0; j < in.platform.clusters.size(); ++j) {
            const DagCluster& c = in.platform.clusters[j];
            cost[t] += task.flops / c.speed * (task.alpha * c.processors + (1 - task.alpha) * harmonic[j]);
        }
        cost[t] /= total;
    }
    const std::vector<double> rank = dag_detail::upwardRanks(in, *graph, cost, meanEdgeCosts(in));
    PlacementEngine engine(in, *graph);
    PlacementEngine::Prepared prepared;
    Expected<bool> placed = dag_detail::listSchedule(in, *graph, rank, progress, "placement", [&](std::size_t t) {
        engine.prepare(t, prepared);
        int best = 0;
        PlacementEngine::Choice bestChoice;
        bestChoice.end = kInfinity;
        int bestCount = 0;
        for (std::size_t j = 0; j < in.platform.clusters.size(); ++j) {
            engine.focus(prepared, static_cast<int>(j));
            // The earliest finish over p = 1..P_j, the fewest processors on ties.
            const PlacementEngine::CountChoice cluster =
                engine.earliestFinishOverCounts(prepared, in.platform.clusters[j].processors);
            if (cluster.choice.end < bestChoice.end || (cluster.choice.end == bestChoice.end && cluster.count < bestCount)) {
                bestChoice = cluster.choice;
                bestCount = cluster.count;
                best = static_cast<int>(j);
            }
        }
        if (prepared.cluster != best) engine.focus(prepared, best);
        engine.commit(prepared, bestCount, bestChoice);
    });
    if (!placed) return placed.error();
    return dag_detail::finishSolution(engine.takePlacements(), "");
}

Expected<DagSolution> solveDagHeft(const DagInstance& in, const Progress& progress) {
    Expected<DagAdjacency> graph = acyclicGraph(in);
    if (!graph) return graph.error();
    double total = 0;
    for (const DagCluster& c : in.platform.clusters) total += c.processors;
    std::vector<double> cost(in.tasks.size(), 0.0);
    for (std::size_t t = 0; t < in.tasks.size(); ++t) {
        for (const DagCluster& c : in.platform.clusters) cost[t] += c.processors * in.tasks[t].flops / c.speed;
        cost[t] /= total;
    }
    const std::vector<double> rank = dag_detail::upwardRanks(in, *graph, cost, meanEdgeCosts(in));
    PlacementEngine engine(in, *graph);
    PlacementEngine::Prepared prepared;
    const std::vector<int> one(in.platform.clusters.size(), 1);
    Expected<bool> placed = dag_detail::listSchedule(
        in, *graph, rank, progress, "placement", [&](std::size_t t) { placeEarliestFinish(engine, t, one, prepared); });
    if (!placed) return placed.error();
    return dag_detail::finishSolution(engine.takePlacements(), "");
}

Expected<DagSolution> solveDagSeq(const DagInstance& in, const Progress&) {
    const DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
    if (!graph.cycle.empty()) return invalidInput("the graph has a cycle");
    const ProcessorIndex index = indexProcessors(in.platform);
    std::size_t fastest = 0;
    for (std::size_t c = 1; c < in.platform.clusters.size(); ++c)
        if (in.platform.clusters[c].speed > in.platform.clusters[fastest].speed) fastest = c;
    const int processor = index.offset[fastest];
    std::vector<DagPlacement> placements(in.tasks.size());
    double time = 0;
    for (std::size_t t : graph.topologicalOrder) {
        placements[t].processors = {processor};
        placements[t].start = time;
        time += in.tasks[t].flops / in.platform.clusters[fastest].speed;
        placements[t].end = time;
    }
    return dag_detail::finishSolution(std::move(placements),
                                      "every task on processor 0 of \"" + in.platform.clusters[fastest].name + "\"");
}

}  // namespace hetsched

namespace hetsched::registry_detail {

// The entries of the heuristics above (each listed in one line of dag_registry.cpp).

RegisteredSolver dagHcpaSolver() {
    return stated(
        dagSolver(
            "hcpa",
            "HCPA (N'Takpé, Suter 2006): CPA's allocation on the reference cluster of the slowest speed "
            "(P_ref, translation f, saturated critical path), bottom-level placement at the earliest finish",
            solveDagHcpa, [](const Instance&) { return true; }),
        {.guarantee = "none: a heuristic (no approximation ratio is known for this model)",
         .complexity = "allocation O(N (N + E) C K) at worst (K the largest reference allocation), placement "
                       "O(N C (P + deg))",
         .reference =
             "N'Takpé, Suter 2006, section 4 (4.1 Algorithm 1, 4.2.1 bottom-level placement, Eq. 7-9)"});
}

RegisteredSolver dagSHcpaSolver() {
    return stated(
        dagSolver("s-hcpa",
                  "S-HCPA: HCPA's allocation with the sufferage placement (the task losing most without "
                  "its best cluster goes first)",
                  solveDagSHcpa),
        {.guarantee = "none: a heuristic",
         .complexity = "allocation as hcpa, placement O(C N^2)",
         .reference = "N'Takpé, Suter 2006, section 4.2.2 (sufferage-based placement)"});
}

RegisteredSolver dagCpaSolver() {
    return stated(
        dagSolver(
            "cpa",
            "CPA (Radulescu et al. 2001) on the homogeneous platform of average speed, replayed on the real "
            "one; a task may span clusters",
            solveDagCpa),
        {.guarantee = "none: a heuristic",
         .complexity =
             "allocation O(N (N + E) K) at worst on the one virtual cluster, placement O(N (P + deg))",
         .reference = "CPA (Radulescu et al. 2001) as N'Takpé, Suter 2006 evaluate it, sections 3.2 and 5"});
}

RegisteredSolver dagMheftSolver() {
    return stated(
        dagSolver("mheft",
                  "M-HEFT (Casanova, Desprez, Suter 2004): by upward rank, each task on the cluster and "
                  "processor count that finish it first",
                  solveDagMheft),
        {.guarantee = "none: a heuristic",
         .complexity = "O(N P (deg + log P))",
         .reference = "M-HEFT (Casanova, Desprez, Suter, Euro-Par 2004), the comparison of N'Takpé, Suter "
                      "2006, section 5"});
}

RegisteredSolver dagSeqSolver() {
    return stated(
        dagSolver("seq",
                  "every task on one processor of the fastest cluster, one after the other (closed form)",
                  solveDagSeq),
        {.guarantee = "none: the sequential reference (makespan = sum of flops / fastest speed, exactly)",
         .complexity = "O(N + E)",
         .reference = "SEQ, the reference of the speedup in N'Takpé, Suter 2006, section 5"});
}

RegisteredSolver dagHeftSolver() {
    return stated(
        dagSolver("heft",
                  "HEFT for sequential tasks: by upward rank, each task on the one processor that finishes "
                  "it first",
                  solveDagHeft),
        {.guarantee = "none: a baseline for sequential tasks",
         .complexity = "O(N log N + E + N C (P + deg))",
         .reference = "HEFT (Topcuoglu, Hariri, Wu 2002), without insertion"});
}

}  // namespace hetsched::registry_detail
