// Small helpers shared by the families' simulations (not part of the public API).
#pragma once

#include <string>

#include "schedule/schedule.h"
#include "simulation/simgrid_simulation.h"
#include "simulation/simulation.h"

namespace hetsched::simulation_detail {

// "12.5" (%.6g): numbers in messages and tooltips.
std::string formatSeconds(double value);
// An activity as planned (its simulated times are filled in later).
SimulatedActivity plannedActivity(std::string id, double plannedStart, double plannedEnd, std::string from = {},
                                  std::string to = {}, double bytes = 0);
// A number as SimGrid reads it back exactly (%.17g), without a unit.
std::string xmlNumber(double value);
// A quoted, escaped XML attribute value: "\"a&amp;b\"".
std::string xmlAttribute(const std::string& value);
// A plan on a platform generated as `xml`, written as platform.xml into `directory` (which the run needs).
Expected<SimulationPlan> planOnPlatformXml(TemporaryDirectory& directory, const std::string& xml);
// The simulated makespan (solid) and the planned one (dashed) as markers, and both as metrics.
void addMakespanMarkers(Schedule& schedule, const SimulationResult& result);
// What an activity waited for in the simulation, for the cause of its delay.
enum class WaitKind {
    Data,        // a task whose output it needs directly: its delay is "waiting_for_data"
    Transfer,    // the transfer bringing its input: that transfer's contention or model, else waiting for data
    Processor,   // the activity before it on a resource it uses: "waiting_for_processors"
    Inherit,     // a step of the plan's order (a steady-state pattern's end): its cause as it is
};
struct Wait {
    std::size_t activity = 0;   // index into the list given to assignCauses
    WaitKind kind = WaitKind::Data;
};

// The cause of every activity's delay (docs/formats.md): on time within the tolerance; else its own
// duration if that moved more than its start (longer than alone: contention, else the model); else
// what it waited for last among those off their plan (or, when none is, what its planned start waited
// for), as its kind says; else the model (the plan started it at another time than its inputs allow).
void assignCauses(const std::vector<SimulatedActivity*>& activities, const std::vector<std::vector<Wait>>& waits,
                  double tolerance);

}  // namespace hetsched::simulation_detail
