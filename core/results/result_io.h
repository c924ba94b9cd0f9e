// Results as files: written as `hetsched solve` prints them (and as projects keep them), and read back into
// SolveResults with their schedules, checked against the instance they were computed on. The one place where
// a SolveResult meets JSON: solvers, views, simulations and experiments read the typed result.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "io/json_reader.h"
#include "model/instance.h"
#include "schedule/solve_result.h"

namespace hetsched {

// A stored result (a result file, a project's run) read back against the instance it was computed on, checked by
// the family's verifier; an InvalidInput error names the JSON path of what is wrong.
Expected<SolveResult> resultFromJson(const Instance& instance, const nlohmann::json& json);
Expected<SolveResult> resultFromNode(const Instance& instance, const json_detail::JsonNode& root);
// From the file's text: parsed by simdjson (a result of a million tasks in a fraction of a second, no tree), or by
// nlohmann when simdjson refuses the text, whose message says what is wrong.
Expected<SolveResult> resultFromText(const Instance& instance, std::string_view text);

// The result as `hetsched solve` prints it: the family's keys from its typed solution (none when it has
// no solution), then kind, solver, status, seconds, message, optimal_within, answer, call_status, and
// best_bound and gap where the solver proved a bound. `instance` is the one it was computed on.
nlohmann::json resultToJson(const Instance& instance, const SolveResult& result);
// The text of resultToJson(instance, result).dump(2), byte for byte; a CPU/GPU result's rows are streamed
// (no tree of a million tasks). What `hetsched solve` writes.
std::string resultText(const Instance& instance, const SolveResult& result);
// The same text handed to `sink` in pieces of about a megabyte, so that a result of a million tasks is never held
// whole (`hetsched solve` writes it straight to its file or to standard output).
void writeResultText(const Instance& instance, const SolveResult& result,
                     const std::function<void(std::string_view)>& sink);

}  // namespace hetsched
