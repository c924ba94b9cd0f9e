// A divisible-load schedule replayed on SimGrid: the master's one-port sends and returns on a star.
//
// The star is generated: the master and one host per worker (speed S / w_i flop/s), a link to each
// worker (S / c_i bytes/s) and one back (S / d_i), latency 0, so that alpha_i units of load are S alpha_i
// bytes sent in alpha_i c_i, S alpha_i flops computed in alpha_i w_i and S alpha_i bytes returned in
// alpha_i d_i: the linear model of the slides exactly (S, the bytes and flops of one unit, only keeps
// SimGrid's rates far above its precision). The sends go back to back in the send order (the master's
// one send port), each worker computes once its data has arrived, the returns go back to back in the
// return order (its one receive port), each after its worker's computation. Nothing waits for a
// planned time: a scenario without idle time (fifo-optimal, lifo-optimal, the heuristics, no-return)
// is simulated to its planned times and its throughput (tested to 1e-6); with idle time (scenario-lp,
// exhaustive) the returns come as soon as they can, the last no later than the horizon.
#pragma once

#include "common/expected.h"
#include "common/progress.h"
#include "model/divisible.h"
#include "simulation/simulation.h"

namespace hetsched {

// `result` is a divisible result as solve returns it (or read back by resultFromJson): its send and
// return orders, loads and times. familyKeys: "load", "planned_throughput" (the result's rho),
// "simulated_throughput" (load / simulated makespan).
Expected<SimulationResult> simulateDivisibleResult(const DivisibleInstance& in, const SolveResult& result,
                                                   const SimulationOptions& options = {}, const Progress& progress = {});

}  // namespace hetsched
