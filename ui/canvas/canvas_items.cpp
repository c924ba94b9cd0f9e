#include "canvas/canvas_items.h"

#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>

namespace hetsched::ui {

namespace {

// Below these levels of detail (screen pixels per scene unit) a label would have to grow past its
// neighbours to stay readable: the value line is dropped first, then the title.
constexpr double kValueLod = 0.6;
constexpr double kTitleLod = 0.4;
constexpr double kLabelGap = 3.0;
constexpr double kMaxLabelWidth = 150.0;

const QFont& labelFont() {
    static const QFont font = [] {
        QFont f;
        f.setPixelSize(static_cast<int>(kLabelPixels));
        return f;
    }();
    return font;
}

const QFontMetricsF& labelMetrics() {
    static const QFontMetricsF metrics(labelFont());
    return metrics;
}

QString elided(const QString& text) {
    return labelMetrics().elidedText(text, Qt::ElideRight, kMaxLabelWidth);
}

// The scale applied to labels so that they are kLabelPixels high on screen when zoomed out.
double labelScale(double lod) { return lod >= 1.0 ? 1.0 : 1.0 / lod; }

QRectF bodyRect(CanvasNodeShape shape) {
    switch (shape) {
        case CanvasNodeShape::Processor: return {-20, -20, 40, 40};
        case CanvasNodeShape::Router: return {-12, -12, 24, 24};
        case CanvasNodeShape::Task: return {-42, -16, 84, 32};
        case CanvasNodeShape::Cluster: return {-55, -22, 110, 44};
    }
    return {-20, -20, 40, 40};
}

bool titleInside(CanvasNodeShape shape) {
    return shape == CanvasNodeShape::Task || shape == CanvasNodeShape::Cluster;
}

QColor fillOf(const CanvasNode& node) {
    if (node.marked) return {0xc8, 0xe6, 0xc9};
    switch (node.shape) {
        case CanvasNodeShape::Processor: return {0xd6, 0xe6, 0xf7};
        case CanvasNodeShape::Router: return {0xe0, 0xe0, 0xe0};
        case CanvasNodeShape::Task: return {0xfd, 0xf1, 0xc7};
        case CanvasNodeShape::Cluster: return {0xe3, 0xf0, 0xd9};
    }
    return Qt::white;
}

void drawCentred(QPainter* painter, const QString& text, QPointF anchorTop, double scale) {
    painter->save();
    painter->translate(anchorTop);
    painter->scale(scale, scale);
    const double width = labelMetrics().horizontalAdvance(text);
    painter->drawText(QPointF(-width / 2, labelMetrics().ascent()), text);
    painter->restore();
}

}  // namespace

NodeItem::NodeItem(int index, CanvasNode node) : m_index(index), m_node(std::move(node)) {
    m_node.title = elided(m_node.title);
    m_node.value = elided(m_node.value);
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(false);
    setZValue(1);
    if (!m_node.toolTip.isEmpty()) setToolTip(m_node.toolTip);
    m_shapeRect = bodyRect(m_node.shape);
    // Labels at their largest (at kTitleLod): two lines below the body, kMaxLabelWidth wide.
    const double scale = 1.0 / kTitleLod;
    const double half = std::max(m_shapeRect.width() / 2, kMaxLabelWidth * scale / 2) + 2;
    const double below = m_shapeRect.bottom() + kLabelGap + 2 * labelMetrics().height() * scale + 2;
    m_bounds = QRectF(-half, m_shapeRect.top() - 4, 2 * half, below - m_shapeRect.top() + 4);
}

QPainterPath NodeItem::shape() const {
    QPainterPath path;
    if (m_node.shape == CanvasNodeShape::Processor) path.addEllipse(m_shapeRect);
    else path.addRect(m_shapeRect);
    return path;
}

QPointF NodeItem::boundaryPoint(QPointF towards) const {
    const QPointF centre = pos();
    const QPointF d = towards - centre;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-9) return centre;
    if (m_node.shape == CanvasNodeShape::Processor) return centre + d * (m_shapeRect.width() / 2 / length);
    // The ray leaves the rectangle through the side it reaches first.
    const double tx = std::abs(d.x()) > 1e-9 ? (m_shapeRect.width() / 2) / std::abs(d.x()) : 1e300;
    const double ty = std::abs(d.y()) > 1e-9 ? (m_shapeRect.height() / 2) / std::abs(d.y()) : 1e300;
    return centre + d * std::min(tx, ty);
}

