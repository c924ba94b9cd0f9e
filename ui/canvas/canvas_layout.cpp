#include "canvas/canvas_layout.h"

#include <QRectF>
#include <cmath>

#include "layout/graph_layout.h"

namespace hetsched::ui {

namespace {

std::vector<layout::LayoutEdge> layoutEdges(const std::vector<std::pair<int, int>>& links) {
    std::vector<layout::LayoutEdge> edges;
    edges.reserve(links.size());
    for (const auto& [from, to] : links) edges.push_back({from, to});
    return edges;
}

std::vector<QPointF> points(const std::vector<layout::Point>& in, std::size_t count) {
    std::vector<QPointF> out;
    out.reserve(in.size());
    for (const layout::Point& p : in) out.emplace_back(p.x, p.y);
    out.resize(count);
    return out;
}

}  // namespace

double CanvasLayout::rounded(double v) { return std::round(v * 10.0) / 10.0; }

QHash<QString, QPointF> CanvasLayout::storedPositions(const nlohmann::json& layout) {
    QHash<QString, QPointF> out;
    if (!layout.is_object()) return out;
    const auto it = layout.find("positions");
    if (it == layout.end() || !it->is_object()) return out;
    for (const auto& [key, value] : it->items())
        if (value.is_array() && value.size() == 2 && value[0].is_number() && value[1].is_number())
            out.insert(QString::fromStdString(key), QPointF(value[0].get<double>(), value[1].get<double>()));
    return out;
}

nlohmann::json CanvasLayout::withPositions(const nlohmann::json& entryLayout, const QHash<QString, QPointF>& positions) const {
    nlohmann::json layout = entryLayout.is_object() ? entryLayout : nlohmann::json::object();
    nlohmann::json kept = nlohmann::json::object();
    if (const auto old = layout.find("positions"); old != layout.end() && old->is_object())
        for (const auto& [key, value] : old->items())
            if (!m_adapter.ownsLayoutKey(QString::fromStdString(key))) kept[key] = value;
    for (auto it = positions.begin(); it != positions.end(); ++it)
        kept[it.key().toStdString()] = {rounded(it.value().x()), rounded(it.value().y())};
    layout["positions"] = std::move(kept);
    return layout;
}

std::vector<std::pair<int, int>> CanvasLayout::linkEnds(const CanvasGraph& graph) {
    std::vector<std::pair<int, int>> ends;
    ends.reserve(graph.links.size());
    for (const CanvasLink& l : graph.links) ends.emplace_back(l.from, l.to);
    return ends;
}

std::vector<QPointF> CanvasLayout::forceDirected(int nodeCount, const std::vector<std::pair<int, int>>& links) {
    layout::ForceOptions options;
    options.edgeLength = 170.0;
    return points(layout::forceDirectedLayout(nodeCount, layoutEdges(links), options), static_cast<std::size_t>(nodeCount));
}

std::vector<QPointF> CanvasLayout::waitingGrid(std::size_t count) {
    const int columns = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count))));
    return points(layout::gridLayout(columns, columns, 170.0), count);
}

std::vector<QPointF> CanvasLayout::automaticPositions(const Instance& instance, const CanvasGraph& graph) const {
    const int n = static_cast<int>(graph.nodes.size());
    switch (m_adapter.autoLayout(instance)) {
        case CanvasAutoLayout::Radial:
            return points(layout::radialLayout(n, m_adapter.layoutCentre(instance), 260.0, 170.0), graph.nodes.size());
        case CanvasAutoLayout::Layered: {
            layout::LayeredOptions options;
            options.layerSpacing = 110.0;
            options.nodeSpacing = 140.0;
            return points(layout::layeredLayout(n, layoutEdges(linkEnds(graph)), options).position, graph.nodes.size());
        }
        case CanvasAutoLayout::ForceDirected:
            break;
    }
    return forceDirected(n, linkEnds(graph));
}

bool CanvasLayout::slowAutomaticLayout(const Instance& instance, const CanvasGraph& graph, std::size_t backgroundNodes) const {
    return m_adapter.autoLayout(instance) == CanvasAutoLayout::ForceDirected && graph.nodes.size() > backgroundNodes;
}

QHash<QString, QPointF> CanvasLayout::completed(const CanvasGraph& graph, QHash<QString, QPointF> known,
                                                const std::function<std::vector<QPointF>()>& automatic) {
    bool anyKnown = false;
    bool allKnown = true;
    for (const CanvasNode& n : graph.nodes) {
        const bool k = known.contains(n.key);
        anyKnown = anyKnown || k;
        allKnown = allKnown && k;
    }
    if (allKnown) return known;
    if (!anyKnown) {
        const std::vector<QPointF> placed = automatic();
        for (std::size_t i = 0; i < graph.nodes.size(); ++i) known.insert(graph.nodes[i].key, placed[i]);
        return known;
    }
    QRectF bounds;
    for (const CanvasNode& n : graph.nodes)
        if (known.contains(n.key)) bounds = bounds.united(QRectF(known.value(n.key), QSizeF(1, 1)));
    int placedBeside = 0;
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        if (known.contains(graph.nodes[i].key)) continue;
        QPointF sum;
        int count = 0;
        for (const CanvasLink& l : graph.links) {
            const int other = l.from == static_cast<int>(i) ? l.to : l.to == static_cast<int>(i) ? l.from : -1;
            if (other >= 0 && known.contains(graph.nodes[static_cast<std::size_t>(other)].key)) {
                sum += known.value(graph.nodes[static_cast<std::size_t>(other)].key);
                ++count;
            }
        }
        const QPointF p = count > 0 ? sum / count + QPointF(60 + 25 * (placedBeside % 4), 90)
                                    : QPointF(bounds.right() + 140, bounds.top() + 90.0 * placedBeside);
        ++placedBeside;
        known.insert(graph.nodes[i].key, p);
    }
    return known;
}

}  // namespace hetsched::ui
