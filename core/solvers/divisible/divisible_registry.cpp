// The divisible family in the solver registry, and its result JSON.
#include <algorithm>
#include <cmath>
#include <map>

#include "io/json_reader.h"
#include "model/instance_checks.h"
#include "solvers/family_solution.h"
#include "solvers/stored_result.h"
#include "solvers/divisible/divisible_registration.h"
#include "solvers/divisible/divisible_result.h"

namespace hetsched {

SolveResult divisibleSolveResult(const DivisibleInstance& in, const DivisibleSolution& s) {
    SolveResult r;
    r.status = s.status;
    r.message = s.message;
    r.objectiveName = "throughput";
    r.objective = s.throughput;
    if (s.upperBound) r.bestBound = std::max(*s.upperBound, s.throughput);
    r.schedule = divisibleSchedule(in, s);
    r.solution = shareSolution(s);
    return r;
}

nlohmann::json divisibleResultJson(const DivisibleInstance& in, const SolveResult& result) {
    nlohmann::json j = nlohmann::json::object();
    const DivisibleSolution* solution = solutionOf<DivisibleSolution>(result);
    if (!solution) return j;
    const DivisibleSolution& s = *solution;
    j["throughput"] = s.throughput;
    j["load"] = s.load;
    auto names = [&](const std::vector<std::size_t>& order) {
        nlohmann::json list = nlohmann::json::array();
        for (std::size_t i : order) list.push_back(in.workers[i].name);
        return list;
    };
    j["send_order"] = names(s.sendOrder);
    j["return_order"] = names(s.returnOrder);
    nlohmann::json workers = nlohmann::json::array();
    for (std::size_t i = 0; i < in.workers.size(); ++i) {
        nlohmann::json w = {{"worker", in.workers[i].name}, {"alpha", s.alpha[i]}};
        if (s.alpha[i] > 0) {
            const DivisibleTimes& t = s.times[i];
            w["send_start"] = t.sendStart;
            w["send_end"] = t.sendEnd;
            w["compute_end"] = t.computeEnd;
            w["return_start"] = t.returnStart;
            w["return_end"] = t.returnEnd;
            w["idle"] = t.idle;
        }
        workers.push_back(std::move(w));
    }
    j["workers"] = std::move(workers);
    return j;
}

Expected<SolveResult> divisibleResultFromJson(const DivisibleInstance& in, const json_detail::JsonNode& storedRoot) {
    using json_detail::JsonNode;
    return registry_detail::readStoredResult(storedRoot, [&](const JsonNode& root) -> Expected<SolveResult> {
        const std::optional<SolveStatus> status = solveStatusFromName(root.at("status").string());
        if (!status) root.at("status").fail("unknown status");
        std::map<std::string, std::size_t> index;
        for (std::size_t i = 0; i < in.workers.size(); ++i) index[in.workers[i].name] = i;
        auto order = [&](const char* key) {
            const JsonNode list = root.at(key);
            std::vector<std::size_t> result;
            for (std::size_t k = 0; k < list.size(); ++k) {
                const std::string name = list[k].string();
                auto it = index.find(name);
                if (it == index.end()) list[k].fail("unknown worker \"" + name + "\"");
                result.push_back(it->second);
            }
            return result;
        };
        const std::vector<std::size_t> send = order("send_order");
        const std::vector<std::size_t> back = order("return_order");
        const JsonNode workers = root.at("workers");
        if (workers.size() != in.workers.size())
            workers.fail("has " + std::to_string(workers.size()) + " entries, the instance has " +
                         std::to_string(in.workers.size()) + " workers");
        std::vector<double> alpha;
        for (std::size_t i = 0; i < workers.size(); ++i) {
            if (workers[i].at("worker").string() != in.workers[i].name)
                workers[i].at("worker").fail("expected \"" + in.workers[i].name + "\", the instance's worker " +
                                             std::to_string(i));
            alpha.push_back(workers[i].at("alpha").numberIn(0, 1e300));
        }
        DivisibleSolution s = makeDivisibleSolution(in, send, back, alpha, *status,
                                                    root.find("message") ? root.at("message").string() : "");
        for (std::size_t i = 0; i < alpha.size(); ++i) {
            if (alpha[i] > 0 && s.alpha[i] == 0)
                workers[i].at("alpha").fail("is positive but the worker is not in both send_order and return_order");
            // makeDivisibleSolution scales loads that overflow the horizon down; a stored result must fit as is.
            if (std::abs(s.alpha[i] - alpha[i]) > 1e-9 * std::max(1.0, alpha[i]))
                return registry_detail::storedResultDoesNotFit("workers[" + std::to_string(i) +
                                                   "].alpha = " + workers[i].at("alpha").text() +
                                                   " does not fit in the horizon with this scenario");
        }
        if (auto problems = verifyDivisible(in, s); !problems.empty())
            return registry_detail::storedResultDoesNotFit(problems.front());
        return divisibleSolveResult(in, s);
    });
}

}  // namespace hetsched

namespace hetsched::registry_detail {

template <>
struct SolverFamily<DivisibleInstance> : SolverFamilyDefaults<DivisibleInstance, DivisibleSolution> {
    static std::optional<std::string> instanceProblem(const DivisibleInstance& in) { return divisibleInstanceProblem(in); }
    static std::vector<std::string> verify(const DivisibleInstance& in, const DivisibleSolution& s) {
        return verifyDivisible(in, s);
    }
    static SolveResult result(const DivisibleInstance& in, const DivisibleSolution& s) { return divisibleSolveResult(in, s); }
};

RegisteredSolver divisibleSolver(std::string name, std::string description, DivisibleSolverFunction run,
                                 bool (*isDefault)(const Instance&), std::string optimalWithin) {
    return familySolver<DivisibleInstance>(
        solverSpec("divisible", std::move(name), std::move(description), {}, std::move(optimalWithin)),
        [run](const DivisibleInstance& in, const OptionValues&, const Progress& progress) { return run(in, progress); },
        isDefault);
}

bool divisibleSmallPlatform(const Instance& instance) {
    return std::get<DivisibleInstance>(instance).workers.size() <= 7;
}

// The divisible solvers, one line each in their listed order (the first whose default rule holds is the
// default). Each entry is defined in its solver's own file, beside its algorithm: a new solver is that file
// and its line here.
#define DIVISIBLE_SOLVERS(X)      \
    X(divisibleExhaustiveSolver)  \
    X(divisibleFifoOptimalSolver) \
    X(divisibleLifoOptimalSolver) \
    X(divisibleScenarioLpSolver)  \
    X(divisibleFifoByCSolver)     \
    X(divisibleFifoByWSolver)     \
    X(divisibleNoReturnSolver)

DIVISIBLE_SOLVERS(HETSCHED_DECLARE_SOLVER)

std::vector<RegisteredSolver> divisibleSolvers() { return {DIVISIBLE_SOLVERS(HETSCHED_LIST_SOLVER)}; }

}  // namespace hetsched::registry_detail
