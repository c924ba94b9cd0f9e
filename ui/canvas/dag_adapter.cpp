#include "canvas/dag_adapter.h"

#include <QObject>
#include <algorithm>
#include <set>

#include "canvas/adapter_util.h"
#include "canvas/dag_platform_adapter.h"
#include "model/dag.h"
#include "model/dag_paths.h"

namespace hetsched::ui {

using namespace adapter_util;

namespace {

const QString kTask = QStringLiteral("task");
const QString kDependency = QStringLiteral("dependency");

const DagInstance& dagOf(const Instance& instance) { return std::get<DagInstance>(instance); }
QString q(const std::string& s) { return QString::fromStdString(s); }

std::set<std::string> namesOf(const DagInstance& in) {
    std::set<std::string> names;
    for (const DagTask& t : in.tasks) names.insert(t.name);
    return names;
}

CanvasEdit done(DagInstance in, QString text, std::vector<QString> newKeys = {}) {
    return {Instance(std::move(in)), QString(), std::move(text), std::move(newKeys)};
}

DagTask newTask(const DagInstance& in) { return {numberedName("t", namesOf(in)), 1e9, 0.0}; }

}  // namespace


bool DagAdapter::ownsLayoutKey(const QString& key) const {
    return !key.startsWith(DagPlatformAdapter::keyPrefix());
}

std::vector<CanvasTool> DagAdapter::tools() const {
    return {{kTask, QObject::tr("Task"), QObject::tr("Click on the canvas to add a task (1 Gflop, α 0)"), false},
            {kDependency, QObject::tr("Dependency →"),
             QObject::tr("Drag from a task to another to add a dependency (refused if it closes a cycle)"), true}};
}

std::size_t DagAdapter::elementCount(const Instance& instance) const {
    const DagInstance& in = dagOf(instance);
    return in.tasks.size() + in.edges.size();
}

namespace {

CanvasNode taskNode(const DagTask& t) {
    CanvasNode node;
    node.key = q(t.name);
    node.title = q(t.name);
    node.shape = CanvasNodeShape::Task;
    node.value = QStringLiteral("%1 · α %2").arg(flopsText(t.flops), formatRounded(t.alpha, 3));
    node.toolTip = QObject::tr("%1: %2 flops, Amdahl α %3").arg(node.title, formatNumber(t.flops), formatNumber(t.alpha));
    return node;
}

CanvasLink edgeLink(const DagInstance& in, const DagEdge& e) {
    CanvasLink link;
    link.from = static_cast<int>(e.from);
    link.to = static_cast<int>(e.to);
    link.value = e.bytes > 0 ? bytesText(e.bytes) : QString();
    link.toolTip = QObject::tr("%1 → %2: %3 bytes").arg(q(in.tasks[e.from].name), q(in.tasks[e.to].name), formatNumber(e.bytes));
    return link;
}

}  // namespace

CanvasGraph DagAdapter::graph(const Instance& instance) const {
    const DagInstance& in = dagOf(instance);
    CanvasGraph g;
    g.nodes.reserve(in.tasks.size());
    for (const DagTask& t : in.tasks) g.nodes.push_back(taskNode(t));
    g.links.reserve(in.edges.size());
    for (const DagEdge& e : in.edges) g.links.push_back(edgeLink(in, e));
    return g;
}

bool DagAdapter::graphChange(const Instance& before, const Instance& after, const CanvasGraph& shown,
                             CanvasGraphChange& change) const {
    const auto* from = std::get_if<DagInstance>(&before);
    const auto* to = std::get_if<DagInstance>(&after);
    if (!from || !to || from->tasks.size() != to->tasks.size() || to->edges.size() < from->edges.size() ||
        shown.nodes.size() != from->tasks.size() || shown.links.size() != from->edges.size())
        return false;
    // The kept dependencies keep their ends.
    for (std::size_t k = 0; k < from->edges.size(); ++k)
        if (from->edges[k].from != to->edges[k].from || from->edges[k].to != to->edges[k].to) return false;
    std::vector<char> renamed(to->tasks.size(), 0);
    std::size_t changedTasks = 0;
    for (std::size_t i = 0; i < to->tasks.size(); ++i) {
        const DagTask& a = from->tasks[i];
        const DagTask& b = to->tasks[i];
        if (a.name == b.name && a.flops == b.flops && a.alpha == b.alpha) continue;
        if (++changedTasks > 64) return false;  // a bigger change is drawn anew
        renamed[i] = a.name != b.name;
        change.nodes.emplace_back(static_cast<int>(i), taskNode(b));
    }
    // A dependency's label and tooltip: its bytes, and its tasks' names.
    for (std::size_t k = 0; k < from->edges.size(); ++k) {
        const DagEdge& e = to->edges[k];
        if (e.bytes != from->edges[k].bytes || renamed[e.from] || renamed[e.to])
            change.links.emplace_back(static_cast<int>(k), edgeLink(*to, e));
    }
    if (change.links.size() > 1024) return false;
    for (std::size_t k = from->edges.size(); k < to->edges.size(); ++k) change.addedLinks.push_back(edgeLink(*to, to->edges[k]));
    return change.addedLinks.size() <= 16;
}

CanvasEdit DagAdapter::addNode(const Instance& instance, const QString&) const {
    DagInstance in = dagOf(instance);
    DagTask task = newTask(in);
    const QString key = q(task.name);
    in.tasks.push_back(std::move(task));
    return done(std::move(in), QObject::tr("Add task %1").arg(key), {key});
}

CanvasEdit DagAdapter::addLink(const Instance& instance, int from, int to, const QString&) const {
    DagInstance in = dagOf(instance);
    const auto f = static_cast<std::size_t>(from);
    const auto t = static_cast<std::size_t>(to);
    if (f >= in.tasks.size() || t >= in.tasks.size() || f == t)
        return CanvasEdit::refused(QObject::tr("a dependency needs two different tasks"));
    const QString a = q(in.tasks[f].name);
    const QString b = q(in.tasks[t].name);
    for (const DagEdge& e : in.edges)
        if (e.from == f && e.to == t) return CanvasEdit::refused(QObject::tr("%1 → %2 exists already").arg(a, b));
    const std::vector<std::size_t> back = dagPath(in, t, f);
    if (!back.empty()) {
        QStringList cycle{a};
        for (std::size_t u : back) cycle << q(in.tasks[u].name);
        return CanvasEdit::refused(QObject::tr("%1 → %2 would close the cycle %3: a task graph has no cycle")
                                       .arg(a, b, cycle.join(QStringLiteral(" → "))));
    }
    in.edges.push_back({f, t, 0.0});
    return done(std::move(in), QObject::tr("Add dependency %1 → %2").arg(a, b));
}

CanvasEdit DagAdapter::addLinkToNewNode(const Instance& instance, int from, const QString&, const QString&) const {
    DagInstance in = dagOf(instance);
    const auto f = static_cast<std::size_t>(from);
    if (f >= in.tasks.size()) return CanvasEdit::refused(QObject::tr("no such task"));
    DagTask task = newTask(in);
    const QString key = q(task.name);
    in.tasks.push_back(std::move(task));
    in.edges.push_back({f, in.tasks.size() - 1, 0.0});
    return done(std::move(in), QObject::tr("Add task %1 after %2").arg(key, q(in.tasks[f].name)), {key});
}

CanvasEdit DagAdapter::remove(const Instance& instance, const std::vector<int>& nodes, const std::vector<int>& links) const {
    const DagInstance& in = dagOf(instance);
    std::vector<bool> dropTask(in.tasks.size(), false);
    for (int u : nodes) dropTask[static_cast<std::size_t>(u)] = true;
    if (std::all_of(dropTask.begin(), dropTask.end(), [](bool b) { return b; }))
        return CanvasEdit::refused(QObject::tr("a task graph keeps at least one task"));
    std::vector<bool> dropEdge(in.edges.size(), false);
    for (int k : links) dropEdge[static_cast<std::size_t>(k)] = true;
    DagInstance out;
    out.platform = in.platform;
    std::vector<std::size_t> renumber(in.tasks.size(), 0);
    for (std::size_t u = 0; u < in.tasks.size(); ++u) {
        renumber[u] = out.tasks.size();
        if (!dropTask[u]) out.tasks.push_back(in.tasks[u]);
    }
    for (std::size_t k = 0; k < in.edges.size(); ++k) {
        const DagEdge& e = in.edges[k];
        if (!dropEdge[k] && !dropTask[e.from] && !dropTask[e.to]) out.edges.push_back({renumber[e.from], renumber[e.to], e.bytes});
    }
    const std::size_t removedEdges = in.edges.size() - out.edges.size();
    const QString text = nodes.empty() ? QObject::tr("Remove %1 dependenc(ies)").arg(removedEdges)
                                       : QObject::tr("Remove %1 task(s) and %2 dependenc(ies)").arg(nodes.size()).arg(removedEdges);
    return done(std::move(out), text);
}

std::vector<CanvasProperty> DagAdapter::nodeProperties(const Instance& instance, int node) const {
    const DagTask& t = dagOf(instance).tasks[static_cast<std::size_t>(node)];
    return {{QStringLiteral("name"), QObject::tr("Name"), CanvasProperty::Kind::Text, q(t.name), {}, QObject::tr("Unique task name")},
            {QStringLiteral("flops"), QObject::tr("Flops"), CanvasProperty::Kind::Number, formatNumber(t.flops), {},
             QObject::tr("The task's work, in flops (at least 0). Takes %1").arg(acceptedQuantityText(u"flop"))},
            {QStringLiteral("alpha"), QObject::tr("Amdahl α"), CanvasProperty::Kind::Number, formatNumber(t.alpha), {},
             QObject::tr("The non-parallel fraction in [0, 1]: T(p) = (α + (1 − α)/p) · flops / speed")}};
}

std::vector<CanvasProperty> DagAdapter::linkProperties(const Instance& instance, int link) const {
    const DagEdge& e = dagOf(instance).edges[static_cast<std::size_t>(link)];
    return {{QStringLiteral("bytes"), QObject::tr("Bytes D_ij"), CanvasProperty::Kind::Number, formatNumber(e.bytes), {},
             QObject::tr("Data sent from the first task to the second (0: a pure precedence). Takes %1")
                 .arg(acceptedQuantityText(u"B"))}};
}

CanvasEdit DagAdapter::setNodeProperty(const Instance& instance, int node, const QString& name, const QString& value) const {
    DagInstance in = dagOf(instance);
    const auto u = static_cast<std::size_t>(node);
    if (u >= in.tasks.size()) return CanvasEdit::refused(QObject::tr("no such task"));
    DagTask& t = in.tasks[u];
    const QString label = q(t.name);
    QString error;
    if (name == QLatin1String("name")) {
        const std::string newName = value.trimmed().toStdString();
        if (newName.empty()) return CanvasEdit::refused(QObject::tr("name: a task needs a name"));
        if (newName != t.name && namesOf(in).count(newName))
            return CanvasEdit::refused(QObject::tr("name: \"%1\" is already the name of another task").arg(value.trimmed()));
        t.name = newName;
        return done(std::move(in), QObject::tr("Rename %1 to %2").arg(label, value.trimmed()));
    }
    if (name == QLatin1String("flops")) {
        const std::optional<double> v = number(QObject::tr("flops of %1").arg(label), value, error, u"flop");
        if (!v) return CanvasEdit::refused(error);
        if (*v < 0) return CanvasEdit::refused(QObject::tr("flops of %1 must be at least 0, got %2").arg(label, value.trimmed()));
        t.flops = *v;
        return done(std::move(in), QObject::tr("Set flops of %1 to %2").arg(label, formatNumber(*v)));
    }
    if (name == QLatin1String("alpha")) {
        const std::optional<double> v = number(QObject::tr("α of %1").arg(label), value, error);
        if (!v) return CanvasEdit::refused(error);
        if (*v < 0 || *v > 1) return CanvasEdit::refused(QObject::tr("α of %1 must be in [0, 1], got %2").arg(label, value.trimmed()));
        t.alpha = *v;
        return done(std::move(in), QObject::tr("Set α of %1 to %2").arg(label, formatNumber(*v)));
    }
    return CanvasEdit::refused(QObject::tr("unknown property %1").arg(name));
}

CanvasEdit DagAdapter::setLinkProperty(const Instance& instance, int link, const QString& name, const QString& value) const {
    DagInstance in = dagOf(instance);
    const auto k = static_cast<std::size_t>(link);
    if (k >= in.edges.size()) return CanvasEdit::refused(QObject::tr("no such dependency"));
    DagEdge& e = in.edges[k];
    const QString label = QStringLiteral("%1 → %2").arg(q(in.tasks[e.from].name), q(in.tasks[e.to].name));
    if (name != QLatin1String("bytes")) return CanvasEdit::refused(QObject::tr("unknown property %1").arg(name));
    QString error;
    const std::optional<double> v = number(QObject::tr("bytes of %1").arg(label), value, error, u"B");
    if (!v) return CanvasEdit::refused(error);
    if (*v < 0) return CanvasEdit::refused(QObject::tr("bytes of %1 must be at least 0, got %2").arg(label, value.trimmed()));
    e.bytes = *v;
    return done(std::move(in), QObject::tr("Set bytes of %1 to %2").arg(label, formatNumber(*v)));
}

nlohmann::json DagAdapter::copy(const Instance& instance, const std::vector<int>& nodes) const {
    const DagInstance& in = dagOf(instance);
    std::vector<int> local(in.tasks.size(), -1);
    nlohmann::json tasks = nlohmann::json::array();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const DagTask& t = in.tasks[static_cast<std::size_t>(nodes[i])];
        local[static_cast<std::size_t>(nodes[i])] = static_cast<int>(i);
        tasks.push_back({{"name", t.name}, {"flops", t.flops}, {"alpha", t.alpha}});
    }
    nlohmann::json edges = nlohmann::json::array();
    for (const DagEdge& e : in.edges)
        if (local[e.from] >= 0 && local[e.to] >= 0)
            edges.push_back({{"from", local[e.from]}, {"to", local[e.to]}, {"bytes", e.bytes}});
    return {{"nodes", tasks}, {"links", edges}};
}

