// Algorithm 1 of Pilla (2022): the dynamic program over resources and task counts.
#include <algorithm>
#include <limits>

#include "solvers/partition/partition_common.h"
#include "solvers/partition/partition_registration.h"

namespace hetsched {

using namespace partition_detail;

Expected<PartitionSolution> solvePartitionDp(const PartitionInstance& in, const Progress& progress) {
    if (std::string reason = partitionInfeasibilityReason(in); !reason.empty()) return infeasibleSolution(reason);

    const std::size_t n = in.resources.size();
    const std::size_t width = static_cast<std::size_t>(in.tasks) + 1;
    const double cells = static_cast<double>(n) * static_cast<double>(width);
    if (cells * sizeof(std::int32_t) > 8.0e9)
        return invalidInput("dp needs " + std::to_string(cells * 4 / 1e9) +
                            " GB for the choice matrix I (n * (T+1) entries); use the threshold solver");

    const std::vector<ResourceChoices> choices = choicesOf(in);
    const bool sum = in.objective == PartitionObjective::TotalCost;
    constexpr double kInf = std::numeric_limits<double>::infinity();

    // K keeps the rows r-1 and r of the paper's matrix; I keeps every row, for the reconstruction.
    std::vector<double> previous(width, kInf);
    std::vector<double> current(width, kInf);
    std::vector<std::int32_t> choice(n * width, -1);

    // Lines 7-9: Z_1(j) = C_1(j).
    for (std::size_t k = 0; k < choices[0].size(); ++k) {
        const auto j = static_cast<std::size_t>(choices[0].count(k));
        previous[j] = choices[0].costs[k];
        choice[j] = static_cast<std::int32_t>(k);
    }

    // Lines 10-19. Eq. (3): Z_r(t) = min_j max(Z_{r-1}(t-j), C_r(j)) (or Z_{r-1}(t-j) + C_r(j)).
    const double workTotal = cells;
    double workDone = static_cast<double>(width);
    for (std::size_t i = 1; i < n; ++i) {
        if (progress.stopRequested()) return cancelledError();
        std::fill(current.begin(), current.end(), kInf);
        std::int32_t* row = choice.data() + i * width;
        const ResourceChoices& c = choices[i];
        for (std::size_t k = 0; k < c.size(); ++k) {
            const auto j = static_cast<std::size_t>(c.count(k));
            const double cost = c.costs[k];
            const auto kk = static_cast<std::int32_t>(k);
            const double* from = previous.data();
            double* to = current.data();
            if (sum) {
                for (std::size_t t = j; t < width; ++t) {
                    const double v = from[t - j] + cost;
                    if (v < to[t]) {
                        to[t] = v;
                        row[t] = kk;
                    }
                }
            } else {
                for (std::size_t t = j; t < width; ++t) {
                    const double v = from[t - j] > cost ? from[t - j] : cost;
                    if (v < to[t]) {
                        to[t] = v;
                        row[t] = kk;
                    }
                }
            }
            if ((k & 63U) == 63U && progress.stopRequested()) return cancelledError();
        }
        previous.swap(current);
        workDone += static_cast<double>(width);
        progress.report(workDone / workTotal, "dynamic program");
    }

    // Line 20: C_max = K[n][T]; lines 21-24: walk back through I.
    if (previous[width - 1] == kInf) return infeasibleSolution("no combination of the admissible task counts sums to T");
    std::vector<std::int64_t> tasks(n, 0);
    std::size_t t = width - 1;
    for (std::size_t i = n; i-- > 0;) {
        const std::int32_t k = choice[i * width + t];
        if (k < 0) return solverError("dp: broken choice matrix at resource " + in.resources[i].name);
        tasks[i] = choices[i].count(static_cast<std::size_t>(k));
        t -= static_cast<std::size_t>(tasks[i]);
    }
    return makeSolution(in, std::move(tasks), SolveStatus::Optimal, "Algorithm 1 (dynamic program)");
}

}  // namespace hetsched

namespace hetsched::registry_detail {

RegisteredSolver partitionDpSolver() {
    return stated(partitionSolver(
                      "dp", "exact: Algorithm 1 of Pilla 2022, dynamic program in O(T * sum(U_i - L_i + 1))",
                      solvePartitionDp),
                  {.guarantee = "optimal for arbitrary costs (Pilla 2022, Lemmas 1-2 and Theorem 1)",
                   .complexity = "O(T sum_i (U_i - L_i + 1)) time, O(T^2 n) at worst; O(T n) memory",
                   .reference = "Pilla 2022, section 3, Algorithm 1 (Eq. 3)"});
}

}  // namespace hetsched::registry_detail
