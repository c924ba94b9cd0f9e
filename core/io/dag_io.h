// JSON form of moldable task graph instances ("kind": "dag"); see docs/formats.md.
#pragma once

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
nlohmann::json dagInstanceToJson(const DagInstance& instance);
// The same document's text, dagInstanceToJson(instance).dump(2) byte for byte, written without its tree.
std::string dagInstanceText(const DagInstance& instance);
// The same, into a writer at its place (an instance inside a project file).
void writeDagInstance(const DagInstance& instance, json_detail::JsonTextWriter& writer);

}  // namespace hetsched
