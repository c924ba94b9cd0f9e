#include "canvas/graph_scene.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QGraphicsLineItem>
#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QToolTip>
#include <QPen>
#include <QTimer>
#include <algorithm>
#include <functional>
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

// What beginGraph() has yet to make: the graph, its positions, and how far buildStep() got.
struct GraphScene::Build {
    CanvasGraph graph;
    std::vector<QPointF> positions;
    std::size_t nextNode = 0;
    std::size_t nextLink = 0;
    std::unordered_set<quint64> directed;  // (from, to) of one-way links, made before the first link
    bool directedMade = false;
    LinkGroup* group = nullptr;  // being filled, not in the scene yet
    std::size_t nodesAdded = 0;
    int finishing = 0;           // the steps after the last item
    std::size_t groupsSorted = 0;
};

namespace {

quint64 nodePair(std::size_t from, std::size_t to) {
    return (quint64(quint32(from)) << 32) | quint32(to);
}

// a->b and b->a drawn as two one-way links are pulled apart so both stay visible.
std::unordered_set<quint64> directedPairs(const CanvasGraph& graph) {
    std::unordered_set<quint64> directed;
    directed.reserve(graph.links.size());
    for (const CanvasLink& l : graph.links)
        if (!l.twoWay) directed.insert(nodePair(static_cast<std::size_t>(l.from), static_cast<std::size_t>(l.to)));
    return directed;
}

double sideOffset(const CanvasLink& l, const std::unordered_set<quint64>& directed) {
    return !l.twoWay && directed.count(nodePair(static_cast<std::size_t>(l.to), static_cast<std::size_t>(l.from))) ? 5.0 : 0.0;
}

constexpr double kSceneMargin = 200;

}  // namespace

GraphScene::~GraphScene() {
    // The items go with the scene: nobody may look at them through a selection signal meanwhile.
    blockSignals(true);
    polishNow(this);
    abandonBuild();
    m_nodes.clear();
    m_links.clear();
    m_groups.clear();
    m_layer = nullptr;
}

void GraphScene::removeAll() {
    // QGraphicsScene::clear() empties Qt's item index first, then deletes the first top-level item until
    // none is left: linear. See deleteItems() for deleting some of them.
    m_nodes.clear();
    m_links.clear();
    m_groups.clear();
    m_layer = nullptr;
    m_linkStart = nullptr;
    m_rubberLink = nullptr;
    clear();
}

void GraphScene::deleteItems(std::vector<QGraphicsItem*> items) {
    // Qt's index of a scene without a spatial index is a list sorted by address, from which each deleted
    // item is erased: deleting the highest address first erases at the end of that list, where any other
    // order shifts the rest of it for each item (200,000 links behind 10,000 nodes took 5 s).
    std::sort(items.begin(), items.end(), std::greater<>());
    for (QGraphicsItem* item : items) {
        if (item->type() == LinkItem::Type)
            if (auto* group = qgraphicsitem_cast<LinkGroup*>(item->parentItem())) group->release();
        delete item;
    }
}

void GraphScene::addLinks(std::vector<LinkItem*> links) {
    // In groups of their own (an edit's few links make a small group: the old ones are left as they are).
    LinkGroup* group = nullptr;
    for (LinkItem* link : links) {
        if (!group || group->count() >= LinkGroup::kLinks) {
            if (group) addItem(group);
            group = new LinkGroup;
            m_groups.push_back(group);
        }
        group->adopt(link);  // outside the scene: Qt's bookkeeping happens once, when the group is added
    }
    if (group) addItem(group);
}

void GraphScene::abandonBuild() {
    if (!m_build) return;
    m_build.reset();
    // Nodes are added last: those made but not added are not the scene's to delete.
    for (NodeItem* node : m_nodes)
        if (!node->scene()) delete node;
    m_nodes.clear();
    // So is the group being filled.
    for (LinkGroup* group : m_groups)
        if (!group->scene()) delete group;
    removeAll();
}

