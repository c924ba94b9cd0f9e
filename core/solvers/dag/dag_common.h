// Pieces shared by the dag solvers (not part of the public API): the list-scheduling engine.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "solvers/dag/dag_solvers.h"

namespace hetsched::dag_detail {

// Places tasks one at a time on processor sets of one cluster. Each processor is free from the end of
// the last task placed on it (no back-filling). For a task and a cluster the candidate sets of n
// processors are the n that are free first (ties by index) and the set of any placed predecessor of
// that size in that cluster (no redistribution then); the earliest start wins.
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

// List scheduling by priority (highest first, ties by index) with a placement rule per task.
template <class Place>
Expected<bool> listSchedule(const DagInstance& in, const DagGraph& graph, const std::vector<double>& priority,
                            const Progress& progress, const char* stage, Place place);

// The solution of placed tasks: makespan = last end.
DagSolution finishSolution(std::vector<DagPlacement> placements, std::string message);

std::string formatNumber(double v);

}  // namespace hetsched::dag_detail

#include <queue>

namespace hetsched::dag_detail {

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

}  // namespace hetsched::dag_detail
