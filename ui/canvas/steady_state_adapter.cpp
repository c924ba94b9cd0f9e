#include "canvas/steady_state_adapter.h"

#include <QObject>
#include <algorithm>
#include <set>

#include "canvas/adapter_util.h"
#include "model/steady_state.h"

namespace hetsched::ui {

using namespace adapter_util;

namespace {

const QString kProcessor = QStringLiteral("processor");
const QString kRouter = QStringLiteral("router");
const QString kLink = QStringLiteral("link");
const QString kTwoWay = QStringLiteral("two_way_link");

const SteadyStateInstance& steady(const Instance& instance) { return std::get<SteadyStateInstance>(instance); }

std::set<std::string> namesOf(const SteadyStateInstance& in) {
    std::set<std::string> names;
    for (const SteadyNode& n : in.nodes) names.insert(n.name);
    return names;
}

CanvasEdit done(SteadyStateInstance in, QString text, std::vector<QString> newKeys = {}) {
    return {Instance(std::move(in)), QString(), std::move(text), std::move(newKeys)};
}

QString q(const std::string& s) { return QString::fromStdString(s); }

// Why a link from -> to cannot be added next to the existing ones (empty when it can).
QString linkClash(const SteadyStateInstance& in, std::size_t from, std::size_t to, bool twoWay) {
    for (const SteadyLink& l : in.links) {
        const bool same = l.from == from && l.to == to;
        const bool reverse = l.from == to && l.to == from;
        if (same || (reverse && (l.bidirectional || twoWay)))
            return QObject::tr("%1 and %2 are already linked in this direction")
                .arg(q(in.nodes[from].name), q(in.nodes[to].name));
    }
    return {};
}

SteadyNode newNode(const SteadyStateInstance& in, const QString& tool) {
    const bool router = tool == kRouter;
    return {numberedName(router ? "R" : "P", namesOf(in)), router ? 0.0 : 1.0};
}

}  // namespace

std::vector<CanvasTool> SteadyStateAdapter::tools() const {
    return {{kProcessor, QObject::tr("Processor"), QObject::tr("Click on the canvas to add a processor (speed 1)"), false},
            {kRouter, QObject::tr("Router"), QObject::tr("Click to add a router: a node that forwards but does not compute"), false},
            {kLink, QObject::tr("Link →"), QObject::tr("Drag from a node to another to add a one-way link"), true},
            {kTwoWay, QObject::tr("Link ↔"), QObject::tr("Drag from a node to another to add a two-way link"), true}};
}

CanvasAutoLayout SteadyStateAdapter::autoLayout(const Instance& instance) const {
    // A star (every link touches one hub) reads best as a circle around the hub.
    const SteadyStateInstance& in = steady(instance);
    const int hub = layoutCentre(instance);
    const bool star = in.nodes.size() > 3 && std::all_of(in.links.begin(), in.links.end(), [&](const SteadyLink& l) {
        return static_cast<int>(l.from) == hub || static_cast<int>(l.to) == hub;
    });
    return star ? CanvasAutoLayout::Radial : CanvasAutoLayout::ForceDirected;
}

int SteadyStateAdapter::layoutCentre(const Instance& instance) const {
    const SteadyStateInstance& in = steady(instance);
    std::vector<int> degree(in.nodes.size(), 0);
    for (const SteadyLink& l : in.links) {
        ++degree[l.from];
        ++degree[l.to];
    }
    return degree.empty() ? 0 : static_cast<int>(std::max_element(degree.begin(), degree.end()) - degree.begin());
}

std::size_t SteadyStateAdapter::elementCount(const Instance& instance) const {
    const SteadyStateInstance& in = steady(instance);
    return in.nodes.size() + in.links.size();
}

CanvasGraph SteadyStateAdapter::graph(const Instance& instance) const {
    const SteadyStateInstance& in = steady(instance);
    CanvasGraph g;
    g.nodes.reserve(in.nodes.size());
    const bool multicast = in.application.type == SteadyApplicationType::Multicast;
    for (std::size_t u = 0; u < in.nodes.size(); ++u) {
        const SteadyNode& n = in.nodes[u];
        CanvasNode node;
        node.key = q(n.name);
        node.title = q(n.name);
        node.shape = n.speed > 0 ? CanvasNodeShape::Processor : CanvasNodeShape::Router;
        node.value = n.speed > 0 ? QStringLiteral("s=%1").arg(shortNumber(n.speed)) : QObject::tr("router");
        node.emphasised = u == in.application.source;
        node.marked = multicast && std::find(in.application.targets.begin(), in.application.targets.end(), u) !=
                                       in.application.targets.end();
        if (node.emphasised) node.value += QObject::tr(" · source");
        if (node.marked) node.value += QObject::tr(" · target");
        node.toolTip = n.speed > 0 ? QObject::tr("%1: speed %2").arg(node.title, formatNumber(n.speed))
                                   : QObject::tr("%1: router (speed 0)").arg(node.title);
        g.nodes.push_back(std::move(node));
    }
    g.links.reserve(in.links.size());
    for (const SteadyLink& l : in.links) {
        CanvasLink link;
        link.from = static_cast<int>(l.from);
        link.to = static_cast<int>(l.to);
        link.directed = !l.bidirectional;
        link.twoWay = l.bidirectional;
        link.value = QStringLiteral("bw %1").arg(shortNumber(l.bandwidth));
        link.toolTip = QObject::tr("%1 %2 %3: bandwidth %4")
                           .arg(q(in.nodes[l.from].name), l.bidirectional ? QStringLiteral("↔") : QStringLiteral("→"),
                                q(in.nodes[l.to].name), formatNumber(l.bandwidth));
        g.links.push_back(std::move(link));
    }
    return g;
}

CanvasEdit SteadyStateAdapter::addNode(const Instance& instance, const QString& tool) const {
    SteadyStateInstance in = steady(instance);
    SteadyNode node = newNode(in, tool);
    const QString key = q(node.name);
    const QString text = tool == kRouter ? QObject::tr("Add router %1").arg(key) : QObject::tr("Add processor %1").arg(key);
    // Unconnected for now, even in a broadcast: the user links it next (solving names what is out of reach).
    in.nodes.push_back(std::move(node));
    return done(std::move(in), text, {key});
}

CanvasEdit SteadyStateAdapter::addLink(const Instance& instance, int from, int to, const QString& tool) const {
    SteadyStateInstance in = steady(instance);
    const auto f = static_cast<std::size_t>(from);
    const auto t = static_cast<std::size_t>(to);
    if (f >= in.nodes.size() || t >= in.nodes.size() || f == t)
        return CanvasEdit::refused(QObject::tr("a link needs two different nodes"));
    const bool twoWay = tool == kTwoWay;
    const QString clash = linkClash(in, f, t, twoWay);
    if (!clash.isEmpty()) return CanvasEdit::refused(clash);
    in.links.push_back({f, t, 1.0, twoWay});
    const QString text = QObject::tr("Add link %1 %2 %3")
                             .arg(q(in.nodes[f].name), twoWay ? QStringLiteral("↔") : QStringLiteral("→"), q(in.nodes[t].name));
    return done(std::move(in), text);
}

CanvasEdit SteadyStateAdapter::addLinkToNewNode(const Instance& instance, int from, const QString& linkTool,
                                                const QString& nodeTool) const {
    SteadyStateInstance in = steady(instance);
    const auto f = static_cast<std::size_t>(from);
    if (f >= in.nodes.size()) return CanvasEdit::refused(QObject::tr("no such node"));
    SteadyNode node = newNode(in, nodeTool);
    const QString key = q(node.name);
    in.nodes.push_back(std::move(node));
    const bool twoWay = linkTool == kTwoWay;
    in.links.push_back({f, in.nodes.size() - 1, 1.0, twoWay});
    const QString text = QObject::tr("Add %1 linked from %2").arg(key, q(in.nodes[f].name));
    return done(std::move(in), text, {key});
}

CanvasEdit SteadyStateAdapter::remove(const Instance& instance, const std::vector<int>& nodes,
                                      const std::vector<int>& links) const {
    const SteadyStateInstance& in = steady(instance);
    std::vector<bool> dropNode(in.nodes.size(), false);
    for (int u : nodes) dropNode[static_cast<std::size_t>(u)] = true;
    if (dropNode[in.application.source])
        return CanvasEdit::refused(QObject::tr("%1 is the application's source: choose another source first")
                                       .arg(q(in.nodes[in.application.source].name)));
    if (std::all_of(dropNode.begin(), dropNode.end(), [](bool b) { return b; }))
        return CanvasEdit::refused(QObject::tr("a platform keeps at least one node"));
    std::vector<bool> dropLink(in.links.size(), false);
    for (int k : links) dropLink[static_cast<std::size_t>(k)] = true;
    std::vector<std::size_t> renumber(in.nodes.size(), 0);
    SteadyStateInstance out = in;
    out.nodes.clear();
    out.links.clear();
    for (std::size_t u = 0; u < in.nodes.size(); ++u) {
        renumber[u] = out.nodes.size();
        if (!dropNode[u]) out.nodes.push_back(in.nodes[u]);
    }
    for (std::size_t k = 0; k < in.links.size(); ++k) {
        const SteadyLink& l = in.links[k];
        if (dropLink[k] || dropNode[l.from] || dropNode[l.to]) continue;
        out.links.push_back({renumber[l.from], renumber[l.to], l.bandwidth, l.bidirectional});
    }
    out.application.source = renumber[in.application.source];
    out.application.targets.clear();
    for (std::size_t t : in.application.targets)
        if (!dropNode[t]) out.application.targets.push_back(renumber[t]);
    const std::size_t removedNodes = nodes.size();
    const std::size_t removedLinks = in.links.size() - out.links.size();
    const QString text = removedNodes > 0 ? QObject::tr("Remove %1 node(s) and %2 link(s)").arg(removedNodes).arg(removedLinks)
                                          : QObject::tr("Remove %1 link(s)").arg(removedLinks);
    return done(std::move(out), text);
}

std::vector<CanvasProperty> SteadyStateAdapter::nodeProperties(const Instance& instance, int node) const {
    const SteadyStateInstance& in = steady(instance);
    const SteadyNode& n = in.nodes[static_cast<std::size_t>(node)];
    std::vector<CanvasProperty> props = {
        {QStringLiteral("name"), QObject::tr("Name"), CanvasProperty::Kind::Text, q(n.name), {}, QObject::tr("Unique node name")},
        {QStringLiteral("speed"), QObject::tr("Speed s_u"), CanvasProperty::Kind::Number, formatNumber(n.speed), {},
         QObject::tr("Flops per time unit; 0 makes the node a router that only forwards")},
        {QStringLiteral("source"), QObject::tr("Source"), CanvasProperty::Kind::Bool,
         static_cast<std::size_t>(node) == in.application.source ? QStringLiteral("true") : QStringLiteral("false"), {},
         QObject::tr("The node that holds the data (P_source)")}};
    if (in.application.type == SteadyApplicationType::Multicast) {
        const bool target = std::find(in.application.targets.begin(), in.application.targets.end(),
                                      static_cast<std::size_t>(node)) != in.application.targets.end();
        props.push_back({QStringLiteral("target"), QObject::tr("Multicast target"), CanvasProperty::Kind::Bool,
                         target ? QStringLiteral("true") : QStringLiteral("false"), {},
                         QObject::tr("Whether the multicast must reach this node")});
    }
    return props;
}

std::vector<CanvasProperty> SteadyStateAdapter::linkProperties(const Instance& instance, int link) const {
    const SteadyLink& l = steady(instance).links[static_cast<std::size_t>(link)];
    return {{QStringLiteral("bandwidth"), QObject::tr("Bandwidth bw_e"), CanvasProperty::Kind::Number,
             formatNumber(l.bandwidth), {}, QObject::tr("Bytes per time unit, positive")},
            {QStringLiteral("two_way"), QObject::tr("Two-way"), CanvasProperty::Kind::Bool,
             l.bidirectional ? QStringLiteral("true") : QStringLiteral("false"), {},
             QObject::tr("A two-way link stands for two one-way links of this bandwidth")}};
}

CanvasEdit SteadyStateAdapter::setNodeProperty(const Instance& instance, int node, const QString& name,
                                               const QString& value) const {
    SteadyStateInstance in = steady(instance);
    const auto u = static_cast<std::size_t>(node);
    if (u >= in.nodes.size()) return CanvasEdit::refused(QObject::tr("no such node"));
    SteadyNode& n = in.nodes[u];
    const QString label = q(n.name);
    QString error;
    if (name == QLatin1String("name")) {
        const std::string newName = value.trimmed().toStdString();
        if (newName.empty()) return CanvasEdit::refused(QObject::tr("name: a node needs a name"));
        if (newName != n.name && namesOf(in).count(newName))
            return CanvasEdit::refused(QObject::tr("name: \"%1\" is already the name of another node").arg(value.trimmed()));
        n.name = newName;
        return done(std::move(in), QObject::tr("Rename %1 to %2").arg(label, value.trimmed()));
    }
    if (name == QLatin1String("speed")) {
        const std::optional<double> v = number(QObject::tr("speed of %1").arg(label), value, error);
        if (!v) return CanvasEdit::refused(error);
        if (*v < 0) return CanvasEdit::refused(QObject::tr("speed of %1 must be at least 0 (0: a router), got %2").arg(label, value.trimmed()));
        n.speed = *v;
        return done(std::move(in), QObject::tr("Set speed of %1 to %2").arg(label, formatNumber(*v)));
    }
    if (name == QLatin1String("source")) {
        if (value != QLatin1String("true"))
            return CanvasEdit::refused(QObject::tr("there is always a source: make another node the source instead"));
        in.application.source = u;
        auto& targets = in.application.targets;
        targets.erase(std::remove(targets.begin(), targets.end(), u), targets.end());
        return done(std::move(in), QObject::tr("Make %1 the source").arg(label));
    }
    if (name == QLatin1String("target")) {
        auto& targets = in.application.targets;
        const bool on = value == QLatin1String("true");
        targets.erase(std::remove(targets.begin(), targets.end(), u), targets.end());
        if (on) targets.push_back(u);
        return done(std::move(in), on ? QObject::tr("Make %1 a target").arg(label) : QObject::tr("%1 no longer a target").arg(label));
    }
    return CanvasEdit::refused(QObject::tr("unknown property %1").arg(name));
}

CanvasEdit SteadyStateAdapter::setLinkProperty(const Instance& instance, int link, const QString& name,
                                               const QString& value) const {
    SteadyStateInstance in = steady(instance);
    const auto k = static_cast<std::size_t>(link);
    if (k >= in.links.size()) return CanvasEdit::refused(QObject::tr("no such link"));
    SteadyLink& l = in.links[k];
    const QString label = QStringLiteral("%1 %2 %3").arg(q(in.nodes[l.from].name),
                                                        l.bidirectional ? QStringLiteral("↔") : QStringLiteral("→"),
                                                        q(in.nodes[l.to].name));
    QString error;
    if (name == QLatin1String("bandwidth")) {
        const std::optional<double> v = number(QObject::tr("bandwidth of %1").arg(label), value, error);
        if (!v) return CanvasEdit::refused(error);
        if (*v <= 0)
            return CanvasEdit::refused(QObject::tr("bandwidth of %1 must be positive, got %2").arg(label, value.trimmed()));
        l.bandwidth = *v;
        return done(std::move(in), QObject::tr("Set bandwidth of %1 to %2").arg(label, formatNumber(*v)));
    }
    if (name == QLatin1String("two_way")) {
        const bool on = value == QLatin1String("true");
        if (on && !l.bidirectional) {
            for (std::size_t j = 0; j < in.links.size(); ++j)
                if (j != k && in.links[j].from == l.to && in.links[j].to == l.from)
                    return CanvasEdit::refused(QObject::tr("%1: a link back already exists; remove it first").arg(label));
        }
        l.bidirectional = on;
        return done(std::move(in), on ? QObject::tr("Make %1 two-way").arg(label) : QObject::tr("Make %1 one-way").arg(label));
    }
    return CanvasEdit::refused(QObject::tr("unknown property %1").arg(name));
}

nlohmann::json SteadyStateAdapter::copy(const Instance& instance, const std::vector<int>& nodes) const {
    const SteadyStateInstance& in = steady(instance);
    std::vector<int> local(in.nodes.size(), -1);
    nlohmann::json outNodes = nlohmann::json::array();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const SteadyNode& n = in.nodes[static_cast<std::size_t>(nodes[i])];
        local[static_cast<std::size_t>(nodes[i])] = static_cast<int>(i);
        outNodes.push_back({{"name", n.name}, {"speed", n.speed}});
    }
    nlohmann::json outLinks = nlohmann::json::array();
    for (const SteadyLink& l : in.links)
        if (local[l.from] >= 0 && local[l.to] >= 0)
            outLinks.push_back({{"from", local[l.from]}, {"to", local[l.to]}, {"bandwidth", l.bandwidth},
                                {"bidirectional", l.bidirectional}});
    return {{"nodes", outNodes}, {"links", outLinks}};
}

