// The divisible family's SolveResult: built from a solution, or read back from stored result JSON.
#pragma once

#include <nlohmann/json.hpp>

#include "io/json_reader.h"

#include "solvers/divisible/divisible_solvers.h"
#include "solvers/registry.h"

namespace hetsched {

// The result as `hetsched solve` prints it (without the keys the registry adds), its schedule and its
// typed solution (SolveResult::solution, solvers/family_solution.h).
SolveResult divisibleSolveResult(const DivisibleInstance& in, const DivisibleSolution& solution);

// The family's keys of the result as `hetsched solve` prints it (throughput, load, send_order, return_order, workers[]), from its typed solution; an
// empty object when it has none. For resultToJson (results/result_io.h), which adds the keys common to every family.
nlohmann::json divisibleResultJson(const DivisibleInstance& in, const SolveResult& result);

// Reads the family's keys of a stored result (send_order, return_order, workers[].alpha) back; the
// times are recomputed from the loads and the scenario, and the whole is verified against the instance.
Expected<SolveResult> divisibleResultFromJson(const DivisibleInstance& in, const json_detail::JsonNode& storedRoot);

}  // namespace hetsched
