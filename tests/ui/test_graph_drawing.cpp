// The drawing shared by the canvas and the graph views: arrow tips land on the node outlines whatever the
// angle and the shape, thick lines stay inside their heads, degenerate edges stay finite, labels clear
// their edges.
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QPainterPathStroker>
#include <QtTest>
#include <cmath>
#include <numbers>

#include "graphics/graph_drawing.h"

namespace hetsched::ui {

using namespace graphics;

namespace {

// Signed distance from p to the outline of a shape (negative inside), written from each shape's
// definition, apart from the code under test: the rounded box is Quilez's formula.
double signedDistance(const NodeShape& shape, QPointF p) {
    const double hx = shape.size.width() / 2, hy = shape.size.height() / 2;
    const double x = std::abs(p.x() - shape.centre.x()), y = std::abs(p.y() - shape.centre.y());
    switch (shape.outline) {
        case NodeOutline::Circle:
            return std::hypot(x / hx, y / hy) - 1;  // a circle when hx == hy: in radii
        case NodeOutline::Rect:
            return std::max(x - hx, y - hy);
        case NodeOutline::RoundedRect: {
            const double r = shape.cornerRadius;
            const double qx = x - hx + r, qy = y - hy + r;
            return std::hypot(std::max(qx, 0.0), std::max(qy, 0.0)) + std::min(std::max(qx, qy), 0.0) - r;
        }
        case NodeOutline::Diamond:
            return (x / hx + y / hy - 1) * hx * hy / std::hypot(hx, hy);
    }
    return 0;
}

bool finite(QPointF p) {
    return std::isfinite(p.x()) && std::isfinite(p.y());
}

QPointF onCircle(QPointF centre, double radius, double degrees) {
    const double a = degrees * std::numbers::pi / 180;
    return centre + QPointF(std::cos(a), std::sin(a)) * radius;
}

}  // namespace

class GraphDrawingTests : public QObject {
    Q_OBJECT
private slots:
    void arrowTipLandsOnTheOutline_data() {
        QTest::addColumn<int>("outline");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("height");
        QTest::addColumn<double>("corner");
        QTest::newRow("circle") << int(NodeOutline::Circle) << 30.0 << 30.0 << 0.0;
        QTest::newRow("small circle") << int(NodeOutline::Circle) << 3.0 << 3.0 << 0.0;
        QTest::newRow("square") << int(NodeOutline::Rect) << 24.0 << 24.0 << 0.0;
        QTest::newRow("wide rect") << int(NodeOutline::Rect) << 120.0 << 42.0 << 0.0;
        QTest::newRow("rounded rect") << int(NodeOutline::RoundedRect) << 120.0 << 42.0 << 6.0;
        QTest::newRow("very rounded rect") << int(NodeOutline::RoundedRect) << 60.0 << 40.0 << 18.0;
        QTest::newRow("diamond") << int(NodeOutline::Diamond) << 25.0 << 25.0 << 0.0;
    }
    void arrowTipLandsOnTheOutline() {
        QFETCH(int, outline);
        QFETCH(double, width);
        QFETCH(double, height);
        QFETCH(double, corner);
        const NodeShape target{NodeOutline(outline), QPointF(310, -45), QSizeF(width, height), corner};
        const double scale =
            outline == int(NodeOutline::Circle) ? width / 2 : 1.0;  // circle distances in radii
        for (double degrees = 0; degrees < 360; degrees += 7.5) {
            // An edge from far away straight at the centre, and one offset sideways as a two-way edge is.
            const QPointF from = onCircle(target.centre, 400, degrees);
            const QPointF side = QPointF(-(target.centre - from).y(), (target.centre - from).x()) / 400 *
                                 0.2 * std::min(width, height);
            for (const QLineF& line :
                 {QLineF(from, target.centre), QLineF(from + side, target.centre + side)}) {
                for (const double pen : {1.0, 1.5, 6.0}) {
                    const Arrowhead head = arrowheadInto(line, target, pen);
                    QCOMPARE(head.head.size(), 3);
                    const QPointF tip = head.head.front();
                    QVERIFY2(std::abs(signedDistance(target, tip)) < 1e-6 * std::max(1.0, width) / scale,
                             qPrintable(QStringLiteral("%1 degrees: tip %2 off the outline")
                                            .arg(degrees)
                                            .arg(signedDistance(target, tip) * scale)));
                    // On the line, and the head points along it (its base behind the tip).
                    QVERIFY(std::abs(QLineF(line.p1(), tip).angleTo(line)) < 1e-6 ||
                            std::abs(QLineF(line.p1(), tip).angleTo(line) - 360) < 1e-6);
                    QVERIFY(QPointF::dotProduct(tip - head.base, line.p2() - line.p1()) > 0);
                    // The line stops outside the node (every shape is convex: before the tip is outside).
                    QVERIFY(signedDistance(target, head.base) > 0);
                }
            }
        }
    }

