// The dag solvers as they were before issue 27 (commit 78abf9f: core/solvers/dag/dag_common.cpp,
// dag_allocation.cpp and dag_heuristics.cpp, copied verbatim but for names), kept as the reference that
// tests/core/test_dag_same_schedules.cpp compares the current solvers with: where the algorithm did not
// change, the schedules must be the same bit for bit. Not used by the application.
#include "dag_reference_solvers.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <queue>

namespace hetsched::dag_reference {

namespace {

class PlacementEngine {
public:
    PlacementEngine(const DagInstance& in, const DagGraph& graph);

    // The predecessor data of task t against cluster c, computed once for every n.
    struct Prepared {
        std::size_t task = 0;
        int cluster = 0;
        struct Pred {
            double end = 0;
            double bytes = 0;
            int cluster = -1;      // -1: several clusters (cpa replay only)
            int count = 0;
            double latency = 0;    // of its set
            double bandwidth = 0;
            int maxRank = 0;       // largest position of its processors in the cluster's free order (same cluster)
            std::size_t predecessor = 0;
        };
        std::vector<Pred> preds;
    };
    Prepared prepare(std::size_t task, int cluster) const;

    struct Choice {
        double start = 0;
        double end = 0;
        int alternative = -1;   // -1: the first-free prefix; else index into Prepared::preds whose set is reused
    };
    // Earliest start of the task on n processors of the prepared cluster, and its end.
    Choice evaluate(const Prepared& prepared, int n) const;
    // Places the task as chosen.
    void commit(const Prepared& prepared, int n, const Choice& choice);

    std::vector<DagPlacement> takePlacements() { return std::move(m_placements); }
    const std::vector<DagPlacement>& placements() const { return m_placements; }
    const ProcessorIndex& index() const { return m_index; }

private:
    double dataReady(const Prepared& prepared, int n, int identicalPred) const;

