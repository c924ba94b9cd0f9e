// The dag family in the solver registry, and its result JSON.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>

#include "io/dag_io.h"
#include "io/json_reader.h"
#include "io/json_text_writer.h"
#include "solvers/family_solution.h"
#include "solvers/stored_result.h"
#include "solvers/dag/dag_result.h"
#include "solvers/dag/dag_registration.h"

namespace hetsched {

SolveResult dagSolveResult(const DagInstance& in, const DagSolution& s) {
    SolveResult r;
    r.status = SolveStatus::Feasible;
    r.message = s.message;
    r.objectiveName = "makespan";
    r.objectiveUnit = "s";
    r.objective = s.makespan;
    r.schedule = dagSchedule(in, s);
    r.solution = shareSolution(s);
    return r;
}

nlohmann::json dagResultKeysButTasks(const DagInstance& in, const SolveResult& result) {
    nlohmann::json j = nlohmann::json::object();
    const DagSolution* solution = solutionOf<DagSolution>(result);
    if (!solution) return j;
    const DagSolution& s = *solution;
    const ProcessorIndex index = indexProcessors(in.platform);
    j["makespan"] = s.makespan;
    const DagMetrics m = dagMetrics(in, s);
    j["peak_power"] = m.peakPower;
    j["makespan_times_peak_power"] = m.makespanTimesPeakPower;
    j["average_power"] = m.averagePower;
    j["makespan_over_average_power"] = m.makespanOverAveragePower;
    j["seq_makespan"] = m.seqMakespan;
    j["speedup_over_seq"] = m.speedupOverSeq;
    if (s.allocation) {
        const DagAllocation& a = *s.allocation;
        j["allocation"] = {{"reference_speed", a.referenceSpeed},
                           {"reference_processors", a.referenceProcessors},
                           {"iterations", a.iterations},
                           {"critical_path", a.criticalPath},
                           {"average_area", a.averageArea},
                           {"saturated", a.saturated}};
    }
    return j;
}

nlohmann::json dagResultJson(const DagInstance& in, const SolveResult& result) {
    nlohmann::json j = dagResultKeysButTasks(in, result);
    if (!solutionOf<DagSolution>(result)) return j;
    // The rows as the streamed writer writes them, read back: one way to write a task's processors.
    json_detail::JsonTextWriter w(2);
    writeDagTaskRows(in, result, w);
    j["tasks"] = nlohmann::json::parse(w.take());
    return j;
}

void writeDagTaskRows(const DagInstance& in, const SolveResult& result, json_detail::JsonTextWriter& w) {
    const DagSolution* solution = solutionOf<DagSolution>(result);
    w.beginArray();
    if (!solution) {
        w.endArray();
        return;
    }
    const DagSolution& s = *solution;
    const ProcessorIndex index = indexProcessors(in.platform);
    // A task's processors as runs by cluster, as indices within the cluster: [begin, end) of p.processors.
    struct Part {
        std::size_t cluster, begin, end;
    };
    std::vector<Part> parts;
    const auto writeProcessors = [&](const DagPlacement& p, const Part& part) {
        w.key("processors");
        w.beginArray();
        for (std::size_t k = part.begin; k < part.end; ++k)
            w.value(p.processors[k] - index.offset[part.cluster]);
        w.endArray();
    };
    for (std::size_t t = 0; t < in.tasks.size() && t < s.tasks.size(); ++t) {
        const DagPlacement& p = s.tasks[t];
        parts.clear();
        for (std::size_t k = 0; k < p.processors.size(); ++k) {
            const auto c = static_cast<std::size_t>(index.clusterOf[static_cast<std::size_t>(p.processors[k])]);
            if (parts.empty() || parts.back().cluster != c) parts.push_back({c, k, k});
            parts.back().end = k + 1;
        }
        // The keys in nlohmann's (sorted) order: cluster or clusters, end, processors, start, task.
        w.beginObject();
        if (parts.size() == 1) {
            w.member("cluster", in.platform.clusters[parts[0].cluster].name);
        } else {
            w.key("clusters");   // one task over several clusters (cpa's schedules)
            w.beginArray();
            for (const Part& part : parts) {
                w.beginObject();
                w.member("cluster", in.platform.clusters[part.cluster].name);
                writeProcessors(p, part);
                w.endObject();
            }
            w.endArray();
        }
        w.member("end", p.end);
        if (parts.size() == 1) writeProcessors(p, parts[0]);
        w.member("start", p.start);
        w.member("task", in.tasks[t].name);
        w.endObject();
    }
    w.endArray();
}

Expected<DagSolution> dagSolutionFromJson(const DagInstance& in, const json_detail::JsonNode& storedRoot) {
    using json_detail::JsonNode;
    return registry_detail::readStoredResult(storedRoot, [&](const JsonNode& root) -> Expected<DagSolution> {
        // A schedule whose tasks span clusters says so itself: a task stored with "clusters".
        bool spanning = false;
        if (auto tasks = root.find("tasks"); tasks && tasks->isArray())
            for (std::size_t t = 0; t < tasks->size() && !spanning; ++t)
                spanning = (*tasks)[t].has("clusters");   // false for a value that is not an object
        std::unordered_map<std::string, std::size_t> clusterIndex;
        for (std::size_t c = 0; c < in.platform.clusters.size(); ++c) clusterIndex[in.platform.clusters[c].name] = c;
        const ProcessorIndex index = indexProcessors(in.platform);
        auto readPart = [&](const JsonNode& node, std::vector<int>& processors) {
            const std::string name = node.at("cluster").string();
            auto it = clusterIndex.find(name);
            if (it == clusterIndex.end()) node.at("cluster").fail("unknown cluster \"" + name + "\"");
            const DagCluster& cluster = in.platform.clusters[it->second];
            const JsonNode list = node.at("processors");
            list.requireArray();
            if (list.size() == 0) list.fail("expected at least one processor");
            for (std::size_t k = 0; k < list.size(); ++k)
                processors.push_back(index.offset[it->second] +
                                     static_cast<int>(list[k].integer(0, cluster.processors - 1)));
        };
        DagSolution s;
        const JsonNode tasks = root.at("tasks");
        tasks.requireArray();
        if (tasks.size() != in.tasks.size())
            tasks.fail("has " + std::to_string(tasks.size()) + " entries, the instance has " +
                       std::to_string(in.tasks.size()) + " tasks");
        for (std::size_t t = 0; t < tasks.size(); ++t) {
            const JsonNode entry = tasks[t];
            if (entry.at("task").string() != in.tasks[t].name)
                entry.at("task").fail("expected \"" + in.tasks[t].name + "\", the instance's task " + std::to_string(t));
            DagPlacement p;
            if (auto parts = entry.find("clusters")) {
                parts->requireArray();
                for (std::size_t k = 0; k < parts->size(); ++k) readPart((*parts)[k], p.processors);
            } else {
                readPart(entry, p.processors);
            }
            const std::size_t count = p.processors.size();
            std::sort(p.processors.begin(), p.processors.end());
            p.processors.erase(std::unique(p.processors.begin(), p.processors.end()), p.processors.end());
            if (p.processors.size() != count) entry.fail("lists a processor twice");
            p.start = entry.at("start").numberIn(0, 1e300);
            p.end = entry.at("end").numberIn(0, 1e300);
            s.tasks.push_back(std::move(p));
        }
        for (const DagPlacement& p : s.tasks) s.makespan = std::max(s.makespan, p.end);
        const double stored = root.at("makespan").numberIn(0, 1e300);
        if (std::abs(stored - s.makespan) > 1e-9 * std::max(stored, s.makespan))
            root.at("makespan").fail("is " + root.at("makespan").text() + " but the last task ends at " +
                                     std::to_string(s.makespan));
        s.message = root.find("message") ? root.at("message").string() : "";
        s.spansClusters = spanning;
        // The allocation's summary as the result stores it (its per-task vectors are not stored).
        if (auto allocation = root.find("allocation")) {
            DagAllocation a;
            a.referenceSpeed = allocation->at("reference_speed").numberIn(0, 1e300);
            a.referenceProcessors = static_cast<int>(allocation->at("reference_processors").integer(0, 1'000'000'000));
            a.iterations = allocation->at("iterations").integer(0, std::numeric_limits<std::int64_t>::max());
            a.criticalPath = allocation->at("critical_path").numberIn(0, 1e300);
            a.averageArea = allocation->at("average_area").numberIn(0, 1e300);
            a.saturated = allocation->at("saturated").boolean();
            s.allocation = std::move(a);
        }
        if (auto problems = verifyDag(in, s, spanning); !problems.empty())
            return registry_detail::storedResultDoesNotFit(problems.front());
        return s;
    });
}

Expected<SolveResult> dagResultFromJson(const DagInstance& in, const json_detail::JsonNode& storedRoot) {
    using json_detail::JsonNode;
    return registry_detail::readStoredResult(storedRoot, [&](const JsonNode& root) -> Expected<SolveResult> {
        const std::optional<SolveStatus> status = solveStatusFromName(root.at("status").string());
        if (!status) root.at("status").fail("unknown status");
        Expected<DagSolution> s = dagSolutionFromJson(in, storedRoot);
        if (!s) return s.error();
        SolveResult r = dagSolveResult(in, *s);
        r.status = *status;
        return r;
    });
}

}  // namespace hetsched

namespace hetsched::registry_detail {

template <>
struct SolverFamily<DagInstance> : SolverFamilyDefaults<DagInstance, DagSolution> {
    static std::optional<std::string> instanceProblem(const DagInstance& in) { return dagInstanceProblem(in); }
    // A schedule whose tasks may span clusters (cpa's) says so itself (DagSolution::spansClusters).
    static std::vector<std::string> verify(const DagInstance& in, const DagSolution& s) {
        return verifyDag(in, s, s.spansClusters);
    }
    static SolveResult result(const DagInstance& in, const DagSolution& s) { return dagSolveResult(in, s); }
};

RegisteredSolver dagSolver(std::string name, std::string description, DagSolverFunction run,
                           bool (*isDefault)(const Instance&)) {
    return familySolver<DagInstance>(
        solverSpec("dag", std::move(name), std::move(description)),
        [run](const DagInstance& in, const OptionValues&, const Progress& progress) { return run(in, progress); },
        isDefault);
}

// The DAG solvers, one line each in their listed order (the first whose default rule holds is the
// default). Each entry is defined in its solver's own file, beside its algorithm: a new solver is that file
// and its line here.
#define DAG_SOLVERS(X) \
    X(dagHcpaSolver)   \
    X(dagSHcpaSolver)  \
    X(dagCpaSolver)    \
    X(dagMheftSolver)  \
    X(dagSeqSolver)    \
    X(dagHeftSolver)

DAG_SOLVERS(HETSCHED_DECLARE_SOLVER)

std::vector<RegisteredSolver> dagSolvers() { return {DAG_SOLVERS(HETSCHED_LIST_SOLVER)}; }

}  // namespace hetsched::registry_detail
