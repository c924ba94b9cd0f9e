// Seeded random steady-state platforms for the tests and the benchmark.
#pragma once

#include <random>
#include <set>
#include <string>

#include "model/steady_state.h"

namespace hetsched::testing {

// A connected platform: a random spanning tree of bidirectional links plus extra ones, about
// `linksPerNode` links per node; small integer speeds and bandwidths (exact rationals), some routers.
inline SteadyStateInstance randomSteadyPlatform(std::size_t nodes, double linksPerNode, unsigned seed,
                                                CommunicationModel model = CommunicationModel::BidirectionalOnePort,
                                                SteadyApplicationType type = SteadyApplicationType::BagOfTasks) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> value(1, 10);
    SteadyStateInstance in;
    in.model = model;
    for (std::size_t u = 0; u < nodes; ++u)
        in.nodes.push_back({std::string("P").append(std::to_string(u + 1)), (u > 0 && rng() % 5 == 0) ? 0.0 : double(value(rng))});
    std::set<std::pair<std::size_t, std::size_t>> used;
    auto link = [&](std::size_t a, std::size_t b) {
        if (a == b || !used.insert(std::minmax(a, b)).second) return;
        in.links.push_back({a, b, double(value(rng)), true});
    };
    for (std::size_t u = 1; u < nodes; ++u) link(u, rng() % u);
    const std::size_t target = static_cast<std::size_t>(linksPerNode * double(nodes) / 2.0);
    for (int guard = 0; in.links.size() < target && guard < 100000; ++guard) link(rng() % nodes, rng() % nodes);
    in.application.type = type;
    in.application.source = 0;
    in.application.data = double(value(rng));
    in.application.result = type == SteadyApplicationType::BagOfTasks ? double(value(rng) - 1) : 0.0;
    in.application.work = double(value(rng));
    if (type == SteadyApplicationType::Multicast)
        for (std::size_t u = 1; u < nodes; u += 2) in.application.targets.push_back(u);
    return in;
}

}  // namespace hetsched::testing
