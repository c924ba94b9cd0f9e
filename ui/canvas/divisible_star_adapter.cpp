#include "canvas/divisible_star_adapter.h"

#include <QObject>
#include <set>

#include "canvas/adapter_util.h"
#include "editors/divisible_edits.h"
#include "model/divisible.h"

namespace hetsched::ui {

using namespace adapter_util;

namespace {

const QString kWorker = QStringLiteral("worker");

const DivisibleInstance& divisibleOf(const Instance& instance) { return std::get<DivisibleInstance>(instance); }
QString q(const std::string& s) { return QString::fromStdString(s); }

CanvasEdit done(DivisibleInstance in, QString text, std::vector<QString> newKeys = {}) {
    return {Instance(std::move(in)), QString(), std::move(text), std::move(newKeys)};
}

std::set<std::string> namesOf(const DivisibleInstance& in) {
    std::set<std::string> names;
    for (const DivisibleWorker& w : in.workers) names.insert(w.name);
    return names;
}

}  // namespace

std::vector<CanvasTool> DivisibleStarAdapter::tools() const {
    return {{kWorker, QObject::tr("Worker"), QObject::tr("Click on the canvas to add a worker linked to the master"), false}};
}

CanvasGraph DivisibleStarAdapter::graph(const Instance& instance) const {
    const DivisibleInstance& in = divisibleOf(instance);
    CanvasGraph g;
    CanvasNode master;
    master.key = masterKey();
    master.title = QObject::tr("Master");
    master.value = QStringLiteral("T=%1").arg(shortNumber(in.horizon));
    master.shape = CanvasNodeShape::Router;
    master.emphasised = true;
    master.toolTip = QObject::tr("The master holds the load; horizon T = %1").arg(formatNumber(in.horizon));
    g.nodes.push_back(std::move(master));
    for (std::size_t i = 0; i < in.workers.size(); ++i) {
        const DivisibleWorker& w = in.workers[i];
        CanvasNode node;
        node.key = q(w.name);
        node.title = q(w.name);
        node.value = QStringLiteral("w=%1").arg(shortNumber(w.w));
        node.toolTip = QObject::tr("%1: w = %2, c = %3, d = %4").arg(node.title, formatNumber(w.w), formatNumber(w.c), formatNumber(w.d));
        g.nodes.push_back(std::move(node));
        CanvasLink link;
        link.from = 0;
        link.to = static_cast<int>(i + 1);
        link.directed = true;
        link.twoWay = w.d > 0;  // results come back
        link.value = w.d > 0 ? QStringLiteral("c=%1 d=%2").arg(shortNumber(w.c), shortNumber(w.d))
                             : QStringLiteral("c=%1").arg(shortNumber(w.c));
        link.toolTip = node.toolTip;
        g.links.push_back(std::move(link));
    }
    return g;
}

CanvasEdit DivisibleStarAdapter::addNode(const Instance& instance, const QString&) const {
    DivisibleInstance in = divisibleOf(instance);
    DivisibleWorker w = newDivisibleWorker(in);
    const QString key = q(w.name);
    in.workers.push_back(std::move(w));
    return done(std::move(in), QObject::tr("Add worker %1").arg(key), {key});
}

CanvasEdit DivisibleStarAdapter::addLink(const Instance&, int, int, const QString&) const {
    return CanvasEdit::refused(QObject::tr("in a star every worker has one link, to the master, and no other"));
}

CanvasEdit DivisibleStarAdapter::addLinkToNewNode(const Instance& instance, int from, const QString&, const QString&) const {
    if (from != 0) return CanvasEdit::refused(QObject::tr("in a star every worker has one link, to the master, and no other"));
    return addNode(instance, kWorker);
}

CanvasEdit DivisibleStarAdapter::remove(const Instance& instance, const std::vector<int>& nodes, const std::vector<int>& links) const {
    const DivisibleInstance& in = divisibleOf(instance);
    QList<int> rows;
    for (int n : nodes) {
        if (n == 0) return CanvasEdit::refused(QObject::tr("the master is part of the star"));
        rows << n - 1;
    }
    // A worker's link is removed with the worker.
    for (int k : links)
        if (!rows.contains(k)) rows << k;
    if (rows.size() >= static_cast<int>(in.workers.size()))
        return CanvasEdit::refused(QObject::tr("a star keeps at least one worker"));
    return done(withoutWorkers(in, rows), QObject::tr("Remove %1 worker(s)").arg(rows.size()));
}

std::vector<CanvasProperty> DivisibleStarAdapter::nodeProperties(const Instance& instance, int node) const {
    const DivisibleInstance& in = divisibleOf(instance);
    if (node == 0)
        return {{QStringLiteral("horizon"), QObject::tr("Horizon T"), CanvasProperty::Kind::Number, formatNumber(in.horizon), {},
                 QObject::tr("Maximise the load processed, results returned, by time T")}};
    const DivisibleWorker& w = in.workers[static_cast<std::size_t>(node - 1)];
    return {{QStringLiteral("name"), QObject::tr("Name"), CanvasProperty::Kind::Text, q(w.name), {}, {}},
            {QStringLiteral("w"), QObject::tr("w_i (compute)"), CanvasProperty::Kind::Number, formatNumber(w.w), {},
             QObject::tr("Time per unit of load to compute")},
            {QStringLiteral("c"), QObject::tr("c_i (send)"), CanvasProperty::Kind::Number, formatNumber(w.c), {},
             QObject::tr("Time per unit of load to receive the data")},
            {QStringLiteral("d"), QObject::tr("d_i (return)"), CanvasProperty::Kind::Number, formatNumber(w.d), {},
             QObject::tr("Time per unit of load to return the results (0: none)")}};
}

std::vector<CanvasProperty> DivisibleStarAdapter::linkProperties(const Instance& instance, int link) const {
    std::vector<CanvasProperty> all = nodeProperties(instance, link + 1);
    return {all[2], all[3]};
}

CanvasEdit DivisibleStarAdapter::setNodeProperty(const Instance& instance, int node, const QString& name, const QString& value) const {
    DivisibleInstance in = divisibleOf(instance);
    QString error;
    if (node == 0) {
        const std::optional<double> v = number(QObject::tr("horizon T"), value, error);
        if (!v) return CanvasEdit::refused(error);
        if (*v <= 0) return CanvasEdit::refused(QObject::tr("horizon T must be positive, got %1").arg(value.trimmed()));
        in.horizon = *v;
        return done(std::move(in), QObject::tr("Set T to %1").arg(formatNumber(*v)));
    }
    const auto i = static_cast<std::size_t>(node - 1);
    if (i >= in.workers.size()) return CanvasEdit::refused(QObject::tr("no such worker"));
    DivisibleWorker& w = in.workers[i];
    const QString label = q(w.name);
    if (name == QLatin1String("name")) {
        const std::string newName = value.trimmed().toStdString();
        if (newName.empty()) return CanvasEdit::refused(QObject::tr("name: a worker needs a name"));
        if (newName != w.name && namesOf(in).count(newName))
            return CanvasEdit::refused(QObject::tr("name: \"%1\" is already the name of another worker").arg(value.trimmed()));
        w.name = newName;
        return done(std::move(in), QObject::tr("Rename %1 to %2").arg(label, value.trimmed()));
    }
    double* field = name == QLatin1String("w") ? &w.w : name == QLatin1String("c") ? &w.c : name == QLatin1String("d") ? &w.d : nullptr;
    if (!field) return CanvasEdit::refused(QObject::tr("unknown property %1").arg(name));
    const QString symbol = name + QStringLiteral(" of ") + label;
    const std::optional<double> v = number(symbol, value, error);
    if (!v) return CanvasEdit::refused(error);
    if (name == QLatin1String("d") ? *v < 0 : *v <= 0)
        return CanvasEdit::refused(name == QLatin1String("d") ? QObject::tr("%1 must be at least 0, got %2").arg(symbol, value.trimmed())
                                                              : QObject::tr("%1 must be positive, got %2").arg(symbol, value.trimmed()));
    *field = *v;
    return done(std::move(in), QObject::tr("Set %1 to %2").arg(symbol, formatNumber(*v)));
}

CanvasEdit DivisibleStarAdapter::setLinkProperty(const Instance& instance, int link, const QString& name, const QString& value) const {
    return setNodeProperty(instance, link + 1, name, value);
}

nlohmann::json DivisibleStarAdapter::copy(const Instance& instance, const std::vector<int>& nodes) const {
    const DivisibleInstance& in = divisibleOf(instance);
    nlohmann::json workers = nlohmann::json::array();
    for (int n : nodes) {
        if (n == 0) continue;
        const DivisibleWorker& w = in.workers[static_cast<std::size_t>(n - 1)];
        workers.push_back({{"name", w.name}, {"c", w.c}, {"w", w.w}, {"d", w.d}});
    }
    return {{"nodes", workers}};
}

CanvasEdit DivisibleStarAdapter::paste(const Instance& instance, const nlohmann::json& fragment) const {
    DivisibleInstance in = divisibleOf(instance);
    if (!fragment.is_object() || !fragment.contains("nodes") || !fragment["nodes"].is_array())
        return CanvasEdit::refused(QObject::tr("the clipboard's workers cannot be read"));
    std::set<std::string> taken = namesOf(in);
    std::vector<QString> keys;
    for (const nlohmann::json& w : fragment["nodes"]) {
        if (!w.is_object() || !w.value("name", nlohmann::json()).is_string() || !w.value("c", nlohmann::json()).is_number() ||
            !w.value("w", nlohmann::json()).is_number() || !w.value("d", nlohmann::json()).is_number())
            return CanvasEdit::refused(QObject::tr("the clipboard's workers cannot be read"));
        const std::string name = uniqueName(w["name"].get<std::string>(), taken);
        taken.insert(name);
        in.workers.push_back({name, w["c"].get<double>(), w["w"].get<double>(), w["d"].get<double>()});
        keys.push_back(q(name));
    }
    return done(std::move(in), QObject::tr("Paste %1 worker(s)").arg(keys.size()), std::move(keys));
}

}  // namespace hetsched::ui
