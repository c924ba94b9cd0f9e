// The fast exact partition solver: threshold search with sumset feasibility (makespan),
// marginal-cost greedy for convex costs (total cost).
#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

#include "solvers/partition/partition_common.h"

namespace hetsched {

using namespace partition_detail;

namespace {

// S_i(theta) = {x admissible : C_i(x) <= theta} for one resource, as runs.
class ThresholdSets {
public:
    explicit ThresholdSets(const std::vector<ResourceChoices>& choices) : m_choices(choices) {
        m_monotone.resize(choices.size());
        for (std::size_t i = 0; i < choices.size(); ++i) {
            const auto& c = choices[i].costs;
            m_monotone[i] = choices[i].contiguous && std::is_sorted(c.begin(), c.end());
        }
    }

    RunList runs(std::size_t i, double theta) const {
        const ResourceChoices& c = m_choices[i];
        if (m_monotone[i]) {
            // Non-decreasing costs on a contiguous range: S_i(theta) = [L_i, largest x with C_i(x) <= theta].
            const auto end = std::upper_bound(c.costs.begin(), c.costs.end(), theta) - c.costs.begin();
            if (end == 0) return {};
            return {{c.first, c.first + end - 1}};
        }
        RunList runs;
        const std::size_t size = c.size();
        const double* costs = c.costs.data();
        for (std::size_t k = 0; k < size; ++k)
            if (costs[k] <= theta) appendValue(runs, c.count(k));
        return runs;
    }

private:
    const std::vector<ResourceChoices>& m_choices;
    std::vector<char> m_monotone;
};

// Is T in S_1(theta) + ... + S_n(theta)? When `stages` is given, keeps the prefix sumsets for reconstruction.
bool feasibleAt(const ThresholdSets& sets, std::size_t n, std::int64_t tasks, double theta,
                std::vector<RunList>* stages, std::vector<RunList>* perResource) {
    std::vector<RunList> runs(n);
    std::vector<std::int64_t> minRest(n + 1, 0);
    std::vector<std::int64_t> maxRest(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
        runs[i] = sets.runs(i, theta);
        if (runs[i].empty()) return false;
    }
    for (std::size_t i = n; i-- > 0;) {
        minRest[i] = minRest[i + 1] + runs[i].front().first;
        maxRest[i] = std::min(tasks, maxRest[i + 1] + runs[i].back().last);
    }
    if (minRest[0] > tasks || maxRest[0] < tasks) return false;
    RunList reach{{0, 0}};
    if (stages) stages->assign(1, reach);
    for (std::size_t i = 0; i < n; ++i) {
        // After resource i, only sums the remaining resources can complete to T matter.
        const std::int64_t low = std::max<std::int64_t>(0, tasks - maxRest[i + 1]);
        const std::int64_t high = tasks - minRest[i + 1];
        reach = sumsetWithin(reach, runs[i], low, high);
        if (reach.empty()) return false;
        if (stages) stages->push_back(reach);
    }
    if (perResource) *perResource = std::move(runs);
    return contains(reach, tasks);
}

Expected<PartitionSolution> minimiseMakespan(const PartitionInstance& in, const Progress& progress) {
    const std::size_t n = in.resources.size();
    const std::vector<ResourceChoices> choices = choicesOf(in);
    const ThresholdSets sets(choices);

    // Every resource takes some admissible count, so theta >= max_i min_x C_i(x).
    double lowest = -std::numeric_limits<double>::infinity();
    for (const ResourceChoices& c : choices) lowest = std::max(lowest, *std::min_element(c.costs.begin(), c.costs.end()));
    std::vector<double> candidates;
    for (const ResourceChoices& c : choices)
        for (double v : c.costs)
            if (v >= lowest) candidates.push_back(v);

    // Invariant: best is feasible, and any smaller optimum is among `candidates` (all < best).
    // Each round tests the median and keeps the half that can still hold the optimum.
    double best = *std::max_element(candidates.begin(), candidates.end());
    int tests = 0;
    const double initialLog = std::log2(static_cast<double>(candidates.size()) + 1.0);
    while (!candidates.empty()) {
        if (progress.stopRequested()) return {cancelledError()};
        const auto mid = candidates.begin() + static_cast<std::ptrdiff_t>(candidates.size() / 2);
        std::nth_element(candidates.begin(), mid, candidates.end());
        const double theta = *mid;
        ++tests;
        const bool feasible = feasibleAt(sets, n, in.tasks, theta, nullptr, nullptr);
        if (feasible) best = theta;
        const auto kept = std::partition(candidates.begin(), candidates.end(),
                                         [&](double v) { return feasible ? v < theta : v > theta; });
        candidates.erase(kept, candidates.end());
        const double left = std::log2(static_cast<double>(candidates.size()) + 1.0);
        progress.report(1.0 - left / std::max(1.0, initialLog), "threshold search");
    }

    std::vector<RunList> stages;
    std::vector<RunList> perResource;
    if (!feasibleAt(sets, n, in.tasks, best, &stages, &perResource))
        return {solverError("threshold search: the optimal threshold failed its final check")};

    // Walk back through the prefix sumsets: pick x_i in S_i(best) with t - x_i reachable before i.
    std::vector<std::int64_t> tasks(n, 0);
    std::int64_t t = in.tasks;
    for (std::size_t i = n; i-- > 0;) {
        // x in run [a, b] works when some y = t - x in [t - b, t - a] is reachable before i.
        bool found = false;
        for (const Run& r : perResource[i]) {
            if (r.first > t) break;
            const std::int64_t low = t - std::min(r.last, t);
            const std::int64_t high = t - r.first;
            const RunList& before = stages[i];
            auto it = std::lower_bound(before.begin(), before.end(), low,
                                       [](const Run& run, std::int64_t v) { return run.last < v; });
            if (it != before.end() && it->first <= high) {
                tasks[i] = t - std::max(it->first, low);
                found = true;
                break;
            }
        }
        if (!found) return {solverError("threshold search: reconstruction failed at resource " + in.resources[i].name)};
        t -= tasks[i];
    }
    return makeSolution(in, std::move(tasks), SolveStatus::Optimal,
                        "threshold search over the cost values (" + std::to_string(tests) + " feasibility tests)");
}

// Separable convex costs on contiguous ranges: give each next task to the smallest marginal cost.
bool convexOnContiguousRanges(const std::vector<ResourceChoices>& choices) {
    for (const ResourceChoices& c : choices) {
        if (!c.contiguous) return false;
        for (std::size_t k = 2; k < c.size(); ++k)
            if (c.costs[k] - c.costs[k - 1] < c.costs[k - 1] - c.costs[k - 2] - 1e-12 * std::abs(c.costs[k - 1]))
                return false;
    }
    return true;
}

PartitionSolution minimiseConvexTotalCost(const PartitionInstance& in, const std::vector<ResourceChoices>& choices) {
    const std::size_t n = choices.size();
    std::vector<std::int64_t> tasks(n);
    std::int64_t remaining = in.tasks;
    using Entry = std::pair<double, std::size_t>;   // (marginal cost of one more task, resource)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
    for (std::size_t i = 0; i < n; ++i) {
        tasks[i] = choices[i].first;
        remaining -= tasks[i];
        if (choices[i].size() > 1) heap.emplace(choices[i].costs[1] - choices[i].costs[0], i);
    }
    while (remaining > 0 && !heap.empty()) {
        const auto [marginal, i] = heap.top();
        heap.pop();
        ++tasks[i];
        --remaining;
        const auto k = static_cast<std::size_t>(tasks[i] - choices[i].first);
        if (k + 1 < choices[i].size()) heap.emplace(choices[i].costs[k + 1] - choices[i].costs[k], i);
    }
    return makeSolution(in, std::move(tasks), SolveStatus::Optimal, "total cost: convex costs, marginal-cost greedy");
}

}  // namespace

Expected<PartitionSolution> solvePartitionThreshold(const PartitionInstance& in, const Progress& progress) {
    if (std::string reason = partitionInfeasibilityReason(in); !reason.empty()) return infeasibleSolution(reason);
    if (in.objective == PartitionObjective::Makespan) return minimiseMakespan(in, progress);

    const std::vector<ResourceChoices> choices = choicesOf(in);
    if (convexOnContiguousRanges(choices)) return minimiseConvexTotalCost(in, choices);
    Expected<PartitionSolution> dp = solvePartitionDp(in, progress);
    if (dp.ok()) dp->message = "total cost: non-convex costs, dynamic program (Algorithm 1 with sums)";
    return dp;
}

}  // namespace hetsched
