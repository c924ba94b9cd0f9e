// The random instances and the experiment of section 5.2 of Kedad-Sidhoum et al. 2013, run over
// every CPU/GPU solver (Table 1: maximal deviations; Figure 2: mean deviations against n).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "model/cpugpu.h"
#include "model/platform_generators.h"
#include "sweep/sweep.h"

namespace hetsched {

// The paper's random instances are randomCpuGpuInstance (model/platform_generators.h).

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

    bool operator==(const CpuGpuExperimentOptions&) const = default;
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

// Its name for `hetsched experiment NAME`, in the parts of its sweeps and in job scripts.
inline constexpr const char* kCpuGpuExperiment = "cpugpu";

// Runs the grid (sequentially, on the calling thread): every unit of the sweep below, then
// cpuGpuExperimentFromRows. Invalid options (an empty grid, an unknown solver, counts out of range) are
// InvalidInput errors; a stop request gives Cancelled; a solver failure is a Solver error naming the
// instance. Progress: fraction of the instances done.
Expected<CpuGpuExperiment> runCpuGpuExperiment(const CpuGpuExperimentOptions& options,
                                               const Progress& progress = {});

// The experiment as a sweep (sweep/sweep.h): unit u is instance i = u mod instancesPerCase of case
// u / instancesPerCase, the cases (n, m, k) in the order of the rows; its instance depends only on the
// seed, n, m, k and i. The count checks the options.
Expected<std::size_t> cpuGpuExperimentUnitCount(const CpuGpuExperimentOptions& options);
// The raw rows of the shard's units, one per instance and solver (the solvers in the options' order):
// unit,tasks,cpus,gpus,instance,seed,solver,makespan,lower_bound,optimal,seconds
Expected<SweepRows> runCpuGpuExperimentShard(const CpuGpuExperimentOptions& options, const Shard& shard,
                                             const Progress& progress = {});
// The table from the rows of every unit, computed as an unsharded run computes it (in unit order); rows
// that do not fit the options (another case, solver or count) are an error naming the unit.
Expected<CpuGpuExperiment> cpuGpuExperimentFromRows(const CpuGpuExperimentOptions& options, const SweepRows& rows);
// The flags of `hetsched experiment cpugpu` that give these options, every one spelled out.
// The flags of `hetsched experiment cpugpu`, declared once (defaults: CpuGpuExperimentOptions'); --tasks reads
// and writes FROM:TO:STEP (or one count N, N:N:1).
const ExperimentOptions& cpuGpuExperimentOptionTable();
CpuGpuExperimentOptions cpuGpuExperimentOptions(const OptionValues& values);
OptionValues cpuGpuExperimentValues(const CpuGpuExperimentOptions& options);
std::vector<std::string> cpuGpuExperimentFlags(const CpuGpuExperimentOptions& options);

// tasks,cpus,gpus,solver,instances,mean_dev_lb,max_dev_lb,optimal_instances,mean_dev_opt,max_dev_opt,mean_seconds
// (deviations as fractions: 0.05 is 5%; the *_opt fields are empty when no optimum is known).
std::string cpuGpuExperimentCsv(const CpuGpuExperiment& experiment);

}  // namespace hetsched