CanvasEdit SteadyStateAdapter::paste(const Instance& instance, const nlohmann::json& fragment) const {
    SteadyStateInstance in = steady(instance);
    if (!fragment.is_object() || !fragment.contains("nodes") || !fragment["nodes"].is_array())
        return CanvasEdit::refused(QObject::tr("the clipboard's nodes cannot be read"));
    std::set<std::string> taken = namesOf(in);
    const std::size_t base = in.nodes.size();
    std::vector<QString> keys;
    for (const nlohmann::json& n : fragment["nodes"]) {
        if (!n.is_object() || !n.value("name", nlohmann::json()).is_string() || !n.value("speed", nlohmann::json()).is_number())
            return CanvasEdit::refused(QObject::tr("the clipboard's nodes cannot be read"));
        const std::string name = uniqueName(n["name"].get<std::string>(), taken);
        taken.insert(name);
        in.nodes.push_back({name, n["speed"].get<double>()});
        keys.push_back(q(name));
    }
    for (const nlohmann::json& l : fragment.value("links", nlohmann::json::array())) {
        if (!l.is_object() || !l.value("from", nlohmann::json()).is_number_integer() ||
            !l.value("to", nlohmann::json()).is_number_integer() || !l.value("bandwidth", nlohmann::json()).is_number())
            return CanvasEdit::refused(QObject::tr("the clipboard's links cannot be read"));
        const auto from = l["from"].get<std::int64_t>();
        const auto to = l["to"].get<std::int64_t>();
        if (from < 0 || to < 0 || static_cast<std::size_t>(from) >= keys.size() || static_cast<std::size_t>(to) >= keys.size())
            return CanvasEdit::refused(QObject::tr("the clipboard's links cannot be read"));
        in.links.push_back({base + static_cast<std::size_t>(from), base + static_cast<std::size_t>(to),
                            l["bandwidth"].get<double>(), l.value("bidirectional", false)});
    }
    if (in.application.type == SteadyApplicationType::Broadcast && !keys.empty()) {
        // Pasted nodes are not linked to the rest yet; a broadcast must reach them.
        return CanvasEdit::refused(QObject::tr("a broadcast must reach every node, and the pasted nodes are not "
                                               "connected to the platform: paste into a bag of tasks or multicast, "
                                               "or link them first"));
    }
    return done(std::move(in), QObject::tr("Paste %1 node(s)").arg(keys.size()), std::move(keys));
}

}  // namespace hetsched::ui
