// The platform graph of a steady-state result: processors sized by speed, routers, the source, every
// directed link coloured and thickened by its load; the selected pattern or allocation lit on it.
#pragma once

#include <QLineF>
#include <QPointF>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "graphics/graph_drawing.h"
#include "views/steady/steady_view_data.h"

namespace hetsched::ui {

class SteadyGraphView : public QWidget {
    Q_OBJECT
public:
    explicit SteadyGraphView(QWidget* parent = nullptr);

    // Lays the platform out (force-directed, as the editors do) and fits it.
    void setData(std::shared_ptr<const SteadyViewData> data);
    // Nothing to draw: the message instead.
    void showMessage(const QString& message);

    // Lights pattern p (its links and computing processors), or allocation a (its data path or tree,
    // its result path, its processor); nullopt clears. One selection at a time.
    void showPattern(std::optional<std::size_t> p);
    void showAllocation(std::optional<std::size_t> a);
    const std::set<std::size_t>& litArcs() const { return m_litArcs; }
    const std::set<std::size_t>& litResultArcs() const { return m_litResultArcs; }  // subset of litArcs
    const std::set<std::size_t>& litProcessors() const { return m_litProcessors; }

    void fitView();
    // The zoom (pixels per layout unit) and the layout position of node u.
    double zoom() const { return m_scale; }
    QPointF nodePosition(std::size_t u) const;
    // Where node u is drawn in the widget.
    QPointF nodeOnScreen(std::size_t u) const;
    // The node names the last paint drew (labels are thinned so that they never overlap).
    int drawnLabelCount() const { return m_drawnLabels; }

    // Paints what the widget shows (the same part of the platform) into `target` of any painter: the
    // screen, and vector output for PDF and SVG.
    void paintGraph(QPainter& painter, const QRectF& target);

    QSize sizeHint() const override { return {440, 320}; }

    // How the wheel and the mouse move about the graph (its tooltip over the empty parts, Help > Keyboard Shortcuts).
    static QString wheelHint();

signals:
    void exportRequested();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    bool event(QEvent* event) override;

private:
    // Layout units to pixels: screen = position * scale + offset.
    struct Frame {
        double scale = 1;
        QPointF offset;
        QPointF map(const QPointF& p) const { return p * scale + offset; }
    };
    Frame frameFor(const QRectF& graphArea) const;   // the widget's view fitted into another rectangle
    Frame fitFrame(const QRectF& graphArea) const;   // the whole platform fitted into a rectangle
    QRectF graphArea(const QRectF& target) const;    // target minus the legend band
    // One entry of the legend under the graph: its width and how to draw it at a row's top left.
    struct LegendItem {
        double width = 0;
        std::function<void(QPainter&, const QPointF&, double lineHeight)> draw;
    };
    std::vector<std::vector<LegendItem>> legendItems() const;  // the general entries, then the selection's
    static std::vector<std::vector<const LegendItem*>> legendRows(const std::vector<std::vector<LegendItem>>& groups,
                                                                  double width);
    double legendHeight(double width) const;
    double nodeRadius(std::size_t u, double scale) const;
    void paintScene(QPainter& painter, const QRectF& area, const Frame& frame);
    void paintLegend(QPainter& painter, const QRectF& band) const;
    std::optional<std::size_t> nodeAt(const QPointF& pixel) const;
    std::optional<std::size_t> arcAt(const QPointF& pixel) const;
    // Node u's body on screen (a circle, a router's diamond), and what an arc stops at (the body with the rings
    // drawn around it).
    graphics::NodeShape nodeShape(std::size_t u, const Frame& frame) const;
    graphics::NodeShape arcEndShape(std::size_t u, const Frame& frame) const;
    // Arc e on screen, from outline to outline (offset sideways when the opposite arc exists).
    QLineF arcLine(std::size_t e, const Frame& frame) const;
    QString nodeTooltip(std::size_t u) const;
    QString arcTooltip(std::size_t e) const;
    bool anyLit() const { return m_litPattern.has_value() || m_litAllocation.has_value(); }

    std::shared_ptr<const SteadyViewData> m_data;
    QString m_message;
    std::vector<QPointF> m_positions;  // layout units
    double m_maxSpeed = 0;
    double m_scale = 1;
    QPointF m_offset;
    bool m_fitted = false;
    std::optional<QPointF> m_dragFrom;
    std::optional<std::size_t> m_litPattern;
    std::optional<std::size_t> m_litAllocation;
    std::set<std::size_t> m_litArcs;
    std::set<std::size_t> m_litResultArcs;
    std::set<std::size_t> m_litProcessors;
    std::vector<std::vector<std::size_t>> m_patternsOfArc;   // per arc: the patterns holding it
    std::vector<std::vector<std::size_t>> m_patternsOfNode;  // per node: the patterns in which it computes
    int m_drawnLabels = 0;
};

}  // namespace hetsched::ui
