// Small helpers shared by the families' simulations (not part of the public API).
#pragma once

#include <string>

#include "schedule/schedule.h"
#include "simulation/simulation.h"

namespace hetsched::simulation_detail {

// "12.5" (%.6g): numbers in messages and tooltips.
std::string formatSeconds(double value);
// A number as SimGrid reads it back exactly (%.17g), without a unit.
std::string xmlNumber(double value);
// A quoted, escaped XML attribute value: "\"a&amp;b\"".
std::string xmlAttribute(const std::string& value);
// The simulated makespan (solid) and the planned one (dashed) as markers, and both as metrics.
void addMakespanMarkers(Schedule& schedule, const SimulationResult& result);
// Sets each activity's cause "none" when on time; the others are left to the family.
void markOnTime(SimulationResult& result);

}  // namespace hetsched::simulation_detail
