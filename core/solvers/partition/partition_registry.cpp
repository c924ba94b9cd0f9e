// The partition family in the solver registry, and its result JSON.
#include "io/instance_io.h"
#include "solvers/partition/partition_solvers.h"
#include "solvers/registry_detail.h"

namespace hetsched::registry_detail {

namespace {

using PartitionSolver = Expected<PartitionSolution> (*)(const PartitionInstance&, const Progress&);

SolveResult toResult(const PartitionInstance& in, const PartitionSolution& s) {
    SolveResult r;
    r.status = s.status;
    r.message = s.message;
    r.objectiveName = partitionObjectiveName(in.objective);
    nlohmann::json& j = r.json;
    j["objective"] = r.objectiveName;
    if (s.status != SolveStatus::Infeasible) {
        r.objective = s.objective(in.objective);
        j["makespan"] = s.makespan;
        j["total_cost"] = s.totalCost;
        nlohmann::json assignment = nlohmann::json::array();
        for (std::size_t i = 0; i < s.tasks.size(); ++i)
            assignment.push_back({{"resource", in.resources[i].name}, {"tasks", s.tasks[i]}, {"cost", s.costs[i]}});
        j["assignment"] = assignment;
    }
    r.schedule = partitionSchedule(in, s);
    return r;
}

RegisteredSolver partitionSolver(std::string name, std::string description, PartitionSolver run,
                                 bool (*isDefault)(const Instance&) = nullptr) {
    RegisteredSolver s;
    s.spec = {"partition", name, std::move(description), {}};
    s.isDefaultFor = isDefault;
    s.run = [run, name](const Instance& instance, const SolverOptions&, const Progress& progress)
        -> Expected<SolveResult> {
        const auto& in = std::get<PartitionInstance>(instance);
        Expected<PartitionSolution> solution = run(in, progress);
        if (!solution) return solution.error();
        if (auto problems = verifyPartition(in, *solution); !problems.empty())
            return solverError("solver " + name + " produced an invalid assignment: " + problems.front());
        return toResult(in, *solution);
    };
    return s;
}

}  // namespace

std::vector<RegisteredSolver> partitionSolvers() {
    return {
        partitionSolver("threshold",
                        "exact, fast: threshold search with sumset feasibility (any costs); convex greedy or DP for total cost",
                        solvePartitionThreshold, [](const Instance&) { return true; }),
        partitionSolver("dp", "exact: Algorithm 1 of Pilla 2022, dynamic program in O(T * sum(U_i - L_i + 1))",
                        solvePartitionDp),
        partitionSolver("olar", "exact for non-decreasing costs (makespan): OLAR greedy in O(n + T log n)",
                        solvePartitionOlar),
        partitionSolver("proportional", "baseline: tasks in proportion to each resource's speed, repaired to the limits",
                        solvePartitionProportional),
    };
}

}  // namespace hetsched::registry_detail
