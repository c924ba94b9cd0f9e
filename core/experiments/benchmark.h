// Benchmarks over the user's own instances: every chosen solver on every instance file (a HetSched instance of
// any family, or a task graph of any format hetsched imports placed on every platform given), compared case by
// case (ratio to the best answer of the case, schedule length ratio and speedup for task graphs), then summed up
// per solver. A sweep like the other experiments (sweep/sweep.h): unit u is case u.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "io/dag_import.h"
#include "model/dag.h"
#include "sweep/sweep.h"

namespace hetsched {

struct BenchmarkConfig {
    // Files, directories (every instance and task graph file below them, recursively, in name order) and glob
    // patterns ("corpus/wfcommons/*/*.json"); a pattern that matches nothing is an error.
    std::vector<std::string> instances;
    // The platforms task graphs are placed on: SimGrid XML or JSON platform files, directories (their .xml and
    // .json files, recursively) and patterns. HetSched instances run on their own platform.
    std::vector<std::string> platforms;
    std::vector<std::string> solvers;   // empty: every solver of each instance's family
    TaskGraphImportOptions import;      // how task graphs become flops and bytes (hetsched import's table)
    std::string format = "auto";        // a task graph format's name (io/formats.h), or auto
    bool simulate = false;              // also replay every schedule on SimGrid (families that have a simulation)
    bool summary = false;               // the table is the summary per solver, not every run
};

// One case (a unit of the sweep): an instance file, or a task graph file on a platform file.
struct BenchmarkCase {
    std::string instance;   // the path as found
    std::string platform;   // empty for a HetSched instance
    bool taskGraph = false;
};

// The cases in unit order: instance files in the order given (a directory's or a pattern's files sorted by
// name), each task graph once per platform in the order given. Errors: a path or pattern that names nothing,
// a named file that is neither an instance nor a task graph, task graphs without platforms, unknown solvers.
Expected<std::vector<BenchmarkCase>> benchmarkCases(const BenchmarkConfig& config);

// One solver on one case. Runs that could not be made (the file does not load, the solver fails) have the
// status "error" and the message; their numbers are absent.
struct BenchmarkRun {
    std::size_t unit = 0;
    std::string instance;
    std::string platform;
    std::string kind;
    std::string solver;
    std::string status;          // a SolveStatus name, or "error"
    std::string answer;          // "schedule", or "lower_bound" for a solver whose answer is a bound
    std::string objectiveName;   // "makespan", "throughput", "total_cost", ...
    std::optional<double> objective;
    // Against the best objective among the runs of the case that returned a schedule: objective / best when
    // minimising, best / objective for a throughput; 1 for the best. Absent for bounds and runs without one.
    std::optional<double> ratio;
    std::optional<double> slr;       // task graphs: makespan over the critical path lower bound (benchmarkCriticalPath)
    std::optional<double> speedup;   // task graphs: the sequential makespan over the makespan (speedup_over_seq)
    std::optional<double> simulatedMakespan;   // with simulate, where the family has a simulation
    double seconds = 0;
    std::string message;
};

// Per family and solver over every case it ran on.
struct BenchmarkSummary {
    std::string kind;
    std::string solver;
    int runs = 0;            // cases it ran on
    int answered = 0;        // runs with a ratio
    int errors = 0;
    double meanRatio = 0;    // over the runs with a ratio (0 when none)
    double medianRatio = 0;
    double worstRatio = 0;
    int wins = 0;            // runs with the best objective of their case (ties win together)
    std::optional<double> meanSlr;
    std::optional<double> meanSpeedup;
    double meanSeconds = 0;
};

struct BenchmarkTable {
    std::vector<BenchmarkRun> runs;          // by unit, then solver
    std::vector<BenchmarkSummary> summary;   // by family, then solver in first-run order
    bool simulated = false;
};

// The critical path of the task graph with every task at its fastest (each task on the set of processors of
// the fastest clusters that gives it the least time, Amdahl's law) and no communication: no schedule is
// shorter, the denominator of the schedule length ratio (Topcuoglu, Hariri and Wu 2002, section 5.1).
double benchmarkCriticalPath(const DagInstance& instance);

// Whether a larger objective is better ("throughput"); every other objective is minimised.
bool benchmarkMaximises(const std::string& objectiveName);

Expected<std::size_t> benchmarkUnitCount(const BenchmarkConfig& config);
// The raw rows of the shard's cases, one per solver: unit,instance,platform,kind,solver,status,answer,
// objective_name,objective,slr,speedup,simulated_makespan,seconds,message (texts percent-encoded: no comma).
Expected<SweepRows> runBenchmarkShard(const BenchmarkConfig& config, const Shard& shard, const Progress& progress = {});
// The runs with their ratios and the summary, from the rows of every unit.
Expected<BenchmarkTable> benchmarkFromRows(const BenchmarkConfig& config, const SweepRows& rows);
Expected<BenchmarkTable> runBenchmark(const BenchmarkConfig& config, const Progress& progress = {});

// CSV (RFC 4180 quoting) with a header line: instance,platform,kind,solver,status,answer,objective_name,
// objective,ratio,slr,speedup,seconds[,simulated_makespan],message.
std::string benchmarkRunsCsv(const BenchmarkTable& table);
// kind,solver,runs,answered,errors,mean_ratio,median_ratio,worst_ratio,wins,mean_slr,mean_speedup,mean_seconds.
std::string benchmarkSummaryCsv(const BenchmarkTable& table);

// Its name for `hetsched experiment NAME`, in the parts of its sweeps and in job scripts.
inline constexpr const char* kBenchmarkExperiment = "benchmark";

// The flags of `hetsched experiment benchmark`: instances, platforms, solvers (comma-separated), the import's
// options (format, reference-speed, alpha, default-flops, default-bytes: hetsched import's table), simulate,
// summary.
const ExperimentOptions& benchmarkOptions();
BenchmarkConfig benchmarkConfig(const OptionValues& values);
OptionValues benchmarkValues(const BenchmarkConfig& config);
std::vector<std::string> benchmarkFlags(const BenchmarkConfig& config);

}  // namespace hetsched