    const DagInstance& m_in;
    const DagGraph& m_graph;
    ProcessorIndex m_index;
    std::vector<double> m_freeAt;                // per global processor
    std::vector<std::vector<int>> m_order;       // per cluster: its processors by (freeAt, index)
    std::vector<int> m_rank;                     // per global processor: its position in its cluster's order
    std::vector<DagPlacement> m_placements;
    std::vector<char> m_placed;
};


// Upward ranks: rank(t) = cost(t) + max over successors (edgeCost(e) + rank(succ)).
std::vector<double> upwardRanks(const DagInstance& in, const DagGraph& graph, const std::vector<double>& cost,
                                const std::vector<double>& edgeCost);
DagSolution finishSolution(std::vector<DagPlacement> placements, std::string message);
std::string formatNumber(double v);

template <class Place>
Expected<bool> listSchedule(const DagInstance& in, const DagGraph& graph, const std::vector<double>& priority,
                            const Progress& progress, const char* stage, Place place) {
    const std::size_t n = in.tasks.size();
    std::vector<std::size_t> missing(n);
    auto before = [&](std::size_t a, std::size_t b) {   // a below b in the heap
        return priority[a] < priority[b] || (priority[a] == priority[b] && a > b);
    };
    std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(before)> ready(before);
    for (std::size_t t = 0; t < n; ++t)
        if ((missing[t] = graph.inEdges[t].size()) == 0) ready.push(t);
    std::size_t done = 0;
    while (!ready.empty()) {
        if ((done & 255) == 0) {
            if (progress.stopRequested()) return cancelledError();
            progress.report(double(done) / double(n), stage);
        }
        const std::size_t t = ready.top();
        ready.pop();
        place(t);
        ++done;
        for (std::size_t e : graph.outEdges[t])
            if (--missing[in.edges[e].to] == 0) ready.push(in.edges[e].to);
    }
    return true;
}


std::string formatNumber(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
    return buffer;
}

PlacementEngine::PlacementEngine(const DagInstance& in, const DagGraph& graph)
    : m_in(in), m_graph(graph), m_index(indexProcessors(in.platform)) {
    m_freeAt.assign(static_cast<std::size_t>(m_index.total()), 0.0);
    m_rank.assign(m_freeAt.size(), 0);
    for (std::size_t c = 0; c < in.platform.clusters.size(); ++c) {
        std::vector<int> order(static_cast<std::size_t>(in.platform.clusters[c].processors));
        std::iota(order.begin(), order.end(), m_index.offset[c]);
        for (std::size_t k = 0; k < order.size(); ++k) m_rank[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
        m_order.push_back(std::move(order));
    }
    m_placements.assign(in.tasks.size(), {});
    m_placed.assign(in.tasks.size(), 0);
}

PlacementEngine::Prepared PlacementEngine::prepare(std::size_t task, int cluster) const {
    Prepared p;
    p.task = task;
    p.cluster = cluster;
    p.preds.reserve(m_graph.inEdges[task].size());
    for (std::size_t e : m_graph.inEdges[task]) {
        const std::size_t from = m_in.edges[e].from;
        const DagPlacement& placement = m_placements[from];
        const ProcessorSetShape shape = shapeOf(m_in.platform, m_index, placement.processors);
        Prepared::Pred pred;
        pred.end = placement.end;
        pred.bytes = m_in.edges[e].bytes;
        pred.cluster = shape.cluster;
        pred.count = static_cast<int>(placement.processors.size());
        pred.latency = shape.latency;
        pred.bandwidth = shape.bandwidth;
        pred.predecessor = from;
        if (shape.cluster == cluster)
            for (int q : placement.processors) pred.maxRank = std::max(pred.maxRank, m_rank[static_cast<std::size_t>(q)]);
        p.preds.push_back(pred);
    }
    return p;
}

double PlacementEngine::dataReady(const Prepared& prepared, int n, int reused) const {
    const DagCluster& cluster = m_in.platform.clusters[static_cast<std::size_t>(prepared.cluster)];
    const ProcessorSetShape target{prepared.cluster, double(n), cluster.latency, cluster.bandwidth};
    const std::vector<int>* reusedSet =
        reused >= 0 ? &m_placements[prepared.preds[static_cast<std::size_t>(reused)].predecessor].processors : nullptr;
    double ready = 0;
    for (std::size_t k = 0; k < prepared.preds.size(); ++k) {
        const Prepared::Pred& pred = prepared.preds[k];
        bool identical = false;
        if (pred.cluster == prepared.cluster && pred.count == n) {
            if (reusedSet == nullptr)
                identical = pred.maxRank == n - 1;   // its set is the first-free prefix
            else
                identical = int(k) == reused || m_placements[pred.predecessor].processors == *reusedSet;
        }
        const double transfer =
            identical ? 0.0
                      : redistributionSeconds(m_in.platform, pred.bytes,
                                              {pred.cluster, double(pred.count), pred.latency, pred.bandwidth}, target);
        ready = std::max(ready, pred.end + transfer);
    }
    return ready;
}

PlacementEngine::Choice PlacementEngine::evaluate(const Prepared& prepared, int n) const {
    const std::vector<int>& order = m_order[static_cast<std::size_t>(prepared.cluster)];
    const DagCluster& cluster = m_in.platform.clusters[static_cast<std::size_t>(prepared.cluster)];
    const double seconds = amdahlSeconds(m_in.tasks[prepared.task], cluster.speed, double(n));
    Choice best;
    best.start = std::max(m_freeAt[static_cast<std::size_t>(order[static_cast<std::size_t>(n - 1)])],
                          dataReady(prepared, n, -1));
    for (std::size_t k = 0; k < prepared.preds.size(); ++k) {
        const Prepared::Pred& pred = prepared.preds[k];
        if (pred.cluster != prepared.cluster || pred.count != n || pred.maxRank == n - 1) continue;
        double free = 0;
        for (int q : m_placements[pred.predecessor].processors) free = std::max(free, m_freeAt[static_cast<std::size_t>(q)]);
        if (free >= best.start) continue;
        const double start = std::max(free, dataReady(prepared, n, int(k)));
        if (start < best.start) {
            best.start = start;
            best.alternative = int(k);
        }
    }
    best.end = best.start + seconds;
    return best;
}

void PlacementEngine::commit(const Prepared& prepared, int n, const Choice& choice) {
    std::vector<int>& order = m_order[static_cast<std::size_t>(prepared.cluster)];
    DagPlacement& placement = m_placements[prepared.task];
    if (choice.alternative < 0) {
        placement.processors.assign(order.begin(), order.begin() + n);
        std::sort(placement.processors.begin(), placement.processors.end());
    } else {
        placement.processors =
            m_placements[prepared.preds[static_cast<std::size_t>(choice.alternative)].predecessor].processors;
    }
    placement.start = choice.start;
    placement.end = choice.end;
    m_placed[prepared.task] = 1;
    for (int q : placement.processors) m_freeAt[static_cast<std::size_t>(q)] = choice.end;
    // Keep the order by (freeAt, index): the placed processors, all free at `end`, merge back in O(P_c).
    std::vector<int> rest;
    rest.reserve(order.size());
    std::vector<char> chosen(order.size(), 0);
    const int base = m_index.offset[static_cast<std::size_t>(prepared.cluster)];
    for (int q : placement.processors) chosen[static_cast<std::size_t>(q - base)] = 1;
    for (int q : order)
        if (!chosen[static_cast<std::size_t>(q - base)]) rest.push_back(q);
    auto byFreeTime = [&](int a, int b) {
        const double fa = m_freeAt[static_cast<std::size_t>(a)], fb = m_freeAt[static_cast<std::size_t>(b)];
        return fa < fb || (fa == fb && a < b);
    };
    std::merge(rest.begin(), rest.end(), placement.processors.begin(), placement.processors.end(), order.begin(),
               byFreeTime);
    for (std::size_t k = 0; k < order.size(); ++k) m_rank[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
}

std::vector<double> upwardRanks(const DagInstance& in, const DagGraph& graph, const std::vector<double>& cost,
                                const std::vector<double>& edgeCost) {
    std::vector<double> rank(in.tasks.size(), 0.0);
    for (auto it = graph.topologicalOrder.rbegin(); it != graph.topologicalOrder.rend(); ++it) {
        double below = 0;
        for (std::size_t e : graph.outEdges[*it]) below = std::max(below, edgeCost[e] + rank[in.edges[e].to]);
        rank[*it] = cost[*it] + below;
    }
    return rank;
}

DagSolution finishSolution(std::vector<DagPlacement> placements, std::string message) {
    DagSolution s;
    s.tasks = std::move(placements);
    for (const DagPlacement& p : s.tasks) s.makespan = std::max(s.makespan, p.end);
    s.message = std::move(message);
    return s;
}


}  // namespace

namespace {

// ceil with a relative slack so that f = n computed as n + 1e-15 still gives n.
int ceilRelaxed(double x) { return static_cast<int>(std::ceil(x * (1 - 1e-12))); }

}  // namespace

Expected<DagAllocation> referenceAllocateHcpa(const DagInstance& in, long long maxIterations, const Progress& progress) {
    const DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
    if (!graph.cycle.empty()) return invalidInput("the graph has a cycle");
    if (in.platform.clusters.empty()) return invalidInput("the platform has no cluster");
    const std::size_t n = in.tasks.size();
    const std::size_t C = in.platform.clusters.size();

    DagAllocation a;
    a.referenceSpeed = in.platform.clusters.front().speed;
    for (const DagCluster& c : in.platform.clusters) a.referenceSpeed = std::min(a.referenceSpeed, c.speed);
    // P_ref = ceil(sum_i P_i / r_i) with r_i = s_ref / s_i.
    double capacity = 0;
    for (const DagCluster& c : in.platform.clusters) capacity += c.processors * (c.speed / a.referenceSpeed);
    a.referenceProcessors = std::max(1, ceilRelaxed(capacity));
    const double Pref = a.referenceProcessors;

    auto tref = [&](std::size_t t, int k) { return amdahlSeconds(in.tasks[t], a.referenceSpeed, double(k)); };
    auto canShrink = [&](std::size_t t) { return in.tasks[t].flops > 0 && in.tasks[t].alpha < 1; };
    // Eq. (5): N_p^j(t) = min(P_j, ceil(f(N_p^ref(t), t, j))), f from T^j(t, N^j) = T^ref(t, N^ref).
    // Returns ceil(f) before the min (P_j + 1 when cluster j cannot match the reference time at all).
    auto ceilF = [&](std::size_t t, int k, std::size_t j) -> long long {
        if (!canShrink(t)) return 1;
        const DagTask& task = in.tasks[t];
        const DagCluster& c = in.platform.clusters[j];
        const double t1 = task.flops / c.speed;
        const double denominator = tref(t, k) - task.alpha * t1;
        if (denominator <= 0) return static_cast<long long>(c.processors) + 1;
        const double f = (1 - task.alpha) * t1 / denominator;
        if (f >= double(c.processors)) return f > double(c.processors) * (1 + 1e-12) ? c.processors + 1LL : c.processors;
        return std::max(1, ceilRelaxed(f));
    };
    auto eligible = [&](std::size_t t, int k) {
        if (!canShrink(t) || k >= a.referenceProcessors) return false;
        for (std::size_t j = 0; j < C; ++j)
            if (ceilF(t, k, j) < in.platform.clusters[j].processors) return true;
        return false;
    };

    a.reference.assign(n, 1);
    a.bottomLevels.assign(n, 0.0);
    std::vector<int>& ref = a.reference;
    std::vector<double>& bl = a.bottomLevels;
    // Successors in compressed rows (the scans below are the hot spot).
    std::vector<std::size_t> succStart(n + 1, 0), succ;
    succ.reserve(in.edges.size());
    for (std::size_t t = 0; t < n; ++t) {
        for (std::size_t e : graph.outEdges[t]) succ.push_back(in.edges[e].to);
        succStart[t + 1] = succ.size();
    }
    std::vector<double> seconds(n);   // T^ref(t, N^ref(t))
    for (std::size_t t = 0; t < n; ++t) seconds[t] = tref(t, ref[t]);
    // The bottom level of t: T^ref(t) + the largest bottom level of a successor (Algorithm 1, line 11).
    // Adding a processor never lengthens a task, so bottom levels only decrease. They are kept lazily
    // (an eager update touched about a third of a dense graph per iteration): a clean task's bl is
    // exact and `largestSuccessor` is its successor of largest bottom level (ties to the lower index),
    // itself clean; a dirty task's bl is an upper bound (its value when it was last exact). Every other
    // successor's bound is at most that successor's value and bounds never grow, so a clean task's
    // value only changes when it grows itself or its largest successor changes: then it turns dirty,
    // and so, transitively, do the clean predecessors whose largest successor it is. Only the values
    // the critical path needs are refreshed, by the expression of an eager pass, so the allocation is
    // exactly the eager one (tests/core/test_dag_allocation.cpp compares them).
    constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::vector<std::size_t> largestSuccessor(n, kNone);
    // Per task, the predecessors that chose it as largest successor (stale entries are skipped).
    std::vector<std::vector<std::size_t>> chosenBy(n);
    // The successor of largest bound, ties to the lower index, among [first, last) (not empty).
    auto largest = [&](const std::size_t* first, const std::size_t* last) {
        const std::size_t* best = first;
        for (const std::size_t* k = first + 1; k < last; ++k)
            if (bl[*k] > bl[*best] || (bl[*k] == bl[*best] && *k < *best)) best = k;
        return *best;
    };
    for (auto it = graph.topologicalOrder.rbegin(); it != graph.topologicalOrder.rend(); ++it) {
        const std::size_t t = *it;
        if (succStart[t] == succStart[t + 1]) {
            bl[t] = seconds[t];
        } else {
            largestSuccessor[t] = largest(succ.data() + succStart[t], succ.data() + succStart[t + 1]);
            chosenBy[largestSuccessor[t]].push_back(t);
            bl[t] = seconds[t] + std::max(0.0, bl[largestSuccessor[t]]);
        }
    }
    std::vector<char> clean(n, 1);
    std::vector<std::size_t> stack;
    auto markDirty = [&](std::size_t x) {
        if (!clean[x]) return;
        clean[x] = 0;
        stack.push_back(x);
        while (!stack.empty()) {
            const std::size_t t = stack.back();
            stack.pop_back();
            for (std::size_t p : chosenBy[t])
                if (clean[p] && largestSuccessor[p] == t) {
                    clean[p] = 0;
                    stack.push_back(p);
                }
            chosenBy[t].clear();   // they are all dirty now
        }
    };
    // Makes bl[x] exact: the successor of largest bound is refreshed until it is clean (then its exact
    // value is at least every other successor's bound, hence their exact values). An explicit stack:
    // a chain of 10^5 tasks must not overflow the call stack.
    // A task waiting for the refresh of its successor of largest bound remembers the runner-up (the
    // largest other bound, with its index): if the refreshed value still beats it, it is still the
    // largest (bounds never grow), and the successors need no second scan.
    struct Frame {
        std::size_t task;
        std::size_t waitingFor = kNone;
        double runnerUpBound = 0;
        std::size_t runnerUp = kNone;
    };
    std::vector<Frame> pending;
    auto refresh = [&](std::size_t x) {
        if (clean[x]) return;
        pending.push_back({x});
        while (!pending.empty()) {
            Frame& frame = pending.back();
            const std::size_t t = frame.task;
            if (succStart[t] == succStart[t + 1]) {
                bl[t] = seconds[t];
            } else {
                std::size_t s = frame.waitingFor;
                if (s == kNone || !(frame.runnerUp == kNone || bl[s] > frame.runnerUpBound ||
                                    (bl[s] == frame.runnerUpBound && s < frame.runnerUp))) {
                    // Scan: the largest and the runner-up by (bound descending, index ascending).
                    s = succ[succStart[t]];
                    std::size_t second = kNone;
                    for (std::size_t k = succStart[t] + 1; k < succStart[t + 1]; ++k) {
                        const std::size_t u = succ[k];
                        if (bl[u] > bl[s] || (bl[u] == bl[s] && u < s)) {
                            second = s;
                            s = u;
                        } else if (second == kNone || bl[u] > bl[second] || (bl[u] == bl[second] && u < second)) {
                            second = u;
                        }
                    }
                    frame.runnerUp = second;
                    frame.runnerUpBound = second == kNone ? 0.0 : bl[second];
                }
                if (!clean[s]) {
                    frame.waitingFor = s;
                    pending.push_back({s});
                    continue;
                }
                largestSuccessor[t] = s;
                chosenBy[s].push_back(t);
                bl[t] = seconds[t] + std::max(0.0, bl[s]);
            }
            clean[t] = 1;
            pending.pop_back();
        }
    };
    double area = 0;
    for (std::size_t t = 0; t < n; ++t) area += seconds[t] * ref[t];
    std::vector<std::size_t> entries;
    for (std::size_t t = 0; t < n; ++t)
        if (graph.inEdges[t].empty()) entries.push_back(t);
    std::vector<std::size_t> path;
    while (!entries.empty()) {
        // Eq. (3) and (4).
        // The largest bottom level is an entry task's (a predecessor's is at least its successor's).
        // Refreshing the entry of largest bound until it is clean gives the eager choice: every other
        // entry's bound is below it (or equal with a higher index).
        std::size_t top = largest(entries.data(), entries.data() + entries.size());
        for (; !clean[top]; top = largest(entries.data(), entries.data() + entries.size())) refresh(top);
        a.criticalPath = bl[top];
        a.averageArea = area / Pref;
        if (a.criticalPath <= a.averageArea) break;
        // The critical path: from the task of largest bottom level, always the successor of largest one.
        path.clear();
        // Every task on it is clean (so is the largest successor of a clean task).
        for (std::size_t t = top; t != kNone; t = largestSuccessor[t]) path.push_back(t);
        // Lines 6-8: the critical-path task that can grow and whose T/n decreases most.
        std::size_t best = n;
        double bestGain = 0;
        for (std::size_t t : path) {
            if (!eligible(t, ref[t])) continue;
            const double gain = seconds[t] / ref[t] - tref(t, ref[t] + 1) / (ref[t] + 1);
            if (best == n || gain > bestGain) {
                best = t;
                bestGain = gain;
            }
        }
        if (best == n) {   // Eq. (6): saturated critical path
            a.saturated = true;
            break;
        }
        if (maxIterations >= 0 && a.iterations >= maxIterations) {
            a.iterationLimit = true;
            break;
        }
        area -= seconds[best] * ref[best];
        ++ref[best];
        seconds[best] = tref(best, ref[best]);
        area += seconds[best] * ref[best];
        ++a.iterations;
        markDirty(best);
        if ((a.iterations & 63) == 0) {
            if (progress.stopRequested()) return cancelledError();
            progress.report(std::min(0.5, 0.5 * a.criticalPath > 0 ? 0.5 * a.averageArea / a.criticalPath : 0.0),
                            "allocation");
        }
    }
    a.averageArea = area / Pref;
    // The bottom levels the placement uses: every one exact.
    for (auto it = graph.topologicalOrder.rbegin(); it != graph.topologicalOrder.rend(); ++it) {
        if (clean[*it]) continue;
        double below = 0;
        for (std::size_t k = succStart[*it]; k < succStart[*it + 1]; ++k) below = std::max(below, bl[succ[k]]);
        bl[*it] = seconds[*it] + below;
        clean[*it] = 1;
    }
    a.perCluster.assign(n, std::vector<int>(C, 1));
    for (std::size_t t = 0; t < n; ++t)
        for (std::size_t j = 0; j < C; ++j)
            a.perCluster[t][j] = static_cast<int>(
                std::min<long long>(in.platform.clusters[j].processors, ceilF(t, ref[t], j)));
    return a;
}


namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

Expected<DagGraph> acyclicGraph(const DagInstance& in) {
    DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
    if (!graph.cycle.empty()) return invalidInput("the graph has a cycle");
    return graph;
}

std::string allocationNote(const DagAllocation& a) {
    return "allocation: P_ref = " + std::to_string(a.referenceProcessors) + ", " + std::to_string(a.iterations) +
           " processors added, stopped because " +
           (a.saturated ? std::string("the critical path is saturated")
                        : "T_CP = " + formatNumber(a.criticalPath) +
                              " <= T_A = " + formatNumber(a.averageArea));
}

// The cluster whose allocation finishes first (Eq. 9), ties to the lower index.
void placeEarliestFinish(PlacementEngine& engine, std::size_t t, const std::vector<int>& perCluster) {
    PlacementEngine::Prepared best;
    PlacementEngine::Choice bestChoice;
    bestChoice.end = kInfinity;
    for (std::size_t j = 0; j < perCluster.size(); ++j) {
        PlacementEngine::Prepared prepared = engine.prepare(t, static_cast<int>(j));
        const PlacementEngine::Choice choice = engine.evaluate(prepared, perCluster[j]);
        if (choice.end < bestChoice.end) {
            bestChoice = choice;
            best = std::move(prepared);
        }
    }
    engine.commit(best, perCluster[static_cast<std::size_t>(best.cluster)], bestChoice);
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

Expected<DagSolution> referenceSolveDagHcpa(const DagInstance& in, const Progress& progress) {
    Expected<DagGraph> graph = acyclicGraph(in);
    if (!graph) return graph.error();
    Expected<DagAllocation> allocation = referenceAllocateHcpa(in, -1, progress);
    if (!allocation) return allocation.error();
    PlacementEngine engine(in, *graph);
    // The allocation reported [0, 0.5]; the placement goes on from there.
    const Progress placement = progress.scaled(0.5, 1);
    Expected<bool> placed = listSchedule(in, *graph, allocation->bottomLevels, placement, "placement",
                                                     [&](std::size_t t) {
                                                         placeEarliestFinish(engine, t, allocation->perCluster[t]);
                                                     });
    if (!placed) return placed.error();
    DagSolution s = finishSolution(engine.takePlacements(), allocationNote(*allocation));
    s.allocation = std::move(*allocation);
    return s;
}

Expected<DagSolution> referenceSolveDagSHcpa(const DagInstance& in, const Progress& progress) {
    Expected<DagGraph> graph = acyclicGraph(in);
    if (!graph) return graph.error();
    Expected<DagAllocation> allocation = referenceAllocateHcpa(in, -1, progress);
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
        if ((missing[t] = graph->inEdges[t].size()) == 0) makeReady(t);
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
        for (std::size_t e : graph->outEdges[t])
            if (--missing[in.edges[e].to] == 0) makeReady(in.edges[e].to);
    }
    DagSolution s = finishSolution(engine.takePlacements(), allocationNote(*allocation));
    s.allocation = std::move(*allocation);
    return s;
}

Expected<DagSolution> referenceSolveDagCpa(const DagInstance& in, const Progress& progress) {
    Expected<DagGraph> graph = acyclicGraph(in);
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

    Expected<DagAllocation> allocation = referenceAllocateHcpa(virtualPlatform, -1, progress);
    if (!allocation) return allocation.error();
    PlacementEngine engine(virtualPlatform, *graph);
    std::vector<std::size_t> order;
    order.reserve(in.tasks.size());
    Expected<bool> placed = listSchedule(
        virtualPlatform, *graph, allocation->bottomLevels, progress.scaled(0.5, 1), "placement", [&](std::size_t t) {
            placeEarliestFinish(engine, t, allocation->perCluster[t]);
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
        for (std::size_t e : graph->inEdges[t]) {
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
    DagSolution s = finishSolution(
        std::move(placements), allocationNote(*allocation) + " (on the virtual platform of " +
                                   std::to_string(all.processors) + " processors at " +
                                   formatNumber(all.speed) + " flop/s); " + std::to_string(spanning) +
                                   " task(s) span several clusters");
    s.allocation = std::move(*allocation);
    s.spansClusters = true;
    return s;
}

Expected<DagSolution> referenceSolveDagMheft(const DagInstance& in, const Progress& progress) {
    Expected<DagGraph> graph = acyclicGraph(in);
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
    const std::vector<double> rank = upwardRanks(in, *graph, cost, meanEdgeCosts(in));
    PlacementEngine engine(in, *graph);
    Expected<bool> placed = listSchedule(in, *graph, rank, progress, "placement", [&](std::size_t t) {
        PlacementEngine::Prepared best;
        PlacementEngine::Choice bestChoice;
        bestChoice.end = kInfinity;
        int bestCount = 0;
        for (std::size_t j = 0; j < in.platform.clusters.size(); ++j) {
            PlacementEngine::Prepared prepared = engine.prepare(t, static_cast<int>(j));
            int clusterBest = 0;
            PlacementEngine::Choice clusterChoice;
            clusterChoice.end = kInfinity;
            for (int p = 1; p <= in.platform.clusters[j].processors; ++p) {
                const PlacementEngine::Choice choice = engine.evaluate(prepared, p);
                if (choice.end < clusterChoice.end) {
                    clusterChoice = choice;
                    clusterBest = p;
                }
            }
            if (clusterChoice.end < bestChoice.end || (clusterChoice.end == bestChoice.end && clusterBest < bestCount)) {
                bestChoice = clusterChoice;
                bestCount = clusterBest;
                best = std::move(prepared);
            }
        }
        engine.commit(best, bestCount, bestChoice);
    });
    if (!placed) return placed.error();
    return finishSolution(engine.takePlacements(), "");
}

Expected<DagSolution> referenceSolveDagHeft(const DagInstance& in, const Progress& progress) {
    Expected<DagGraph> graph = acyclicGraph(in);
    if (!graph) return graph.error();
    double total = 0;
    for (const DagCluster& c : in.platform.clusters) total += c.processors;
    std::vector<double> cost(in.tasks.size(), 0.0);
    for (std::size_t t = 0; t < in.tasks.size(); ++t) {
        for (const DagCluster& c : in.platform.clusters) cost[t] += c.processors * in.tasks[t].flops / c.speed;
        cost[t] /= total;
    }
    const std::vector<double> rank = upwardRanks(in, *graph, cost, meanEdgeCosts(in));
    PlacementEngine engine(in, *graph);
    const std::vector<int> one(in.platform.clusters.size(), 1);
    Expected<bool> placed = listSchedule(
        in, *graph, rank, progress, "placement", [&](std::size_t t) { placeEarliestFinish(engine, t, one); });
    if (!placed) return placed.error();
    return finishSolution(engine.takePlacements(), "");
}

Expected<DagSolution> referenceSolveDagSeq(const DagInstance& in, const Progress&) {
    Expected<DagGraph> graph = acyclicGraph(in);
    if (!graph) return graph.error();
    const ProcessorIndex index = indexProcessors(in.platform);
    std::size_t fastest = 0;
    for (std::size_t c = 1; c < in.platform.clusters.size(); ++c)
        if (in.platform.clusters[c].speed > in.platform.clusters[fastest].speed) fastest = c;
    const int processor = index.offset[fastest];
    std::vector<DagPlacement> placements(in.tasks.size());
    double time = 0;
    for (std::size_t t : graph->topologicalOrder) {
        placements[t].processors = {processor};
        placements[t].start = time;
        time += in.tasks[t].flops / in.platform.clusters[fastest].speed;
        placements[t].end = time;
    }
    return finishSolution(std::move(placements),
                                      "every task on processor 0 of \"" + in.platform.clusters[fastest].name + "\"");
}


}  // namespace hetsched::dag_reference
