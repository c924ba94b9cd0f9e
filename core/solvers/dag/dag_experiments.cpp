#include "solvers/dag/dag_experiments.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <sstream>

#include "model/dag_random.h"
#include "simulation/dag_simulation.h"
#include "solvers/dag/dag_result.h"
#include "solvers/registry.h"

namespace hetsched {

namespace {

struct Sums {
    int runs = 0;
    double makespan = 0, peak = 0, average = 0, speedup = 0;
    double simulated = 0, simulatedOverPlanned = 0, simulatedSpeedup = 0;
};

}  // namespace

Expected<std::vector<DagEvaluationRow>> runDagEvaluation(const DagEvaluationConfig& config, const Progress& progress) {
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
    if (config.platformSamples < 1 || config.platformSamples > 100 || config.dagSamples < 1 || config.dagSamples > 100)
        return invalidInput("samples must be between 1 and 100");
    std::vector<std::string> solvers = config.solvers;
    if (solvers.empty())
        for (const SolverSpec& s : solversForKind("dag")) solvers.push_back(s.name);
    for (const std::string& s : solvers)
        if (!findSolver("dag", s)) return invalidInput("unknown dag solver '" + s + "'");

    std::map<std::pair<int, std::string>, Sums> byClusters;
    std::map<std::pair<double, std::string>, Sums> byHeterogeneity;
    const double total = double(config.clusterCounts.size() * config.minSpeeds.size() * config.heterogeneities.size()) *
                         config.platformSamples * double(config.taskCounts.size()) * config.dagSamples;
    double done = 0;
    const double fats[] = {0.1, 0.2, 0.8};
    const double regularities[] = {0.1, 0.2, 0.8};
    const double densities[] = {0.1, 0.2, 0.8};
    const int jumps[] = {1, 2, 4};
    std::uint64_t platformSeed = config.seed * 1'000'003ULL;
    for (int clusters : config.clusterCounts)
        for (double minSpeed : config.minSpeeds)
            for (double heterogeneity : config.heterogeneities)
                for (int ps = 0; ps < config.platformSamples; ++ps) {
                    DagPlatformConfig pc;
                    pc.clusters = clusters;
                    pc.minSpeed = minSpeed;
                    pc.heterogeneity = heterogeneity;
                    pc.seed = ++platformSeed;
                    Expected<DagPlatform> platform = generatePlatform(pc);
                    if (!platform) return platform.error();
                    // The same DAGs on every platform: a stream per (task count, sample).
                    for (std::size_t ni = 0; ni < config.taskCounts.size(); ++ni)
                        for (int ds = 0; ds < config.dagSamples; ++ds) {
                            if (progress.stopRequested()) return cancelledError();
                            progress.report(done / total, "task graph evaluation");
                            std::mt19937_64 random(config.seed * 7'919ULL + ni * 104'729ULL + std::uint64_t(ds));
                            auto pick = [&](int count) { return std::uniform_int_distribution<int>(0, count - 1)(random); };
                            DagGeneratorConfig gc;
                            gc.n = config.taskCounts[ni];
                            gc.fat = fats[pick(3)];
                            gc.regularity = regularities[pick(3)];
                            gc.density = densities[pick(3)];
                            gc.jump = jumps[pick(3)];
                            gc.mixedComplexity = pick(2) == 1;
                            gc.seed = random();
                            Expected<DagInstance> dag = generateDag(gc, *platform);
                            if (!dag) return dag.error();
                            const Instance instance{std::move(*dag)};
                            const DagInstance& in = std::get<DagInstance>(instance);
                            // Solving takes the first part of this instance's share, simulating the rest.
                            const double solveShare = config.simulate ? 0.5 : 1.0;
                            std::vector<nlohmann::json> results;
                            std::vector<DagSolution> schedules;
                            for (std::size_t k = 0; k < solvers.size(); ++k) {
                                const std::string& solver = solvers[k];
                                const double step = solveShare / double(solvers.size());
                                const Progress part = progress.scaled((done + step * double(k)) / total,
                                                                      (done + step * double(k + 1)) / total);
                                Expected<SolveResult> r = solve(instance, solver, {}, part);
                                if (!r) return Error{r.error().kind, solver + ": " + r.error().message};
                                if (config.simulate) {
                                    Expected<DagSolution> placements = dagSolutionFromJson(in, r->json);
                                    if (!placements) return Error{placements.error().kind, solver + ": " + placements.error().message};
                                    schedules.push_back(std::move(*placements));
                                }
                                results.push_back(std::move(r->json));
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
                                const nlohmann::json& j = results[k];
                                for (Sums* s : {&byClusters[{clusters, solvers[k]}], &byHeterogeneity[{heterogeneity, solvers[k]}]}) {
                                    ++s->runs;
                                    s->makespan += j["makespan"].get<double>();
                                    s->peak += j["makespan_times_peak_power"].get<double>() / 1e9;
                                    s->average += j["makespan_over_average_power"].get<double>() * 1e9;
                                    s->speedup += j["speedup_over_seq"].get<double>();
                                    if (config.simulate) {
                                        const double planned = j["makespan"].get<double>(), actual = simulated[k].simulatedMakespan;
                                        s->simulated += actual;
                                        s->simulatedOverPlanned += planned > 0 ? actual / planned : 1.0;
                                        s->simulatedSpeedup += actual > 0 ? j["seq_makespan"].get<double>() / actual : 1.0;
                                    }
                                }
                            }
                            done += 1;
                        }
                }
    std::vector<DagEvaluationRow> rows;
    auto emit = [&](const std::string& group, double value, const std::string& solver, const Sums& s) {
        const double n = s.runs;
        DagEvaluationRow row{group, value, solver, s.runs, s.makespan / n, s.peak / n, s.average / n, s.speedup / n};
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
    progress.report(1.0, "task graph evaluation");
    return rows;
}

std::string dagEvaluationCsv(const std::vector<DagEvaluationRow>& rows) {
    std::ostringstream out;
    const bool simulated = !rows.empty() && rows.front().simulated;
    out << "group_by,value,solver,runs,makespan,makespan_times_peak_power,makespan_over_average_power,speedup_over_seq"
        << (simulated ? ",simulated_makespan,simulated_over_planned,simulated_speedup_over_seq" : "") << "\n";
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
        out << "\n";
    }
    return out.str();
}

}  // namespace hetsched
