// The steady-state family's SolveResult: built from a solution, or read back from stored result JSON.
#pragma once

#include <nlohmann/json.hpp>

#include "io/json_reader.h"

#include "solvers/registry.h"
#include "solvers/steady/steady_solvers.h"

namespace hetsched {

// The result as `hetsched solve` prints it (without the keys the registry adds), its schedule and its
// typed solution (SolveResult::solution, solvers/family_solution.h) with its resource loads.
SolveResult steadySolveResult(const SteadyStateInstance& in, const SteadySolution& solution);

// The family's keys of the result as `hetsched solve` prints it (throughput, lp_throughput, upper_bound, allocations[], patterns[], period), from its typed solution; an
// empty object when it has none. For resultToJson (results/result_io.h), which adds the keys common to every family.
nlohmann::json steadyResultJson(const SteadyStateInstance& in, const SolveResult& result);

// Reads allocations and patterns back; the periodic schedule is rebuilt from them, and the whole is
// verified against the instance (and must reproduce the stored throughput).
Expected<SolveResult> steadyResultFromJson(const SteadyStateInstance& in, const json_detail::JsonNode& storedRoot);

// The same reading, as the solution itself (allocations, patterns and the rebuilt periodic schedule,
// verified): what the pattern decomposition view draws beside the schedule.
Expected<SteadySolution> steadySolutionFromJson(const SteadyStateInstance& in, const json_detail::JsonNode& storedRoot);

}  // namespace hetsched
