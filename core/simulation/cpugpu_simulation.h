// A CPU/GPU schedule replayed on SimGrid: independent tasks, each on its processor in the planned
// order. The platform is generated (m CPU hosts and k GPU hosts, no network); a task runs its planned
// time on its unit (its flops are its time there times the host's speed), so the simulation gives
// back the planned schedule exactly: trivially, since nothing is shared (tested). Aborted runs of
// HeteroPrio's spoliation occupy their processor as planned.
#pragma once

#include "common/expected.h"
#include "common/progress.h"
#include "model/cpugpu.h"
#include "simulation/simulation.h"

namespace hetsched {

Expected<SimulationResult> simulateCpuGpuResult(const CpuGpuInstance& in, const SolveResult& result,
                                                const SimulationOptions& options = {}, const Progress& progress = {});

}  // namespace hetsched
