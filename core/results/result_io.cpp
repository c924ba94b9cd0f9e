#include "results/result_io.h"

#include "io/json_reader.h"
#include "io/json_text_writer.h"
#include "solvers/family_solution.h"
#include "solvers/cpugpu/cpugpu_result.h"
#include "solvers/dag/dag_result.h"
#include "solvers/divisible/divisible_result.h"
#include "solvers/partition/partition_result.h"
#include "solvers/steady/steady_result.h"

namespace hetsched {

using json_detail::InputError;
using json_detail::JsonNode;

namespace {

// Each family's keys of a result (solvers/<family>/<family>_result.h), one overload per alternative of Instance:
// read back with the family's verifier run on the solution, and written from its typed solution.
Expected<SolveResult> readAlternative(const PartitionInstance& in, const nlohmann::json& json) {
    return partitionResultFromJson(in, json);
}
Expected<SolveResult> readAlternative(const DivisibleInstance& in, const nlohmann::json& json) {
    return divisibleResultFromJson(in, json);
}
Expected<SolveResult> readAlternative(const CpuGpuInstance& in, const nlohmann::json& json) {
    return cpuGpuResultFromJson(in, json);
}
Expected<SolveResult> readAlternative(const SteadyStateInstance& in, const nlohmann::json& json) {
    return steadyResultFromJson(in, json);
}
Expected<SolveResult> readAlternative(const DagInstance& in, const nlohmann::json& json) {
    return dagResultFromJson(in, json);
}

nlohmann::json writeAlternative(const PartitionInstance& in, const SolveResult& r) { return partitionResultJson(in, r); }
nlohmann::json writeAlternative(const DivisibleInstance& in, const SolveResult& r) { return divisibleResultJson(in, r); }
nlohmann::json writeAlternative(const CpuGpuInstance& in, const SolveResult& r) { return cpuGpuResultJson(in, r); }
nlohmann::json writeAlternative(const SteadyStateInstance& in, const SolveResult& r) { return steadyResultJson(in, r); }
nlohmann::json writeAlternative(const DagInstance& in, const SolveResult& r) { return dagResultJson(in, r); }

}  // namespace

Expected<SolveResult> resultFromJson(const Instance& instance, const nlohmann::json& json) {
    SolveResult common;
    try {
        const JsonNode root(json, "");
        root.requireObject();
        const std::string kind = root.at("kind").string();
        if (kind != instanceKind(instance))
            root.at("kind").fail("a " + kind + " result cannot belong to a " + instanceKind(instance) + " instance");
        common.kind = kind;
        common.solver = root.at("solver").string();
        common.seconds = root.find("seconds") ? root.at("seconds").numberIn(0, 1e12) : 0.0;
        common.message = root.find("message") ? root.at("message").string() : std::string();
        common.optimalWithin = root.find("optimal_within") ? root.at("optimal_within").string() : std::string();
    } catch (const InputError& e) {
        return invalidInput(std::string("stored result: ") + e.what());
    }
    Expected<SolveResult> restored = std::visit([&](const auto& in) { return readAlternative(in, json); }, instance);
    if (!restored) return restored;
    restored->kind = common.kind;
    restored->solver = common.solver;
    restored->seconds = common.seconds;
    restored->message = common.message;
    restored->optimalWithin = common.optimalWithin;
    const auto answer = json.find("answer");
    if (answer != json.end() && *answer == "lower_bound") markBoundAnswer(*restored);
    if (std::string problem = readStatusKeys(*restored, json); !problem.empty())
        return invalidInput("stored result: " + problem);
    return restored;
}

// The keys every family's result has, added to (or replacing) the family's own.
static void addCommonKeys(nlohmann::json& json, const SolveResult& result) {
    json["kind"] = result.kind;
    json["solver"] = result.solver;
    json["status"] = solveStatusName(result.status);
    json["seconds"] = result.seconds;
    if (!result.message.empty()) json["message"] = result.message;
    if (!result.optimalWithin.empty()) json["optimal_within"] = result.optimalWithin;
    if (result.answerIsBound) json["answer"] = "lower_bound";
    json["call_status"] = callStatusName(result.callStatus);
    if (!result.answerIsBound && result.bestBound && result.gap) {
        json["best_bound"] = *result.bestBound;
        json["gap"] = *result.gap;
    }
}

nlohmann::json resultToJson(const Instance& instance, const SolveResult& result) {
    nlohmann::json json = std::visit([&](const auto& in) { return writeAlternative(in, result); }, instance);
    addCommonKeys(json, result);
    return json;
}

std::string resultText(const Instance& instance, const SolveResult& result) {
    std::string text;
    writeResultText(instance, result, [&](std::string_view piece) { text += piece; });
    return text;
}

void writeResultText(const Instance& instance, const SolveResult& result,
                     const std::function<void(std::string_view)>& sink) {
    const auto* cpugpu = std::get_if<CpuGpuInstance>(&instance);
    if (!cpugpu || !solutionOf<CpuGpuSolution>(result)) {
        sink(resultToJson(instance, result).dump(2));
        return;
    }
    // A CPU/GPU result of a million tasks: its small keys as a tree, its rows streamed at their place among
    // them (an object's keys are written sorted).
    nlohmann::json keys = cpuGpuResultKeysButTasks(*cpugpu, result);
    addCommonKeys(keys, result);
    json_detail::JsonTextWriter w(2);
    w.setSink(sink);
    w.beginObject();
    bool rowsWritten = false;
    const auto writeRows = [&] {
        w.key("tasks");
        writeCpuGpuTaskRows(*cpugpu, result, w);
        rowsWritten = true;
    };
    for (const auto& [key, value] : keys.items()) {
        if (!rowsWritten && key > "tasks") writeRows();
        w.member(key, value);
    }
    if (!rowsWritten) writeRows();
    w.endObject();
    sink(w.take());
}

}  // namespace hetsched
