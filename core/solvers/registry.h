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
#include "schedule/solve_result.h"

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
