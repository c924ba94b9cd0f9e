#include "views/steady/steady_graph_view.h"

#include <QContextMenuEvent>
#include <functional>
#include <QHelpEvent>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "graphics/graph_drawing.h"
#include "layout/graph_layout.h"
#include "util/number_text.h"
#include "views/gantt/gantt_plot_base.h"

namespace hetsched::ui {

namespace {

constexpr double kMargin = 28.0;        // pixels around the fitted graph (node labels stick out)
constexpr double kMaxFitScale = 2.0;    // small platforms are not blown up beyond this
constexpr double kHitPixels = 4.0;
constexpr int kMaxLabels = 600;
const QColor kUnusedLink(0xbc, 0xbc, 0xbc);
const QColor kRouterColor(0x9a, 0x9a, 0x9a);
const QColor kNodeBorder(0x44, 0x44, 0x44);
const QColor kSourceColor(0x2c, 0x8c, 0x3c);
const QColor kTextColor(0x25, 0x25, 0x25);

QString percent(double fraction) {
    return QStringLiteral("%1%").arg(formatRounded(100.0 * fraction, 3));
}

double distanceToSegment(const QPointF& p, const QPointF& a, const QPointF& b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double t = length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

}  // namespace

SteadyGraphView::SteadyGraphView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("steadyGraphView"));
    setMinimumSize(240, 200);
    setMouseTracking(true);
    setAutoFillBackground(false);
    setToolTip(QString());
}

void SteadyGraphView::setData(std::shared_ptr<const SteadyViewData> data) {
    m_data = std::move(data);
    m_message.clear();
    m_litPattern.reset();
    m_litAllocation.reset();
    m_litArcs.clear();
    m_litResultArcs.clear();
    m_litProcessors.clear();
    m_positions.clear();
    m_patternsOfArc.clear();
    m_patternsOfNode.clear();
    m_maxSpeed = 0;
    if (m_data) {
        const SteadyStateInstance& in = m_data->instance;
        std::vector<layout::LayoutEdge> edges;
        for (const SteadyLink& link : in.links)
            edges.push_back({static_cast<int>(link.from), static_cast<int>(link.to)});
        layout::ForceOptions options;
        options.edgeLength = 120.0;
        const std::vector<layout::Point> points =
            layout::forceDirectedLayout(static_cast<int>(in.nodes.size()), edges, options);
        for (const layout::Point& p : points) m_positions.emplace_back(p.x, p.y);
        for (const SteadyNode& node : in.nodes) m_maxSpeed = std::max(m_maxSpeed, node.speed);
        m_patternsOfArc.assign(m_data->arcCount(), {});
        m_patternsOfNode.assign(in.nodes.size(), {});
        const auto& patterns = m_data->solution.patterns;
        for (std::size_t p = 0; p < patterns.size(); ++p) {
            for (std::size_t e : patterns[p].arcs)
                if (e < m_patternsOfArc.size()) m_patternsOfArc[e].push_back(p);
            for (std::size_t u : patterns[p].processors)
                if (u < m_patternsOfNode.size()) m_patternsOfNode[u].push_back(p);
        }
    }
    fitView();
}

void SteadyGraphView::showMessage(const QString& message) {
    setData(nullptr);
    m_message = message;
    update();
}

void SteadyGraphView::showPattern(std::optional<std::size_t> p) {
    m_litAllocation.reset();
    m_litPattern.reset();
    m_litArcs.clear();
    m_litResultArcs.clear();
    m_litProcessors.clear();
    if (m_data && p && *p < m_data->solution.patterns.size()) {
        m_litPattern = p;
        const SteadyPattern& pattern = m_data->solution.patterns[*p];
        m_litArcs.insert(pattern.arcs.begin(), pattern.arcs.end());
        m_litProcessors.insert(pattern.processors.begin(), pattern.processors.end());
    }
    update();
}

