// The evaluation of N'Takpé and Suter (2006, sections 5 and 6) as a built-in experiment: random
// clusters of clusters and random task graphs from the paper's parameter grid (sampled), every dag
// solver, the four metrics averaged by number of clusters (Figure 2) and by heterogeneity (Figure 4).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "sweep/sweep.h"

namespace hetsched {

struct DagEvaluationConfig {
    std::vector<int> clusterCounts{1, 2, 4, 8};
    std::vector<double> minSpeeds{0.25e9, 0.5e9, 0.75e9, 1e9};   // flop/s
    std::vector<double> heterogeneities{1, 2, 5};
    int platformSamples = 1;                 // per platform configuration (the paper: 5)
    std::vector<int> taskCounts{10, 20, 50};
    int dagSamples = 2;                      // random DAG configurations per task count (1..1000), drawn from the
                                             // grid fat, regularity, density in {0.1, 0.2, 0.8}, jump in
                                             // {1, 2, 4}, same or mixed complexity (the paper: all 432 x 3)
    std::vector<std::string> solvers;        // empty: every dag solver
    std::uint64_t seed = 1;
    // Also measure every makespan as the paper did: each schedule replayed on SimGrid (core/simulation),
    // the solvers' schedules of one instance in one child process, on the generated platform.
    bool simulate = false;

    bool operator==(const DagEvaluationConfig&) const = default;
};

// One bar of Figures 2 and 4: the mean of each metric over the runs of one solver in one group.
struct DagEvaluationRow {
    std::string groupBy;    // "clusters" or "heterogeneity"
    double value = 0;       // the number of clusters or the heterogeneity factor
    std::string solver;
    int runs = 0;
    double makespan = 0;                    // s
    double makespanTimesPeakPower = 0;      // s x Gflop/s, as in the paper
    double makespanOverAveragePower = 0;    // s / (Gflop/s)
    double speedupOverSeq = 0;
    // With DagEvaluationConfig::simulate: the means of the simulated makespan, of simulated / planned
    // and of the seq makespan over the simulated one.
    bool simulated = false;
    double simulatedMakespan = 0;           // s
    double simulatedOverPlanned = 0;
    double simulatedSpeedupOverSeq = 0;
    // The sample standard deviations of the four metrics over the runs (0 for one run): the error bars.
    double makespanSd = 0;
    double makespanTimesPeakPowerSd = 0;
    double makespanOverAveragePowerSd = 0;
    double speedupOverSeqSd = 0;
};

// Its name for `hetsched experiment NAME`, in the parts of its sweeps and in job scripts.
inline constexpr const char* kDagEvaluationExperiment = "dag-evaluation";

// Checks the configuration (counts 1..1000 clusters, 1..10000 tasks, 1..1000 graph and 1..100 platform
// samples, known solvers), runs every unit of the sweep below, then dagEvaluationFromRows.
Expected<std::vector<DagEvaluationRow>> runDagEvaluation(const DagEvaluationConfig& config,
                                                         const Progress& progress = {});

// The evaluation as a sweep (sweep/sweep.h): unit u is one task graph on one platform with every solver,
// platforms in the order clusters, min speed, heterogeneity, platform sample, then graphs by task count
// and sample. Platform p has seed seed * 1000003 + p + 1 and the graph of (task count index ni, sample
// ds) its own stream, so a unit's instance depends only on its index.
Expected<std::size_t> dagEvaluationUnitCount(const DagEvaluationConfig& config);
// The raw rows of the shard's units, one per graph and solver:
// unit,clusters,min_speed,heterogeneity,platform_sample,tasks,dag_sample,fat,regularity,density,jump,
// complexity,solver,makespan,makespan_times_peak_power,makespan_over_average_power,speedup_over_seq
Expected<SweepRows> runDagEvaluationShard(const DagEvaluationConfig& config, const Shard& shard,
                                          const Progress& progress = {});
// The means by number of clusters and by heterogeneity from the rows of every unit (summed in unit
// order, as an unsharded run); rows that do not fit the configuration are an error naming the unit.
Expected<std::vector<DagEvaluationRow>> dagEvaluationFromRows(const DagEvaluationConfig& config,
                                                              const SweepRows& rows);
// The flags of `hetsched experiment dag-evaluation`, declared once (defaults: DagEvaluationConfig's).
const ExperimentOptions& dagEvaluationOptions();
DagEvaluationConfig dagEvaluationConfig(const OptionValues& values);
OptionValues dagEvaluationValues(const DagEvaluationConfig& config);
// The flags of `hetsched experiment dag-evaluation` that give this configuration, every one spelled out.
std::vector<std::string> dagEvaluationFlags(const DagEvaluationConfig& config);
// CSV: group_by,value,solver,runs,makespan,makespan_times_peak_power,makespan_over_average_power,speedup_over_seq
// and, for simulated rows, simulated_makespan,simulated_over_planned,simulated_speedup_over_seq; then the
// standard deviations makespan_sd,makespan_times_peak_power_sd,makespan_over_average_power_sd,speedup_over_seq_sd.
std::string dagEvaluationCsv(const std::vector<DagEvaluationRow>& rows);

}  // namespace hetsched
