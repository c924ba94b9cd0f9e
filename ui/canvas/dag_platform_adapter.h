// The clusters of clusters of a dag instance on a canvas: the backbone above a row of boxes, one per
// cluster (P_i processors at a speed, behind a LAN of some bandwidth and latency) linked to it.
#pragma once

#include "canvas/canvas_adapter.h"

namespace hetsched::ui {

class DagPlatformAdapter : public CanvasAdapter {
public:
    // Its layout keys, apart from the task graph's (task names) in the same entry.
    static QString keyPrefix() { return QStringLiteral("⟨platform⟩"); }
    static QString backboneKey() { return keyPrefix() + QStringLiteral("backbone"); }

    QString familyName() const override { return QStringLiteral("dag-platform"); }
    std::vector<CanvasTool> tools() const override;
    // The backbone above a row of clusters: compact in the short pane under the task graph.
    CanvasAutoLayout autoLayout(const Instance&) const override { return CanvasAutoLayout::Rows; }
    bool ownsLayoutKey(const QString& key) const override { return key.startsWith(keyPrefix()); }
    CanvasGraph graph(const Instance& instance) const override;

    CanvasEdit addNode(const Instance& instance, const QString& tool) const override;
    CanvasEdit addLink(const Instance& instance, int from, int to, const QString& tool) const override;
    CanvasEdit addLinkToNewNode(const Instance& instance, int from, const QString& linkTool,
                                const QString& nodeTool) const override;
    CanvasEdit remove(const Instance& instance, const std::vector<int>& nodes,
                      const std::vector<int>& links) const override;

    std::vector<CanvasProperty> nodeProperties(const Instance& instance, int node) const override;
    std::vector<CanvasProperty> linkProperties(const Instance& instance, int link) const override;
    CanvasEdit setNodeProperty(const Instance& instance, int node, const QString& name,
                               const QString& value) const override;
    CanvasEdit setLinkProperty(const Instance& instance, int link, const QString& name,
                               const QString& value) const override;

    nlohmann::json copy(const Instance& instance, const std::vector<int>& nodes) const override;
    CanvasEdit paste(const Instance& instance, const nlohmann::json& fragment) const override;
};

}  // namespace hetsched::ui
