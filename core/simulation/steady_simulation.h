// A steady-state schedule replayed on SimGrid: k periods of its weak periodic schedule (section 8.4.2).
//
// The platform is generated: a host per node (its speed) and, per directed link of G, a SimGrid link
// of its bandwidth between two port hosts of its own (so that every arc is its own route, as in the
// model where a bidirectional link is two arcs of full bandwidth). In each period, pattern after
// pattern, every placement of the periodic schedule is an activity: count x delta_o bytes over its
// arc, or count x w_comp flops on its processor; the placements of one resource in a pattern go back
// to back, and a pattern starts once the previous one has ended. A placement alone takes exactly its
// planned length (count delta_o / s_r), and the placements of one pattern use distinct resources (a
// matching under the one-port models), so a period never takes longer than T; it takes less when
// no resource fills a pattern's whole interval, the simulation starting the next pattern at once.
// Precedences between the operations of one task (data before comp before result) are those of the
// cyclic schedule across periods, not replayed here: each period's operations are independent.
#pragma once

#include "common/expected.h"
#include "common/progress.h"
#include "model/steady_state.h"
#include "simulation/simulation.h"

namespace hetsched {

// familyKeys: "periods" k, "period" T, "tasks_per_period" K, "planned_throughput" rho,
// "simulated_throughput" k K / simulated makespan.
Expected<SimulationResult> simulateSteadyResult(const SteadyStateInstance& in, const SolveResult& result,
                                                const SimulationOptions& options = {}, const Progress& progress = {});

}  // namespace hetsched
