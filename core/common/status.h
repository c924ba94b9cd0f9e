// What the answer of a solve is, separate from whether the call worked (see Expected).
#pragma once

#include <optional>
#include <string>

namespace hetsched {

// Values reach JSON by name; only ever append.
enum class SolveStatus { Optimal, Feasible, Infeasible, TimeLimit, Cancelled };

const char* solveStatusName(SolveStatus status);   // "optimal", "feasible", "infeasible", "time_limit", "cancelled"
std::optional<SolveStatus> solveStatusFromName(const std::string& name);

}  // namespace hetsched
