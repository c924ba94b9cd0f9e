#include "canvas/cpugpu_node_adapter.h"

#include <QObject>

#include "model/cpugpu.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {

const QString kCpu = QStringLiteral("cpu");
const QString kGpu = QStringLiteral("gpu");
constexpr int kMaxProcessors = 10'000;  // as the file format (core/io/cpugpu_io.cpp)

const CpuGpuInstance& nodeOf(const Instance& instance) { return std::get<CpuGpuInstance>(instance); }

// Node 0 is the host, nodes 1..m the CPUs, m+1..m+k the GPUs.
bool isCpu(const CpuGpuInstance& in, int node) { return node >= 1 && node <= in.cpus; }
bool isGpu(const CpuGpuInstance& in, int node) { return node > in.cpus && node <= in.cpus + in.gpus; }

QString processorsText(int cpus, int gpus) {
    return QObject::tr("%1, %2").arg(countOf(cpus, QObject::tr("CPU"), QObject::tr("CPUs")),
                                     countOf(gpus, QObject::tr("GPU"), QObject::tr("GPUs")));
}

// The node with m CPUs and k GPUs, or why not.
CanvasEdit resized(const CpuGpuInstance& before, int cpus, int gpus, const QString& text,
                   std::vector<QString> newKeys = {}) {
    if (cpus < 0 || gpus < 0) return CanvasEdit::refused(QObject::tr("a node cannot have fewer than 0 processors"));
    if (cpus == 0 && gpus == 0)
        return CanvasEdit::refused(QObject::tr("the node needs at least one processor (a CPU or a GPU)"));
    if (cpus > kMaxProcessors || gpus > kMaxProcessors)
        return CanvasEdit::refused(QObject::tr("at most %1 CPUs and %1 GPUs").arg(kMaxProcessors));
    CpuGpuInstance in = before;
    in.cpus = cpus;
    in.gpus = gpus;
    return {Instance(std::move(in)), QString(), text, std::move(newKeys)};
}

std::vector<QString> keysOf(const QString& prefix, int from, int to) {
    std::vector<QString> keys;
    for (int i = from; i <= to; ++i) keys.push_back(prefix + QString::number(i));
    return keys;
}

}  // namespace

std::vector<CanvasTool> CpuGpuNodeAdapter::tools() const {
    return {{kCpu, QObject::tr("CPU"), QObject::tr("Click on the canvas to add a CPU to the node"), false},
            {kGpu, QObject::tr("GPU"), QObject::tr("Click on the canvas to add a GPU to the node"), false}};
}

CanvasGraph CpuGpuNodeAdapter::graph(const Instance& instance) const {
    const CpuGpuInstance& in = nodeOf(instance);
    CanvasGraph g;
    CanvasNode host;
    host.key = hostKey();
    host.title = QObject::tr("Node");
    host.value = QObject::tr("m=%1 · k=%2").arg(in.cpus).arg(in.gpus);
    host.shape = CanvasNodeShape::Router;
    host.emphasised = true;
    host.toolTip = QObject::tr("A CPU+GPU node: %1 identical CPUs and %2 identical GPUs; %3")
                       .arg(in.cpus)
                       .arg(in.gpus)
                       .arg(countOf(static_cast<long long>(in.tasks.size()), QObject::tr("task"), QObject::tr("tasks")));
    g.nodes.push_back(std::move(host));
    auto addProcessor = [&](const QString& kind, int index, CanvasNodeShape shape, const QString& what) {
        CanvasNode node;
        node.key = kind + QString::number(index);
        node.title = node.key;
        node.value = what;
        node.shape = shape;
        node.toolTip = QObject::tr("%1 %2 of %3: runs a task in its %4 time").arg(what).arg(index).arg(
            processorsText(in.cpus, in.gpus), what);
        g.nodes.push_back(std::move(node));
        CanvasLink link;
        link.from = 0;
        link.to = static_cast<int>(g.nodes.size()) - 1;
        link.directed = false;
        g.links.push_back(std::move(link));
    };
    for (int i = 1; i <= in.cpus; ++i) addProcessor(QStringLiteral("CPU"), i, CanvasNodeShape::Processor, QObject::tr("CPU"));
    for (int i = 1; i <= in.gpus; ++i) addProcessor(QStringLiteral("GPU"), i, CanvasNodeShape::Cluster, QObject::tr("GPU"));
    return g;
}

CanvasEdit CpuGpuNodeAdapter::addNode(const Instance& instance, const QString& tool) const {
    const CpuGpuInstance& in = nodeOf(instance);
    if (tool == kGpu)
        return resized(in, in.cpus, in.gpus + 1, QObject::tr("Add a GPU"), {QStringLiteral("GPU%1").arg(in.gpus + 1)});
    return resized(in, in.cpus + 1, in.gpus, QObject::tr("Add a CPU"), {QStringLiteral("CPU%1").arg(in.cpus + 1)});
}

CanvasEdit CpuGpuNodeAdapter::addLink(const Instance&, int, int, const QString&) const {
    return CanvasEdit::refused(QObject::tr("the processors of a node share it: there are no links to draw"));
}

CanvasEdit CpuGpuNodeAdapter::addLinkToNewNode(const Instance& instance, int from, const QString&,
                                               const QString& nodeTool) const {
    const CpuGpuInstance& in = nodeOf(instance);
    // Dragging from a processor adds one more of its kind; from the host, the palette's kind.
    if (isGpu(in, from)) return addNode(instance, kGpu);
    if (isCpu(in, from)) return addNode(instance, kCpu);
    return addNode(instance, nodeTool);
}

