// The canvas view: wheel zoom around the cursor, pan (middle button, or Space + drag), fit to window,
// rubber-band selection.
#pragma once

#include <QGraphicsView>

class QLabel;

namespace hetsched::ui {

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    explicit GraphView(QGraphicsScene* scene, QWidget* parent = nullptr);

    double zoom() const { return transform().m11(); }
    void zoomBy(double factor);            // around the view's centre
    void zoomAt(double factor, QPoint viewportPos);
    void fitAll();                         // every item, at most 2x; fitted again when a resize hides a node
    // What the view says over the drawing when it shows a sample of the links (empty when it shows all).
    QString sampleNote() const;

signals:
    void zoomChanged(double zoom);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // Antialiasing off when zoomed far out on a large scene: thousands of hairlines draw several times
    // faster aliased, and at that zoom the picture is an overview anyway.
    void updateRenderHints();
    // The scene rectangle of the nodes and their labels (what fitAll shows).
    QRectF drawingBounds() const;
    // Whether every node's centre is in the viewport.
    bool allNodesInView() const;
    // After a frame: the note over the drawing when the link layer drew a sample of the links in view.
    void updateSampleNote();
    void placeSampleNote();

    bool m_fitted = false;   // fitAll last, not zoomed or panned since: a resize fits again
    bool m_panning = false;
    bool m_spaceHeld = false;
    QPoint m_panLast;
    QLabel* m_sampleNote;  // a child of the view, not the viewport: it stays put when the drawing scrolls
};

}  // namespace hetsched::ui
