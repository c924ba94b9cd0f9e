#include "experiments/dag_experiments.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <type_traits>
#include <random>
#include <sstream>

#include "model/dag_random.h"
#include "simulation/dag_simulation.h"
#include "solvers/dag/dag_result.h"
#include "solvers/family_solution.h"
#include "solvers/registry.h"

namespace hetsched {

namespace {

struct Sums {
    int runs = 0;
    double makespan = 0, peak = 0, average = 0, speedup = 0;
    double squares[4] = {};   // the sums of the squares of the four metrics, for their standard deviations
    double simulated = 0, simulatedOverPlanned = 0, simulatedSpeedup = 0;   // with --simulate
};

// The checked configuration's solvers (empty: every dag solver).
Expected<std::vector<std::string>> checkedSolvers(const DagEvaluationConfig& config) {
    if (config.clusterCounts.empty() || config.minSpeeds.empty() || config.heterogeneities.empty() ||
        config.taskCounts.empty())
        return invalidInput("every list of the grid needs at least one value");
    for (int c : config.clusterCounts)
        if (c < 1 || c > 1000) return invalidInput("cluster counts must be between 1 and 1000");
    for (int n : config.taskCounts)
        if (n < 1 || n > 10000) return invalidInput("task counts must be between 1 and 10000");
    for (double s : config.minSpeeds)
        if (!(s >= 1e-6 && s <= 1e20)) return invalidInput("minimum speeds must be between 1e-6 and 1e20 flop/s");
    for (double h : config.heterogeneities)
        if (!(h >= 1 && h <= 1e6)) return invalidInput("heterogeneity factors must be between 1 and 1e6");
    if (config.platformSamples < 1 || config.platformSamples > 100)
        return invalidInput("platform samples must be between 1 and 100");
    if (config.dagSamples < 1 || config.dagSamples > 1000)   // the paper: 432 graphs per size
        return invalidInput("graph samples must be between 1 and 1000");
    std::vector<std::string> solvers = config.solvers;
    if (solvers.empty())
        for (const SolverSpec& s : solversForKind("dag")) solvers.push_back(s.name);
    for (const std::string& s : solvers)
        if (!findSolver("dag", s)) return invalidInput("unknown dag solver '" + s + "'");
    return solvers;
}

// Unit u of the sweep: graph (ni, ds) on platform p = ((ci * speeds + si) * heterogeneities + hi) * samples + ps.
struct DagUnit {
    std::size_t platform = 0;
    std::size_t ci = 0, si = 0, hi = 0;
    int ps = 0;
    std::size_t ni = 0;
    int ds = 0;
};

std::size_t graphsPerPlatform(const DagEvaluationConfig& c) { return c.taskCounts.size() * std::size_t(c.dagSamples); }

std::size_t unitCount(const DagEvaluationConfig& c) {
    return c.clusterCounts.size() * c.minSpeeds.size() * c.heterogeneities.size() * std::size_t(c.platformSamples) *
           graphsPerPlatform(c);
}

DagUnit dagUnit(const DagEvaluationConfig& c, std::size_t unit) {
    DagUnit u;
    u.platform = unit / graphsPerPlatform(c);
    const std::size_t graph = unit % graphsPerPlatform(c);
    u.ni = graph / std::size_t(c.dagSamples);
    u.ds = static_cast<int>(graph % std::size_t(c.dagSamples));
    std::size_t p = u.platform;
    u.ps = static_cast<int>(p % std::size_t(c.platformSamples));
    p /= std::size_t(c.platformSamples);
    u.hi = p % c.heterogeneities.size();
    p /= c.heterogeneities.size();
    u.si = p % c.minSpeeds.size();
    u.ci = p / c.minSpeeds.size();
    return u;
}


}  // namespace

Expected<std::size_t> dagEvaluationUnitCount(const DagEvaluationConfig& config) {
    Expected<std::vector<std::string>> solvers = checkedSolvers(config);
    if (!solvers) return solvers.error();
    return unitCount(config);
}

Expected<SweepRows> runDagEvaluationShard(const DagEvaluationConfig& config, const Shard& shard, const Progress& progress) {
    Expected<std::vector<std::string>> checked = checkedSolvers(config);
    if (!checked) return checked.error();
    const std::vector<std::string>& solvers = *checked;
    SweepRows out;
    out.columns = "unit,clusters,min_speed,heterogeneity,platform_sample,tasks,dag_sample,fat,regularity,density,jump,"
                  "complexity,solver,makespan,makespan_times_peak_power,makespan_over_average_power,speedup_over_seq";
    if (config.simulate) out.columns += ",simulated_makespan,simulated_speedup_over_seq";
    out.totalUnits = unitCount(config);
    const double total = double(shard.unitsOf(out.totalUnits));
    double done = 0;
    const double fats[] = {0.1, 0.2, 0.8};
    const double regularities[] = {0.1, 0.2, 0.8};
    const double densities[] = {0.1, 0.2, 0.8};
    const int jumps[] = {1, 2, 4};
    std::optional<std::size_t> platformIndex;
    Expected<DagPlatform> platform = invalidInput("no platform yet");
    for (std::size_t unit = std::size_t(shard.index - 1); unit < out.totalUnits; unit += std::size_t(shard.count)) {
        if (progress.stopRequested()) return cancelledError();
        progress.report(done / total, "task graph evaluation");
        const DagUnit u = dagUnit(config, unit);
        const int clusters = config.clusterCounts[u.ci];
        const double heterogeneity = config.heterogeneities[u.hi];
        if (platformIndex != u.platform) {
            DagPlatformConfig pc;
            pc.clusters = clusters;
            pc.minSpeed = config.minSpeeds[u.si];
            pc.heterogeneity = heterogeneity;
            pc.seed = config.seed * 1'000'003ULL + u.platform + 1;
            platform = generatePlatform(pc);
            if (!platform) return platform.error();
            platformIndex = u.platform;
        }
        // The same DAGs on every platform: a stream per (task count, sample).
        std::mt19937_64 random(config.seed * 7'919ULL + u.ni * 104'729ULL + std::uint64_t(u.ds));
        auto pick = [&](int count) { return std::uniform_int_distribution<int>(0, count - 1)(random); };
        DagGeneratorConfig gc;
        gc.n = config.taskCounts[u.ni];
        gc.fat = fats[pick(3)];
        gc.regularity = regularities[pick(3)];
        gc.density = densities[pick(3)];
        gc.jump = jumps[pick(3)];
        gc.mixedComplexity = pick(2) == 1;
        gc.seed = random();
        Expected<DagInstance> dag = generateDag(gc, *platform);
        if (!dag) return dag.error();
        const Instance instance{std::move(*dag)};
        const std::string key = std::to_string(clusters) + ',' + exactNumber(config.minSpeeds[u.si]) + ',' +
                                exactNumber(heterogeneity) + ',' + std::to_string(u.ps) + ',' + std::to_string(gc.n) +
                                ',' + std::to_string(u.ds) + ',' + exactNumber(gc.fat) + ',' +
                                exactNumber(gc.regularity) + ',' + exactNumber(gc.density) + ',' +
                                std::to_string(gc.jump) + ',' + (gc.mixedComplexity ? "mixed" : "same") + ',';
        const DagInstance& in = std::get<DagInstance>(instance);
        // Solving takes the first part of this unit's share, simulating (--simulate) the rest.
        const double solveShare = config.simulate ? 0.5 : 1.0;
        std::vector<std::pair<double, DagMetrics>> results;   // makespan and metrics, solver by solver
        std::vector<DagSolution> schedules;
        for (std::size_t k = 0; k < solvers.size(); ++k) {
            const std::string& solver = solvers[k];
            const double step = solveShare / double(solvers.size());
            const Progress part = progress.scaled((done + step * double(k)) / total,
                                                  (done + step * double(k + 1)) / total);
            Expected<SolveResult> r = solve(instance, solver, {}, part);
            if (!r) return Error{r.error().kind, solver + ": " + r.error().message};
            const DagSolution* placements = solutionOf<DagSolution>(*r);
            if (!placements) return solverError(solver + ": its result carries no schedule");
            results.emplace_back(placements->makespan, dagMetrics(in, *placements));
            if (config.simulate) schedules.push_back(*placements);
        }
        std::vector<SimulationResult> simulated;
        if (config.simulate) {
            // Every solver's schedule of this instance in one child process.
            Expected<std::vector<SimulationResult>> runs = simulateDagSchedules(
                in, schedules, solvers, {}, progress.scaled((done + solveShare) / total, (done + 1) / total));
            if (!runs) return Error{runs.error().kind, "simulation: " + runs.error().message};
            simulated = std::move(*runs);
        }
        for (std::size_t k = 0; k < solvers.size(); ++k) {
            const auto& [makespan, m] = results[k];
            std::string text = key + solvers[k] + ',' + exactNumber(makespan) + ',' +
                               exactNumber(m.makespanTimesPeakPower / 1e9) + ',' +
                               exactNumber(m.makespanOverAveragePower * 1e9) + ',' + exactNumber(m.speedupOverSeq);
            if (config.simulate) {
                const double actual = simulated[k].simulatedMakespan;
                text += ',' + exactNumber(actual) + ',' + exactNumber(actual > 0 ? m.seqMakespan / actual : 1.0);
            }
            out.rows.push_back({unit, std::move(text), {}, 0});
        }
        done += 1;
    }
    progress.report(1.0, "task graph evaluation");
    return out;
}

Expected<std::vector<DagEvaluationRow>> dagEvaluationFromRows(const DagEvaluationConfig& config, const SweepRows& raw) {
    Expected<std::vector<std::string>> checked = checkedSolvers(config);
    if (!checked) return checked.error();
    const std::vector<std::string>& solvers = *checked;
    const std::size_t units = unitCount(config);
    if (raw.totalUnits != units)
        return invalidInput("the rows are of a sweep of " + std::to_string(raw.totalUnits) +
                            " units, this configuration gives " + std::to_string(units));
    if (raw.rows.size() != units * solvers.size())
        return invalidInput("expected " + std::to_string(units * solvers.size()) + " rows (" + std::to_string(units) +
                            " graphs x " + std::to_string(solvers.size()) + " solvers), got " +
                            std::to_string(raw.rows.size()));
    std::map<std::pair<int, std::string>, Sums> byClusters;
    std::map<std::pair<double, std::string>, Sums> byHeterogeneity;
    for (std::size_t i = 0; i < raw.rows.size(); ++i) {
        const SweepRow& row = raw.rows[i];
        SweepRowReader read(row, raw.columns);
        const std::size_t unit = i / solvers.size();
        const std::string& solver = solvers[i % solvers.size()];
        if (row.unit != unit) return read.error("expected a row of unit " + std::to_string(unit));
        const DagUnit u = dagUnit(config, unit);
        const int clusters = config.clusterCounts[u.ci];
        const double heterogeneity = config.heterogeneities[u.hi];
        Expected<long long> c = read.integer();
        Expected<double> speed = c ? read.number() : Expected<double>(c.error());
        Expected<double> h = speed ? read.number() : speed;
        if (!h) return h.error();
        if (*c != clusters || *speed != config.minSpeeds[u.si] || *h != heterogeneity)
            return read.error("expected the platform of " + std::to_string(clusters) + " clusters, min speed " +
                              exactNumber(config.minSpeeds[u.si]) + ", heterogeneity " + exactNumber(heterogeneity) +
                              ": the rows are of another configuration");
        for (int field = 0; field < 8; ++field)   // platform_sample .. complexity: what the graph was
            if (Expected<std::string> skipped = read.text(); !skipped) return skipped.error();
        Expected<std::string> name = read.text();
        if (!name) return name.error();
        if (*name != solver) return read.error("expected solver " + solver + ", got " + *name);
        double metrics[6] = {};   // the four metrics, then with --simulate the simulated makespan and speedup
        for (int m = 0; m < (config.simulate ? 6 : 4); ++m) {
            Expected<double> v = read.number();
            if (!v) return v.error();
            metrics[m] = *v;
        }
        if (auto extra = read.finish()) return *extra;
        for (Sums* s : {&byClusters[{clusters, solver}], &byHeterogeneity[{heterogeneity, solver}]}) {
            ++s->runs;
            s->makespan += metrics[0];
            s->peak += metrics[1];
            s->average += metrics[2];
            s->speedup += metrics[3];
            for (int m = 0; m < 4; ++m) s->squares[m] += metrics[m] * metrics[m];
            if (config.simulate) {
                s->simulated += metrics[4];
                s->simulatedOverPlanned += metrics[0] > 0 ? metrics[4] / metrics[0] : 1.0;
                s->simulatedSpeedup += metrics[5];
            }
        }
    }
    std::vector<DagEvaluationRow> rows;
    auto emit = [&](const std::string& group, double value, const std::string& solver, const Sums& s) {
        const double n = s.runs;
        DagEvaluationRow row{group, value, solver, s.runs, s.makespan / n, s.peak / n, s.average / n, s.speedup / n};
        // The sample standard deviation: sqrt((sum x^2 - n mean^2) / (n - 1)); 0 for one run.
        const auto deviation = [&](double sum, double squares) {
            if (s.runs < 2) return 0.0;
            return std::sqrt(std::max(0.0, (squares - sum * sum / n) / (n - 1)));
        };
        row.makespanSd = deviation(s.makespan, s.squares[0]);
        row.makespanTimesPeakPowerSd = deviation(s.peak, s.squares[1]);
        row.makespanOverAveragePowerSd = deviation(s.average, s.squares[2]);
        row.speedupOverSeqSd = deviation(s.speedup, s.squares[3]);
        if (config.simulate) {
            row.simulated = true;
            row.simulatedMakespan = s.simulated / n;
            row.simulatedOverPlanned = s.simulatedOverPlanned / n;
            row.simulatedSpeedupOverSeq = s.simulatedSpeedup / n;
        }
        rows.push_back(row);
    };
    for (int clusters : config.clusterCounts)
        for (const std::string& solver : solvers)
            if (auto it = byClusters.find({clusters, solver}); it != byClusters.end()) emit("clusters", clusters, solver, it->second);
    for (double h : config.heterogeneities)
        for (const std::string& solver : solvers)
            if (auto it = byHeterogeneity.find({h, solver}); it != byHeterogeneity.end()) emit("heterogeneity", h, solver, it->second);
    return rows;
}

Expected<std::vector<DagEvaluationRow>> runDagEvaluation(const DagEvaluationConfig& config, const Progress& progress) {
    Expected<SweepRows> rows = runDagEvaluationShard(config, Shard{}, progress);
    if (!rows) return rows.error();
    return dagEvaluationFromRows(config, *rows);
}

const ExperimentOptions& dagEvaluationOptions() {
    static const ExperimentOptions options = [] {
        const DagEvaluationConfig d;
        ExperimentOptions o;
        o.table = {
            OptionSpec::integer("samples", "random graph configurations per task count", 1, d.dagSamples, 1000),
            OptionSpec::integer("platform-samples", "random platforms per platform configuration", 1,
                                d.platformSamples, 100),
            OptionSpec::numberList("sizes", "the task counts", 1, asOptionNumbers(d.taskCounts), 10000, true),
            OptionSpec::numberList("clusters", "the cluster counts", 1, asOptionNumbers(d.clusterCounts), 10000, true),
            OptionSpec::numberList("heterogeneity", "the heterogeneities (fastest over slowest speed)", 1,
                                   d.heterogeneities, 1e6),
            OptionSpec::numberList("min-speeds", "the slowest speeds (flop/s)", 1e-6, d.minSpeeds, 1e20),
            OptionSpec::textList("solvers", "the dag solvers to compare (none given: every one)", {}, d.solvers),
            OptionSpec::integer("seed", "seeds the graphs and the platforms", 0, static_cast<std::int64_t>(d.seed),
                                std::int64_t(1) << 52),
            OptionSpec::flag("simulate", "also measure each makespan on SimGrid, as the paper did", d.simulate),
        };
        return o;
    }();
    return options;
}

DagEvaluationConfig dagEvaluationConfig(const OptionValues& v) {
    DagEvaluationConfig c;
    c.dagSamples = static_cast<int>(v.integer("samples"));
    c.platformSamples = static_cast<int>(v.integer("platform-samples"));
    c.taskCounts = asOptionIntegers(v.numbers("sizes"));
    c.clusterCounts = asOptionIntegers(v.numbers("clusters"));
    c.heterogeneities = v.numbers("heterogeneity");
    c.minSpeeds = v.numbers("min-speeds");
    c.solvers = v.texts("solvers");
    c.seed = static_cast<std::uint64_t>(v.integer("seed"));
    c.simulate = v.flag("simulate");
    return c;
}

OptionValues dagEvaluationValues(const DagEvaluationConfig& c) {
    OptionValues v(dagEvaluationOptions().table);
    v.set("samples", std::int64_t(c.dagSamples));
    v.set("platform-samples", std::int64_t(c.platformSamples));
    v.set("sizes", asOptionNumbers(c.taskCounts));
    v.set("clusters", asOptionNumbers(c.clusterCounts));
    v.set("heterogeneity", c.heterogeneities);
    v.set("min-speeds", c.minSpeeds);
    v.set("solvers", c.solvers);
    v.set("seed", static_cast<std::int64_t>(c.seed));
    v.set("simulate", c.simulate);
    return v;
}

std::vector<std::string> dagEvaluationFlags(const DagEvaluationConfig& config) {
    return experimentOptionFlags(dagEvaluationOptions(), dagEvaluationValues(config));
}

std::string dagEvaluationCsv(const std::vector<DagEvaluationRow>& rows) {
    std::ostringstream out;
    const bool simulated = !rows.empty() && rows.front().simulated;
    out << "group_by,value,solver,runs,makespan,makespan_times_peak_power,makespan_over_average_power,speedup_over_seq"
        << (simulated ? ",simulated_makespan,simulated_over_planned,simulated_speedup_over_seq" : "")
        << ",makespan_sd,makespan_times_peak_power_sd,makespan_over_average_power_sd,speedup_over_seq_sd\n";
    char line[512];
    for (const DagEvaluationRow& r : rows) {
        std::snprintf(line, sizeof line, "%s,%.6g,%s,%d,%.9g,%.9g,%.9g,%.9g", r.groupBy.c_str(), r.value,
                      r.solver.c_str(), r.runs, r.makespan, r.makespanTimesPeakPower, r.makespanOverAveragePower,
                      r.speedupOverSeq);
        out << line;
        if (simulated) {
            std::snprintf(line, sizeof line, ",%.9g,%.9g,%.9g", r.simulatedMakespan, r.simulatedOverPlanned,
                          r.simulatedSpeedupOverSeq);
            out << line;
        }
        std::snprintf(line, sizeof line, ",%.9g,%.9g,%.9g,%.9g", r.makespanSd, r.makespanTimesPeakPowerSd,
                      r.makespanOverAveragePowerSd, r.speedupOverSeqSd);
        out << line << "\n";
    }
    return out.str();
}

}  // namespace hetsched
