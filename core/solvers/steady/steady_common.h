// Internals shared by the steady-state solvers (not part of the public API).
#pragma once

#include <string>
#include <vector>

#include "solvers/steady/steady_solvers.h"

namespace hetsched::steady_detail {

// The arcs leaving / entering each node, as arc indices.
struct Adjacency {
    std::vector<std::vector<std::size_t>> out, in;
};
Adjacency adjacencyOf(std::size_t nodeCount, const std::vector<SteadyArc>& arcs);

// Shortest paths from `root` (forward) or to it (backward) with non-negative arc weights (Dijkstra).
// parentArc[u] is the arc that reaches u on the path (SIZE_MAX at the root or when unreachable).
struct ShortestPaths {
    std::vector<double> distance;
    std::vector<std::size_t> parentArc;
};
ShortestPaths shortestPaths(std::size_t nodeCount, const std::vector<SteadyArc>& arcs, const Adjacency& adjacency,
                            std::size_t root, const std::vector<double>& arcWeight, bool backward);
// The arcs of the path root -> u (forward) or u -> root (backward), in path order.
std::vector<std::size_t> pathArcs(const std::vector<SteadyArc>& arcs, const ShortestPaths& paths, std::size_t root,
                                  std::size_t u, bool backward);

// Chu-Liu/Edmonds: the minimum weight arborescence rooted at `root` spanning the nodes with
// `required` set, over the arcs with finite weight; empty when some required node is unreachable.
// O(|V||E|). With every node required this is the exact minimum spanning arborescence.
std::vector<std::size_t> minimumArborescence(std::size_t nodeCount, const std::vector<SteadyArc>& arcs,
                                             std::size_t root, const std::vector<double>& arcWeight);

// Maximum weight matching of the bipartite graph G_B (out-ports x in-ports) with arc weights >= 0:
// the chosen arc indices. Hungarian method, O(|V|^3).
std::vector<std::size_t> maximumBipartiteMatching(std::size_t nodeCount, const std::vector<SteadyArc>& arcs,
                                                  const std::vector<double>& arcWeight);

// Maximum weight matching of G seen as an undirected graph (two opposite arcs are one edge, worth the
// larger weight): the chosen arc indices. Boost.Graph's maximum_weighted_matching.
std::vector<std::size_t> maximumGeneralMatching(std::size_t nodeCount, const std::vector<SteadyArc>& arcs,
                                                const std::vector<double>& arcWeight);

// The names "P1->P2" and pattern labels "pi3" used in messages and lanes.
std::string arcName(const SteadyStateInstance& in, const SteadyArc& arc);

}  // namespace hetsched::steady_detail
