#include "graphics/graph_drawing.h"

#include <QPainter>
#include <QPen>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace hetsched::ui::graphics {

namespace {

constexpr double kTiny = 1e-9;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The parameters [enter, exit] of the line p + t d inside the axis-aligned box (slabs); nullopt if none.
std::optional<std::pair<double, double>> boxInterval(QPointF p, QPointF d, const QRectF& box) {
    double enter = -kInfinity, exit = kInfinity;
    const double origin[2] = {p.x(), p.y()};
    const double direction[2] = {d.x(), d.y()};
    const double low[2] = {box.left(), box.top()};
    const double high[2] = {box.right(), box.bottom()};
    for (int axis = 0; axis < 2; ++axis) {
        if (std::abs(direction[axis]) < kTiny) {
            if (origin[axis] < low[axis] || origin[axis] > high[axis]) return std::nullopt;
            continue;
        }
        double a = (low[axis] - origin[axis]) / direction[axis];
        double b = (high[axis] - origin[axis]) / direction[axis];
        if (a > b) std::swap(a, b);
        enter = std::max(enter, a);
        exit = std::min(exit, b);
    }
    if (enter > exit) return std::nullopt;
    return std::make_pair(enter, exit);
}

// The parameters [enter, exit] of the line p + t d inside the ellipse of radii (rx, ry) about c.
std::optional<std::pair<double, double>> ellipseInterval(QPointF p, QPointF d, QPointF c, double rx,
                                                         double ry) {
    const QPointF q((p.x() - c.x()) / rx, (p.y() - c.y()) / ry);
    const QPointF e(d.x() / rx, d.y() / ry);
    const double a = QPointF::dotProduct(e, e);
    const double b = 2 * QPointF::dotProduct(q, e);
    const double k = QPointF::dotProduct(q, q) - 1;
    if (a < kTiny) return k <= 0 ? std::optional(std::make_pair(-kInfinity, kInfinity)) : std::nullopt;
    const double discriminant = b * b - 4 * a * k;
    if (discriminant < 0) return std::nullopt;
    const double root = std::sqrt(discriminant);
    return std::make_pair((-b - root) / (2 * a), (-b + root) / (2 * a));
}

// The parameters [enter, exit] of the line p + t d inside the diamond |x|/a + |y|/b <= 1 about c: four
// half-planes (Cyrus-Beck).
std::optional<std::pair<double, double>> diamondInterval(QPointF p, QPointF d, QPointF c, double a,
                                                         double b) {
    double enter = -kInfinity, exit = kInfinity;
    for (const double sx : {-1.0, 1.0})
        for (const double sy : {-1.0, 1.0}) {
            // sx (x - cx) / a + sy (y - cy) / b <= 1
            const double nx = sx / a, ny = sy / b;
            const double value = nx * (p.x() - c.x()) + ny * (p.y() - c.y()) - 1;
            const double slope = nx * d.x() + ny * d.y();
            if (std::abs(slope) < kTiny) {
                if (value > 0) return std::nullopt;
                continue;
            }
            const double t = -value / slope;
            if (slope > 0)
                exit = std::min(exit, t);
            else
                enter = std::max(enter, t);
        }
    if (enter > exit) return std::nullopt;
    return std::make_pair(enter, exit);
}

// The first t >= 0 at which p + t d is in the shape; nullopt when the ray misses it.
std::optional<double> firstInside(const NodeShape& shape, QPointF p, QPointF d) {
    const double w = shape.size.width() / 2, h = shape.size.height() / 2;
    std::optional<double> best;
    const auto consider = [&](const std::optional<std::pair<double, double>>& interval) {
        if (!interval || interval->second < 0) return;
        const double t = std::max(0.0, interval->first);
        if (!best || t < *best) best = t;
    };
    const QPointF c = shape.centre;
    switch (shape.outline) {
        case NodeOutline::Circle:
            consider(ellipseInterval(p, d, c, w, h));
            break;
        case NodeOutline::Rect:
            consider(boxInterval(p, d, shape.bounds()));
            break;
        case NodeOutline::Diamond:
            consider(diamondInterval(p, d, c, w, h));
            break;
        case NodeOutline::RoundedRect: {
            // Two crossed boxes and the four corner circles: the first of them the ray meets.
            const double r = std::clamp(shape.cornerRadius, 0.0, std::min(w, h));
            consider(boxInterval(p, d, shape.bounds().adjusted(r, 0, -r, 0)));
            consider(boxInterval(p, d, shape.bounds().adjusted(0, r, 0, -r)));
            if (r > kTiny)
                for (const double sx : {-1.0, 1.0})
                    for (const double sy : {-1.0, 1.0})
                        consider(ellipseInterval(p, d, c + QPointF(sx * (w - r), sy * (h - r)), r, r));
            break;
        }
    }
    return best;
}

bool degenerate(const NodeShape& shape) {
    return !(shape.size.width() > kTiny) || !(shape.size.height() > kTiny);
}

}  // namespace

