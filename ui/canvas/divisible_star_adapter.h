// The divisible-load star on the canvas: the master in the middle, one node per worker (w_i) and its link
// to the master (c_i, d_i). Workers are added, removed, renamed and edited here as in the table.
#pragma once

#include <functional>

#include "canvas/canvas_adapter.h"

namespace hetsched::ui {

class DivisibleStarAdapter : public CanvasAdapter {
public:
    static QString masterKey() { return QStringLiteral("⟨master⟩"); }

    QString familyName() const override { return QStringLiteral("divisible"); }
    std::vector<CanvasTool> tools() const override;
    CanvasAutoLayout autoLayout(const Instance&) const override { return CanvasAutoLayout::Radial; }
    int layoutCentre(const Instance&) const override { return 0; }
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
