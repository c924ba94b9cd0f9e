#include "solvers/partition/partition_common.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace hetsched {

namespace partition_detail {

PartitionSolution makeSolution(const PartitionInstance& in, std::vector<std::int64_t> tasks, SolveStatus status,
                               std::string message) {
    PartitionSolution s;
    s.status = status;
    s.message = std::move(message);
    s.tasks = std::move(tasks);
    s.costs.resize(s.tasks.size());
    for (std::size_t i = 0; i < s.tasks.size(); ++i) {
        s.costs[i] = in.resources[i].costOf(s.tasks[i]);
        s.makespan = std::max(s.makespan, s.costs[i]);
        s.totalCost += s.costs[i];
    }
    return s;
}

PartitionSolution infeasibleSolution(std::string reason) {
    PartitionSolution s;
    s.status = SolveStatus::Infeasible;
    s.message = std::move(reason);
    return s;
}

RunList admissibleRuns(const ResourceChoices& choices) {
    RunList runs;
    if (choices.size() == 0) return runs;
    if (choices.contiguous) return {{choices.first, choices.first + static_cast<std::int64_t>(choices.size()) - 1}};
    for (std::size_t k = 0; k < choices.size(); ++k) appendValue(runs, choices.count(k));
    return runs;
}

std::vector<RunList> suffixReachable(const std::vector<ResourceChoices>& choices, std::int64_t tasks) {
    const std::size_t n = choices.size();
    std::vector<RunList> suffix(n + 1);
    suffix[n] = {{0, 0}};
    for (std::size_t i = n; i-- > 0;)
        suffix[i] = sumsetWithin(suffix[i + 1], admissibleRuns(choices[i]), 0, tasks);
    return suffix;
}

}  // namespace partition_detail

using namespace partition_detail;

std::string partitionInfeasibilityReason(const PartitionInstance& in) {
    if (in.resources.empty()) return "no resources";
    std::int64_t sumLower = 0;
    std::int64_t sumUpper = 0;
    for (const PartitionResource& r : in.resources) {
        sumLower += r.countAt(0);
        sumUpper += std::min(r.countAt(r.choiceCount() - 1), in.tasks);
    }
    const std::string t = std::to_string(in.tasks);
    if (sumLower > in.tasks) return "the lower limits sum to " + std::to_string(sumLower) + " > T = " + t;
    if (sumUpper < in.tasks) return "the upper limits sum to " + std::to_string(sumUpper) + " < T = " + t;
    const std::vector<RunList> suffix = suffixReachable(choicesOf(in), in.tasks);
    if (!contains(suffix[0], in.tasks)) return "no combination of the admissible task counts sums to T = " + t;
    return {};
}

std::vector<std::string> verifyPartition(const PartitionInstance& in, const PartitionSolution& s) {
    std::vector<std::string> problems;
    if (s.status == SolveStatus::Infeasible) {
        if (!s.tasks.empty()) problems.push_back("an infeasible answer carries an assignment");
        return problems;
    }
    if (s.tasks.size() != in.resources.size() || s.costs.size() != in.resources.size()) {
        problems.push_back("the assignment has " + std::to_string(s.tasks.size()) + " entries for " +
                           std::to_string(in.resources.size()) + " resources");
        return problems;
    }
    std::int64_t sum = 0;
    double makespan = 0;
    double total = 0;
    for (std::size_t i = 0; i < s.tasks.size(); ++i) {
        const PartitionResource& r = in.resources[i];
        sum += s.tasks[i];
        if (!r.admits(s.tasks[i]))
            problems.push_back("resource " + r.name + ": " + std::to_string(s.tasks[i]) + " tasks is not admissible");
        else if (s.costs[i] != r.costOf(s.tasks[i]))
            problems.push_back("resource " + r.name + ": reported cost differs from C_i(x_i)");
        makespan = std::max(makespan, s.costs[i]);
        total += s.costs[i];
    }
    if (sum != in.tasks)
        problems.push_back("the counts sum to " + std::to_string(sum) + ", not T = " + std::to_string(in.tasks));
    if (makespan != s.makespan) problems.push_back("the reported makespan is not max C_i(x_i)");
    if (std::abs(total - s.totalCost) > 1e-9 * std::max(1.0, std::abs(total)))
        problems.push_back("the reported total cost is not sum C_i(x_i)");
    return problems;
}

Schedule partitionSchedule(const PartitionInstance& in, const PartitionSolution& s) {
    Schedule schedule;
    schedule.title = std::to_string(in.tasks) + " tasks on " + std::to_string(in.resources.size()) + " resources";
    for (std::size_t i = 0; i < in.resources.size(); ++i) {
        Lane lane;
        lane.name = in.resources[i].name;
        lane.category = "resource";
        if (i < s.tasks.size()) {
            Interval bar;
            bar.start = 0;
            bar.end = s.costs[i];
            bar.kind = IntervalKind::Compute;
            bar.label = "x=" + std::to_string(s.tasks[i]);
            bar.taskId = static_cast<int>(i);
            std::ostringstream detail;
            detail << s.tasks[i] << " tasks, C(x) = " << s.costs[i];
            bar.detail = detail.str();
            lane.intervals.push_back(std::move(bar));
        }
        schedule.lanes.push_back(std::move(lane));
    }
    if (s.status != SolveStatus::Infeasible) {
        schedule.markers.push_back({"makespan", s.makespan, false});
        schedule.metrics.push_back({"makespan", s.makespan});
        schedule.metrics.push_back({"total_cost", s.totalCost});
    }
    return schedule;
}

}  // namespace hetsched
