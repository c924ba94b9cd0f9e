// The partition family's SolveResult: built from a solution, or read back from stored result JSON.
#pragma once

#include <nlohmann/json.hpp>

#include "io/json_reader.h"

#include "solvers/partition/partition_solvers.h"
#include "solvers/registry.h"

namespace hetsched {

// The result as `hetsched solve` prints it (without the keys the registry adds), its schedule and its
// typed solution (SolveResult::solution, solvers/family_solution.h).
SolveResult partitionSolveResult(const PartitionInstance& in, const PartitionSolution& solution);

// The family's keys of the result as `hetsched solve` prints it (objective, makespan, total_cost, assignment[]), from its typed solution; an
// empty object when it has none. For resultToJson (results/result_io.h), which adds the keys common to every family.
nlohmann::json partitionResultJson(const PartitionInstance& in, const SolveResult& result);

// Reads the family's keys of a stored result ("assignment") back; the counts are checked against the
// instance (same resources, admissible counts summing to T) and the costs recomputed from them.
Expected<SolveResult> partitionResultFromJson(const PartitionInstance& in, const json_detail::JsonNode& storedRoot);

}  // namespace hetsched
