// JSON form of moldable task graph instances ("kind": "dag"); see docs/formats.md.
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "io/json_reader.h"
#include "model/dag.h"
#include "model/instance_checks.h"   // dagInstanceProblem and dag_limits, which the readers apply

namespace hetsched {

namespace json_detail {
class JsonTextWriter;
}

// Throws json_detail::InputError naming the path of the first problem.
DagInstance readDagInstance(const json_detail::JsonNode& root);
// The file's "platform" object, the same way.
DagPlatform readDagPlatform(const json_detail::JsonNode& platform);
// A valid task graph file read in one forward pass of simdjson's On-Demand API (its tasks and edges straight into
// the model; its small platform object through readDagPlatform); nullopt for anything it does not take exactly as
// readDagInstance takes it (a problem, a repeated or unknown key, another kind), which the caller reads again
// through readDagInstance for its message. `text` must have json_detail::kJsonPadding readable bytes after its end.
std::optional<DagInstance> readDagInstanceForward(std::string_view text);
nlohmann::json dagInstanceToJson(const DagInstance& instance);
// The same document's text, dagInstanceToJson(instance).dump(2) byte for byte, written without its tree.
std::string dagInstanceText(const DagInstance& instance);
// The same, into a writer at its place (an instance inside a project file).
void writeDagInstance(const DagInstance& instance, json_detail::JsonTextWriter& writer);

}  // namespace hetsched
