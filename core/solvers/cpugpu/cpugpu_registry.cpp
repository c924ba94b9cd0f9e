// The CPU/GPU family in the solver registry, and its result JSON.
#include <algorithm>
#include <unordered_map>

#include "io/json_reader.h"
#include "model/instance_checks.h"
#include "solvers/family_solution.h"
#include "solvers/stored_result.h"
#include "solvers/cpugpu/cpugpu_result.h"
#include "solvers/cpugpu/cpugpu_registration.h"

namespace hetsched {

namespace {

// {"task", "unit", "processor", "start", "end"} and the shelf when there is one, inserted in key order
// (the object's own order) so that a million of them build without searching.
nlohmann::json runJson(const std::string& task, CpuGpuUnit unit, int processor, double start, double end,
                       int shelf = 0) {
    nlohmann::json j(nlohmann::json::value_t::object);
    auto& o = j.get_ref<nlohmann::json::object_t&>();
    o.emplace_hint(o.end(), "end", end);
    o.emplace_hint(o.end(), "processor", processor);
    if (shelf > 0) o.emplace_hint(o.end(), "shelf", shelfName(shelf));
    o.emplace_hint(o.end(), "start", start);
    o.emplace_hint(o.end(), "task", task);
    o.emplace_hint(o.end(), "unit", cpuGpuUnitName(unit));
    return j;
}

}  // namespace

SolveResult cpuGpuSolveResult(const CpuGpuInstance& in, const CpuGpuSolution& s) {
    SolveResult r;
    r.status = s.status;
    r.message = s.message;
    r.objectiveName = "makespan";
    r.objective = s.makespan;
    r.bestBound = s.lowerBound;
    r.schedule = cpuGpuSchedule(in, s);
    r.solution = shareSolution(s);
    return r;
}

nlohmann::json cpuGpuResultKeysButTasks(const CpuGpuInstance& in, const SolveResult& result) {
    nlohmann::json j = nlohmann::json::object();
    const CpuGpuSolution* solution = solutionOf<CpuGpuSolution>(result);
    if (!solution) return j;
    const CpuGpuSolution& s = *solution;
    j["makespan"] = s.makespan;
    j["lower_bound"] = s.lowerBound;
    j["gap"] = s.makespan > 0 ? (s.makespan - s.lowerBound) / s.makespan : 0.0;
    if (s.lambda) j["lambda"] = *s.lambda;
    if (s.guarantee) j["guarantee"] = *s.guarantee;
    if (!s.aborted.empty()) {
        nlohmann::json aborted = nlohmann::json::array();
        for (const CpuGpuAbortedRun& a : s.aborted)
            aborted.push_back(runJson(in.tasks[a.task].name, a.unit, a.processor, a.start, a.end));
        j["aborted"] = std::move(aborted);
    }
    return j;
}

nlohmann::json cpuGpuResultJson(const CpuGpuInstance& in, const SolveResult& result) {
    nlohmann::json j = cpuGpuResultKeysButTasks(in, result);
    const CpuGpuSolution* solution = solutionOf<CpuGpuSolution>(result);
    if (!solution) return j;
    const CpuGpuSolution& s = *solution;
    nlohmann::json tasks = nlohmann::json::array();
    tasks.get_ref<nlohmann::json::array_t&>().reserve(std::min(s.placements.size(), in.tasks.size()));
    for (std::size_t t = 0; t < s.placements.size() && t < in.tasks.size(); ++t) {
        const CpuGpuPlacement& p = s.placements[t];
        tasks.push_back(runJson(in.tasks[t].name, p.unit, p.processor, p.start, p.end, p.shelf));
    }
    j["tasks"] = std::move(tasks);
    return j;
}

void writeCpuGpuTaskRows(const CpuGpuInstance& in, const SolveResult& result, json_detail::JsonTextWriter& w) {
    const CpuGpuSolution* solution = solutionOf<CpuGpuSolution>(result);
    w.beginArray();
    for (std::size_t t = 0; solution && t < solution->placements.size() && t < in.tasks.size(); ++t) {
        // runJson's keys, in its (sorted) order.
        const CpuGpuPlacement& p = solution->placements[t];
        w.beginObject();
        w.member("end", p.end);
        w.member("processor", p.processor);
        if (p.shelf > 0) w.member("shelf", shelfName(p.shelf));
        w.member("start", p.start);
        w.member("task", in.tasks[t].name);
        w.member("unit", cpuGpuUnitName(p.unit));
        w.endObject();
    }
    w.endArray();
}

Expected<SolveResult> cpuGpuResultFromJson(const CpuGpuInstance& in, const json_detail::JsonNode& storedRoot) {
    using json_detail::JsonNode;
    return registry_detail::readStoredResult(storedRoot, [&](const JsonNode& root) -> Expected<SolveResult> {
        const std::optional<SolveStatus> status = solveStatusFromName(root.at("status").string());
        if (!status) root.at("status").fail("unknown status");
        CpuGpuSolution s;
        s.status = *status;
        s.message = root.find("message") ? root.at("message").string() : std::string();
        s.makespan = root.at("makespan").numberIn(0, 1e300);
        s.lowerBound = root.at("lower_bound").numberIn(0, 1e300);
        if (root.find("lambda")) s.lambda = root.at("lambda").numberIn(0, 1e300);
        if (root.find("guarantee")) s.guarantee = root.at("guarantee").numberIn(0, 1e300);
        auto unitOf = [](const JsonNode& node) {
            const std::string unit = node.string();
            if (unit == "cpu") return CpuGpuUnit::Cpu;
            if (unit == "gpu") return CpuGpuUnit::Gpu;
            node.fail("expected \"cpu\" or \"gpu\", got \"" + unit + "\"");
        };
        const JsonNode tasks = root.at("tasks");
        if (tasks.size() != in.tasks.size())
            tasks.fail("has " + std::to_string(tasks.size()) + " entries, the instance has " +
                       std::to_string(in.tasks.size()) + " tasks");
        for (std::size_t t = 0; t < tasks.size(); ++t) {
            const JsonNode entry = tasks[t];
            if (entry.at("task").string() != in.tasks[t].name)
                entry.at("task").fail("expected \"" + in.tasks[t].name + "\", the instance's task " +
                                      std::to_string(t));
            CpuGpuPlacement p;
            p.unit = unitOf(entry.at("unit"));
            p.processor = static_cast<int>(entry.at("processor").integer(0, 1'000'000));
            p.start = entry.at("start").numberIn(0, 1e300);
            p.end = entry.at("end").numberIn(0, 1e300);
            if (auto shelf = entry.find("shelf")) {
                const std::string name = shelf->string();
                for (int k = 1; k <= 8; ++k)
                    if (name == shelfName(k)) p.shelf = k;
                if (p.shelf == 0) shelf->fail("expected \"S1\"..\"S8\", got \"" + name + "\"");
            }
            s.placements.push_back(p);
        }
        if (auto aborted = root.find("aborted")) {
            std::unordered_map<std::string, std::size_t> index;
            for (std::size_t t = 0; t < in.tasks.size(); ++t) index.emplace(in.tasks[t].name, t);
            for (std::size_t q = 0; q < aborted->size(); ++q) {
                const JsonNode entry = (*aborted)[q];
                const std::string name = entry.at("task").string();
                auto it = index.find(name);
                if (it == index.end()) entry.at("task").fail("unknown task \"" + name + "\"");
                CpuGpuAbortedRun a;
                a.task = it->second;
                a.unit = unitOf(entry.at("unit"));
                a.processor = static_cast<int>(entry.at("processor").integer(0, 1'000'000));
                a.start = entry.at("start").numberIn(0, 1e300);
                a.end = entry.at("end").numberIn(0, 1e300);
                s.aborted.push_back(a);
            }
        }
        if (auto problems = verifyCpuGpu(in, s); !problems.empty())
            return registry_detail::storedResultDoesNotFit(problems.front());
        return cpuGpuSolveResult(in, s);
    });
}

}  // namespace hetsched

