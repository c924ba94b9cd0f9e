// Experiments split into shards and merged (issue 16): the N parts of a sweep together are the unsharded
// run, with the same instances and the same table; a merge refuses parts that are not one sweep.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "experiments/cpugpu_experiments.h"
#include "experiments/dag_experiments.h"
#include "experiments/divisible_experiments.h"
#include "sweep/slurm_script.h"
#include "sweep/sweep.h"

namespace hetsched {
namespace {

// Every line without its last column: cpugpu's mean_seconds is a measured time, never the same twice.
std::string withoutLastColumn(const std::string& csv) {
    std::istringstream in(csv);
    std::string result;
    for (std::string line; std::getline(in, line);) result += line.substr(0, line.rfind(',')) + "\n";
    return result;
}

// The parts of shards 1..N written as files would be, read back, and merged.
template <class Config, class RunShard>
Expected<SweepMerge> shardedRun(const std::string& experiment, const Config& config,
                                const std::vector<std::string>& flags, int shards, RunShard runShard) {
    std::vector<SweepPart> parts;
    for (int k = shards; k >= 1; --k) {   // in any order
        const Shard shard{k, shards};
        Expected<SweepRows> rows = runShard(config, shard, Progress{});
        if (!rows) return rows.error();
        const SweepHeader header{experiment, flags, "test", shard, rows->totalUnits, shard.unitsOf(rows->totalUnits)};
        Expected<SweepPart> part = parseSweepPart(sweepPartText(header, *rows), "part-" + std::to_string(k) + ".csv");
        if (!part) return part.error();
        parts.push_back(std::move(*part));
    }
    return mergeSweepParts(parts);
}

DagEvaluationConfig smallDagEvaluation() {
    DagEvaluationConfig config;
    config.clusterCounts = {1, 2};
    config.minSpeeds = {0.5e9, 1e9};
    config.heterogeneities = {1, 5};
    config.taskCounts = {10, 20};
    config.dagSamples = 1;
    config.seed = 3;
    return config;
}

DivisibleSimulationConfig smallDivisibleSimulation() {
    DivisibleSimulationConfig config;
    config.workers = 12;
    config.platforms = 5;
    config.zValues = {0.8, 1.2};
    config.ratios = {0.3, 3, 30};
    config.seed = 4;
    return config;
}

CpuGpuExperimentOptions smallCpuGpu() {
    CpuGpuExperimentOptions o;
    o.minTasks = 10;
    o.maxTasks = 30;
    o.taskStep = 10;
    o.cpuCounts = {1, 3};
    o.gpuCounts = {0, 2};
    o.instancesPerCase = 3;
    o.seed = 5;
    return o;
}

TEST(Shard, ParsesKOfNAndRefusesWhatIsNotAPart) {
    Expected<Shard> s = parseShard("3/16");
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->index, 3);
    EXPECT_EQ(s->count, 16);
    EXPECT_EQ(shardText(*s), "3/16");
    for (const char* bad : {"0/4", "5/4", "a/b", "4", "/4", "1/0", "-1/4", "1/4x", "", "1/2000000"}) {
        Expected<Shard> parsed = parseShard(bad);
        EXPECT_FALSE(parsed.ok()) << bad;
        if (!parsed) {
            EXPECT_NE(parsed.error().message.find(bad), std::string::npos) << parsed.error().message;
        }
    }
    EXPECT_NE(parseShard("0/4").error().message.find("count from 1"), std::string::npos);
}

TEST(Shard, TheNShardsAreDisjointAndCoverEveryUnit) {
    for (std::size_t total : {0u, 1u, 5u, 12u, 97u})
        for (int n : {1, 2, 3, 4, 7, 100}) {
            std::vector<int> owners(total, 0);
            std::size_t counted = 0;
            for (int k = 1; k <= n; ++k) {
                const Shard shard{k, n};
                counted += shard.unitsOf(total);
                for (std::size_t u = 0; u < total; ++u) owners[u] += shard.contains(u);
            }
            EXPECT_EQ(counted, total);
            for (std::size_t u = 0; u < total; ++u) EXPECT_EQ(owners[u], 1) << "unit " << u << " of " << total << ", N " << n;
        }
}

TEST(Sweep, ExactNumbersReadBackAsTheSameDouble) {
    for (double v : {0.1, 1.0 / 3, 1e-300, 6.02214076e23, 13.693146504408855, -2.5, 0.0})
        EXPECT_EQ(std::stod(exactNumber(v)), v) << exactNumber(v);
    EXPECT_EQ(exactNumber(0.1), "0.1");
    EXPECT_EQ(exactNumber(1e9), "1e+09");
}

TEST(DagEvaluationSweep, ShardsMergedEqualTheUnshardedRunByteForByte) {
    const DagEvaluationConfig config = smallDagEvaluation();
    Expected<std::vector<DagEvaluationRow>> whole = runDagEvaluation(config);
    ASSERT_TRUE(whole.ok()) << whole.error().message;
    const std::string expected = dagEvaluationCsv(*whole);
    Expected<SweepRows> rawWhole = runDagEvaluationShard(config, Shard{});
    ASSERT_TRUE(rawWhole.ok());
    EXPECT_EQ(rawWhole->totalUnits, 2u * 2 * 2 * 2);
    for (int n : {1, 3, 4, 16, 20}) {
        Expected<SweepMerge> merged =
            shardedRun("dag-evaluation", config, dagEvaluationFlags(config), n, runDagEvaluationShard);
        ASSERT_TRUE(merged.ok()) << merged.error().message;
        // The same instances: every raw row as the unsharded run wrote it.
        ASSERT_EQ(merged->rows.rows.size(), rawWhole->rows.size());
        for (std::size_t i = 0; i < merged->rows.rows.size(); ++i) {
            EXPECT_EQ(merged->rows.rows[i].unit, rawWhole->rows[i].unit);
            EXPECT_EQ(merged->rows.rows[i].fields, rawWhole->rows[i].fields) << "N " << n << ", row " << i;
        }
        Expected<std::vector<DagEvaluationRow>> table = dagEvaluationFromRows(config, merged->rows);
        ASSERT_TRUE(table.ok()) << table.error().message;
        EXPECT_EQ(dagEvaluationCsv(*table), expected) << "N " << n;
    }
}

// With --simulate, each raw row carries the schedule's simulated makespan and speedup: the shards merged
// give the same table, simulated columns included, and the canonical flags say "--simulate on".
TEST(DagEvaluationSweep, SimulatedShardsMergedEqualTheUnshardedRun) {
    DagEvaluationConfig config;
    config.clusterCounts = {2};
    config.minSpeeds = {1e9};
    config.heterogeneities = {1, 2};
    config.taskCounts = {10};
    config.solvers = {"hcpa", "mheft"};
    config.simulate = true;
    Expected<std::vector<DagEvaluationRow>> whole = runDagEvaluation(config);
    ASSERT_TRUE(whole.ok()) << whole.error().message;
    ASSERT_FALSE(whole->empty());
    EXPECT_TRUE(whole->front().simulated);
    EXPECT_GT(whole->front().simulatedMakespan, 0);
    const std::string expected = dagEvaluationCsv(*whole);
    EXPECT_NE(expected.find("simulated_makespan"), std::string::npos);
    const std::vector<std::string> flags = dagEvaluationFlags(config);
    ASSERT_GE(flags.size(), 2u);
    EXPECT_EQ(flags[flags.size() - 2], "--simulate");
    EXPECT_EQ(flags.back(), "on");
    Expected<SweepMerge> merged = shardedRun("dag-evaluation", config, flags, 2, runDagEvaluationShard);
    ASSERT_TRUE(merged.ok()) << merged.error().message;
    Expected<std::vector<DagEvaluationRow>> table = dagEvaluationFromRows(config, merged->rows);
    ASSERT_TRUE(table.ok()) << table.error().message;
    EXPECT_EQ(dagEvaluationCsv(*table), expected);
    // Rows without the simulated fields are refused by a simulated configuration.
    config.simulate = false;
    Expected<SweepRows> plain = runDagEvaluationShard(config, Shard{});
    ASSERT_TRUE(plain.ok());
    config.simulate = true;
    EXPECT_FALSE(dagEvaluationFromRows(config, *plain).ok());
}

TEST(DivisibleSimulationSweep, ShardsMergedEqualTheUnshardedRunByteForByte) {
    const DivisibleSimulationConfig config = smallDivisibleSimulation();
    Expected<std::vector<DivisibleSimulationRow>> whole = runDivisibleSimulation(config);
    ASSERT_TRUE(whole.ok()) << whole.error().message;
    const std::string expected = divisibleSimulationCsv(*whole);
    for (int n : {1, 3, 4, 7, 30}) {
        Expected<SweepMerge> merged = shardedRun("divisible-simulation", config, divisibleSimulationFlags(config), n,
                                                 runDivisibleSimulationShard);
        ASSERT_TRUE(merged.ok()) << merged.error().message;
        Expected<std::vector<DivisibleSimulationRow>> table = divisibleSimulationFromRows(config, merged->rows);
        ASSERT_TRUE(table.ok()) << table.error().message;
        EXPECT_EQ(divisibleSimulationCsv(*table), expected) << "N " << n;
    }
}

TEST(DivisibleSimulationSweep, APlatformIsTheSameWhicheverShardDrawsIt) {
    // Platform k of a point is drawn after the k before it in the point's stream: shard 3/3 alone must
    // replay them (its first unit, 2, is the third platform of the first point).
    const DivisibleSimulationConfig config = smallDivisibleSimulation();
    Expected<SweepRows> all = runDivisibleSimulationShard(config, Shard{});
    Expected<SweepRows> third = runDivisibleSimulationShard(config, Shard{3, 3});
    ASSERT_TRUE(all.ok() && third.ok());
    ASSERT_EQ(third->rows.size(), (Shard{3, 3}.unitsOf(all->totalUnits)));
    for (const SweepRow& row : third->rows) EXPECT_EQ(row.fields, all->rows[row.unit].fields) << row.unit;
}

TEST(CpuGpuSweep, ShardsMergedEqualTheUnshardedRunButForMeasuredTimes) {
    const CpuGpuExperimentOptions options = smallCpuGpu();
    Expected<CpuGpuExperiment> whole = runCpuGpuExperiment(options);
    ASSERT_TRUE(whole.ok()) << whole.error().message;
    const std::string expected = withoutLastColumn(cpuGpuExperimentCsv(*whole));
    EXPECT_EQ(expected.substr(0, expected.find('\n')),
              "tasks,cpus,gpus,solver,instances,mean_dev_lb,max_dev_lb,optimal_instances,mean_dev_opt,max_dev_opt");
    Expected<SweepRows> rawWhole = runCpuGpuExperimentShard(options, Shard{});
    ASSERT_TRUE(rawWhole.ok());
    EXPECT_EQ(rawWhole->totalUnits, 3u * 2 * 2 * 3);   // n, m, k, instances
    for (int n : {1, 3, 4}) {
        Expected<SweepMerge> merged =
            shardedRun("cpugpu", options, cpuGpuExperimentFlags(options), n, runCpuGpuExperimentShard);
        ASSERT_TRUE(merged.ok()) << merged.error().message;
        for (std::size_t i = 0; i < merged->rows.rows.size(); ++i) {
            const std::string& a = merged->rows.rows[i].fields;
            const std::string& b = rawWhole->rows[i].fields;
            EXPECT_EQ(a.substr(0, a.rfind(',')), b.substr(0, b.rfind(','))) << "N " << n << ", row " << i;
        }
        Expected<CpuGpuExperiment> table = cpuGpuExperimentFromRows(options, merged->rows);
        ASSERT_TRUE(table.ok()) << table.error().message;
        EXPECT_EQ(withoutLastColumn(cpuGpuExperimentCsv(*table)), expected) << "N " << n;
    }
}

// Three parts of a small divisible sweep, as text, for the merge's refusals.
struct Parts {
    DivisibleSimulationConfig config = smallDivisibleSimulation();
    std::vector<std::string> texts;
    Parts() {
        for (int k = 1; k <= 3; ++k) {
            const Shard shard{k, 3};
            Expected<SweepRows> rows = runDivisibleSimulationShard(config, shard);
            texts.push_back(sweepPartText({"divisible-simulation", divisibleSimulationFlags(config), "0.1.0", shard,
                                           rows->totalUnits, shard.unitsOf(rows->totalUnits)},
                                          *rows));
        }
    }
    Expected<SweepMerge> merge(const std::vector<std::string>& texts) const {
        std::vector<SweepPart> parts;
        for (std::size_t i = 0; i < texts.size(); ++i) {
            std::string name = "p";
            name += std::to_string(i + 1);
            name += ".csv";
            Expected<SweepPart> part = parseSweepPart(texts[i], name);
            if (!part) return part.error();
            parts.push_back(*part);
        }
        return mergeSweepParts(parts);
    }
};

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

std::string messageOf(const Expected<SweepMerge>& merged) {
    EXPECT_FALSE(merged.ok());
    return merged ? std::string() : merged.error().message;
}

// An experiment's option table is the only declaration of its flags: its defaults are the configuration's,
// and the canonical flags of any configuration, read back by the table, give that configuration again.
template <class Config>
void expectTheFlagsGiveTheConfigurationBack(const ExperimentOptions& options, Config (*fromValues)(const OptionValues&),
                                            OptionValues (*toValues)(const Config&),
                                            std::vector<std::string> (*flags)(const Config&), const Config& changed) {
    EXPECT_TRUE(fromValues(OptionValues(options.table)) == Config{});
    for (const Config& config : {Config{}, changed}) {
        EXPECT_TRUE(fromValues(toValues(config)) == config);
        const std::vector<std::string> canonical = flags(config);
        ASSERT_EQ(canonical.size() % 2, 0u);
        OptionValues values(options.table);
        for (std::size_t i = 0; i < canonical.size(); i += 2) {
            const std::optional<Error> problem = setExperimentOption(options, values, canonical[i], canonical[i + 1]);
            ASSERT_FALSE(problem) << canonical[i] << " " << canonical[i + 1] << ": " << problem->message;
        }
        EXPECT_TRUE(fromValues(values) == config);
        EXPECT_EQ(flags(fromValues(values)), canonical);
    }
}

TEST(ExperimentOptions, EachTableGivesItsConfigurationBackFromTheCanonicalFlags) {
    DagEvaluationConfig dag;
    dag.dagSamples = 3;
    dag.taskCounts = {12, 40};
    dag.minSpeeds = {0.3e9, 1.7e9};
    dag.solvers = {"hcpa", "mheft"};
    dag.seed = 99;
    dag.simulate = true;
    expectTheFlagsGiveTheConfigurationBack(dagEvaluationOptions(), dagEvaluationConfig, dagEvaluationValues,
                                           dagEvaluationFlags, dag);
    DivisibleSimulationConfig divisible;
    divisible.workers = 7;
    divisible.zValues = {0.5};
    divisible.ratios = {0.1, 1.0 / 3.0, 42};
    expectTheFlagsGiveTheConfigurationBack(divisibleSimulationOptions(), divisibleSimulationConfig,
                                           divisibleSimulationValues, divisibleSimulationFlags, divisible);
    CpuGpuExperimentOptions cpugpu;
    cpugpu.minTasks = 20;
    cpugpu.maxTasks = 40;
    cpugpu.taskStep = 5;
    cpugpu.gpuCounts = {0, 2};
    cpugpu.exactTimeLimit = 2.5;
    cpugpu.epsilon = 1e-4;
    expectTheFlagsGiveTheConfigurationBack(cpuGpuExperimentOptionTable(), cpuGpuExperimentOptions,
                                           cpuGpuExperimentValues, cpuGpuExperimentFlags, cpugpu);
}

TEST(ExperimentOptions, TheCanonicalTextKeepsItsForm) {
    EXPECT_EQ(dagEvaluationFlags(DagEvaluationConfig{}),
              (std::vector<std::string>{"--samples", "2", "--platform-samples", "1", "--sizes", "10,20,50", "--clusters",
                                        "1,2,4,8", "--heterogeneity", "1,2,5", "--min-speeds", "2.5e+08,5e+08,7.5e+08,1e+09",
                                        "--seed", "1"}));
    CpuGpuExperimentOptions cpugpu;
    EXPECT_EQ(cpuGpuExperimentFlags(cpugpu).at(1), "10:1000:10");
    // The experiments' own forms: log-spaced ratios, one task count.
    OptionValues values(divisibleSimulationOptions().table);
    ASSERT_FALSE(setExperimentOption(divisibleSimulationOptions(), values, "--ratios", "log:1:100:3"));
    EXPECT_EQ(divisibleSimulationConfig(values).ratios, (std::vector<double>{1, 10, 100}));
    OptionValues tasks(cpuGpuExperimentOptionTable().table);
    ASSERT_FALSE(setExperimentOption(cpuGpuExperimentOptionTable(), tasks, "--tasks", "30"));
    EXPECT_EQ(cpuGpuExperimentFlags(cpuGpuExperimentOptions(tasks)).at(1), "30:30:1");
    // Errors name the flag and what it accepts, with the text as given.
    const std::optional<Error> ratio = setExperimentOption(divisibleSimulationOptions(), values, "--ratios", "log:10:1:5");
    ASSERT_TRUE(ratio);
    EXPECT_NE(ratio->message.find("--ratios: log:FROM:TO:COUNT needs 0 < FROM < TO"), std::string::npos) << ratio->message;
    const std::optional<Error> workers = setExperimentOption(divisibleSimulationOptions(), values, "--workers", "0");
    ASSERT_TRUE(workers);
    EXPECT_EQ(workers->message, "--workers must be an integer between 1 and 2000, got '0'");
    const std::optional<Error> unknown = setExperimentOption(divisibleSimulationOptions(), values, "--worker", "3");
    ASSERT_TRUE(unknown);
    EXPECT_EQ(unknown->message, "unknown flag --worker");
    const std::optional<Error> steps = setExperimentOption(cpuGpuExperimentOptionTable(), tasks, "--tasks", "1:2");
    ASSERT_TRUE(steps);
    EXPECT_NE(steps->message.find("--tasks expects N or FROM:TO:STEP, got '1:2'"), std::string::npos);
}

TEST(SweepMerge, ChecksThePartsAreTheNShardsOfOneSweep) {
    const Parts p;
    ASSERT_TRUE(p.merge(p.texts).ok());
    ASSERT_TRUE(p.merge({p.texts[2], p.texts[0], p.texts[1]}).ok());

    std::string m = messageOf(p.merge({p.texts[0], p.texts[2]}));
    EXPECT_NE(m.find("1 of the 3 shards is missing: K = 2"), std::string::npos) << m;
    m = messageOf(p.merge({p.texts[0]}));
    EXPECT_NE(m.find("shards are missing: K = 2, 3"), std::string::npos) << m;
    m = messageOf(p.merge({p.texts[0], p.texts[1], p.texts[1], p.texts[2]}));
    EXPECT_NE(m.find("shard 2/3 is given twice: p2.csv and p3.csv"), std::string::npos) << m;
    m = messageOf(p.merge({p.texts[0], replaced(p.texts[1], "--seed 4", "--seed 5"), p.texts[2]}));
    EXPECT_NE(m.find("the flags differ, --seed 5 against --seed 4 (p2.csv against p1.csv)"), std::string::npos) << m;
    m = messageOf(p.merge({p.texts[0], replaced(p.texts[1], "experiment: divisible-simulation", "experiment: cpugpu"),
                           p.texts[2]}));
    EXPECT_NE(m.find("different experiments: cpugpu and divisible-simulation"), std::string::npos) << m;
    m = messageOf(p.merge({p.texts[0], replaced(p.texts[1], "version: 0.1.0", "version: 0.2.0"), p.texts[2]}));
    EXPECT_NE(m.find("different versions of hetsched: 0.2.0 and 0.1.0"), std::string::npos) << m;
    // Another N: shard 2/4 of the same sweep (its own units, so the part itself is consistent).
    const Shard other{2, 4};
    Expected<SweepRows> rows = runDivisibleSimulationShard(p.config, other);
    const std::string ofFour = sweepPartText({"divisible-simulation", divisibleSimulationFlags(p.config), "0.1.0", other,
                                              rows->totalUnits, other.unitsOf(rows->totalUnits)},
                                             *rows);
    m = messageOf(p.merge({p.texts[0], ofFour, p.texts[2]}));
    EXPECT_NE(m.find("different splits: 2/4 and 1/3"), std::string::npos) << m;
}

TEST(SweepMerge, RefusesCutAndCorruptedParts) {
    const Parts p;
    // Cut short: the last row has no end, or whole rows are missing.
    std::string m = messageOf(p.merge({p.texts[0], p.texts[1].substr(0, p.texts[1].size() - 5), p.texts[2]}));
    EXPECT_NE(m.find("p2.csv:"), std::string::npos) << m;
    EXPECT_NE(m.find("cut short"), std::string::npos) << m;
    const std::string& second = p.texts[1];
    const std::size_t lastRow = second.rfind('\n', second.size() - 2);
    m = messageOf(p.merge({p.texts[0], second.substr(0, lastRow + 1), p.texts[2]}));
    EXPECT_NE(m.find("p2.csv: 9 of the shard's 10 units have rows"), std::string::npos) << m;
    // Not a part at all.
    m = messageOf(p.merge({"z,ratio\n1,2\n"}));
    EXPECT_NE(m.find("p1.csv:1: not a part of a sweep"), std::string::npos) << m;
    // A unit of another shard.
    m = messageOf(p.merge({p.texts[0], replaced(p.texts[1], "\n1,", "\n2,"), p.texts[2]}));
    EXPECT_NE(m.find("unit 2 is not in shard 2/3"), std::string::npos) << m;
    // A number that is not one: the merge succeeds (rows are text), the table names the row and column.
    Expected<SweepMerge> merged = p.merge({p.texts[0], replaced(p.texts[1], "\n1,0.8,0.3,1,", "\n1,0.8,0.3,1,x"), p.texts[2]});
    ASSERT_TRUE(merged.ok()) << merged.error().message;
    Expected<std::vector<DivisibleSimulationRow>> table = divisibleSimulationFromRows(p.config, merged->rows);
    ASSERT_FALSE(table.ok());
    EXPECT_NE(table.error().message.find("unit 1 (p2.csv:8): lifo_optimal: 'x"), std::string::npos)
        << table.error().message;
    // Rows of another configuration.
    DivisibleSimulationConfig other = p.config;
    other.zValues = {0.8, 1.3};
    merged = p.merge(p.texts);
    table = divisibleSimulationFromRows(other, merged->rows);
    ASSERT_FALSE(table.ok());
    EXPECT_NE(table.error().message.find("the rows are of another configuration"), std::string::npos)
        << table.error().message;
}

TEST(SweepProgress, SaysUnitsDoneTimeSpentAndTimeLeft) {
    EXPECT_EQ(sweepProgressLine(37, 480, 62), "37/480 units (7%), 1:02 elapsed, about 12:22 left");
    EXPECT_EQ(sweepProgressLine(0, 480, 0.2), "0/480 units (0%), 0:00 elapsed, time left unknown yet");
    EXPECT_EQ(sweepProgressLine(240, 480, 7200), "240/480 units (50%), 2:00:00 elapsed, about 2:00:00 left");
    EXPECT_EQ(sweepProgressLine(480, 480, 95), "480/480 units (100%), 1:35 elapsed");
}

TEST(SlurmScript, RunsTheFlagsAsAJobArrayThenAMergeAfterEveryTask) {
    SlurmSweepOptions o;
    o.experiment = "dag-evaluation";
    o.flags = dagEvaluationFlags(smallDagEvaluation());
    o.units = 16;
    o.shards = 4;
    o.timeLimit = "02:00:00";
    o.memory = "3G";
    o.partition = "long";
    o.hetsched = "/home/o'neil/bin/hetsched";
    const std::string script = slurmSweepScript(o);
    EXPECT_EQ(script.rfind("#!/usr/bin/env bash\n# hetsched experiment dag-evaluation --samples 1", 0), 0u);
    EXPECT_NE(script.find("\nflags=('--samples' '1' '--platform-samples' '1' '--sizes' '10,20' '--clusters' '1,2' "
                          "'--heterogeneity' '1,5' '--min-speeds' '5e+08,1e+09' '--seed' '3')\n"),
              std::string::npos);
    for (const char* line : {"\nunits=16\n", "\nshards=4\n", "\ntime_limit='02:00:00'\n", "\nmemory='3G'\n",
                             "\npartition='long'\n", "\nhetsched='/home/o'\\''neil/bin/hetsched'\n",
                             "\nout_dir='dag-evaluation-sweep'\n"})
        EXPECT_NE(script.find(line), std::string::npos) << line;
    EXPECT_NE(script.find("--array=\"$array\""), std::string::npos);
    EXPECT_NE(script.find("--dependency=\"afterok:$array_job\""), std::string::npos);
    EXPECT_NE(script.find("--shard \"$SLURM_ARRAY_TASK_ID/%s\""), std::string::npos);
    EXPECT_NE(script.find("experiment merge %q -o %q --keep-raw %q"), std::string::npos);
    EXPECT_EQ(shellQuote("it's"), "'it'\\''s'");
    EXPECT_EQ(suggestedShards(5), 5);
    EXPECT_EQ(suggestedShards(1'296'000), 64);
}

}  // namespace
}  // namespace hetsched
