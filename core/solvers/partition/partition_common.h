// Pieces shared by the partition solvers (not part of the public API).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/partition/partition_solvers.h"
#include "solvers/partition/sumset.h"

namespace hetsched::partition_detail {

// A solution with costs and objectives filled in from the counts.
PartitionSolution makeSolution(const PartitionInstance& in, std::vector<std::int64_t> tasks, SolveStatus status,
                               std::string message);

PartitionSolution infeasibleSolution(std::string reason);

// The admissible counts of a resource (<= T) as runs.
RunList admissibleRuns(const ResourceChoices& choices);

// suffix[i] = the sums reachable with resources i..n-1 (suffix[n] = {0}), within [0, T].
std::vector<RunList> suffixReachable(const std::vector<ResourceChoices>& choices, std::int64_t tasks);

}  // namespace hetsched::partition_detail
