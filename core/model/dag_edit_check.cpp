#include "model/dag_edit_check.h"

#include <algorithm>

#include "model/instance_checks.h"
#include "model/dag_paths.h"

namespace hetsched {

namespace {

bool sameCluster(const DagCluster& a, const DagCluster& b) {
    return a.name == b.name && a.processors == b.processors && a.speed == b.speed && a.bandwidth == b.bandwidth &&
           a.latency == b.latency;
}

bool samePlatform(const DagPlatform& a, const DagPlatform& b) {
    return std::equal(a.clusters.begin(), a.clusters.end(), b.clusters.begin(), b.clusters.end(), sameCluster) &&
           a.backbone.bandwidth == b.backbone.bandwidth && a.backbone.latency == b.backbone.latency &&
           a.simgrid.file == b.simgrid.file && a.simgrid.hostsByCluster == b.simgrid.hostsByCluster;
}

bool sameTask(const DagTask& a, const DagTask& b) {
    return a.name == b.name && a.flops == b.flops && a.alpha == b.alpha;
}

bool sameEnds(const DagEdge& a, const DagEdge& b) {
    return a.from == b.from && a.to == b.to;
}

bool sameEdge(const DagEdge& a, const DagEdge& b) {
    return sameEnds(a, b) && a.bytes == b.bytes;
}

bool validAmount(double v) {
    return v >= 0 && v <= dag_limits::kMaxValue;
}

// The checks of readDagInstance on one task of a graph whose other tasks passed them.
bool validTask(const DagInstance& in, std::size_t i, double fastest) {
    const DagTask& t = in.tasks[i];
    if (t.name.empty() || !validAmount(t.flops) || !(t.alpha >= 0 && t.alpha <= 1)) return false;
    if (t.flops / fastest > dag_limits::kMaxTaskSeconds) return false;
    for (std::size_t j = 0; j < in.tasks.size(); ++j)
        if (j != i && in.tasks[j].name == t.name) return false;
    return true;
}

}  // namespace

bool dagEditKnownValid(const DagInstance& before, const DagInstance& after) {
    if (!samePlatform(before.platform, after.platform) || after.tasks.size() != before.tasks.size()) return false;
    double fastest = 0;
    for (const DagCluster& c : after.platform.clusters) fastest = std::max(fastest, c.speed);
    const std::size_t n = after.tasks.size();
    const bool sameEdges = std::equal(before.edges.begin(), before.edges.end(), after.edges.begin(), after.edges.end(), sameEdge);
    if (sameEdges) {
        std::size_t changed = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (sameTask(before.tasks[i], after.tasks[i])) continue;
            // A renamed task is compared with every other name: a few, not a whole renaming.
            if (++changed > 16 || !validTask(after, i, fastest)) return false;
        }
        return true;
    }
    for (std::size_t i = 0; i < n; ++i)
        if (!sameTask(before.tasks[i], after.tasks[i])) return false;
    const std::size_t m = before.edges.size();
    if (after.edges.size() == m) {
        // The bytes of some dependencies.
        for (std::size_t k = 0; k < m; ++k) {
            if (!sameEnds(before.edges[k], after.edges[k])) return false;
            if (!validAmount(after.edges[k].bytes)) return false;
        }
        return true;
    }
    if (after.edges.size() == m + 1) {
        // One dependency added at the end: known tasks, not a loop, not twice, no cycle.
        if (!std::equal(before.edges.begin(), before.edges.end(), after.edges.begin(), sameEdge)) return false;
        const DagEdge& e = after.edges.back();
        if (e.from >= n || e.to >= n || e.from == e.to || !validAmount(e.bytes)) return false;
        if (after.edges.size() > dag_limits::kMaxEdges) return false;
        for (const DagEdge& old : before.edges)
            if (sameEnds(old, e)) return false;
        return !dagEdgeClosesCycle(before, e.from, e.to);
    }
    // Some dependencies removed, the others in their order: a part of a valid graph is valid.
    std::size_t k = 0;
    for (const DagEdge& e : after.edges) {
        while (k < m && !sameEdge(before.edges[k], e)) ++k;
        if (k == m) return false;
        ++k;
    }
    return true;
}

}  // namespace hetsched
