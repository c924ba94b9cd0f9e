// The list-scheduling engine, verification, metrics and the schedule of the dag family.
#include "solvers/dag/dag_common.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

namespace hetsched {

namespace dag_detail {

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

}  // namespace dag_detail

using dag_detail::formatNumber;

double dagSeqMakespan(const DagInstance& in) {
    double fastest = 0;
    for (const DagCluster& c : in.platform.clusters) fastest = std::max(fastest, c.speed);
    double flops = 0;
    for (const DagTask& t : in.tasks) flops += t.flops;
    return flops / fastest;
}

DagMetrics dagMetrics(const DagInstance& in, const DagSolution& s) {
    DagMetrics m;
    m.makespan = s.makespan;
    const ProcessorIndex index = indexProcessors(in.platform);
    struct Event {
        double time;
        int sign;   // ends (-1) before starts (+1) at equal times
        double power;
    };
    std::vector<Event> events;
    double powerSum = 0;
    for (const DagPlacement& p : s.tasks) {
        double power = 0;
        for (int q : p.processors)
            power += in.platform.clusters[static_cast<std::size_t>(index.clusterOf[static_cast<std::size_t>(q)])].speed;
        powerSum += power;
        if (p.end > p.start) {
            events.push_back({p.start, +1, power});
            events.push_back({p.end, -1, power});
        }
    }
    std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        return a.time < b.time || (a.time == b.time && a.sign < b.sign);
    });
    double current = 0;
    for (const Event& e : events) {
        current += e.sign * e.power;
        m.peakPower = std::max(m.peakPower, current);
    }
    m.makespanTimesPeakPower = m.makespan * m.peakPower;
    m.averagePower = s.tasks.empty() ? 0 : powerSum / double(s.tasks.size());
    m.makespanOverAveragePower = m.averagePower > 0 ? m.makespan / m.averagePower : 0;
    m.seqMakespan = dagSeqMakespan(in);
    m.speedupOverSeq = m.makespan > 0 ? m.seqMakespan / m.makespan : 1.0;
    return m;
}

std::vector<std::string> verifyDag(const DagInstance& in, const DagSolution& s, bool allowSpanningClusters) {
    std::vector<std::string> problems;
    const std::size_t n = in.tasks.size();
    if (s.tasks.size() != n) {
        problems.push_back("the solution places " + std::to_string(s.tasks.size()) + " tasks, the graph has " +
                           std::to_string(n));
        return problems;
    }
    const ProcessorIndex index = indexProcessors(in.platform);
    const int total = index.total();
    double last = 0;
    for (const DagPlacement& p : s.tasks) last = std::max(last, p.end);
    if (!std::isfinite(s.makespan) || std::abs(last - s.makespan) > 1e-9 * std::max(last, s.makespan))
        problems.push_back("makespan " + formatNumber(s.makespan) + " is not the last end " + formatNumber(last));
    const double tol = 1e-9 * std::max(last, 0.0);
    std::vector<std::vector<std::size_t>> onProcessor(static_cast<std::size_t>(total));
    bool setsValid = true;
    for (std::size_t t = 0; t < n; ++t) {
        const DagPlacement& p = s.tasks[t];
        const std::string name = "task \"" + in.tasks[t].name + "\"";
        if (!std::isfinite(p.start) || !std::isfinite(p.end) || p.start < -tol) {
            problems.push_back(name + ": start " + formatNumber(p.start) + " or end " + formatNumber(p.end) +
                               " is negative or not finite");
            continue;
        }
        if (p.processors.empty()) {
            problems.push_back(name + " has no processor");
            setsValid = false;
            continue;
        }
        bool sorted = true;
        for (std::size_t k = 0; k < p.processors.size(); ++k) {
            if (p.processors[k] < 0 || p.processors[k] >= total) sorted = false;
            if (k > 0 && p.processors[k] <= p.processors[k - 1]) sorted = false;
        }
        if (!sorted) {
            problems.push_back(name + ": its processors are not distinct valid indices");
            setsValid = false;
            continue;
        }
        const int first = index.clusterOf[static_cast<std::size_t>(p.processors.front())];
        if (!allowSpanningClusters && index.clusterOf[static_cast<std::size_t>(p.processors.back())] != first)
            problems.push_back(name + " uses processors of several clusters");
        const double seconds = executionSeconds(in, index, in.tasks[t], p.processors);
        if (std::abs(p.end - p.start - seconds) > tol + 1e-12 * seconds)
            problems.push_back(name + " lasts " + formatNumber(p.end - p.start) + " s instead of " +
                               formatNumber(seconds) + " s on its " + std::to_string(p.processors.size()) +
                               " processors");
        for (int q : p.processors) onProcessor[static_cast<std::size_t>(q)].push_back(t);
    }
    if (!setsValid) return problems;
    for (const DagEdge& e : in.edges) {
        const DagPlacement& a = s.tasks[e.from];
        const DagPlacement& b = s.tasks[e.to];
        const double arrival = a.end + redistributionSeconds(in.platform, index, e.bytes, a.processors, b.processors);
        if (b.start < arrival - tol)
            problems.push_back("task \"" + in.tasks[e.to].name + "\" starts at " + formatNumber(b.start) +
                               " before the data of \"" + in.tasks[e.from].name + "\" arrives at " +
                               formatNumber(arrival));
    }
    for (std::size_t q = 0; q < onProcessor.size(); ++q) {
        std::vector<std::size_t>& tasks = onProcessor[q];
        std::sort(tasks.begin(), tasks.end(), [&](std::size_t a, std::size_t b) {
            return s.tasks[a].start < s.tasks[b].start || (s.tasks[a].start == s.tasks[b].start && s.tasks[a].end < s.tasks[b].end);
        });
        for (std::size_t k = 1; k < tasks.size(); ++k)
            if (s.tasks[tasks[k]].start < s.tasks[tasks[k - 1]].end - tol) {
                const std::size_t c = static_cast<std::size_t>(index.clusterOf[q]);
                problems.push_back("processor " + std::to_string(int(q) - index.offset[c]) + " of cluster \"" +
                                   in.platform.clusters[c].name + "\" runs \"" + in.tasks[tasks[k - 1]].name +
                                   "\" and \"" + in.tasks[tasks[k]].name + "\" at once");
                if (problems.size() > 20) return problems;
            }
    }
    return problems;
}

