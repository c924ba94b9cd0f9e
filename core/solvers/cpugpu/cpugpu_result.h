// The CPU/GPU family's SolveResult: built from a solution, or read back from stored result JSON.
#pragma once

#include <nlohmann/json.hpp>

#include "solvers/cpugpu/cpugpu_solvers.h"
#include "solvers/registry.h"

namespace hetsched {

// The result as `hetsched solve` prints it (without the keys the registry adds), its schedule and its
// typed solution (SolveResult::solution, solvers/family_solution.h).
SolveResult cpuGpuSolveResult(const CpuGpuInstance& in, const CpuGpuSolution& solution);

// Reads the family's keys of a stored result (makespan, lower_bound, lambda, guarantee, tasks[],
// aborted[]) back and verifies the schedule against the instance (task names in input order, times
// matching the instance, no overlap).
Expected<SolveResult> cpuGpuResultFromJson(const CpuGpuInstance& in, const nlohmann::json& json);

}  // namespace hetsched
