// Levels, data arrival, waits for redistributions and the critical path of a dag schedule.
#include "solvers/dag/dag_trace.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace hetsched {

DagTrace traceDagSchedule(const DagInstance& in, const std::vector<DagPlacement>& placements) {
    DagTrace trace;
    const std::size_t n = in.tasks.size();
    trace.tasks.assign(n, {});
    trace.edgeSeconds.assign(in.edges.size(), 0.0);
    trace.onCriticalPath.assign(n, false);
    trace.criticalEdge.assign(in.edges.size(), false);
    if (n == 0 || placements.size() != n) return trace;

    const DagGraph graph = buildDagGraph(n, in.edges);
    const ProcessorIndex index = indexProcessors(in.platform);
    const std::vector<int> level = precedenceLevels(in, graph);
    std::vector<int> criticalEdgeOf(n, -1);
    for (std::size_t t = 0; t < n; ++t) {
        DagTaskTrace& tt = trace.tasks[t];
        tt.level = t < level.size() ? level[t] : 0;
        trace.levels = std::max(trace.levels, tt.level + 1);
        double bestArrival = -1;
        for (std::size_t e : graph.inEdges[t]) {
            const DagEdge& edge = in.edges[e];
            const DagPlacement& from = placements[edge.from];
            const double seconds =
                redistributionSeconds(in.platform, index, edge.bytes, from.processors, placements[t].processors);
            trace.edgeSeconds[e] = seconds;
            const double arrival = from.end + seconds;
            tt.predecessorsEnd = std::max(tt.predecessorsEnd, from.end);
            // The latest arrival; among equal arrivals the predecessor that ended last.
            if (arrival > bestArrival ||
                (arrival == bestArrival && from.end > placements[static_cast<std::size_t>(tt.criticalPredecessor)].end)) {
                bestArrival = arrival;
                tt.criticalPredecessor = static_cast<int>(edge.from);
                criticalEdgeOf[t] = static_cast<int>(e);
            }
        }
        tt.dataReady = std::max(0.0, bestArrival);
        const double tolerance = 1e-9 * std::max(1.0, std::abs(placements[t].start));
        tt.waitedForProcessors = placements[t].start > tt.dataReady + tolerance;
    }

    // When each task's processors became free: tasks in start order, the previous end on each processor.
    std::vector<std::size_t> byStart(n);
    std::iota(byStart.begin(), byStart.end(), std::size_t{0});
    std::sort(byStart.begin(), byStart.end(), [&](std::size_t a, std::size_t b) {
        return placements[a].start < placements[b].start || (placements[a].start == placements[b].start && a < b);
    });
    std::vector<double> freeAt(static_cast<std::size_t>(std::max(0, index.total())), 0.0);
    for (std::size_t t : byStart) {
        const DagPlacement& p = placements[t];
        double free = 0;
        for (int q : p.processors)
            if (q >= 0 && static_cast<std::size_t>(q) < freeAt.size()) free = std::max(free, freeAt[static_cast<std::size_t>(q)]);
        DagTaskTrace& tt = trace.tasks[t];
        tt.waitStart = std::max(tt.predecessorsEnd, free);
        tt.waitEnd = std::min(tt.dataReady, p.start);
        if (tt.waitEnd <= tt.waitStart) tt.waitStart = tt.waitEnd = p.start;
        for (int q : p.processors)
            if (q >= 0 && static_cast<std::size_t>(q) < freeAt.size())
                freeAt[static_cast<std::size_t>(q)] = std::max(freeAt[static_cast<std::size_t>(q)], p.end);
    }

    // Back from the task that ends last (the lowest index among ties).
    std::size_t last = 0;
    for (std::size_t t = 1; t < n; ++t)
        if (placements[t].end > placements[last].end) last = t;
    for (int t = static_cast<int>(last); t >= 0 && !trace.onCriticalPath[static_cast<std::size_t>(t)];) {
        const auto ut = static_cast<std::size_t>(t);
        trace.onCriticalPath[ut] = true;
        trace.criticalPath.push_back(ut);
        if (criticalEdgeOf[ut] >= 0) trace.criticalEdge[static_cast<std::size_t>(criticalEdgeOf[ut])] = true;
        t = trace.tasks[ut].criticalPredecessor;
    }
    std::reverse(trace.criticalPath.begin(), trace.criticalPath.end());
    return trace;
}

Expected<std::vector<DagPlacement>> dagPlacementsFromSchedule(const DagInstance& in, const Schedule& schedule) {
    const ProcessorIndex index = indexProcessors(in.platform);
    if (static_cast<int>(schedule.lanes.size()) != index.total())
        return invalidInput("the schedule has " + std::to_string(schedule.lanes.size()) +
                            " processor lanes, the platform " + std::to_string(index.total()) + " processors");
    std::vector<DagPlacement> placements(in.tasks.size());
    std::vector<bool> seen(in.tasks.size(), false);
    for (std::size_t q = 0; q < schedule.lanes.size(); ++q) {
        for (const Interval& interval : schedule.lanes[q].intervals) {
            if (interval.kind != IntervalKind::Compute) continue;
            if (interval.taskId < 0 || static_cast<std::size_t>(interval.taskId) >= in.tasks.size())
                return invalidInput("lane " + schedule.lanes[q].name + " has a task interval of no task (id " +
                                    std::to_string(interval.taskId) + ")");
            const auto t = static_cast<std::size_t>(interval.taskId);
            DagPlacement& p = placements[t];
            if (!seen[t]) {
                p.start = interval.start;
                p.end = interval.end;
                seen[t] = true;
            } else if (p.start != interval.start || p.end != interval.end) {
                return invalidInput("task " + in.tasks[t].name + " has different times on its processors");
            }
            p.processors.push_back(static_cast<int>(q));
        }
    }
    for (std::size_t t = 0; t < in.tasks.size(); ++t) {
        if (!seen[t]) return invalidInput("task " + in.tasks[t].name + " is not in the schedule");
        std::sort(placements[t].processors.begin(), placements[t].processors.end());
        if (std::adjacent_find(placements[t].processors.begin(), placements[t].processors.end()) !=
            placements[t].processors.end())
            return invalidInput("task " + in.tasks[t].name + " appears twice on one processor");
    }
    return placements;
}

}  // namespace hetsched