namespace hetsched::registry_detail {

template <>
struct SolverFamily<CpuGpuInstance> : SolverFamilyDefaults<CpuGpuInstance, CpuGpuSolution> {
    static std::optional<std::string> instanceProblem(const CpuGpuInstance& in) { return cpuGpuInstanceProblem(in); }
    // A schedule that meets a proven lower bound is optimal, whichever solver found it (and whatever stopped it).
    static void complete(const CpuGpuInstance&, CpuGpuSolution& s) {
        if ((s.status == SolveStatus::Feasible || s.status == SolveStatus::TimeLimit ||
             s.status == SolveStatus::Cancelled) &&
            s.makespan <= s.lowerBound * (1 + 1e-12)) {
            s.status = SolveStatus::Optimal;
            s.message += "; the makespan meets the lower bound: optimal";
        }
    }
    static std::vector<std::string> verify(const CpuGpuInstance& in, const CpuGpuSolution& s) {
        return verifyCpuGpu(in, s);
    }
    static SolveResult result(const CpuGpuInstance& in, const CpuGpuSolution& s) { return cpuGpuSolveResult(in, s); }
};

RegisteredSolver cpuGpuSolver(std::string name, std::string description, OptionTable options,
                              CpuGpuSolverFunction run, bool (*isDefault)(const Instance&), bool answerIsBound) {
    return familySolver<CpuGpuInstance>(solverSpec("cpugpu", std::move(name), std::move(description), std::move(options), {},
                                                   answerIsBound),
                                        std::move(run), isDefault);
}

// The CPU/GPU solvers, one line each in their listed order (the first whose default rule holds is the
// default). Each entry is defined in its solver's own file, beside its algorithm: a new solver is that file
// and its line here.
#define CPUGPU_SOLVERS(X)      \
    X(cpuGpuDualApproxSolver)  \
    X(cpuGpuDualApprox2Solver) \
    X(cpuGpuHeftSolver)        \
    X(cpuGpuHeteroPrioSolver)  \
    X(cpuGpuExactSolver)       \
    X(cpuGpuLowerBoundSolver)

CPUGPU_SOLVERS(HETSCHED_DECLARE_SOLVER)

std::vector<RegisteredSolver> cpugpuSolvers() { return {CPUGPU_SOLVERS(HETSCHED_LIST_SOLVER)}; }

}  // namespace hetsched::registry_detail
