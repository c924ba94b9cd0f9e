// JSON form of divisible-load instances ("kind": "divisible"); see docs/formats.md.
#pragma once

#include <nlohmann/json.hpp>

#include "io/json_reader.h"
#include "model/divisible.h"

namespace hetsched {

// Throws json_detail::InputError naming the path of the first problem.
DivisibleInstance readDivisibleInstance(const json_detail::JsonNode& root);
nlohmann::json divisibleInstanceToJson(const DivisibleInstance& instance);

}  // namespace hetsched