    void boundaryPointIsOnTheOutlineTowardsThePoint() {
        const NodeShape shapes[] = {NodeShape::circle(QPointF(5, 5), 20),
                                    {NodeOutline::Rect, QPointF(), QSizeF(40, 10), 0},
                                    {NodeOutline::RoundedRect, QPointF(1, 2), QSizeF(110, 44), 6},
                                    {NodeOutline::Diamond, QPointF(), QSizeF(30, 20), 0}};
        for (const NodeShape& shape : shapes) {
            const double unit = shape.outline == NodeOutline::Circle ? 20.0 : 1.0;
            for (double degrees = 0; degrees < 360; degrees += 10) {
                const QPointF towards = onCircle(shape.centre, 300, degrees);
                const QPointF p = boundaryPoint(shape, towards);
                QVERIFY(std::abs(signedDistance(shape, p)) * unit < 1e-6);
                QVERIFY(std::abs(QLineF(shape.centre, p).angleTo(QLineF(shape.centre, towards))) < 1e-6 ||
                        std::abs(QLineF(shape.centre, p).angleTo(QLineF(shape.centre, towards)) - 360) <
                            1e-6);
            }
        }
    }

    void clippedEdgeRunsFromOutlineToOutline() {
        const NodeShape a = NodeShape::circle(QPointF(0, 0), 20);
        const NodeShape b{NodeOutline::RoundedRect, QPointF(200, 90), QSizeF(120, 42), 6};
        const QLineF clipped = clipEdge(a, b, QLineF(a.centre, b.centre));
        QVERIFY(std::abs(signedDistance(a, clipped.p1()) * 20) < 1e-6);
        QVERIFY(std::abs(signedDistance(b, clipped.p2())) < 1e-6);
        // Nodes that overlap: nothing of the edge is drawn, and nothing points backwards.
        const NodeShape c = NodeShape::circle(QPointF(25, 0), 20);
        const QLineF overlap = clipEdge(a, c, QLineF(a.centre, c.centre));
        QVERIFY(overlap.length() < 1e-9);
        QVERIFY(arrowhead(overlap, 2).head.isEmpty());
    }

    void zeroLengthEdgesGiveNoNaN() {
        const QPointF p(12, 34);
        const Arrowhead none = arrowhead(QLineF(p, p), 3);
        QVERIFY(none.head.isEmpty());
        QVERIFY(finite(none.base));
        // An edge from a node to itself, a node of no size, an edge into the centre from the centre.
        const NodeShape node = NodeShape::circle(p, 10);
        const Arrowhead self = arrowheadInto(QLineF(p, p), node, 1.5);
        QVERIFY(finite(self.base));
        for (const QPointF& q : self.head) QVERIFY(finite(q));
        const QLineF selfEdge = clipEdge(node, node, QLineF(p, p));
        QVERIFY(finite(selfEdge.p1()) && finite(selfEdge.p2()));
        const NodeShape dot{NodeOutline::Circle, p, QSizeF(0, 0), 0};
        QCOMPARE(boundaryPoint(dot, QPointF(50, 50)), p);
        QVERIFY(finite(entryPoint(dot, QPointF(-10, 3), p)));
        QCOMPARE(boundaryPoint(node, p), p);
        const QRectF label = edgeLabelRect(QLineF(p, p), QSizeF(30, 12), EdgeLabelPlace::Beside);
        QVERIFY(finite(label.topLeft()) && finite(label.bottomRight()));
    }

