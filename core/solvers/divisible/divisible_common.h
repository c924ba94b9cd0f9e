// Pieces shared by the divisible-load solvers (not part of the public API).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "solvers/divisible/divisible_solvers.h"

namespace hetsched::divisible_detail {

// A packing LP small enough for a dense tableau: maximise objective.x subject to A x <= 1, x >= 0,
// with A >= 0 and every column having a positive entry (so it is bounded and x = 0 is feasible).
// Used by `exhaustive` and by the exact FIFO search, where millions of LPs of at most 9 rows and
// 8 columns make GLPK's per-call set-up the dominant cost; validated against core/lp in the tests.
class DensePackingLp {
public:
    static constexpr int kMaxRows = 10;
    static constexpr int kMaxColumns = 8;

    DensePackingLp(int rows, int columns) : m_rows(rows), m_columns(columns) {}
    double& at(int row, int column) { return m_a[row][column]; }
    void setObjective(int column, double value) { m_objective[column] = value; }
    // Returns the optimal value; x (when given) receives the optimal point.
    double solve(double* x = nullptr);

private:
    int m_rows;
    int m_columns;
    std::array<std::array<double, kMaxColumns>, kMaxRows> m_a{};
    std::array<double, kMaxColumns> m_objective{};
};

// The scenario LP of a full pair of orders (every worker in sendOrder and returnOrder), normalised:
// x_j = alpha_j s_j / T with s_j = c_j + w_j + d_j. Returns the throughput sum alpha_j / T and fills
// alpha (scaled to the instance's horizon) when given. At most kMaxColumns workers.
double denseScenarioThroughput(const DivisibleInstance& in, const std::vector<std::size_t>& sendOrder,
                               const std::vector<std::size_t>& returnOrder, std::vector<double>* alpha = nullptr);

// Loads of the classic no-return closed form for workers in `order` with communication costs c
// (indexed by worker): all finish at T, alpha_1 (c_1 + w_1) = T, alpha_{k+1} (c + w)_{k+1} = alpha_k w_k.
std::vector<double> noReturnLoads(const DivisibleInstance& in, const std::vector<std::size_t>& order,
                                  const std::vector<double>& c);

// The FIFO schedules without idle time on the prefixes of `order` (Sherman-Morrison on A = L + 1 d^T):
// throughput[q-1] of the first q workers (valid[q-1] false once some u_i <= 0), computed in O(p).
// With swapped = true, c and d exchange roles (the time-reversed platform).
struct FifoPrefixes {
    std::vector<double> u;            // L u = 1, in order positions
    std::vector<double> throughput;   // S_q / (1 + D_q)
    std::size_t validCount = 0;       // prefixes 1..validCount have every u_i > 0
    std::size_t best = 0;             // q of the best valid prefix (0 when none)
};
FifoPrefixes fifoPrefixes(const DivisibleInstance& in, const std::vector<std::size_t>& order, bool swapped);

// Every pair of orders of all workers handled by exhaustive and the exact FIFO search.
std::vector<std::size_t> identityOrder(std::size_t n);

}  // namespace hetsched::divisible_detail

namespace hetsched::divisible_detail {
// The scenario LP (core/lp) of a FIFO order, with the status and message given.
Expected<DivisibleSolution> fifoLpInOrder(const DivisibleInstance& in, const std::vector<std::size_t>& order,
                                          SolveStatus status, const std::string& message);
}  // namespace hetsched::divisible_detail
