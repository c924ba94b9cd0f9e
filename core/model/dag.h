// Moldable task graphs on clusters of clusters (N'Takpé and Suter 2006): the platform, the DAG,
// Amdahl execution times and the data redistribution model shared by every dag solver.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

// A homogeneous cluster: P_i processors of one speed behind a switch (LAN bandwidth and latency).
struct DagCluster {
    std::string name;
    int processors = 1;
    double speed = 1e9;        // flop/s of each processor
    double bandwidth = 1.25e8; // bytes/s of each processor's link to the switch
    double latency = 1e-4;     // seconds
};

// The backbone joining the clusters' gateways; its bandwidth bounds every inter-cluster transfer.
struct DagBackbone {
    double bandwidth = 3.125e8;   // bytes/s
    double latency = 0.05;        // seconds
};

// Where a platform read from a SimGrid file came from, so that a schedule on it can be simulated on
// that file (core/simulation): the file, and per cluster name the hosts its processors are, in order
// (each host stands for processors / hosts processors: its cores). Empty when not imported.
struct DagSimGridSource {
    std::string file;   // absolute path
    std::vector<std::pair<std::string, std::vector<std::string>>> hostsByCluster;   // (cluster name, hosts)
    bool empty() const { return file.empty(); }
    // The hosts recorded for a cluster, or nullptr.
    const std::vector<std::string>* hostsOf(const std::string& cluster) const;
};

struct DagPlatform {
    std::vector<DagCluster> clusters;
    DagBackbone backbone;
    DagSimGridSource simgrid;   // set by the SimGrid importer only
};

// A moldable task: T(p) = (alpha + (1 - alpha) / p) * flops / speed on p processors of one cluster.
struct DagTask {
    std::string name;
    double flops = 0;
    double alpha = 0;   // Amdahl's non-parallel fraction, in [0, 1]
};

struct DagEdge {
    std::size_t from = 0;   // task indices
    std::size_t to = 0;
    double bytes = 0;       // D_ij
};

struct DagInstance {
    DagPlatform platform;
    std::vector<DagTask> tasks;
    std::vector<DagEdge> edges;
};

// Amdahl's law on p processors of the given speed.
double amdahlSeconds(const DagTask& task, double speed, double processors);

// Adjacency of a DAG by task index, with the edge index of each arc.
struct DagGraph {
    std::vector<std::vector<std::size_t>> inEdges;    // per task: indices into edges
    std::vector<std::vector<std::size_t>> outEdges;
    std::vector<std::size_t> topologicalOrder;        // empty when the graph has a cycle
    std::vector<std::size_t> cycle;                   // a cycle (task indices, first repeated at the end) if any
};

DagGraph buildDagGraph(std::size_t taskCount, const std::vector<DagEdge>& edges);

// Precedence level of each task: 0 for entry tasks, else 1 + the largest level of a predecessor.
std::vector<int> precedenceLevels(const DagInstance& in, const DagGraph& graph);

// Global processor numbering: cluster c owns [offset[c], offset[c] + P_c).
struct ProcessorIndex {
    std::vector<int> offset;          // size C + 1; offset[C] = total
    std::vector<int> clusterOf;       // per global processor
    int total() const { return offset.empty() ? 0 : offset.back(); }
};
ProcessorIndex indexProcessors(const DagPlatform& platform);

// Seconds to run the task on a set of global processors (sorted, distinct, non-empty): Amdahl's law
// at the speed of the slowest processor of the set (only cpa's sets may span clusters).
double executionSeconds(const DagInstance& in, const ProcessorIndex& index, const DagTask& task,
                        const std::vector<int>& processors);

// The redistribution model (docs/algorithms.md): zero when both sets are identical or the edge
// carries no data (a pure precedence); inside one
// cluster c, latency_c + D / (min(p, q) * bandwidth_c) (the data is split evenly and the side with
// fewer processors is the bottleneck); otherwise through the gateways and the backbone,
// latency_src + latency_backbone + latency_dst + D / min(p * bw_src, bw_backbone, q * bw_dst), where a
// set's latency is the largest and its bandwidth the smallest of its clusters. No contention.
double redistributionSeconds(const DagPlatform& platform, const ProcessorIndex& index, double bytes,
                             const std::vector<int>& from, const std::vector<int>& to);

// What the redistribution model needs of a processor set.
struct ProcessorSetShape {
    int cluster = -1;       // its cluster, -1 when it spans several
    double count = 0;       // number of processors
    double latency = 0;     // the largest latency of its clusters
    double bandwidth = 0;   // the smallest bandwidth of its clusters
};
ProcessorSetShape shapeOf(const DagPlatform& platform, const ProcessorIndex& index, const std::vector<int>& set);
// The same model for two sets known to differ.
double redistributionSeconds(const DagPlatform& platform, double bytes, const ProcessorSetShape& from,
                             const ProcessorSetShape& to);

}  // namespace hetsched
