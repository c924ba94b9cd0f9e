// The option table of each family's generator (`hetsched generate partition|divisible|cpugpu|steady_state`, the
// GUI's File > New from Template): one record per parameter, so the CLI flags, the template dialog's fields and
// their checks share every range and default. The DAG's two tables live beside its generator (model/dag_random.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "common/options.h"
#include "model/instance.h"
#include "model/platform_generators.h"

namespace hetsched {

// divisible: workers, min-c, max-c, min-w, max-w, min-d, max-d, return-ratio (optional: d = z * c), horizon, seed.
const OptionTable& divisibleStarOptions();
DivisibleStarConfig divisibleStarConfig(const OptionValues& values);

// cpugpu: cpus, gpus, tasks, epsilon, seed.
const OptionTable& cpuGpuNodeOptions();
CpuGpuNodeConfig cpuGpuNodeConfig(const OptionValues& values);

// steady_state: topology (random|grid|tree|star), nodes, degree, rows, cols, torus, branching, depth, min-speed,
// max-speed, min-bandwidth, max-bandwidth, integer, routers, model, application, source, data, result, work,
// targets, seed. Options that the topology or the application does not use are read and ignored.
const OptionTable& steadyPlatformOptions();
SteadyPlatformConfig steadyPlatformConfig(const OptionValues& values);

// partition: resources, tasks, shape (linear|convex|concave|arbitrary), min-cost, max-cost, limits, objective
// (makespan|total_cost), seed.
const OptionTable& partitionGeneratorOptions();
PartitionGeneratorConfig partitionGeneratorConfig(const OptionValues& values);

// The kinds `hetsched generate` makes from one table: "partition", "divisible", "cpugpu", "steady_state".
const std::vector<std::string>& generatorKinds();
// The table of a kind of generatorKinds() (a programming error, std::logic_error, for another).
const OptionTable& generatorOptionTable(std::string_view kind);
// Runs the kind's generator on values of its table; the error names the parameter that is out of range.
Expected<Instance> generateInstance(std::string_view kind, const OptionValues& values);
// The same check alone (cheap, for a form's live validation).
Expected<bool> checkGeneratorValues(std::string_view kind, const OptionValues& values);
// "8 workers around one master, T = 1": what an instance of those values is.
std::string generatorSummary(std::string_view kind, const OptionValues& values);

}  // namespace hetsched