QVariant NodeItem::itemChange(GraphicsItemChange change, const QVariant& value) {
    if (change == ItemPositionHasChanged)
        for (LinkItem* link : m_links) link->updateGeometry();
    return QGraphicsItem::itemChange(change, value);
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = option->state & QStyle::State_Selected;
    const QColor fill = fillOf(m_node);
    if (lod < 0.15) {  // a dot: no outline, no text
        painter->fillRect(m_shapeRect, selected ? QColor(0x15, 0x65, 0xc0) : fill.darker(130));
        return;
    }
    QPen pen(selected ? QColor(0x15, 0x65, 0xc0) : m_node.emphasised ? QColor(0xd9, 0x82, 0x2b) : QColor(0x44, 0x55, 0x66));
    pen.setWidthF(selected || m_node.emphasised ? 3.0 : 1.2);
    if (selected) pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    painter->setBrush(fill);
    switch (m_node.shape) {
        case CanvasNodeShape::Processor: painter->drawEllipse(m_shapeRect); break;
        case CanvasNodeShape::Router: painter->drawRect(m_shapeRect); break;
        case CanvasNodeShape::Task:
        case CanvasNodeShape::Cluster: painter->drawRoundedRect(m_shapeRect, 6, 6); break;
    }
    if (lod < kTitleLod) return;
    const double scale = labelScale(lod);
    const double line = labelMetrics().height() * scale;
    painter->setFont(labelFont());
    painter->setPen(QColor(0x20, 0x20, 0x20));
    double y = m_shapeRect.bottom() + kLabelGap;
    if (titleInside(m_node.shape) && line <= m_shapeRect.height()) {
        drawCentred(painter, m_node.title, QPointF(0, -line / 2), scale);
    } else {
        drawCentred(painter, m_node.title, QPointF(0, y), scale);
        y += line;
    }
    if (lod >= kValueLod && !m_node.value.isEmpty()) {
        painter->setPen(QColor(0x4a, 0x4a, 0x4a));
        drawCentred(painter, m_node.value, QPointF(0, y), scale);
    }
}

LinkItem::LinkItem(int index, CanvasLink link, NodeItem* from, NodeItem* to, double sideOffset)
    : m_index(index), m_link(std::move(link)), m_from(from), m_to(to), m_sideOffset(sideOffset) {
    m_link.value = elided(m_link.value);
    setFlags(ItemIsSelectable);
    setZValue(0);
    if (!m_link.toolTip.isEmpty()) setToolTip(m_link.toolTip);
    from->addLink(this);
    to->addLink(this);
    updateGeometry();
}

void LinkItem::updateGeometry() {
    prepareGeometryChange();
    QPointF a = m_from->pos();
    QPointF b = m_to->pos();
    QLineF centres(a, b);
    if (m_sideOffset != 0 && centres.length() > 1e-9) {
        const QPointF normal(-centres.dy() / centres.length(), centres.dx() / centres.length());
        a += normal * m_sideOffset;
        b += normal * m_sideOffset;
    }
    m_line = QLineF(m_from->boundaryPoint(b) + (a - m_from->pos()), m_to->boundaryPoint(a) + (b - m_to->pos()));
    const auto head = [](QPointF tip, QPointF from) {
        QLineF back(tip, from);
        if (back.length() < 1e-9) return QPolygonF();
        back.setLength(11);
        QLineF left = back;
        left.setAngle(back.angle() + 22);
        QLineF right = back;
        right.setAngle(back.angle() - 22);
        return QPolygonF({tip, left.p2(), right.p2()});
    };
    m_headTo = (m_link.directed || m_link.twoWay) ? head(m_line.p2(), m_line.p1()) : QPolygonF();
    m_headFrom = m_link.twoWay ? head(m_line.p1(), m_line.p2()) : QPolygonF();
    QPainterPath path(m_line.p1());
    path.lineTo(m_line.p2());
    QPainterPathStroker stroker;
    stroker.setWidth(8);
    m_shape = stroker.createStroke(path);
    const double labelHalf = (kMaxLabelWidth / kValueLod) / 2 + 4;
    const QPointF mid = m_line.center();
    m_bounds = QRectF(m_line.p1(), m_line.p2()).normalized().adjusted(-12, -12, 12, 12).united(
        QRectF(mid.x() - labelHalf, mid.y() - labelHalf / 4, 2 * labelHalf, labelHalf / 2));
}

void LinkItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = option->state & QStyle::State_Selected;
    QColor colour(0x60, 0x6a, 0x75);
    double width = 1.5;
    if (m_link.load >= 0) {
        // Occupation: grey (idle) through orange to red (saturated), wider when busier.
        const double l = std::clamp(m_link.load, 0.0, 1.0);
        colour = l < 1e-9 ? QColor(0xb0, 0xb0, 0xb0)
                          : QColor::fromHsvF(static_cast<float>(0.33 * (1 - l)), 0.85f, 0.85f);
        width = 1.5 + 4.5 * l;
    }
    if (m_link.highlighted) {
        colour = QColor(0x7b, 0x1f, 0xa2);
        width = std::max(width, 4.0);
    }
    if (selected) colour = QColor(0x15, 0x65, 0xc0);
    QPen pen(colour);
    pen.setWidthF(lod < 0.15 ? 0.0 : width);  // cosmetic hairline when far out
    if (selected) pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    painter->drawLine(m_line);
    if (lod < 0.15) return;
    painter->setPen(Qt::NoPen);
    painter->setBrush(colour);
    if (!m_headTo.isEmpty()) painter->drawPolygon(m_headTo);
    if (!m_headFrom.isEmpty()) painter->drawPolygon(m_headFrom);
    if (lod < kValueLod || m_link.value.isEmpty()) return;
    const double scale = labelScale(lod);
    const double w = labelMetrics().horizontalAdvance(m_link.value) * scale;
    const double h = labelMetrics().height() * scale;
    const QPointF mid = m_line.center();
    painter->setBrush(QColor(255, 255, 255, 220));
    painter->drawRoundedRect(QRectF(mid.x() - w / 2 - 2, mid.y() - h / 2, w + 4, h), 3, 3);
    painter->setFont(labelFont());
    painter->setPen(m_link.highlighted || m_link.load >= 0 ? colour.darker(140) : QColor(0x30, 0x30, 0x30));
    drawCentred(painter, m_link.value, QPointF(mid.x(), mid.y() - h / 2), scale);
}

}  // namespace hetsched::ui
