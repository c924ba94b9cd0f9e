#include "canvas/graph_view.h"

#include "canvas/graph_scene.h"

#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QScrollBar>
#include <QStyleOptionGraphicsItem>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace hetsched::ui {

namespace {
constexpr double kMinZoom = 0.01;
constexpr double kMaxZoom = 20.0;
}  // namespace

GraphView::GraphView(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent) {
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontAdjustForAntialiasing);
    setBackgroundBrush(QColor(0xfb, 0xfb, 0xfc));
    setFocusPolicy(Qt::StrongFocus);
    m_sampleNote = new QLabel(this);
    m_sampleNote->setObjectName(QStringLiteral("linkSampleNote"));
    m_sampleNote->setStyleSheet(QStringLiteral("background: rgba(255, 255, 255, 225); color: #444; "
                                               "border: 1px solid #ccc; border-radius: 3px; padding: 2px 6px;"));
    m_sampleNote->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_sampleNote->hide();
}

QString GraphView::sampleNote() const {
    return m_sampleNote->isHidden() ? QString() : m_sampleNote->text();
}

void GraphView::updateSampleNote() {
    auto* graphScene = qobject_cast<GraphScene*>(scene());
    const LinkLayer* layer = graphScene ? graphScene->linkLayer() : nullptr;
    const LinkLayer::FrameCount frame = layer ? layer->lastFrame() : LinkLayer::FrameCount{};
    const bool sampled = frame.drawn < frame.visible;
    QString text;
    if (sampled)
        text = tr("%1 of the %2 links in view are drawn, evenly spread: zoom in to see them all")
                   .arg(QLocale().toString(static_cast<qulonglong>(frame.drawn)),
                        QLocale().toString(static_cast<qulonglong>(frame.visible)));
    if (text == sampleNote()) return;
    m_sampleNote->setText(text);
    m_sampleNote->setVisible(sampled);
    placeSampleNote();
}

void GraphView::placeSampleNote() {
    m_sampleNote->adjustSize();
    const QRect area = viewport()->geometry();
    m_sampleNote->move(area.left() + 6, area.bottom() - m_sampleNote->height() - 5);
}

void GraphView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    placeSampleNote();
    // Fitted and not zoomed or panned since, and now partly out of view: fitted again (the editor shrinks when a
    // run's results take their share of the window, which left the drawing mostly out of view). A drawing still
    // in view stays as it is (the property form appearing beside it does not move the nodes under the cursor).
    if (m_fitted && !allNodesInView()) fitAll();
}

void GraphView::zoomAt(double factor, QPoint viewportPos) {
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    factor = target / zoom();
    if (std::abs(factor - 1.0) < 1e-9) return;
    const QPointF before = mapToScene(viewportPos);
    const ViewportAnchor anchor = transformationAnchor();
    setTransformationAnchor(QGraphicsView::NoAnchor);
    scale(factor, factor);
    // Keep the scene point under the cursor where it was.
    const QPointF delta = mapFromScene(before) - QPointF(viewportPos);
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + static_cast<int>(std::lround(delta.x())));
    verticalScrollBar()->setValue(verticalScrollBar()->value() + static_cast<int>(std::lround(delta.y())));
    setTransformationAnchor(anchor);
    updateRenderHints();
    m_fitted = false;
    emit zoomChanged(zoom());
}

void GraphView::zoomBy(double factor) {
    zoomAt(factor, viewport()->rect().center());
}