NodeShape NodeShape::grownBy(double margin) const {
    NodeShape grown = *this;
    grown.size = QSizeF(std::max(0.0, size.width() + 2 * margin), std::max(0.0, size.height() + 2 * margin));
    if (outline == NodeOutline::RoundedRect) grown.cornerRadius = std::max(0.0, cornerRadius + margin);
    return grown;
}

QPointF boundaryPoint(const NodeShape& shape, QPointF towards) {
    const QPointF d = towards - shape.centre;
    const double length = std::hypot(d.x(), d.y());
    if (!(length > kTiny) || degenerate(shape)) return shape.centre;
    // From a point surely outside, back towards the centre: where that enters is where the ray leaves.
    const QPointF u = d / length;
    const double far = shape.size.width() + shape.size.height() + 1;
    const QPointF outside = shape.centre + u * far;
    const std::optional<double> t = firstInside(shape, outside, -u);
    return t ? outside - u * *t : shape.centre;
}

QPointF entryPoint(const NodeShape& shape, QPointF from, QPointF to) {
    const QPointF d = to - from;
    if (degenerate(shape)) return shape.centre;
    if (std::hypot(d.x(), d.y()) > kTiny) {
        if (const std::optional<double> t = firstInside(shape, from, d)) return from + d * *t;
    }
    return boundaryPoint(shape, from);
}

QLineF clipEdge(const NodeShape& source, const NodeShape& target, QLineF line) {
    const QPointF start = entryPoint(source, line.p2(), line.p1());
    const QPointF end = entryPoint(target, line.p1(), line.p2());
    const QPointF along = line.p2() - line.p1();
    // Overlapping nodes: nothing of the edge shows between them.
    if (QPointF::dotProduct(end - start, along) < 0) {
        const QPointF middle = (start + end) / 2;
        return {middle, middle};
    }
    return {start, end};
}

double arrowheadLength(double penWidth, double maxLength) {
    return std::min(7.0 + 1.6 * std::max(0.0, penWidth), maxLength);
}

Arrowhead arrowhead(const QLineF& line, double penWidth, double maxLength) {
    const QPointF tip = line.p2();
    const QPointF d = line.p2() - line.p1();
    const double length = std::hypot(d.x(), d.y());
    if (!(length > kTiny) || !std::isfinite(length)) return {QPolygonF(), tip};
    const double width = std::max(0.0, penWidth);
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const double head = std::min(arrowheadLength(width, maxLength), 0.45 * length);
    const double half = 0.42 * head + 0.3 * width;
    const QPointF base = tip - u * head;
    // The line runs a little into the head (no seam between them) and, flat-capped, no further.
    const QPointF stop = base + u * std::min(1.0, 0.25 * head);
    return {QPolygonF({tip, base + n * half, base - n * half}), stop};
}

