#include "canvas/graph_scene.h"

#include <QCoreApplication>
#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QPen>
#include <unordered_map>
#include <unordered_set>

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
    m_layer = nullptr;
}

void GraphScene::setGraph(const CanvasGraph& graph, const std::vector<QPointF>& positions,
                          const QSet<QString>& selectedNodeKeys, const QSet<QString>& selectedLinkKeys) {
    m_linkStart = nullptr;
    delete m_rubberLink;
    m_rubberLink = nullptr;
    m_moving = false;
    const QSignalBlocker block(this);  // one selectionChanged at the end, not one per item
    polishNow(this);
    const auto pair = [](std::size_t from, std::size_t to) { return (quint64(quint32(from)) << 32) | quint32(to); };

    // Nodes: the same key drawn the same way keeps its item (moved if need be).
    QHash<QString, NodeItem*> oldNodes;
    oldNodes.reserve(static_cast<qsizetype>(m_nodes.size()));
    for (NodeItem* node : m_nodes) oldNodes.insert(node->node().key, node);
    std::unordered_map<const NodeItem*, std::size_t> kept;  // kept node -> its new index
    std::vector<NodeItem*> nodes;
    nodes.reserve(graph.nodes.size());
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        NodeItem* item = nullptr;
        if (auto old = oldNodes.find(graph.nodes[i].key); old != oldNodes.end() && (*old)->node() == graph.nodes[i]) {
            item = *old;
            oldNodes.erase(old);
            item->setIndex(static_cast<int>(i));
            kept.emplace(item, i);
        } else {
            item = new NodeItem(static_cast<int>(i), graph.nodes[i]);
            addItem(item);
        }
        item->setPos(i < positions.size() ? positions[i] : QPointF());
        nodes.push_back(item);
    }

    // Links: between two kept nodes, the same link drawn the same way keeps its item.
    std::unordered_map<quint64, std::size_t> oldLinks;  // (new from, new to) -> position in m_links
    oldLinks.reserve(m_links.size());
    for (std::size_t k = 0; k < m_links.size(); ++k) {
        const auto from = kept.find(m_links[k]->fromNode());
        const auto to = kept.find(m_links[k]->toNode());
        if (from != kept.end() && to != kept.end()) oldLinks.emplace(pair(from->second, to->second), k);
    }
    // a->b and b->a drawn as two one-way links are pulled apart so both stay visible.
    std::unordered_set<quint64> directed;
    directed.reserve(graph.links.size());
    for (const CanvasLink& l : graph.links)
        if (!l.twoWay) directed.insert(pair(static_cast<std::size_t>(l.from), static_cast<std::size_t>(l.to)));
    std::vector<char> keep(m_links.size(), 0);
    std::vector<LinkItem*> links;
    links.reserve(graph.links.size());
    for (std::size_t k = 0; k < graph.links.size(); ++k) {
        const CanvasLink& l = graph.links[k];
        const auto from = static_cast<std::size_t>(l.from), to = static_cast<std::size_t>(l.to);
        const double offset = !l.twoWay && directed.count(pair(to, from)) ? 5.0 : 0.0;
        LinkItem* item = nullptr;
        if (auto old = oldLinks.find(pair(from, to)); old != oldLinks.end() && m_links[old->second]->drawsAs(l, offset)) {
            item = m_links[old->second];
            keep[old->second] = 1;
            oldLinks.erase(old);
            item->setIndices(static_cast<int>(k), l.from, l.to);
        } else {
            item = new LinkItem(static_cast<int>(k), l, nodes[from], nodes[to], offset);
            addItem(item);
        }
        links.push_back(item);
    }

    // What is gone goes (links first: they point at their nodes); every node lists its links anew.
    for (NodeItem* node : nodes) node->clearLinks();
    for (std::size_t k = 0; k < m_links.size(); ++k)
        if (!keep[k]) delete m_links[k];
    for (NodeItem* node : oldNodes) delete node;
    m_nodes = std::move(nodes);
    m_links = std::move(links);
    for (LinkItem* link : m_links) {
        link->fromNode()->addLink(link);
        link->toNode()->addLink(link);
    }
    delete m_layer;
    m_layer = new LinkLayer(m_links);
    addItem(m_layer);
    for (LinkItem* link : m_links) link->setLayer(m_layer);

    for (NodeItem* node : m_nodes) node->setSelected(selectedNodeKeys.contains(node->node().key));
    for (LinkItem* link : m_links)
        if (link->isSelected() || !selectedLinkKeys.isEmpty())
            link->setSelected(selectedLinkKeys.contains(linkKey(link->fromNode()->node().key, link->toNode()->node().key)));
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
