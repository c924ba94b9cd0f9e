// The bounds of dag_makespan_bounds.h and the sentence comparing them with a recorded makespan.
#include "model/dag_makespan_bounds.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace hetsched {

namespace {

std::string seconds(double s) {
    char buffer[48];
    if (s >= 1 || s == 0) std::snprintf(buffer, sizeof buffer, "%.3g s", s);
    else if (s >= 1e-3) std::snprintf(buffer, sizeof buffer, "%.3g ms", s * 1e3);
    else std::snprintf(buffer, sizeof buffer, "%.3g µs", s * 1e6);
    return buffer;
}

std::string times(double ratio) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, ratio >= 100 ? "%.0f" : "%.1f", ratio);
    return buffer;
}

}  // namespace

DagMakespanBounds dagMakespanBounds(const DagInstance& in) {
    const std::size_t n = in.tasks.size();
    // Each task's fastest run and the cluster it has it on (all of its processors: Amdahl's time falls with p).
    std::vector<double> fastest(n, std::numeric_limits<double>::infinity());
    std::vector<int> best(n, 0);
    for (std::size_t t = 0; t < n; ++t)
        for (std::size_t c = 0; c < in.platform.clusters.size(); ++c) {
            const DagCluster& cluster = in.platform.clusters[c];
            const double s = amdahlSeconds(in.tasks[t], cluster.speed, cluster.processors);
            if (s < fastest[t]) {
                fastest[t] = s;
                best[t] = static_cast<int>(c);
            }
        }
    const DagGraph graph = buildDagGraph(n, in.edges);
    DagMakespanBounds bounds;
    // Lower: the longest path of fastest runs, in topological order.
    std::vector<double> finish(n, 0);
    for (std::size_t t : graph.topologicalOrder) {
        double start = 0;
        for (std::size_t e : graph.inEdges[t]) start = std::max(start, finish[in.edges[e].from]);
        finish[t] = start + fastest[t];
        bounds.lower = std::max(bounds.lower, finish[t]);
    }
    // Upper: every run and every redistribution one after another.
    const auto shape = [&](int c) {
        const DagCluster& cluster = in.platform.clusters[static_cast<std::size_t>(c)];
        return ProcessorSetShape{c, static_cast<double>(cluster.processors), cluster.latency, cluster.bandwidth};
    };
    for (std::size_t t = 0; t < n; ++t) bounds.upper += fastest[t];
    for (const DagEdge& e : in.edges)
        if (best[e.from] != best[e.to])   // the same whole cluster on both sides: nothing moves
            bounds.upper += redistributionSeconds(in.platform, e.bytes, shape(best[e.from]), shape(best[e.to]));
    return bounds;
}

RecordedMakespanCheck checkRecordedMakespan(const DagInstance& in, double recordedSeconds) {
    RecordedMakespanCheck check;
    check.recorded = recordedSeconds;
    check.bounds = dagMakespanBounds(in);
    const double lower = check.bounds.lower, upper = check.bounds.upper, recorded = check.recorded;
    check.text = "the file records a makespan of " + seconds(recorded) + "; on this platform the best schedule takes " +
                 "between " + seconds(lower) + " (the critical path at the tasks' fastest) and " + seconds(upper) +
                 " (the tasks one after another)";
    const bool shorter = upper * kRecordedMakespanFactor < recorded;
    const bool longer = lower > kRecordedMakespanFactor * recorded;
    check.farOff = shorter || longer;
    if (!check.farOff) return check;
    std::size_t parallel = 0;
    for (const DagTask& task : in.tasks) parallel += task.alpha < 1;
    check.text += shorter ? ": " + times(recorded / std::max(upper, 1e-300)) + " times shorter than recorded at most"
                          : ": " + times(lower / recorded) + " times longer than recorded at least";
    if (shorter && parallel > 0)
        check.text += "; " + std::to_string(parallel) + " of " + std::to_string(in.tasks.size()) +
                      " tasks run faster on more processors (alpha below 1), on up to a whole cluster";
    check.text += "; the flops come from the reference speed, the times from the platform's speeds";
    return check;
}

}  // namespace hetsched
