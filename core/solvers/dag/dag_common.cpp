// The list-scheduling engine, verification, metrics and the schedule of the dag family.
#include "solvers/dag/dag_common.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <limits>
#include <memory>
#include <numeric>
#include <string_view>

namespace hetsched {

namespace {

// Two processor sets (sorted) are the same set: the common single-processor case without a library call.
inline bool sameSet(const std::vector<int>& a, const std::vector<int>& b) {
    if (a.size() != b.size()) return false;
    if (a.empty()) return true;
    if (a.front() != b.front() || a.back() != b.back()) return false;
    return std::equal(a.begin(), a.end(), b.begin());
}

}  // namespace

namespace dag_detail {

std::string formatNumber(double v) {
    // printf's "%.6g" (std::to_chars with a precision formats as printf does, without its cost).
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::general, 6);
    if (error != std::errc()) {
        std::snprintf(buffer, sizeof buffer, "%.6g", v);
        return buffer;
    }
    return std::string(buffer, end);
}

DagAdjacency::DagAdjacency(std::size_t taskCount, const std::vector<DagEdge>& edges) {
    // Counting sort of the edge indices by target and by source: each row stays in increasing order.
    m_inStart.assign(taskCount + 1, 0);
    m_outStart.assign(taskCount + 1, 0);
    for (const DagEdge& e : edges) {
        ++m_inStart[e.to + 1];
        ++m_outStart[e.from + 1];
    }
    for (std::size_t t = 0; t < taskCount; ++t) {
        m_inStart[t + 1] += m_inStart[t];
        m_outStart[t + 1] += m_outStart[t];
    }
    m_in.resize(edges.size());
    m_inFrom.resize(edges.size());
    m_out.resize(edges.size());
    m_outTo.resize(edges.size());
    {
        std::vector<std::size_t> nextIn(m_inStart.begin(), m_inStart.end() - 1);
        std::vector<std::size_t> nextOut(m_outStart.begin(), m_outStart.end() - 1);
        for (std::size_t e = 0; e < edges.size(); ++e) {
            const std::size_t in = nextIn[edges[e].to]++, out = nextOut[edges[e].from]++;
            m_in[in] = e;
            m_inFrom[in] = edges[e].from;
            m_out[out] = e;
            m_outTo[out] = edges[e].to;
        }
    }
    std::vector<std::size_t> missing(taskCount);
    m_order.reserve(taskCount);
    for (std::size_t t = 0; t < taskCount; ++t)
        if ((missing[t] = m_inStart[t + 1] - m_inStart[t]) == 0) m_order.push_back(t);
    for (std::size_t k = 0; k < m_order.size(); ++k)
        for (std::size_t to : successors(m_order[k]))
            if (--missing[to] == 0) m_order.push_back(to);
}

PlacementEngine::PlacementEngine(const DagInstance& in, const DagAdjacency& graph)
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
    m_shapes.assign(in.tasks.size(), {});
}

void PlacementEngine::prepare(std::size_t task, Prepared& p) const {
    p.task = task;
    p.cluster = -1;
    p.predecessorsEnd = 0;
    p.preds.resize(m_graph.in(task).size());
    Prepared::Pred* pred = p.preds.data();
    for (std::size_t e : m_graph.in(task)) {
        const std::size_t from = m_in.edges[e].from;
        const ProcessorSetShape& shape = m_shapes[from];
        pred->end = m_placements[from].end;
        pred->bytes = m_in.edges[e].bytes;
        pred->cluster = shape.cluster;
        pred->count = static_cast<int>(shape.count);
        pred->latency = shape.latency;
        pred->bandwidth = shape.bandwidth;
        pred->maxRank = 0;
        pred->predecessor = from;
        p.predecessorsEnd = std::max(p.predecessorsEnd, pred->end);
        ++pred;
    }
}

double PlacementEngine::endLowerBound(const Prepared& prepared, int cluster, int n) const {
    const std::vector<int>& order = m_order[static_cast<std::size_t>(cluster)];
    const double free = m_freeAt[static_cast<std::size_t>(order[static_cast<std::size_t>(n - 1)])];
    const double seconds =
        amdahlSeconds(m_in.tasks[prepared.task], m_in.platform.clusters[static_cast<std::size_t>(cluster)].speed, double(n));
    return std::max(free, prepared.predecessorsEnd) + seconds;
}

