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
    restored->json = json;
    const auto answer = json.find("answer");
    if (answer != json.end() && *answer == "lower_bound") markBoundAnswer(*restored);
    if (std::string problem = readStatusKeys(*restored); !problem.empty()) return invalidInput("stored result: " + problem);
    return restored;
}

}  // namespace hetsched
