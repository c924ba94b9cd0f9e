// How a partition solver joins the registry: its own file defines its entry (name, description, default rule)
// beside its algorithm with partitionSolver(), and partition_registry.cpp lists that entry in one line.
#pragma once

#include <string>

#include "solvers/partition/partition_solvers.h"
#include "solvers/registry_detail.h"

namespace hetsched::registry_detail {

using PartitionSolverFunction = Expected<PartitionSolution> (*)(const PartitionInstance&, const Progress&);

// The registry entry of a partition solver: its spec, and `run` wrapped with the family's verification
// (an assignment failing verifyPartition is a solver error) and its result JSON.
RegisteredSolver partitionSolver(std::string name, std::string description, PartitionSolverFunction run,
                                 bool (*isDefault)(const Instance&) = nullptr);

}  // namespace hetsched::registry_detail