void PlacementEngine::focus(Prepared& p, int cluster) const {
    p.cluster = cluster;
    for (Prepared::Pred& pred : p.preds)
        if (pred.cluster == cluster) {
            pred.maxRank = 0;
            for (int q : m_placements[pred.predecessor].processors)
                pred.maxRank = std::max(pred.maxRank, m_rank[static_cast<std::size_t>(q)]);
        }
}

namespace {

// The model's redistributionSeconds for two different sets (model/dag.h), inlined: the same
// floating-point expressions, so the same times to the last bit (tests/core/test_dag_same_schedules.cpp).
inline double transferSeconds(const DagPlatform& platform, double bytes, const ProcessorSetShape& a,
                              const ProcessorSetShape& b) {
    if (bytes <= 0) return 0;
    if (a.cluster >= 0 && a.cluster == b.cluster) return a.latency + bytes / (std::min(a.count, b.count) * a.bandwidth);
    const double bottleneck = std::min({a.count * a.bandwidth, platform.backbone.bandwidth, b.count * b.bandwidth});
    return a.latency + platform.backbone.latency + b.latency + bytes / bottleneck;
}

}  // namespace

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
                identical = int(k) == reused || sameSet(m_placements[pred.predecessor].processors, *reusedSet);
        }
        const double transfer =
            identical ? 0.0
                      : transferSeconds(m_in.platform, pred.bytes,
                                        {pred.cluster, double(pred.count), pred.latency, pred.bandwidth}, target);
        ready = std::max(ready, pred.end + transfer);
    }
    return ready;
}

bool PlacementEngine::tryAlternative(const Prepared& prepared, int n, std::size_t k, Choice& best) const {
    const Prepared::Pred& pred = prepared.preds[k];
    double free = 0;
    for (int q : m_placements[pred.predecessor].processors) free = std::max(free, m_freeAt[static_cast<std::size_t>(q)]);
    if (free >= best.start) return false;
    const double start = std::max(free, dataReady(prepared, n, int(k)));
    if (!(start < best.start)) return false;
    best.start = start;
    best.alternative = int(k);
    return true;
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
        tryAlternative(prepared, n, k, best);
    }
    best.end = best.start + seconds;
    return best;
}

