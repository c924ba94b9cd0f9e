// The random instances and the experiment of section 5.2 of Kedad-Sidhoum et al. 2013, run over
// every CPU/GPU solver (Table 1: maximal deviations; Figure 2: mean deviations against n).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "model/cpugpu.h"

namespace hetsched {

// The paper's random instance: CPU times uniform integers in [10, 100], each task accelerated by a
// factor 15 or 35 on a GPU with probability 1/2 (p̲ = p̄ / 15 or p̄ / 35). Tasks are named t0, t1, ...
// The same arguments give the same instance on every platform (std::mt19937_64, explicit mapping).
CpuGpuInstance randomCpuGpuInstance(int tasks, int cpus, int gpus, std::uint64_t seed, double epsilon = 1e-3);

struct CpuGpuExperimentOptions {
    int minTasks = 10;   // n = minTasks, minTasks + taskStep, ..., <= maxTasks
    int maxTasks = 1000;
    int taskStep = 10;
    std::vector<int> cpuCounts{1, 2, 4, 8, 16, 32, 64};   // m = 2^a, a = 0..6
    std::vector<int> gpuCounts{1, 2, 4, 8};               // k = 2^b, b = 0..3
    int instancesPerCase = 30;
    // Registry names of the cpugpu solvers to compare (each result is verified by the registry).
    std::vector<std::string> solvers{"dual-approx", "dual-approx-2", "heft", "heteroprio"};
    double exactTimeLimit = 0;   // > 0: also run `exact` with this time limit (seconds) per instance
    std::uint64_t seed = 1;
    double epsilon = 1e-3;
};

// One (n, m, k, solver) case over its instances. A deviation is makespan / reference - 1. The
// reference lower bound of an instance is the best lower bound proven by any solver run on it (the
// cheap bound, the "no" answers of the dual approximations, the MIP's bound); the optimum is known
// where a solver proved it (status optimal: `exact`'s MIP, or a makespan meeting a lower bound).
struct CpuGpuExperimentRow {
    int tasks = 0;
    int cpus = 0;
    int gpus = 0;
    std::string solver;
    int instances = 0;
    double meanDeviationFromBound = 0;
    double maxDeviationFromBound = 0;
    int optimalInstances = 0;              // instances whose optimum is known
    double meanDeviationFromOptimum = 0;   // over those (0 when none)
    double maxDeviationFromOptimum = 0;
    double meanSeconds = 0;
};

struct CpuGpuExperiment {
    CpuGpuExperimentOptions options;
    std::vector<CpuGpuExperimentRow> rows;   // by n, then m, then k, then solver in the options' order
};

// Runs the grid (sequentially, on the calling thread). Invalid options (an empty grid, an unknown
// solver, counts out of range) are InvalidInput errors; a stop request gives Cancelled; a solver
// failure is a Solver error naming the instance. Progress: fraction of the instances done.
Expected<CpuGpuExperiment> runCpuGpuExperiment(const CpuGpuExperimentOptions& options,
                                               const Progress& progress = {});

// tasks,cpus,gpus,solver,instances,mean_dev_lb,max_dev_lb,optimal_instances,mean_dev_opt,max_dev_opt,mean_seconds
// (deviations as fractions: 0.05 is 5%; the *_opt fields are empty when no optimum is known).
std::string cpuGpuExperimentCsv(const CpuGpuExperiment& experiment);

}  // namespace hetsched
