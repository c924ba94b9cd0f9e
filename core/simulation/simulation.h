// A schedule replayed on SimGrid: the same processors, allocation and order as planned, with the
// simulated start and end of every task and transfer beside the planned ones, each delay with its
// cause, the simulated makespan beside the planned one. One shape for every family (docs/formats.md,
// "Simulation results"); the families build it in dag_simulation.h, divisible_simulation.h, ...
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "common/progress.h"
#include "model/instance.h"
#include "schedule/schedule.h"
#include "solvers/registry.h"

namespace hetsched {

// Why an activity ended at another time than planned. Reaches JSON by name; values only ever appended.
enum class DelayCause {
    None,                  // on time (within the tolerance)
    Contention,            // it, or the transfer bringing its last input, shared a link or a core and took
                           // longer than alone on the platform
    WaitingForData,        // its input came late (early) because the task producing it ended late (early)
    WaitingForProcessors,  // a processor it runs on was released late (early) by the task before it there
    Model,                 // alone on the simulated platform it takes another time than the analytic model
                           // says (a file's routes, data a processor keeps, several cores of one host)
};

const char* delayCauseName(DelayCause cause);   // "none", "contention", "waiting_for_data", ...
std::optional<DelayCause> delayCauseFromName(const std::string& name);
// "on time", "contention", "waiting for data", ... for people.
const char* delayCauseText(DelayCause cause);

struct SimulatedActivity {
    std::string id;             // a task's name; a transfer's "FROM -> TO"
    std::string from;           // transfers: the sending and receiving task (or master and worker)
    std::string to;
    double bytes = 0;           // transfers
    double start = 0;           // simulated, seconds
    double end = 0;
    double plannedStart = 0;    // the analytic schedule's
    double plannedEnd = 0;
    double uncontendedSeconds = 0;   // its duration alone on the simulated platform
    DelayCause cause = DelayCause::None;
    double delay() const { return end - plannedEnd; }
};

struct SimulationResult {
    std::string kind;
    std::string solver;
    std::string simulator;               // "SimGrid 3.32.0 (ptask_L07)"
    bool generatedPlatform = true;       // false: a SimGrid file (platformFile)
    std::string platformFile;
    std::string platformXml;             // the generated platform (empty when a file was used)
    double plannedMakespan = 0;
    double simulatedMakespan = 0;
    double tolerance = 0;                // delays within it count as on time (cause "none")
    std::vector<SimulatedActivity> tasks;
    std::vector<SimulatedActivity> transfers;
    std::vector<std::string> notes;      // what the reader should know (a file's speeds differ, ...)
    nlohmann::json familyKeys = nlohmann::json::object();   // divisible: throughputs; steady_state: periods
    double seconds = 0;                  // wall-clock time of the simulation, child process included
    Schedule schedule;                   // the simulated schedule as the views draw it (groups: causes)
};

struct SimulationOptions {
    std::string platformFile;     // dag: simulate on this SimGrid file (mapped to the instance's clusters)
    int periods = 3;              // steady_state: periods of the periodic schedule to replay
    double timeoutSeconds = 600;  // the child process is killed beyond
};

// Delays within max(1e-9, 1e-6 x the planned makespan) are "on time".
double simulationTolerance(double plannedMakespan);

// The result as `hetsched simulate` prints it (docs/formats.md).
nlohmann::json simulationResultToJson(const SimulationResult& result);
// The same keys but its tasks and transfers: what a table shows of a simulation (simulator, makespans).
nlohmann::json simulationSummaryToJson(const SimulationResult& result);

// Whether a family's schedules can be simulated (dag, divisible, cpugpu, steady_state), and why not.
std::optional<std::string> simulationUnavailableReason(const std::string& kind);

// Replays a result of `instance` (as solve returns it, or read back by resultFromJson) on SimGrid.
Expected<SimulationResult> simulateResult(const Instance& instance, const SolveResult& result,
                                          const SimulationOptions& options = {}, const Progress& progress = {});

}  // namespace hetsched
