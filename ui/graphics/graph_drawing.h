// The drawing of node-and-edge pictures shared by the editing canvas and the result graph views (steady
// state platform, layered task graph): node outlines, edges clipped to them, arrowheads, edge labels.
// Plain geometry and QPainter calls, no widget: each view keeps its own layout, culling and batching.
#pragma once

#include <QColor>
#include <QLineF>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QSizeF>

class QPainter;

namespace hetsched::ui::graphics {

enum class NodeOutline { Circle, Rect, RoundedRect, Diamond };

// A node's body as drawn: centred on `centre`, `size` wide and high (a circle is an ellipse of that size).
struct NodeShape {
    NodeOutline outline = NodeOutline::Circle;
    QPointF centre;
    QSizeF size;
    double cornerRadius = 0;  // RoundedRect only

    static NodeShape circle(QPointF centre, double radius) {
        return {NodeOutline::Circle, centre, QSizeF(2 * radius, 2 * radius), 0};
    }
    // The same shape `margin` larger on every side (e.g. by half its outline pen, so that a tip touches the
    // ink).
    NodeShape grownBy(double margin) const;
    QRectF bounds() const {
        return {centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(), size.height()};
    }
};

// The point where the ray from the shape's centre towards `towards` leaves the outline (the centre itself
// when `towards` is the centre).
QPointF boundaryPoint(const NodeShape& shape, QPointF towards);

// Where the segment from `from` to `to` first meets the shape (`from` itself when it starts inside). A
// segment passing beside the shape (a two-way edge offset sideways past a small node) ends where the ray
// from the centre towards `from` leaves the outline.
QPointF entryPoint(const NodeShape& shape, QPointF from, QPointF to);

// The part of `line` (drawn from source towards target, possibly offset from their centres) outside both
// shapes: from where it leaves the source to where it enters the target. Degenerate lines stay finite.
QLineF clipEdge(const NodeShape& source, const NodeShape& target, QLineF line);

// An arrowhead at the end of a line: a filled triangle with its tip on the end, sized for the line's pen.
struct Arrowhead {
    QPolygonF head;  // tip, then the two barbs; empty for a zero-length line
    QPointF base;    // where the line should stop: its caps, however wide, stay inside the head
};

// Head length grows with the pen (7 + 1.6 * penWidth pixels) and never exceeds `maxLength` nor 45% of
// the line; its half width is 0.42 of the length plus 0.3 * penWidth, so a thick line never sticks out.
Arrowhead arrowhead(const QLineF& line, double penWidth, double maxLength = 1e300);
// The length of that head on a line long enough (for routes whose last bend is nearer the end than that).
double arrowheadLength(double penWidth, double maxLength = 1e300);

// The arrowhead of an edge into `target` along `line` (from its source side towards the target): the tip
// lands where the line enters the target's outline.
Arrowhead arrowheadInto(const QLineF& line, const NodeShape& target, double penWidth,
                        double maxLength = 1e300);

// Strokes `line` (stopping at the head's base) and fills its head, in one colour.
void paintArrow(QPainter& painter, const QLineF& line, const Arrowhead& head, const QColor& colour,
                double penWidth, Qt::PenStyle style = Qt::SolidLine);

// Where the label of a segment goes, for a text box of `size`.
enum class EdgeLabelPlace {
    Over,    // centred on the segment's middle (on an opaque background)
    Beside,  // beside the middle, on the right of the direction of travel: a->b and b->a keep theirs apart
    Right,   // beside the middle, to the right on screen (layered drawings whose edges run downwards)
};
QRectF edgeLabelRect(const QLineF& segment, QSizeF size, EdgeLabelPlace place, double gap = 2.0);
// The background the views put under an edge label (translucent white, rounded).
void paintLabelBackground(QPainter& painter, const QRectF& box);

// How a node is painted: fill and outline; `dashed` marks the editor's selection.
struct NodeStyle {
    QColor fill;
    QColor outline;
    double outlineWidth = 1.0;
    bool dashed = false;
};
void paintNode(QPainter& painter, const NodeShape& shape, const NodeStyle& style);

// The rings of a result view around a node: hovered (thin, dark) and selected (gold on black), `gap`
// pixels outside the shape.
void paintHoverRing(QPainter& painter, const NodeShape& shape, double gap = 2.0);
void paintSelectionRing(QPainter& painter, const NodeShape& shape, double gap = 3.0);

// The editor's colours for a selected node or link (a dashed outline in this blue) and an emphasised one.
QColor selectionColour();
QColor emphasisColour();

}  // namespace hetsched::ui::graphics