void GraphScene::setGraph(const CanvasGraph& graph, const std::vector<QPointF>& positions,
                          const QSet<QString>& selectedNodeKeys, const QSet<QString>& selectedLinkKeys) {
    abandonBuild();
    m_linkStart = nullptr;
    delete m_rubberLink;
    m_rubberLink = nullptr;
    m_moving = false;
    const QSignalBlocker block(this);  // one selectionChanged at the end, not one per item
    polishNow(this);

    // Nodes: the same key drawn the same way keeps its item (moved if need be).
    QHash<QString, NodeItem*> oldNodes;
    oldNodes.reserve(static_cast<qsizetype>(m_nodes.size()));
    for (NodeItem* node : m_nodes) oldNodes.insert(node->node().key, node);
    std::unordered_map<const NodeItem*, std::size_t> kept;  // kept node -> its new index
    std::vector<NodeItem*> nodes(graph.nodes.size(), nullptr);
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        if (auto old = oldNodes.find(graph.nodes[i].key); old != oldNodes.end() && (*old)->node() == graph.nodes[i]) {
            nodes[i] = *old;
            oldNodes.erase(old);
            nodes[i]->setIndex(static_cast<int>(i));
            // Moved while its links still list it (their geometry follows), before any of them goes.
            nodes[i]->setPos(i < positions.size() ? positions[i] : QPointF());
            kept.emplace(nodes[i], i);
        }
    }

    // Links: between two kept nodes, the same link drawn the same way keeps its item.
    std::unordered_map<quint64, std::size_t> oldLinks;  // (new from, new to) -> position in m_links
    oldLinks.reserve(m_links.size());
    for (std::size_t k = 0; k < m_links.size(); ++k) {
        const auto from = kept.find(m_links[k]->fromNode());
        const auto to = kept.find(m_links[k]->toNode());
        if (from != kept.end() && to != kept.end()) oldLinks.emplace(nodePair(from->second, to->second), k);
    }
    const std::unordered_set<quint64> directed = directedPairs(graph);
    std::vector<char> keep(m_links.size(), 0);
    std::vector<LinkItem*> links(graph.links.size(), nullptr);
    for (std::size_t k = 0; k < graph.links.size(); ++k) {
        const CanvasLink& l = graph.links[k];
        const auto from = static_cast<std::size_t>(l.from), to = static_cast<std::size_t>(l.to);
        if (auto old = oldLinks.find(nodePair(from, to));
            old != oldLinks.end() && m_links[old->second]->drawsAs(l, sideOffset(l, directed))) {
            links[k] = m_links[old->second];
            keep[old->second] = 1;
            oldLinks.erase(old);
            links[k]->setIndices(static_cast<int>(k), l.from, l.to);
        }
    }

    // Nothing kept: everything goes at once, before anything is made. Else what is new is made first, then
    // what is gone goes (an item made in the place of one deleted would be taken for it).
    if (kept.empty()) removeAll();
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        if (nodes[i]) continue;
        nodes[i] = new NodeItem(static_cast<int>(i), graph.nodes[i]);
        addItem(nodes[i]);
        nodes[i]->setPos(i < positions.size() ? positions[i] : QPointF());
    }
    std::vector<LinkItem*> made;
    for (std::size_t k = 0; k < graph.links.size(); ++k) {
        if (links[k]) continue;
        const CanvasLink& l = graph.links[k];
        links[k] = new LinkItem(static_cast<int>(k), l, nodes[static_cast<std::size_t>(l.from)],
                                nodes[static_cast<std::size_t>(l.to)], sideOffset(l, directed));
        made.push_back(links[k]);
    }
    addLinks(std::move(made));
    if (!kept.empty()) {
        delete m_layer;
        m_layer = nullptr;
        std::vector<QGraphicsItem*> gone;
        for (std::size_t k = 0; k < m_links.size(); ++k)
            if (!keep[k]) gone.push_back(m_links[k]);
        for (NodeItem* node : oldNodes) gone.push_back(node);
        deleteItems(std::move(gone));
        // Groups left without a link go too.
        std::vector<QGraphicsItem*> empty;
        std::erase_if(m_groups, [&](LinkGroup* group) {
            if (group->count() > 0) return false;
            empty.push_back(group);
            return true;
        });
        deleteItems(std::move(empty));
    }

    // Every node lists its links anew (new links listed themselves when made).
    for (NodeItem* node : nodes) node->clearLinks();
    m_nodes = std::move(nodes);
    m_links = std::move(links);
    for (LinkItem* link : m_links) {
        link->fromNode()->addLink(link);
        link->toNode()->addLink(link);
    }
    m_layer = new LinkLayer(m_links);
    addItem(m_layer);
    for (LinkItem* link : m_links) link->setLayer(m_layer);

    for (NodeItem* node : m_nodes) node->setSelected(selectedNodeKeys.contains(node->node().key));
    for (LinkItem* link : m_links)
        if (link->selected() || !selectedLinkKeys.isEmpty())
            link->setSelected(selectedLinkKeys.contains(linkKey(link->fromNode()->node().key, link->toNode()->node().key)));
    setSceneRect(extent());
    emit selectionChanged();
}

