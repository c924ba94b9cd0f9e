#include "solvers/cpugpu/cpugpu_experiments.h"

#include <algorithm>
#include <iomanip>
#include <random>
#include <sstream>

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

CpuGpuInstance randomCpuGpuInstance(int tasks, int cpus, int gpus, std::uint64_t seed, double epsilon) {
    std::mt19937_64 rng(seed);
    CpuGpuInstance in;
    in.cpus = cpus;
    in.gpus = gpus;
    in.epsilon = epsilon;
    in.tasks.reserve(static_cast<std::size_t>(std::max(0, tasks)));
    for (int j = 0; j < tasks; ++j) {
        const double cpu = 10.0 + static_cast<double>(rng() % 91);   // U{10..100}
        const double acceleration = (rng() >> 63) ? 35.0 : 15.0;     // 1/15 or 1/35 with probability 1/2
        in.tasks.push_back({std::string("t").append(std::to_string(j)), cpu, cpu / acceleration});
    }
    return in;
}

Expected<CpuGpuExperiment> runCpuGpuExperiment(const CpuGpuExperimentOptions& o, const Progress& progress) {
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
    std::vector<std::string> solvers = o.solvers;
    if (o.exactTimeLimit > 0 && std::find(solvers.begin(), solvers.end(), "exact") == solvers.end())
        solvers.push_back("exact");
    if (solvers.empty()) return invalidInput("experiment: no solver");
    for (const std::string& name : solvers)
        if (!findSolver("cpugpu", name))
            return invalidInput("experiment: unknown cpugpu solver '" + name + "'");

    std::vector<int> taskCounts;
    for (int n = o.minTasks; n <= o.maxTasks; n += o.taskStep) taskCounts.push_back(n);
    const double total = double(taskCounts.size()) * double(o.cpuCounts.size()) * double(o.gpuCounts.size()) *
                         double(o.instancesPerCase);
    double done = 0;
    CpuGpuExperiment experiment;
    experiment.options = o;
    experiment.options.solvers = solvers;
    for (int n : taskCounts)
        for (int m : o.cpuCounts)
            for (int k : o.gpuCounts) {
                if (m == 0 && k == 0) continue;
                std::vector<CpuGpuExperimentRow> rows(solvers.size());
                std::vector<double> seconds(solvers.size(), 0.0);
                for (std::size_t s = 0; s < solvers.size(); ++s) rows[s] = {n, m, k, solvers[s]};
                for (int i = 0; i < o.instancesPerCase; ++i) {
                    if (progress.stopRequested()) return cancelledError();
                    const std::uint64_t seed =
                        mix(o.seed ^ mix(std::uint64_t(n) << 32 ^ std::uint64_t(m) << 16 ^ std::uint64_t(k) ^
                                         mix(std::uint64_t(i))));
                    const Instance instance = randomCpuGpuInstance(n, m, k, seed, o.epsilon);
                    std::vector<double> makespans(solvers.size());
                    double bound = 0;
                    std::optional<double> optimum;
                    for (std::size_t s = 0; s < solvers.size(); ++s) {
                        SolverOptions options;
                        if (solvers[s] == "exact" && o.exactTimeLimit > 0)
                            options["time_limit"] = o.exactTimeLimit;
                        Expected<SolveResult> r = solve(instance, solvers[s], options, progress);
                        if (!r) {
                            if (r.error().kind == ErrorKind::Cancelled) return r.error();
                            return Error{r.error().kind,
                                         "experiment: " + solvers[s] + " on n=" + std::to_string(n) +
                                             " m=" + std::to_string(m) + " k=" + std::to_string(k) +
                                             " instance " + std::to_string(i) + ": " + r.error().message};
                        }
                        makespans[s] = r->json["makespan"].get<double>();
                        bound = std::max(bound, r->json["lower_bound"].get<double>());
                        if (r->status == SolveStatus::Optimal) optimum = makespans[s];
                        seconds[s] += r->seconds;
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
                    done += 1;
                    progress.report(done / total, "n=" + std::to_string(n) + " m=" + std::to_string(m) +
                                                      " k=" + std::to_string(k));
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
