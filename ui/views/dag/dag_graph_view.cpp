#include "views/dag/dag_graph_view.h"

#include <QElapsedTimer>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "graphics/graph_drawing.h"
#include "layout/graphviz_layout.h"
#include "util/background_job.h"
#include "views/common/chart_palette.h"

namespace hetsched::ui {

namespace {

constexpr double kLayerSpacing = 90.0;
constexpr double kNodeSpacing = 70.0;
constexpr double kMaxRadius = 0.42 * kNodeSpacing;
constexpr double kMinRadius = 5.0;
constexpr double kDetailSpacingPixels = 28.0;     // node spacing from which arrowheads and outlines show
constexpr double kNodeLabelSpacingPixels = 48.0;  // ... from which task names show
constexpr double kEdgeLabelSpacingPixels = 110.0; // ... from which the edges' bytes show
constexpr std::size_t kMaxNodeLabels = 600;
constexpr std::size_t kMaxEdgeLabels = 300;
constexpr double kClickSlack = 4.0;
constexpr std::size_t kEdgeBudget = 8000;   // lines per frame; more become a sample
constexpr std::size_t kSynchronousLayoutTasks = 300;   // dot on fewer tasks is instant: no worker thread

std::vector<layout::LayoutEdge> layoutEdges(const DagViewData& data) {
    std::vector<layout::LayoutEdge> edges;
    edges.reserve(data.instance.edges.size());
    for (const DagEdge& e : data.instance.edges) edges.push_back({static_cast<int>(e.from), static_cast<int>(e.to)});
    return edges;
}

layout::GraphvizLayoutOptions graphvizOptions() {
    layout::GraphvizLayoutOptions options;
    options.layerSpacing = kLayerSpacing;
    options.nodeSpacing = kNodeSpacing;
    return options;
}

// The longest arrowhead at a zoom: heads follow the pen's width, but never crowd small nodes.
double arrowCap(double spacing) {
    return std::max(5.0, spacing * 0.14);
}

// The point of a route (of two points or more) from which its last stretch carries the arrowhead: the
// last one at least a head's length from the end (dot's routes bend in short steps near their ends).
qsizetype headStart(const QPolygonF& path, double headLength) {
    for (qsizetype k = path.size() - 2; k > 0; --k)
        if (QLineF(path[k], path.last()).length() >= headLength) return k;
    return 0;
}

// A route with its arrowhead, in one colour: the polyline up to its last stretch, which stops in the head.
void paintRoute(QPainter& painter, const QPolygonF& path, const QColor& colour, double width, double maxHead) {
    if (path.size() < 2) return;
    const qsizetype k = headStart(path, graphics::arrowheadLength(width, maxHead));
    painter.setPen(QPen(colour, width, Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin));
    painter.setBrush(Qt::NoBrush);
    if (k > 0) painter.drawPolyline(path.constData(), static_cast<int>(k + 1));
    const QLineF last(path[k], path.last());
    graphics::paintArrow(painter, last, graphics::arrowhead(last, width, maxHead), colour, width);
}

}  // namespace

DagGraphPlottable::DagGraphPlottable(QCPAxis* xAxis, QCPAxis* yAxis) : QCPAbstractPlottable(xAxis, yAxis) {
    setSelectable(QCP::stNone);
}

void DagGraphPlottable::setData(std::shared_ptr<const DagViewData> data) {
    m_data = std::move(data);
    m_layout = {};
    m_layoutNote.clear();
    indexLayout();
    if (!m_data) return;
    layout::LayeredOptions options;
    options.layerSpacing = kLayerSpacing;
    options.nodeSpacing = kNodeSpacing;
    m_layout = layout::layeredLayout(static_cast<int>(m_data->taskCount()), layoutEdges(*m_data), options);
    m_lastVisibleEdges = m_data->instance.edges.size();
    indexLayout();
    computeRadii();
}

void DagGraphPlottable::setLayout(layout::LayeredLayout layout) {
    if (!m_data || layout.position.size() != m_data->taskCount()) return;
    m_layout = std::move(layout);
    if (m_layout.route.size() != m_data->instance.edges.size()) m_layout.route.clear();
    indexLayout();
    computeRadii();
}

void DagGraphPlottable::indexLayout() {
    m_layerX.assign(m_layout.order.size(), {});
    m_layerY.assign(m_layout.order.size(), 0.0);
    for (std::size_t l = 0; l < m_layout.order.size(); ++l) {
        for (int v : m_layout.order[l]) m_layerX[l].push_back(m_layout.position[static_cast<std::size_t>(v)].x);
        if (!m_layout.order[l].empty()) m_layerY[l] = m_layout.position[static_cast<std::size_t>(m_layout.order[l].front())].y;
    }
    m_routeBox.assign(m_layout.route.size(), QRectF());
    for (std::size_t e = 0; e < m_layout.route.size(); ++e) {
        const auto& route = m_layout.route[e];
        if (route.empty()) continue;
        double x0 = route.front().x, x1 = x0, y0 = route.front().y, y1 = y0;
        for (const layout::Point& p : route) {
            x0 = std::min(x0, p.x);
            x1 = std::max(x1, p.x);
            y0 = std::min(y0, p.y);
            y1 = std::max(y1, p.y);
        }
        m_routeBox[e] = QRectF(QPointF(x0, y0), QPointF(x1, y1));
    }
}

template <class Transform>
QPolygonF DagGraphPlottable::routePixels(std::size_t edge, const Transform& toPixels) const {
    const DagEdge& e = m_data->instance.edges[edge];
    const double s = scale();
    const double ra = std::max(1.5, m_radius[e.from] * s);
    const double rb = std::max(1.5, m_radius[e.to] * s);
    const QPointF a = toPixels(m_layout.position[e.from]);
    const QPointF b = toPixels(m_layout.position[e.to]);
    const std::vector<layout::Point>* route = edge < m_layout.route.size() ? &m_layout.route[edge] : nullptr;
    if (!route || route->size() < 3) return QPolygonF({a + QPointF(0, ra), b - QPointF(0, rb)});
    // dot's route between its own circles; its ends moved onto the circles drawn here.
    QPolygonF polygon;
    polygon.reserve(static_cast<qsizetype>(route->size()));
    polygon.append(a);
    for (std::size_t k = 1; k + 1 < route->size(); ++k) polygon.append(toPixels((*route)[k]));
    polygon.append(b);
    polygon.first() = graphics::boundaryPoint(graphics::NodeShape::circle(a, ra), polygon[1]);
    polygon.last() = graphics::boundaryPoint(graphics::NodeShape::circle(b, rb), polygon[polygon.size() - 2]);
    return polygon;
}

QPolygonF DagGraphPlottable::edgePixels(std::size_t edge) const {
    if (!m_data || edge >= m_data->instance.edges.size()) return {};
    return routePixels(edge, [this](const layout::Point& p) { return toPixel(p); });
}

void DagGraphPlottable::setColors(const DagColors& colors) {
    m_palette = colors.palette;
    m_taskColor = colors.taskColor;
    if (colors.critical.isValid()) m_critical = colors.critical;
}

void DagGraphPlottable::setNodeSize(DagNodeSize size) {
    m_nodeSize = size;
    computeRadii();
}

void DagGraphPlottable::computeRadii() {
    m_radius.clear();
    m_bounds = QRectF();
    if (!m_data) return;
    const std::size_t n = m_data->taskCount();
    std::vector<double> value(n, 0.0);
    for (std::size_t t = 0; t < n; ++t) {
        switch (m_nodeSize) {
            case DagNodeSize::Flops:
                value[t] = m_data->instance.tasks[t].flops;
                break;
            case DagNodeSize::Processors:
                value[t] = static_cast<double>(m_data->placements[t].processors.size());
                break;
            case DagNodeSize::Duration:
                value[t] = m_data->placements[t].end - m_data->placements[t].start;
                break;
        }
    }
    const double top = n ? *std::max_element(value.begin(), value.end()) : 0.0;
    // Area proportional to the value, between the smallest and the largest radius.
    m_radius.resize(n);
    for (std::size_t t = 0; t < n; ++t)
        m_radius[t] = top > 0 ? kMinRadius + (kMaxRadius - kMinRadius) * std::sqrt(std::max(0.0, value[t]) / top) : kMinRadius;
    m_maxRadius = n ? *std::max_element(m_radius.begin(), m_radius.end()) : kMinRadius;
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (std::size_t t = 0; t < n; ++t) {
        const layout::Point& p = m_layout.position[t];
        if (t == 0 || p.x - m_radius[t] < x0) x0 = p.x - m_radius[t];
        if (t == 0 || p.x + m_radius[t] > x1) x1 = p.x + m_radius[t];
        if (t == 0 || p.y - m_radius[t] < y0) y0 = p.y - m_radius[t];
        if (t == 0 || p.y + m_radius[t] > y1) y1 = p.y + m_radius[t];
    }
    m_bounds = QRectF(QPointF(x0, y0), QPointF(x1, y1));
}

double DagGraphPlottable::scale() const {
    const double sx = std::abs(mKeyAxis->coordToPixel(1) - mKeyAxis->coordToPixel(0));
    const double sy = std::abs(mValueAxis->coordToPixel(1) - mValueAxis->coordToPixel(0));
    return std::min(sx, sy);
}

QPointF DagGraphPlottable::toPixel(const layout::Point& p) const {
    return {mKeyAxis->coordToPixel(p.x), mValueAxis->coordToPixel(p.y)};
}

std::optional<std::size_t> DagGraphPlottable::hitTest(const QPointF& pixel) const {
    if (!m_data || m_layerX.empty()) return std::nullopt;
    const double x = mKeyAxis->pixelToCoord(pixel.x());
    const double y = mValueAxis->pixelToCoord(pixel.y());
    const double s = std::max(1e-12, scale());
    const double tolerance = 3.0 / s;
    const double reachY = std::max(m_maxRadius, 3.0 / s) + tolerance;
    std::optional<std::size_t> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (auto layer = static_cast<std::size_t>(std::lower_bound(m_layerY.begin(), m_layerY.end(), y - reachY) - m_layerY.begin());
         layer < m_layerY.size() && m_layerY[layer] <= y + reachY; ++layer) {
        const auto& xs = m_layerX[layer];
        const auto& order = m_layout.order[layer];
        for (auto k = static_cast<std::size_t>(std::lower_bound(xs.begin(), xs.end(), x - m_maxRadius - tolerance) - xs.begin());
             k < xs.size() && xs[k] <= x + m_maxRadius + tolerance; ++k) {
            const auto t = static_cast<std::size_t>(order[k]);
            const layout::Point& p = m_layout.position[t];
            // Tiny nodes are drawn at least 3 pixels wide: they are hit there too.
            const double reach = std::max(m_radius[t], 3.0 / s) + tolerance;
            const double distance = std::hypot(p.x - x, p.y - y);
            if (distance <= reach && distance < bestDistance) {
                bestDistance = distance;
                best = t;
            }
        }
    }
    return best;
}

double DagGraphPlottable::selectTest(const QPointF& pos, bool onlySelectable, QVariant* details) const {
    Q_UNUSED(details)
    if (onlySelectable && !mSelectable) return -1;
    return hitTest(pos) ? 0 : -1;
}

QCPRange DagGraphPlottable::getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain) const {
    Q_UNUSED(inSignDomain)
    foundRange = !m_bounds.isNull();
    return QCPRange(m_bounds.left(), m_bounds.right());
}

