// The task graph drawn in layers (Graphviz's dot through core/layout graphvizLayeredLayout, edges along
// dot's routes; core's layeredLayout beyond dot's limits): node size by flops, processors or duration,
// edges with their bytes, the critical path highlighted; level of detail so that 10000 tasks stay fluid.
#pragma once

#include <qcustomplot.h>

#include <memory>
#include <optional>
#include <vector>

#include "layout/graph_layout.h"
#include "views/dag/dag_view_data.h"

namespace hetsched::ui {
class BackgroundJob;
}

namespace hetsched::ui {

enum class DagNodeSize { Flops, Processors, Duration };

struct DagGraphDrawStats {
    std::size_t visibleNodes = 0;
    std::size_t visibleEdges = 0;
    std::size_t drawnEdges = 0;   // fewer than visible when they exceed the budget (an even sample)
    std::size_t nodeLabels = 0;
    std::size_t edgeLabels = 0;
    bool detailed = false;   // arrowheads and outlines drawn
    double milliseconds = 0;
};

// A task's name as the last figure drew it beside its node.
struct DagGraphLabel {
    std::size_t task = 0;
    QRectF rect;   // pixels of the plot
    QString text;
};

class DagGraphPlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    DagGraphPlottable(QCPAxis* xAxis, QCPAxis* yAxis);

    // Lays the graph out at once with core's layeredLayout (straight edges); setLayout replaces it.
    void setData(std::shared_ptr<const DagViewData> data);
    // A layout of the current data's tasks and edges (e.g. dot's, computed elsewhere), with its routes.
    void setLayout(layout::LayeredLayout layout);
    // A line on the drawing saying how it was laid out (empty: none).
    void setLayoutNote(const QString& note) { m_layoutNote = note; }
    const QString& layoutNote() const { return m_layoutNote; }
    const DagViewData* data() const { return m_data.get(); }
    void setColors(const DagColors& colors);
    void setNodeSize(DagNodeSize size);
    DagNodeSize nodeSize() const { return m_nodeSize; }
    void setShowCriticalPath(bool shown) { m_showCritical = shown; }
    // Drawn for a figure: names wherever they fit, no edge bytes (they would cross names), no notes
    // addressed to the user of the view.
    void setFigure(bool figure) { m_figure = figure; }

    const layout::LayeredLayout& layout() const { return m_layout; }
    layout::Point position(std::size_t task) const { return m_layout.position[task]; }
    // Edge `edge`'s route in pixels, from the source's circle to the target's (two points: straight).
    QPolygonF edgePixels(std::size_t edge) const;
    double radius(std::size_t task) const { return m_radius[task]; }   // layout units
    // The bounding box of the drawing (layout units), nodes included.
    QRectF bounds() const { return m_bounds; }
    // Pixels per layout unit (the smaller of the two axes' scales: nodes stay round).
    double scale() const;
    QPointF toPixel(const layout::Point& p) const;
    std::optional<std::size_t> hitTest(const QPointF& pixel) const;
    const DagGraphDrawStats& lastDrawStats() const { return m_stats; }
    // The names the last draw for a figure wrote (none on screen, where names follow the zoom).
    const std::vector<DagGraphLabel>& lastFigureLabels() const { return m_figureLabels; }

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    void computeRadii();
    void indexLayout();
    template <class Transform>
    QPolygonF routePixels(std::size_t edge, const Transform& toPixels) const;

    std::shared_ptr<const DagViewData> m_data;
    layout::LayeredLayout m_layout;
    std::vector<std::vector<double>> m_layerX;   // per layer: x of its nodes in m_layout.order (increasing)
    std::vector<double> m_layerY;                // per layer: the y of its nodes (increasing)
    std::vector<QRectF> m_routeBox;              // per routed edge: its bounding box (layout units)
    QString m_layoutNote;
    std::vector<double> m_radius;
    double m_maxRadius = 1;
    QRectF m_bounds;
    std::vector<QColor> m_palette;
    std::vector<std::uint16_t> m_taskColor;
    QColor m_critical = dagCriticalColor();
    DagNodeSize m_nodeSize = DagNodeSize::Flops;
    bool m_showCritical = true;
    bool m_figure = false;
    DagGraphDrawStats m_stats;
    std::vector<DagGraphLabel> m_figureLabels;
    std::size_t m_lastVisibleEdges = 0;
};

class DagGraphPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit DagGraphPlot(QWidget* parent = nullptr);

    void setData(std::shared_ptr<const DagViewData> data, const DagColors& colors);
    void setColors(const DagColors& colors);
    void setNodeSize(DagNodeSize size);
    void setShowCriticalPath(bool shown);
    void setMessage(const QString& message);
    DagGraphPlottable* graph() const { return m_graph; }

    // Whether dot is still laying the current data out on a worker thread.
    bool isLayingOut() const;

    void setSelectedTask(int task);
    int selectedTask() const { return m_selected; }
    void centreOn(std::size_t task);
    // Shows the whole graph, filling the pane; kept while the view is resized until the user zooms or pans.
    void fitView();

signals:
    void taskClicked(int task);
    // dot's layout replaced the first one (big graphs are laid out on a worker thread).
    void layoutFinished();
    void exportRequested();

protected:
    void updateLayout() override;

private:
    void applyFit();
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void setHovered(std::optional<std::size_t> task);

    class Overlay;
    DagGraphPlottable* m_graph;
    BackgroundJob* m_layoutJob;
    Overlay* m_overlay;
    QCPItemText* m_message;
    std::vector<QColor> m_taskColors;   // for tooltips
    std::optional<std::size_t> m_hovered;
    int m_selected = -1;
    QPointF m_pressPosition;
    bool m_fitted = true;
    bool m_settingRange = false;
};

}  // namespace hetsched::ui
