// SimGrid platform files, loaded by SimGrid itself (3.32) in a child process (hetsched-simgrid), so
// that SimGrid's aborts (xbt_die on removed tags) and exceptions cannot take the GUI or the CLI down;
// then mapped to the platform of a dag instance or to a steady-state instance.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/expected.h"
#include "common/progress.h"
#include "model/dag.h"
#include "model/steady_state.h"

namespace hetsched {

// What SimGrid reports of a platform, as the child process prints it (JSON on its standard output).
struct SimGridHost {
    std::string name;
    double speed = 0;        // flop/s of one core, at the first power state
    int cores = 1;
    std::size_t zone = 0;    // index into zones: the innermost netzone holding the host
};
struct SimGridLink {
    std::string name;
    double bandwidth = 0;    // bytes/s
    double latency = 0;      // seconds
    bool shared = true;      // false: FATPIPE (every flow gets the whole bandwidth)
};
struct SimGridZone {
    std::string name;
    std::optional<std::size_t> parent;
};
struct SimGridRoute {
    std::size_t from = 0;    // host indices
    std::size_t to = 0;
    std::vector<std::size_t> links;   // link indices, in order
    double latency = 0;      // seconds, as SimGrid sums it
};
struct SimGridPlatform {
    std::vector<SimGridHost> hosts;
    std::vector<SimGridLink> links;
    std::vector<SimGridZone> zones;
    std::vector<SimGridRoute> routes;   // the pairs the mapping needs (see simgrid_platform.cpp)
    // Pairs of distinct hosts, among those asked, for which SimGrid found no route (it throws "No route
    // from 'AS_orsay' to 'AS_lille'" between the sites of its own g5k.xml): the mappings skip them.
    std::vector<std::pair<std::size_t, std::size_t>> unrouted;
    // What the reading changed, for the user ("2 names of hosts, links or zones not in UTF-8 read as Latin-1").
    std::vector<std::string> notes;
};

// Up to this many hosts the child lists the routes of every ordered pair of hosts; beyond, a subset:
// pairs among representatives (the first two hosts of a zone whose hosts are alike, every host of a
// zone of mixed hosts) and every host to and from the first host.
constexpr std::size_t kSimGridAllPairsHostLimit = 300;

// What a steady-state instance made from a SimGrid platform computes, in its units: speeds in Mflop/s,
// bandwidths in MB/s, sizes in MB and Mflop (the instance format takes values in [1e-9, 1e9], which
// SimGrid's flop/s and bytes/s overflow); a time unit is still one second.
struct SimGridSteadyOptions {
    std::optional<std::string> source;   // the master host; default: the first host
    double dataBytes = 1e6;              // sent to a worker per task
    double resultBytes = 0;              // sent back per task
    double workFlops = 1e9;              // per task
};
constexpr double kSimGridSteadyUnit = 1e6;   // flop/s per speed unit, bytes/s per bandwidth unit

// Loads the file with SimGrid in the child process. Files of DTD version 1 to 3 (or without a version)
// are upgraded with simgrid_update_xml on a copy first. Errors name the file and what SimGrid said, or
// how the child died.
Expected<SimGridPlatform> loadSimGridPlatform(const std::string& path, const Progress& progress = {});

// The file SimGrid 3.32 can load for `path`: the file itself, or, for DTD version 1 to 3 (or none), a copy
// upgraded with simgrid_update_xml in `scratchDirectory` (which the caller removes). Errors name the file.
Expected<std::string> loadableSimGridFile(const std::string& path, const std::string& scratchDirectory,
                                          const Progress& progress = {});

// The JSON the child prints, read back (malformed: a message).
Expected<SimGridPlatform> simGridPlatformFromJson(const std::string& jsonText);

// The clusters of a dag instance: each zone whose hosts have one speed and core count (a <cluster>) is
// a cluster, every host of a zone of mixed hosts a cluster of its own; bandwidths, latencies and the
// backbone from SimGrid's routes (docs/formats.md says exactly how).
Expected<DagPlatform> dagPlatformFromSimGrid(const SimGridPlatform& platform);

// A bag-of-tasks steady-state instance whose processors are the hosts (speeds) and whose links and
// routers come from SimGrid's routes (docs/formats.md); `source` names the master host (default: the first).
Expected<SteadyStateInstance> steadyStateFromSimGrid(const SimGridPlatform& platform,
                                                     const std::optional<std::string>& source = std::nullopt);
Expected<SteadyStateInstance> steadyStateFromSimGrid(const SimGridPlatform& platform, const SimGridSteadyOptions& options);

}  // namespace hetsched
