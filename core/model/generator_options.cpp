// The generators' option tables (model/generator_options.h) and the configurations read from them.
#include "model/generator_options.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace hetsched {

namespace {

// The seed of every generator: the range of the DAG generator's (0 to 2^52, held exactly by a double).
OptionSpec seedOption() {
    return OptionSpec::integer("seed", "seeds the generator: the same values and seed give the same instance", 0, 1,
                               std::int64_t(1) << 52);
}

OptionSpec positiveNumber(std::string name, std::string description, double defaultValue, double maximum) {
    OptionSpec spec = OptionSpec::number(std::move(name), std::move(description), 0, defaultValue, maximum);
    spec.minimumExcluded = true;
    return spec;
}

std::uint64_t seedOf(const OptionValues& values) { return static_cast<std::uint64_t>(values.integer("seed")); }
int intOf(const OptionValues& values, const char* name) { return static_cast<int>(values.integer(name)); }

std::string text(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

}  // namespace

const OptionTable& divisibleStarOptions() {
    static const OptionTable table{
        OptionSpec::integer("workers", "workers P1..Pp around the master", 1, 8, 1'000'000),
        OptionSpec::number("min-c", "c_i, time to receive one unit of load: uniform in [min-c, max-c]", 1e-12, 1, 1e30),
        OptionSpec::number("max-c", "c_i at most", 1e-12, 2, 1e30),
        OptionSpec::number("min-w", "w_i, time to compute one unit: uniform in [min-w, max-w]", 1e-12, 1, 1e30),
        OptionSpec::number("max-w", "w_i at most", 1e-12, 4, 1e30),
        OptionSpec::number("min-d", "d_i, time to return one unit's results (0: no return): uniform in [min-d, max-d]",
                           0, 0.5, 1e30),
        OptionSpec::number("max-d", "d_i at most", 0, 1, 1e30),
        OptionSpec::optionalNumber("return-ratio", "z: d_i = z * c_i for every worker (the FIFO theorem's case) "
                                                   "instead of drawing d", 0, 1e30),
        positiveNumber("horizon", "the time T the load is processed in", 1, 1e30),
        seedOption(),
    };
    return table;
}

DivisibleStarConfig divisibleStarConfig(const OptionValues& v) {
    DivisibleStarConfig c;
    c.workers = intOf(v, "workers");
    c.c = {v.number("min-c"), v.number("max-c")};
    c.w = {v.number("min-w"), v.number("max-w")};
    c.d = {v.number("min-d"), v.number("max-d")};
    c.returnRatio = v.numberIfSet("return-ratio").value_or(-1);
    c.horizon = v.number("horizon");
    c.seed = seedOf(v);
    return c;
}

const OptionTable& cpuGpuNodeOptions() {
    static const OptionTable table{
        OptionSpec::integer("cpus", "identical CPUs m", 0, 4, 1'000'000),
        OptionSpec::integer("gpus", "identical GPUs k", 0, 2, 1'000'000),
        OptionSpec::integer("tasks", "independent tasks n (Kedad-Sidhoum et al. 2013, section 5.2)", 1, 50, 1'000'000),
        OptionSpec::number("epsilon", "the precision of the dual approximation's search", 1e-6, 1e-3, 1),
        seedOption(),
    };
    return table;
}

CpuGpuNodeConfig cpuGpuNodeConfig(const OptionValues& v) {
    CpuGpuNodeConfig c;
    c.cpus = intOf(v, "cpus");
    c.gpus = intOf(v, "gpus");
    c.tasks = intOf(v, "tasks");
    c.epsilon = v.number("epsilon");
    c.seed = seedOf(v);
    return c;
}

namespace {
constexpr SteadyTopology kTopologies[] = {SteadyTopology::RandomConnected, SteadyTopology::Grid, SteadyTopology::Tree,
                                          SteadyTopology::Star};
constexpr CommunicationModel kModels[] = {CommunicationModel::BidirectionalOnePort,
                                          CommunicationModel::UnidirectionalOnePort, CommunicationModel::BoundedMultiport};
constexpr SteadyApplicationType kApplications[] = {SteadyApplicationType::BagOfTasks, SteadyApplicationType::Broadcast,
                                                   SteadyApplicationType::Multicast};
template <class T, std::size_t N, class F>
std::vector<std::string> namesOf(const T (&values)[N], F name) {
    std::vector<std::string> names;
    for (T v : values) names.emplace_back(name(v));
    return names;
}
template <class T, std::size_t N, class F>
T valueNamed(const T (&values)[N], F name, const std::string& wanted) {
    for (T v : values)
        if (wanted == name(v)) return v;
    return values[0];
}
}  // namespace

const OptionTable& steadyPlatformOptions() {
    static const OptionTable table{
        OptionSpec::choice("topology", "random: a spanning tree plus links up to the degree; grid (or torus); a "
                                       "complete tree; a star around node 0",
                           namesOf(kTopologies, steadyTopologyName), "random"),
        OptionSpec::integer("nodes", "random and star: nodes, processors and routers", 1, 12, 100'000),
        OptionSpec::number("degree", "random: links per node on average (at least a spanning tree)", 0, 3, 100'000),
        OptionSpec::integer("rows", "grid: rows", 1, 3, 100'000),
        OptionSpec::integer("cols", "grid: columns", 1, 4, 100'000),
        OptionSpec::flag("torus", "grid: wrap the rows and the columns", false),
        OptionSpec::integer("branching", "tree: children per inner node", 1, 2, 100'000),
        OptionSpec::integer("depth", "tree: levels below the root", 0, 3, 100'000),
        OptionSpec::number("min-speed", "node speeds (flops per time unit): uniform in [min-speed, max-speed]", 1e-9, 1, 1e9),
        OptionSpec::number("max-speed", "node speeds at most", 1e-9, 10, 1e9),
        OptionSpec::number("min-bandwidth", "link bandwidths (bytes per time unit): uniform in [min, max]", 1e-9, 1, 1e9),
        OptionSpec::number("max-bandwidth", "link bandwidths at most", 1e-9, 10, 1e9),
        OptionSpec::flag("integer", "whole numbers only (exact rationals in the LPs)", false),
        OptionSpec::number("routers", "share of the nodes other than the source that only route (speed 0)", 0, 0, 1),
        OptionSpec::choice("model", "the communication model (Beaumont and Marchal, chapter 8)",
                           namesOf(kModels, communicationModelName), "bidirectional_one_port"),
        OptionSpec::choice("application", "a bag of tasks, or a series of broadcasts or multicasts",
                           namesOf(kApplications, steadyApplicationName), "bag_of_tasks"),
        OptionSpec::integer("source", "the master's or the source's node index, from 0", 0, 0, 99'999),
        OptionSpec::number("data", "bag of tasks: bytes per task; broadcast and multicast: the message size", 1e-9, 1, 1e9),
        OptionSpec::number("result", "bag of tasks: bytes returned per task (0: none)", 0, 0, 1e9),
        OptionSpec::number("work", "bag of tasks: flops per task", 1e-9, 1, 1e9),
        positiveNumber("targets", "multicast: the share of the other nodes it reaches", 0.5, 1),
        seedOption(),
    };
    return table;
}

SteadyPlatformConfig steadyPlatformConfig(const OptionValues& v) {
    SteadyPlatformConfig c;
    c.topology = valueNamed(kTopologies, steadyTopologyName, v.text("topology"));
    c.nodes = intOf(v, "nodes");
    c.averageDegree = v.number("degree");
    c.rows = intOf(v, "rows");
    c.cols = intOf(v, "cols");
    c.torus = v.flag("torus");
    c.branching = intOf(v, "branching");
    c.depth = intOf(v, "depth");
    c.speed = {v.number("min-speed"), v.number("max-speed")};
    c.bandwidth = {v.number("min-bandwidth"), v.number("max-bandwidth")};
    c.integerValues = v.flag("integer");
    c.routerFraction = v.number("routers");
    c.model = valueNamed(kModels, communicationModelName, v.text("model"));
    c.application = valueNamed(kApplications, steadyApplicationName, v.text("application"));
    c.source = intOf(v, "source");
    c.data = v.number("data");
    c.result = v.number("result");
    c.work = v.number("work");
    c.targetFraction = v.number("targets");
    c.seed = seedOf(v);
    return c;
}

namespace {
constexpr PartitionCostShape kShapes[] = {PartitionCostShape::Linear, PartitionCostShape::Convex,
                                          PartitionCostShape::Concave, PartitionCostShape::Arbitrary};
constexpr PartitionObjective kObjectives[] = {PartitionObjective::Makespan, PartitionObjective::TotalCost};
}  // namespace

const OptionTable& partitionGeneratorOptions() {
    static const OptionTable table{
        OptionSpec::integer("resources", "resources R1..Rn", 1, 4, 10'000),
        OptionSpec::integer("tasks", "identical tasks T", 1, 100, 1'000'000),
        OptionSpec::choice("shape", "each C_i(x) = a_i x^e: linear e = 1, convex e in [1.2, 2], concave e in [0.5, "
                                    "0.8]; arbitrary: each C_i(x) uniform in [min-cost x, max-cost x]",
                           namesOf(kShapes, partitionCostShapeName), "linear"),
        OptionSpec::number("min-cost", "a_i, the cost of one task: uniform in [min-cost, max-cost]", 1e-9, 1, 1e9),
        OptionSpec::number("max-cost", "a_i at most", 1e-9, 10, 1e9),
        OptionSpec::flag("limits", "draw lower and upper limits L_i, U_i (else every count in [0, T])", false),
        OptionSpec::choice("objective", "minimise the makespan (the largest cost) or the total cost",
                           namesOf(kObjectives, partitionObjectiveName), "makespan"),
        seedOption(),
    };
    return table;
}

PartitionGeneratorConfig partitionGeneratorConfig(const OptionValues& v) {
    PartitionGeneratorConfig c;
    c.resources = intOf(v, "resources");
    c.tasks = v.integer("tasks");
    c.shape = valueNamed(kShapes, partitionCostShapeName, v.text("shape"));
    c.perTask = {v.number("min-cost"), v.number("max-cost")};
    c.limits = v.flag("limits");
    c.objective = valueNamed(kObjectives, partitionObjectiveName, v.text("objective"));
    c.seed = seedOf(v);
    return c;
}

const std::vector<std::string>& generatorKinds() {
    static const std::vector<std::string> kinds{"partition", "divisible", "cpugpu", "steady_state"};
    return kinds;
}

const OptionTable& generatorOptionTable(std::string_view kind) {
    if (kind == "partition") return partitionGeneratorOptions();
    if (kind == "divisible") return divisibleStarOptions();
    if (kind == "cpugpu") return cpuGpuNodeOptions();
    if (kind == "steady_state") return steadyPlatformOptions();
    throw std::logic_error("no generator table for kind " + std::string(kind));
}

namespace {
template <class T>
Expected<Instance> asInstance(Expected<T> made) {
    if (!made) return made.error();
    return Instance{std::move(*made)};
}
template <class T>
Expected<bool> asCheck(const Expected<T>& checked) {
    if (!checked) return checked.error();
    return true;
}
}  // namespace

Expected<bool> checkGeneratorValues(std::string_view kind, const OptionValues& values) {
    if (kind == "partition") return checkPartitionGenerator(partitionGeneratorConfig(values));
    if (kind == "divisible") return checkDivisibleStar(divisibleStarConfig(values));
    if (kind == "cpugpu") return checkCpuGpuNode(cpuGpuNodeConfig(values));
    if (kind == "steady_state") return asCheck(checkSteadyPlatform(steadyPlatformConfig(values)));
    return invalidInput("unknown kind '" + std::string(kind) + "'");
}

Expected<Instance> generateInstance(std::string_view kind, const OptionValues& values) {
    if (kind == "partition") return asInstance(generatePartitionInstance(partitionGeneratorConfig(values)));
    if (kind == "divisible") return asInstance(generateDivisibleStar(divisibleStarConfig(values)));
    if (kind == "cpugpu") return asInstance(generateCpuGpuNode(cpuGpuNodeConfig(values)));
    if (kind == "steady_state") return asInstance(generateSteadyPlatform(steadyPlatformConfig(values)));
    return invalidInput("unknown kind '" + std::string(kind) + "'");
}

std::string generatorSummary(std::string_view kind, const OptionValues& v) {
    if (kind == "partition") {
        const PartitionGeneratorConfig c = partitionGeneratorConfig(v);
        return std::to_string(c.tasks) + " tasks over " + std::to_string(c.resources) + " resources, " +
               partitionCostShapeName(c.shape) + " costs";
    }
    if (kind == "divisible") {
        const DivisibleStarConfig c = divisibleStarConfig(v);
        return std::to_string(c.workers) + " workers around one master, T = " + text(c.horizon);
    }
    if (kind == "cpugpu") {
        const CpuGpuNodeConfig c = cpuGpuNodeConfig(v);
        return std::to_string(c.tasks) + (c.tasks == 1 ? " task on " : " tasks on ") + std::to_string(c.cpus) +
               (c.cpus == 1 ? " CPU and " : " CPUs and ") + std::to_string(c.gpus) + (c.gpus == 1 ? " GPU" : " GPUs");
    }
    if (kind == "steady_state") {
        const SteadyPlatformConfig c = steadyPlatformConfig(v);
        Expected<std::int64_t> n = steadyNodeCount(c);
        const std::string name = c.topology == SteadyTopology::Grid && c.torus ? "torus" : steadyTopologyName(c.topology);
        const char* application = c.application == SteadyApplicationType::BagOfTasks  ? "a bag of tasks"
                                  : c.application == SteadyApplicationType::Broadcast ? "a series of broadcasts"
                                                                                      : "a series of multicasts";
        return "a " + name + " of " + (n ? std::to_string(*n) : std::string("?")) + " nodes running " + application;
    }
    return {};
}

}  // namespace hetsched
