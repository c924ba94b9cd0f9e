// How a steady-state solver joins the registry: its own file defines its entry (name, description, option
// table, default rule) beside its algorithm with steadySolver(), and steady_registry.cpp lists it in one line.
#pragma once

#include <string>

#include "solvers/registry_detail.h"
#include "solvers/steady/steady_solvers.h"

namespace hetsched::registry_detail {

using SteadySolverFunction = Expected<SteadySolution> (*)(const SteadyStateInstance&, const OptionValues&,
                                                          const Progress&);

// The registry entry of a steady-state solver: its spec with its option table, and `run` wrapped with the
// family's checks (an unsolvable instance is invalid input, a schedule failing verifySteady a solver error)
// and its result JSON.
RegisteredSolver steadySolver(std::string name, std::string description, OptionTable options,
                              SteadySolverFunction run, bool (*isDefault)(const Instance&));

// Where the compact LPs apply (every model but the unidirectional one-port, every application but multicast):
// there lp is the default, elsewhere column-generation.
bool steadyCompactLpApplies(const Instance& instance);

}  // namespace hetsched::registry_detail
