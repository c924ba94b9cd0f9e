// Steady-state scheduling (Beaumont and Marchal, chapter 8): a platform graph, a communication model
// and a regular application (bag of tasks, series of broadcasts or of multicasts) whose throughput is maximised.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace hetsched {

// Section 8.2.1. Values reach JSON by name; only ever append.
enum class CommunicationModel { BidirectionalOnePort, UnidirectionalOnePort, BoundedMultiport };

// Section 8.2.2.
enum class SteadyApplicationType { BagOfTasks, Broadcast, Multicast };

const char* communicationModelName(CommunicationModel model);   // "bidirectional_one_port", ...
std::optional<CommunicationModel> communicationModelFromName(const std::string& name);
const char* steadyApplicationName(SteadyApplicationType type);  // "bag_of_tasks", "broadcast", "multicast"

// Processor P_u with speed s_u (flops per time unit); 0 for a router that does not compute.
struct SteadyNode {
    std::string name;
    double speed = 0;
};

// A link as written in the instance: bidirectional links stand for two directed ones.
struct SteadyLink {
    std::size_t from = 0;
    std::size_t to = 0;
    double bandwidth = 1;   // bw_e, bytes per time unit
    bool bidirectional = false;
};

// A directed link of G (what the LPs and the patterns use).
struct SteadyArc {
    std::size_t from = 0;
    std::size_t to = 0;
    double bandwidth = 1;
};

struct SteadyApplication {
    SteadyApplicationType type = SteadyApplicationType::BagOfTasks;
    std::size_t source = 0;
    double data = 1;                    // bag of tasks: delta_data; broadcast/multicast: the message size
    double result = 0;                  // bag of tasks: delta_result (0: no result message)
    double work = 1;                    // bag of tasks: w_comp, flops per task
    std::vector<std::size_t> targets;   // multicast: P_target (never the source)
};

struct SteadyStateInstance {
    CommunicationModel model = CommunicationModel::BidirectionalOnePort;
    std::vector<SteadyNode> nodes;
    std::vector<SteadyLink> links;
    SteadyApplication application;
};

// The directed links: each link in input order, a bidirectional one as (from, to) then (to, from).
std::vector<SteadyArc> steadyArcs(const SteadyStateInstance& instance);

// Nodes reachable from `from` over the arcs (forward), or that reach it (backward = true).
std::vector<bool> steadyReachable(const SteadyStateInstance& instance, std::size_t from, bool backward = false);

// The nodes an allocation must reach: every other node (broadcast) or the targets (multicast).
std::vector<std::size_t> steadyDestinations(const SteadyStateInstance& instance);

// Why no solver can run on the instance, empty when one can: a broadcast that cannot reach every node, a
// multicast target out of reach, a bag of tasks without a computing processor it can reach (and come back
// from). Such instances are read, saved and edited (a platform is drawn one node at a time); solving them
// is refused with this message.
std::string steadyUnsolvableReason(const SteadyStateInstance& instance);

}  // namespace hetsched