bool GraphScene::applyChange(const CanvasGraph& graph, const CanvasGraphChange& change) {
    if (m_build || !m_layer || graph.nodes.size() != m_nodes.size() ||
        graph.links.size() != m_links.size() + change.addedLinks.size())
        return false;
    // The side offset of a link (see sideOffset()) from its end's links, not from every link.
    const auto offsetOf = [this](const CanvasLink& l) {
        if (l.twoWay) return 0.0;
        const NodeItem* from = m_nodes[static_cast<std::size_t>(l.from)];
        const NodeItem* to = m_nodes[static_cast<std::size_t>(l.to)];
        for (const LinkItem* other : to->links())
            if (other->fromNode() == to && other->toNode() == from && !other->link().twoWay) return 5.0;
        return 0.0;
    };
    for (const CanvasLink& l : change.addedLinks)
        if (l.from < 0 || l.to < 0 || static_cast<std::size_t>(l.from) >= m_nodes.size() ||
            static_cast<std::size_t>(l.to) >= m_nodes.size() || offsetOf(l) != 0.0)
            return false;
    const QSignalBlocker block(this);
    polishNow(this);

    for (const auto& [i, node] : change.nodes) {
        NodeItem* item = m_nodes[static_cast<std::size_t>(i)];
        if (item->node() == graph.nodes[static_cast<std::size_t>(i)]) continue;
        const QRectF body = item->shapeRect();
        item->setNode(graph.nodes[static_cast<std::size_t>(i)]);
        if (item->shapeRect() != body)
            for (LinkItem* link : item->links()) link->updateGeometry();
    }

    // A link drawn anew is a new item between the same node items, in the old one's place.
    const auto forget = [](NodeItem* node, const LinkItem* link) {
        std::vector<LinkItem*> links = node->links();
        node->clearLinks();
        for (LinkItem* l : links)
            if (l != link) node->addLink(l);
    };
    std::vector<QGraphicsItem*> gone;
    std::vector<LinkItem*> made;
    std::vector<std::pair<LinkItem*, bool>> replaced;  // with its selection
    for (const auto& [k, unused] : change.links) {
        const auto index = static_cast<std::size_t>(k);
        if (index >= m_links.size()) continue;
        LinkItem* old = m_links[index];
        const CanvasLink& l = graph.links[index];
        const double offset = offsetOf(l);
        if (old->drawsAs(l, offset)) continue;
        auto* link = new LinkItem(k, l, old->fromNode(), old->toNode(), offset);
        forget(old->fromNode(), old);
        forget(old->toNode(), old);
        m_links[index] = link;
        link->setLayer(m_layer);
        made.push_back(link);
        replaced.emplace_back(link, old->selected());
        gone.push_back(old);
    }
    QRectF added;
    for (std::size_t k = m_links.size(); k < graph.links.size(); ++k) {
        const CanvasLink& l = graph.links[k];
        auto* link = new LinkItem(static_cast<int>(k), l, m_nodes[static_cast<std::size_t>(l.from)],
                                  m_nodes[static_cast<std::size_t>(l.to)], 0.0);
        link->setLayer(m_layer);
        m_links.push_back(link);
        made.push_back(link);
        added |= link->boundingRect();
    }
    addLinks(std::move(made));
    for (auto& [link, selected] : replaced) {
        if (selected) link->setSelected(true);
        m_layer->linkChanged(*link, true);
    }
    if (!added.isNull()) m_layer->linksAdded(added);
    if (!gone.empty()) {
        deleteItems(std::move(gone));
        std::vector<QGraphicsItem*> empty;
        std::erase_if(m_groups, [&](LinkGroup* group) {
            if (group->count() > 0) return false;
            empty.push_back(group);
            return true;
        });
        deleteItems(std::move(empty));
    }
    setSceneRect(extent());
    return true;
}

