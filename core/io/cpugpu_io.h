// JSON form of CPU/GPU instances ("kind": "cpugpu"); see docs/formats.md.
#pragma once

#include <nlohmann/json.hpp>

#include "io/json_reader.h"
#include "model/cpugpu.h"

namespace hetsched {

namespace json_detail {
class JsonTextWriter;
}

// Throws json_detail::InputError naming the path of the first problem.
CpuGpuInstance readCpuGpuInstance(const json_detail::JsonNode& root);
nlohmann::json cpuGpuInstanceToJson(const CpuGpuInstance& instance);
// The same document's text, cpuGpuInstanceToJson(instance).dump(2) byte for byte, written without its tree.
std::string cpuGpuInstanceText(const CpuGpuInstance& instance);
// The same, into a writer at its place (an instance inside a project file).
void writeCpuGpuInstance(const CpuGpuInstance& instance, json_detail::JsonTextWriter& writer);

}  // namespace hetsched