void SteadyGraphView::showAllocation(std::optional<std::size_t> a) {
    m_litAllocation.reset();
    m_litPattern.reset();
    m_litArcs.clear();
    m_litResultArcs.clear();
    m_litProcessors.clear();
    if (m_data && a && *a < m_data->solution.allocations.size()) {
        m_litAllocation = a;
        const SteadyAllocation& al = m_data->solution.allocations[*a];
        m_litArcs.insert(al.dataArcs.begin(), al.dataArcs.end());
        m_litArcs.insert(al.resultArcs.begin(), al.resultArcs.end());
        m_litResultArcs.insert(al.resultArcs.begin(), al.resultArcs.end());
        if (al.processor) m_litProcessors.insert(*al.processor);
    }
    update();
}

QPointF SteadyGraphView::nodePosition(std::size_t u) const {
    return u < m_positions.size() ? m_positions[u] : QPointF();
}

QPointF SteadyGraphView::nodeOnScreen(std::size_t u) const {
    return Frame{m_scale, m_offset}.map(nodePosition(u));
}

QRectF SteadyGraphView::graphArea(const QRectF& target) const {
    return target.adjusted(0, 0, 0, -legendHeight(target.width()));
}

void SteadyGraphView::fitView() {
    const Frame frame = fitFrame(graphArea(QRectF(rect())));
    m_scale = frame.scale;
    m_offset = frame.offset;
    m_fitted = true;
    update();
}

SteadyGraphView::Frame SteadyGraphView::fitFrame(const QRectF& area) const {
    if (m_positions.empty() || area.width() < 10 || area.height() < 10) return {1.0, area.center()};
    double minX = m_positions.front().x(), maxX = minX, minY = m_positions.front().y(), maxY = minY;
    for (const QPointF& p : m_positions) {
        minX = std::min(minX, p.x());
        maxX = std::max(maxX, p.x());
        minY = std::min(minY, p.y());
        maxY = std::max(maxY, p.y());
    }
    const double width = std::max(maxX - minX, 1.0);
    const double height = std::max(maxY - minY, 1.0);
    // Labels stick out to the right of the nodes: a little more room across than down.
    double scale = std::min({(area.width() - 2 * kMargin - 40) / width, (area.height() - 2 * kMargin) / height, kMaxFitScale});
    scale = std::max(scale, 1e-3);
    const QPointF centre((minX + maxX) / 2, (minY + maxY) / 2);
    return {scale, area.center() - centre * scale};
}

SteadyGraphView::Frame SteadyGraphView::frameFor(const QRectF& area) const {
    // The part of the layout the widget shows, fitted into `area` (same centre, uniform scale).
    const QRectF shown = graphArea(QRectF(rect()));
    if (shown.width() < 1 || shown.height() < 1) return {m_scale, area.center()};
    const double factor = std::min(area.width() / shown.width(), area.height() / shown.height());
    const QPointF centreLayout = (shown.center() - m_offset) / m_scale;
    Frame frame;
    frame.scale = m_scale * factor;
    frame.offset = area.center() - centreLayout * frame.scale;
    return frame;
}

double SteadyGraphView::nodeRadius(std::size_t u, double scale) const {
    const double zoom = std::clamp(std::sqrt(scale), 0.45, 1.25);
    const double speed = m_data->instance.nodes[u].speed;
    if (speed <= 0) return 4.5 * zoom;  // a router
    const double relative = m_maxSpeed > 0 ? std::sqrt(speed / m_maxSpeed) : 1.0;
    return (5.0 + 9.0 * relative) * zoom;
}

graphics::NodeShape SteadyGraphView::nodeShape(std::size_t u, const Frame& frame) const {
    const QPointF c = frame.map(m_positions[u]);
    const double r = nodeRadius(u, frame.scale);
    if (m_data->instance.nodes[u].speed <= 0)  // a router: a diamond reaching 1.25 r
        return {graphics::NodeOutline::Diamond, c, QSizeF(2.5 * r, 2.5 * r), 0};
    return graphics::NodeShape::circle(c, r);
}

