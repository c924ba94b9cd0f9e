// Pieces shared by the CPU/GPU solvers (not part of the public API).
#pragma once

#include <cstddef>
#include <vector>

#include "solvers/cpugpu/cpugpu_solvers.h"

namespace hetsched::cpugpu_detail {

// Relative slack of the comparisons that decide a proof (a "no" of the DP, a bound), so that
// rounding never turns a feasible guess into a false "no".
constexpr double kProofSlack = 1e-12;

inline double timeOn(const CpuGpuTask& task, CpuGpuUnit unit) {
    return unit == CpuGpuUnit::Cpu ? task.cpu : task.gpu;
}
inline int processorsOf(const CpuGpuInstance& in, CpuGpuUnit unit) {
    return unit == CpuGpuUnit::Cpu ? in.cpus : in.gpus;
}

// Places the tasks of each unit by the allotment, longest first, each on the least loaded processor
// of its unit (ties to the lowest index), back to back from 0. Graham's bound: each unit ends by
// area / count + longest task.
std::vector<CpuGpuPlacement> listSchedule(const CpuGpuInstance& in, const std::vector<CpuGpuUnit>& allotment);

// Fills makespan from the placements.
void finishSolution(CpuGpuSolution& solution);

// A solution from placements: makespan filled in, lowerBound = the cheap bound (computed, or given).
CpuGpuSolution solutionFromPlacements(const CpuGpuInstance& in, std::vector<CpuGpuPlacement> placements,
                                      SolveStatus status, std::string message);
CpuGpuSolution solutionFromPlacements(std::vector<CpuGpuPlacement> placements, SolveStatus status,
                                      std::string message, double lowerBound);

// The indices 0..n-1 by increasing key, equal keys by increasing index: the order a stable sort of the
// indices by key gives, sorted as (key, index) pairs side by side instead of looking each key up
// through its index. The keys must not be NaN.
std::vector<std::size_t> orderByKey(const std::vector<double>& keys);

// HEFT's schedule (solveCpuGpuHeft without the bound).
std::vector<CpuGpuPlacement> heftPlacements(const CpuGpuInstance& in);

}  // namespace hetsched::cpugpu_detail
