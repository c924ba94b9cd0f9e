// How a divisible solver joins the registry: its own file defines its entry (name, description, default rule)
// beside its algorithm with divisibleSolver(), and divisible_registry.cpp lists that entry in one line.
#pragma once

#include <string>

#include "solvers/divisible/divisible_solvers.h"
#include "solvers/registry_detail.h"

namespace hetsched::registry_detail {

using DivisibleSolverFunction = Expected<DivisibleSolution> (*)(const DivisibleInstance&, const Progress&);

// The registry entry of a divisible solver: its spec (optimalWithin: the class of schedules its "optimal" is
// optimal within, empty for the global optimum), and `run` wrapped with the family's verification (a
// schedule failing verifyDivisible is a solver error) and its result JSON.
RegisteredSolver divisibleSolver(std::string name, std::string description, DivisibleSolverFunction run,
                                 bool (*isDefault)(const Instance&) = nullptr, std::string optimalWithin = {});

// The default rule shared by exhaustive and fifo-optimal: the exhaustive search is the default for at most
// seven workers, the optimal FIFO schedule above.
bool divisibleSmallPlatform(const Instance& instance);

}  // namespace hetsched::registry_detail
