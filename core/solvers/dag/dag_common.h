// Pieces shared by the dag solvers (not part of the public API): the list-scheduling engine.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "solvers/dag/dag_solvers.h"

namespace hetsched::dag_detail {

// A row of the adjacency: edge indices (in, out: increasing) or task numbers (predecessors, successors: entry by
// entry with those edges).
struct IndexRange {
    const std::size_t* first = nullptr;
    const std::size_t* last = nullptr;
    const std::size_t* begin() const { return first; }
    const std::size_t* end() const { return last; }
    std::size_t size() const { return static_cast<std::size_t>(last - first); }
    bool empty() const { return first == last; }
};

// The DAG's adjacency in compressed rows (two arrays instead of a vector per task: the solvers' loops
// over 10^5 tasks and 10^6 edges read it sequentially), with a topological order when it is acyclic.
class DagAdjacency {
public:
    DagAdjacency(std::size_t taskCount, const std::vector<DagEdge>& edges);
    IndexRange in(std::size_t t) const { return {m_in.data() + m_inStart[t], m_in.data() + m_inStart[t + 1]}; }
    IndexRange out(std::size_t t) const { return {m_out.data() + m_outStart[t], m_out.data() + m_outStart[t + 1]}; }
    // The tasks at the other end of in(t) and out(t), entry by entry: the loops that need only the task
    // read them in a row instead of looking each edge up in the instance's edge list.
    IndexRange predecessors(std::size_t t) const {
        return {m_inFrom.data() + m_inStart[t], m_inFrom.data() + m_inStart[t + 1]};
    }
    IndexRange successors(std::size_t t) const {
        return {m_outTo.data() + m_outStart[t], m_outTo.data() + m_outStart[t + 1]};
    }
    bool acyclic() const { return m_order.size() == m_inStart.size() - 1; }
    // Every task once, each after its predecessors (Kahn's algorithm); only when acyclic.
    const std::vector<std::size_t>& topologicalOrder() const { return m_order; }

private:
    std::vector<std::size_t> m_inStart, m_in, m_inFrom, m_outStart, m_out, m_outTo, m_order;
};

// Places tasks one at a time on processor sets of one cluster. Each processor is free from the end of
// the last task placed on it (no back-filling). For a task and a cluster the candidate sets of n
// processors are the n that are free first (ties by index) and the set of any placed predecessor of
// that size in that cluster (no redistribution then); the earliest start wins. Processors of a cluster
// are identical, so the cluster keeps them in the order they become free: the first n of that order
// are the candidate prefix, found in O(1), and placing a task merges its processors back in O(P_c).
class PlacementEngine {
public:
    PlacementEngine(const DagInstance& in, const DagAdjacency& graph);

    // The predecessor data of task t (prepare, once per task) against cluster c (focus, once per
    // cluster tried), used for every n.
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
        double predecessorsEnd = 0;   // the latest end of a predecessor: no placement starts before it
        std::vector<std::pair<double, int>> clusterBounds;   // scratch of placeEarliestFinish
    };
    // Fills `prepared` with the placed predecessors of `task` (its storage is reused from task to task).
    void prepare(std::size_t task, Prepared& prepared) const;
    // Turns `prepared` to cluster c: the free-order ranks of the predecessors placed there.
    void focus(Prepared& prepared, int cluster) const;
    Prepared prepare(std::size_t task, int cluster) const {
        Prepared p;
        prepare(task, p);
        focus(p, cluster);
        return p;
    }

    struct Choice {
        double start = 0;
        double end = 0;
        int alternative = -1;   // -1: the first-free prefix; else index into Prepared::preds whose set is reused
    };
    // Earliest start of the task on n processors of the prepared cluster, and its end.
    Choice evaluate(const Prepared& prepared, int n) const;
    // What evaluate(prepared, n) on `cluster` returns as its end is never below this: the later of when
    // the first n free processors of the cluster are free and when the last predecessor ends (a transfer
    // only adds to it, and any other n processors are free no earlier), plus the task's time on n of them.
    // Needs prepare, not focus.
    double endLowerBound(const Prepared& prepared, int cluster, int n) const;
    // The n in 1..maxCount whose placement ends first (the smallest such n on ties) with its choice:
    // exactly what evaluate(prepared, n) for every n finds, in one sweep over n (M-HEFT's step).
    struct CountChoice {
        int count = 0;
        Choice choice;
    };
    CountChoice earliestFinishOverCounts(const Prepared& prepared, int maxCount) const;
    // Places the task as chosen.
    void commit(const Prepared& prepared, int n, const Choice& choice);

    std::vector<DagPlacement> takePlacements() { return std::move(m_placements); }
    const std::vector<DagPlacement>& placements() const { return m_placements; }
    const ProcessorIndex& index() const { return m_index; }

private:
    double dataReady(const Prepared& prepared, int n, int identicalPred) const;
    // The start when the set of predecessor k (same cluster, its count n, not the prefix) is reused,
    // if earlier than `before`; else `before`.
    bool tryAlternative(const Prepared& prepared, int n, std::size_t k, Choice& best) const;

    const DagInstance& m_in;
    const DagAdjacency& m_graph;
    ProcessorIndex m_index;
    std::vector<double> m_freeAt;                // per global processor
    std::vector<std::vector<int>> m_order;       // per cluster: its processors by (freeAt, index)
    std::vector<int> m_rank;                     // per global processor: its position in its cluster's order
    std::vector<DagPlacement> m_placements;
    std::vector<ProcessorSetShape> m_shapes;     // per placed task: the shape of its set
    std::vector<int> m_rest;                     // scratch of commit
    std::vector<char> m_chosen;                  // scratch of commit
    // Scratch of earliestFinishOverCounts.
    struct SweepPred {
        int from = 0;          // first n at which the term is the constant `saturated`
        double saturated = 0;
        std::size_t pred = 0;  // index into Prepared::preds
    };
    mutable std::vector<SweepPred> m_sweep;
    mutable std::vector<std::size_t> m_active;
    mutable std::vector<std::size_t> m_alternatives;
};

// Upward ranks: rank(t) = cost(t) + max over successors (edgeCost(e) + rank(succ)).
std::vector<double> upwardRanks(const DagInstance& in, const DagAdjacency& graph, const std::vector<double>& cost,
                                const std::vector<double>& edgeCost);

// List scheduling by priority (highest first, ties by index) with a placement rule per task.
template <class Place>
Expected<bool> listSchedule(const DagInstance& in, const DagAdjacency& graph, const std::vector<double>& priority,
                            const Progress& progress, const char* stage, Place place);

// The solution of placed tasks: makespan = last end.
DagSolution finishSolution(std::vector<DagPlacement> placements, std::string message);

std::string formatNumber(double v);

}  // namespace hetsched::dag_detail

#include <queue>

namespace hetsched::dag_detail {

template <class Place>
Expected<bool> listSchedule(const DagInstance& in, const DagAdjacency& graph, const std::vector<double>& priority,
                            const Progress& progress, const char* stage, Place place) {
    const std::size_t n = in.tasks.size();
    std::vector<std::size_t> missing(n);
    auto before = [&](std::size_t a, std::size_t b) {   // a below b in the heap
        return priority[a] < priority[b] || (priority[a] == priority[b] && a > b);
    };
    std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(before)> ready(before);
    for (std::size_t t = 0; t < n; ++t)
        if ((missing[t] = graph.in(t).size()) == 0) ready.push(t);
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
        for (std::size_t to : graph.successors(t))
            if (--missing[to] == 0) ready.push(to);
    }
    return true;
}

}  // namespace hetsched::dag_detail