graphics::NodeShape SteadyGraphView::arcEndShape(std::size_t u, const Frame& frame) const {
    // The node's ink: its body and outline, and the rings drawn around it (the source's, a target's, a lit
    // processor's), so that an arrow stops on what the eye sees as the node's edge.
    const double zoom = std::clamp(std::sqrt(frame.scale), 0.45, 1.25);
    const double r = nodeRadius(u, frame.scale);
    double reach = r + 0.5;
    if (u == m_data->instance.application.source) reach = r + 4 * zoom + 1.25 * zoom;
    else if (std::count(m_data->instance.application.targets.begin(), m_data->instance.application.targets.end(), u))
        reach = r + 3.5 * zoom + 0.6;
    if (anyLit() && m_litProcessors.count(u)) reach = std::max(reach, r + 4.0);
    const graphics::NodeShape body = nodeShape(u, frame);
    return reach > r + 0.5 ? graphics::NodeShape::circle(body.centre, reach) : body.grownBy(0.5);
}

QLineF SteadyGraphView::arcLine(std::size_t e, const Frame& frame) const {
    const SteadyArc& arc = m_data->arcs[e];
    const graphics::NodeShape from = arcEndShape(arc.from, frame);
    const graphics::NodeShape to = arcEndShape(arc.to, frame);
    const QPointF d = to.centre - from.centre;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-9) return {from.centre, to.centre};
    const QPointF n(-d.y() / length, d.x() / length);
    const double ra = nodeRadius(arc.from, frame.scale);
    const double rb = nodeRadius(arc.to, frame.scale);
    // Two-way links: each direction on its own side of the centre line.
    const double side = m_data->reverseArc[e] >= 0 ? std::clamp(0.28 * std::min(ra, rb), 2.0, 4.0) : 0.0;
    return graphics::clipEdge(from, to, QLineF(from.centre + n * side, to.centre + n * side));
}

void SteadyGraphView::paintEvent(QPaintEvent* event) {
    Q_UNUSED(event)
    QPainter painter(this);
    paintGraph(painter, QRectF(rect()));
}

void SteadyGraphView::paintGraph(QPainter& painter, const QRectF& target) {
    painter.save();
    painter.setClipRect(target);
    painter.fillRect(target, Qt::white);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setFont(font());
    if (!m_data) {
        painter.setPen(QColor(0x60, 0x60, 0x60));
        painter.drawText(target, Qt::AlignCenter | Qt::TextWordWrap,
                         m_message.isEmpty() ? tr("No platform to draw") : m_message);
        painter.restore();
        return;
    }
    const bool onScreen = painter.device() == this;
    const QRectF area = graphArea(target);
    // Elsewhere (an export) the same part of the platform, or all of it when the view shows all of it.
    const Frame frame = onScreen ? Frame{m_scale, m_offset} : (m_fitted || !isVisible()) ? fitFrame(area) : frameFor(area);
    paintScene(painter, area, frame);
    paintLegend(painter, QRectF(target.left(), area.bottom(), target.width(), target.bottom() - area.bottom()));
    painter.restore();
}

