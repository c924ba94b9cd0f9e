#include "document/run_record.h"

#include <functional>

#include "io/instance_io.h"
#include "solvers/partition/partition_solvers.h"

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

// The partition family stores x_i per resource; its schedule is rebuilt by the core from them.
Expected<SolveResult> restorePartition(const PartitionInstance& in, const nlohmann::json& json) {
    SolveResult result;
    result.kind = "partition";
    result.solver = stringField(json, "solver").toStdString();
    const std::optional<SolveStatus> status = solveStatusFromName(stringField(json, "status").toStdString());
    if (!status) return invalidInput("the run has no valid \"status\"");
    result.status = *status;
    result.message = stringField(json, "message").toStdString();
    result.seconds = numberField(json, "seconds").value_or(0.0);
    result.objectiveName = partitionObjectiveName(in.objective);
    result.json = json;

    PartitionSolution solution;
    solution.status = *status;
    solution.message = result.message;
    if (*status != SolveStatus::Infeasible) {
        const std::vector<AssignedCount> assignment = partitionAssignment(json);
        if (assignment.size() != in.resources.size())
            return invalidInput("the run assigns tasks to " + std::to_string(assignment.size()) +
                                " resources, the instance has " + std::to_string(in.resources.size()));
        for (std::size_t i = 0; i < assignment.size(); ++i) {
            if (assignment[i].resource != in.resources[i].name)
                return invalidInput("the run's resource " + std::to_string(i) + " is \"" +
                                    assignment[i].resource + "\", the instance's is \"" +
                                    in.resources[i].name + "\"");
            solution.tasks.push_back(assignment[i].tasks);
            solution.costs.push_back(assignment[i].cost);
        }
        solution.makespan = numberField(json, "makespan").value_or(0.0);
        solution.totalCost = numberField(json, "total_cost").value_or(0.0);
        result.objective = solution.objective(in.objective);
    }
    result.schedule = partitionSchedule(in, solution);
    return result;
}

}  // namespace

QString RunRecord::solver() const {
    return stringField(json, "solver");
}
QString RunRecord::status() const {
    return stringField(json, "status");
}
QString RunRecord::objectiveName() const {
    return stringField(json, "objective");
}
QString RunRecord::message() const {
    return stringField(json, "message");
}
std::optional<double> RunRecord::seconds() const {
    return numberField(json, "seconds");
}

std::optional<double> RunRecord::objective() const {
    if (result) return result->objective;
    const QString name = objectiveName();
    return name.isEmpty() ? std::nullopt : numberField(json, name.toStdString());
}

std::size_t instanceDigest(const Instance& instance) {
    return std::hash<std::string>{}(instanceToJson(instance).dump());
}

RunRecord makeRunRecord(SolveResult result, std::size_t digest) {
    RunRecord record;
    record.json = result.json;
    record.result = std::make_shared<const SolveResult>(std::move(result));
    record.instanceDigest = digest;
    return record;
}

RunRecord restoreRunRecord(const Instance& instance, nlohmann::json json, std::size_t digest) {
    RunRecord record;
    record.instanceDigest = digest;
    Expected<SolveResult> restored = invalidInput("no chart for this kind of instance");
    if (const auto* partition = std::get_if<PartitionInstance>(&instance))
        restored = restorePartition(*partition, json);
    if (restored)
        record.result = std::make_shared<const SolveResult>(std::move(*restored));
    else
        record.restoreError = QString::fromStdString(restored.error().message);
    record.json = std::move(json);
    return record;
}

std::vector<AssignedCount> partitionAssignment(const nlohmann::json& result) {
    std::vector<AssignedCount> assignment;
    const auto it = result.find("assignment");
    if (it == result.end() || !it->is_array()) return assignment;
    for (const nlohmann::json& entry : *it) {
        if (!entry.is_object()) continue;
        AssignedCount a;
        if (auto name = entry.find("resource"); name != entry.end() && name->is_string())
            a.resource = name->get<std::string>();
        if (auto tasks = entry.find("tasks"); tasks != entry.end() && tasks->is_number())
            a.tasks = tasks->get<std::int64_t>();
        if (auto cost = entry.find("cost"); cost != entry.end() && cost->is_number())
            a.cost = cost->get<double>();
        assignment.push_back(std::move(a));
    }
    return assignment;
}

}  // namespace hetsched::ui