CanvasEdit DagAdapter::paste(const Instance& instance, const nlohmann::json& fragment) const {
    DagInstance in = dagOf(instance);
    const QString unreadable = QObject::tr("the clipboard's tasks cannot be read");
    if (!fragment.is_object() || !fragment.contains("nodes") || !fragment["nodes"].is_array())
        return CanvasEdit::refused(unreadable);
    std::set<std::string> taken = namesOf(in);
    const std::size_t base = in.tasks.size();
    std::vector<QString> keys;
    for (const nlohmann::json& t : fragment["nodes"]) {
        if (!t.is_object() || !t.value("name", nlohmann::json()).is_string() || !t.value("flops", nlohmann::json()).is_number() ||
            !t.value("alpha", nlohmann::json()).is_number())
            return CanvasEdit::refused(unreadable);
        const std::string name = uniqueName(t["name"].get<std::string>(), taken);
        taken.insert(name);
        in.tasks.push_back({name, t["flops"].get<double>(), t["alpha"].get<double>()});
        keys.push_back(q(name));
    }
    for (const nlohmann::json& e : fragment.value("links", nlohmann::json::array())) {
        if (!e.is_object() || !e.value("from", nlohmann::json()).is_number_integer() ||
            !e.value("to", nlohmann::json()).is_number_integer() || !e.value("bytes", nlohmann::json()).is_number())
            return CanvasEdit::refused(unreadable);
        const auto from = e["from"].get<std::int64_t>();
        const auto to = e["to"].get<std::int64_t>();
        if (from < 0 || to < 0 || static_cast<std::size_t>(from) >= keys.size() || static_cast<std::size_t>(to) >= keys.size())
            return CanvasEdit::refused(unreadable);
        in.edges.push_back({base + static_cast<std::size_t>(from), base + static_cast<std::size_t>(to), e["bytes"].get<double>()});
    }
    return done(std::move(in), QObject::tr("Paste %1 task(s)").arg(keys.size()), std::move(keys));
}

}  // namespace hetsched::ui