void SteadyGraphView::paintScene(QPainter& painter, const QRectF& area, const Frame& frame) {
    const SteadyStateInstance& in = m_data->instance;
    const std::size_t E = m_data->arcCount();
    const bool lit = anyLit();
    const double zoom = std::clamp(std::sqrt(frame.scale), 0.45, 1.25);
    painter.save();
    painter.setClipRect(area);

    // Links: unused ones first (thin, dashed), then by load so the busiest are on top, then the lit ones.
    std::vector<std::size_t> order(E);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return m_data->load[a] < m_data->load[b]; });
    const QRectF visible = area.adjusted(-40, -40, 40, 40);
    auto linkWidth = [&](std::size_t e) {
        const double load = m_data->load[e];
        return load <= 1e-12 ? 1.0 : (1.3 + 4.2 * std::min(load, 1.0)) * zoom;
    };
    for (std::size_t e : order) {
        if (lit && m_litArcs.count(e)) continue;
        const QLineF line = arcLine(e, frame);
        if (!visible.contains(line.p1()) && !visible.contains(line.p2()) &&
            !visible.intersects(QRectF(line.p1(), line.p2()).normalized()))
            continue;
        const double load = m_data->load[e];
        QColor color = load <= 1e-12 ? kUnusedLink : loadColor(load);
        if (lit) color = fadedColor(color, 0.72);
        const double width = linkWidth(e);
        graphics::paintArrow(painter, line, graphics::arrowhead(line, width), color, width,
                             load <= 1e-12 ? Qt::DashLine : Qt::SolidLine);
    }
    for (std::size_t e : m_litArcs) {
        if (e >= E) continue;
        const QLineF line = arcLine(e, frame);
        const QColor color = m_litResultArcs.count(e) ? resultPathColor()
                             : m_litAllocation   ? dataPathColor()
                                                 : patternHighlightColor();
        const double width = std::max(3.0, linkWidth(e) + 1.0);
        graphics::paintArrow(painter, line, graphics::arrowhead(line, width), color, width);
    }

    // Nodes: processors filled by their compute load, routers as grey diamonds, the source ringed in green.
    const std::size_t source = in.application.source;
    std::set<std::size_t> targets(in.application.targets.begin(), in.application.targets.end());
    std::set<std::size_t> litEnds;
    for (std::size_t e : m_litArcs)
        if (e < E) {
            litEnds.insert(m_data->arcs[e].from);
            litEnds.insert(m_data->arcs[e].to);
        }
    for (std::size_t u = 0; u < in.nodes.size(); ++u) {
        const QPointF c = frame.map(m_positions[u]);
        const double r = nodeRadius(u, frame.scale);
        if (!visible.contains(c)) continue;
        const bool involved = !lit || litEnds.count(u) || m_litProcessors.count(u);
        if (u == source) {
            QPen ring(kSourceColor, 2.5 * zoom);
            painter.setPen(ring);
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(c, r + 4 * zoom, r + 4 * zoom);
        } else if (targets.count(u)) {
            painter.setPen(QPen(kSourceColor, 1.2, Qt::DotLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(c, r + 3.5 * zoom, r + 3.5 * zoom);
        }
        const graphics::NodeShape body = nodeShape(u, frame);
        const QColor border = involved ? kNodeBorder : fadedColor(kNodeBorder);
        if (in.nodes[u].speed <= 0) {
            graphics::paintNode(painter, body, {involved ? kRouterColor : fadedColor(kRouterColor), border, 1.0});
        } else {
            const double busy = m_data->load[E + u];
            QColor fill = busy <= 1e-12 ? QColor(Qt::white) : loadColor(busy);
            if (!involved) fill = fadedColor(fill, 0.7);
            graphics::paintNode(painter, body, {fill, border, 1.0});
        }
        if (lit && m_litProcessors.count(u))
            graphics::paintNode(painter, graphics::NodeShape::circle(c, r + 2.5),
                                {QColor(), m_litAllocation ? QColor(0x10, 0x10, 0x10) : patternHighlightColor(), 3.0});
    }

    // Names, most important first, never overlapping: the source, what is lit, then the fastest.
    const QFontMetricsF metrics(painter.font());
    std::vector<std::size_t> byImportance(in.nodes.size());
    std::iota(byImportance.begin(), byImportance.end(), std::size_t{0});
    auto rank = [&](std::size_t u) {
        if (u == source) return 0;
        if (lit && (m_litProcessors.count(u) || litEnds.count(u))) return 1;
        if (targets.count(u)) return 2;
        return 3;
    };
    std::stable_sort(byImportance.begin(), byImportance.end(), [&](std::size_t a, std::size_t b) {
        if (rank(a) != rank(b)) return rank(a) < rank(b);
        return in.nodes[a].speed > in.nodes[b].speed;
    });
    std::vector<QRectF> placed;
    m_drawnLabels = 0;
    for (std::size_t u : byImportance) {
        if (m_drawnLabels >= kMaxLabels) break;
        const QPointF c = frame.map(m_positions[u]);
        if (!area.contains(c)) continue;
        const double r = nodeRadius(u, frame.scale);
        const QString name = in.nodes[u].name.empty() ? QString::number(u + 1) : m_data->nodeName(u);
        const QString text = u == source ? tr("%1 (source)").arg(name) : name;
        const double w = metrics.horizontalAdvance(text) + 4;
        const double h = metrics.height();
        // Right of the node, else left, above, below.
        const QRectF candidates[] = {QRectF(c.x() + r + 3, c.y() - h / 2, w, h), QRectF(c.x() - r - 3 - w, c.y() - h / 2, w, h),
                                     QRectF(c.x() - w / 2, c.y() - r - 2 - h, w, h), QRectF(c.x() - w / 2, c.y() + r + 2, w, h)};
        for (const QRectF& box : candidates) {
            if (!area.contains(box)) continue;
            if (std::any_of(placed.begin(), placed.end(), [&](const QRectF& other) { return other.intersects(box); }))
                continue;
            placed.push_back(box);
            const bool dim = lit && rank(u) != 0 && rank(u) != 1;
            graphics::paintLabelBackground(painter, box);
            painter.setPen(dim ? QColor(0x90, 0x90, 0x90) : (u == source ? kSourceColor.darker(130) : kTextColor));
            painter.drawText(box, Qt::AlignCenter, text);
            ++m_drawnLabels;
            break;
        }
    }
    // Link loads as numbers where a link is long enough on screen to carry one without clutter.
    for (std::size_t e = 0; e < E; ++e) {
        if (m_data->load[e] <= 1e-12 || (lit && !m_litArcs.count(e))) continue;
        const QLineF line = arcLine(e, frame);
        const QString text = formatRounded(m_data->load[e], 2);
        const double w = metrics.horizontalAdvance(text) + 4;
        if (line.length() < 3 * w) continue;
        const QRectF box = graphics::edgeLabelRect(line, QSizeF(w, metrics.height()), graphics::EdgeLabelPlace::Beside);
        if (!area.contains(box) ||
            std::any_of(placed.begin(), placed.end(), [&](const QRectF& other) { return other.intersects(box); }))
            continue;
        placed.push_back(box);
        graphics::paintLabelBackground(painter, box);
        painter.setPen(QColor(0x55, 0x55, 0x55));
        painter.drawText(box, Qt::AlignCenter, text);
    }
    painter.restore();
}

std::vector<std::vector<SteadyGraphView::LegendItem>> SteadyGraphView::legendItems() const {
    const QFontMetricsF metrics(font());
    auto label = [metrics](const QString& s, QColor color = kTextColor) {
        const double w = metrics.horizontalAdvance(s) + 2;
        return LegendItem{w, [s, w, color](QPainter& p, const QPointF& at, double line) {
                              p.setPen(color);
                              p.drawText(QRectF(at.x(), at.y(), w, line), Qt::AlignVCenter | Qt::AlignLeft, s);
                          }};
    };
    auto swatch = [label](const QColor& color, const QString& s) {
        const LegendItem text = label(s);
        return LegendItem{27 + text.width, [color, text](QPainter& p, const QPointF& at, double line) {
                              p.setPen(QPen(color, 3.5, Qt::SolidLine, Qt::FlatCap));
                              p.drawLine(QLineF(at.x(), at.y() + line / 2, at.x() + 22, at.y() + line / 2));
                              text.draw(p, at + QPointF(27, 0), line);
                          }};
    };
    auto symbol = [label](double width, std::function<void(QPainter&, const QPointF&)> draw, const QString& s) {
        const LegendItem text = label(s);
        return LegendItem{width + text.width, [width, draw, text](QPainter& p, const QPointF& at, double line) {
                              draw(p, QPointF(at.x(), at.y() + line / 2));
                              text.draw(p, at + QPointF(width, 0), line);
                          }};
    };
    std::vector<std::vector<LegendItem>> groups(1);
    std::vector<LegendItem>& general = groups.front();
    general.push_back(symbol(
        120,
        [](QPainter& p, const QPointF& c) {
            const QRectF bar(c.x() + 10, c.y() - 5, 90, 10);
            // Steps rather than a gradient: every SVG and PDF reader draws them alike.
            constexpr int kSteps = 30;
            p.setPen(Qt::NoPen);
            for (int k = 0; k < kSteps; ++k) {
                p.setBrush(loadColor((k + 0.5) / kSteps));
                p.drawRect(QRectF(bar.left() + bar.width() * k / kSteps, bar.top(), bar.width() / kSteps + 0.3, bar.height()));
            }
            p.setPen(QPen(QColor(0x88, 0x88, 0x88), 0.5));
            p.setBrush(Qt::NoBrush);
            p.drawRect(bar);
            p.setPen(kTextColor);
            p.drawText(QRectF(c.x(), bar.top() - 2, 9, bar.height() + 4), Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("0"));
            p.drawText(QRectF(bar.right() + 3, bar.top() - 2, 9, bar.height() + 4), Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("1"));
        },
        tr("busy fraction (links, processors)")));
    general.push_back(symbol(
        28,
        [](QPainter& p, const QPointF& c) {
            p.setPen(QPen(kUnusedLink, 1, Qt::DashLine));
            p.drawLine(QLineF(c.x(), c.y(), c.x() + 22, c.y()));
        },
        tr("unused")));
    general.push_back(symbol(
        16,
        [](QPainter& p, const QPointF& c) {
            p.setPen(QPen(kNodeBorder, 1));
            p.setBrush(Qt::white);
            p.drawEllipse(QPointF(c.x() + 6, c.y()), 6, 6);
        },
        tr("processor (size: speed)")));
    general.push_back(symbol(
        15,
        [](QPainter& p, const QPointF& c) {
            QPolygonF diamond;
            const QPointF m(c.x() + 5, c.y());
            diamond << m + QPointF(0, -6) << m + QPointF(6, 0) << m + QPointF(0, 6) << m + QPointF(-6, 0);
            p.setPen(QPen(kNodeBorder, 1));
            p.setBrush(kRouterColor);
            p.drawPolygon(diamond);
        },
        tr("router")));
    general.push_back(symbol(
        18,
        [](QPainter& p, const QPointF& c) {
            p.setPen(QPen(kSourceColor, 2.2));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(QPointF(c.x() + 7, c.y()), 7, 7);
        },
        tr("source")));
    if (!m_data || !anyLit()) return groups;
    std::vector<LegendItem>& selection = groups.emplace_back();
    if (m_litPattern) {
        const SteadyPattern& p = m_data->solution.patterns[*m_litPattern];
        selection.push_back(swatch(patternHighlightColor(),
                                   tr("%1: %2, %3 computing, active %4 of the time")
                                       .arg(m_data->patternName(*m_litPattern),
                                            countOf(static_cast<long long>(p.arcs.size()), tr("link"), tr("links")),
                                            countOf(static_cast<long long>(p.processors.size()), tr("processor"), tr("processors")),
                                            m_data->durationText(*m_litPattern))));
    } else if (m_litAllocation) {
        const SteadyAllocation& al = m_data->solution.allocations[*m_litAllocation];
        const bool bag = m_data->instance.application.type == SteadyApplicationType::BagOfTasks;
        selection.push_back(label(tr("allocation %1 (x = %2):").arg(*m_litAllocation + 1).arg(m_data->weightText(*m_litAllocation))));
        if (!al.dataArcs.empty()) selection.push_back(swatch(dataPathColor(), bag ? tr("data path") : tr("tree of the message")));
        if (!al.resultArcs.empty()) selection.push_back(swatch(resultPathColor(), tr("result path")));
        if (al.processor) {
            const QString text = al.dataArcs.empty() && al.resultArcs.empty()
                                     ? tr("computes on %1, no transfer").arg(m_data->nodeName(*al.processor))
                                     : tr("computes on %1").arg(m_data->nodeName(*al.processor));
            selection.push_back(symbol(
                18,
                [](QPainter& p, const QPointF& c) {
                    p.setPen(QPen(QColor(0x10, 0x10, 0x10), 3.0));
                    p.setBrush(Qt::NoBrush);
                    p.drawEllipse(QPointF(c.x() + 7, c.y()), 6, 6);
                },
                text));
        }
    }
    return groups;
}

// Rows of the legend at a width: each group starts a row, items wrap to the next row when full.
std::vector<std::vector<const SteadyGraphView::LegendItem*>> SteadyGraphView::legendRows(
    const std::vector<std::vector<LegendItem>>& groups, double width) {
    std::vector<std::vector<const LegendItem*>> rows;
    for (const auto& group : groups) {
        rows.emplace_back();
        double x = 8;
        for (const LegendItem& item : group) {
            if (!rows.back().empty() && x + item.width > width - 4) {
                rows.emplace_back();
                x = 8;
            }
            rows.back().push_back(&item);
            x += item.width + 12;
        }
    }
    return rows;
}

double SteadyGraphView::legendHeight(double width) const {
    if (!m_data) return 0;
    const double line = QFontMetricsF(font()).height() + 6;
    return static_cast<double>(legendRows(legendItems(), width).size()) * line + 6;
}

void SteadyGraphView::paintLegend(QPainter& painter, const QRectF& band) const {
    if (band.height() < 4) return;
    const double line = QFontMetricsF(painter.font()).height() + 6;
    const auto groups = legendItems();
    painter.save();
    painter.setPen(QColor(0xdd, 0xdd, 0xdd));
    painter.drawLine(QLineF(band.left(), band.top(), band.right(), band.top()));
    double y = band.top() + 3;
    for (const auto& row : legendRows(groups, band.width())) {
        double x = band.left() + 8;
        for (const LegendItem* item : row) {
            item->draw(painter, QPointF(x, y), line);
            x += item->width + 12;
        }
        y += line;
    }
    painter.restore();
}

std::optional<std::size_t> SteadyGraphView::nodeAt(const QPointF& pixel) const {
    if (!m_data) return std::nullopt;
    const Frame frame{m_scale, m_offset};
    std::optional<std::size_t> best;
    double bestDistance = 1e300;
    for (std::size_t u = 0; u < m_positions.size(); ++u) {
        const QPointF d = frame.map(m_positions[u]) - pixel;
        const double distance = std::hypot(d.x(), d.y());
        if (distance <= nodeRadius(u, m_scale) + kHitPixels && distance < bestDistance) {
            best = u;
            bestDistance = distance;
        }
    }
    return best;
}

std::optional<std::size_t> SteadyGraphView::arcAt(const QPointF& pixel) const {
    if (!m_data) return std::nullopt;
    const Frame frame{m_scale, m_offset};
    std::optional<std::size_t> best;
    double bestDistance = kHitPixels;
    for (std::size_t e = 0; e < m_data->arcCount(); ++e) {
        const QLineF line = arcLine(e, frame);
        const double distance = distanceToSegment(pixel, line.p1(), line.p2());
        if (distance <= bestDistance) {
            best = e;
            bestDistance = distance;
        }
    }
    return best;
}

QString SteadyGraphView::nodeTooltip(std::size_t u) const {
    const SteadyStateInstance& in = m_data->instance;
    const std::size_t E = m_data->arcCount();
    QString text = QStringLiteral("<b>%1</b>").arg(m_data->nodeName(u).toHtmlEscaped());
    if (u == in.application.source) text += tr(" (source)");
    if (in.nodes[u].speed <= 0) {
        text += tr("<br>router (does not compute)");
    } else {
        const double busy = m_data->load[E + u];
        text += tr("<br>speed %1 · computes %2 of the time (%3 tasks per time unit)")
                    .arg(formatRounded(in.nodes[u].speed, 6), percent(busy),
                         formatRounded(busy * in.nodes[u].speed / std::max(in.application.work, 1e-300), 6));
    }
    text += tr("<br>send port busy %1 · receive port busy %2")
                .arg(percent(m_data->sendLoad[u]), percent(m_data->receiveLoad[u]));
    if (!m_patternsOfNode[u].empty()) {
        QStringList names;
        for (std::size_t p : m_patternsOfNode[u]) names << m_data->patternName(p);
        text += tr("<br>computes in %1").arg(names.join(QStringLiteral(", ")));
    }
    return text;
}

QString SteadyGraphView::arcTooltip(std::size_t e) const {
    QString text = tr("<b>%1</b> bandwidth %2 · busy %3 of the time")
                       .arg(m_data->arcName(e).toHtmlEscaped(), formatRounded(m_data->arcs[e].bandwidth, 6),
                            percent(m_data->load[e]));
    if (!m_patternsOfArc[e].empty()) {
        QStringList names;
        double total = 0;
        for (std::size_t p : m_patternsOfArc[e]) {
            names << m_data->patternName(p);
            total += m_data->solution.patterns[p].duration;
        }
        text += tr("<br>active in %1 (%2 of the time)").arg(names.join(QStringLiteral(", ")), percent(total));
    }
    return text;
}

bool SteadyGraphView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip && m_data) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (auto u = nodeAt(help->pos()))
            QToolTip::showText(help->globalPos(), nodeTooltip(*u), this);
        else if (auto e = arcAt(help->pos()))
            QToolTip::showText(help->globalPos(), arcTooltip(*e), this);
        else
            QToolTip::showText(help->globalPos(), wheelHint(), this);   // how to move about, over the empty parts
        return true;
    }
    return QWidget::event(event);
}

