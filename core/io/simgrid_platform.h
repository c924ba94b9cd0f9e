// SimGrid platform files, loaded by SimGrid itself (3.32) in a child process (hetsched-simgrid), so
// that SimGrid's aborts (xbt_die on removed tags) and exceptions cannot take the GUI or the CLI down;
// then mapped to the platform of a dag instance or to a steady-state instance.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
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
};

// Loads the file with SimGrid in the child process. Files of DTD version 1 to 3 are upgraded with
// simgrid_update_xml on a copy first. Errors name the file and what SimGrid said, or how the child died.
Expected<SimGridPlatform> loadSimGridPlatform(const std::string& path, const Progress& progress = {});

// The clusters of a dag instance: each <cluster> (or zone of hosts of one speed) is a cluster, a lone
// host a cluster of one processor; bandwidths, latencies and the backbone from SimGrid's routes
// (docs/formats.md says exactly how).
Expected<DagPlatform> dagPlatformFromSimGrid(const SimGridPlatform& platform);

// A bag-of-tasks steady-state instance whose processors are the hosts (speeds) and whose links and
// routers come from SimGrid's routes (docs/formats.md); `source` names the master host (default: the first).
Expected<SteadyStateInstance> steadyStateFromSimGrid(const SimGridPlatform& platform,
                                                     const std::optional<std::string>& source = std::nullopt);

}  // namespace hetsched
