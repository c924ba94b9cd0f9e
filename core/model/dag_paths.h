// Paths in a task graph over its dependencies: what tells whether a new dependency closes a cycle, and which
// tasks the cycle goes through (for the message a user sees).
#pragma once

#include <cstddef>
#include <vector>

#include "model/dag.h"

namespace hetsched {

// The tasks of a path from task `from` to task `to` over the edges, both included (just `from` when they are
// the same task); empty when `to` cannot be reached from `from`. Linear in the tasks and edges.
std::vector<std::size_t> dagPath(const DagInstance& instance, std::size_t from, std::size_t to);

// Whether a dependency from -> to would close a cycle: `to` already reaches `from`.
inline bool dagEdgeClosesCycle(const DagInstance& instance, std::size_t from, std::size_t to) {
    return !dagPath(instance, to, from).empty();
}

}  // namespace hetsched
