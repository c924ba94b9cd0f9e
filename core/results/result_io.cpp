#include "results/result_io.h"

#include "common/number_format.h"
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
Expected<SolveResult> readAlternative(const PartitionInstance& in, const JsonNode& root) {
    return partitionResultFromJson(in, root);
}
Expected<SolveResult> readAlternative(const DivisibleInstance& in, const JsonNode& root) {
    return divisibleResultFromJson(in, root);
}
Expected<SolveResult> readAlternative(const CpuGpuInstance& in, const JsonNode& root) {
    return cpuGpuResultFromJson(in, root);
}
Expected<SolveResult> readAlternative(const SteadyStateInstance& in, const JsonNode& root) {
    return steadyResultFromJson(in, root);
}
Expected<SolveResult> readAlternative(const DagInstance& in, const JsonNode& root) {
    return dagResultFromJson(in, root);
}

nlohmann::json writeAlternative(const PartitionInstance& in, const SolveResult& r) { return partitionResultJson(in, r); }
nlohmann::json writeAlternative(const DivisibleInstance& in, const SolveResult& r) { return divisibleResultJson(in, r); }
nlohmann::json writeAlternative(const CpuGpuInstance& in, const SolveResult& r) { return cpuGpuResultJson(in, r); }
nlohmann::json writeAlternative(const SteadyStateInstance& in, const SolveResult& r) { return steadyResultJson(in, r); }
nlohmann::json writeAlternative(const DagInstance& in, const SolveResult& r) { return dagResultJson(in, r); }

// "call_status", "best_bound" and "gap" of a stored result read back (absent keys: derived from the status,
// none): an empty string, or what is wrong with them.
std::string readStatusKeys(SolveResult& result, const JsonNode& root) {
    result.callStatus = callStatusOf(result.status);
    if (const std::optional<JsonNode> call = root.find("call_status")) {
        std::optional<CallStatus> status;
        try {
            status = callStatusFromName(call->string());
        } catch (const InputError&) {   // not a string
        }
        if (!status || *status == CallStatus::Error)
            return "\"call_status\" must be \"ok\" or \"warning\" in a result, got " + call->text();
        result.callStatus = *status;
    }
    auto number = [&](const char* key, double lo, double hi, std::optional<double>& into) -> std::string {
        const std::optional<JsonNode> node = root.find(key);
        if (!node) return {};
        std::optional<double> value;
        try {
            value = node->number();   // finite
        } catch (const InputError&) {
        }
        if (!value || *value < lo || *value > hi)
            return std::string("\"") + key + "\" must be a number in [" + formatSignificant(lo) + ", " +
                   formatSignificant(hi) + "], got " + node->text();
        into = *value;
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

}  // namespace

Expected<SolveResult> resultFromNode(const Instance& instance, const JsonNode& root) {
    SolveResult common;
    bool boundAnswer = false;
    try {
        root.requireObject();
        const std::string kind = root.at("kind").string();
        if (kind != instanceKind(instance))
            root.at("kind").fail("a " + kind + " result cannot belong to a " + instanceKind(instance) + " instance");
        common.kind = kind;
        common.solver = root.at("solver").string();
        common.seconds = root.find("seconds") ? root.at("seconds").numberIn(0, 1e12) : 0.0;
        common.message = root.find("message") ? root.at("message").string() : std::string();
        common.optimalWithin = root.find("optimal_within") ? root.at("optimal_within").string() : std::string();
        if (const std::optional<JsonNode> answer = root.find("answer")) {
            try {
                boundAnswer = answer->string() == "lower_bound";
            } catch (const InputError&) {   // another value: not a bound answer, as before
            }
        }
    } catch (const InputError& e) {
        return invalidInput(std::string("stored result: ") + e.what());
    }
    Expected<SolveResult> restored = std::visit([&](const auto& in) { return readAlternative(in, root); }, instance);
    if (!restored) return restored;
    restored->kind = common.kind;
    restored->solver = common.solver;
    restored->seconds = common.seconds;
    restored->message = common.message;
    restored->optimalWithin = common.optimalWithin;
    if (boundAnswer) markBoundAnswer(*restored);
    if (std::string problem = readStatusKeys(*restored, root); !problem.empty())
        return invalidInput("stored result: " + problem);
    return restored;
}

Expected<SolveResult> resultFromJson(const Instance& instance, const nlohmann::json& json) {
    return resultFromNode(instance, JsonNode(json, ""));
}

Expected<SolveResult> resultFromText(const Instance& instance, std::string_view text) {
    try {
        if (const std::unique_ptr<json_detail::FastJsonDocument> document = json_detail::FastJsonDocument::parse(text, false))
            return resultFromNode(instance, document->root());
        return resultFromJson(instance, json_detail::parseJsonText(text));
    } catch (const InputError& e) {
        return invalidInput(e.what());
    }
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

namespace {

// A result whose rows are many: its small keys from the tree, its rows streamed at their place among them (an
// object's keys are written sorted, as nlohmann writes them).
void writeStreamed(nlohmann::json keys, const SolveResult& result, const std::function<void(std::string_view)>& sink,
                   const std::function<void(json_detail::JsonTextWriter&)>& writeRows) {
    addCommonKeys(keys, result);
    json_detail::JsonTextWriter w(2);
    w.setSink(sink);
    w.beginObject();
    bool rowsWritten = false;
    const auto rows = [&] {
        w.key("tasks");
        writeRows(w);
        rowsWritten = true;
    };
    for (const auto& [key, value] : keys.items()) {
        if (!rowsWritten && key > "tasks") rows();
        w.member(key, value);
    }
    if (!rowsWritten) rows();
    w.endObject();
    sink(w.take());
}

}  // namespace

void writeResultText(const Instance& instance, const SolveResult& result,
                     const std::function<void(std::string_view)>& sink) {
    // A million CPU/GPU tasks, or 100,000 task graph tasks on dozens of processors each: never a tree.
    if (const auto* cpugpu = std::get_if<CpuGpuInstance>(&instance); cpugpu && solutionOf<CpuGpuSolution>(result)) {
        writeStreamed(cpuGpuResultKeysButTasks(*cpugpu, result), result, sink,
                      [&](json_detail::JsonTextWriter& w) { writeCpuGpuTaskRows(*cpugpu, result, w); });
        return;
    }
    if (const auto* dag = std::get_if<DagInstance>(&instance); dag && solutionOf<DagSolution>(result)) {
        writeStreamed(dagResultKeysButTasks(*dag, result), result, sink,
                      [&](json_detail::JsonTextWriter& w) { writeDagTaskRows(*dag, result, w); });
        return;
    }
    sink(resultToJson(instance, result).dump(2));
}

}  // namespace hetsched
