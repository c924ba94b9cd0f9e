#include "document/run_record.h"

#include <QCoreApplication>

#include <functional>

#include "io/instance_io.h"
#include "io/result_io.h"
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

QString RunRecord::solver() const {
    return stringField(json, "solver");
}
QString RunRecord::status() const {
    return stringField(json, "status");
}
QString RunRecord::statusText() const {
    if (result) return QString::fromStdString(solveStatusText(*result));
    const QString within = stringField(json, "optimal_within");
    return within.isEmpty() || status() != QLatin1String("optimal") ? status() : QCoreApplication::translate("RunRecord", "optimal among %1").arg(within);
}
QString RunRecord::objectiveName() const {
    // Only the partition family writes "objective" into its result JSON; the others name it in the SolveResult.
    if (result && !result->objectiveName.empty()) return QString::fromStdString(result->objectiveName);
    return stringField(json, "objective");
}
QString RunRecord::message() const {
    return stringField(json, "message");
}
std::optional<double> RunRecord::seconds() const {
    return numberField(json, "seconds");
}

bool RunRecord::isBound() const {
    return result ? result->answerIsBound : stringField(json, "answer") == QLatin1String("lower_bound");
}

QString RunRecord::objectiveText() const {
    const std::optional<double> value = objective();
    if (!value) return QStringLiteral("—");
    const QString text = quantityText(*value, result ? QString::fromStdString(result->objectiveUnit) : QString());
    return isBound() ? QStringLiteral("≥ %1").arg(text) : text;
}

std::optional<double> RunRecord::objective() const {
    if (result) return result->objective;
    const QString name = objectiveName();
    return name.isEmpty() ? std::nullopt : numberField(json, name.toStdString());
}

std::size_t instanceDigest(const Instance& instance) {
    return instanceDigest(instanceToJson(instance));
}

std::size_t instanceDigest(const nlohmann::json& instanceJson) {
    return std::hash<std::string>{}(instanceJson.dump());
}

std::optional<double> RunRecord::simulatedMakespan() const {
    const auto it = json.find("simulation");
    if (it == json.end() || !it->is_object()) return std::nullopt;
    return numberField(*it, "simulated_makespan");
}

nlohmann::json simulationSummary(const SimulationResult& simulation) {
    nlohmann::json summary = simulationResultToJson(simulation);
    summary.erase("tasks");
    summary.erase("transfers");
    return summary;
}

SolverOptions RunRecord::options() const {
    SolverOptions options;
    const auto it = json.find("options");
    if (it == json.end() || !it->is_object()) return options;
    for (const auto& [name, value] : it->items())
        if (value.is_number()) options[name] = value.get<double>();
    return options;
}

RunRecord makeRunRecord(SolveResult result, std::size_t digest, const SolverOptions& options) {
    if (!options.empty()) result.json["options"] = options;
    RunRecord record;
    record.json = result.json;
    record.result = std::make_shared<const SolveResult>(std::move(result));
    record.instanceDigest = digest;
    return record;
}

RunRecord restoreRunRecord(const Instance& instance, nlohmann::json json, std::size_t digest) {
    RunRecord record;
    record.instanceDigest = digest;
    Expected<SolveResult> restored = resultFromJson(instance, json);
    if (restored)
        record.result = std::make_shared<const SolveResult>(std::move(*restored));
    else
        record.restoreError = QString::fromStdString(restored.error().message);
    record.json = std::move(json);
    return record;
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