// The data-ready time of the first-free prefix of n processors is the largest, over the predecessors, of
// end + transfer(n) (0 when the predecessor's set is that prefix). Each transfer only shrinks as n grows
// (more bandwidth on the receiving side) and stops changing once the receiving side is no longer the
// bottleneck: from n = its count inside the cluster, from n * bandwidth >= min(its bandwidth, the
// backbone's) across clusters. So the sweep keeps the largest of the constant terms, evaluates the
// others while they may still exceed it and drops each one for good once it does not: the same
// maxima of the same floating-point terms as evaluating every n from scratch.
PlacementEngine::CountChoice PlacementEngine::earliestFinishOverCounts(const Prepared& prepared, int maxCount) const {
    const int c = prepared.cluster;
    const DagCluster& cluster = m_in.platform.clusters[static_cast<std::size_t>(c)];
    const std::vector<int>& order = m_order[static_cast<std::size_t>(c)];
    const DagTask& task = m_in.tasks[prepared.task];
    auto term = [&](const Prepared::Pred& pred, int n) {
        return pred.end + transferSeconds(m_in.platform, pred.bytes,
                                          {pred.cluster, double(pred.count), pred.latency, pred.bandwidth},
                                          {c, double(n), cluster.latency, cluster.bandwidth});
    };
    // A predecessor whose set is the prefix of its own size: no transfer at that n.
    auto identicalAt = [&](const Prepared::Pred& pred) { return pred.cluster == c ? pred.maxRank == pred.count - 1 : false; };
    m_sweep.clear();
    m_active.clear();
    m_alternatives.clear();
    const int beyond = maxCount + 1;
    for (std::size_t k = 0; k < prepared.preds.size(); ++k) {
        const Prepared::Pred& pred = prepared.preds[k];
        SweepPred s;
        s.pred = k;
        if (pred.bytes <= 0) {
            s.from = 1;
        } else if (pred.cluster == c) {
            s.from = identicalAt(pred) ? pred.count + 1 : pred.count;
        } else {
            // The first n with n * bandwidth_c >= min(count * bandwidth, backbone bandwidth).
            const double limit = std::min(double(pred.count) * pred.bandwidth, m_in.platform.backbone.bandwidth);
            const double guess = std::ceil(limit / cluster.bandwidth);
            int n = guess >= double(beyond) ? beyond : std::max(1, static_cast<int>(guess));
            while (n > 1 && double(n - 1) * cluster.bandwidth >= limit) --n;
            while (n < beyond && double(n) * cluster.bandwidth < limit) ++n;
            s.from = n;
        }
        s.from = std::min(s.from, beyond);
        s.saturated = s.from <= maxCount ? term(pred, pred.cluster == c ? pred.count : s.from) : 0.0;
        m_sweep.push_back(s);
        if (pred.cluster == c && pred.count <= maxCount && !identicalAt(pred)) m_alternatives.push_back(k);
    }
    std::sort(m_sweep.begin(), m_sweep.end(),
              [](const SweepPred& a, const SweepPred& b) { return a.from < b.from || (a.from == b.from && a.pred < b.pred); });
    std::stable_sort(m_alternatives.begin(), m_alternatives.end(), [&](std::size_t a, std::size_t b) {
        return prepared.preds[a].count < prepared.preds[b].count;
    });
    for (std::size_t i = 0; i < m_sweep.size(); ++i)
        if (m_sweep[i].from > 1) m_active.push_back(i);
    double saturatedMax = 0;
    std::size_t nextSaturated = 0;
    std::size_t nextAlternative = 0;
    CountChoice best;
    best.choice.end = std::numeric_limits<double>::infinity();
    for (int n = 1; n <= maxCount; ++n) {
        for (; nextSaturated < m_sweep.size() && m_sweep[nextSaturated].from <= n; ++nextSaturated)
            saturatedMax = std::max(saturatedMax, m_sweep[nextSaturated].saturated);
        double ready = saturatedMax;
        std::size_t kept = 0;
        for (std::size_t a : m_active) {
            const SweepPred& s = m_sweep[a];
            if (s.from <= n) continue;   // constant from now on, in saturatedMax
            const Prepared::Pred& pred = prepared.preds[s.pred];
            const double value = pred.count == n && identicalAt(pred) ? pred.end + 0.0 : term(pred, n);
            if (value <= saturatedMax) continue;   // it never exceeds the constants again
            ready = std::max(ready, value);
            m_active[kept++] = a;
        }
        m_active.resize(kept);
        Choice choice;
        choice.start = std::max(m_freeAt[static_cast<std::size_t>(order[static_cast<std::size_t>(n - 1)])], ready);
        for (; nextAlternative < m_alternatives.size() && prepared.preds[m_alternatives[nextAlternative]].count <= n;
             ++nextAlternative)
            tryAlternative(prepared, n, m_alternatives[nextAlternative], choice);
        choice.end = choice.start + amdahlSeconds(task, cluster.speed, double(n));
        if (choice.end < best.choice.end) {
            best.count = n;
            best.choice = choice;
        }
    }
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
    m_shapes[prepared.task] = shapeOf(m_in.platform, m_index, placement.processors);
    for (int q : placement.processors) m_freeAt[static_cast<std::size_t>(q)] = choice.end;
    // Keep the order by (freeAt, index): the placed processors, all free at `end`, merge back in O(P_c).
    const int base = m_index.offset[static_cast<std::size_t>(prepared.cluster)];
    m_chosen.assign(order.size(), 0);
    for (int q : placement.processors) m_chosen[static_cast<std::size_t>(q - base)] = 1;
    m_rest.clear();
    for (int q : order)
        if (!m_chosen[static_cast<std::size_t>(q - base)]) m_rest.push_back(q);
    auto byFreeTime = [&](int a, int b) {
        const double fa = m_freeAt[static_cast<std::size_t>(a)], fb = m_freeAt[static_cast<std::size_t>(b)];
        return fa < fb || (fa == fb && a < b);
    };
    std::merge(m_rest.begin(), m_rest.end(), placement.processors.begin(), placement.processors.end(), order.begin(),
               byFreeTime);
    for (std::size_t k = 0; k < order.size(); ++k) m_rank[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
}

std::vector<double> upwardRanks(const DagInstance& in, const DagAdjacency& graph, const std::vector<double>& cost,
                                const std::vector<double>& edgeCost) {
    std::vector<double> rank(in.tasks.size(), 0.0);
    const std::vector<std::size_t>& order = graph.topologicalOrder();
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        double below = 0;
        const IndexRange edges = graph.out(*it);
        const std::size_t* to = graph.successors(*it).begin();
        for (std::size_t e : edges) below = std::max(below, edgeCost[e] + rank[*to++]);
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
    auto nameOf = [&](std::size_t t) { return "task \"" + in.tasks[t].name + "\""; };
    // Per processor, the tasks on it (compressed rows, filled below in order of start).
    std::vector<std::size_t> onProcessorStart(static_cast<std::size_t>(total) + 1, 0);
    std::vector<char> placedHere(n, 0);
    bool setsValid = true;
    for (std::size_t t = 0; t < n; ++t) {
        const DagPlacement& p = s.tasks[t];
        if (!std::isfinite(p.start) || !std::isfinite(p.end) || p.start < -tol) {
            problems.push_back(nameOf(t) + ": start " + formatNumber(p.start) + " or end " + formatNumber(p.end) +
                               " is negative or not finite");
            continue;
        }
        if (p.processors.empty()) {
            problems.push_back(nameOf(t) + " has no processor");
            setsValid = false;
            continue;
        }
        bool sorted = true;
        for (std::size_t k = 0; k < p.processors.size(); ++k) {
            if (p.processors[k] < 0 || p.processors[k] >= total) sorted = false;
            if (k > 0 && p.processors[k] <= p.processors[k - 1]) sorted = false;
        }
        if (!sorted) {
            problems.push_back(nameOf(t) + ": its processors are not distinct valid indices");
            setsValid = false;
            continue;
        }
        const int first = index.clusterOf[static_cast<std::size_t>(p.processors.front())];
        if (!allowSpanningClusters && index.clusterOf[static_cast<std::size_t>(p.processors.back())] != first)
            problems.push_back(nameOf(t) + " uses processors of several clusters");
        const double seconds = executionSeconds(in, index, in.tasks[t], p.processors);
        if (std::abs(p.end - p.start - seconds) > tol + 1e-12 * seconds)
            problems.push_back(nameOf(t) + " lasts " + formatNumber(p.end - p.start) + " s instead of " +
                               formatNumber(seconds) + " s on its " + std::to_string(p.processors.size()) +
                               " processors");
        placedHere[t] = 1;
        for (int q : p.processors) ++onProcessorStart[static_cast<std::size_t>(q) + 1];
    }
    if (!setsValid) return problems;
    std::vector<ProcessorSetShape> shapes(n);
    for (std::size_t t = 0; t < n; ++t) shapes[t] = shapeOf(in.platform, index, s.tasks[t].processors);
    for (const DagEdge& e : in.edges) {
        const DagPlacement& a = s.tasks[e.from];
        const DagPlacement& b = s.tasks[e.to];
        // redistributionSeconds of model/dag.h, with the shapes computed once per task.
        const bool same = shapes[e.from].cluster == shapes[e.to].cluster && sameSet(a.processors, b.processors);
        const double transfer =
            same || e.bytes <= 0 ? 0.0 : redistributionSeconds(in.platform, e.bytes, shapes[e.from], shapes[e.to]);
        const double arrival = a.end + transfer;
        if (b.start < arrival - tol)
            problems.push_back("task \"" + in.tasks[e.to].name + "\" starts at " + formatNumber(b.start) +
                               " before the data of \"" + in.tasks[e.from].name + "\" arrives at " +
                               formatNumber(arrival));
    }
    // Tasks by (start, end), then bucketed by processor: each processor's tasks in that order.
    std::vector<std::size_t> byStart;
    byStart.reserve(n);
    for (std::size_t t = 0; t < n; ++t)
        if (placedHere[t]) byStart.push_back(t);
    std::sort(byStart.begin(), byStart.end(), [&](std::size_t a, std::size_t b) {
        return s.tasks[a].start < s.tasks[b].start ||
               (s.tasks[a].start == s.tasks[b].start && (s.tasks[a].end < s.tasks[b].end ||
                                                         (s.tasks[a].end == s.tasks[b].end && a < b)));
    });
    for (std::size_t q = 0; q < static_cast<std::size_t>(total); ++q) onProcessorStart[q + 1] += onProcessorStart[q];
    std::vector<std::size_t> onProcessor(onProcessorStart.back());
    {
        std::vector<std::size_t> next(onProcessorStart.begin(), onProcessorStart.end() - 1);
        for (std::size_t t : byStart)
            for (int q : s.tasks[t].processors) onProcessor[next[static_cast<std::size_t>(q)]++] = t;
    }
    for (std::size_t q = 0; q < static_cast<std::size_t>(total); ++q) {
        for (std::size_t k = onProcessorStart[q] + 1; k < onProcessorStart[q + 1]; ++k) {
            const std::size_t previous = onProcessor[k - 1], current = onProcessor[k];
            if (s.tasks[current].start < s.tasks[previous].end - tol) {
                const std::size_t c = static_cast<std::size_t>(index.clusterOf[q]);
                problems.push_back("processor " + std::to_string(int(q) - index.offset[c]) + " of cluster \"" +
                                   in.platform.clusters[c].name + "\" runs \"" + in.tasks[previous].name +
                                   "\" and \"" + in.tasks[current].name + "\" at once");
                if (problems.size() > 20) return problems;
            }
        }
    }
    return problems;
}

namespace {

// What a task graph schedule's tooltips are made from, per task (dagSchedule's Schedule::describe).
struct DagIntervalTexts {
    std::vector<std::string> clusterNames;
    std::vector<double> flops, alpha, dataReady;
    std::vector<std::uint32_t> processors;
    // The clusters task t runs on are clusters[clusterBegin[t] .. clusterEnd[t]).
    std::vector<std::uint32_t> clusterBegin, clusterEnd, clusters;
};

constexpr std::string_view kWaitPrefix = "→ ";

}  // namespace

Schedule dagSchedule(const DagInstance& in, const DagSolution& s) {
    Schedule schedule;
    schedule.title = "task graph, makespan " + formatNumber(s.makespan) + " s";
    schedule.timeUnit = "s";
    const ProcessorIndex index = indexProcessors(in.platform);
    for (std::size_t c = 0; c < in.platform.clusters.size(); ++c)
        for (int k = 0; k < in.platform.clusters[c].processors; ++k)
            schedule.lanes.push_back({in.platform.clusters[c].name + " #" + std::to_string(k), in.platform.clusters[c].name, {}});
    const dag_detail::DagAdjacency graph(in.tasks.size(), in.edges);
    // Precedence levels (model/dag.h precedenceLevels): 0 for entry tasks, else 1 + the largest of a predecessor.
    std::vector<int> level(in.tasks.size(), 0);
    for (std::size_t t : graph.topologicalOrder())
        for (std::size_t from : graph.predecessors(t)) level[t] = std::max(level[t], level[from] + 1);
    std::vector<ProcessorSetShape> shapes(in.tasks.size());
    for (std::size_t t = 0; t < in.tasks.size(); ++t) shapes[t] = shapeOf(in.platform, index, s.tasks[t].processors);
    // Tasks in start order so each lane's intervals come sorted and a lane's previous end is known.
    std::vector<std::size_t> byStart(in.tasks.size());
    std::iota(byStart.begin(), byStart.end(), std::size_t{0});
    std::sort(byStart.begin(), byStart.end(), [&](std::size_t a, std::size_t b) {
        return s.tasks[a].start < s.tasks[b].start || (s.tasks[a].start == s.tasks[b].start && a < b);
    });
    std::vector<double> laneEnd(schedule.lanes.size(), 0.0);
    auto texts = std::make_unique<DagIntervalTexts>();
    std::vector<SharedText> levelGroups;   // "L3", made once per level
    for (const DagCluster& cluster : in.platform.clusters) texts->clusterNames.push_back(cluster.name);
    texts->flops.resize(in.tasks.size());
    texts->alpha.resize(in.tasks.size());
    texts->processors.resize(in.tasks.size());
    texts->dataReady.resize(in.tasks.size());
    texts->clusterBegin.resize(in.tasks.size());
    texts->clusterEnd.resize(in.tasks.size());
    for (std::size_t t = 0; t < in.tasks.size(); ++t) {
        texts->flops[t] = in.tasks[t].flops;
        texts->alpha[t] = in.tasks[t].alpha;
        texts->processors[t] = static_cast<std::uint32_t>(s.tasks[t].processors.size());
    }
    for (std::size_t t : byStart) {
        const DagPlacement& p = s.tasks[t];
        const DagTask& task = in.tasks[t];
        double predecessorsEnd = 0, dataReady = 0;
        for (std::size_t e : graph.in(t)) {
            const std::size_t from = in.edges[e].from;
            const DagPlacement& a = s.tasks[from];
            predecessorsEnd = std::max(predecessorsEnd, a.end);
            // redistributionSeconds of model/dag.h, with the shapes computed once per task.
            const double bytes = in.edges[e].bytes;
            const bool same = shapes[from].cluster == shapes[t].cluster && sameSet(a.processors, p.processors);
            dataReady = std::max(dataReady,
                                 a.end + (same || bytes <= 0 ? 0.0
                                                             : redistributionSeconds(in.platform, bytes, shapes[from],
                                                                                     shapes[t])));
        }
        // The clusters the task runs on, in processor order (what its tooltip names), kept per task.
        texts->clusterBegin[t] = static_cast<std::uint32_t>(texts->clusters.size());
        int previousCluster = -1;
        for (int q : p.processors) {
            const int c = index.clusterOf[static_cast<std::size_t>(q)];
            if (c != previousCluster) texts->clusters.push_back(static_cast<std::uint32_t>(c));
            previousCluster = c;
        }
        texts->clusterEnd[t] = static_cast<std::uint32_t>(texts->clusters.size());
        texts->dataReady[t] = dataReady;
        // One text per level and per task, shared by the task's intervals on every processor.
        const auto lv = static_cast<std::size_t>(level[t]);
        if (lv >= levelGroups.size()) levelGroups.resize(lv + 1);
        if (levelGroups[lv].empty()) levelGroups[lv] = "L" + std::to_string(level[t]);
        const SharedText& group = levelGroups[lv];
        const SharedText name = task.name;
        SharedText waitLabel;   // made once per task, when a processor waits for data
        for (int q : p.processors) {
            Lane& lane = schedule.lanes[static_cast<std::size_t>(q)];
            double& end = laneEnd[static_cast<std::size_t>(q)];
            const double from = std::max(predecessorsEnd, end);
            const double to = std::min(dataReady, p.start);
            if (to > from) {
                if (waitLabel.empty()) waitLabel = std::string(kWaitPrefix) + task.name;
                lane.intervals.push_back({from, to, IntervalKind::Redistribution, waitLabel, static_cast<int>(t), group, {}});
            }
            lane.intervals.push_back({p.start, p.end, IntervalKind::Compute, name, static_cast<int>(t), group, {}});
            end = std::max(end, p.end);
        }
    }
    // Tooltips are made when shown ("t3: 4 processor(s) of C0, C1, 2 s to 5 s, 1e+09 flops, alpha 0.1";
    // "data for t3 until 2 s"): the schedule keeps a few numbers a task, not a string per processor.
    schedule.describe = [texts = std::shared_ptr<const DagIntervalTexts>(std::move(texts))](const Interval& interval) {
        if (interval.taskId < 0 || static_cast<std::size_t>(interval.taskId) >= texts->flops.size()) return std::string();
        const auto t = static_cast<std::size_t>(interval.taskId);
        std::string detail;
        if (interval.kind == IntervalKind::Redistribution) {
            const std::string_view label = interval.label.view();
            const std::string_view name = label.starts_with(kWaitPrefix) ? label.substr(kWaitPrefix.size()) : label;
            detail.append("data for ").append(name).append(" until ").append(formatNumber(texts->dataReady[t])).append(" s");
            return detail;
        }
        detail.reserve(interval.label.size() + 96);
        detail.append(interval.label).append(": ").append(std::to_string(texts->processors[t])).append(" processor(s) of ");
        for (std::size_t k = texts->clusterBegin[t]; k < texts->clusterEnd[t]; ++k) {
            if (k > texts->clusterBegin[t]) detail.append(", ");
            detail.append(texts->clusterNames[texts->clusters[k]]);
        }
        detail.append(", ").append(formatNumber(interval.start)).append(" s to ").append(formatNumber(interval.end)).append(" s, ");
        detail.append(formatNumber(texts->flops[t])).append(" flops, alpha ").append(formatNumber(texts->alpha[t]));
        return detail;
    };
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
