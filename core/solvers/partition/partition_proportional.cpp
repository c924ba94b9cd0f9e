// The baseline a user tries first: split the tasks in proportion to each resource's speed.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "solvers/partition/partition_common.h"
#include "solvers/partition/partition_registration.h"

namespace hetsched {

using namespace partition_detail;

namespace {

// Tasks per unit of cost at the admissible count nearest to T/n (at least one task).
double speedOf(const ResourceChoices& c, std::int64_t reference) {
    double bestSpeed = 0;
    std::int64_t bestDistance = -1;
    for (std::size_t k = 0; k < c.size(); ++k) {
        const std::int64_t x = c.count(k);
        if (x < 1) continue;
        const std::int64_t distance = std::abs(x - reference);
        if (bestDistance >= 0 && distance >= bestDistance) continue;
        bestDistance = distance;
        bestSpeed = c.costs[k] > 0 ? static_cast<double>(x) / c.costs[k] : 1e300;
    }
    return bestSpeed;
}

}  // namespace

Expected<PartitionSolution> solvePartitionProportional(const PartitionInstance& in, const Progress& progress) {
    if (std::string reason = partitionInfeasibilityReason(in); !reason.empty()) return infeasibleSolution(reason);
    const std::size_t n = in.resources.size();
    const std::vector<ResourceChoices> choices = choicesOf(in);
    const std::int64_t reference = std::max<std::int64_t>(1, in.tasks / static_cast<std::int64_t>(n));

    std::vector<double> speed(n);
    for (std::size_t i = 0; i < n; ++i) speed[i] = std::min(speedOf(choices[i], reference), 1e200);
    double speedSum = std::accumulate(speed.begin(), speed.end(), 0.0);
    if (speedSum <= 0) {
        std::fill(speed.begin(), speed.end(), 1.0);
        speedSum = static_cast<double>(n);
    }

    // Largest-remainder rounding of T * speed_i / sum(speed).
    std::vector<std::int64_t> desired(n);
    std::vector<std::pair<double, std::size_t>> remainders(n);
    std::int64_t assigned = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double share = static_cast<double>(in.tasks) * speed[i] / speedSum;
        desired[i] = static_cast<std::int64_t>(std::floor(share));
        remainders[i] = {share - std::floor(share), i};
        assigned += desired[i];
    }
    std::sort(remainders.begin(), remainders.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t k = 0; assigned < in.tasks; k = (k + 1) % n, ++assigned) ++desired[remainders[k].second];
    progress.report(0.5, "rounding");

    // Repair: take the admissible count nearest to the desired one (plus what earlier resources left over)
    // among those that leave a remainder the later resources can still reach exactly.
    const std::vector<RunList> suffix = suffixReachable(choices, in.tasks);
    std::vector<std::int64_t> tasks(n);
    std::int64_t remaining = in.tasks;
    std::int64_t carry = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t want = desired[i] + carry;
        std::int64_t best = -1;
        for (std::size_t k = 0; k < choices[i].size(); ++k) {
            const std::int64_t x = choices[i].count(k);
            if (x > remaining || !contains(suffix[i + 1], remaining - x)) continue;
            if (best < 0 || std::abs(x - want) < std::abs(best - want)) best = x;
        }
        if (best < 0) return solverError("proportional: no admissible count for " + in.resources[i].name);
        tasks[i] = best;
        carry = want - best;
        remaining -= best;
    }
    return makeSolution(in, std::move(tasks), SolveStatus::Feasible,
                        "proportional to speed at " + std::to_string(reference) + " tasks, repaired to the limits");
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver partitionProportionalSolver() {
    return stated(
        partitionSolver("proportional",
                        "baseline: tasks in proportion to each resource's speed, repaired to the limits",
                        solvePartitionProportional),
        {.guarantee = "none: a baseline (status feasible), shown for comparison",
         .complexity = "O(N log N) at worst (N = the number of admissible counts)",
         .reference = "none: the split by speed a user tries first"});
}

}  // namespace hetsched::registry_detail
