#include "solvers/registry.h"

#include <chrono>
#include <cmath>
#include <new>

#include "common/number_format.h"
#include "family/family.h"
#include "solvers/registry_detail.h"

namespace hetsched {

using registry_detail::RegisteredSolver;

namespace {

const std::vector<RegisteredSolver>& registry() {
    static const std::vector<RegisteredSolver> all = [] {
        std::vector<RegisteredSolver> solvers;
        for (const FamilyDescriptor& family : families())
            for (RegisteredSolver& s : family.solvers()) {
                s.spec.kind = family.kind;
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

void setStatusKeys(SolveResult& result) {
    result.callStatus = callStatusOf(result.status);
    if (result.answerIsBound || result.status == SolveStatus::Infeasible || !result.objective ||
        !result.bestBound || !std::isfinite(*result.bestBound)) {
        result.gap.reset();
        if (result.answerIsBound) result.bestBound.reset();
        return;
    }
    result.gap = relativeGap(*result.objective, *result.bestBound);
}

std::string readStatusKeys(SolveResult& result, const nlohmann::json& json) {
    result.callStatus = callStatusOf(result.status);
    if (const auto it = json.find("call_status"); it != json.end()) {
        const std::optional<CallStatus> call = it->is_string() ? callStatusFromName(it->get<std::string>()) : std::nullopt;
        if (!call || *call == CallStatus::Error)
            return "\"call_status\" must be \"ok\" or \"warning\" in a result, got " + it->dump();
        result.callStatus = *call;
    }
    auto number = [&](const char* key, double lo, double hi, std::optional<double>& into) -> std::string {
        const auto it = json.find(key);
        if (it == json.end()) return {};
        if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < lo || it->get<double>() > hi)
            return std::string("\"") + key + "\" must be a number in [" + formatSignificant(lo) + ", " +
                   formatSignificant(hi) + "], got " + it->dump();
        into = it->get<double>();
        return {};
    };
    if (result.answerIsBound) {   // its "gap" is the family's (schedule against bound), as solve() leaves it
        result.bestBound.reset();
        result.gap.reset();
        return {};
    }
    if (std::string problem = number("best_bound", -1e300, 1e300, result.bestBound); !problem.empty()) return problem;
    if (std::string problem = number("gap", 0, 1e300, result.gap); !problem.empty()) return problem;
    if (!result.gap && result.bestBound && result.objective && result.status != SolveStatus::Infeasible)
        result.gap = relativeGap(*result.objective, *result.bestBound);
    return {};
}

void markBoundAnswer(SolveResult& result) {
    if (!result.bestBound) return;
    result.answerIsBound = true;
    result.objectiveName = "lower_bound";
    result.objective = *result.bestBound;
    result.schedule.title = "Lower bound " + formatSignificant(*result.objective) +
                            " · the schedule drawn is its relaxation rounded" +
                            (result.schedule.title.empty() ? "" : ": " + result.schedule.title);
}

std::string solveStatusText(const SolveResult& result) {
    if (result.answerIsBound)
        return result.status == SolveStatus::Optimal ? "lower bound, tight (its schedule meets it)" : "lower bound";
    const std::string gap =
        result.gap ? ", gap " + formatSignificant(100 * *result.gap, 2) + " %" : std::string();
    switch (result.status) {
    case SolveStatus::TimeLimit:
        return "time limit" + (!result.objective ? std::string() : gap.empty() ? std::string(", best found") : gap);
    case SolveStatus::IterationLimit:
        return "iteration limit" + (!result.objective ? std::string() : gap.empty() ? std::string(", best found") : gap);
    case SolveStatus::Cancelled: return "cancelled" + (result.objective ? ", best found" + gap : std::string());
    case SolveStatus::Optimal:
        return result.optimalWithin.empty() ? "optimal" : "optimal among " + result.optimalWithin;
    case SolveStatus::Feasible:
    case SolveStatus::Infeasible: break;
    }
    return solveStatusName(result.status);
}

}  // namespace hetsched