QCPRange DagGraphPlottable::getValueRange(bool& foundRange, QCP::SignDomain inSignDomain, const QCPRange& inKeyRange) const {
    Q_UNUSED(inSignDomain)
    Q_UNUSED(inKeyRange)
    foundRange = !m_bounds.isNull();
    return QCPRange(m_bounds.top(), m_bounds.bottom());
}

void DagGraphPlottable::draw(QCPPainter* painter) {
    QElapsedTimer timer;
    timer.start();
    m_stats = {};
    if (!m_data || m_data->taskCount() == 0 || m_palette.empty()) return;
    const DagViewData& d = *m_data;
    const QRectF area = clipRect();
    const QRectF view = area.adjusted(-4, -4, 4, 4);
    const double s = scale();
    const double spacing = s * kNodeSpacing;   // pixels between neighbours of a layer
    const bool detailed = spacing >= kDetailSpacingPixels;
    m_stats.detailed = detailed;
    const bool exporting = painter->modes().testFlag(QCPPainter::pmVectorized);
    const auto pixelRadius = [&](std::size_t t) { return std::max(1.5, m_radius[t] * s); };

    // Edges: from the bottom of the source to the top of the target, culled by their bounding box.
    QVector<QLineF> lines;
    QVector<QLineF> criticalLines;
    QVector<QPolygonF> arrows;
    QVector<QPolygonF> criticalArrows;
    constexpr double kEdgeWidth = 1.2;        // detailed; 1 pixel zoomed out
    constexpr double kCriticalWidth = 3.0;    // detailed; 2 pixels zoomed out
    struct EdgeLabel {
        QLineF along;  // the route around the label, centred where it goes
        std::size_t edge;
    };
    std::vector<EdgeLabel> edgeLabels;
    // Beyond the budget, an evenly spread sample of the visible edges is drawn (every stride-th; the
    // critical ones always): the count of the previous frame sets the stride, exact after one frame.
    const std::size_t stride = exporting ? 1 : std::max<std::size_t>(1, (m_lastVisibleEdges + kEdgeBudget - 1) / kEdgeBudget);
    std::size_t visibleIndex = 0;
    // Both axes are linear: one affine map instead of two axis calls per end point.
    const double px0 = mKeyAxis->coordToPixel(0), pxScale = mKeyAxis->coordToPixel(1) - px0;
    const double py0 = mValueAxis->coordToPixel(0), pyScale = mValueAxis->coordToPixel(1) - py0;
    const auto fastPixel = [&](const layout::Point& p) { return QPointF(px0 + p.x * pxScale, py0 + p.y * pyScale); };
    const bool routed = !m_layout.route.empty();
    for (std::size_t e = 0; e < d.instance.edges.size(); ++e) {
        const DagEdge& edge = d.instance.edges[e];
        QPointF a = fastPixel(m_layout.position[edge.from]);
        QPointF b = fastPixel(m_layout.position[edge.to]);
        QRectF box = QRectF(a, b).normalized();
        if (routed && !m_routeBox[e].isNull())
            box |= QRectF(fastPixel({m_routeBox[e].left(), m_routeBox[e].top()}),
                          fastPixel({m_routeBox[e].right(), m_routeBox[e].bottom()})).normalized();
        if (box.right() < view.left() || box.left() > view.right() || box.bottom() < view.top() || box.top() > view.bottom())
            continue;
        ++m_stats.visibleEdges;
        const bool critical = m_showCritical && d.trace.criticalEdge[e];
        if (visibleIndex++ % stride != 0 && !critical) continue;
        ++m_stats.drawnEdges;
        // Along dot's route (a polyline through the rows between), or straight.
        const QPolygonF path = routePixels(e, fastPixel);
        QVector<QLineF>& into = critical ? criticalLines : lines;
        a = path.first();
        b = path.last();
        if (detailed && arrows.size() + criticalArrows.size() < 20000) {
            // The last stretch stops inside its head, which lands on the target's circle.
            const double width = critical ? kCriticalWidth : kEdgeWidth;
            const qsizetype k = headStart(path, graphics::arrowheadLength(width, arrowCap(spacing)));
            for (qsizetype j = 1; j <= k; ++j) into.append(QLineF(path[j - 1], path[j]));
            const graphics::Arrowhead head = graphics::arrowhead(QLineF(path[k], b), width, arrowCap(spacing));
            into.append(QLineF(path[k], head.head.isEmpty() ? b : head.base));
            if (!head.head.isEmpty()) (critical ? criticalArrows : arrows).append(head.head);
        } else {
            for (qsizetype j = 1; j < path.size(); ++j) into.append(QLineF(path[j - 1], path[j]));
        }
        // The label beside the route's middle: a vertex of dot's route, else the middle of the line.
        const qsizetype mid = path.size() / 2;
        QLineF around(a, b);
        if (path.size() > 2) {
            around = QLineF(path[mid - 1], path[mid + 1]);
            around.translate(path[mid] - around.center());
        }
        if (spacing >= kEdgeLabelSpacingPixels && QLineF(a, b).length() > 70 && edgeLabels.size() < kMaxEdgeLabels &&
            area.contains(around.center()))
            edgeLabels.push_back({around, e});
    }
    painter->setAntialiasing(detailed || exporting);
    // Zoomed out, thousands of edges become a light haze rather than a black mass.
    const QColor edgeColor = detailed ? QColor(0x80, 0x80, 0x80) : QColor(0x70, 0x70, 0x70, lines.size() > 2000 ? 70 : 150);
    painter->setPen(QPen(edgeColor, detailed ? kEdgeWidth : 1.0, Qt::SolidLine, Qt::FlatCap));
    painter->drawLines(lines);
    painter->setPen(Qt::NoPen);
    painter->setBrush(edgeColor);
    for (const QPolygonF& arrow : arrows) painter->drawConvexPolygon(arrow);
    if (!criticalLines.isEmpty()) {
        painter->setPen(QPen(m_critical, detailed ? kCriticalWidth : 2.0, Qt::SolidLine, Qt::FlatCap));
        painter->drawLines(criticalLines);
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_critical);
        for (const QPolygonF& arrow : criticalArrows) painter->drawConvexPolygon(arrow);
    }

    // Nodes: the visible part of each layer by binary search on its x.
    const double left = mKeyAxis->pixelToCoord(view.left());
    const double right = mKeyAxis->pixelToCoord(view.right());
    const double xLow = std::min(left, right) - m_maxRadius;
    const double xHigh = std::max(left, right) + m_maxRadius;
    const double top = mValueAxis->pixelToCoord(view.top());
    const double bottom = mValueAxis->pixelToCoord(view.bottom());
    const double yLow = std::min(top, bottom) - m_maxRadius;
    const double yHigh = std::max(top, bottom) + m_maxRadius;
    std::vector<QVector<QRectF>> squares(m_palette.size());
    std::vector<std::size_t> circles;
    for (std::size_t l = 0; l < m_layerX.size(); ++l) {
        const double y = m_layerY[l];
        if (y < yLow || y > yHigh) continue;
        const auto& xs = m_layerX[l];
        for (auto k = static_cast<std::size_t>(std::lower_bound(xs.begin(), xs.end(), xLow) - xs.begin());
             k < xs.size() && xs[k] <= xHigh; ++k) {
            const auto t = static_cast<std::size_t>(m_layout.order[l][k]);
            ++m_stats.visibleNodes;
            const double r = pixelRadius(t);
            if (r < 3.0 && !exporting) {
                const QPointF c = toPixel(m_layout.position[t]);
                squares[m_taskColor[t]].append(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r));
            } else {
                circles.push_back(t);
            }
        }
    }
    painter->setAntialiasing(false);
    painter->setPen(Qt::NoPen);
    for (std::size_t c = 0; c < m_palette.size(); ++c) {
        if (squares[c].isEmpty()) continue;
        painter->setBrush(m_palette[c]);
        painter->drawRects(squares[c]);
    }
    painter->setAntialiasing(true);
    for (std::size_t t : circles) {
        const QColor color = m_palette[m_taskColor[t]];
        const bool critical = m_showCritical && d.trace.onCriticalPath[t];
        // Zoomed out, outlines would merge neighbours into bands: fills only, the critical path still ringed.
        if (critical)
            painter->setPen(QPen(m_critical, detailed ? 2.5 : 1.5));
        else if (detailed)
            painter->setPen(QPen(color.darker(150), 1));
        else
            painter->setPen(Qt::NoPen);
        painter->setBrush(color);
        const double r = pixelRadius(t);
        painter->drawEllipse(toPixel(m_layout.position[t]), r, r);
    }
    // Critical nodes drawn as squares are still marked.
    if (m_showCritical && !d.trace.criticalPath.empty()) {
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(m_critical, 1.5));
        for (std::size_t t : d.trace.criticalPath) {
            const double r = pixelRadius(t);
            if (r >= 3.0 || exporting) continue;
            painter->drawEllipse(toPixel(m_layout.position[t]), r + 2, r + 2);
        }
    }

    // Names under the nodes and bytes beside the edges, when zoomed in enough to read them.
    QFont font = mParentPlot->font();
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    m_figureLabels.clear();
    if (m_figure) {
        // A figure names each task where its whole name fits at the printed size: under its node, else above,
        // right or left of it, on no other name, no node and inside the plot; a name that fits nowhere is
        // left out (the Gantt beside names it where its bar holds it). Edges under a name are faded by its
        // background.
        const QRectF inside = area.adjusted(1, 1, -1, -1);
        struct Disc {
            QPointF centre;
            double radius;
        };
        std::vector<Disc> discs;
        discs.reserve(circles.size());
        for (std::size_t t : circles) discs.push_back({toPixel(m_layout.position[t]), pixelRadius(t) + 1});
        const auto coversNode = [&](const QRectF& box) {
            for (const Disc& disc : discs) {
                const double dx = disc.centre.x() - std::clamp(disc.centre.x(), box.left(), box.right());
                const double dy = disc.centre.y() - std::clamp(disc.centre.y(), box.top(), box.bottom());
                if (dx * dx + dy * dy < disc.radius * disc.radius) return true;
            }
            return false;
        };
        const double h = metrics.height();
        for (std::size_t k = 0; k < circles.size() && m_figureLabels.size() < kMaxNodeLabels; ++k) {
            const std::size_t t = circles[k];
            const QString name = d.taskName(t);
            const double w = metrics.horizontalAdvance(name) + 2;
            const QPointF c = discs[k].centre;
            const double r = discs[k].radius;
            // A name centred under or above a node near the plot's side is moved along into the plot, still
            // over its node ("stats" at the right edge keeps its name under it).
            const double shiftedLeft = std::clamp(c.x() - w / 2, inside.left(), std::max(inside.left(), inside.right() - w));
            // Under, above, right, left, then the right and left sides' lower and upper halves, then under and
            // above moved into the plot.
            for (const QRectF& box : {QRectF(c.x() - w / 2, c.y() + r, w, h), QRectF(c.x() - w / 2, c.y() - r - h, w, h),
                                      QRectF(c.x() + r + 1, c.y() - h / 2, w, h), QRectF(c.x() - r - 1 - w, c.y() - h / 2, w, h),
                                      QRectF(c.x() + r + 1, c.y() + r * 0.3, w, h), QRectF(c.x() - r - 1 - w, c.y() + r * 0.3, w, h),
                                      QRectF(c.x() + r + 1, c.y() - r * 0.3 - h, w, h), QRectF(c.x() - r - 1 - w, c.y() - r * 0.3 - h, w, h),
                                      QRectF(shiftedLeft, c.y() + r, w, h), QRectF(shiftedLeft, c.y() - r - h, w, h)}) {
                if (!inside.contains(box) || coversNode(box)) continue;
                if (std::any_of(m_figureLabels.begin(), m_figureLabels.end(),
                                [&box](const DagGraphLabel& label) { return label.rect.intersects(box); }))
                    continue;
                m_figureLabels.push_back({t, box, name});
                break;
            }
        }
        for (const DagGraphLabel& label : m_figureLabels) graphics::paintLabelBackground(*painter, label.rect);
        painter->setPen(QColor(0x20, 0x20, 0x20));
        for (const DagGraphLabel& label : m_figureLabels) painter->drawText(label.rect, Qt::AlignCenter, label.text);
        m_stats.nodeLabels = m_figureLabels.size();
    }
    if (!m_figure && spacing >= kNodeLabelSpacingPixels) {
        painter->setPen(QColor(0x20, 0x20, 0x20));
        for (std::size_t t : circles) {
            if (m_stats.nodeLabels >= kMaxNodeLabels) break;
            const QPointF c = toPixel(m_layout.position[t]);
            const double r = pixelRadius(t);
            const QString name = metrics.elidedText(d.taskName(t), Qt::ElideRight, spacing - 4);
            const QRectF box(c.x() - spacing / 2, c.y() + r + 1, spacing, metrics.height());
            painter->drawText(box, Qt::AlignHCenter | Qt::AlignTop, name);
            ++m_stats.nodeLabels;
        }
    }
    if (!edgeLabels.empty() && !m_figure) {
        QFont small = font;
        small.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
        painter->setFont(small);
        const QFontMetricsF smallMetrics(small);
        for (const EdgeLabel& label : edgeLabels) {
            const DagEdge& edge = d.instance.edges[label.edge];
            const QString text = bytesText(edge.bytes);
            const QRectF box = graphics::edgeLabelRect(
                label.along, QSizeF(smallMetrics.horizontalAdvance(text) + 4, smallMetrics.height()),
                graphics::EdgeLabelPlace::Right, 3);
            graphics::paintLabelBackground(*painter, box);
            painter->setPen(d.trace.criticalEdge[label.edge] && m_showCritical ? m_critical : QColor(0x55, 0x55, 0x55));
            painter->drawText(box, Qt::AlignCenter, text);
            ++m_stats.edgeLabels;
        }
    }
    if (!m_layoutNote.isEmpty() && !m_figure) {
        painter->setFont(font);
        const QRectF box(area.left() + 4, area.top() + 4, metrics.horizontalAdvance(m_layoutNote) + 8, metrics.height() + 2);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 220));
        painter->drawRect(box);
        painter->setPen(QColor(0x50, 0x50, 0x50));
        painter->drawText(box, Qt::AlignCenter, m_layoutNote);
    }
    if (m_stats.drawnEdges < m_stats.visibleEdges && !m_figure) {
        // Say so: a sample is not the whole graph.
        const QString note = tr("%1 of %2 edges shown: zoom in for all").arg(m_stats.drawnEdges).arg(m_stats.visibleEdges);
        painter->setFont(font);
        const QRectF box(area.left() + 4, area.bottom() - metrics.height() - 4, metrics.horizontalAdvance(note) + 8,
                         metrics.height() + 2);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 220));
        painter->drawRect(box);
        painter->setPen(QColor(0x50, 0x50, 0x50));
        painter->drawText(box, Qt::AlignCenter, note);
    }
    m_lastVisibleEdges = m_stats.visibleEdges;
    m_stats.milliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

void DagGraphPlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    painter->setPen(Qt::NoPen);
    painter->setBrush(m_palette.empty() ? QColor(Qt::gray) : m_palette.front());
    painter->drawEllipse(rect);
}

// ---------------------------------------------------------------------------------------------------
// The hovered and selected task: a ring and its edges, on the overlay layer.
class DagGraphPlot::Overlay : public QCPLayerable {
public:
    explicit Overlay(DagGraphPlot* plot) : QCPLayerable(plot, QStringLiteral("overlay")), m_plot(plot) {}

protected:
    QRect clipRect() const override { return m_plot->axisRect()->rect(); }
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override { painter->setAntialiasing(true); }
    void draw(QCPPainter* painter) override {
        const DagGraphPlottable* g = m_plot->m_graph;
        const DagViewData* d = g->data();
        if (!d) return;
        const auto node = [&](std::size_t t) {
            return graphics::NodeShape::circle(g->toPixel(g->position(t)), std::max(g->radius(t) * g->scale(), 5.0));
        };
        if (m_plot->m_selected >= 0) {
            const auto t = static_cast<std::size_t>(m_plot->m_selected);
            // Its edges with their heads: inputs in blue, outputs in green, ending outside its ring (3 pixels
            // out, 3 wide) so that the heads into it show.
            const double cap = arrowCap(g->scale() * kNodeSpacing);
            const graphics::NodeShape ring = node(t).grownBy(3 + 1.5);
            for (std::size_t e : d->predecessors[t]) {
                QPolygonF path = g->edgePixels(e);
                if (path.size() >= 2) path.last() = graphics::entryPoint(ring, path[path.size() - 2], path.last());
                paintRoute(*painter, path, QColor(0x1f, 0x77, 0xb4), 2, cap);
            }
            for (std::size_t e : d->successors[t]) {
                QPolygonF path = g->edgePixels(e);
                if (path.size() >= 2) path.first() = graphics::entryPoint(ring, path[1], path.first());
                paintRoute(*painter, path, QColor(0x2c, 0xa0, 0x2c), 2, cap);
            }
            graphics::paintSelectionRing(*painter, node(t), 3);
        }
        if (m_plot->m_hovered && static_cast<int>(*m_plot->m_hovered) != m_plot->m_selected)
            graphics::paintHoverRing(*painter, node(*m_plot->m_hovered), 2);
    }

private:
    DagGraphPlot* m_plot;
};

