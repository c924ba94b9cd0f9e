// A task graph's edges by source in compressed rows, each row in index order: the repeated edges and
// Kahn's order in O(N + E), without a set of pairs. Shared by the file reader (io/dag_io.cpp, which asks
// after reading part of the edges) and the typed check (model/dag_checks.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "model/dag.h"

namespace hetsched {

class DagEdgeRows {
public:
    // The first `count` edges; an edge naming a task at or past `taskCount` is left out.
    DagEdgeRows(std::size_t taskCount, const std::vector<DagEdge>& edges, std::size_t count)
        : m_edges(&edges), m_start(taskCount + 1, 0) {
        auto known = [&](const DagEdge& e) { return e.from < taskCount && e.to < taskCount; };
        for (std::size_t k = 0; k < count; ++k)
            if (known(edges[k])) ++m_start[edges[k].from + 1];
        for (std::size_t t = 0; t < taskCount; ++t) m_start[t + 1] += m_start[t];
        m_rows.resize(m_start.back());
        std::vector<std::size_t> next(m_start.begin(), m_start.end() - 1);
        for (std::size_t k = 0; k < count; ++k)
            if (known(edges[k])) m_rows[next[edges[k].from]++] = k;
    }
    DagEdgeRows(std::size_t taskCount, const std::vector<DagEdge>& edges)
        : DagEdgeRows(taskCount, edges, edges.size()) {}

    // The first edge (in index order) that repeats an earlier one: its source already led to its target.
    std::optional<std::size_t> firstRepeated() const {
        const std::size_t n = m_start.size() - 1;
        std::vector<std::size_t> lastSource(n, n);   // per target: the last source seen leading to it
        std::optional<std::size_t> first;
        for (std::size_t t = 0; t < n; ++t)
            for (std::size_t i = m_start[t]; i < m_start[t + 1]; ++i) {
                const std::size_t k = m_rows[i], to = (*m_edges)[k].to;
                if (lastSource[to] == t && (!first || k < *first)) first = k;
                lastSource[to] = t;
            }
        return first;
    }

    // Kahn's algorithm over the rows: whether the edges in the rows leave the graph without a cycle.
    bool acyclic() const {
        const std::vector<DagEdge>& edges = *m_edges;
        const std::size_t n = m_start.size() - 1;
        std::vector<std::size_t> missing(n, 0);
        for (std::size_t k : m_rows) ++missing[edges[k].to];
        std::vector<std::size_t> ready;
        for (std::size_t t = 0; t < n; ++t)
            if (missing[t] == 0) ready.push_back(t);
        std::size_t done = 0;
        while (!ready.empty()) {
            const std::size_t t = ready.back();
            ready.pop_back();
            ++done;
            for (std::size_t i = m_start[t]; i < m_start[t + 1]; ++i)
                if (--missing[edges[m_rows[i]].to] == 0) ready.push_back(edges[m_rows[i]].to);
        }
        return done == n;
    }

private:
    const std::vector<DagEdge>* m_edges;
    std::vector<std::size_t> m_start;   // row t is m_rows[m_start[t] .. m_start[t + 1])
    std::vector<std::size_t> m_rows;    // edge indices
};

}  // namespace hetsched
