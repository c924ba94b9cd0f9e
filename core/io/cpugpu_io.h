// JSON form of CPU/GPU instances ("kind": "cpugpu"); see docs/formats.md.
#pragma once

#include <nlohmann/json.hpp>

#include "io/json_reader.h"
#include "model/cpugpu.h"

namespace hetsched {

// Throws json_detail::InputError naming the path of the first problem.
CpuGpuInstance readCpuGpuInstance(const json_detail::JsonNode& root);
nlohmann::json cpuGpuInstanceToJson(const CpuGpuInstance& instance);
// The same document's text, cpuGpuInstanceToJson(instance).dump(2) byte for byte, written without its tree.
std::string cpuGpuInstanceText(const CpuGpuInstance& instance);

}  // namespace hetsched
