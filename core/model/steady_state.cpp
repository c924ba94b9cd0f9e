#include "model/steady_state.h"

namespace hetsched {

const char* communicationModelName(CommunicationModel model) {
    switch (model) {
    case CommunicationModel::BidirectionalOnePort: return "bidirectional_one_port";
    case CommunicationModel::UnidirectionalOnePort: return "unidirectional_one_port";
    case CommunicationModel::BoundedMultiport: return "bounded_multiport";
    }
    return "bidirectional_one_port";
}

std::optional<CommunicationModel> communicationModelFromName(const std::string& name) {
    for (CommunicationModel m : {CommunicationModel::BidirectionalOnePort, CommunicationModel::UnidirectionalOnePort,
                                 CommunicationModel::BoundedMultiport})
        if (name == communicationModelName(m)) return m;
    return std::nullopt;
}

const char* steadyApplicationName(SteadyApplicationType type) {
    switch (type) {
    case SteadyApplicationType::BagOfTasks: return "bag_of_tasks";
    case SteadyApplicationType::Broadcast: return "broadcast";
    case SteadyApplicationType::Multicast: return "multicast";
    }
    return "bag_of_tasks";
}

std::vector<SteadyArc> steadyArcs(const SteadyStateInstance& in) {
    std::vector<SteadyArc> arcs;
    arcs.reserve(2 * in.links.size());
    for (const SteadyLink& l : in.links) {
        arcs.push_back({l.from, l.to, l.bandwidth});
        if (l.bidirectional) arcs.push_back({l.to, l.from, l.bandwidth});
    }
    return arcs;
}

std::vector<bool> steadyReachable(const SteadyStateInstance& in, std::size_t from, bool backward) {
    const std::vector<SteadyArc> arcs = steadyArcs(in);
    std::vector<std::vector<std::size_t>> next(in.nodes.size());
    for (const SteadyArc& a : arcs) {
        if (backward) next[a.to].push_back(a.from);
        else next[a.from].push_back(a.to);
    }
    std::vector<bool> seen(in.nodes.size(), false);
    if (from >= in.nodes.size()) return seen;
    std::vector<std::size_t> stack{from};
    seen[from] = true;
    while (!stack.empty()) {
        const std::size_t u = stack.back();
        stack.pop_back();
        for (std::size_t v : next[u])
            if (!seen[v]) {
                seen[v] = true;
                stack.push_back(v);
            }
    }
    return seen;
}

std::vector<std::size_t> steadyDestinations(const SteadyStateInstance& in) {
    if (in.application.type == SteadyApplicationType::Multicast) return in.application.targets;
    std::vector<std::size_t> all;
    if (in.application.type == SteadyApplicationType::Broadcast)
        for (std::size_t u = 0; u < in.nodes.size(); ++u)
            if (u != in.application.source) all.push_back(u);
    return all;
}

std::string steadyUnsolvableReason(const SteadyStateInstance& in) {
    const SteadyApplication& a = in.application;
    if (in.nodes.empty() || a.source >= in.nodes.size()) return "the platform has no source node";
    const std::vector<bool> reached = steadyReachable(in, a.source);
    const std::string source = "the source \"" + in.nodes[a.source].name + "\"";
    switch (a.type) {
        case SteadyApplicationType::Multicast:
            if (a.targets.empty()) return "a multicast needs at least one target";
            for (std::size_t t : a.targets)
                if (!reached[t]) return "target \"" + in.nodes[t].name + "\" cannot be reached from " + source;
            return {};
        case SteadyApplicationType::Broadcast:
            if (in.nodes.size() < 2) return "a broadcast needs at least two nodes";
            for (std::size_t u = 0; u < in.nodes.size(); ++u)
                if (!reached[u]) return "node \"" + in.nodes[u].name + "\" cannot be reached from " + source;
            return {};
        case SteadyApplicationType::BagOfTasks: {
            // One computing processor that can get its data and return its result.
            const std::vector<bool> back = steadyReachable(in, a.source, true);
            for (std::size_t u = 0; u < in.nodes.size(); ++u)
                if (in.nodes[u].speed > 0 && reached[u] && (a.result == 0 || back[u])) return {};
            return "no processor with a positive speed is reachable from " + source +
                   (a.result > 0 ? " and back (results are returned)" : "");
        }
    }
    return {};
}

}  // namespace hetsched
