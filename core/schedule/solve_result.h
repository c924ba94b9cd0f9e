// What a solve answers, whatever the family: the status, the objective and its bound, the schedule the views draw
// and the family's typed solution. Below the file formats (io/result_io.h writes and reads it) and the solvers
// (solvers/registry.h runs them into one).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/status.h"
#include "schedule/schedule.h"

namespace hetsched {

struct FamilySolution;   // solvers/family_solution.h: each family's typed solution

struct SolveResult {
    std::string kind;
    std::string solver;
    SolveStatus status = SolveStatus::Feasible;   // the answer (common/status.h)
    CallStatus callStatus = CallStatus::Ok;       // Warning with time_limit and cancelled: the best found, early
    std::optional<double> bestBound;    // the best proven bound on the optimum where the solver has one
    std::optional<double> gap;          // relativeGap(objective, bestBound) when both exist (solve() sets it)
    std::string message;                // reason when infeasible, notes otherwise
    std::string optimalWithin;          // with status optimal: the class it is optimal in (SolverSpec), else empty
    bool answerIsBound = false;         // the objective is a lower bound, the schedule a by-product (SolverSpec)
    double seconds = 0;                 // wall-clock time of the solve
    std::string objectiveName;          // "makespan", "total_cost", "throughput", ...
    std::optional<double> objective;    // absent when infeasible
    std::string objectiveUnit;          // "s" for a dag makespan; empty when the instance has no units
    Schedule schedule;                  // what the views draw
    // The family's typed solution (solvers/family_solution.h: solutionOf<SteadySolution>(result), ...), set
    // by the family's result builder for fresh solves and results read back alike; null only for results no
    // family built (a simulation's replay). What views, editors, simulations and experiments read. JSON is
    // only the file format, written at the edges by resultToJson and read by resultFromJson (io/result_io.h).
    std::shared_ptr<const FamilySolution> solution;
};

// The status as a person reads it: "optimal among FIFO schedules" where the solver's optimum holds in a
// class only, "lower bound" (", tight" when its schedule meets it) for a bound, "time limit, gap 3.2 %" and
// "cancelled, best found, gap 3.2 %" (without the gap when there is no bound) for an answer stopped early,
// else the status's name ("optimal", "feasible", "infeasible").
std::string solveStatusText(const SolveResult& result);

// Fills callStatus, and gap from objective and bestBound (not for a bound answer, whose objective is the
// bound). For solve().
void setStatusKeys(SolveResult& result);

// Makes `result` (of a solver whose answer is a bound: its bestBound) say so: the flag, the bound as its
// objective and in its schedule's title. For solve() and for results read back from JSON.
void markBoundAnswer(SolveResult& result);

}  // namespace hetsched
