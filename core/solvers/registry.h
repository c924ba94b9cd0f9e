// The one table of every solver of every family: names, descriptions, options, and dispatch.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "common/options.h"
#include "common/progress.h"
#include "common/status.h"
#include "model/instance.h"
#include "schedule/schedule.h"

namespace hetsched {

// A solver's options are a typed option table (common/options.h): the same records drive the CLI's
// --option NAME=VALUE, the GUI form and validation. Int, Double and Bool options only, so that the values
// travel as numbers (Bool as 0/1) in SolverOptions and in a result's "options".
using SolverOptions = std::map<std::string, double>;

struct SolverSpec {
    std::string kind;          // the instance kind it solves ("partition")
    std::string name;          // public contract: never renamed
    std::string description;   // one line
    OptionTable options;
    // The class of schedules in which an "optimal" answer of this solver is the best ("FIFO schedules");
    // empty when it is the best of all schedules. Results carry it as "optimal_within".
    std::string optimalWithin;
    // Its answer is a lower bound on the optimum (written as "lower_bound" in its result); the schedule it
    // also returns is a by-product (the bound's relaxation rounded), not its answer. Results carry
    // "answer": "lower_bound", and their objective is the bound.
    bool answerIsBound = false;
    // What its answer is worth, what it costs and where it comes from: the one statement that Help >
    // Algorithms, `hetsched solvers --long` and docs/algorithms.md's solver list show (a test compares them).
    std::string guarantee;   // "optimal", "makespan <= 2(1 + epsilon) OPT", "none: a baseline"
    std::string complexity;  // in the instance's sizes: "O(T^2 n) time, O(T n) memory"
    std::string reference;   // the paper and its section: "Pilla 2022, section 3, Algorithm 1"
};

struct FamilySolution;   // solvers/family_solution.h

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
// Reads "call_status", "best_bound" and "gap" of a stored result (`json`) back (absent keys: derived from
// the status, none). An empty string, or what is wrong with them. For results read back from JSON.
std::string readStatusKeys(SolveResult& result, const nlohmann::json& json);

// Makes `result` (of a solver whose answer is a bound: its bestBound) say so: the flag, the bound as its
// objective and in its schedule's title. For solve() and for results read back from JSON.
void markBoundAnswer(SolveResult& result);

// Every solver, family by family, in a stable order.
const std::vector<SolverSpec>& solverSpecs();
std::vector<SolverSpec> solversForKind(const std::string& kind);
const SolverSpec* findSolver(const std::string& kind, const std::string& name);
std::string defaultSolverFor(const Instance& instance);

// Checks names, types and ranges against the solver's table and fills in defaults: the typed values a
// solver reads (options.integer("max_iterations")), and the same as numbers (as the GUI records them).
Expected<OptionValues> resolveSolverOptions(const SolverSpec& spec, const SolverOptions& given);
Expected<SolverOptions> resolveOptions(const SolverSpec& spec, const SolverOptions& given);
// Typed values as numbers (Int, Double, Bool as 0/1).
SolverOptions solverOptionNumbers(const OptionValues& values);

// Runs a solver (the family default when solverName is empty). Infeasible instances are results
// with status "infeasible", not errors; errors are invalid input, unknown solvers, cancellation
// and solver failures (including a result that fails the family's verification).
Expected<SolveResult> solve(const Instance& instance, const std::string& solverName,
                            const SolverOptions& options = {}, const Progress& progress = {});

}  // namespace hetsched
