// The allocation step of CPA and HCPA (N'Takpé and Suter 2006, Algorithm 1).
#include <algorithm>
#include <cmath>

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
    // Successors in compressed rows (the scans below are the hot spot).
    std::vector<std::size_t> succStart(n + 1, 0), succ;
    succ.reserve(in.edges.size());
    for (std::size_t t = 0; t < n; ++t) {
        for (std::size_t e : graph.outEdges[t]) succ.push_back(in.edges[e].to);
        succStart[t + 1] = succ.size();
    }
    std::vector<double> seconds(n);   // T^ref(t, N^ref(t))
    for (std::size_t t = 0; t < n; ++t) seconds[t] = tref(t, ref[t]);
    // Lines 6-8 per task, kept while its allocation does not change: whether it can still grow and
    // how much T^ref / n decreases when it does.
    std::vector<char> grows(n);
    std::vector<double> gain(n);
    auto updateGain = [&](std::size_t t) {
        grows[t] = eligible(t, ref[t]);
        gain[t] = grows[t] ? seconds[t] / ref[t] - tref(t, ref[t] + 1) / (ref[t] + 1) : 0.0;
    };
    for (std::size_t t = 0; t < n; ++t) updateGain(t);
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
    // Every task with successors also keeps, from its last scan of them, the runner-up: the largest
    // (bound, lowest index) among its other successors. Bounds never grow, so it stays an upper bound of
    // them: while the refreshed value of `largestSuccessor` still beats it, that successor is still the
    // largest and the successors need no scan (most refreshes: a step shortens one task by a little).
    constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::vector<std::size_t> largestSuccessor(n, kNone);
    std::vector<std::size_t> runnerUp(n, kNone);
    std::vector<double> runnerUpBound(n, 0.0);
    // Whether `value` of task `index` beats every task whose bound is at most `bound`, a bound at
    // `bound` having an index of at least `boundIndex` (kNone: there is no other task).
    auto beats = [](double value, std::size_t index, double bound, std::size_t boundIndex) {
        return boundIndex == kNone || value > bound || (value == bound && index < boundIndex);
    };
    // Scans t's successors (not none): the largest and the runner-up by (bound descending, index ascending).
    auto scan = [&](std::size_t t) {
        std::size_t s = succ[succStart[t]];
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
        largestSuccessor[t] = s;
        runnerUp[t] = second;
        runnerUpBound[t] = second == kNone ? 0.0 : bl[second];
    };
    // Per task, the predecessors that chose it as largest successor (stale entries are skipped).
    std::vector<std::vector<std::size_t>> chosenBy(n);
    // The task of largest bound, ties to the lower index, among [first, last) (not empty).
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
            scan(t);
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
    std::vector<std::size_t> pending;
    auto refresh = [&](std::size_t x) {
        if (clean[x]) return;
        pending.push_back(x);
        while (!pending.empty()) {
            const std::size_t t = pending.back();
            if (succStart[t] != succStart[t + 1]) {
                std::size_t s = largestSuccessor[t];
                if (!beats(bl[s], s, runnerUpBound[t], runnerUp[t])) {
                    scan(t);
                    s = largestSuccessor[t];
                }
                if (!clean[s]) {
                    pending.push_back(s);
                    continue;
                }
                chosenBy[s].push_back(t);
                bl[t] = seconds[t] + std::max(0.0, bl[s]);
            } else {
                bl[t] = seconds[t];
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
    // Line 9: one more reference processor for task t.
    auto grow = [&](std::size_t t) {
        area -= seconds[t] * ref[t];
        ++ref[t];
        seconds[t] = tref(t, ref[t]);
        area += seconds[t] * ref[t];
        updateGain(t);
        ++a.iterations;
    };
    // Lines 6-8 on the current path: the task that can grow and whose T/n decreases most (the first on
    // ties); its position on the path, or path.size() when the path is saturated (Eq. 6).
    auto bestOnPath = [&] {
        std::size_t best = path.size();
        for (std::size_t i = 0; i < path.size(); ++i)
            if (grows[path[i]] && (best == path.size() || gain[path[i]] > gain[path[best]])) best = i;
        return best;
    };
    // The largest (bound, lowest index) among [first, last) without `skip`.
    auto rival = [&](const std::size_t* first, const std::size_t* last, std::size_t skip) {
        std::size_t r = kNone;
        for (const std::size_t* k = first; k < last; ++k)
            if (*k != skip && (r == kNone || bl[*k] > bl[r] || (bl[*k] == bl[r] && *k < r))) r = *k;
        return r;
    };
    std::vector<char> rivalKnown;   // per path position: its runner-up was found again in this pass
    std::vector<std::size_t> grown;
    bool stopped = false;
    while (!entries.empty() && !stopped) {
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
        std::size_t best = bestOnPath();
        if (best == path.size()) {   // Eq. (6): saturated critical path
            a.saturated = true;
            break;
        }
        if (maxIterations >= 0 && a.iterations >= maxIterations) {
            a.iterationLimit = true;
            break;
        }
        // More than one processor per pass: after a task of the path grows, the path tasks above it
        // shorten and nothing else lengthens. While each path task's path successor still beats the
        // bounds of its other successors, and the top entry the bounds of the other entries (bounds never
        // grow), the eager algorithm walks this same path again, with the bottom levels recomputed here
        // along it: so its next iterations are run here, without refreshing the rest of the graph.
        rivalKnown.assign(path.size(), 0);
        const std::size_t topRival = rival(entries.data(), entries.data() + entries.size(), top);
        const double topRivalBound = topRival == kNone ? 0.0 : bl[topRival];
        grown.clear();
        while (true) {
            const std::size_t t = path[best];
            grow(t);
            grown.push_back(t);
            if ((a.iterations & 63) == 0) {
                if (progress.stopRequested()) return cancelledError();
                progress.report(std::min(0.5, 0.5 * a.criticalPath > 0 ? 0.5 * a.averageArea / a.criticalPath : 0.0),
                                "allocation");
            }
            // The bottom levels from the grown task up, as the eager pass computes them, while the path holds.
            bool samePath = true;
            for (std::size_t i = best + 1; i-- > 0;) {
                const std::size_t u = path[i];
                if (i + 1 < path.size()) {
                    const std::size_t next = path[i + 1];
                    // The runner-up kept since u's last scan bounds the other successors; when it
                    // does not prove the path, their bounds now are looked at (once per pass).
                    if (i < best && !beats(bl[next], next, runnerUpBound[u], runnerUp[u])) {
                        if (!rivalKnown[i]) {
                            runnerUp[u] = rival(succ.data() + succStart[u], succ.data() + succStart[u + 1], next);
                            runnerUpBound[u] = runnerUp[u] == kNone ? 0.0 : bl[runnerUp[u]];
                            rivalKnown[i] = 1;
                        }
                        if (!beats(bl[next], next, runnerUpBound[u], runnerUp[u])) {
                            samePath = false;
                            break;
                        }
                    }
                    bl[u] = seconds[u] + std::max(0.0, bl[next]);
                } else {
                    bl[u] = seconds[u];
                }
            }
            if (!samePath || !beats(bl[top], top, topRivalBound, topRival)) break;
            // The eager algorithm's next iteration, on the same path.
            a.criticalPath = bl[top];
            a.averageArea = area / Pref;
            if (a.criticalPath <= a.averageArea) {
                stopped = true;
                break;
            }
            best = bestOnPath();
            if (best == path.size()) {
                a.saturated = true;
                stopped = true;
                break;
            }
            if (maxIterations >= 0 && a.iterations >= maxIterations) {
                a.iterationLimit = true;
                stopped = true;
                break;
            }
        }
        // The tasks above the grown ones (on the path or not) are bounds again until refreshed.
        for (std::size_t t : grown) markDirty(t);
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

}  // namespace hetsched
