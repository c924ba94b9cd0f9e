#include "solvers/registry.h"

#include <chrono>
#include <cmath>
#include <new>

#include "common/number_format.h"
#include "solvers/registry_detail.h"

namespace hetsched {

using registry_detail::RegisteredSolver;

namespace {

// Each family's solvers (solvers/<family>/<family>_registry.cpp), one overload per alternative of Instance.
std::vector<RegisteredSolver> solversOf(std::type_identity<PartitionInstance>) { return registry_detail::partitionSolvers(); }
std::vector<RegisteredSolver> solversOf(std::type_identity<DivisibleInstance>) { return registry_detail::divisibleSolvers(); }
std::vector<RegisteredSolver> solversOf(std::type_identity<CpuGpuInstance>) { return registry_detail::cpugpuSolvers(); }
std::vector<RegisteredSolver> solversOf(std::type_identity<SteadyStateInstance>) { return registry_detail::steadySolvers(); }
std::vector<RegisteredSolver> solversOf(std::type_identity<DagInstance>) { return registry_detail::dagSolvers(); }

// Family by family, in the order of Instance's alternatives.
const std::vector<RegisteredSolver>& registry() {
    static const std::vector<RegisteredSolver> all = [] {
        std::vector<RegisteredSolver> solvers;
        for (std::size_t index = 0; index < kInstanceKinds.size(); ++index)
            for (RegisteredSolver& s : visitInstanceAlternative(index, [](auto alternative) { return solversOf(alternative); })) {
                s.spec.kind = std::string(kInstanceKinds[index]);
                solvers.push_back(std::move(s));
            }
        return solvers;
    }();
    return all;
}

const RegisteredSolver* findRegistered(const std::string& kind, const std::string& name) {
    for (const RegisteredSolver& s : registry())
        if (s.spec.kind == kind && s.spec.name == name) return &s;
    return nullptr;
}

}  // namespace

const std::vector<SolverSpec>& solverSpecs() {
    static const std::vector<SolverSpec> specs = [] {
        std::vector<SolverSpec> all;
        for (const RegisteredSolver& s : registry()) all.push_back(s.spec);
        return all;
    }();
    return specs;
}

std::vector<SolverSpec> solversForKind(const std::string& kind) {
    std::vector<SolverSpec> specs;
    for (const SolverSpec& s : solverSpecs())
        if (s.kind == kind) specs.push_back(s);
    return specs;
}

const SolverSpec* findSolver(const std::string& kind, const std::string& name) {
    const RegisteredSolver* s = findRegistered(kind, name);
    return s ? &s->spec : nullptr;
}

std::string defaultSolverFor(const Instance& instance) {
    const std::string kind = instanceKind(instance);
    for (const RegisteredSolver& s : registry())
        if (s.spec.kind == kind && s.isDefaultFor && s.isDefaultFor(instance)) return s.spec.name;
    return {};
}

Expected<OptionValues> resolveSolverOptions(const SolverSpec& spec, const SolverOptions& given) {
    return resolveOptionNumbers(spec.options, given, "solver " + spec.name);
}

SolverOptions solverOptionNumbers(const OptionValues& values) {
    SolverOptions numbers;
    for (const auto& [name, value] : values.values()) numbers[name] = optionValueNumber(value);
    return numbers;
}

Expected<SolverOptions> resolveOptions(const SolverSpec& spec, const SolverOptions& given) {
    Expected<OptionValues> resolved = resolveSolverOptions(spec, given);
    if (!resolved) return resolved.error();
    return solverOptionNumbers(*resolved);
}

Expected<SolveResult> solve(const Instance& instance, const std::string& solverName, const SolverOptions& options,
                            const Progress& progress) {
    const std::string kind = instanceKind(instance);
    const std::string name = solverName.empty() ? defaultSolverFor(instance) : solverName;
    const RegisteredSolver* solver = findRegistered(kind, name);
    if (!solver) {
        std::string known;
        for (const SolverSpec& s : solversForKind(kind)) known += (known.empty() ? "" : ", ") + s.name;
        return invalidInput("unknown solver '" + name + "' for a " + kind + " instance (known: " + known + ")");
    }
    Expected<OptionValues> resolved = resolveSolverOptions(solver->spec, options);
    if (!resolved) return resolved.error();

    const auto start = std::chrono::steady_clock::now();
    Expected<SolveResult> result = solverError("not run");
    try {
        result = solver->run(instance, *resolved, progress);
    } catch (const std::bad_alloc&) {
        return solverError("solver " + name + " ran out of memory on this instance");
    } catch (const std::exception& e) {
        return solverError("solver " + name + " failed: " + e.what());
    }
    if (!result) return result;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result->kind = kind;
    result->solver = name;
    result->seconds = seconds;
    if (result->status == SolveStatus::Optimal && !solver->spec.optimalWithin.empty())
        result->optimalWithin = solver->spec.optimalWithin;
    if (solver->spec.answerIsBound) markBoundAnswer(*result);
    setStatusKeys(*result);
    return result;
}

}  // namespace hetsched