Schedule dagSchedule(const DagInstance& in, const DagSolution& s) {
    Schedule schedule;
    schedule.title = "task graph, makespan " + formatNumber(s.makespan) + " s";
    schedule.timeUnit = "s";
    const ProcessorIndex index = indexProcessors(in.platform);
    for (std::size_t c = 0; c < in.platform.clusters.size(); ++c)
        for (int k = 0; k < in.platform.clusters[c].processors; ++k)
            schedule.lanes.push_back({in.platform.clusters[c].name + " #" + std::to_string(k), in.platform.clusters[c].name, {}});
    const DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
    const std::vector<int> level = precedenceLevels(in, graph);
    // Tasks in start order so each lane's intervals come sorted and a lane's previous end is known.
    std::vector<std::size_t> byStart(in.tasks.size());
    std::iota(byStart.begin(), byStart.end(), std::size_t{0});
    std::sort(byStart.begin(), byStart.end(), [&](std::size_t a, std::size_t b) {
        return s.tasks[a].start < s.tasks[b].start || (s.tasks[a].start == s.tasks[b].start && a < b);
    });
    std::vector<double> laneEnd(schedule.lanes.size(), 0.0);
    for (std::size_t t : byStart) {
        const DagPlacement& p = s.tasks[t];
        const DagTask& task = in.tasks[t];
        double predecessorsEnd = 0, dataReady = 0;
        for (std::size_t e : graph.inEdges[t]) {
            const DagPlacement& a = s.tasks[in.edges[e].from];
            predecessorsEnd = std::max(predecessorsEnd, a.end);
            dataReady = std::max(dataReady, a.end + redistributionSeconds(in.platform, index, in.edges[e].bytes,
                                                                          a.processors, p.processors));
        }
        std::string where;
        int previousCluster = -1;
        for (int q : p.processors) {
            const int c = index.clusterOf[static_cast<std::size_t>(q)];
            if (c != previousCluster) where += (where.empty() ? "" : ", ") + in.platform.clusters[static_cast<std::size_t>(c)].name;
            previousCluster = c;
        }
        const std::string detail = task.name + ": " + std::to_string(p.processors.size()) + " processor(s) of " + where +
                                   ", " + formatNumber(p.start) + " s to " + formatNumber(p.end) + " s, " +
                                   formatNumber(task.flops) + " flops, alpha " + formatNumber(task.alpha);
        const std::string group = "L" + std::to_string(level[t]);
        for (int q : p.processors) {
            Lane& lane = schedule.lanes[static_cast<std::size_t>(q)];
            double& end = laneEnd[static_cast<std::size_t>(q)];
            const double from = std::max(predecessorsEnd, end);
            const double to = std::min(dataReady, p.start);
            if (to > from)
                lane.intervals.push_back({from, to, IntervalKind::Redistribution, "→ " + task.name, static_cast<int>(t),
                                          group, "data for " + task.name + " until " + formatNumber(dataReady) + " s"});
            lane.intervals.push_back({p.start, p.end, IntervalKind::Compute, task.name, static_cast<int>(t), group, detail});
            end = std::max(end, p.end);
        }
    }
    schedule.markers.push_back({"makespan", s.makespan, true});
    const DagMetrics m = dagMetrics(in, s);
    schedule.metrics = {{"makespan", m.makespan, "s"},
                        {"peak power", m.peakPower, "flop/s"},
                        {"makespan × peak power", m.makespanTimesPeakPower, "flop"},
                        {"average power per task", m.averagePower, "flop/s"},
                        {"makespan / average power", m.makespanOverAveragePower, "s²/flop"},
                        {"speedup over seq", m.speedupOverSeq}};
    return schedule;
}

}  // namespace hetsched
