#include "io/dag_io.h"

#include "io/json_text_writer.h"
#include "io/named_objects.h"
#include "model/dag_edge_rows.h"
#include "io/forward_reader.h"

#include <cmath>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace hetsched {

using json_detail::JsonNode;
using namespace dag_limits;

namespace {

double rate(const JsonNode& node) {
    const double v = node.number();
    if (!(v >= kMinRate && v <= kMaxValue)) node.fail("must be between 1e-6 and 1e30, got " + node.text());
    return v;
}

double amount(const JsonNode& node) {
    const double v = node.number();
    if (!(v >= 0 && v <= kMaxValue)) node.fail("must be between 0 and 1e30, got " + node.text());
    return v;
}

double latency(const JsonNode& node) {
    const double v = node.number();
    if (!(v >= 0 && v <= kMaxLatency)) node.fail("must be between 0 and 1e30 seconds, got " + node.text());
    return v;
}

}  // namespace

DagPlatform readDagPlatform(const JsonNode& platform) {
    DagPlatform out;
    platform.requireOnlyKeys({"clusters", "backbone", "simgrid_file"});
    if (auto file = platform.find("simgrid_file")) out.simgrid.file = file->nonEmptyString();
    const JsonNode clusters = platform.at("clusters");
    clusters.requireArray();
    if (clusters.size() == 0) clusters.fail("expected at least one cluster");
    if (clusters.size() > kMaxClusters) clusters.fail("at most 10000 clusters");
    std::unordered_set<std::string> clusterNames;
    long long processors = 0;
    for (std::size_t i = 0; i < clusters.size(); ++i) {
        const JsonNode node = clusters[i];
        node.requireOnlyKeys({"name", "processors", "speed", "bandwidth", "latency", "hosts"});
        DagCluster c;
        c.name = node.at("name").nonEmptyString();
        if (!clusterNames.insert(c.name).second) node.at("name").fail("duplicate cluster name \"" + c.name + "\"");
        c.processors = static_cast<int>(node.at("processors").integer(1, kMaxProcessors));
        processors += c.processors;
        if (processors > kMaxProcessors) node.at("processors").fail("the platform has more than 1000000 processors");
        c.speed = rate(node.at("speed"));
        c.bandwidth = rate(node.at("bandwidth"));
        c.latency = latency(node.at("latency"));
        if (auto hosts = node.find("hosts")) {
            if (out.simgrid.empty()) hosts->fail("SimGrid hosts need the platform's \"simgrid_file\"");
            hosts->requireArray();
            std::vector<std::string>& names = out.simgrid.hostsByCluster.emplace_back(c.name, std::vector<std::string>{}).second;
            std::unordered_set<std::string> seen;
            for (std::size_t h = 0; h < hosts->size(); ++h) {
                names.push_back((*hosts)[h].nonEmptyString());
                if (!seen.insert(names.back()).second) (*hosts)[h].fail("duplicate host \"" + names.back() + "\"");
            }
        }
        out.clusters.push_back(std::move(c));
    }
    const JsonNode backbone = platform.at("backbone");
    backbone.requireOnlyKeys({"bandwidth", "latency"});
    out.backbone.bandwidth = rate(backbone.at("bandwidth"));
    out.backbone.latency = latency(backbone.at("latency"));
    return out;
}

