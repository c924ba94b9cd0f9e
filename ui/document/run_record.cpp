#include "document/run_record.h"

#include <QCoreApplication>

#include <cstdint>
#include <functional>
#include <type_traits>
#include <variant>

#include "io/instance_io.h"
#include "io/json_reader.h"
#include "results/result_io.h"
#include "simulation/simulation_io.h"
#include "solvers/family_solution.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {

QString stringField(const nlohmann::json& json, const char* key) {
    const auto it = json.find(key);
    if (it == json.end() || !it->is_string()) return {};
    return QString::fromStdString(it->get<std::string>());
}

std::optional<double> numberField(const nlohmann::json& json, const std::string& key) {
    const auto it = json.find(key);
    if (it == json.end() || !it->is_number()) return std::nullopt;
    return it->get<double>();
}

}  // namespace

// The typed result where it was read back; the stored keys only for a run that could not be (restoreError).
QString RunRecord::solver() const {
    return result ? QString::fromStdString(result->solver) : stringField(unreadable, "solver");
}
QString RunRecord::status() const {
    return result ? QString::fromStdString(solveStatusName(result->status)) : stringField(unreadable, "status");
}
QString RunRecord::statusText() const {
    if (result) return QString::fromStdString(solveStatusText(*result));
    // A run whose result cannot be read back: the same wording (solveStatusText) from its stored keys.
    const std::optional<SolveStatus> stored = solveStatusFromName(status().toStdString());
    if (!stored) return status();
    SolveResult summary;
    summary.status = *stored;
    summary.optimalWithin = stringField(unreadable, "optimal_within").toStdString();
    summary.answerIsBound = isBound();
    summary.objective = numberField(unreadable, "lower_bound");
    if (!summary.answerIsBound) summary.objective = objective();
    summary.gap = numberField(unreadable, "gap");
    return QString::fromStdString(solveStatusText(summary));
}
QString RunRecord::objectiveName() const {
    // Only the partition family writes "objective" into its result JSON; the others name it in the SolveResult.
    if (result && !result->objectiveName.empty()) return QString::fromStdString(result->objectiveName);
    return stringField(unreadable, "objective");
}
QString RunRecord::message() const {
    return result ? QString::fromStdString(result->message) : stringField(unreadable, "message");
}
std::optional<double> RunRecord::seconds() const {
    if (result) return result->seconds;
    return numberField(unreadable, "seconds");
}

bool RunRecord::isBound() const {
    return result ? result->answerIsBound : stringField(unreadable, "answer") == QLatin1String("lower_bound");
}

QString RunRecord::objectiveValueText() const {
    const std::optional<double> value = objective();
    if (!value) return QStringLiteral("—");
    return quantityText(*value, result ? QString::fromStdString(result->objectiveUnit) : QString());
}

QString RunRecord::objectiveText() const {
    const QString text = objectiveValueText();
    return isBound() && objective() ? QStringLiteral("≥ %1").arg(text) : text;
}

std::optional<double> RunRecord::objective() const {
    if (result) return result->objective;
    const QString name = objectiveName();
    return name.isEmpty() ? std::nullopt : numberField(unreadable, name.toStdString());
}

