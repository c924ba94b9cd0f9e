#include "io/steady_state_io.h"

#include <map>
#include <set>
#include <utility>

#include "model/instance_checks.h"

namespace hetsched {

using json_detail::JsonNode;

namespace {

// The limits of steadyInstanceProblem (model/instance_checks.h), the same rules on the typed model.
using namespace steady_limits;

double positive(const JsonNode& node) {
    const double v = node.number();
    if (v <= 0) node.fail("must be positive, got " + node.text());
    if (v < kMinValue || v > kMaxValue) node.fail("must be between 1e-9 and 1e9, got " + node.text());
    return v;
}

double nonNegative(const JsonNode& node) {
    const double v = node.number();
    if (v < 0) node.fail("must be at least 0, got " + node.text());
    if (v != 0 && (v < kMinValue || v > kMaxValue)) node.fail("must be 0 or between 1e-9 and 1e9, got " + node.text());
    return v;
}

std::size_t nodeNamed(const JsonNode& node, const std::map<std::string, std::size_t>& index) {
    const std::string name = node.string();
    auto it = index.find(name);
    if (it == index.end()) node.fail("unknown node \"" + name + "\"");
    return it->second;
}

}  // namespace

SteadyStateInstance readSteadyStateInstance(const JsonNode& root) {
    root.requireOnlyKeys({"kind", "model", "platform", "application"});
    SteadyStateInstance in;
    const JsonNode model = root.at("model");
    const std::optional<CommunicationModel> m = communicationModelFromName(model.string());
    if (!m)
        model.fail("unknown model \"" + model.string() +
                   "\" (known: bidirectional_one_port, unidirectional_one_port, bounded_multiport)");
    in.model = *m;

    const JsonNode platform = root.at("platform");
    platform.requireOnlyKeys({"nodes", "links"});
    const JsonNode nodes = platform.at("nodes");
    if (nodes.size() == 0) nodes.fail("expected at least one node");
    if (nodes.size() > kMaxNodes) nodes.fail("at most 100000 nodes");
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const JsonNode n = nodes[i];
        n.requireOnlyKeys({"name", "speed"});
        SteadyNode node{n.at("name").nonEmptyString(), nonNegative(n.at("speed"))};
        if (!index.emplace(node.name, i).second) n.at("name").fail("duplicate node name \"" + node.name + "\"");
        in.nodes.push_back(std::move(node));
    }
    const JsonNode links = platform.at("links");
    links.requireArray();
    if (links.size() > kMaxLinks) links.fail("at most 1000000 links");
    std::set<std::pair<std::size_t, std::size_t>> arcs;
    for (std::size_t k = 0; k < links.size(); ++k) {
        const JsonNode l = links[k];
        l.requireOnlyKeys({"from", "to", "bandwidth", "bidirectional"});
        SteadyLink link;
        link.from = nodeNamed(l.at("from"), index);
        link.to = nodeNamed(l.at("to"), index);
        if (link.from == link.to) l.fail("a link from \"" + in.nodes[link.from].name + "\" to itself");
        link.bandwidth = positive(l.at("bandwidth"));
        if (auto b = l.find("bidirectional")) link.bidirectional = b->boolean();
        auto duplicate = [&](std::size_t a, std::size_t b) {
            if (!arcs.insert({a, b}).second)
                l.fail("a second link from \"" + in.nodes[a].name + "\" to \"" + in.nodes[b].name + "\"");
        };
        duplicate(link.from, link.to);
        if (link.bidirectional) duplicate(link.to, link.from);
        in.links.push_back(link);
    }

    const JsonNode app = root.at("application");
    const std::string type = app.at("type").string();
    SteadyApplication& a = in.application;
    if (type == "bag_of_tasks") {
        app.requireOnlyKeys({"type", "source", "data", "result", "work"});
        a.type = SteadyApplicationType::BagOfTasks;
        a.data = positive(app.at("data"));
        a.result = app.find("result") ? nonNegative(app.at("result")) : 0.0;
        a.work = positive(app.at("work"));
    } else if (type == "broadcast" || type == "multicast") {
        const bool multicast = type == "multicast";
        if (multicast) app.requireOnlyKeys({"type", "source", "size", "targets"});
        else app.requireOnlyKeys({"type", "source", "size"});
        a.type = multicast ? SteadyApplicationType::Multicast : SteadyApplicationType::Broadcast;
        a.data = positive(app.at("size"));
    } else {
        app.at("type").fail("unknown application \"" + type + "\" (known: bag_of_tasks, broadcast, multicast)");
    }
    a.source = nodeNamed(app.at("source"), index);
    // Reachability (every node for a broadcast, the targets for a multicast, a computing processor for a
    // bag of tasks) is checked when solving, not here: a platform is drawn and saved one node at a time.
    if (a.type == SteadyApplicationType::Multicast) {
        const JsonNode targets = app.at("targets");
        if (targets.size() == 0) targets.fail("expected at least one target");
        std::set<std::size_t> seen;
        for (std::size_t k = 0; k < targets.size(); ++k) {
            const std::size_t t = nodeNamed(targets[k], index);
            if (t == a.source) targets[k].fail("the source cannot be a target");
            if (!seen.insert(t).second) targets[k].fail("target \"" + in.nodes[t].name + "\" is listed twice");
            a.targets.push_back(t);
        }
    }
    return in;
}

nlohmann::json steadyStateInstanceToJson(const SteadyStateInstance& in) {
    nlohmann::json j;
    j["kind"] = "steady_state";
    j["model"] = communicationModelName(in.model);
    nlohmann::json nodes = nlohmann::json::array();
    for (const SteadyNode& n : in.nodes) nodes.push_back({{"name", n.name}, {"speed", n.speed}});
    nlohmann::json links = nlohmann::json::array();
    for (const SteadyLink& l : in.links)
        links.push_back({{"from", in.nodes[l.from].name}, {"to", in.nodes[l.to].name}, {"bandwidth", l.bandwidth},
                         {"bidirectional", l.bidirectional}});
    j["platform"] = {{"nodes", nodes}, {"links", links}};
    const SteadyApplication& a = in.application;
    nlohmann::json app;
    app["type"] = steadyApplicationName(a.type);
    app["source"] = in.nodes[a.source].name;
    if (a.type == SteadyApplicationType::BagOfTasks) {
        app["data"] = a.data;
        app["result"] = a.result;
        app["work"] = a.work;
    } else {
        app["size"] = a.data;
    }
    if (a.type == SteadyApplicationType::Multicast) {
        nlohmann::json targets = nlohmann::json::array();
        for (std::size_t t : a.targets) targets.push_back(in.nodes[t].name);
        app["targets"] = targets;
    }
    j["application"] = app;
    return j;
}

}  // namespace hetsched