DagInstance readDagInstance(const JsonNode& root) {
    root.requireOnlyKeys({"kind", "platform", "tasks", "edges"});
    DagInstance in;
    in.platform = readDagPlatform(root.at("platform"));

    const double fastest = dagFastestSpeed(in.platform);
    const JsonNode tasks = root.at("tasks");
    tasks.requireArray();
    if (tasks.size() == 0) tasks.fail("expected at least one task");
    if (tasks.size() > kMaxTasks) tasks.fail("at most 1000000 tasks");
    const NameIndex index = json_detail::readNamedObjects(
        tasks, {"name", "flops", "alpha"}, in.tasks,
        [&](const auto& fields, DagTask& t) {
            t.flops = amount(fields.at("flops"));
            t.alpha = fields.at("alpha").numberIn(0, 1);
            if (t.flops / fastest > kMaxTaskSeconds) fields.at("flops").fail(dagTaskFitsNowhere(t, fastest));
        },
        [](const std::string& name, std::size_t) { return "duplicate task name \"" + name + "\""; });

    const JsonNode edges = root.at("edges");
    edges.requireArray();
    if (edges.size() > kMaxEdges) edges.fail("at most 20000000 edges");
    in.edges.reserve(edges.size());
    // A repeated edge is found after the reading (by rows, O(N + E)); the error it would have raised first is
    // raised first: on an error of edge k, a repetition among the edges before it (or up to it, for its bytes).
    const auto failOnRepeat = [&](std::size_t count) {
        const DagEdgeRows rows(in.tasks.size(), in.edges, count);
        if (const std::optional<std::size_t> k = rows.firstRepeated()) {
            const DagEdge& e = in.edges[*k];
            edges[*k].fail("duplicate edge \"" + in.tasks[e.from].name + "\" -> \"" + in.tasks[e.to].name + "\"");
        }
        return rows;
    };
    for (std::size_t k = 0; k < edges.size(); ++k) {
        const JsonNode node = edges[k];
        const auto f = [&] {
            try {
                return node.fields({"from", "to", "bytes"});
            } catch (const json_detail::InputError&) {
                failOnRepeat(k);
                throw;
            }
        }();
        try {
            auto endpoint = [&](const char* key) {
                const JsonNode& name = f.at(key);
                const std::optional<std::size_t> task = index.find(name.stringView());
                if (!task) name.fail("unknown task \"" + std::string(name.stringView()) + "\"");
                return *task;
            };
            DagEdge e;
            e.from = endpoint("from");
            e.to = endpoint("to");
            if (e.from == e.to) node.fail("task \"" + in.tasks[e.from].name + "\" depends on itself");
            in.edges.push_back(e);
        } catch (const json_detail::InputError&) {
            failOnRepeat(k);
            throw;
        }
        try {
            in.edges.back().bytes = amount(f.at("bytes"));
        } catch (const json_detail::InputError&) {
            failOnRepeat(k + 1);
            throw;
        }
    }
    const DagEdgeRows rows = failOnRepeat(in.edges.size());
    if (!rows.acyclic()) {
        const DagGraph graph = buildDagGraph(in.tasks.size(), in.edges);
        if (!graph.cycle.empty()) edges.fail("the graph has a cycle: " + dagCycleText(in, graph.cycle));
    }
    return in;
}

std::optional<DagInstance> readDagInstanceForward(std::string_view text) {
    namespace fw = json_detail::forward;
    fw::od::parser parser;
    fw::od::document document;
    fw::od::value root;
    if (!fw::iterate(parser, text, json_detail::kJsonPadding, document, root)) return std::nullopt;
    DagInstance in;
    // An edge as written, its task names views into the parser's strings (the tasks may come after the edges).
    struct Edge {
        std::string_view from, to;
        double bytes = 0;
    };
    std::vector<Edge> edges;
    const auto readPlatform = [&](fw::od::value value) {
        // A few clusters: read by the platform's own reader from the object's text.
        fw::od::object object;
        std::string_view raw;
        if (value.get_object().get(object) || object.raw_json().get(raw)) return false;
        const std::unique_ptr<json_detail::FastJsonDocument> parsed = json_detail::FastJsonDocument::parse(raw, true);
        if (!parsed) return false;
        try {
            in.platform = readDagPlatform(parsed->root());
        } catch (const json_detail::InputError&) {
            return false;
        }
        return true;
    };
    const auto readTask = [&](fw::od::value element) {
        if (in.tasks.size() == kMaxTasks) return false;
        DagTask& task = in.tasks.emplace_back();
        return fw::fields(element, {"name", "flops", "alpha"}, 3, [&](std::size_t key, fw::od::value value) {
            switch (key) {
            case 0: return fw::string(value, task.name);
            case 1: return fw::number(value, task.flops, 0, kMaxValue);
            default: return fw::number(value, task.alpha, 0, 1);
            }
        });
    };
    const auto readEdge = [&](fw::od::value element) {
        if (edges.size() == kMaxEdges) return false;
        Edge& edge = edges.emplace_back();
        return fw::fields(element, {"from", "to", "bytes"}, 3, [&](std::size_t key, fw::od::value value) {
            switch (key) {
            case 0: return fw::string(value, edge.from, false);
            case 1: return fw::string(value, edge.to, false);
            default: return fw::number(value, edge.bytes, 0, kMaxValue);
            }
        });
    };
    const bool read = fw::fields(root, {"kind", "platform", "tasks", "edges"}, 4, [&](std::size_t key, fw::od::value value) {
        std::string_view kind;
        switch (key) {
        case 0: return fw::string(value, kind) && kind == "dag";
        case 1: return readPlatform(value);
        case 2: return fw::elements(value, readTask);
        default: return fw::elements(value, readEdge);
        }
    });
    if (!read || !fw::atEnd(document) || in.tasks.empty()) return std::nullopt;
    const double fastest = dagFastestSpeed(in.platform);
    for (const DagTask& task : in.tasks)
        if (task.flops / fastest > kMaxTaskSeconds) return std::nullopt;
    NameIndex names(in.tasks.size());
    if (names.addEach(in.tasks.size(), [&](std::size_t i) -> std::string_view { return in.tasks[i].name; }))
        return std::nullopt;
    in.edges.reserve(edges.size());
    for (const Edge& edge : edges) {
        const std::optional<std::size_t> from = names.find(edge.from);
        const std::optional<std::size_t> to = names.find(edge.to);
        if (!from || !to || *from == *to) return std::nullopt;
        in.edges.push_back({*from, *to, edge.bytes});
    }
    const DagEdgeRows rows(in.tasks.size(), in.edges);
    if (rows.firstRepeated() || !rows.acyclic()) return std::nullopt;
    return in;
}