namespace {

// Mixes one value into a running 64-bit digest (the mixing step of boost::hash_combine, widened).
void mix(std::size_t& digest, std::size_t value) {
    digest ^= value + 0x9e3779b97f4a7c15ULL + (digest << 12) + (digest >> 4);
}
void mix(std::size_t& digest, double value) { mix(digest, std::hash<double>{}(value)); }
void mix(std::size_t& digest, const std::string& value) { mix(digest, std::hash<std::string>{}(value)); }

// A task graph's digest from its fields, without its JSON form: an edit of a graph of 10,000 tasks and
// 200,000 dependencies takes its digest in about a millisecond, its JSON form costs a hundred times more.
std::size_t dagDigest(const DagInstance& in) {
    std::size_t digest = 0x64616700;  // "dag"
    const DagPlatform& p = in.platform;
    mix(digest, p.clusters.size());
    for (const DagCluster& c : p.clusters) {
        mix(digest, c.name);
        mix(digest, static_cast<std::size_t>(c.processors));
        mix(digest, c.speed);
        mix(digest, c.bandwidth);
        mix(digest, c.latency);
    }
    mix(digest, p.backbone.bandwidth);
    mix(digest, p.backbone.latency);
    mix(digest, p.simgrid.file);
    mix(digest, p.simgrid.hostsByCluster.size());
    for (const auto& [cluster, hosts] : p.simgrid.hostsByCluster) {
        mix(digest, cluster);
        mix(digest, hosts.size());
        for (const std::string& host : hosts) mix(digest, host);
    }
    mix(digest, in.tasks.size());
    for (const DagTask& t : in.tasks) {
        mix(digest, t.name);
        mix(digest, t.flops);
        mix(digest, t.alpha);
    }
    mix(digest, in.edges.size());
    for (const DagEdge& e : in.edges) {
        mix(digest, e.from);
        mix(digest, e.to);
        mix(digest, e.bytes);
    }
    return digest;
}

void mixCount(std::size_t& digest, std::int64_t count) { mix(digest, static_cast<std::size_t>(count)); }

std::size_t partitionDigest(const PartitionInstance& in) {
    std::size_t digest = 0x70617274;  // "part"
    mixCount(digest, in.tasks);
    mix(digest, static_cast<std::size_t>(in.objective));
    mix(digest, in.resources.size());
    for (const PartitionResource& r : in.resources) {
        mix(digest, r.name);
        mixCount(digest, r.lower);
        mixCount(digest, r.upper);
        mix(digest, r.allowed.size());
        for (const std::int64_t count : r.allowed) mixCount(digest, count);
        const CostFunction& c = r.cost;
        mix(digest, static_cast<std::size_t>(c.kind));
        mix(digest, c.table.size());
        for (const double value : c.table) mix(digest, value);
        mix(digest, c.fixed);
        mix(digest, c.perTask);
        mix(digest, c.points.size());
        for (const auto& [x, cost] : c.points) {
            mix(digest, x);
            mix(digest, cost);
        }
    }
    return digest;
}

std::size_t divisibleDigest(const DivisibleInstance& in) {
    std::size_t digest = 0x6469766c;  // "divl"
    mix(digest, in.horizon);
    mix(digest, in.workers.size());
    for (const DivisibleWorker& w : in.workers) {
        mix(digest, w.name);
        mix(digest, w.c);
        mix(digest, w.w);
        mix(digest, w.d);
    }
    for (const std::vector<std::size_t>* order : {&in.sendOrder, &in.returnOrder}) {
        mix(digest, order->size());
        for (const std::size_t worker : *order) mix(digest, worker);
    }
    return digest;
}

std::size_t steadyDigest(const SteadyStateInstance& in) {
    std::size_t digest = 0x73746479;  // "stdy"
    mix(digest, static_cast<std::size_t>(in.model));
    mix(digest, in.nodes.size());
    for (const SteadyNode& n : in.nodes) {
        mix(digest, n.name);
        mix(digest, n.speed);
    }
    mix(digest, in.links.size());
    for (const SteadyLink& l : in.links) {
        mix(digest, l.from);
        mix(digest, l.to);
        mix(digest, l.bandwidth);
        mix(digest, static_cast<std::size_t>(l.bidirectional));
    }
    const SteadyApplication& a = in.application;
    mix(digest, static_cast<std::size_t>(a.type));
    mix(digest, a.source);
    mix(digest, a.data);
    mix(digest, a.result);
    mix(digest, a.work);
    mix(digest, a.targets.size());
    for (const std::size_t target : a.targets) mix(digest, target);
    return digest;
}

std::size_t cpuGpuDigest(const CpuGpuInstance& in) {
    std::size_t digest = 0x63707567;  // "cpug"
    mixCount(digest, in.cpus);
    mixCount(digest, in.gpus);
    mix(digest, in.epsilon);
    mix(digest, in.tasks.size());
    for (const CpuGpuTask& t : in.tasks) {
        mix(digest, t.name);
        mix(digest, t.cpu);
        mix(digest, t.gpu);
    }
    return digest;
}

}  // namespace

std::size_t instanceDigest(const Instance& instance) {
    // From the instance's fields, every field its file holds (tests/ui/test_undo_edits.cpp changes each in
    // turn), without its JSON form.
    return std::visit(
        [](const auto& in) -> std::size_t {
            using In = std::decay_t<decltype(in)>;
            if constexpr (std::is_same_v<In, PartitionInstance>) return partitionDigest(in);
            else if constexpr (std::is_same_v<In, DivisibleInstance>) return divisibleDigest(in);
            else if constexpr (std::is_same_v<In, SteadyStateInstance>) return steadyDigest(in);
            else if constexpr (std::is_same_v<In, CpuGpuInstance>) return cpuGpuDigest(in);
            else return dagDigest(in);
        },
        instance);
}