QRectF GraphView::drawingBounds() const {
    // The nodes and their labels: items' bounding boxes also hold room for labels at their largest
    // (zoomed far out), which would make a small drawing fit at half the size it can have.
    QRectF bounds;
    if (auto* graphScene = qobject_cast<GraphScene*>(scene()); graphScene && !graphScene->nodeItems().empty()) {
        for (const NodeItem* node : graphScene->nodeItems()) {
            // A task's or a cluster's text is inside its box; other nodes' labels hang below them.
            const CanvasNodeShape shape = node->node().shape;
            const bool inside = shape == CanvasNodeShape::Task || shape == CanvasNodeShape::Cluster;
            bounds |= node->shapeRect().translated(node->pos()).adjusted(inside ? -4 : -50, -10, inside ? 4 : 50,
                                                                          inside ? 10 : 40);
        }
    } else {
        bounds = scene()->itemsBoundingRect();
    }
    if (bounds.isEmpty()) bounds = QRectF(-100, -100, 200, 200);
    return bounds;
}

bool GraphView::allNodesInView() const {
    const auto* graphScene = qobject_cast<GraphScene*>(scene());
    if (!graphScene) return true;
    const QRect shown = viewport()->rect();
    for (const NodeItem* node : graphScene->nodeItems())
        if (!shown.contains(mapFromScene(node->pos()))) return false;
    return true;
}

void GraphView::fitAll() {
    if (!scene()) return;
    const QRectF bounds = drawingBounds();
    fitInView(bounds.adjusted(-12, -12, 12, 12), Qt::KeepAspectRatio);
    constexpr double kMaxFitZoom = 1.5;  // a few nodes are not blown up
    if (zoom() > kMaxFitZoom) {
        const double f = kMaxFitZoom / zoom();
        scale(f, f);
        centerOn(bounds.center());
    }
    updateRenderHints();
    m_fitted = true;
    emit zoomChanged(zoom());
}

void GraphView::updateRenderHints() {
    constexpr double kOverviewZoom = 0.5;
    constexpr std::size_t kLargeScene = 2000;
    // Counted without QGraphicsScene::items(), which sorts every item (of a big graph, at every zoom step).
    const auto* graphScene = qobject_cast<GraphScene*>(scene());
    const std::size_t items = graphScene ? graphScene->nodeItems().size() + graphScene->linkItems().size()
                              : scene()  ? static_cast<std::size_t>(scene()->items().size())
                                         : 0;
    const bool overview = zoom() < kOverviewZoom && items > kLargeScene;
    setRenderHint(QPainter::Antialiasing, !overview);
}

void GraphView::paintEvent(QPaintEvent* event) {
    if (auto* graphScene = qobject_cast<GraphScene*>(scene())) {
        // The whole view's node labels are placed first, the same way whatever part is repainted.
        LabelSpace& space = graphScene->labelSpace();
        space.reset(viewport()->size());
        const QTransform toDevice = viewportTransform();
        const double lod = QStyleOptionGraphicsItem::levelOfDetailFromTransform(toDevice);
        const QRectF visible = mapToScene(viewport()->rect()).boundingRect().adjusted(-200, -200, 200, 200);
        for (NodeItem* node : graphScene->nodeItems()) {
            if (visible.contains(node->pos())) node->claimLabel(space, toDevice, lod);
            else node->resetLabel();
        }
    }
    QGraphicsView::paintEvent(event);
    // Not while this frame is painted: the note is another widget.
    QMetaObject::invokeMethod(this, &GraphView::updateSampleNote, Qt::QueuedConnection);
}

void GraphView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return;
    zoomAt(std::pow(1.2, steps), event->position().toPoint());
    event->accept();
}

void GraphView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld)) {
        m_panning = true;
        m_panLast = event->pos();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseMoveEvent(QMouseEvent* event) {
    if (m_panning) {
        const QPoint d = event->pos() - m_panLast;
        m_panLast = event->pos();
        m_fitted = false;
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void GraphView::mouseReleaseEvent(QMouseEvent* event) {
    if (m_panning) {
        m_panning = false;
        viewport()->setCursor(m_spaceHeld ? Qt::OpenHandCursor : Qt::ArrowCursor);
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void GraphView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = true;
        viewport()->setCursor(Qt::OpenHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void GraphView::keyReleaseEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = false;
        viewport()->setCursor(Qt::ArrowCursor);
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

}  // namespace hetsched::ui