DagGraphPlot::DagGraphPlot(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("dagGraphPlot"));
    setMinimumSize(200, 200);
    setNoAntialiasingOnDrag(true);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    axisRect()->setRangeZoom(Qt::Horizontal | Qt::Vertical);
    axisRect()->setAutoMargins(QCP::msNone);
    axisRect()->setMargins(QMargins(2, 2, 2, 2));
    xAxis->setVisible(false);
    yAxis->setVisible(false);
    xAxis->grid()->setVisible(false);
    yAxis->grid()->setVisible(false);
    yAxis->setRangeReversed(true);   // layer 0 at the top
    m_graph = new DagGraphPlottable(xAxis, yAxis);
    m_graph->removeFromLegend();
    m_layoutJob = new BackgroundJob(this);
    m_overlay = new Overlay(this);

    m_message = new QCPItemText(this);
    m_message->setPositionAlignment(Qt::AlignCenter);
    m_message->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_message->position->setCoords(0.5, 0.5);
    m_message->setColor(QColor(0x60, 0x60, 0x60));
    m_message->setSelectable(false);

    const auto userRange = [this] {
        if (!m_settingRange) m_fitted = false;
    };
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, userRange);
    connect(yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, userRange);
    connect(this, &QCustomPlot::mouseMove, this, &DagGraphPlot::onMouseMove);
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressPosition = event->position(); });
    connect(this, &QCustomPlot::mouseRelease, this, &DagGraphPlot::onMouseRelease);
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        fitView();
        replot();
    });
    setMouseTracking(true);
}

