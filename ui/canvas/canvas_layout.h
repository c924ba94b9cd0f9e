// Where a canvas draws its nodes: the positions an entry's layout stores ({"positions": {"<key>": [x, y]}}),
// the family's automatic layout, and the place of nodes that have none yet. Pure functions of their
// arguments, safe on any thread (a big graph is prepared off the GUI thread).
#pragma once

#include <QHash>
#include <QPointF>
#include <QString>
#include <functional>
#include <vector>

#include <nlohmann/json.hpp>

#include "canvas/canvas_adapter.h"

namespace hetsched::ui {

class CanvasLayout {
public:
    explicit CanvasLayout(const CanvasAdapter& adapter) : m_adapter(adapter) {}

    // The positions `layout` stores (entries that are not two numbers are skipped).
    static QHash<QString, QPointF> storedPositions(const nlohmann::json& layout);
    // `layout` as it is (other keys, another canvas's positions), with this canvas's positions (the keys its
    // adapter owns) replaced by `positions`, rounded to a tenth.
    nlohmann::json withPositions(const nlohmann::json& layout, const QHash<QString, QPointF>& positions) const;

    // The family's automatic layout of `graph` (radial, layered or force-directed), one point per node.
    std::vector<QPointF> automaticPositions(const Instance& instance, const CanvasGraph& graph) const;
    // Whether that layout is force-directed on more than `backgroundNodes` nodes: too slow for the GUI thread.
    bool slowAutomaticLayout(const Instance& instance, const CanvasGraph& graph, std::size_t backgroundNodes) const;
    // The force-directed layout of the graph's nodes and links (the same positions on any thread).
    static std::vector<QPointF> forceDirected(int nodeCount, const std::vector<std::pair<int, int>>& links);
    static std::vector<std::pair<int, int>> linkEnds(const CanvasGraph& graph);
    // A square grid of `count` points: where nodes wait while their force-directed layout runs.
    static std::vector<QPointF> waitingGrid(std::size_t count);

    // Every node of `graph` placed: `known` as it is when it places every node; everything from `automatic`
    // when it places none; otherwise each missing node beside its placed neighbours (or right of the drawing).
    static QHash<QString, QPointF> completed(const CanvasGraph& graph, QHash<QString, QPointF> known,
                                             const std::function<std::vector<QPointF>()>& automatic);

    static double rounded(double v);

private:
    const CanvasAdapter& m_adapter;
};

}  // namespace hetsched::ui
