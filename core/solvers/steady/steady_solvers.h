// Solvers of the steady-state family (Beaumont and Marchal, "Steady-state scheduling", chapter 8):
// the optimal throughput rho, a weighted set of allocations (where each task or message goes),
// a weighted set of valid patterns (which operations run together) satisfying (8.1) and (8.2), and
// the weak periodic schedule of 8.4.2 built from them.
//
// Resources are numbered arcs first (steadyArcs order), then processors: resource E + u is P_u.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "common/status.h"
#include "model/steady_state.h"
#include "schedule/schedule.h"

namespace hetsched {

// The operations of one instance (section 8.2.2): data (or the broadcast message), comp, result.
enum class SteadyOperation { Data, Compute, Result };

// Definition 8.1. Bag of tasks: a path source -> processor for the data, the computing processor, a
// path processor -> source for the result (empty when it computes on the source or delta_result = 0).
// Broadcast / multicast: `dataArcs` is a tree rooted at the source spanning the destinations.
struct SteadyAllocation {
    double weight = 0;                     // x_a, instances per time unit
    std::string exactWeight;               // "p/q" when the periodic schedule is exact
    std::vector<std::size_t> dataArcs;     // arc indices (in path order for a bag of tasks)
    std::optional<std::size_t> processor;  // bag of tasks only
    std::vector<std::size_t> resultArcs;
};

// Definition 8.2: arcs that may be active together under the model, plus computing processors.
struct SteadyPattern {
    double duration = 0;                   // y_p, fraction of the time it is used
    std::string exactDuration;             // "p/q" when exact
    std::vector<std::size_t> arcs;
    std::vector<std::size_t> processors;
};

// One piece of the weak periodic schedule: resource r performs `count` operations `operation` of
// allocation `allocation` inside pattern `pattern`, back to back over [start, end].
struct SteadyPlacement {
    std::size_t resource = 0;
    std::size_t pattern = 0;
    std::size_t allocation = 0;
    SteadyOperation operation = SteadyOperation::Data;
    double count = 0;
    double start = 0;
    double end = 0;
};

// Section 8.4.2: K instances in a period of length T; pattern p occupies
// [T sum_{q<p} y_q, T sum_{q<=p} y_q].
struct SteadyPeriodicSchedule {
    bool exact = false;          // T, K and every count are exact integers (else T = 1 and counts are rates)
    double period = 1;           // T
    double tasksPerPeriod = 0;   // K = T rho
    std::vector<double> patternStart;   // one per pattern, plus the end of the last one
    std::vector<SteadyPlacement> placements;
};

struct SteadySolution {
    SolveStatus status = SolveStatus::Optimal;
    std::string message;
    double throughput = 0;                 // rho = sum x_a
    std::string exactThroughput;           // "p/q" when exact
    double lpThroughput = 0;               // the LP optimum the solution was built from
    std::optional<double> upperBound;      // multicast: an upper bound on the optimal throughput
    std::vector<SteadyAllocation> allocations;
    std::vector<SteadyPattern> patterns;
    SteadyPeriodicSchedule periodic;
    // steadyResourceLoads: the busy fraction of every resource (arcs in steadyArcs order, then processors).
    // Set by the result builder (steadySolveResult) for the result's typed solution; empty straight from
    // a solver.
    std::vector<double> resourceLoads;
};

// lp: the compact LPs of section 8.6 through core/lp, for the bidirectional one-port and bounded
// multi-port models. Bag of tasks: LP (8.6) with the per-worker commodities of one source
// aggregated (a single-source flow decomposes into the paths of 8.6.3, so the optimum is the same):
// a data flow out of the source, a result flow into it, alpha_u consumed/produced at each P_u, port
// (or link) occupation <= 1, alpha_u w / s_u <= 1. 2|E| + |V| variables. Broadcast: one flow of value
// rho per destination, n_e >= every flow on e, occupation of n_e <= 1 per port (after [5]);
// |V||E| variables. Optimal (GLPK simplex, then glp_exact on the optimal basis). Allocations: the
// flows decomposed into paths (bag of tasks) or the capacities n_e packed into arborescences by
// column generation (broadcast, Edmonds' branching theorem); patterns: decomposeIntoMatchings.
Expected<SteadySolution> solveSteadyLp(const SteadyStateInstance& in, const Progress& progress = {});

// column-generation: LP (8.3) over allocations and valid patterns by delayed column generation
// with the separation oracles of 8.5.3: shortest paths (bag of tasks), minimum arborescences
// (broadcast, Chu-Liu/Edmonds), minimum Steiner arborescences (multicast: exact by Dreyfus-Wagner for
// at most `exactSteinerTargets` targets, else a shortest-path heuristic and the status feasible with an
// upper bound from the duals), maximum weight matchings in G_B (bidirectional, Hungarian method) or
// in G (unidirectional, Boost's maximum_weighted_matching), every resource (multi-port). Optimal
// whenever the pricing is exact. `maxIterations` bounds the rounds: reached before convergence, the
// restricted master's solution is the answer with status time_limit (and the duals' bound where one is
// known). Cancelled once a master LP was solved: that solution, status cancelled (before: the error).
// The defaults of its options (written here once: the registry's option table reads them).
inline constexpr int kSteadyDefaultMaxIterations = 5000;
inline constexpr int kSteadyDefaultExactSteinerTargets = 10;
Expected<SteadySolution> solveSteadyColumnGeneration(const SteadyStateInstance& in,
                                                     int maxIterations = kSteadyDefaultMaxIterations,
                                                     const Progress& progress = {},
                                                     int exactSteinerTargets = kSteadyDefaultExactSteinerTargets);

// The lightest arborescence rooted at `root` reaching every terminal (a directed Steiner tree) under
// non-negative arc weights, exactly, by the Dreyfus-Wagner programme over subsets of terminals:
// O(3^k n + 2^k (m + n log n)) time and O(2^k n) memory for k terminals. Its arcs, sorted; empty when
// a terminal is out of reach (or there is none).
std::vector<std::size_t> minimumSteinerArborescence(std::size_t nodeCount, const std::vector<SteadyArc>& arcs,
                                                    std::size_t root, const std::vector<std::size_t>& terminals,
                                                    const std::vector<double>& weight);

// The occupation (per instance, time units) of every resource by one unit of the allocation:
// (resource, operation, delta_o / s_r) triples.
struct SteadyUse {
    std::size_t resource = 0;
    SteadyOperation operation = SteadyOperation::Data;
    double timePerInstance = 0;
};
std::vector<SteadyUse> allocationUses(const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs,
                                      const SteadyAllocation& allocation);

// The left side of (8.1) for every resource (arcs, then processors): the fraction of each time unit
// it is busy, sum_a x_a sum_{o: r in A(o)} delta_o / s_r.
std::vector<double> steadyResourceLoads(const SteadyStateInstance& in, const SteadySolution& solution);

// From weighted allocations (patterns empty: built here by the weighted edge colouring of G_B, or
// one all-resource pattern for the multi-port model; else the given patterns) to a complete
// solution: weights and durations recovered as exact rationals (continued fractions, checked
// exactly against (8.1) and (8.2); scaled down by the smallest exact factor if rounding
// overflowed a resource), the patterns' processors, and the weak periodic schedule with T the lcm of
// the denominators. When the rationals overflow 64 bits, the same construction in floating point
// with T = 1 (exact = false). Fails only on inconsistent input (a pattern that is not valid).
Expected<SteadySolution> completeSteadySolution(const SteadyStateInstance& in, SteadySolution solution,
                                                bool keepGivenPatterns);

// Corollary 20.1a of Schrijver used in 8.6.2: the occupation times t_e of the arcs (out-port of the
// tail, in-port of the head) as at most |E| + 2|V| weighted matchings of G_B whose weights sum to
// the maximum port load. Each returned pattern lists arcs (processors empty). Works on doubles with
// a tolerance; the solvers use the exact version inside completeSteadySolution.
std::vector<SteadyPattern> decomposeIntoMatchings(std::size_t nodeCount, const std::vector<SteadyArc>& arcs,
                                                  const std::vector<double>& occupation);

// Violated constraints (empty when valid), tolerance 1e-9: allocations of the wrong shape, negative
// weights, throughput != sum x_a; (8.1) on every resource; (8.2); a pattern that is not a matching
// of G_B (bidirectional) or of G (unidirectional) or uses a non-computing processor; in the periodic
// schedule a placement outside its pattern's interval or on a resource not in it, two placements
// overlapping on a resource, counts that do not add up to T x_a (integers when exact), K != T rho.
std::vector<std::string> verifySteady(const SteadyStateInstance& in, const SteadySolution& solution);

// One period: lanes per port ("P send"/"P receive" bidirectional, "P port" unidirectional, one per
// link for multi-port) and per computing processor; every interval's group is its pattern "pi3".
Schedule steadySchedule(const SteadyStateInstance& in, const SteadySolution& solution);

}  // namespace hetsched