QRectF GraphScene::extent() const {
    // What itemsBoundingRect() gives (the layer covers every link), without listing every item.
    QRectF bounds = m_layer ? m_layer->boundingRect() : QRectF();
    for (const NodeItem* node : m_nodes)
        if (node->scene()) bounds |= node->sceneBoundingRect();
    return bounds.adjusted(-kSceneMargin, -kSceneMargin, kSceneMargin, kSceneMargin);
}

void GraphScene::beginGraph(CanvasGraph graph, std::vector<QPointF> positions) {
    m_linkStart = nullptr;
    delete m_rubberLink;
    m_rubberLink = nullptr;
    m_moving = false;
    {
        const QSignalBlocker block(this);
        polishNow(this);
        abandonBuild();
        removeAll();
        m_nodes.reserve(graph.nodes.size());
        m_links.reserve(graph.links.size());
        // The drawing's extent is known from the positions: the view can fit it before any item is made.
        QRectF extent;
        for (const QPointF& p : positions) extent |= QRectF(p, QSizeF(1, 1));
        setSceneRect(extent.adjusted(-2 * kSceneMargin, -2 * kSceneMargin, 2 * kSceneMargin, 2 * kSceneMargin));
        m_layer = new LinkLayer(m_links, false);
        m_layer->setVisible(false);  // the links show when they are all made
        addItem(m_layer);
        m_build = std::make_unique<Build>();
        m_build->graph = std::move(graph);
        m_build->positions = std::move(positions);
    }
    emit selectionChanged();
}

double GraphScene::buildProgress() const {
    if (!m_build) return 1.0;
    const Build& b = *m_build;
    // Making a link costs about as much as making a node and adding it.
    const double total = static_cast<double>(2 * b.graph.nodes.size() + b.graph.links.size());
    const double done = static_cast<double>(b.nextNode + b.nextLink + b.nodesAdded);
    return total > 0 ? done / total : 1.0;
}

