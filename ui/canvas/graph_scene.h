// The canvas scene: node and link items built from a CanvasGraph, and the gestures that ask for edits
// (the scene never edits: it emits requests, the editor turns them into undoable commands).
#pragma once

#include <QGraphicsScene>
#include <QHash>
#include <QPointF>
#include <QSet>
#include <memory>
#include <vector>

#include "canvas/canvas_adapter.h"
#include "canvas/canvas_items.h"

class QGraphicsLineItem;

namespace hetsched::ui {

class LinkGroup;
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
    // Shows `graph`, the graph shown with `change` made (see CanvasAdapter::graphChange), touching only the
    // items it names: a node drawn anew keeps its item and links, a link drawn anew gets a new item, added
    // links are made. False, and nothing done, when the change would redraw other items (a link added
    // against an existing one, which both move aside): setGraph() then.
    bool applyChange(const CanvasGraph& graph, const CanvasGraphChange& change);
    // Updates node positions in place (a layout change: no rebuild).
    void setPositions(const std::vector<QPointF>& positions);

    // Shows `graph` anew a slice at a time (a big graph, see CanvasWidget): the old items go now, and each
    // buildStep() makes items for about `budgetMs` (nodes first, then links) until it returns true; the
    // scene is complete when isBuilding() is false. setGraph() or another beginGraph() ends a build.
    void beginGraph(CanvasGraph graph, std::vector<QPointF> positions);
    bool buildStep(double budgetMs);
    bool isBuilding() const { return m_build != nullptr; }
    double buildProgress() const;  // 0 to 1
    const LinkLayer* linkLayer() const { return m_layer; }

    // Deletes `scene` a slice at a time from the event loop (a big graph's scene takes 100 ms or more to
    // delete at once); it must be shown by no view. Owned by the application meanwhile.
    static void dispose(GraphScene* scene);

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
    // The tooltip of the node or link under the cursor: the items keep theirs in their CanvasNode or
    // CanvasLink, not as a QGraphicsItem tooltip each (an allocation per link of a big graph).
    void helpEvent(QGraphicsSceneHelpEvent* event) override;

private:
    struct Build;
    NodeItem* nodeAt(QPointF scenePos) const;
    // The items' extent with a margin: the scene rect.
    QRectF extent() const;
    // Deletes every item at once: the way Qt removes a scene's items in linear time (see removeAll()).
    void removeAll();
    // Deletes some items of the scene, in the order that keeps it linear.
    static void deleteItems(std::vector<QGraphicsItem*> items);
    // Adds new links to the scene, in LinkGroups.
    void addLinks(std::vector<LinkItem*> links);
    // Ends a beginGraph() not finished: what it made goes (its nodes are not in the scene yet).
    void abandonBuild();
    // Deletes links for about `budgetMs` (dispose()); true when none is left.
    bool disposeStep(double budgetMs);

    Mode m_mode = Mode::Select;
    std::vector<NodeItem*> m_nodes;
    std::vector<LinkItem*> m_links;
    LinkLayer* m_layer = nullptr;
    NodeItem* m_linkStart = nullptr;
    QGraphicsLineItem* m_rubberLink = nullptr;
    std::vector<QPointF> m_pressPositions;
    bool m_moving = false;
    LabelSpace m_labelSpace;
    std::vector<LinkGroup*> m_groups;  // the links' parents (see LinkGroup)
    std::unique_ptr<Build> m_build;    // what beginGraph() has yet to make
    std::vector<LinkItem*> m_disposal; // what dispose() has yet to delete, by address
};

}  // namespace hetsched::ui
