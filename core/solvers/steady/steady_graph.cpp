// Graph algorithms of the steady-state family: shortest paths, minimum arborescences and maximum
// weight matchings (the separation oracles of section 8.5.3).
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <queue>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/maximum_weighted_matching.hpp>

#include "solvers/steady/steady_common.h"

namespace hetsched::steady_detail {

namespace {
constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

std::string arcName(const SteadyStateInstance& in, const SteadyArc& arc) {
    return in.nodes[arc.from].name + "->" + in.nodes[arc.to].name;
}

Adjacency adjacencyOf(std::size_t n, const std::vector<SteadyArc>& arcs) {
    Adjacency a;
    a.out.resize(n);
    a.in.resize(n);
    for (std::size_t e = 0; e < arcs.size(); ++e) {
        a.out[arcs[e].from].push_back(e);
        a.in[arcs[e].to].push_back(e);
    }
    return a;
}

ShortestPaths shortestPaths(std::size_t n, const std::vector<SteadyArc>& arcs, const Adjacency& adjacency,
                            std::size_t root, const std::vector<double>& weight, bool backward) {
    ShortestPaths sp{std::vector<double>(n, kInf), std::vector<std::size_t>(n, kNone)};
    using Item = std::pair<double, std::size_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    sp.distance[root] = 0;
    queue.push({0, root});
    while (!queue.empty()) {
        const auto [d, u] = queue.top();
        queue.pop();
        if (d > sp.distance[u]) continue;
        for (std::size_t e : backward ? adjacency.in[u] : adjacency.out[u]) {
            const std::size_t v = backward ? arcs[e].from : arcs[e].to;
            const double nd = d + std::max(0.0, weight[e]);
            if (nd < sp.distance[v]) {
                sp.distance[v] = nd;
                sp.parentArc[v] = e;
                queue.push({nd, v});
            }
        }
    }
    return sp;
}

std::vector<std::size_t> pathArcs(const std::vector<SteadyArc>& arcs, const ShortestPaths& sp, std::size_t root,
                                  std::size_t u, bool backward) {
    std::vector<std::size_t> path;
    for (std::size_t at = u; at != root && sp.parentArc[at] != kNone;) {
        const std::size_t e = sp.parentArc[at];
        path.push_back(e);
        at = backward ? arcs[e].to : arcs[e].from;
    }
    if (!backward) std::reverse(path.begin(), path.end());
    return path;
}

namespace {

struct WeightedEdge {
    std::size_t from, to;
    double w;
};

// Chu-Liu/Edmonds by contraction; returns indices into `edges` (empty: no spanning arborescence).
std::vector<std::size_t> arborescence(std::size_t n, std::size_t root, const std::vector<WeightedEdge>& edges, bool& ok) {
    std::vector<std::size_t> best(n, kNone);
    for (std::size_t k = 0; k < edges.size(); ++k) {
        const WeightedEdge& e = edges[k];
        if (e.to == root || e.from == e.to) continue;
        if (best[e.to] == kNone || e.w < edges[best[e.to]].w) best[e.to] = k;
    }
    for (std::size_t v = 0; v < n; ++v)
        if (v != root && best[v] == kNone) {
            ok = false;
            return {};
        }
    // Cycles of the chosen in-edges.
    std::vector<std::size_t> cycleOf(n, kNone), mark(n, kNone);
    std::size_t cycles = 0;
    for (std::size_t v = 0; v < n; ++v) {
        std::size_t at = v;
        while (at != root && mark[at] == kNone && cycleOf[at] == kNone) {
            mark[at] = v;
            at = edges[best[at]].from;
        }
        if (at != root && mark[at] == v && cycleOf[at] == kNone) {
            for (std::size_t c = at;; c = edges[best[c]].from) {
                cycleOf[c] = cycles;
                if (edges[best[c]].from == at) break;
            }
            ++cycles;
        }
    }
    if (cycles == 0) {
        std::vector<std::size_t> chosen;
        for (std::size_t v = 0; v < n; ++v)
            if (v != root) chosen.push_back(best[v]);
        return chosen;
    }
    // Contract: cycle c becomes node c, the other nodes follow.
    std::vector<std::size_t> component(n);
    std::size_t next = cycles;
    for (std::size_t v = 0; v < n; ++v) component[v] = cycleOf[v] != kNone ? cycleOf[v] : next++;
    std::vector<WeightedEdge> contracted;
    std::vector<std::size_t> origin;
    for (std::size_t k = 0; k < edges.size(); ++k) {
        const WeightedEdge& e = edges[k];
        if (component[e.from] == component[e.to] || e.to == root) continue;
        const double reduce = cycleOf[e.to] != kNone ? edges[best[e.to]].w : 0;
        contracted.push_back({component[e.from], component[e.to], e.w - reduce});
        origin.push_back(k);
    }
    const std::vector<std::size_t> inner = arborescence(next, component[root], contracted, ok);
    if (!ok) return {};
    std::vector<std::size_t> chosen;
    std::vector<std::size_t> enteredAt(cycles, kNone);
    for (std::size_t k : inner) {
        const WeightedEdge& e = edges[origin[k]];
        chosen.push_back(origin[k]);
        if (cycleOf[e.to] != kNone) enteredAt[cycleOf[e.to]] = e.to;
    }
    for (std::size_t v = 0; v < n; ++v)
        if (cycleOf[v] != kNone && enteredAt[cycleOf[v]] != v) chosen.push_back(best[v]);
    return chosen;
}

}  // namespace

std::vector<std::size_t> minimumArborescence(std::size_t n, const std::vector<SteadyArc>& arcs, std::size_t root,
                                             const std::vector<double>& weight) {
    std::vector<WeightedEdge> edges;
    std::vector<std::size_t> arcOf;
    for (std::size_t e = 0; e < arcs.size(); ++e)
        if (std::isfinite(weight[e])) {
            edges.push_back({arcs[e].from, arcs[e].to, weight[e]});
            arcOf.push_back(e);
        }
    bool ok = true;
    std::vector<std::size_t> tree = arborescence(n, root, edges, ok);
    if (!ok) return {};
    for (std::size_t& k : tree) k = arcOf[k];
    std::sort(tree.begin(), tree.end());
    return tree;
}

std::vector<std::size_t> maximumBipartiteMatching(std::size_t n, const std::vector<SteadyArc>& arcs,
                                                  const std::vector<double>& weight) {
    // Hungarian method (shortest augmenting paths with potentials) minimising -w on an n x n matrix.
    std::vector<std::vector<double>> cost(n + 1, std::vector<double>(n + 1, 0.0));
    std::vector<std::vector<std::size_t>> arcAt(n, std::vector<std::size_t>(n, kNone));
    for (std::size_t e = 0; e < arcs.size(); ++e)
        if (weight[e] > 0) {
            cost[arcs[e].from + 1][arcs[e].to + 1] = -weight[e];
            arcAt[arcs[e].from][arcs[e].to] = e;
        }
    std::vector<double> u(n + 1, 0), v(n + 1, 0);
    std::vector<std::size_t> p(n + 1, 0), way(n + 1, 0);
    for (std::size_t i = 1; i <= n; ++i) {
        p[0] = i;
        std::size_t j0 = 0;
        std::vector<double> minv(n + 1, kInf);
        std::vector<bool> used(n + 1, false);
        do {
            used[j0] = true;
            const std::size_t i0 = p[j0];
            double delta = kInf;
            std::size_t j1 = 0;
            for (std::size_t j = 1; j <= n; ++j) {
                if (used[j]) continue;
                const double cur = cost[i0][j] - u[i0] - v[j];
                if (cur < minv[j]) {
                    minv[j] = cur;
                    way[j] = j0;
                }
                if (minv[j] < delta) {
                    delta = minv[j];
                    j1 = j;
                }
            }
            for (std::size_t j = 0; j <= n; ++j) {
                if (used[j]) {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (p[j0] != 0);
        do {
            const std::size_t j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
        } while (j0 != 0);
    }
    std::vector<std::size_t> matching;
    for (std::size_t j = 1; j <= n; ++j)
        if (p[j] != 0 && arcAt[p[j] - 1][j - 1] != kNone) matching.push_back(arcAt[p[j] - 1][j - 1]);
    std::sort(matching.begin(), matching.end());
    return matching;
}

std::vector<std::size_t> maximumGeneralMatching(std::size_t n, const std::vector<SteadyArc>& arcs,
                                                const std::vector<double>& weight) {
    // Integer weights: Boost's weighted matching can loop forever on floating-point weights (its dual
    // updates never reach exact zero slack). The weights are scaled to integers of up to 2^40, a relative
    // precision of 1e-12, far below the column generation's tolerance.
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                        boost::property<boost::edge_weight_t, long long>>;
    std::map<std::pair<std::size_t, std::size_t>, std::size_t> bestArc;
    for (std::size_t e = 0; e < arcs.size(); ++e) {
        if (!(weight[e] > 0)) continue;
        const auto key = std::minmax(arcs[e].from, arcs[e].to);
        auto it = bestArc.find(key);
        if (it == bestArc.end() || weight[e] > weight[it->second]) bestArc[key] = e;
    }
    double largest = 0;
    for (const auto& [key, e] : bestArc) largest = std::max(largest, weight[e]);
    const double scale = largest > 0 ? 0x1.0p40 / largest : 1;
    Graph g(n);
    for (const auto& [key, e] : bestArc) {
        const long long w = std::llround(weight[e] * scale);
        if (w > 0) boost::add_edge(key.first, key.second, w, g);
    }
    // Without edges Boost would start from 2 * numeric_limits<long long>::min() (signed overflow).
    if (boost::num_edges(g) == 0) return {};
    std::vector<boost::graph_traits<Graph>::vertex_descriptor> mate(n);
    boost::maximum_weighted_matching(g, &mate[0]);
    std::vector<std::size_t> matching;
    for (std::size_t u = 0; u < n; ++u) {
        const auto v = mate[u];
        if (v == boost::graph_traits<Graph>::null_vertex() || v <= u) continue;
        auto it = bestArc.find({u, static_cast<std::size_t>(v)});
        if (it != bestArc.end()) matching.push_back(it->second);
    }
    std::sort(matching.begin(), matching.end());
    return matching;
}

}  // namespace hetsched::steady_detail
