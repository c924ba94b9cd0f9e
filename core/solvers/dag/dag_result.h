// The dag family's SolveResult: built from a solution, or read back from stored result JSON.
#pragma once

#include <nlohmann/json.hpp>

#include "io/json_reader.h"
#include "io/json_text_writer.h"

#include "solvers/dag/dag_solvers.h"
#include "solvers/registry.h"

namespace hetsched {

// The result as `hetsched solve` prints it (without the keys the registry adds), its schedule and its
// typed solution (SolveResult::solution, solvers/family_solution.h).
SolveResult dagSolveResult(const DagInstance& in, const DagSolution& solution);

// The family's keys of the result as `hetsched solve` prints it (makespan, the power metrics, allocation, tasks[]), from its typed solution; an
// empty object when it has none. For resultToJson (results/result_io.h), which adds the keys common to every family.
nlohmann::json dagResultJson(const DagInstance& in, const SolveResult& result);
// The same keys but "tasks", and the rows of "tasks" written into `w` as the array dagResultJson holds: for a
// writer that streams 100,000 tasks on dozens of processors each (results/result_io.h) instead of building a tree.
nlohmann::json dagResultKeysButTasks(const DagInstance& in, const SolveResult& result);
void writeDagTaskRows(const DagInstance& in, const SolveResult& result, json_detail::JsonTextWriter& w);

// Reads `tasks` of a stored result back (cluster names and processor indices, start, end), checks
// `makespan` against the last end and verifies the whole against the instance.
Expected<SolveResult> dagResultFromJson(const DagInstance& in, const json_detail::JsonNode& storedRoot);

// The placements of a result's `tasks` (and its makespan), verified against the instance as above, and
// the summary of its `allocation` when it has one (the per-task vectors are not stored).
Expected<DagSolution> dagSolutionFromJson(const DagInstance& in, const json_detail::JsonNode& storedRoot);

}  // namespace hetsched
