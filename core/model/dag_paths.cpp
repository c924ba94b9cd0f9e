#include "model/dag_paths.h"

#include <algorithm>

namespace hetsched {

std::vector<std::size_t> dagPath(const DagInstance& in, std::size_t from, std::size_t to) {
    const std::size_t n = in.tasks.size();
    if (from >= n || to >= n) return {};
    // Successors in compressed rows (one pass over the edges), then a depth-first search keeping parents.
    std::vector<std::size_t> start(n + 1, 0);
    for (const DagEdge& e : in.edges)
        if (e.from < n && e.to < n) ++start[e.from + 1];
    for (std::size_t u = 0; u < n; ++u) start[u + 1] += start[u];
    std::vector<std::size_t> next(start.begin(), start.end() - 1);
    std::vector<std::size_t> successors(start[n]);
    for (const DagEdge& e : in.edges)
        if (e.from < n && e.to < n) successors[next[e.from]++] = e.to;
    std::vector<std::size_t> parent(n, n);
    std::vector<std::size_t> stack{from};
    parent[from] = from;
    while (!stack.empty()) {
        const std::size_t u = stack.back();
        stack.pop_back();
        if (u == to) {
            std::vector<std::size_t> path{to};
            for (std::size_t v = to; v != from; v = parent[v]) path.push_back(parent[v]);
            std::reverse(path.begin(), path.end());
            return path;
        }
        for (std::size_t k = start[u]; k < start[u + 1]; ++k)
            if (parent[successors[k]] == n) {
                parent[successors[k]] = u;
                stack.push_back(successors[k]);
            }
    }
    return {};
}

}  // namespace hetsched
