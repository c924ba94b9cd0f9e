// How a DAG solver joins the registry: its own file defines its entry (name, description, default rule)
// beside its algorithm with dagSolver(), and dag_registry.cpp lists that entry in one line.
#pragma once

#include <string>

#include "solvers/dag/dag_solvers.h"
#include "solvers/registry_detail.h"

namespace hetsched::registry_detail {

using DagSolverFunction = Expected<DagSolution> (*)(const DagInstance&, const Progress&);

// The registry entry of a DAG solver: its spec, and `run` wrapped with the family's checks (an instance
// dagInstanceProblem refuses is invalid input, a schedule failing verifyDag a solver error) and its result JSON.
RegisteredSolver dagSolver(std::string name, std::string description, DagSolverFunction run,
                           bool (*isDefault)(const Instance&) = nullptr);

}  // namespace hetsched::registry_detail
