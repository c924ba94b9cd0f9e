#include "experiments/experiment_registry.h"

#include "experiments/benchmark.h"
#include "experiments/cpugpu_experiments.h"
#include "experiments/dag_experiments.h"
#include "experiments/divisible_experiments.h"

namespace hetsched {

namespace {

// One experiment's functions on its configuration type, seen through the option values.
template <class Config>
struct Adapter {
    static inline Config (*fromValues)(const OptionValues&) = nullptr;
    static inline OptionValues (*toValues)(const Config&) = nullptr;
    static inline std::vector<std::string> (*flagsOf)(const Config&) = nullptr;
    static inline Expected<std::size_t> (*unitsOf)(const Config&) = nullptr;
    static inline Expected<SweepRows> (*shardOf)(const Config&, const Shard&, const Progress&) = nullptr;
    static inline Expected<std::string> (*tableOf)(const Config&, const SweepRows&) = nullptr;

    static OptionValues defaults() { return toValues(Config{}); }
    static std::vector<std::string> flags(const OptionValues& v) { return flagsOf(fromValues(v)); }
    static Expected<std::size_t> units(const OptionValues& v) { return unitsOf(fromValues(v)); }
    static Expected<SweepRows> shard(const OptionValues& v, const Shard& s, const Progress& p) {
        return shardOf(fromValues(v), s, p);
    }
    static Expected<std::string> table(const OptionValues& v, const SweepRows& rows) { return tableOf(fromValues(v), rows); }
};

template <class Config>
ExperimentEntry entry(std::string name, std::string description, const ExperimentOptions& (*options)(),
                      Config (*fromValues)(const OptionValues&), OptionValues (*toValues)(const Config&),
                      std::vector<std::string> (*flags)(const Config&), Expected<std::size_t> (*units)(const Config&),
                      Expected<SweepRows> (*shard)(const Config&, const Shard&, const Progress&),
                      Expected<std::string> (*table)(const Config&, const SweepRows&)) {
    using A = Adapter<Config>;
    A::fromValues = fromValues;
    A::toValues = toValues;
    A::flagsOf = flags;
    A::unitsOf = units;
    A::shardOf = shard;
    A::tableOf = table;
    return {std::move(name), std::move(description), options, &A::defaults, &A::flags, &A::units, &A::shard, &A::table};
}

Expected<std::string> divisibleTable(const DivisibleSimulationConfig& config, const SweepRows& rows) {
    Expected<std::vector<DivisibleSimulationRow>> table = divisibleSimulationFromRows(config, rows);
    if (!table) return table.error();
    return divisibleSimulationCsv(*table);
}

Expected<std::string> cpuGpuTable(const CpuGpuExperimentOptions& options, const SweepRows& rows) {
    Expected<CpuGpuExperiment> experiment = cpuGpuExperimentFromRows(options, rows);
    if (!experiment) return experiment.error();
    return cpuGpuExperimentCsv(*experiment);
}

Expected<std::string> dagTable(const DagEvaluationConfig& config, const SweepRows& rows) {
    Expected<std::vector<DagEvaluationRow>> table = dagEvaluationFromRows(config, rows);
    if (!table) return table.error();
    return dagEvaluationCsv(*table);
}

Expected<std::string> benchmarkTable(const BenchmarkConfig& config, const SweepRows& rows) {
    Expected<BenchmarkTable> table = benchmarkFromRows(config, rows);
    if (!table) return table.error();
    return config.summary ? benchmarkSummaryCsv(*table) : benchmarkRunsCsv(*table);
}

}  // namespace

const std::vector<ExperimentEntry>& experimentEntries() {
    static const std::vector<ExperimentEntry> all{
        entry<DivisibleSimulationConfig>(
            kDivisibleSimulationExperiment,
            "the simulation of Beaumont, Marchal, Robert 2005: lifo-optimal, fifo-by-c, fifo-by-w relative to "
            "fifo-optimal against w/c, and the workers fifo-optimal uses",
            divisibleSimulationOptions, divisibleSimulationConfig, divisibleSimulationValues, divisibleSimulationFlags,
            divisibleSimulationUnitCount, runDivisibleSimulationShard, divisibleTable),
        entry<CpuGpuExperimentOptions>(
            kCpuGpuExperiment,
            "the experiment of Kedad-Sidhoum et al. 2013 (Table 1, Figure 2): every cpugpu solver on the paper's "
            "random instances, mean and max deviation from the best lower bound and from the optimum where known",
            cpuGpuExperimentOptionTable, cpuGpuExperimentOptions, cpuGpuExperimentValues, cpuGpuExperimentFlags,
            cpuGpuExperimentUnitCount, runCpuGpuExperimentShard, cpuGpuTable),
        entry<DagEvaluationConfig>(
            kDagEvaluationExperiment,
            "the evaluation of N'Takpé and Suter 2006: every dag solver on random task graphs and clusters of "
            "clusters, the four metrics by number of clusters and by heterogeneity; --simulate also measures each "
            "makespan on SimGrid, as the paper did",
            dagEvaluationOptions, dagEvaluationConfig, dagEvaluationValues, dagEvaluationFlags, dagEvaluationUnitCount,
            runDagEvaluationShard, dagTable),
        entry<BenchmarkConfig>(
            kBenchmarkExperiment,
            "every chosen solver on your own instances and task graphs, each task graph on every platform given: "
            "status, objective, ratio to the best of each case, schedule length ratio, speedup and time per run; "
            "--summary: per solver, the mean, median and worst ratio and the wins",
            benchmarkOptions, benchmarkConfig, benchmarkValues, benchmarkFlags, benchmarkUnitCount, runBenchmarkShard,
            benchmarkTable),
    };
    return all;
}

const ExperimentEntry* findExperimentEntry(const std::string& name) {
    for (const ExperimentEntry& e : experimentEntries())
        if (e.name == name) return &e;
    return nullptr;
}

Expected<OptionValues> experimentValues(const ExperimentEntry& entry,
                                        const std::vector<std::pair<std::string, std::string>>& flags) {
    OptionValues values = entry.defaults();
    for (const auto& [flag, text] : flags)
        if (std::optional<Error> problem = setExperimentOption(entry.options(), values, flag, text)) return *problem;
    return values;
}

Expected<std::string> runExperimentTable(const ExperimentEntry& entry, const OptionValues& values,
                                         const Progress& progress) {
    Expected<std::size_t> units = entry.unitCount(values);
    if (!units) return units.error();
    Expected<SweepRows> rows = entry.runShard(values, Shard{}, progress);
    if (!rows) return rows.error();
    return entry.table(values, *rows);
}

}  // namespace hetsched
