#include "experiments/cpugpu_experiments.h"

#include <algorithm>
#include <iomanip>
#include <optional>
#include <random>
#include <sstream>

#include "solvers/family_solution.h"
#include "solvers/registry.h"

namespace hetsched {

namespace {

std::uint64_t mix(std::uint64_t x) {   // SplitMix64's finaliser: independent seeds per instance
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

}  // namespace

namespace {

struct CpuGpuCase {
    int tasks = 0, cpus = 0, gpus = 0;
};

// The checked grid: the solvers (with `exact` when it has a time limit) and the cases in row order.
struct CpuGpuGrid {
    std::vector<std::string> solvers;
    std::vector<CpuGpuCase> cases;
    std::size_t units() const { return cases.size(); }
};

Expected<CpuGpuGrid> checkedGrid(const CpuGpuExperimentOptions& o) {
    if (o.minTasks < 1 || o.maxTasks < o.minTasks || o.maxTasks > 1'000'000 || o.taskStep < 1)
        return invalidInput("experiment: need 1 <= min tasks <= max tasks <= 1000000 and a step >= 1");
    if (o.cpuCounts.empty() || o.gpuCounts.empty())
        return invalidInput("experiment: no CPU or no GPU counts");
    for (int m : o.cpuCounts)
        if (m < 0 || m > 10'000) return invalidInput("experiment: CPU counts must be in 0..10000");
    for (int k : o.gpuCounts)
        if (k < 0 || k > 10'000) return invalidInput("experiment: GPU counts must be in 0..10000");
    if (o.instancesPerCase < 1) return invalidInput("experiment: at least one instance per case");
    if (!(o.epsilon >= 1e-6 && o.epsilon <= 1))
        return invalidInput("experiment: epsilon must be in [1e-6, 1]");
    if (!(o.exactTimeLimit >= 0)) return invalidInput("experiment: the exact time limit must be >= 0");
    CpuGpuGrid grid;
    grid.solvers = o.solvers;
    if (o.exactTimeLimit > 0 && std::find(grid.solvers.begin(), grid.solvers.end(), "exact") == grid.solvers.end())
        grid.solvers.push_back("exact");
    if (grid.solvers.empty()) return invalidInput("experiment: no solver");
    for (const std::string& name : grid.solvers)
        if (!findSolver("cpugpu", name))
            return invalidInput("experiment: unknown cpugpu solver '" + name + "'");
    for (int n = o.minTasks; n <= o.maxTasks; n += o.taskStep)
        for (int m : o.cpuCounts)
            for (int k : o.gpuCounts)
                if (m != 0 || k != 0) grid.cases.push_back({n, m, k});
    return grid;
}

std::uint64_t instanceSeed(const CpuGpuExperimentOptions& o, const CpuGpuCase& c, int i) {
    return mix(o.seed ^ mix(std::uint64_t(c.tasks) << 32 ^ std::uint64_t(c.cpus) << 16 ^ std::uint64_t(c.gpus) ^
                            mix(std::uint64_t(i))));
}


}  // namespace

Expected<std::size_t> cpuGpuExperimentUnitCount(const CpuGpuExperimentOptions& o) {
    Expected<CpuGpuGrid> grid = checkedGrid(o);
    if (!grid) return grid.error();
    return grid->cases.size() * std::size_t(o.instancesPerCase);
}

Expected<SweepRows> runCpuGpuExperimentShard(const CpuGpuExperimentOptions& o, const Shard& shard,
                                             const Progress& progress) {
    Expected<CpuGpuGrid> grid = checkedGrid(o);
    if (!grid) return grid.error();
    const std::vector<std::string>& solvers = grid->solvers;
    SweepRows out;
    out.columns = "unit,tasks,cpus,gpus,instance,seed,solver,makespan,lower_bound,optimal,seconds";
    out.totalUnits = grid->cases.size() * std::size_t(o.instancesPerCase);
    const double total = double(shard.unitsOf(out.totalUnits));
    double done = 0;
    for (std::size_t unit = std::size_t(shard.index - 1); unit < out.totalUnits; unit += std::size_t(shard.count)) {
        if (progress.stopRequested()) return cancelledError();
        const CpuGpuCase& c = grid->cases[unit / std::size_t(o.instancesPerCase)];
        const int i = static_cast<int>(unit % std::size_t(o.instancesPerCase));
        const std::uint64_t seed = instanceSeed(o, c, i);
        const Instance instance = randomCpuGpuInstance(c.tasks, c.cpus, c.gpus, seed, o.epsilon);
        for (std::size_t s = 0; s < solvers.size(); ++s) {
            SolverOptions options;
            if (solvers[s] == "exact" && o.exactTimeLimit > 0) options["time_limit"] = o.exactTimeLimit;
            const double step = 1.0 / double(solvers.size());
            const Progress part =
                progress.scaled((done + step * double(s)) / total, (done + step * double(s + 1)) / total);
            Expected<SolveResult> r = solve(instance, solvers[s], options, part);
            if (!r) {
                if (r.error().kind == ErrorKind::Cancelled) return r.error();
                return Error{r.error().kind, "experiment: " + solvers[s] + " on n=" + std::to_string(c.tasks) +
                                                 " m=" + std::to_string(c.cpus) + " k=" + std::to_string(c.gpus) +
                                                 " instance " + std::to_string(i) + ": " + r.error().message};
            }
            // exact keeps its incumbent when cancelled; in an experiment a cancelled step ends the run.
            if (r->status == SolveStatus::Cancelled) return cancelledError();
            const CpuGpuSolution* solution = solutionOf<CpuGpuSolution>(*r);
            if (!solution) return solverError("experiment: " + solvers[s] + " gave no schedule");
            out.rows.push_back(
                {unit,
                 std::to_string(c.tasks) + ',' + std::to_string(c.cpus) + ',' + std::to_string(c.gpus) + ',' +
                     std::to_string(i) + ',' + std::to_string(seed) + ',' + solvers[s] + ',' +
                     exactNumber(solution->makespan) + ',' + exactNumber(solution->lowerBound) + ',' +
                     (r->status == SolveStatus::Optimal ? "1" : "0") + ',' + exactNumber(r->seconds),
                 {}, 0});
        }
        done += 1;
        progress.report(done / total, "n=" + std::to_string(c.tasks) + " m=" + std::to_string(c.cpus) +
                                          " k=" + std::to_string(c.gpus));
    }
    return out;
}

Expected<CpuGpuExperiment> cpuGpuExperimentFromRows(const CpuGpuExperimentOptions& o, const SweepRows& raw) {
    Expected<CpuGpuGrid> grid = checkedGrid(o);
    if (!grid) return grid.error();
    const std::vector<std::string>& solvers = grid->solvers;
    const std::size_t units = grid->cases.size() * std::size_t(o.instancesPerCase);
    if (raw.totalUnits != units)
        return invalidInput("the rows are of a sweep of " + std::to_string(raw.totalUnits) + " units, these options give " +
                            std::to_string(units));
    if (raw.rows.size() != units * solvers.size())
        return invalidInput("expected " + std::to_string(units * solvers.size()) + " rows (" + std::to_string(units) +
                            " instances x " + std::to_string(solvers.size()) + " solvers), got " +
                            std::to_string(raw.rows.size()));
    CpuGpuExperiment experiment;
    experiment.options = o;
    experiment.options.solvers = solvers;
    std::size_t next = 0;
    for (std::size_t ci = 0; ci < grid->cases.size(); ++ci) {
        const CpuGpuCase& c = grid->cases[ci];
        std::vector<CpuGpuExperimentRow> rows(solvers.size());
        std::vector<double> seconds(solvers.size(), 0.0);
        for (std::size_t s = 0; s < solvers.size(); ++s) rows[s] = {c.tasks, c.cpus, c.gpus, solvers[s]};
        for (int i = 0; i < o.instancesPerCase; ++i) {
            const std::size_t unit = ci * std::size_t(o.instancesPerCase) + std::size_t(i);
            std::vector<double> makespans(solvers.size());
            double bound = 0;
            std::optional<double> optimum;
            for (std::size_t s = 0; s < solvers.size(); ++s) {
                const SweepRow& row = raw.rows[next++];
                SweepRowReader read(row, raw.columns);
                if (row.unit != unit) return read.error("expected a row of unit " + std::to_string(unit));
                const long long key[] = {c.tasks, c.cpus, c.gpus, i};
                for (long long expected : key) {
                    Expected<long long> v = read.integer();
                    if (!v) return v.error();
                    if (*v != expected)
                        return read.error("expected n=" + std::to_string(c.tasks) + " m=" + std::to_string(c.cpus) +
                                          " k=" + std::to_string(c.gpus) + " instance " + std::to_string(i) +
                                          ": the rows are of other options");
                }
                Expected<std::string> seed = read.text();
                Expected<std::string> solver = seed ? read.text() : seed;
                if (!solver) return solver.error();
                if (*solver != solvers[s]) return read.error("expected solver " + solvers[s] + ", got " + *solver);
                Expected<double> makespan = read.number();
                Expected<double> lowerBound = makespan ? read.number() : makespan;
                Expected<long long> optimal = lowerBound ? read.integer() : Expected<long long>(lowerBound.error());
                Expected<double> time = optimal ? read.number() : Expected<double>(optimal.error());
                if (!time) return time.error();
                if (auto extra = read.finish()) return *extra;
                makespans[s] = *makespan;
                bound = std::max(bound, *lowerBound);
                if (*optimal) optimum = *makespan;
                seconds[s] += *time;
            }
            if (optimum) bound = *optimum;
            for (std::size_t s = 0; s < solvers.size(); ++s) {
                CpuGpuExperimentRow& row = rows[s];
                const double deviation = bound > 0 ? makespans[s] / bound - 1 : 0;
                row.meanDeviationFromBound += deviation;
                row.maxDeviationFromBound = std::max(row.maxDeviationFromBound, deviation);
                ++row.instances;
                if (optimum) {
                    const double fromOptimum = makespans[s] / *optimum - 1;
                    row.meanDeviationFromOptimum += fromOptimum;
                    row.maxDeviationFromOptimum = std::max(row.maxDeviationFromOptimum, fromOptimum);
                    ++row.optimalInstances;
                }
            }
        }
        for (std::size_t s = 0; s < solvers.size(); ++s) {
            CpuGpuExperimentRow& row = rows[s];
            row.meanDeviationFromBound /= row.instances;
            if (row.optimalInstances > 0) row.meanDeviationFromOptimum /= row.optimalInstances;
            row.meanSeconds = seconds[s] / row.instances;
            experiment.rows.push_back(std::move(row));
        }
    }
    return experiment;
}

Expected<CpuGpuExperiment> runCpuGpuExperiment(const CpuGpuExperimentOptions& o, const Progress& progress) {
    Expected<SweepRows> rows = runCpuGpuExperimentShard(o, Shard{}, progress);
    if (!rows) return rows.error();
    return cpuGpuExperimentFromRows(o, *rows);
}

const ExperimentOptions& cpuGpuExperimentOptionTable() {
    static const ExperimentOptions options = [] {
        const CpuGpuExperimentOptions d;
        ExperimentOptions o;
        OptionSpec tasks = OptionSpec::numberList("tasks", "the task counts: N or FROM:TO:STEP", 1,
                                                  {double(d.minTasks), double(d.maxTasks), double(d.taskStep)},
                                                  1000000, true);
        tasks.minimumCount = 3;
        o.table = {
            tasks,
            OptionSpec::numberList("cpus", "the CPU counts", 0, asOptionNumbers(d.cpuCounts), 10000, true),
            OptionSpec::numberList("gpus", "the GPU counts", 0, asOptionNumbers(d.gpuCounts), 10000, true),
            OptionSpec::integer("instances", "random instances per case", 1, d.instancesPerCase, 100000),
            OptionSpec::textList("solvers", "the cpugpu solvers to compare", {}, d.solvers),
            OptionSpec::number("exact-time-limit", "> 0: also run exact with this time limit (seconds) per instance", 0,
                               d.exactTimeLimit, 86400),
            OptionSpec::integer("seed", "seeds the instances", 0, static_cast<std::int64_t>(d.seed),
                                std::int64_t(1) << 52),
            OptionSpec::number("epsilon", "the dual approximations' precision", 0, d.epsilon, 86400),
        };
        // --tasks FROM:TO:STEP (or N) is the list FROM,TO,STEP.
        o.readForm = [](const OptionSpec& spec, const std::string& text) -> Expected<std::string> {
            if (spec.name != "tasks") return text;
            std::vector<std::string> parts;
            std::stringstream in(text);
            for (std::string part; std::getline(in, part, ':');) parts.push_back(part);
            if (text.find(',') != std::string::npos || (parts.size() != 1 && parts.size() != 3))
                return invalidInput("--tasks expects N or FROM:TO:STEP, got '" + text + "'");
            return parts.size() == 1 ? text + "," + text + ",1" : parts[0] + "," + parts[1] + "," + parts[2];
        };
        o.writeForm = [](const OptionSpec& spec, const OptionValue& value) -> std::string {
            if (spec.name != "tasks") return {};
            std::string text;
            for (double v : std::get<std::vector<double>>(value)) {
                if (!text.empty()) text += ':';
                text += std::to_string(static_cast<long long>(v));
            }
            return text;
        };
        return o;
    }();
    return options;
}

CpuGpuExperimentOptions cpuGpuExperimentOptions(const OptionValues& v) {
    CpuGpuExperimentOptions o;
    const std::vector<double>& tasks = v.numbers("tasks");
    o.minTasks = static_cast<int>(tasks.at(0));
    o.maxTasks = static_cast<int>(tasks.at(1));
    o.taskStep = static_cast<int>(tasks.at(2));
    o.cpuCounts = asOptionIntegers(v.numbers("cpus"));
    o.gpuCounts = asOptionIntegers(v.numbers("gpus"));
    o.instancesPerCase = static_cast<int>(v.integer("instances"));
    o.solvers = v.texts("solvers");
    o.exactTimeLimit = v.number("exact-time-limit");
    o.seed = static_cast<std::uint64_t>(v.integer("seed"));
    o.epsilon = v.number("epsilon");
    return o;
}

OptionValues cpuGpuExperimentValues(const CpuGpuExperimentOptions& o) {
    OptionValues v(cpuGpuExperimentOptionTable().table);
    v.set("tasks", std::vector<double>{double(o.minTasks), double(o.maxTasks), double(o.taskStep)});
    v.set("cpus", asOptionNumbers(o.cpuCounts));
    v.set("gpus", asOptionNumbers(o.gpuCounts));
    v.set("instances", std::int64_t(o.instancesPerCase));
    v.set("solvers", o.solvers);
    v.set("exact-time-limit", o.exactTimeLimit);
    v.set("seed", static_cast<std::int64_t>(o.seed));
    v.set("epsilon", o.epsilon);
    return v;
}

std::vector<std::string> cpuGpuExperimentFlags(const CpuGpuExperimentOptions& o) {
    return experimentOptionFlags(cpuGpuExperimentOptionTable(), cpuGpuExperimentValues(o));
}

std::string cpuGpuExperimentCsv(const CpuGpuExperiment& experiment) {
    std::ostringstream out;
    out << std::setprecision(9);
    out << "tasks,cpus,gpus,solver,instances,mean_dev_lb,max_dev_lb,optimal_instances,mean_dev_opt,max_dev_"
           "opt,"
           "mean_seconds\n";
    for (const CpuGpuExperimentRow& r : experiment.rows) {
        out << r.tasks << ',' << r.cpus << ',' << r.gpus << ',' << r.solver << ',' << r.instances << ','
            << r.meanDeviationFromBound << ',' << r.maxDeviationFromBound << ',' << r.optimalInstances << ',';
        if (r.optimalInstances > 0)
            out << r.meanDeviationFromOptimum << ',' << r.maxDeviationFromOptimum;
        else
            out << ',';
        out << ',' << r.meanSeconds << '\n';
    }
    return out.str();
}

}  // namespace hetsched
