// Reading stored results (as `hetsched solve` prints them, and as projects keep them) back into
// SolveResults with their schedules, checked against the instance they were computed on.
#pragma once

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "model/instance.h"
#include "solvers/registry.h"

namespace hetsched {

Expected<SolveResult> resultFromJson(const Instance& instance, const nlohmann::json& json);

}  // namespace hetsched
