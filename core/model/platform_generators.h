// Seeded platform generators for the templates of the GUI, the tests and the benchmarks: a divisible-load
// star, a CPU+GPU node, and steady-state platforms (random connected graph, grid or torus, tree, star) with
// their application. The same configuration gives the same instance on every platform: std::mt19937_64 with
// explicit mappings to numbers (no std::uniform_*_distribution, whose output is left to the library).
// The DAG family has its own generators in model/dag_random.h.
#pragma once

#include <cstdint>
#include <string>

#include "common/expected.h"
#include "model/cpugpu.h"
#include "model/divisible.h"
#include "model/partition.h"
#include "model/steady_state.h"

namespace hetsched {

// A value drawn uniformly in [min, max]; min == max gives that value.
struct ValueRange {
    double min = 1;
    double max = 1;
};

// A master and `workers` workers P1..Pp; c, w and d of each worker uniform in their ranges (equal ends give
// every worker the same value). returnRatio >= 0 sets d = returnRatio * c instead of drawing d (the case of
// the FIFO theorem, d proportional to c); < 0 draws d in its range.
struct DivisibleStarConfig {
    int workers = 4;            // 1..1000000
    ValueRange c{1, 1};         // > 0
    ValueRange w{1, 1};         // > 0
    ValueRange d{0, 0};         // >= 0
    double returnRatio = -1;    // < 0: draw d; >= 0: d = returnRatio * c
    double horizon = 1;         // T > 0
    std::uint64_t seed = 1;
};
// Refuses a configuration out of range with a message naming the parameter ("c: min 3 > max 2"). The check
// alone is cheap (for live validation in a form); the generator runs it first.
Expected<bool> checkDivisibleStar(const DivisibleStarConfig& config);
Expected<DivisibleInstance> generateDivisibleStar(const DivisibleStarConfig& config);

// The paper's random instance (Kedad-Sidhoum et al. 2013, section 5.2): CPU times uniform integers in [10, 100],
// each task accelerated by a factor 15 or 35 on a GPU with probability 1/2 (p̲ = p̄ / 15 or p̄ / 35). Tasks are
// named t0, t1, ... The same arguments give the same instance on every platform (std::mt19937_64, explicit mapping).
CpuGpuInstance randomCpuGpuInstance(int tasks, int cpus, int gpus, std::uint64_t seed, double epsilon = 1e-3);

// A node of `cpus` CPUs and `gpus` GPUs with `tasks` tasks drawn as in Kedad-Sidhoum et al. 2013, section 5.2
// (randomCpuGpuInstance: CPU times uniform integers in [10, 100], GPU 15 or 35 times faster).
struct CpuGpuNodeConfig {
    int cpus = 4;      // 0..1000000, cpus + gpus >= 1
    int gpus = 2;      // 0..1000000
    int tasks = 50;    // 1..1000000
    double epsilon = 1e-3;   // [1e-6, 1]
    std::uint64_t seed = 1;
};
Expected<bool> checkCpuGpuNode(const CpuGpuNodeConfig& config);
Expected<CpuGpuInstance> generateCpuGpuNode(const CpuGpuNodeConfig& config);

enum class SteadyTopology {
    RandomConnected,   // a random spanning tree plus random extra links up to the average degree
    Grid,              // rows x cols, each node linked to its right and lower neighbours (wrapping: torus)
    Tree,              // complete tree: every inner node has `branching` children, `depth` levels below the root
    Star,              // node 0 in the centre, linked to each of the others
};
const char* steadyTopologyName(SteadyTopology topology);   // "random", "grid", "tree", "star"

// Every link is bidirectional (one link in the instance, two arcs). Routers (speed 0) are drawn among the
// nodes other than the source, so that a bag of tasks always has a processor: round(routerFraction * (n - 1))
// of them. Speeds and bandwidths are uniform in their ranges, or uniform integers in them when
// integerValues (exact rationals for the LPs). Node names: P1, P2, ... (grid: P<row>_<col> from P1_1).
struct SteadyPlatformConfig {
    SteadyTopology topology = SteadyTopology::RandomConnected;
    int nodes = 10;                 // random and star: 1..100000 (a broadcast needs 2)
    double averageDegree = 3;       // random: links per node about averageDegree / 2, at least a spanning tree
    int rows = 3;                   // grid
    int cols = 3;
    bool torus = false;             // grid: wrap rows and columns (where that adds a new link)
    int branching = 2;              // tree: >= 1
    int depth = 3;                  // tree: >= 0 (0: the root alone)
    ValueRange speed{1, 10};        // [1e-9, 1e9]
    ValueRange bandwidth{1, 10};    // [1e-9, 1e9]
    bool integerValues = false;
    double routerFraction = 0;      // [0, 1]
    CommunicationModel model = CommunicationModel::BidirectionalOnePort;
    SteadyApplicationType application = SteadyApplicationType::BagOfTasks;
    int source = 0;                 // node index of the master / the broadcast's source
    double data = 1;                // bag of tasks: delta_data; broadcast and multicast: the message size
    double result = 0;              // bag of tasks: delta_result (0: no result message)
    double work = 1;                // bag of tasks: flops per task
    double targetFraction = 0.5;    // multicast: round(targetFraction * (n - 1)) targets, at least one
    std::uint64_t seed = 1;
};
// How many nodes the configuration's topology has (the grid's rows * cols, the tree's sum of branching^l),
// or an error naming the parameter when the topology is out of range or above 100000 nodes.
Expected<std::int64_t> steadyNodeCount(const SteadyPlatformConfig& config);
// Every parameter checked without building anything; the node count when valid.
Expected<std::int64_t> checkSteadyPlatform(const SteadyPlatformConfig& config);
Expected<SteadyStateInstance> generateSteadyPlatform(const SteadyPlatformConfig& config);

// T identical tasks over `resources` resources (Pilla 2022's setting), each resource's cost of x tasks
// a_i * x^e_i with a_i uniform in perTask: linear (e = 1), convex (e uniform in [1.2, 2]), concave (e uniform in
// [0.5, 0.8]), or arbitrary (each C_i(x), x >= 1, uniform in [perTask.min * x, perTask.max * x]: no shape at
// all). With limits, L_i is uniform in [0, floor(T / (2n))] and U_i in [ceil(T / n), T] (the limits stay
// feasible: the sum of the L_i <= T / 2 <= T <= the sum of the U_i); without, every count in [0, T].
// Resources are named R1, R2, ... Costs are tables (linear: affine functions, no table).
enum class PartitionCostShape { Linear, Convex, Concave, Arbitrary };
const char* partitionCostShapeName(PartitionCostShape shape);   // "linear", "convex", "concave", "arbitrary"
struct PartitionGeneratorConfig {
    int resources = 4;            // 1..10000
    std::int64_t tasks = 100;     // 1..1000000; resources x (tasks + 1) table entries at most 10^7
    PartitionCostShape shape = PartitionCostShape::Linear;
    ValueRange perTask{1, 10};    // [1e-9, 1e9]
    bool limits = false;
    PartitionObjective objective = PartitionObjective::Makespan;
    std::uint64_t seed = 1;
};
Expected<bool> checkPartitionGenerator(const PartitionGeneratorConfig& config);
Expected<PartitionInstance> generatePartitionInstance(const PartitionGeneratorConfig& config);

// The random connected platforms of the steady-state tests and benchmark, exactly as they were drawn when
// those tests were written (std::mt19937 and libstdc++'s uniform_int_distribution, hence not portable, unlike
// generateSteadyPlatform): `nodes` nodes P1.., a random spanning tree plus random links up to
// floor(linksPerNode * nodes / 2), integer speeds and bandwidths in [1, 10], each node but P1 a router with
// probability 1/5, integer data and work in [1, 10] and result in [0, 9]; multicast targets 1, 3, 5, ...
SteadyStateInstance randomSteadyPlatform(std::size_t nodes, double linksPerNode, std::uint64_t seed,
                                         CommunicationModel model = CommunicationModel::BidirectionalOnePort,
                                         SteadyApplicationType type = SteadyApplicationType::BagOfTasks);

}  // namespace hetsched