    void thickLinesStayInsideTheirHead() {
        for (const double pen : {1.0, 3.0, 6.0, 10.0}) {
            const QLineF line(0, 0, 200, 0);
            const Arrowhead head = arrowhead(line, pen);
            // The line stops inside the head, where the head is wider than the line.
            QVERIFY(head.base.x() < 200);
            const double headLength = 200 - head.head[1].x();
            const double halfWidthAtStop = std::abs(head.head[1].y()) * (200 - head.base.x()) / headLength;
            QVERIFY2(halfWidthAtStop > pen / 2, qPrintable(QString::number(pen)));
            QVERIFY(head.base.x() > head.head[1].x());  // a little into the head: no seam
        }
        // A short edge gets a head at most 45% of its length; a cap bounds it too.
        QVERIFY(200 - arrowhead(QLineF(180, 0, 200, 0), 6).head[1].x() <= 9 + 1e-9);
        QVERIFY(200 - arrowhead(QLineF(0, 0, 200, 0), 6, 8).head[1].x() <= 8 + 1e-9);
    }

    void paintedArrowInksItsTipAndNotBeyond() {
        // Rendered: the tip's pixel is inked, the pixels past it are not (the thick line does not poke out).
        QImage image(120, 40, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing, true);
        const NodeShape target = NodeShape::circle(QPointF(100, 20), 10);
        const QLineF line(5, 20, 100, 20);
        paintArrow(painter, line, arrowheadInto(line, target, 6), Qt::black, 6);
        painter.end();
        QVERIFY(qGray(image.pixel(88, 20)) < 128);  // just before the tip at x = 90
        QVERIFY(qGray(image.pixel(92, 20)) > 250);  // inside the node: nothing
        QVERIFY(qGray(image.pixel(89, 24)) > 200);  // beside the tip: the head is narrow there
    }

    void labelsClearTheirEdges() {
        const QSizeF size(40, 14);
        for (double degrees = 0; degrees < 360; degrees += 15) {
            const QLineF segment(QPointF(100, 100), onCircle(QPointF(100, 100), 150, degrees));
            const QRectF beside = edgeLabelRect(segment, size, EdgeLabelPlace::Beside, 2);
            QPainterPath path(segment.p1());
            path.lineTo(segment.p2());
            QVERIFY2(!beside.intersects(QRectF(segment.p1(), segment.p2()).normalized()) ||
                         !QPainterPathStroker().createStroke(path).intersects(beside.adjusted(1, 1, -1, -1)),
                     qPrintable(QString::number(degrees)));
            // Beside: right of the direction of travel, so a->b and b->a put theirs apart.
            const QRectF back =
                edgeLabelRect(QLineF(segment.p2(), segment.p1()), size, EdgeLabelPlace::Beside, 2);
            QVERIFY(!back.intersects(beside));
            const QRectF right = edgeLabelRect(segment, size, EdgeLabelPlace::Right, 2);
            QVERIFY(right.center().x() >= segment.center().x() - 1e-9);
            const QRectF over = edgeLabelRect(segment, size, EdgeLabelPlace::Over);
            QVERIFY(std::abs(over.center().x() - segment.center().x()) < 1e-9);
            QVERIFY(std::abs(over.center().y() - segment.center().y()) < 1e-9);
        }
        // A downward edge's label on the right starts just right of it.
        const QRectF right = edgeLabelRect(QLineF(50, 0, 50, 100), size, EdgeLabelPlace::Right, 3);
        QCOMPARE(right.left(), 53.0);
        QCOMPARE(right.center().y(), 50.0);
    }
};

}  // namespace hetsched::ui

QTEST_MAIN(hetsched::ui::GraphDrawingTests)
#include "test_graph_drawing.moc"
