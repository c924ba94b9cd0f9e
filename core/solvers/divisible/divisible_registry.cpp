// The divisible family in the solver registry, and its result JSON.
#include <algorithm>
#include <cmath>
#include <map>

#include "io/json_reader.h"
#include "solvers/family_solution.h"
#include "solvers/divisible/divisible_result.h"
#include "solvers/registry_detail.h"

namespace hetsched {

SolveResult divisibleSolveResult(const DivisibleInstance& in, const DivisibleSolution& s) {
    SolveResult r;
    r.status = s.status;
    r.message = s.message;
    r.objectiveName = "throughput";
    r.objective = s.throughput;
    if (s.upperBound) r.bestBound = std::max(*s.upperBound, s.throughput);
    nlohmann::json& j = r.json;
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
    r.schedule = divisibleSchedule(in, s);
    r.solution = shareSolution(s);
    return r;
}

Expected<SolveResult> divisibleResultFromJson(const DivisibleInstance& in, const nlohmann::json& json) {
    using json_detail::JsonNode;
    try {
        const JsonNode root(json, "");
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
                return invalidInput("the stored result does not fit the instance: workers[" + std::to_string(i) +
                                    "].alpha = " + workers[i].at("alpha").raw().dump() +
                                    " does not fit in the horizon with this scenario");
        }
        if (auto problems = verifyDivisible(in, s); !problems.empty())
            return invalidInput("the stored result does not fit the instance: " + problems.front());
        return divisibleSolveResult(in, s);
    } catch (const json_detail::InputError& e) {
        return invalidInput(std::string("stored result: ") + e.what());
    }
}

}  // namespace hetsched

namespace hetsched::registry_detail {

namespace {

using DivisibleSolver = Expected<DivisibleSolution> (*)(const DivisibleInstance&, const Progress&);

RegisteredSolver divisibleSolver(std::string name, std::string description, DivisibleSolver run,
                                 bool (*isDefault)(const Instance&) = nullptr, std::string optimalWithin = {}) {
    RegisteredSolver s;
    s.spec = {"divisible", name, std::move(description), {}, std::move(optimalWithin)};
    s.isDefaultFor = isDefault;
    s.run = [run, name](const Instance& instance, const OptionValues&, const Progress& progress)
        -> Expected<SolveResult> {
        const auto& in = std::get<DivisibleInstance>(instance);
        Expected<DivisibleSolution> solution = run(in, progress);
        if (!solution) return solution.error();
        if (auto problems = verifyDivisible(in, *solution); !problems.empty())
            return solverError("solver " + name + " produced an invalid schedule: " + problems.front());
        return divisibleSolveResult(in, *solution);
    };
    return s;
}

bool smallPlatform(const Instance& instance) {
    return std::get<DivisibleInstance>(instance).workers.size() <= 7;
}

bool largePlatform(const Instance& instance) { return !smallPlatform(instance); }

}  // namespace

std::vector<RegisteredSolver> divisibleSolvers() {
    return {
        divisibleSolver("exhaustive",
                        "exact over every scenario (subset, send order, return order): branch and bound with LP "
                        "bounds, p <= 8 (default for p <= 7)",
                        solveDivisibleExhaustive, smallPlatform),
        divisibleSolver("fifo-optimal",
                        "optimal FIFO schedule: closed form by Sherman-Morrison when d = z c (default for p > 7), "
                        "else every FIFO order (p <= 8) or the LP of the c+d order",
                        solveDivisibleFifoOptimal, largePlatform, "FIFO schedules"),
        divisibleSolver("lifo-optimal", "optimal LIFO schedule: every worker by c+d, no idle time, closed form",
                        solveDivisibleLifoOptimal, nullptr, "LIFO schedules"),
        divisibleSolver("scenario-lp",
                        "LP of the slides for the given send_order/return_order (default: listed order, FIFO), "
                        "with idle times",
                        solveDivisibleScenarioLp, nullptr, "schedules of the given send and return orders"),
        divisibleSolver("fifo-by-c", "heuristic of the simulations: every worker by increasing c, FIFO, no idle time (closed form)",
                        solveDivisibleFifoByC),
        divisibleSolver("fifo-by-w", "heuristic of the simulations: every worker by increasing w, FIFO, no idle time (closed form)",
                        solveDivisibleFifoByW),
        divisibleSolver("no-return", "classic problem without returns (every d = 0): closed form by increasing c",
                        solveDivisibleNoReturn),
    };
}

}  // namespace hetsched::registry_detail