void DagGraphPlot::setData(std::shared_ptr<const DagViewData> data, const DagColors& colors) {
    m_hovered.reset();
    m_selected = -1;
    m_layoutJob->cancel();
    m_graph->setData(data);
    setColors(colors);
    if (data) {
        const int tasks = static_cast<int>(data->taskCount());
        const std::size_t edges = data->instance.edges.size();
        const layout::GraphvizLayoutOptions options = graphvizOptions();
        const auto noteOf = [](const Error& error) {
            return tr("Drawn without Graphviz (%1): long edges cross the layers straight")
                .arg(QString::fromStdString(error.message));
        };
        if (!layout::graphvizLayoutFits(tasks, edges, options)) {
            m_graph->setLayoutNote(tr("%1 tasks, %2 edges: too many for Graphviz, drawn with simple layers")
                                       .arg(tasks)
                                       .arg(edges));
        } else if (data->taskCount() <= kSynchronousLayoutTasks) {
            Expected<layout::LayeredLayout> dot = layout::graphvizLayeredLayout(tasks, layoutEdges(*data), options);
            if (dot)
                m_graph->setLayout(std::move(*dot));
            else
                m_graph->setLayoutNote(noteOf(dot.error()));
        } else {
            // dot takes a second or more here: the simple layers show meanwhile.
            m_graph->setLayoutNote(tr("Laying out with Graphviz..."));
            const DagViewData* current = data.get();
            m_layoutJob->start([this, data, tasks, options, noteOf, current](const Progress&) -> BackgroundJob::Delivery {
                auto dot = std::make_shared<Expected<layout::LayeredLayout>>(
                    layout::graphvizLayeredLayout(tasks, layoutEdges(*data), options));
                return [this, dot, current, noteOf] {
                    if (m_graph->data() != current) return;
                    if (*dot) {
                        m_graph->setLayout(std::move(**dot));
                        m_graph->setLayoutNote(QString());
                    } else {
                        m_graph->setLayoutNote(noteOf(dot->error()));
                    }
                    m_hovered.reset();
                    if (m_fitted) applyFit();
                    replot();
                    emit layoutFinished();
                };
            });
        }
    }
    fitView();
}

