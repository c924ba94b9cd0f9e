// How a family plugs its solvers into the registry (not part of the public API).
#pragma once

#include <functional>
#include <vector>

#include "solvers/registry.h"

namespace hetsched::registry_detail {

// Runs one solver (its options resolved against its table) and fills everything of the SolveResult but `seconds`, `kind` and `solver`.
using SolverFunction = std::function<Expected<SolveResult>(const Instance&, const OptionValues&, const Progress&)>;

struct RegisteredSolver {
    SolverSpec spec;
    SolverFunction run;
    bool (*isDefaultFor)(const Instance&) = nullptr;   // the family default for this instance
};

// One function per family, named by its FamilyDescriptor (core/family/) and called once when the registry is
// built; the registry fills in each spec's kind from the descriptor.
std::vector<RegisteredSolver> partitionSolvers();
std::vector<RegisteredSolver> divisibleSolvers();
std::vector<RegisteredSolver> steadySolvers();
std::vector<RegisteredSolver> dagSolvers();
std::vector<RegisteredSolver> cpugpuSolvers();

}  // namespace hetsched::registry_detail
