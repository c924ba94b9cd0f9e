// The canvas scene: node and link items built from a CanvasGraph, and the gestures that ask for edits
// (the scene never edits: it emits requests, the editor turns them into undoable commands).
#pragma once

#include <QGraphicsScene>
#include <QHash>
#include <QPointF>
#include <QSet>
#include <vector>

#include "canvas/canvas_adapter.h"
#include "canvas/canvas_items.h"

class QGraphicsLineItem;

namespace hetsched::ui {

class LinkItem;
class LinkLayer;
class NodeItem;

class GraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    enum class Mode { Select, AddNode, AddLink };

    explicit GraphScene(QObject* parent = nullptr);
    ~GraphScene() override;

    // Shows `graph`: items whose node or link is unchanged are kept (an edit of a big graph touches a few
    // items, not all), the others made anew or deleted; the nodes and links whose keys are given are the
    // selection.
    void setGraph(const CanvasGraph& graph, const std::vector<QPointF>& positions,
                  const QSet<QString>& selectedNodeKeys = {}, const QSet<QString>& selectedLinkKeys = {});
    // Updates node positions in place (a layout change: no rebuild).
    void setPositions(const std::vector<QPointF>& positions);

    void setMode(Mode mode) { m_mode = mode; }
    Mode mode() const { return m_mode; }

    const std::vector<NodeItem*>& nodeItems() const { return m_nodes; }
    const std::vector<LinkItem*>& linkItems() const { return m_links; }
    std::vector<QPointF> positions() const;
    std::vector<int> selectedNodes() const;
    std::vector<int> selectedLinks() const;
    QSet<QString> selectedNodeKeys() const;
    QSet<QString> selectedLinkKeys() const;
    LabelSpace& labelSpace() { return m_labelSpace; }  // node labels, then link labels, of the frame being drawn
    static QString linkKey(const QString& fromKey, const QString& toKey) { return fromKey + QChar(0x2192) + toKey; }

signals:
    void addNodeRequested(QPointF position);
    void linkRequested(int from, int to);
    void linkToNewNodeRequested(int from, QPointF position);
    void nodesMoved();  // a drag ended with nodes elsewhere: read positions()

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;

private:
    NodeItem* nodeAt(QPointF scenePos) const;

    Mode m_mode = Mode::Select;
    std::vector<NodeItem*> m_nodes;
    std::vector<LinkItem*> m_links;
    LinkLayer* m_layer = nullptr;
    NodeItem* m_linkStart = nullptr;
    QGraphicsLineItem* m_rubberLink = nullptr;
    std::vector<QPointF> m_pressPositions;
    bool m_moving = false;
    LabelSpace m_labelSpace;
};

}  // namespace hetsched::ui