bool GraphScene::buildStep(double budgetMs) {
    if (!m_build) return true;
    Build& b = *m_build;
    QElapsedTimer clock;
    clock.start();
    const auto spent = [&] { return clock.nsecsElapsed() >= static_cast<qint64>(budgetMs * 1e6); };
    const QSignalBlocker block(this);
    constexpr std::size_t kCheck = 64;  // items made between two looks at the clock
    // Qt keeps a scene's top-level items by stacking order and sorts that list when items came since it
    // was last drawn: made in that order (the layer, the groups of links, then the nodes over them), it
    // stays sorted. The nodes are made first (the links need their ends) and added last.
    while (b.nextNode < b.graph.nodes.size()) {
        const std::size_t i = b.nextNode++;
        auto* node = new NodeItem(static_cast<int>(i), b.graph.nodes[i]);
        node->setPos(i < b.positions.size() ? b.positions[i] : QPointF());
        m_nodes.push_back(node);
        if (b.nextNode % kCheck == 0 && spent()) return false;
    }
    if (!b.directedMade) {
        b.directed = directedPairs(b.graph);
        b.directedMade = true;
        if (spent()) return false;
    }
    QRectF added;
    while (b.nextLink < b.graph.links.size()) {
        // A group is filled outside the scene, then added with its links at once.
        if (!b.group) {
            b.group = new LinkGroup;
            m_groups.push_back(b.group);
        }
        const std::size_t k = b.nextLink++;
        const CanvasLink& l = b.graph.links[k];
        auto* link = new LinkItem(static_cast<int>(k), l, m_nodes[static_cast<std::size_t>(l.from)],
                                  m_nodes[static_cast<std::size_t>(l.to)], sideOffset(l, b.directed));
        b.group->adopt(link);
        link->setLayer(m_layer);
        m_links.push_back(link);
        added |= link->boundingRect();
        if (b.group->count() >= LinkGroup::kLinks || b.nextLink == b.graph.links.size()) {
            addItem(b.group);
            b.group = nullptr;
        }
        if (b.nextLink % kCheck == 0 && spent()) {
            m_layer->linksAdded(added);
            return false;
        }
    }
    m_layer->linksAdded(added);
    while (b.nodesAdded < m_nodes.size()) {
        addItem(m_nodes[b.nodesAdded++]);
        if (b.nodesAdded % kCheck == 0 && spent()) return false;
    }
    // The work Qt and the layer do on a scene's first frame after items came, each in a step of its own
    // (the scene is shown by no view meanwhile, so none of it makes a frame).
    if (b.finishing == 0) {
        m_layer->setComplete();
        polishNow(this);  // Qt's item bookkeeping (polish, dirty items)
        ++b.finishing;
        return false;
    }
    if (b.finishing == 1) {
        // Qt sorts a parent's children by stacking order before drawing them; asking for them does it now.
        while (b.groupsSorted < m_groups.size()) {
            m_groups[b.groupsSorted++]->childItems();
            if (spent()) return false;
        }
        // And a point query sorts the top-level items.
        items(QPointF(-1e12, -1e12));
        ++b.finishing;
        return false;
    }
    if (b.finishing == 2) {
        m_layer->prepare();  // what the layer's frames read, and its index
        ++b.finishing;
        return false;
    }
    m_build.reset();
    setSceneRect(extent());
    return true;
}

void GraphScene::dispose(GraphScene* scene) {
    scene->blockSignals(true);
    scene->abandonBuild();
    scene->setParent(QCoreApplication::instance());  // deleted at the latest with the application
    polishNow(scene);
    // The links a slice at a time (highest address first: see deleteItems()), then the rest at once.
    scene->m_disposal.assign(scene->m_links.begin(), scene->m_links.end());
    std::sort(scene->m_disposal.begin(), scene->m_disposal.end());  // taken from the back
    scene->m_links.clear();
    const auto step = [scene](const auto& self) -> void {
        if (scene->disposeStep(20)) {
            delete scene;  // its nodes and groups: clear() is linear
            return;
        }
        QTimer::singleShot(1, scene, [self] { self(self); });  // a timer: see CanvasWidget::buildSlice()
    };
    QTimer::singleShot(1, scene, [step] { step(step); });
}

bool GraphScene::disposeStep(double budgetMs) {
    QElapsedTimer clock;
    clock.start();
    std::size_t count = 0;
    while (!m_disposal.empty()) {
        delete m_disposal.back();
        m_disposal.pop_back();
        if (++count % 256 == 0 && clock.nsecsElapsed() >= static_cast<qint64>(budgetMs * 1e6)) break;
    }
    return m_disposal.empty();
}

void GraphScene::setPositions(const std::vector<QPointF>& positions) {
    if (m_build) m_build->positions = positions;
    for (std::size_t i = 0; i < m_nodes.size() && i < positions.size(); ++i) m_nodes[i]->setPos(positions[i]);
    if (!m_build) setSceneRect(extent());
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
        if (l->selected()) out.push_back(l->index());
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
        if (l->selected()) keys.insert(linkKey(l->fromNode()->node().key, l->toNode()->node().key));
    return keys;
}

void GraphScene::helpEvent(QGraphicsSceneHelpEvent* event) {
    QString text;
    for (QGraphicsItem* item : items(event->scenePos(), Qt::IntersectsItemShape, Qt::DescendingOrder)) {
        if (item->type() == NodeItem::Type) text = static_cast<NodeItem*>(item)->node().toolTip;
        else if (item->type() == LinkItem::Type) text = static_cast<LinkItem*>(item)->link().toolTip;
        if (!text.isEmpty()) break;
    }
    QToolTip::showText(text.isEmpty() ? QPoint() : event->screenPos(), text, event->widget());
    event->setAccepted(!text.isEmpty());
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
