// The allocation step of CPA and HCPA (N'Takpé and Suter 2006, Algorithm 1).
#include <algorithm>
#include <cmath>
#include <queue>

#include "solvers/dag/dag_common.h"

namespace hetsched {

namespace {

// ceil with a relative slack so that f = n computed as n + 1e-15 still gives n.
int ceilRelaxed(double x) { return static_cast<int>(std::ceil(x * (1 - 1e-12))); }

}  // namespace

Expected<DagAllocation> allocateHcpa(const DagInstance& in, long long maxIterations, const Progress& progress) {
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
    auto updateBottomLevels = [&] {
        for (auto it = graph.topologicalOrder.rbegin(); it != graph.topologicalOrder.rend(); ++it) {
            double below = 0;
            for (std::size_t e : graph.outEdges[*it]) below = std::max(below, bl[in.edges[e].to]);
            bl[*it] = tref(*it, ref[*it]) + below;
        }
    };
    updateBottomLevels();
    // After a task shrinks only its ancestors' bottom levels can change, and only those whose largest
    // successor was a task that changed: rescan those, in reverse topological order.
    std::vector<std::size_t> position(n);
    for (std::size_t k = 0; k < n; ++k) position[graph.topologicalOrder[k]] = k;
    // Successors and predecessors in compressed rows (the loops below are the hot spot).
    std::vector<std::size_t> succStart(n + 1, 0), predStart(n + 1, 0), succ, pred;
    succ.reserve(in.edges.size());
    pred.reserve(in.edges.size());
    for (std::size_t t = 0; t < n; ++t) {
        for (std::size_t e : graph.outEdges[t]) succ.push_back(in.edges[e].to);
        for (std::size_t e : graph.inEdges[t]) pred.push_back(in.edges[e].from);
        succStart[t + 1] = succ.size();
        predStart[t + 1] = pred.size();
    }
    std::vector<double> below(n, 0.0);
    std::vector<std::size_t> largestSuccessor(n, n);
    auto rescan = [&](std::size_t t) {
        below[t] = 0;
        largestSuccessor[t] = n;
        for (std::size_t k = succStart[t]; k < succStart[t + 1]; ++k) {
            const std::size_t s = succ[k];
            if (largestSuccessor[t] == n || bl[s] > below[t]) {
                below[t] = bl[s];
                largestSuccessor[t] = s;
            }
        }
    };
    for (std::size_t t = 0; t < n; ++t) rescan(t);
    std::vector<char> queued(n, 0);
    std::priority_queue<std::size_t> dirty;   // topological positions, latest first
    auto shrink = [&](std::size_t x) {
        dirty.push(position[x]);
        queued[x] = 1;
        bool first = true;
        while (!dirty.empty()) {
            const std::size_t t = graph.topologicalOrder[dirty.top()];
            dirty.pop();
            queued[t] = 0;
            if (!first) rescan(t);
            first = false;
            const double value = tref(t, ref[t]) + below[t];
            if (value == bl[t]) continue;
            bl[t] = value;
            for (std::size_t k = predStart[t]; k < predStart[t + 1]; ++k) {
                const std::size_t p = pred[k];
                if (largestSuccessor[p] == t && !queued[p]) {
                    queued[p] = 1;
                    dirty.push(position[p]);
                }
            }
        }
    };
    double area = 0;
    for (std::size_t t = 0; t < n; ++t) area += tref(t, ref[t]) * ref[t];
    std::vector<std::size_t> entries;
    for (std::size_t t = 0; t < n; ++t)
        if (graph.inEdges[t].empty()) entries.push_back(t);
    std::vector<std::size_t> path;
    while (true) {
        // Eq. (3) and (4).
        // The largest bottom level is an entry task's (a predecessor's is at least its successor's).
        std::size_t top = entries.front();
        for (std::size_t t : entries)
            if (bl[t] > bl[top] || (bl[t] == bl[top] && t < top)) top = t;
        a.criticalPath = bl[top];
        a.averageArea = area / Pref;
        if (a.criticalPath <= a.averageArea) break;
        // The critical path: from the task of largest bottom level, always the successor of largest one.
        path.clear();
        for (std::size_t t = top;;) {
            path.push_back(t);
            std::size_t next = n;
            for (std::size_t e : graph.outEdges[t]) {
                const std::size_t s = in.edges[e].to;
                if (next == n || bl[s] > bl[next] || (bl[s] == bl[next] && s < next)) next = s;
            }
            if (next == n) break;
            t = next;
        }
        // Lines 6-8: the critical-path task that can grow and whose T/n decreases most.
        std::size_t best = n;
        double bestGain = 0;
        for (std::size_t t : path) {
            if (!eligible(t, ref[t])) continue;
            const double gain = tref(t, ref[t]) / ref[t] - tref(t, ref[t] + 1) / (ref[t] + 1);
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
        area -= tref(best, ref[best]) * ref[best];
        ++ref[best];
        area += tref(best, ref[best]) * ref[best];
        ++a.iterations;
        shrink(best);
        if ((a.iterations & 63) == 0) {
            if (progress.stopRequested()) return cancelledError();
            progress.report(std::min(0.5, 0.5 * a.criticalPath > 0 ? 0.5 * a.averageArea / a.criticalPath : 0.0),
                            "allocation");
        }
    }
    a.perCluster.assign(n, std::vector<int>(C, 1));
    for (std::size_t t = 0; t < n; ++t)
        for (std::size_t j = 0; j < C; ++j)
            a.perCluster[t][j] = static_cast<int>(
                std::min<long long>(in.platform.clusters[j].processors, ceilF(t, ref[t], j)));
    return a;
}

}  // namespace hetsched
