// The steady-state platform on the canvas: processors (speed > 0) and routers (speed 0), one-way and
// two-way links with their bandwidth, the source and the multicast targets.
#pragma once

#include "canvas/canvas_adapter.h"

namespace hetsched::ui {

class SteadyStateAdapter : public CanvasAdapter {
public:
    QString familyName() const override { return QStringLiteral("steady_state"); }
    std::vector<CanvasTool> tools() const override;
    CanvasAutoLayout autoLayout(const Instance& instance) const override;
    int layoutCentre(const Instance& instance) const override;
    CanvasGraph graph(const Instance& instance) const override;
    std::size_t elementCount(const Instance& instance) const override;

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
