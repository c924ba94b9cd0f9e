// The task graph of a dag instance on the canvas: moldable tasks (flops, alpha) and dependencies
// (bytes); a dependency that would close a cycle is refused when the user draws it.
#pragma once

#include "util/number_text.h"
#include "canvas/canvas_adapter.h"

namespace hetsched::ui {

class DagAdapter : public CanvasAdapter {
public:
    QString familyName() const override { return QStringLiteral("dag"); }
    std::vector<CanvasTool> tools() const override;
    CanvasAutoLayout autoLayout(const Instance&) const override { return CanvasAutoLayout::Layered; }
    // The platform's canvas stores its positions under keys starting with "⟨platform⟩".
    bool ownsLayoutKey(const QString& key) const override;
    CanvasGraph graph(const Instance& instance) const override;
    std::size_t elementCount(const Instance& instance) const override;
    // Tasks' values, dependencies' bytes, a dependency added at the end (the tasks unchanged otherwise).
    bool graphChange(const Instance& before, const Instance& after, const CanvasGraph& shown,
                     CanvasGraphChange& change) const override;

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
