// The CPU+GPU node on the canvas: the node's host in the middle, one circle per CPU and one box per GPU
// around it. The processors of each kind are identical (the tasks' times are in the task table), so the
// canvas edits how many there are: add, delete, copy and paste processors, or set m and k on the host.
#pragma once

#include "canvas/canvas_adapter.h"

namespace hetsched::ui {

class CpuGpuNodeAdapter : public CanvasAdapter {
public:
    static QString hostKey() { return QStringLiteral("⟨node⟩"); }

    QString familyName() const override { return QStringLiteral("cpugpu"); }
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