bool DagGraphPlot::isLayingOut() const {
    return m_layoutJob->isRunning();
}

void DagGraphPlot::setColors(const DagColors& colors) {
    m_graph->setColors(colors);
    m_taskColors.clear();
    for (std::size_t t = 0; t < colors.taskColor.size(); ++t) m_taskColors.push_back(colors.of(t));
}

void DagGraphPlot::setNodeSize(DagNodeSize size) {
    m_graph->setNodeSize(size);
}

void DagGraphPlot::setShowCriticalPath(bool shown) {
    m_graph->setShowCriticalPath(shown);
}

void DagGraphPlot::setMessage(const QString& message) {
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

void DagGraphPlot::setSelectedTask(int task) {
    if (task == m_selected) return;
    m_selected = task;
    layer(QStringLiteral("overlay"))->replot();
}

void DagGraphPlot::fitView() {
    m_fitted = true;
    applyFit();
}

void DagGraphPlot::applyFit() {
    QRectF box = m_graph->bounds();
    if (box.isNull() || box.width() <= 0 || box.height() <= 0) box = QRectF(-50, -50, 100, 100);
    box.adjust(-12, -12, 12, 30);   // room for the names under the bottom layer
    const QRect area = axisRect()->rect();
    const double width = std::max(10, area.width());
    const double height = std::max(10, area.height());
    // Each axis fills the pane (nodes stay round: they are sized by the smaller scale), but neither
    // stretches beyond three times the other, so a graph keeps roughly its shape.
    double sx = width / box.width();
    double sy = height / box.height();
    sx = std::min(sx, 3 * sy);
    sy = std::min(sy, 3 * sx);
    m_settingRange = true;
    xAxis->setRange(box.center().x() - width / (2 * sx), box.center().x() + width / (2 * sx));
    yAxis->setRange(box.center().y() - height / (2 * sy), box.center().y() + height / (2 * sy));
    m_settingRange = false;
}

void DagGraphPlot::updateLayout() {
    QCustomPlot::updateLayout();
    // The axis rect's size is known only now: a fitted view fits again (the user's zoom is kept).
    if (m_fitted) applyFit();
}

void DagGraphPlot::centreOn(std::size_t task) {
    const DagViewData* d = m_graph->data();
    if (!d || task >= d->taskCount()) return;
    const layout::Point p = m_graph->position(task);
    const double halfX = xAxis->range().size() / 2;
    const double halfY = yAxis->range().size() / 2;
    xAxis->setRange(p.x - halfX, p.x + halfX);
    yAxis->setRange(p.y - halfY, p.y + halfY);
}

void DagGraphPlot::onMouseMove(QMouseEvent* event) {
    if (event->buttons() != Qt::NoButton) {
        setHovered(std::nullopt);
        return;
    }
    const std::optional<std::size_t> hit = m_graph->hitTest(event->position());
    setHovered(hit);
    const DagViewData* d = m_graph->data();
    if (hit && d)
        QToolTip::showText(event->globalPosition().toPoint(), dagTaskTooltip(*d, *hit, m_taskColors[*hit]), this);
    else
        QToolTip::hideText();
}

void DagGraphPlot::onMouseRelease(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    const QPointF moved = event->position() - m_pressPosition;
    if (std::abs(moved.x()) + std::abs(moved.y()) > kClickSlack) return;
    const std::optional<std::size_t> hit = m_graph->hitTest(event->position());
    emit taskClicked(hit ? static_cast<int>(*hit) : -1);
}

void DagGraphPlot::setHovered(std::optional<std::size_t> task) {
    if (task == m_hovered) return;
    m_hovered = task;
    layer(QStringLiteral("overlay"))->replot();
}

}  // namespace hetsched::ui
