// How a family plugs its solvers into the registry (not part of the public API).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "solvers/registry.h"

namespace hetsched::registry_detail {

// Runs one solver (its options resolved against its table) and fills everything of the SolveResult but `seconds`, `kind` and `solver`.
using SolverFunction = std::function<Expected<SolveResult>(const Instance&, const OptionValues&, const Progress&)>;

struct RegisteredSolver {
    SolverSpec spec;
    SolverFunction run;
    bool (*isDefaultFor)(const Instance&) = nullptr;   // the family default for this instance
};

// A solver's entry states its guarantee, complexity and source beside its algorithm:
//   return stated(partitionSolver("dp", ...), {.guarantee = "...", .complexity = "...", .reference = "..."});
struct SolverStatement {
    std::string guarantee;
    std::string complexity;
    std::string reference;
};
inline RegisteredSolver stated(RegisteredSolver solver, SolverStatement statement) {
    solver.spec.guarantee = std::move(statement.guarantee);
    solver.spec.complexity = std::move(statement.complexity);
    solver.spec.reference = std::move(statement.reference);
    return solver;
}

// A spec from what every family's wrapper knows (its guarantee, complexity and source are stated by the entry).
inline SolverSpec solverSpec(std::string kind, std::string name, std::string description, OptionTable options = {},
                             std::string optimalWithin = {}, bool answerIsBound = false) {
    SolverSpec spec;
    spec.kind = std::move(kind);
    spec.name = std::move(name);
    spec.description = std::move(description);
    spec.options = std::move(options);
    spec.optimalWithin = std::move(optimalWithin);
    spec.answerIsBound = answerIsBound;
    return spec;
}

// The one recipe of every family's solver entry: the instance checked (a problem is invalid input), the
// solver run, its solution completed where the family adds to it, verified (a violated constraint is a solver
// error, never a result), and turned into the family's SolveResult. A family gives its parts as a
// specialisation of SolverFamily<In> in its <family>_registry.cpp:
//   using Solution = ...;                                                // the family's typed solution
//   static std::optional<std::string> instanceProblem(const In&);       // why no solver can run on it
//   static void complete(const In&, Solution&);                         // what the family adds (may do nothing)
//   static std::vector<std::string> verify(const In&, const Solution&);
//   static SolveResult result(const In&, const Solution&);
//   static constexpr const char* kInvalid;                              // "an invalid schedule"
// SolverFamilyDefaults gives the parts most families share (a schedule; nothing added after the solver): a
// family's specialisation derives from it and states only what differs (a member of its own hides the default).
template <class In>
struct SolverFamily;

template <class In, class S>
struct SolverFamilyDefaults {
    using Solution = S;
    static constexpr const char* kInvalid = "an invalid schedule";
    static void complete(const In&, S&) {}
};

template <class In>
using FamilySolverFunction = std::function<Expected<typename SolverFamily<In>::Solution>(
    const In&, const OptionValues&, const Progress&)>;

template <class In>
RegisteredSolver familySolver(SolverSpec spec, FamilySolverFunction<In> run, bool (*isDefault)(const Instance&)) {
    using Family = SolverFamily<In>;
    RegisteredSolver s;
    s.isDefaultFor = isDefault;
    s.run = [run = std::move(run), name = spec.name](const Instance& instance, const OptionValues& options,
                                                     const Progress& progress) -> Expected<SolveResult> {
        const In& in = std::get<In>(instance);
        if (std::optional<std::string> problem = Family::instanceProblem(in)) return invalidInput(*problem);
        Expected<typename Family::Solution> solution = run(in, options, progress);
        if (!solution) return solution.error();
        Family::complete(in, *solution);
        if (std::vector<std::string> problems = Family::verify(in, *solution); !problems.empty())
            return solverError("solver " + name + " produced " + Family::kInvalid + ": " + problems.front());
        return Family::result(in, *solution);
    };
    s.spec = std::move(spec);
    return s;
}

// A family's registry file lists its solvers as one X-macro line each, in their listed order (the first whose
// default rule holds is the family default, and `hetsched solvers` shows them in that order):
//   #define PARTITION_SOLVERS(X) X(partitionThresholdSolver) X(partitionDpSolver) ...
// (written one X(...) a line, each line ending in a backslash).
// Each entry is defined in its solver's own file; HETSCHED_DECLARE_SOLVER declares it, HETSCHED_LIST_SOLVER
// calls it inside the family's braced list.
#define HETSCHED_DECLARE_SOLVER(entry) RegisteredSolver entry();
#define HETSCHED_LIST_SOLVER(entry) entry(),

// One function per family, called once when the registry is built (solvers/registry.cpp, one overload per
// alternative of Instance); the registry fills in each spec's kind from model/instance.h's kInstanceKinds.
std::vector<RegisteredSolver> partitionSolvers();
std::vector<RegisteredSolver> divisibleSolvers();
std::vector<RegisteredSolver> steadySolvers();
std::vector<RegisteredSolver> dagSolvers();
std::vector<RegisteredSolver> cpugpuSolvers();

}  // namespace hetsched::registry_detail