nlohmann::json dagInstanceToJson(const DagInstance& in) {
    nlohmann::json clusters = nlohmann::json::array();
    const DagSimGridSource* simgrid = in.platform.simgrid.empty() ? nullptr : &in.platform.simgrid;
    for (const DagCluster& c : in.platform.clusters) {
        clusters.push_back({{"name", c.name},
                            {"processors", c.processors},
                            {"speed", c.speed},
                            {"bandwidth", c.bandwidth},
                            {"latency", c.latency}});
        if (simgrid)
            if (const std::vector<std::string>* hosts = simgrid->hostsOf(c.name); hosts && !hosts->empty())
                clusters.back()["hosts"] = *hosts;
    }
    nlohmann::json tasks = nlohmann::json::array();
    for (const DagTask& t : in.tasks) tasks.push_back({{"name", t.name}, {"flops", t.flops}, {"alpha", t.alpha}});
    nlohmann::json edges = nlohmann::json::array();
    for (const DagEdge& e : in.edges)
        edges.push_back({{"from", in.tasks[e.from].name}, {"to", in.tasks[e.to].name}, {"bytes", e.bytes}});
    nlohmann::json j;
    j["kind"] = "dag";
    j["platform"] = {{"clusters", std::move(clusters)},
                     {"backbone", {{"bandwidth", in.platform.backbone.bandwidth}, {"latency", in.platform.backbone.latency}}}};
    if (simgrid) j["platform"]["simgrid_file"] = simgrid->file;
    j["tasks"] = std::move(tasks);
    j["edges"] = std::move(edges);
    return j;
}

// Keys in nlohmann's order (sorted), as dagInstanceToJson's tree is written.
void writeDagInstance(const DagInstance& in, json_detail::JsonTextWriter& w) {
    const DagSimGridSource* simgrid = in.platform.simgrid.empty() ? nullptr : &in.platform.simgrid;
    w.beginObject();
    w.key("edges");
    w.beginArray();
    for (const DagEdge& e : in.edges) {
        w.beginObject();
        w.member("bytes", e.bytes);
        w.member("from", in.tasks[e.from].name);
        w.member("to", in.tasks[e.to].name);
        w.endObject();
    }
    w.endArray();
    w.member("kind", "dag");
    w.key("platform");
    w.beginObject();
    w.key("backbone");
    w.beginObject();
    w.member("bandwidth", in.platform.backbone.bandwidth);
    w.member("latency", in.platform.backbone.latency);
    w.endObject();
    w.key("clusters");
    w.beginArray();
    for (const DagCluster& c : in.platform.clusters) {
        w.beginObject();
        w.member("bandwidth", c.bandwidth);
        if (simgrid)
            if (const std::vector<std::string>* hosts = simgrid->hostsOf(c.name); hosts && !hosts->empty()) {
                w.key("hosts");
                w.beginArray();
                for (const std::string& host : *hosts) w.value(host);
                w.endArray();
            }
        w.member("latency", c.latency);
        w.member("name", c.name);
        w.member("processors", c.processors);
        w.member("speed", c.speed);
        w.endObject();
    }
    w.endArray();
    if (simgrid) {
        w.member("simgrid_file", simgrid->file);
    }
    w.endObject();
    w.key("tasks");
    w.beginArray();
    for (const DagTask& t : in.tasks) {
        w.beginObject();
        w.member("alpha", t.alpha);
        w.member("flops", t.flops);
        w.member("name", t.name);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

std::string dagInstanceText(const DagInstance& in) {
    json_detail::JsonTextWriter w;
    writeDagInstance(in, w);
    return w.take();
}

}  // namespace hetsched
