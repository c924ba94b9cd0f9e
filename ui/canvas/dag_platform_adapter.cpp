#include "canvas/dag_platform_adapter.h"

#include <QObject>
#include <set>

#include "canvas/adapter_util.h"
#include "model/dag.h"

namespace hetsched::ui {

using namespace adapter_util;

namespace {

const QString kCluster = QStringLiteral("cluster");
constexpr long long kMaxProcessors = 1'000'000;  // the whole platform, as the file format (core/io/dag_io.cpp)

const DagInstance& dagOf(const Instance& instance) { return std::get<DagInstance>(instance); }
QString q(const std::string& s) { return QString::fromStdString(s); }

CanvasEdit done(DagInstance in, QString text, std::vector<QString> newKeys = {}) {
    return {Instance(std::move(in)), QString(), std::move(text), std::move(newKeys)};
}

std::set<std::string> namesOf(const DagInstance& in) {
    std::set<std::string> names;
    for (const DagCluster& c : in.platform.clusters) names.insert(c.name);
    return names;
}

long long processorsOf(const DagInstance& in) {
    long long total = 0;
    for (const DagCluster& c : in.platform.clusters) total += c.processors;
    return total;
}

QString clusterKey(const DagCluster& c) { return DagPlatformAdapter::keyPrefix() + q(c.name); }

}  // namespace

std::vector<CanvasTool> DagPlatformAdapter::tools() const {
    return {{kCluster, QObject::tr("Cluster"), QObject::tr("Click on the canvas to add a cluster joined to the backbone"), false}};
}

CanvasGraph DagPlatformAdapter::graph(const Instance& instance) const {
    const DagInstance& in = dagOf(instance);
    CanvasGraph g;
    CanvasNode backbone;
    backbone.key = backboneKey();
    backbone.title = QObject::tr("Backbone");
    backbone.value = QObject::tr("%1/s · %2 s").arg(bytesText(in.platform.backbone.bandwidth),
                                                     shortNumber(in.platform.backbone.latency));
    backbone.shape = CanvasNodeShape::Router;
    backbone.emphasised = true;
    backbone.toolTip = QObject::tr("The backbone joining the clusters' gateways: %1/s, latency %2 s")
                           .arg(bytesText(in.platform.backbone.bandwidth), formatNumber(in.platform.backbone.latency));
    g.nodes.push_back(std::move(backbone));
    for (std::size_t i = 0; i < in.platform.clusters.size(); ++i) {
        const DagCluster& c = in.platform.clusters[i];
        CanvasNode node;
        node.key = clusterKey(c);
        node.title = q(c.name);
        node.value = QObject::tr("%1 × %2/s").arg(c.processors).arg(flopsText(c.speed));
        node.shape = CanvasNodeShape::Cluster;
        node.toolTip = QObject::tr("%1: %2 processors of %3/s behind a LAN of %4/s per processor, latency %5 s")
                           .arg(q(c.name))
                           .arg(c.processors)
                           .arg(flopsText(c.speed), bytesText(c.bandwidth), formatNumber(c.latency));
        g.nodes.push_back(std::move(node));
        CanvasLink link;
        link.from = 0;
        link.to = static_cast<int>(i + 1);
        link.directed = false;
        link.value = QObject::tr("%1/s").arg(bytesText(c.bandwidth));
        link.toolTip = g.nodes.back().toolTip;
        g.links.push_back(std::move(link));
    }
    return g;
}

CanvasEdit DagPlatformAdapter::addNode(const Instance& instance, const QString&) const {
    DagInstance in = dagOf(instance);
    if (processorsOf(in) + 16 > kMaxProcessors)
        return CanvasEdit::refused(QObject::tr("the platform would have more than %1 processors").arg(kMaxProcessors));
    DagCluster c = in.platform.clusters.empty() ? DagCluster{} : in.platform.clusters.back();
    c.name = numberedName("C", namesOf(in));
    if (in.platform.clusters.empty()) c.processors = 16;
    const QString key = clusterKey(c);
    const QString name = q(c.name);
    in.platform.clusters.push_back(std::move(c));
    return done(std::move(in), QObject::tr("Add cluster %1").arg(name), {key});
}

CanvasEdit DagPlatformAdapter::addLink(const Instance&, int, int, const QString&) const {
    return CanvasEdit::refused(QObject::tr("clusters are joined only through the backbone, which links them all"));
}

CanvasEdit DagPlatformAdapter::addLinkToNewNode(const Instance& instance, int from, const QString&, const QString&) const {
    if (from != 0) return CanvasEdit::refused(QObject::tr("clusters are joined only through the backbone, which links them all"));
    return addNode(instance, kCluster);
}

CanvasEdit DagPlatformAdapter::remove(const Instance& instance, const std::vector<int>& nodes,
                                      const std::vector<int>& links) const {
    DagInstance in = dagOf(instance);
    std::set<std::size_t> gone;
    for (int n : nodes) {
        if (n == 0) return CanvasEdit::refused(QObject::tr("the backbone is part of the platform"));
        gone.insert(static_cast<std::size_t>(n - 1));
    }
    for (int k : links) gone.insert(static_cast<std::size_t>(k));  // a cluster's link goes with the cluster
    if (gone.empty()) return CanvasEdit::refused(QObject::tr("nothing to remove"));
    if (gone.size() >= in.platform.clusters.size())
        return CanvasEdit::refused(QObject::tr("the platform keeps at least one cluster"));
    std::vector<DagCluster> kept;
    for (std::size_t i = 0; i < in.platform.clusters.size(); ++i)
        if (!gone.count(i)) kept.push_back(in.platform.clusters[i]);
    in.platform.clusters = std::move(kept);
    return done(std::move(in), QObject::tr("Remove %1 cluster(s)").arg(gone.size()));
}

std::vector<CanvasProperty> DagPlatformAdapter::nodeProperties(const Instance& instance, int node) const {
    const DagInstance& in = dagOf(instance);
    if (node == 0)
        return {{QStringLiteral("bandwidth"), QObject::tr("Bandwidth (B/s)"), CanvasProperty::Kind::Number,
                 formatNumber(in.platform.backbone.bandwidth), {},
                 QObject::tr("Bounds every inter-cluster transfer. Takes %1").arg(acceptedQuantityText(u"B/s"))},
                {QStringLiteral("latency"), QObject::tr("Latency (s)"), CanvasProperty::Kind::Number,
                 formatNumber(in.platform.backbone.latency), {}, QObject::tr("Takes %1").arg(acceptedQuantityText(u"s"))}};
    const DagCluster& c = in.platform.clusters[static_cast<std::size_t>(node - 1)];
    return {{QStringLiteral("name"), QObject::tr("Name"), CanvasProperty::Kind::Text, q(c.name), {}, {}},
            {QStringLiteral("processors"), QObject::tr("Processors"), CanvasProperty::Kind::Integer,
             QString::number(c.processors), {}, QObject::tr("P_i identical processors")},
            {QStringLiteral("speed"), QObject::tr("Speed (flop/s)"), CanvasProperty::Kind::Number, formatNumber(c.speed), {},
             QObject::tr("Of each processor. Takes %1").arg(acceptedQuantityText(u"flop/s"))},
            {QStringLiteral("bandwidth"), QObject::tr("LAN bandwidth (B/s)"), CanvasProperty::Kind::Number,
             formatNumber(c.bandwidth), {},
             QObject::tr("Of each processor's link to the cluster's switch. Takes %1").arg(acceptedQuantityText(u"B/s"))},
            {QStringLiteral("latency"), QObject::tr("LAN latency (s)"), CanvasProperty::Kind::Number, formatNumber(c.latency),
             {}, QObject::tr("Takes %1").arg(acceptedQuantityText(u"s"))}};
}

std::vector<CanvasProperty> DagPlatformAdapter::linkProperties(const Instance& instance, int link) const {
    std::vector<CanvasProperty> all = nodeProperties(instance, link + 1);
    return {all[3], all[4]};
}

CanvasEdit DagPlatformAdapter::setNodeProperty(const Instance& instance, int node, const QString& name,
                                               const QString& value) const {
    DagInstance in = dagOf(instance);
    QString error;
    const bool isLatency = name == QLatin1String("latency");
    auto positive = [&](const QString& label, double& field) -> CanvasEdit {
        const QStringView unit = isLatency ? u"s" : name == QLatin1String("speed") ? u"flop/s" : u"B/s";
        const std::optional<double> v = number(label, value, error, unit);
        if (!v) return CanvasEdit::refused(error);
        if (isLatency ? *v < 0 : *v <= 0)
            return CanvasEdit::refused(isLatency ? QObject::tr("%1 must be at least 0, got %2").arg(label, value.trimmed())
                                                 : QObject::tr("%1 must be positive, got %2").arg(label, value.trimmed()));
        field = *v;
        return done(std::move(in), QObject::tr("Set %1 to %2").arg(label, formatNumber(*v)));
    };
    if (node == 0) {
        DagBackbone& b = in.platform.backbone;
        if (name == QLatin1String("bandwidth")) return positive(QObject::tr("backbone bandwidth"), b.bandwidth);
        if (isLatency) return positive(QObject::tr("backbone latency"), b.latency);
        return CanvasEdit::refused(QObject::tr("unknown property %1").arg(name));
    }
    const auto i = static_cast<std::size_t>(node - 1);
    if (i >= in.platform.clusters.size()) return CanvasEdit::refused(QObject::tr("no such cluster"));
    DagCluster& c = in.platform.clusters[i];
    const QString label = q(c.name);
    if (name == QLatin1String("name")) {
        const std::string newName = value.trimmed().toStdString();
        if (newName.empty()) return CanvasEdit::refused(QObject::tr("name: a cluster needs a name"));
        if (newName != c.name && namesOf(in).count(newName))
            return CanvasEdit::refused(QObject::tr("name: \"%1\" is already the name of another cluster").arg(value.trimmed()));
        c.name = newName;
        return done(std::move(in), QObject::tr("Rename cluster %1 to %2").arg(label, value.trimmed()));
    }
    if (name == QLatin1String("processors")) {
        const std::optional<std::int64_t> p = parseInteger(value);
        if (!p) return CanvasEdit::refused(QObject::tr("processors of %1: \"%2\" is not a whole number").arg(label, value.trimmed()));
        if (*p < 1) return CanvasEdit::refused(QObject::tr("processors of %1 must be at least 1, got %2").arg(label).arg(*p));
        if (processorsOf(in) - c.processors + *p > kMaxProcessors)
            return CanvasEdit::refused(QObject::tr("the platform would have more than %1 processors").arg(kMaxProcessors));
        c.processors = static_cast<int>(*p);
        return done(std::move(in), QObject::tr("Set processors of %1 to %2").arg(label).arg(*p));
    }
    if (name == QLatin1String("speed")) return positive(QObject::tr("speed of %1").arg(label), c.speed);
    if (name == QLatin1String("bandwidth")) return positive(QObject::tr("bandwidth of %1").arg(label), c.bandwidth);
    if (isLatency) return positive(QObject::tr("latency of %1").arg(label), c.latency);
    return CanvasEdit::refused(QObject::tr("unknown property %1").arg(name));
}

CanvasEdit DagPlatformAdapter::setLinkProperty(const Instance& instance, int link, const QString& name,
                                               const QString& value) const {
    return setNodeProperty(instance, link + 1, name, value);
}

nlohmann::json DagPlatformAdapter::copy(const Instance& instance, const std::vector<int>& nodes) const {
    const DagInstance& in = dagOf(instance);
    nlohmann::json clusters = nlohmann::json::array();
    for (int n : nodes) {
        if (n <= 0 || static_cast<std::size_t>(n) > in.platform.clusters.size()) continue;
        const DagCluster& c = in.platform.clusters[static_cast<std::size_t>(n - 1)];
        clusters.push_back({{"name", c.name}, {"processors", c.processors}, {"speed", c.speed},
                            {"bandwidth", c.bandwidth}, {"latency", c.latency}});
    }
    return {{"nodes", clusters}};
}

CanvasEdit DagPlatformAdapter::paste(const Instance& instance, const nlohmann::json& fragment) const {
    DagInstance in = dagOf(instance);
    const QString unreadable = QObject::tr("the clipboard's clusters cannot be read");
    if (!fragment.is_object() || !fragment.contains("nodes") || !fragment["nodes"].is_array())
        return CanvasEdit::refused(unreadable);
    std::set<std::string> taken = namesOf(in);
    long long total = processorsOf(in);
    std::vector<QString> keys;
    for (const nlohmann::json& c : fragment["nodes"]) {
        if (!c.is_object() || !c.value("name", nlohmann::json()).is_string() ||
            !c.value("processors", nlohmann::json()).is_number_integer() || !c.value("speed", nlohmann::json()).is_number() ||
            !c.value("bandwidth", nlohmann::json()).is_number() || !c.value("latency", nlohmann::json()).is_number())
            return CanvasEdit::refused(unreadable);
        DagCluster cluster{uniqueName(c["name"].get<std::string>(), taken), c["processors"].get<int>(),
                           c["speed"].get<double>(), c["bandwidth"].get<double>(), c["latency"].get<double>()};
        if (cluster.processors < 1 || !(cluster.speed > 0) || !(cluster.bandwidth > 0) || !(cluster.latency >= 0))
            return CanvasEdit::refused(unreadable);
        total += cluster.processors;
        if (total > kMaxProcessors)
            return CanvasEdit::refused(QObject::tr("the platform would have more than %1 processors").arg(kMaxProcessors));
        taken.insert(cluster.name);
        keys.push_back(clusterKey(cluster));
        in.platform.clusters.push_back(std::move(cluster));
    }
    return done(std::move(in), QObject::tr("Paste %1 cluster(s)").arg(keys.size()), std::move(keys));
}

}  // namespace hetsched::ui
