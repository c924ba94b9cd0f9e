// The steady-state family in the solver registry, and its result JSON.
#include <algorithm>
#include <cmath>
#include <map>

#include "io/json_reader.h"
#include "model/instance_checks.h"
#include "solvers/family_solution.h"
#include "solvers/stored_result.h"
#include "solvers/steady/steady_result.h"
#include "solvers/steady/steady_registration.h"

namespace hetsched {

namespace {

nlohmann::json linkList(const SteadyStateInstance& in, const std::vector<SteadyArc>& arcs, const std::vector<std::size_t>& ids) {
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t e : ids) list.push_back({in.nodes[arcs[e].from].name, in.nodes[arcs[e].to].name});
    return list;
}

}  // namespace

SolveResult steadySolveResult(const SteadyStateInstance& in, const SteadySolution& s) {
    SolveResult r;
    r.status = s.status;
    r.message = s.message;
    r.objectiveName = "throughput";
    r.objective = s.throughput;
    if (s.upperBound) r.bestBound = std::max(*s.upperBound, s.throughput);
    r.schedule = steadySchedule(in, s);
    SteadySolution typed = s;
    typed.resourceLoads = steadyResourceLoads(in, s);
    r.solution = shareSolution(std::move(typed));
    return r;
}

nlohmann::json steadyResultJson(const SteadyStateInstance& in, const SolveResult& result) {
    nlohmann::json j = nlohmann::json::object();
    const SteadySolution* solution = solutionOf<SteadySolution>(result);
    if (!solution) return j;
    const SteadySolution& s = *solution;
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    j["throughput"] = s.throughput;
    if (!s.exactThroughput.empty()) j["exact_throughput"] = s.exactThroughput;
    j["lp_throughput"] = s.lpThroughput;
    if (s.upperBound) j["upper_bound"] = *s.upperBound;
    nlohmann::json allocations = nlohmann::json::array();
    for (const SteadyAllocation& a : s.allocations) {
        nlohmann::json entry = {{"weight", a.weight}};
        if (!a.exactWeight.empty()) entry["exact_weight"] = a.exactWeight;
        if (in.application.type == SteadyApplicationType::BagOfTasks) {
            entry["processor"] = a.processor ? in.nodes[*a.processor].name : std::string();
            entry["data_links"] = linkList(in, arcs, a.dataArcs);
            entry["result_links"] = linkList(in, arcs, a.resultArcs);
        } else {
            entry["links"] = linkList(in, arcs, a.dataArcs);
        }
        allocations.push_back(std::move(entry));
    }
    j["allocations"] = std::move(allocations);
    nlohmann::json patterns = nlohmann::json::array();
    for (const SteadyPattern& p : s.patterns) {
        nlohmann::json entry = {{"duration", p.duration}, {"links", linkList(in, arcs, p.arcs)}};
        if (!p.exactDuration.empty()) entry["exact_duration"] = p.exactDuration;
        nlohmann::json processors = nlohmann::json::array();
        for (std::size_t u : p.processors) processors.push_back(in.nodes[u].name);
        entry["processors"] = std::move(processors);
        patterns.push_back(std::move(entry));
    }
    j["patterns"] = std::move(patterns);
    j["period"] = s.periodic.period;
    j["tasks_per_period"] = s.periodic.tasksPerPeriod;
    j["exact_period"] = s.periodic.exact;
    return j;
}

Expected<SolveResult> steadyResultFromJson(const SteadyStateInstance& in, const json_detail::JsonNode& storedRoot) {
    Expected<SteadySolution> solution = steadySolutionFromJson(in, storedRoot);
    if (!solution) return solution.error();
    return steadySolveResult(in, *solution);
}