void SteadyGraphView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (m_fitted) fitView();
}

QString SteadyGraphView::wheelHint() {
    return tr("Wheel: scroll · Ctrl+wheel: zoom · drag: pan · double-click: fit");
}

void SteadyGraphView::wheelEvent(QWheelEvent* event) {
    // As over the Gantts beside it: a plain wheel scrolls the pane the graph is in, Ctrl+wheel zooms.
    if (!(event->modifiers() & Qt::ControlModifier)) {
        if (!scrollPaneWith(this, event)) event->ignore();
        return;
    }
    if (!m_data) return;
    const double steps = event->angleDelta().y() / 120.0;
    const double factor = std::pow(1.2, steps);
    const double scale = std::clamp(m_scale * factor, 1e-3, 50.0);
    // Zoom about the cursor.
    const QPointF at = event->position();
    m_offset = at - (at - m_offset) * (scale / m_scale);
    m_scale = scale;
    m_fitted = false;
    update();
    event->accept();
}

void SteadyGraphView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) m_dragFrom = event->position();
    QWidget::mousePressEvent(event);
}

void SteadyGraphView::mouseMoveEvent(QMouseEvent* event) {
    if (m_dragFrom && (event->buttons() & Qt::LeftButton)) {
        m_offset += event->position() - *m_dragFrom;
        m_dragFrom = event->position();
        m_fitted = false;
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void SteadyGraphView::mouseReleaseEvent(QMouseEvent* event) {
    m_dragFrom.reset();
    QWidget::mouseReleaseEvent(event);
}

void SteadyGraphView::mouseDoubleClickEvent(QMouseEvent* event) {
    Q_UNUSED(event)
    fitView();
}

void SteadyGraphView::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    menu.addAction(tr("Fit view"), this, &SteadyGraphView::fitView);
    menu.addSeparator();
    menu.addAction(tr("Export chart…"), this, &SteadyGraphView::exportRequested);
    menu.exec(event->globalPos());
}

}  // namespace hetsched::ui
