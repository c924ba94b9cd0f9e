// How a CPU/GPU solver joins the registry: its own file defines its entry (name, description, option table,
// default rule) beside its algorithm with cpuGpuSolver(), and cpugpu_registry.cpp lists it in one line.
#pragma once

#include <functional>
#include <string>

#include "solvers/cpugpu/cpugpu_solvers.h"
#include "solvers/registry_detail.h"

namespace hetsched::registry_detail {

using CpuGpuSolverFunction =
    std::function<Expected<CpuGpuSolution>(const CpuGpuInstance&, const OptionValues&, const Progress&)>;

// The registry entry of a CPU/GPU solver: its spec with its option table (answerIsBound: its answer is a lower
// bound, not a schedule to run), and `run` wrapped with the family's verification (a schedule failing
// verifyCpuGpu is a solver error), the promotion of a schedule meeting its lower bound to optimal, and the
// result JSON.
RegisteredSolver cpuGpuSolver(std::string name, std::string description, OptionTable options,
                              CpuGpuSolverFunction run, bool (*isDefault)(const Instance&) = nullptr,
                              bool answerIsBound = false);

}  // namespace hetsched::registry_detail
