// The partition family in the solver registry, and its result JSON.
#include "io/json_reader.h"
#include "model/instance_checks.h"
#include "solvers/family_solution.h"
#include "solvers/stored_result.h"
#include "solvers/partition/partition_common.h"
#include "solvers/partition/partition_result.h"
#include "solvers/partition/partition_registration.h"

namespace hetsched {

SolveResult partitionSolveResult(const PartitionInstance& in, const PartitionSolution& s) {
    SolveResult r;
    r.status = s.status;
    r.message = s.message;
    r.objectiveName = partitionObjectiveName(in.objective);
    if (s.status != SolveStatus::Infeasible) r.objective = s.objective(in.objective);
    r.schedule = partitionSchedule(in, s);
    r.solution = shareSolution(s);
    return r;
}

nlohmann::json partitionResultJson(const PartitionInstance& in, const SolveResult& result) {
    nlohmann::json j = nlohmann::json::object();
    const PartitionSolution* solution = solutionOf<PartitionSolution>(result);
    if (!solution) return j;
    const PartitionSolution& s = *solution;
    j["objective"] = partitionObjectiveName(in.objective);
    if (s.status != SolveStatus::Infeasible) {
        j["makespan"] = s.makespan;
        j["total_cost"] = s.totalCost;
        nlohmann::json assignment = nlohmann::json::array();
        for (std::size_t i = 0; i < s.tasks.size(); ++i)
            assignment.push_back({{"resource", in.resources[i].name}, {"tasks", s.tasks[i]}, {"cost", s.costs[i]}});
        j["assignment"] = assignment;
    }
    return j;
}

Expected<SolveResult> partitionResultFromJson(const PartitionInstance& in, const json_detail::JsonNode& storedRoot) {
    using json_detail::JsonNode;
    return registry_detail::readStoredResult(storedRoot, [&](const JsonNode& root) -> Expected<SolveResult> {
        const std::optional<SolveStatus> status = solveStatusFromName(root.at("status").string());
        if (!status) root.at("status").fail("unknown status");
        PartitionSolution solution = partition_detail::infeasibleSolution(
            root.find("message") ? root.at("message").string() : std::string());
        if (*status != SolveStatus::Infeasible) {
            const JsonNode assignment = root.at("assignment");
            if (assignment.size() != in.resources.size())
                assignment.fail("has " + std::to_string(assignment.size()) + " entries, the instance has " +
                                std::to_string(in.resources.size()) + " resources");
            std::vector<std::int64_t> tasks;
            for (std::size_t i = 0; i < assignment.size(); ++i) {
                const JsonNode entry = assignment[i];
                if (entry.at("resource").string() != in.resources[i].name)
                    entry.at("resource").fail("expected \"" + in.resources[i].name + "\", the instance's resource " +
                                              std::to_string(i));
                tasks.push_back(entry.at("tasks").integer(0, in.tasks));
            }
            solution = partition_detail::makeSolution(in, std::move(tasks), *status, solution.message);
        }
        if (auto problems = verifyPartition(in, solution); !problems.empty())
            return registry_detail::storedResultDoesNotFit(problems.front());
        return partitionSolveResult(in, solution);
    });
}

}  // namespace hetsched

namespace hetsched::registry_detail {

template <>
struct SolverFamily<PartitionInstance> : SolverFamilyDefaults<PartitionInstance, PartitionSolution> {
    static constexpr const char* kInvalid = "an invalid assignment";
    static std::optional<std::string> instanceProblem(const PartitionInstance& in) { return partitionInstanceProblem(in); }
    static std::vector<std::string> verify(const PartitionInstance& in, const PartitionSolution& s) {
        return verifyPartition(in, s);
    }
    static SolveResult result(const PartitionInstance& in, const PartitionSolution& s) { return partitionSolveResult(in, s); }
};

RegisteredSolver partitionSolver(std::string name, std::string description, PartitionSolverFunction run,
                                 bool (*isDefault)(const Instance&)) {
    return familySolver<PartitionInstance>(
        solverSpec("partition", std::move(name), std::move(description)),
        [run](const PartitionInstance& in, const OptionValues&, const Progress& progress) { return run(in, progress); },
        isDefault);
}

// The partition solvers, one line each in their listed order (the first whose default rule holds is the
// default). Each entry is defined in its solver's own file, beside its algorithm: a new solver is that file
// and its line here.
#define PARTITION_SOLVERS(X)       \
    X(partitionThresholdSolver)    \
    X(partitionDpSolver)           \
    X(partitionOlarSolver)         \
    X(partitionProportionalSolver)

PARTITION_SOLVERS(HETSCHED_DECLARE_SOLVER)

std::vector<RegisteredSolver> partitionSolvers() { return {PARTITION_SOLVERS(HETSCHED_LIST_SOLVER)}; }

}  // namespace hetsched::registry_detail
