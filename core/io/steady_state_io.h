// JSON form of steady-state instances ("kind": "steady_state"); see docs/formats.md.
#pragma once

#include <nlohmann/json.hpp>

#include "io/json_reader.h"
#include "model/steady_state.h"

namespace hetsched {

// Throws json_detail::InputError naming the path of the first problem.
SteadyStateInstance readSteadyStateInstance(const json_detail::JsonNode& root);
nlohmann::json steadyStateInstanceToJson(const SteadyStateInstance& instance);

}  // namespace hetsched
