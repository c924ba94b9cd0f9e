// OLAR (Pilla, IPDPS 2021): the optimal greedy for non-decreasing costs.
#include <queue>

#include "solvers/partition/partition_common.h"
#include "solvers/partition/partition_registration.h"

namespace hetsched {

using namespace partition_detail;

Expected<PartitionSolution> solvePartitionOlar(const PartitionInstance& in, const Progress& progress) {
    if (in.objective != PartitionObjective::Makespan)
        return invalidInput("olar minimises the makespan only; this instance asks for the total cost (use dp or threshold)");
    for (std::size_t i = 0; i < in.resources.size(); ++i) {
        const PartitionResource& r = in.resources[i];
        if (r.hasAllowedList()) {
            bool contiguous = true;
            for (std::size_t k = 1; k < r.allowed.size(); ++k) contiguous = contiguous && r.allowed[k] == r.allowed[k - 1] + 1;
            if (!contiguous)
                return invalidInput("olar needs contiguous task counts; resources[" + std::to_string(i) + "] (" + r.name +
                                    ") has a non-contiguous allowed list (use dp or threshold)");
        }
        for (std::int64_t k = 1; k < r.choiceCount(); ++k) {
            if (r.costAt(k) < r.costAt(k - 1))
                return invalidInput("olar needs non-decreasing costs; resources[" + std::to_string(i) + "] (" + r.name +
                                    ") costs " + std::to_string(r.costAt(k - 1)) + " for " +
                                    std::to_string(r.countAt(k - 1)) + " tasks but " + std::to_string(r.costAt(k)) +
                                    " for " + std::to_string(r.countAt(k)) + " (use dp or threshold)");
        }
    }
    if (std::string reason = partitionInfeasibilityReason(in); !reason.empty()) return infeasibleSolution(reason);

    const std::size_t n = in.resources.size();
    std::vector<std::int64_t> tasks(n);
    std::int64_t remaining = in.tasks;
    // Every resource starts at L_i; each next task goes where the cost after receiving it is smallest.
    using Entry = std::pair<double, std::size_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
    for (std::size_t i = 0; i < n; ++i) {
        const PartitionResource& r = in.resources[i];
        tasks[i] = r.countAt(0);
        remaining -= tasks[i];
        if (tasks[i] < r.countAt(r.choiceCount() - 1)) heap.emplace(r.costOf(tasks[i] + 1), i);
    }
    const std::int64_t total = remaining;
    while (remaining > 0) {
        const auto [next, i] = heap.top();
        heap.pop();
        ++tasks[i];
        --remaining;
        const PartitionResource& r = in.resources[i];
        if (tasks[i] < r.countAt(r.choiceCount() - 1)) heap.emplace(r.costOf(tasks[i] + 1), i);
        if ((remaining & 0xFFFF) == 0) {
            if (progress.stopRequested()) return cancelledError();
            progress.report(1.0 - static_cast<double>(remaining) / static_cast<double>(total), "greedy");
        }
    }
    return makeSolution(in, std::move(tasks), SolveStatus::Optimal, "OLAR greedy (non-decreasing costs)");
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver partitionOlarSolver() {
    return stated(
        partitionSolver("olar", "exact for non-decreasing costs (makespan): OLAR greedy in O(n + T log n)",
                        solvePartitionOlar),
        {.guarantee = "optimal for the makespan when every cost is non-decreasing on a contiguous range "
                      "(other instances are refused)",
         .complexity = "O(n + T log n)",
         .reference = "OLAR (Pilla, IPDPS 2021), reference [6] of Pilla 2022, section 1"});
}

}  // namespace hetsched::registry_detail
