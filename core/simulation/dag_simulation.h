// A dag schedule replayed on SimGrid, as N'Takpé and Suter (2006, section 5) measured their heuristics:
// each task a parallel task on its processors (Amdahl: every processor computes
// (alpha + (1 - alpha) / p) flops, as SimDag's Amdahl tasks did, so a task alone lasts exactly the
// analytic model's time), each redistribution one parallel transfer between the two processor sets
// (the 1D block redistribution: sender i's block [i D/p, (i+1) D/p) goes to the receivers whose blocks
// overlap it, p + q - 1 flows), ordered by the DAG's edges and, on every processor, by the planned
// order of its tasks. Transfers are not ordered: they share links and contend.
//
// The platform: the instance's SimGrid file when it was imported from one (or the file given), its
// clusters mapped to the hosts they came from; otherwise the cluster-of-clusters of the analytic model
// generated as a SimGrid platform (dagPlatformXml), on which a schedule whose transfers never share a
// gateway or the backbone is simulated to its planned times (tested).
#pragma once

#include <string>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "model/dag.h"
#include "simulation/simulation.h"
#include "solvers/dag/dag_solvers.h"

namespace hetsched {

// The paper's Figure 1 as a SimGrid 4.1 platform: one <cluster> per cluster (its processors as hosts
// "NAME-k" of its speed, each with a SPLITDUPLEX private link of the cluster's bandwidth and half its
// latency to the switch, no loopback), a gateway link per cluster (the backbone's bandwidth, half the
// cluster's latency) and one shared backbone link, routed gateway - backbone - gateway between every
// two clusters. So a transfer alone between p and q processors takes the analytic model's time:
// L + D / (min(p, q) B) inside a cluster, L_s + L_bb + L_d + D / min(p B_s, B_bb, q B_d) between two.
struct GeneratedDagPlatform {
    std::string xml;
    std::vector<std::string> hostOfProcessor;   // per global processor (ProcessorIndex order)
};
GeneratedDagPlatform dagPlatformXml(const DagPlatform& platform);

// The schedules of several solvers on one instance, simulated in one child process (one platform).
// solverNames[i] names solutions[i] in the results.
Expected<std::vector<SimulationResult>> simulateDagSchedules(const DagInstance& in, const std::vector<DagSolution>& solutions,
                                                             const std::vector<std::string>& solverNames,
                                                             const SimulationOptions& options = {},
                                                             const Progress& progress = {});

// A result of `in` (solved, or read back): its typed solution, or the one its JSON gives for a result
// assembled by hand, replayed as simulateDagSchedule does.
Expected<SimulationResult> simulateDagResult(const DagInstance& in, const SolveResult& result,
                                             const SimulationOptions& options = {}, const Progress& progress = {});
Expected<SimulationResult> simulateDagSchedule(const DagInstance& in, const DagSolution& solution,
                                               const std::string& solverName, const SimulationOptions& options = {},
                                               const Progress& progress = {});

}  // namespace hetsched
