#include "io/result_io.h"

#include "family/family.h"
#include "io/json_reader.h"

namespace hetsched {

using json_detail::InputError;
using json_detail::JsonNode;

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
    Expected<SolveResult> restored = familyOf(instance).readResult(instance, json);
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

nlohmann::json resultToJson(const Instance& instance, const SolveResult& result) {
    nlohmann::json json = familyOf(instance).writeResult(instance, result);
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
    return json;
}

}  // namespace hetsched
