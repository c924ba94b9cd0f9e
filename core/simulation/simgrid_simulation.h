// The plan of a SimGrid simulation and its run in the child process (hetsched-simgrid simulate), so
// that SimGrid's aborts and exceptions end the child, never the GUI or the CLI. Family-agnostic: each
// family (dag_simulation.h, ...) turns its schedule into activities and reads the timings back.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "common/progress.h"

namespace hetsched {

// One SimGrid parallel task (ptask_L07): flops on each of its hosts and bytes between pairs of them.
// A computation has flops only, a transfer bytes only. A host may be listed several times (several of
// its cores: ptask_L07 bounds each entry by one core's speed and the host by all its cores).
struct SimActivity {
    struct Bytes {
        std::size_t from = 0;   // positions in `hosts`
        std::size_t to = 0;
        double bytes = 0;
    };
    std::string name;
    std::vector<std::size_t> hosts;   // indices into SimulationPlan::hosts
    std::vector<double> flops;        // one per position of `hosts`, or empty
    std::vector<Bytes> bytes;
};

// Activities and "after" constraints: an activity starts once all those it comes after have ended.
struct SimRun {
    std::vector<SimActivity> activities;
    std::vector<std::pair<std::size_t, std::size_t>> precedences;   // (before, after)
};

// Several runs on one platform file, simulated one after another in one child process.
struct SimulationPlan {
    std::string platformFile;
    std::vector<std::string> hosts;   // SimGrid host names the activities use
    std::vector<SimRun> runs;

    // The index of a host name in `hosts`, added on first use.
    std::size_t host(const std::string& name);

private:
    std::unordered_map<std::string, std::size_t> m_hostIndex;
};

// When an activity ran, in seconds from the start of its run, and how long it takes alone on the
// platform (no other activity sharing a link or a core): ptask_L07's largest route latency plus the
// time of its most loaded resource.
struct SimTiming {
    double start = 0;
    double end = 0;
    double aloneSeconds = 0;
};

struct SimOutput {
    std::vector<std::vector<SimTiming>> runs;   // per run, per activity
    std::string simulator;                      // "SimGrid 3.32.0 (ptask_L07)"
};

nlohmann::json simulationPlanToJson(const SimulationPlan& plan);

// Runs the plan in hetsched-simgrid (found as simgridRunnerPath says); one timing per activity of each
// run. Progress reports the share of activities ended; a stop kills the child (cancelled). Errors:
// SimGrid's own message (a missing host, no route between two hosts), or how the child died.
Expected<SimOutput> runSimGridPlan(const SimulationPlan& plan, const Progress& progress = {}, double timeoutSeconds = 600);

// The JSON the child prints, read back against the plan (counts must match).
Expected<SimOutput> simOutputFromJson(const SimulationPlan& plan, const std::string& text);

// A directory under the system's temporary directory, removed with its contents on destruction.
class TemporaryDirectory {
public:
    TemporaryDirectory() = default;
    TemporaryDirectory(const TemporaryDirectory&) = delete;
    TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
    ~TemporaryDirectory();
    // Creates it on first use; errors name the system's temporary directory.
    Expected<std::string> path();

private:
    std::string m_path;
};

}  // namespace hetsched
