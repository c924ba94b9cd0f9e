// Solvers of the partition family (Pilla 2022, "Optimal workload scheduling ... based on dynamic programming").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "common/status.h"
#include "model/partition.h"
#include "schedule/schedule.h"

namespace hetsched {

struct PartitionSolution {
    SolveStatus status = SolveStatus::Infeasible;
    std::string message;                // why infeasible, or how the answer was obtained
    std::vector<std::int64_t> tasks;    // x_i in input order (empty when infeasible)
    std::vector<double> costs;          // C_i(x_i)
    double makespan = 0;                // max C_i(x_i)
    double totalCost = 0;               // sum C_i(x_i)

    double objective(PartitionObjective objective) const {
        return objective == PartitionObjective::Makespan ? makespan : totalCost;
    }
};

// Algorithm 1 of the paper as written: matrices K (minimal costs) and I (choices), Eq. (3)
// Z_r(t) = min_j max(Z_{r-1}(t-j), C_r(j)), or with + instead of max for the total cost.
// Exact for arbitrary costs. Time O(T * sum_i (U_i - L_i + 1)), memory O(T n).
Expected<PartitionSolution> solvePartitionDp(const PartitionInstance& in, const Progress& progress = {});

// Exact and much faster than the DP. Makespan: search over the candidate values theta of the costs,
// testing "T in S_1(theta) + ... + S_n(theta)" where S_i(theta) = {x admissible : C_i(x) <= theta},
// with sumsets kept as interval lists (bitsets when fragmented); O(n log U) tests when costs are
// monotone. Total cost: marginal-cost greedy when every cost is convex on a contiguous range, else the DP.
Expected<PartitionSolution> solvePartitionThreshold(const PartitionInstance& in, const Progress& progress = {});

// OLAR (Pilla, IPDPS 2021): start from L_i and give each next task to the resource whose cost after
// it is smallest. Optimal for the makespan when every C_i is non-decreasing on a contiguous range;
// refuses other instances with a message. O(n + T log n).
Expected<PartitionSolution> solvePartitionOlar(const PartitionInstance& in, const Progress& progress = {});

// The naive baseline: x_i proportional to resource i's speed (tasks per unit of cost at a reference
// count), rounded and then repaired to reach exactly T within the limits. A feasible answer, no guarantee.
Expected<PartitionSolution> solvePartitionProportional(const PartitionInstance& in, const Progress& progress = {});

// Why the instance has no solution, when one of the certificates applies (sum L_i > T, sum U_i < T,
// or no combination of admissible counts sums to T, by an exact sumset); empty when it has one.
std::string partitionInfeasibilityReason(const PartitionInstance& in);

// Violated constraints of a solution (sum = T, limits, admissible counts, costs and objective
// consistent); empty when the solution is valid. An infeasible solution is checked for emptiness only.
std::vector<std::string> verifyPartition(const PartitionInstance& in, const PartitionSolution& solution);

// One lane per resource with a bar of length C_i(x_i) labelled x_i, and the makespan marked.
Schedule partitionSchedule(const PartitionInstance& in, const PartitionSolution& solution);

}  // namespace hetsched
