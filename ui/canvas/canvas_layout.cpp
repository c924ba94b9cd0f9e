#include "canvas/canvas_layout.h"

#include <QRectF>
#include <algorithm>
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

// The node `centre` at the origin, the others in index order in a row above it (the first half) and a row
// below it, each row centred; 132 apart in a row (a cluster's box is 120 wide), 100 above and below (room
// for the centre's label).
std::vector<QPointF> rowsAround(std::size_t count, int centre) {
    std::vector<QPointF> out(count);
    if (count == 0) return out;
    const auto hub = static_cast<std::size_t>(std::clamp(centre, 0, static_cast<int>(count) - 1));
    const std::size_t others = count - 1;
    const std::size_t above = (others + 1) / 2;
    std::size_t k = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (i == hub) continue;
        const bool top = k < above;
        const std::size_t inRow = top ? above : others - above;
        const std::size_t column = top ? k : k - above;
        out[i] = QPointF((static_cast<double>(column) - static_cast<double>(inRow - 1) / 2) * 132.0, top ? -100.0 : 100.0);
        ++k;
    }
    return out;
}

// Room a node needs around its centre to be drawn apart from another: a task's or a cluster's box (120 x 44)
// with a gap.
constexpr double kFreeWidth = 140.0;
constexpr double kFreeHeight = 60.0;

// The places taken by nodes, in cells of the room one needs: whether a node at a point would touch one.
class Occupancy {
public:
    void add(QPointF p) { m_cells[cellOf(p)].push_back(p); }
    bool occupied(QPointF p) const {
        const auto [cx, cy] = cellOf(p);
        for (qint64 dx = -1; dx <= 1; ++dx)
            for (qint64 dy = -1; dy <= 1; ++dy) {
                const auto it = m_cells.find({cx + dx, cy + dy});
                if (it == m_cells.end()) continue;
                for (const QPointF& q : *it)
                    if (std::abs(q.x() - p.x()) < kFreeWidth && std::abs(q.y() - p.y()) < kFreeHeight) return true;
            }
        return false;
    }

private:
    static std::pair<qint64, qint64> cellOf(QPointF p) {
        return {static_cast<qint64>(std::floor(p.x() / kFreeWidth)), static_cast<qint64>(std::floor(p.y() / kFreeHeight))};
    }
    QHash<std::pair<qint64, qint64>, std::vector<QPointF>> m_cells;
};

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
        case CanvasAutoLayout::Rows:
            return rowsAround(graph.nodes.size(), m_adapter.layoutCentre(instance));
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
    Occupancy taken;
    for (const CanvasNode& n : graph.nodes)
        if (known.contains(n.key)) taken.add(known.value(n.key));
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
        QPointF p = count > 0 ? sum / count + QPointF(60 + 25 * (placedBeside % 4), 90)
                              : QPointF(bounds.right() + 140, bounds.top() + 90.0 * placedBeside);
        ++placedBeside;
        // Not onto a node already there (a second cluster added beside the backbone): the next free place
        // to the right, a box's width apart.
        for (qsizetype tries = known.size(); tries >= 0 && taken.occupied(p); --tries) p.rx() += kFreeWidth;
        taken.add(p);
        known.insert(graph.nodes[i].key, p);
    }
    return known;
}

}  // namespace hetsched::ui
