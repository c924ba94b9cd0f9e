// How a family plugs its solvers into the registry (not part of the public API).
#pragma once

#include <functional>
#include <string>
#include <utility>
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

// A solver's entry states its guarantee, complexity and source beside its algorithm:
//   return stated(partitionSolver("dp", ...), {.guarantee = "...", .complexity = "...", .reference = "..."});
struct SolverStatement {
    std::string guarantee;
    std::string complexity;
    std::string reference;
};
inline RegisteredSolver stated(RegisteredSolver solver, SolverStatement statement) {
    solver.spec.guarantee = std::move(statement.guarantee);
    solver.spec.complexity = std::move(statement.complexity);
    solver.spec.reference = std::move(statement.reference);
    return solver;
}

// A family's registry file lists its solvers as one X-macro line each, in their listed order (the first whose
// default rule holds is the family default, and `hetsched solvers` shows them in that order):
//   #define PARTITION_SOLVERS(X) X(partitionThresholdSolver) X(partitionDpSolver) ...
// (written one X(...) a line, each line ending in a backslash).
// Each entry is defined in its solver's own file; HETSCHED_DECLARE_SOLVER declares it, HETSCHED_LIST_SOLVER
// calls it inside the family's braced list.
#define HETSCHED_DECLARE_SOLVER(entry) RegisteredSolver entry();
#define HETSCHED_LIST_SOLVER(entry) entry(),

// One function per family, named by its FamilyDescriptor (core/family/) and called once when the registry is
// built; the registry fills in each spec's kind from the descriptor.
std::vector<RegisteredSolver> partitionSolvers();
std::vector<RegisteredSolver> divisibleSolvers();
std::vector<RegisteredSolver> steadySolvers();
std::vector<RegisteredSolver> dagSolvers();
std::vector<RegisteredSolver> cpugpuSolvers();

}  // namespace hetsched::registry_detail
