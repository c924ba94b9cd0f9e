// The fast exact partition solver: threshold search with sumset feasibility (makespan),
// marginal-cost greedy for convex costs (total cost).
#include <algorithm>
#include <bit>
#include <random>
#include <cmath>
#include <limits>
#include <queue>

#include "solvers/partition/partition_common.h"
#include "solvers/partition/partition_registration.h"

namespace hetsched {

using namespace partition_detail;

namespace {

// S_i(theta) = {x admissible : C_i(x) <= theta} for one resource, as runs.
class ThresholdSets {
public:
    explicit ThresholdSets(const std::vector<ResourceChoices>& choices) : m_choices(choices) {
        m_monotone.resize(choices.size());
        m_kept.resize(choices.size());
        for (std::size_t i = 0; i < choices.size(); ++i) {
            const auto& c = choices[i].costs;
            m_monotone[i] = choices[i].contiguous && std::is_sorted(c.begin(), c.end());
        }
    }

    // From now on only thresholds <= ceiling are asked: keep just the counts that can qualify.
    void restrictTo(double ceiling) {
        m_restricted = true;
        for (std::size_t i = 0; i < m_choices.size(); ++i) {
            if (m_monotone[i]) continue;
            Kept kept;
            const ResourceChoices& c = m_choices[i];
            for (std::size_t k = 0; k < c.size(); ++k) {
                if (c.costs[k] <= ceiling) {
                    kept.counts.push_back(c.count(k));
                    kept.costs.push_back(c.costs[k]);
                }
            }
            m_kept[i] = std::move(kept);
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
        if (m_restricted) {
            const Kept& kept = m_kept[i];
            for (std::size_t k = 0; k < kept.costs.size(); ++k)
                if (kept.costs[k] <= theta) appendValue(runs, kept.counts[k]);
            return runs;
        }
        if (!c.contiguous) {
            for (std::size_t k = 0; k < c.size(); ++k)
                if (c.costs[k] <= theta) appendValue(runs, c.count(k));
            return runs;
        }
        // Contiguous counts: compare 64 costs into a word, then read the runs off the word's bit transitions.
        const std::size_t size = c.size();
        const double* costs = c.costs.data();
        std::int64_t open = -1;   // start of the run still open at the end of the previous word
        for (std::size_t base = 0; base < size; base += 64) {
            const std::size_t len = std::min<std::size_t>(64, size - base);
            std::uint64_t mask = 0;
            for (std::size_t b = 0; b < len; ++b) mask |= std::uint64_t(costs[base + b] <= theta) << b;
            std::size_t b = 0;
            while (b < len) {
                if (open < 0) {
                    const std::uint64_t rest = mask >> b;
                    if (rest == 0) break;
                    b += static_cast<std::size_t>(std::countr_zero(rest));
                    open = c.first + static_cast<std::int64_t>(base + b);
                } else {
                    const std::uint64_t rest = ~mask >> b;
                    const std::size_t ones = rest == 0 ? 64 : static_cast<std::size_t>(std::countr_zero(rest));
                    if (b + ones >= len) break;   // the run goes on into the next word
                    b += ones;
                    runs.push_back({open, c.first + static_cast<std::int64_t>(base + b) - 1});
                    open = -1;
                }
            }
        }
        if (open >= 0) runs.push_back({open, c.first + static_cast<std::int64_t>(size) - 1});
        return runs;
    }

private:
    struct Kept {
        std::vector<std::int64_t> counts;
        std::vector<double> costs;
    };
    const std::vector<ResourceChoices>& m_choices;
    std::vector<char> m_monotone;
    std::vector<Kept> m_kept;
    bool m_restricted = false;
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
    ThresholdSets sets(choices);

    // Every resource takes some admissible count, so theta >= max_i min_x C_i(x).
    double lowest = -std::numeric_limits<double>::infinity();
    double highest = lowest;
    std::size_t total = 0;
    for (const ResourceChoices& c : choices) {
        const auto [mn, mx] = std::minmax_element(c.costs.begin(), c.costs.end());
        lowest = std::max(lowest, *mn);
        highest = std::max(highest, *mx);
        total += c.size();
    }
    if (progress.stopRequested()) return {cancelledError()};
    auto feasible = [&](double theta) { return feasibleAt(sets, n, in.tasks, theta, nullptr, nullptr); };
    int tests = 0;

    // Bracket the optimum between two sampled cost values (a, b] with a binary search over a sorted
    // sample, so that only the costs inside the bracket need to be collected and searched.
    std::vector<double> sample{lowest, highest};
    std::mt19937_64 rng(12345);
    std::uniform_int_distribution<std::size_t> pick(0, total - 1);
    for (int k = 0; k < 2048; ++k) {
        std::size_t at = pick(rng);
        std::size_t i = 0;
        while (at >= choices[i].size()) at -= choices[i++].size();
        if (choices[i].costs[at] >= lowest) sample.push_back(choices[i].costs[at]);
    }
    std::sort(sample.begin(), sample.end());
    sample.erase(std::unique(sample.begin(), sample.end()), sample.end());
    // Invariant: sample[hi] is feasible (highest is, as the instance is), sample[lo - 1] is not.
    std::size_t lo = 0;
    std::size_t hi = sample.size() - 1;
    while (lo < hi) {
        if (progress.stopRequested()) return {cancelledError()};
        const std::size_t mid = (lo + hi) / 2;
        ++tests;
        if (feasible(sample[mid])) hi = mid; else lo = mid + 1;
        progress.report(0.5 * tests / std::log2(double(sample.size()) + 2.0), "threshold search: bracketing");
    }
    double best = sample[hi];
    const double above = lo > 0 ? sample[lo - 1] : -std::numeric_limits<double>::infinity();
    sets.restrictTo(best);

    std::vector<double> candidates;
    for (const ResourceChoices& c : choices)
        for (double v : c.costs)
            if (v > above && v < best) candidates.push_back(v);

    // Invariant: best is feasible, and any smaller optimum is among `candidates` (all < best).
    // Each round tests the median and keeps the half that can still hold the optimum.
    const double initialLog = std::log2(static_cast<double>(candidates.size()) + 2.0);
    while (!candidates.empty()) {
        if (progress.stopRequested()) return {cancelledError()};
        const auto mid = candidates.begin() + static_cast<std::ptrdiff_t>(candidates.size() / 2);
        std::nth_element(candidates.begin(), mid, candidates.end());
        const double theta = *mid;
        ++tests;
        const bool ok = feasible(theta);
        if (ok) best = theta;
        const auto kept = std::partition(candidates.begin(), candidates.end(),
                                         [&](double v) { return ok ? v < theta : v > theta; });
        candidates.erase(kept, candidates.end());
        const double left = std::log2(static_cast<double>(candidates.size()) + 2.0);
        progress.report(0.5 + 0.5 * (1.0 - left / initialLog), "threshold search");
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

namespace hetsched::registry_detail {

RegisteredSolver partitionThresholdSolver() {
    return stated(
        partitionSolver("threshold",
                        "exact, fast: threshold search with sumset feasibility (any costs); convex greedy or "
                        "DP for total cost",
                        solvePartitionThreshold, [](const Instance&) { return true; }),
        {.guarantee = "optimal for the makespan with any costs (the same value as dp); total cost: optimal "
                      "(convex greedy, else dp)",
         .complexity =
             "O(N) to collect the costs (N = the number of admissible counts) and about 24 sumset "
             "feasibility tests, each O(n log U) for non-decreasing costs and O(N + sumset) in general",
         .reference =
             "HetSched's own threshold search, for the problem of Pilla 2022 (section 2, Definition 1)"});
}

}  // namespace hetsched::registry_detail
