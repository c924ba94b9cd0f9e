// The CPU/GPU family's SolveResult: built from a solution, or read back from stored result JSON.
#pragma once

#include <nlohmann/json.hpp>

#include "io/json_reader.h"

#include "io/json_text_writer.h"
#include "solvers/cpugpu/cpugpu_solvers.h"
#include "solvers/registry.h"

namespace hetsched {

// The result of a solution: its objective, status, schedule and typed solution (SolveResult::solution,
// solvers/family_solution.h).
SolveResult cpuGpuSolveResult(const CpuGpuInstance& in, const CpuGpuSolution& solution);

// The family's keys of the result as `hetsched solve` prints it (makespan, lower_bound, gap, lambda,
// guarantee, tasks[], aborted[]), from its typed solution; an empty object when it has none. For
// resultToJson (results/result_io.h), which adds the keys common to every family.
nlohmann::json cpuGpuResultJson(const CpuGpuInstance& in, const SolveResult& result);
// The same keys but the rows of "tasks", and those rows written into `w` as the array cpuGpuResultJson holds:
// for a writer that streams a million rows (results/result_io.h's resultText) instead of building their tree.
nlohmann::json cpuGpuResultKeysButTasks(const CpuGpuInstance& in, const SolveResult& result);
void writeCpuGpuTaskRows(const CpuGpuInstance& in, const SolveResult& result, json_detail::JsonTextWriter& w);

// Reads the family's keys of a stored result (makespan, lower_bound, lambda, guarantee, tasks[],
// aborted[]) back and verifies the schedule against the instance (task names in input order, times
// matching the instance, no overlap).
Expected<SolveResult> cpuGpuResultFromJson(const CpuGpuInstance& in, const json_detail::JsonNode& storedRoot);

}  // namespace hetsched
