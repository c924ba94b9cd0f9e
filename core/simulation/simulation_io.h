// A simulation on SimGrid kept whole in a project (docs/formats.md, "Projects"): the result of
// `hetsched simulate` plus the simulated schedule the views draw, written and read back unchanged.
#pragma once

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "schedule/schedule.h"
#include "simulation/simulation.h"

namespace hetsched {

// The generic schedule as JSON: {"title", "time_unit", "lanes": [{"name", "category", "intervals": [...]}],
// "markers": [...], "metrics": [...]}; each interval's kind by name (intervalKindName).
nlohmann::json scheduleToJson(const Schedule& schedule);
Expected<Schedule> scheduleFromJson(const nlohmann::json& json);

// simulationResultToJson plus "schedule" (scheduleToJson of the simulated schedule) and, for a generated
// platform, "platform_xml".
nlohmann::json storedSimulationToJson(const SimulationResult& simulation);
// Reads storedSimulationToJson's form back; a summary without "tasks", "transfers" and "schedule" (what
// projects of version 1 kept) is refused, naming the missing key.
Expected<SimulationResult> storedSimulationFromJson(const nlohmann::json& json);

}  // namespace hetsched
