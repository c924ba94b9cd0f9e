// JSON form of CPU/GPU instances ("kind": "cpugpu"); see docs/formats.md.
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "io/json_reader.h"
#include "model/cpugpu.h"

namespace hetsched {

namespace json_detail {
class JsonTextWriter;
}

// Throws json_detail::InputError naming the path of the first problem.
CpuGpuInstance readCpuGpuInstance(const json_detail::JsonNode& root);
// A valid instance file read in one forward pass of simdjson's On-Demand API, straight into the model (about the
// speed of simdjson's bare parse); nullopt for anything it does not take exactly as readCpuGpuInstance takes it (a
// problem, a repeated or unknown key, a number in another form, another kind), which the caller reads again through
// readCpuGpuInstance for its message. `text` must have json_detail::kJsonPadding readable bytes after its end.
std::optional<CpuGpuInstance> readCpuGpuInstanceForward(std::string_view text);
nlohmann::json cpuGpuInstanceToJson(const CpuGpuInstance& instance);
// The same document's text, cpuGpuInstanceToJson(instance).dump(2) byte for byte, written without its tree.
std::string cpuGpuInstanceText(const CpuGpuInstance& instance);
// The same, into a writer at its place (an instance inside a project file).
void writeCpuGpuInstance(const CpuGpuInstance& instance, json_detail::JsonTextWriter& writer);

}  // namespace hetsched