std::size_t instanceDigest(const nlohmann::json& instanceJson) {
    // The same digest whichever form is at hand; JSON that is no instance is told apart by its text.
    if (const Expected<Instance> instance = instanceFromJson(instanceJson)) return instanceDigest(*instance);
    return std::hash<std::string>{}(instanceJson.dump());
}

std::optional<double> RunRecord::simulatedMakespan() const {
    if (simulation) return simulation->simulatedMakespan;
    const nlohmann::json summary = simulationSummaryJson();
    return summary.is_object() ? numberField(summary, "simulated_makespan") : std::nullopt;
}

nlohmann::json RunRecord::simulationSummaryJson() const {
    if (simulation) return simulationSummaryToJson(*simulation);
    if (!keptSimulationSummary.is_null()) return keptSimulationSummary;
    if (const auto it = unreadable.find("simulation"); it != unreadable.end() && it->is_object()) return *it;
    return {};
}


RunRecord makeRunRecord(SolveResult result, std::size_t digest, const SolverOptions& options) {
    RunRecord record;
    record.result = std::make_shared<const SolveResult>(std::move(result));
    record.solverOptions = options;
    record.instanceDigest = digest;
    return record;
}

RunRecord readRunRecord(const Instance& instance, const json_detail::JsonNode& run, std::size_t digest) {
    RunRecord record;
    record.instanceDigest = digest;
    // The simulation and the options are small beside the result, which is read where it lies.
    nlohmann::json simulation;
    if (const std::optional<json_detail::JsonNode> stored = run.find("simulation")) {
        simulation = stored->json();
        if (simulation.is_object() && simulation.contains("tasks"))
            if (Expected<SimulationResult> read = storedSimulationFromJson(simulation)) {
                record.simulation = std::make_shared<const SimulationResult>(std::move(*read));
                simulation = nullptr;
            }
    }
    if (const std::optional<json_detail::JsonNode> options = run.find("options")) {
        const nlohmann::json values = options->json();
        if (values.is_object())
            for (const auto& [name, value] : values.items())
                if (value.is_number()) record.solverOptions[name] = value.get<double>();
    }
    // Its messages name paths within the run, as when a run was read from its own tree.
    Expected<SolveResult> restored = resultFromNode(instance, run.asRoot());
    if (restored) {
        record.result = std::make_shared<const SolveResult>(std::move(*restored));
        if (simulation.is_object()) record.keptSimulationSummary = std::move(simulation);
    } else {
        record.restoreError = QString::fromStdString(restored.error().message);
        record.unreadable = run.json();
        if (record.simulation && record.unreadable.is_object()) record.unreadable.erase("simulation");
    }
    return record;
}

RunRecord restoreRunRecord(const Instance& instance, const nlohmann::json& json, std::size_t digest) {
    return readRunRecord(instance, json_detail::JsonNode(json, ""), digest);
}

nlohmann::json runJson(const RunRecord& run, const Instance& solvedOn) {
    if (!run.result) return run.unreadable;
    nlohmann::json json = resultToJson(solvedOn, *run.result);
    if (!run.solverOptions.empty()) json["options"] = run.solverOptions;
    if (nlohmann::json summary = run.simulationSummaryJson(); !summary.is_null()) json["simulation"] = std::move(summary);
    return json;
}

QString unreadableRunMessage(const RunRecord* run, const QString& consequence) {
    if (!run || run->result) return {};
    return QCoreApplication::translate("RunRecord", "The selected run (%1) cannot be read back: %2. %3")
        .arg(run->solver(), run->restoreError, consequence);
}

const Instance& solvedInstance(const RunRecord& run, const Instance& current) {
    return run.instance ? *run.instance : current;
}

std::vector<AssignedCount> partitionAssignment(const PartitionInstance& solvedOn, const SolveResult& result) {
    std::vector<AssignedCount> assignment;
    const PartitionSolution* solution = solutionOf<PartitionSolution>(result);
    if (!solution || solution->status == SolveStatus::Infeasible) return assignment;
    // The solution was verified against this instance: one count and one cost per resource.
    for (std::size_t i = 0; i < solution->tasks.size() && i < solvedOn.resources.size(); ++i)
        assignment.push_back({solvedOn.resources[i].name, solution->tasks[i], solution->costs[i]});
    return assignment;
}

}  // namespace hetsched::ui
