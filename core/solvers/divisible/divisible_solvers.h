// Solvers of the divisible-load family with return messages (Beaumont, Marchal, Robert,
// "Scheduling divisible loads with return messages on heterogeneous master-worker platforms", 2005).
//
// A scenario is the list of participants in the order of their initial messages (pi) and the order
// sigma of their return messages. For a scenario the master sends back to back from time 0 in the
// order pi, each worker computes as soon as its data has arrived, and the results come back to back,
// as late as possible, ending at the horizon T in the order sigma; the idle time x_i of worker i is
// the gap between the end of its computation and the start of its return.
//
// "optimal" in a result means optimal within the class the solver names (the given scenario for
// scenario-lp, FIFO schedules for fifo-optimal, LIFO for lifo-optimal, every schedule for exhaustive);
// the message says which.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "common/status.h"
#include "model/divisible.h"
#include "schedule/schedule.h"

namespace hetsched {

// The timeline of one participating worker (absolute times, 0 <= ... <= T).
struct DivisibleTimes {
    double sendStart = 0;     // the master starts sending its data
    double sendEnd = 0;       // its data has fully arrived; it computes from here
    double computeEnd = 0;
    double returnStart = 0;   // it starts sending its results back
    double returnEnd = 0;
    double idle = 0;          // x_i = returnStart - computeEnd
};

struct DivisibleSolution {
    SolveStatus status = SolveStatus::Feasible;
    std::string message;                   // how the answer was obtained, in which class it is optimal
    std::vector<std::size_t> sendOrder;    // participants (alpha_i > 0) in the order of their initial messages
    std::vector<std::size_t> returnOrder;  // the same workers in the order sigma of their results
    std::vector<double> alpha;             // alpha_i per worker, input order; 0 when it does not participate
    std::vector<DivisibleTimes> times;     // per worker, input order; meaningful only when alpha_i > 0
    double load = 0;                       // sum alpha_i
    double throughput = 0;                 // rho = load / T
    std::optional<double> upperBound;      // a proven bound on the optimal throughput, where the solver has one
};

// scenario-lp: the linear program of the slides (part 2, "Linear Program for a given scenario") for
// the instance's send_order / return_order, or, when absent, every worker in the listed order with
// FIFO returns: maximise sum alpha_i subject to, for every participant i,
//   sum_{j before i in pi} alpha_j c_j + alpha_i (c_i + w_i) + sum_{j: sigma(j) >= sigma(i)} alpha_j d_j <= T,
// the slack being the idle time x_i. Optimal for the scenario. Solved through core/lp (GLPK) in a
// sparse form with prefix and suffix sums (3p rows, O(p) non-zeros).
Expected<DivisibleSolution> solveDivisibleScenarioLp(const DivisibleInstance& in, const Progress& progress = {});

// The same LP for an explicit scenario (sendOrder and returnOrder list the same workers).
Expected<DivisibleSolution> solveScenarioLp(const DivisibleInstance& in, const std::vector<std::size_t>& sendOrder,
                                            const std::vector<std::size_t>& returnOrder);

// fifo-optimal: the optimal FIFO schedule (sigma = pi). When d_i = z c_i (the theorem of part 3):
// order by non-decreasing c_i + d_i (z <= 1) or non-increasing c_i + d_i (z > 1, by time reversal),
// the first q workers, no idle time; alpha = T u / (1 + d.u) with L u = 1 (A = L + 1 d^T and
// Sherman-Morrison), every prefix evaluated in O(p) in all. O(p log p). Otherwise the theorem does not
// apply: every FIFO order is tried with an LP when p <= 8 (optimal), else the LP of the c + d order
// (status feasible, said in the message).
Expected<DivisibleSolution> solveDivisibleFifoOptimal(const DivisibleInstance& in, const Progress& progress = {});

// lifo-optimal: the optimal LIFO schedule (theorem of part 3): every worker, sends by non-decreasing
// c_i + d_i, returns in the reverse order, no idle time; the no-return closed form on c_i + d_i. O(p log p).
Expected<DivisibleSolution> solveDivisibleLifoOptimal(const DivisibleInstance& in, const Progress& progress = {});

// fifo-by-c / fifo-by-w: the heuristics of the simulations (part 4): every worker, ordered by
// increasing c_i (resp. w_i), FIFO returns, no idle time: A alpha = T 1 by Sherman-Morrison, O(p log p).
// Should that give a worker a non-positive load, the scenario LP of the order picks the loads instead
// (said in the message). No guarantee.
Expected<DivisibleSolution> solveDivisibleFifoByC(const DivisibleInstance& in, const Progress& progress = {});
Expected<DivisibleSolution> solveDivisibleFifoByW(const DivisibleInstance& in, const Progress& progress = {});

// exhaustive: the optimum over every subset and every pair of orders, by branch and bound over the
// send order and then the return order with LP upper bounds (a small dense simplex), seeded with the
// best FIFO and LIFO schedules. Exact; refuses more than kExhaustiveMaxWorkers workers.
constexpr std::size_t kExhaustiveMaxWorkers = 8;
Expected<DivisibleSolution> solveDivisibleExhaustive(const DivisibleInstance& in, const Progress& progress = {});

// no-return: the classic problem without return messages (every d_i = 0; refuses others): workers by
// increasing c_i, all finishing at T: alpha_1 (c_1 + w_1) = T, alpha_{i+1} (c_{i+1} + w_{i+1}) = alpha_i w_i.
// Optimal. O(p log p).
Expected<DivisibleSolution> solveDivisibleNoReturn(const DivisibleInstance& in, const Progress& progress = {});

// A solution from loads and a scenario: participants are the workers with alpha_i > 0 (negative loads
// are clamped to 0), times as described above. If rounding leaves a return starting before its
// computation ends, every load is scaled down by the smallest factor that restores feasibility.
DivisibleSolution makeDivisibleSolution(const DivisibleInstance& in, const std::vector<std::size_t>& sendOrder,
                                        const std::vector<std::size_t>& returnOrder, std::vector<double> alpha,
                                        SolveStatus status, std::string message);

// Violated constraints (empty when valid), with a tolerance of 1e-9 T: negative or non-finite loads,
// durations not alpha_i c_i / w_i / d_i, a computation before the data arrived, a return before the
// computation ended, overlapping sends or returns on the master's ports, anything outside [0, T],
// orders that do not match the participants or the times, load and throughput inconsistent.
std::vector<std::string> verifyDivisible(const DivisibleInstance& in, const DivisibleSolution& solution);

// Lanes "master send" (kind Send), "master receive" (kind Return), then one lane per worker with
// Receive (data arriving), Compute (labelled alpha), Idle and Return; a marker "T" at the horizon.
Schedule divisibleSchedule(const DivisibleInstance& in, const DivisibleSolution& solution);

}  // namespace hetsched