Expected<SteadySolution> steadySolutionFromJson(const SteadyStateInstance& in, const json_detail::JsonNode& storedRoot) {
    using json_detail::JsonNode;
    return registry_detail::readStoredResult(storedRoot, [&](const JsonNode& root) -> Expected<SteadySolution> {
        const std::optional<SolveStatus> status = solveStatusFromName(root.at("status").string());
        if (!status) root.at("status").fail("unknown status");
        const std::vector<SteadyArc> arcs = steadyArcs(in);
        std::map<std::pair<std::string, std::string>, std::size_t> arcIndex;
        for (std::size_t e = 0; e < arcs.size(); ++e)
            arcIndex[{in.nodes[arcs[e].from].name, in.nodes[arcs[e].to].name}] = e;
        std::map<std::string, std::size_t> nodeIndex;
        for (std::size_t u = 0; u < in.nodes.size(); ++u) nodeIndex[in.nodes[u].name] = u;
        auto links = [&](const JsonNode& list) {
            std::vector<std::size_t> ids;
            for (std::size_t k = 0; k < list.size(); ++k) {
                const JsonNode pair = list[k];
                if (pair.size() != 2) pair.fail("expected [from, to]");
                auto it = arcIndex.find({pair[0].string(), pair[1].string()});
                if (it == arcIndex.end()) pair.fail("no such link in the instance");
                ids.push_back(it->second);
            }
            return ids;
        };
        auto node = [&](const JsonNode& name) {
            auto it = nodeIndex.find(name.string());
            if (it == nodeIndex.end()) name.fail("unknown node \"" + name.string() + "\"");
            return it->second;
        };
        SteadySolution s;
        s.status = *status;
        s.message = root.find("message") ? root.at("message").string() : std::string();
        s.lpThroughput = root.at("lp_throughput").numberIn(0, 1e300);
        if (auto bound = root.find("upper_bound")) s.upperBound = bound->numberIn(0, 1e300);
        const JsonNode allocations = root.at("allocations");
        for (std::size_t a = 0; a < allocations.size(); ++a) {
            const JsonNode entry = allocations[a];
            SteadyAllocation al;
            al.weight = entry.at("weight").numberIn(0, 1e300);
            if (in.application.type == SteadyApplicationType::BagOfTasks) {
                al.processor = node(entry.at("processor"));
                al.dataArcs = links(entry.at("data_links"));
                al.resultArcs = links(entry.at("result_links"));
            } else {
                al.dataArcs = links(entry.at("links"));
            }
            s.allocations.push_back(std::move(al));
        }
        const JsonNode patterns = root.at("patterns");
        for (std::size_t p = 0; p < patterns.size(); ++p) {
            SteadyPattern pt;
            const JsonNode pattern = patterns[p];   // named: a node must not outlive the node it comes from
            pt.duration = pattern.at("duration").numberIn(0, 1);
            pt.arcs = links(pattern.at("links"));
            const JsonNode processors = pattern.at("processors");
            for (std::size_t k = 0; k < processors.size(); ++k) pt.processors.push_back(node(processors[k]));
            s.patterns.push_back(std::move(pt));
        }
        const double stored = root.at("throughput").numberIn(0, 1e300);
        Expected<SteadySolution> rebuilt = completeSteadySolution(in, std::move(s), true);
        if (!rebuilt) return registry_detail::storedResultDoesNotFit(rebuilt.error().message);
        if (std::abs(rebuilt->throughput - stored) > 1e-7 * std::max(1.0, stored))
            return registry_detail::storedResultDoesNotFit("its allocations carry " +
                                std::to_string(rebuilt->throughput) + " within its patterns, not the stored throughput " +
                                root.at("throughput").text());
        if (auto problems = verifySteady(in, *rebuilt); !problems.empty())
            return registry_detail::storedResultDoesNotFit(problems.front());
        return rebuilt;
    });
}

}  // namespace hetsched

namespace hetsched::registry_detail {

template <>
struct SolverFamily<SteadyStateInstance> : SolverFamilyDefaults<SteadyStateInstance, SteadySolution> {
    // The file's rules, then what the solvers need beyond them (a route from the source, ...).
    static std::optional<std::string> instanceProblem(const SteadyStateInstance& in) {
        if (std::optional<std::string> problem = steadyInstanceProblem(in)) return problem;
        if (std::string why = steadyUnsolvableReason(in); !why.empty()) return why;
        return std::nullopt;
    }
    static std::vector<std::string> verify(const SteadyStateInstance& in, const SteadySolution& s) {
        return verifySteady(in, s);
    }
    static SolveResult result(const SteadyStateInstance& in, const SteadySolution& s) { return steadySolveResult(in, s); }
};

RegisteredSolver steadySolver(std::string name, std::string description, OptionTable options,
                              SteadySolverFunction run, bool (*isDefault)(const Instance&)) {
    return familySolver<SteadyStateInstance>(
        solverSpec("steady_state", std::move(name), std::move(description), std::move(options)), std::move(run), isDefault);
}

bool steadyCompactLpApplies(const Instance& instance) {
    const auto& in = std::get<SteadyStateInstance>(instance);
    return in.model != CommunicationModel::UnidirectionalOnePort &&
           in.application.type != SteadyApplicationType::Multicast;
}

// The steady-state solvers, one line each in their listed order (the first whose default rule holds is the
// default). Each entry is defined in its solver's own file, beside its algorithm: a new solver is that file
// and its line here.
#define STEADY_SOLVERS(X)           \
    X(steadyLpSolver)               \
    X(steadyColumnGenerationSolver)

STEADY_SOLVERS(HETSCHED_DECLARE_SOLVER)

std::vector<RegisteredSolver> steadySolvers() { return {STEADY_SOLVERS(HETSCHED_LIST_SOLVER)}; }

}  // namespace hetsched::registry_detail
