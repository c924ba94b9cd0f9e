// Divisible-load instances from a SimGrid platform: a master host and the hosts it reaches as workers,
// their c and d from the routes' bandwidths, w from the hosts' speeds; the load's unit by flags.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "common/options.h"
#include "io/simgrid_platform.h"
#include "model/divisible.h"

namespace hetsched {

struct DivisibleFromPlatformOptions {
    std::optional<std::string> master;   // the master host; default: the first host
    double unitBytes = 1e6;              // data sent to a worker per unit of load
    double unitFlops = 1e9;              // computation per unit
    double returnBytes = 0;              // results sent back per unit (0: no return messages)
    double horizon = 1;                  // T, seconds
    std::optional<double> workerSpeed;   // flop/s of each worker when the platform gives none (StarPU's bus files)
};

// The options as a table named as the flags of `hetsched import --kind divisible`: master, unit-bytes,
// unit-flops, return-bytes, horizon, worker-speed.
const OptionTable& divisibleImportOptionTable();
Expected<DivisibleFromPlatformOptions> divisibleImportOptions(const OptionValues& values);

struct DivisibleImport {
    DivisibleInstance instance;
    std::vector<std::string> notes;
};

// StarPU's measured bus (sampling/bus/HOST.bandwidth in MB/s, HOST.latency in us: one row per source
// memory node, "to j" columns, nan for no such node): node 0 (RAM) is the master, the CUDA nodes 1..cuda
// the workers (OpenCL nodes are the same GPUs), each computing workerSpeed flop/s. c_i = unitBytes /
// bandwidth(0 -> i), d_i = returnBytes / bandwidth(i -> 0). Errors name the line.
Expected<DivisibleImport> divisibleFromStarPuBus(std::string_view bandwidthText, int cudaDevices, double workerSpeed,
                                                 const DivisibleFromPlatformOptions& options);

// c_i = unitBytes / the bottleneck bandwidth of the route master -> i, d_i = returnBytes / that of
// i -> master, w_i = unitFlops / (speed_i x cores_i). Hosts without a route from the master are left out
// (a note). Route latencies are not part of the linear model: the largest one is said in a note.
Expected<DivisibleImport> divisibleFromSimGrid(const SimGridPlatform& platform, const DivisibleFromPlatformOptions& options);

// A file as `hetsched import FILE --kind divisible` reads it: StarPU's HOST.bandwidth (with HOST.config beside
// it for the CUDA count; --worker-speed required), else a SimGrid platform. Errors name the file.
Expected<DivisibleImport> importDivisibleFile(const std::string& path, const DivisibleFromPlatformOptions& options,
                                              const Progress& progress = {});

}  // namespace hetsched
