#include "canvas/graph_scene.h"

#include <QCoreApplication>
#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QPen>

#include "canvas/canvas_items.h"

namespace hetsched::ui {

GraphScene::GraphScene(QObject* parent) : QGraphicsScene(parent) {
    // Measured (bench_canvas): no index loads 1000 nodes and 5000 links 40 % faster than a BSP tree and
    // draws frames as fast (the items are few and long links make BSP cells crowded).
    setItemIndexMethod(QGraphicsScene::NoIndex);
}

namespace {

// QGraphicsScene polishes the items it is given from the event loop, and deleting an item still waiting
// for that searches the whole waiting list: deleting a fresh scene of 200,000 links took 8 s. Polishing
// first (the scene's queued call, delivered now) makes deleting them linear.
void polishNow(QGraphicsScene* scene) {
    QCoreApplication::sendPostedEvents(scene, QEvent::MetaCall);
}

}  // namespace

GraphScene::~GraphScene() {
    // The items go with the scene: nobody may look at them through a selection signal meanwhile.
    blockSignals(true);
    polishNow(this);
    m_nodes.clear();
    m_links.clear();
}

void GraphScene::setGraph(const CanvasGraph& graph, const std::vector<QPointF>& positions,
                          const QSet<QString>& selectedNodeKeys, const QSet<QString>& selectedLinkKeys) {
    m_linkStart = nullptr;
    m_rubberLink = nullptr;
    m_moving = false;
    const QSignalBlocker block(this);  // one selectionChanged at the end, not one per item
    polishNow(this);
    m_nodes.clear();
    m_links.clear();
    clear();
    m_nodes.reserve(graph.nodes.size());
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        auto* item = new NodeItem(static_cast<int>(i), graph.nodes[i]);
        item->setPos(i < positions.size() ? positions[i] : QPointF());
        addItem(item);
        if (selectedNodeKeys.contains(graph.nodes[i].key)) item->setSelected(true);
        m_nodes.push_back(item);
    }
    // a->b and b->a drawn as two one-way links are pulled apart so both stay visible.
    const auto pair = [](int from, int to) { return (quint64(quint32(from)) << 32) | quint32(to); };
    QSet<quint64> directed;
    directed.reserve(static_cast<qsizetype>(graph.links.size()));
    for (const CanvasLink& l : graph.links)
        if (!l.twoWay) directed.insert(pair(l.from, l.to));
    m_links.reserve(graph.links.size());
    for (std::size_t k = 0; k < graph.links.size(); ++k) {
        const CanvasLink& l = graph.links[k];
        const QString& from = graph.nodes[l.from].key;
        const QString& to = graph.nodes[l.to].key;
        const double offset = !l.twoWay && directed.contains(pair(l.to, l.from)) ? 5.0 : 0.0;
        auto* item = new LinkItem(static_cast<int>(k), l, m_nodes[l.from], m_nodes[l.to], offset);
        addItem(item);
        if (!selectedLinkKeys.isEmpty() && selectedLinkKeys.contains(linkKey(from, to))) item->setSelected(true);
        m_links.push_back(item);
    }
    auto* layer = new LinkLayer(m_links);
    addItem(layer);
    for (LinkItem* link : m_links) link->setLayer(layer);
    setSceneRect(itemsBoundingRect().adjusted(-200, -200, 200, 200));
    emit selectionChanged();
}

void GraphScene::setPositions(const std::vector<QPointF>& positions) {
    for (std::size_t i = 0; i < m_nodes.size() && i < positions.size(); ++i) m_nodes[i]->setPos(positions[i]);
    setSceneRect(itemsBoundingRect().adjusted(-200, -200, 200, 200));
}

std::vector<QPointF> GraphScene::positions() const {
    std::vector<QPointF> out;
    out.reserve(m_nodes.size());
    for (NodeItem* n : m_nodes) out.push_back(n->pos());
    return out;
}

std::vector<int> GraphScene::selectedNodes() const {
    std::vector<int> out;
    for (NodeItem* n : m_nodes)
        if (n->isSelected()) out.push_back(n->index());
    return out;
}

std::vector<int> GraphScene::selectedLinks() const {
    std::vector<int> out;
    for (LinkItem* l : m_links)
        if (l->isSelected()) out.push_back(l->index());
    return out;
}

QSet<QString> GraphScene::selectedNodeKeys() const {
    QSet<QString> keys;
    for (NodeItem* n : m_nodes)
        if (n->isSelected()) keys.insert(n->node().key);
    return keys;
}

QSet<QString> GraphScene::selectedLinkKeys() const {
    QSet<QString> keys;
    for (LinkItem* l : m_links)
        if (l->isSelected()) keys.insert(linkKey(l->fromNode()->node().key, l->toNode()->node().key));
    return keys;
}

NodeItem* GraphScene::nodeAt(QPointF scenePos) const {
    for (QGraphicsItem* item : items(scenePos, Qt::IntersectsItemShape, Qt::DescendingOrder))
        if (item->type() == NodeItem::Type) return static_cast<NodeItem*>(item);
    return nullptr;
}

void GraphScene::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QGraphicsScene::mousePressEvent(event);
        return;
    }
    NodeItem* node = nodeAt(event->scenePos());
    const bool linkGesture = node && (m_mode == Mode::AddLink || (event->modifiers() & Qt::ShiftModifier));
    if (linkGesture) {
        m_linkStart = node;
        m_rubberLink = new QGraphicsLineItem(QLineF(node->pos(), event->scenePos()));
        QPen pen(QColor(0x15, 0x65, 0xc0));
        pen.setWidthF(2);
        pen.setStyle(Qt::DashLine);
        pen.setCosmetic(true);
        m_rubberLink->setPen(pen);
        m_rubberLink->setZValue(10);
        addItem(m_rubberLink);
        event->accept();
        return;
    }
    if (m_mode == Mode::AddNode && !node) {
        emit addNodeRequested(event->scenePos());
        event->accept();
        return;
    }
    QGraphicsScene::mousePressEvent(event);
    m_pressPositions = positions();
    m_moving = node != nullptr;
}

void GraphScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event) {
    if (m_rubberLink) {
        m_rubberLink->setLine(QLineF(m_linkStart->pos(), event->scenePos()));
        event->accept();
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
}

void GraphScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
    if (m_rubberLink) {
        const int from = m_linkStart->index();
        const QPointF at = event->scenePos();
        delete m_rubberLink;
        m_rubberLink = nullptr;
        m_linkStart = nullptr;
        NodeItem* target = nodeAt(at);
        event->accept();
        // Signals last: the editor may rebuild the scene in response.
        if (target && target->index() != from) emit linkRequested(from, target->index());
        else if (!target) emit linkToNewNodeRequested(from, at);
        return;
    }
    QGraphicsScene::mouseReleaseEvent(event);
    if (m_moving) {
        m_moving = false;
        if (positions() != m_pressPositions) emit nodesMoved();
    }
}

void GraphScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() == Qt::LeftButton && !nodeAt(event->scenePos())) {
        emit addNodeRequested(event->scenePos());
        event->accept();
        return;
    }
    QGraphicsScene::mouseDoubleClickEvent(event);
}

}  // namespace hetsched::ui