Arrowhead arrowheadInto(const QLineF& line, const NodeShape& target, double penWidth, double maxLength) {
    return arrowhead(QLineF(line.p1(), entryPoint(target, line.p1(), line.p2())), penWidth, maxLength);
}

void paintArrow(QPainter& painter, const QLineF& line, const Arrowhead& head, const QColor& colour,
                double penWidth, Qt::PenStyle style) {
    painter.setPen(QPen(colour, penWidth, style, Qt::FlatCap));
    painter.drawLine(QLineF(line.p1(), head.head.isEmpty() ? line.p2() : head.base));
    if (head.head.isEmpty()) return;
    painter.setPen(Qt::NoPen);
    painter.setBrush(colour);
    painter.drawConvexPolygon(head.head);
}

QRectF edgeLabelRect(const QLineF& segment, QSizeF size, EdgeLabelPlace place, double gap) {
    const QPointF middle = segment.center();
    const QPointF d = segment.p2() - segment.p1();
    const double length = std::hypot(d.x(), d.y());
    QPointF centre = middle;
    if (place != EdgeLabelPlace::Over) {
        const QPointF u = length > kTiny ? d / length : QPointF(0, 1);
        QPointF n(-u.y(), u.x());  // on screen (y down): the right of the direction of travel
        if (place == EdgeLabelPlace::Right && (n.x() < 0 || (n.x() == 0 && n.y() > 0))) n = -n;
        // Far enough along the normal that the box clears the segment by `gap`.
        const double reach = std::abs(n.x()) * size.width() / 2 + std::abs(n.y()) * size.height() / 2;
        centre = middle + n * (reach + gap);
    }
    return {centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(), size.height()};
}

void paintLabelBackground(QPainter& painter, const QRectF& box) {
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(255, 255, 255, 215));
    painter.drawRoundedRect(box, 2.5, 2.5);
}

void paintNode(QPainter& painter, const NodeShape& shape, const NodeStyle& style) {
    if (style.outline.isValid() && style.outlineWidth > 0) {
        QPen pen(style.outline, style.outlineWidth);
        if (style.dashed) pen.setStyle(Qt::DashLine);
        painter.setPen(pen);
    } else {
        painter.setPen(Qt::NoPen);
    }
    painter.setBrush(style.fill.isValid() ? QBrush(style.fill) : QBrush(Qt::NoBrush));
    const QRectF box = shape.bounds();
    switch (shape.outline) {
        case NodeOutline::Circle:
            painter.drawEllipse(box);
            break;
        case NodeOutline::Rect:
            painter.drawRect(box);
            break;
        case NodeOutline::RoundedRect:
            painter.drawRoundedRect(box, shape.cornerRadius, shape.cornerRadius);
            break;
        case NodeOutline::Diamond: {
            const QPointF c = shape.centre;
            const double w = box.width() / 2, h = box.height() / 2;
            const QPointF corners[] = {c + QPointF(0, -h), c + QPointF(w, 0), c + QPointF(0, h),
                                       c + QPointF(-w, 0)};
            painter.drawConvexPolygon(corners, 4);
            break;
        }
    }
}

void paintHoverRing(QPainter& painter, const NodeShape& shape, double gap) {
    paintNode(painter, shape.grownBy(gap), {QColor(), QColor(0x30, 0x30, 0x30), 1.5, false});
}

void paintSelectionRing(QPainter& painter, const NodeShape& shape, double gap) {
    const NodeShape ring = shape.grownBy(gap);
    paintNode(painter, ring, {QColor(), QColor(Qt::black), 3.0, false});
    paintNode(painter, ring, {QColor(), QColor(0xff, 0xd7, 0x00), 1.5, false});
}

QColor selectionColour() {
    return {0x15, 0x65, 0xc0};
}

QColor emphasisColour() {
    return {0xd9, 0x82, 0x2b};
}

}  // namespace hetsched::ui::graphics