CanvasEdit CpuGpuNodeAdapter::remove(const Instance& instance, const std::vector<int>& nodes,
                                     const std::vector<int>& links) const {
    const CpuGpuInstance& in = nodeOf(instance);
    int cpus = 0, gpus = 0;
    std::vector<bool> counted(static_cast<std::size_t>(in.cpus + in.gpus + 1), false);
    auto take = [&](int node) {
        if (node < 1 || node >= static_cast<int>(counted.size()) || counted[static_cast<std::size_t>(node)]) return;
        counted[static_cast<std::size_t>(node)] = true;
        (isCpu(in, node) ? cpus : gpus) += 1;
    };
    for (int n : nodes) {
        if (n == 0) return CanvasEdit::refused(QObject::tr("the node itself cannot be removed, only its processors"));
        take(n);
    }
    for (int k : links) take(k + 1);  // link k joins the host to node k + 1: removing it removes the processor
    if (cpus + gpus == 0) return CanvasEdit::refused(QObject::tr("nothing to remove"));
    // The processors of a kind are identical: removing any `cpus` of them leaves the first m - cpus.
    return resized(in, in.cpus - cpus, in.gpus - gpus, QObject::tr("Remove %1").arg(processorsText(cpus, gpus)));
}

std::vector<CanvasProperty> CpuGpuNodeAdapter::nodeProperties(const Instance& instance, int node) const {
    const CpuGpuInstance& in = nodeOf(instance);
    std::vector<CanvasProperty> host{
        {QStringLiteral("cpus"), QObject::tr("CPUs (m)"), CanvasProperty::Kind::Integer, QString::number(in.cpus), {},
         QObject::tr("Identical CPUs of the node")},
        {QStringLiteral("gpus"), QObject::tr("GPUs (k)"), CanvasProperty::Kind::Integer, QString::number(in.gpus), {},
         QObject::tr("Identical GPUs of the node")}};
    if (node == 0) return host;
    // A processor has no attribute of its own: its kind's count is what can be edited.
    return {isGpu(in, node) ? host[1] : host[0]};
}

std::vector<CanvasProperty> CpuGpuNodeAdapter::linkProperties(const Instance& instance, int link) const {
    return nodeProperties(instance, link + 1);
}

CanvasEdit CpuGpuNodeAdapter::setNodeProperty(const Instance& instance, int, const QString& name,
                                              const QString& value) const {
    const CpuGpuInstance& in = nodeOf(instance);
    const bool cpus = name == QLatin1String("cpus");
    if (!cpus && name != QLatin1String("gpus")) return CanvasEdit::refused(QObject::tr("unknown property %1").arg(name));
    const QString label = cpus ? QObject::tr("CPUs") : QObject::tr("GPUs");
    const std::optional<std::int64_t> count = parseInteger(value);
    if (!count) return CanvasEdit::refused(QObject::tr("%1: \"%2\" is not a whole number").arg(label, value.trimmed()));
    if (*count < 0 || *count > kMaxProcessors)
        return CanvasEdit::refused(QObject::tr("%1 must be between 0 and %2, got %3").arg(label).arg(kMaxProcessors).arg(*count));
    const int n = static_cast<int>(*count);
    const int before = cpus ? in.cpus : in.gpus;
    std::vector<QString> keys = n > before ? keysOf(cpus ? QStringLiteral("CPU") : QStringLiteral("GPU"), before + 1, n)
                                           : std::vector<QString>{};
    return resized(in, cpus ? n : in.cpus, cpus ? in.gpus : n, QObject::tr("Set %1 to %2").arg(label).arg(n),
                   std::move(keys));
}

CanvasEdit CpuGpuNodeAdapter::setLinkProperty(const Instance& instance, int link, const QString& name,
                                              const QString& value) const {
    return setNodeProperty(instance, link + 1, name, value);
}

nlohmann::json CpuGpuNodeAdapter::copy(const Instance& instance, const std::vector<int>& nodes) const {
    const CpuGpuInstance& in = nodeOf(instance);
    int cpus = 0, gpus = 0;
    for (int n : nodes) {
        if (isCpu(in, n)) ++cpus;
        if (isGpu(in, n)) ++gpus;
    }
    return {{"cpus", cpus}, {"gpus", gpus}};
}

CanvasEdit CpuGpuNodeAdapter::paste(const Instance& instance, const nlohmann::json& fragment) const {
    const CpuGpuInstance& in = nodeOf(instance);
    const auto count = [&](const char* key) -> std::optional<int> {
        if (!fragment.is_object() || !fragment.contains(key)) return 0;
        const nlohmann::json& v = fragment[key];
        if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > kMaxProcessors)
            return std::nullopt;
        return v.get<int>();
    };
    const std::optional<int> cpus = count("cpus"), gpus = count("gpus");
    if (!fragment.is_object() || !cpus || !gpus)
        return CanvasEdit::refused(QObject::tr("the clipboard's processors cannot be read"));
    if (*cpus + *gpus == 0) return CanvasEdit::refused(QObject::tr("the clipboard holds no processor"));
    std::vector<QString> keys = keysOf(QStringLiteral("CPU"), in.cpus + 1, in.cpus + *cpus);
    for (QString& key : keysOf(QStringLiteral("GPU"), in.gpus + 1, in.gpus + *gpus)) keys.push_back(std::move(key));
    return resized(in, in.cpus + *cpus, in.gpus + *gpus, QObject::tr("Paste %1").arg(processorsText(*cpus, *gpus)),
                   std::move(keys));
}

}  // namespace hetsched::ui
