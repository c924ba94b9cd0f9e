#include "canvas/canvas_widget.h"

#include <QAction>
#include <QLineEdit>
#include <QMenu>
#include <QActionGroup>
#include <QApplication>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <cmath>

#include "canvas/canvas_clipboard.h"
#include "canvas/canvas_items.h"
#include "canvas/canvas_layout.h"
#include "canvas/graph_scene.h"
#include "canvas/graph_view.h"
#include "canvas/property_panel.h"
#include "util/background_job.h"
#include "util/message_bar.h"

namespace hetsched::ui {


CanvasWidget::CanvasWidget(ProjectDocument* document, std::unique_ptr<CanvasAdapter> adapter, QWidget* parent)
    : QWidget(parent), m_document(document), m_adapter(std::move(adapter)) {
    setObjectName(QStringLiteral("canvasWidget"));
    m_layoutJob = new BackgroundJob(this);
    m_buildJob = new BackgroundJob(this);
    m_layout = std::make_unique<CanvasLayout>(*m_adapter);
    m_scene = new GraphScene(this);
    m_view = new GraphView(m_scene, this);
    m_view->setObjectName(QStringLiteral("canvasView"));
    m_panel = new PropertyPanel(this);
    m_message = new MessageBar(this);
    m_message->hide();

    m_toolBar = new QToolBar(this);
    m_toolBar->setObjectName(QStringLiteral("canvasToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_toolGroup = new QActionGroup(this);
    auto addTool = [this](const QString& id, const QString& label, const QString& tip) {
        QAction* action = m_toolBar->addAction(label);
        action->setCheckable(true);
        action->setToolTip(tip);
        action->setData(id);
        action->setObjectName(QStringLiteral("tool_") + (id.isEmpty() ? QStringLiteral("select") : id));
        m_toolGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, id] { selectTool(id); });
        return action;
    };
    addTool(QString(), tr("Select"),
            tr("Select, move and rubber-band select (Esc). Shift+drag from a node draws a link; "
               "double-click on empty space adds a node"))
        ->setChecked(true);
    for (const CanvasTool& tool : m_adapter->tools()) addTool(tool.id, tool.label, tool.toolTip);
    m_toolBar->addSeparator();
    auto addCommand = [this](const QString& label, const QString& tip, QKeySequence key, auto slot) {
        QAction* action = m_toolBar->addAction(label);
        action->setToolTip(key.isEmpty() ? tip : QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
        if (!key.isEmpty()) {
            action->setShortcut(key);
            action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
            m_view->addAction(action);
        }
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    addCommand(tr("Delete"), tr("Remove the selected elements"), QKeySequence::Delete, [this] { deleteSelection(); });
    addCommand(tr("Copy"), tr("Copy the selected nodes and the links among them"), QKeySequence::Copy,
               [this] { copySelection(); });
    addCommand(tr("Paste"), tr("Paste copied nodes (renamed when their names are taken)"), QKeySequence::Paste,
               [this] { paste(); });
    // Cut: copy, then delete (Edit > Cut does the same).
    auto* cutAction = new QAction(tr("Cut"), this);
    cutAction->setShortcut(QKeySequence::Cut);
    cutAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(cutAction, &QAction::triggered, this, [this] {
        copySelection();
        deleteSelection();
    });
    m_view->addAction(cutAction);
    auto* selectAllAction = new QAction(this);
    selectAllAction->setShortcut(QKeySequence::SelectAll);
    selectAllAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(selectAllAction, &QAction::triggered, this, &CanvasWidget::selectAll);
    m_view->addAction(selectAllAction);
    auto* escape = new QAction(this);
    escape->setShortcut(Qt::Key_Escape);
    escape->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(escape, &QAction::triggered, this, [this] { selectTool(QString()); });
    m_view->addAction(escape);
    m_toolBar->addSeparator();
    addCommand(tr("Auto layout"), tr("Place every node automatically (one undoable step)"), QKeySequence(),
               [this] { applyAutoLayout(); });
    addCommand(tr("Fit"), tr("Zoom to show everything"), QKeySequence(tr("Ctrl+0")), [this] { m_view->fitAll(); });
    addCommand(tr("+"), tr("Zoom in (or the mouse wheel)"), QKeySequence::ZoomIn, [this] { m_view->zoomBy(1.25); });
    addCommand(tr("−"), tr("Zoom out (or the mouse wheel)"), QKeySequence::ZoomOut, [this] { m_view->zoomBy(0.8); });
    m_zoomLabel = new QLabel(this);
    m_zoomLabel->setMinimumWidth(50);
    m_zoomLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_toolBar->addWidget(m_zoomLabel);
    connect(m_view, &GraphView::zoomChanged, this,
            [this](double zoom) { m_zoomLabel->setText(QStringLiteral("%1%").arg(std::lround(zoom * 100))); });

    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, &CanvasWidget::showContextMenu);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_panel);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setSizes({700, 240});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_message);
    layout->addWidget(splitter, 1);

    connect(m_scene, &GraphScene::addNodeRequested, this, [this](QPointF p) { addNodeAt(p); });
    connect(m_scene, &GraphScene::linkRequested, this, [this](int from, int to) { addLink(from, to); });
    connect(m_scene, &GraphScene::linkToNewNodeRequested, this,
            [this](int from, QPointF p) { addLinkToNewNode(from, p); });
    connect(m_scene, &GraphScene::nodesMoved, this, &CanvasWidget::commitMoves);
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &CanvasWidget::updatePanel);
    connect(m_document, &ProjectDocument::instanceChanged, this, [this](EntryId id) {
        if (id != m_entryId || m_applying) return;
        // Undo and redo of a change of a few elements update those items, as the edit did.
        const Instance* before = m_document->replacedInstance();
        const DocumentEntry* e = m_document->entry(id);
        if (before && e && updateInPlace(*before, e->instance)) {
            updatePanel();
            return;
        }
        rebuild();
    });
    connect(m_document, &ProjectDocument::layoutChanged, this, [this](EntryId id) {
        if (id == m_entryId && !m_applying) onLayoutChanged();
    });
    // The old entries are gone; an entry of the new document may already be shown here: the window picks
    // one as the instance list hears the reset, which may be before this canvas does.
    connect(m_document, &ProjectDocument::wasReset, this, [this] {
        if (!m_document->entry(m_entryId)) setEntry(0);
    });
}

CanvasWidget::~CanvasWidget() {
    // A big drawing goes a slice at a time after this widget (deleting it at once stalls the window).
    if (m_scene->nodeItems().size() + m_scene->linkItems().size() >= kBackgroundBuildElements) {
        m_view->setScene(nullptr);
        GraphScene::dispose(m_scene);
    }
}

const Instance* CanvasWidget::instance() const {
    const DocumentEntry* e = m_document->entry(m_entryId);
    return e ? &e->instance : nullptr;
}

void CanvasWidget::setEntry(EntryId id) {
    if (id != m_entryId) {
        m_layoutJob->cancel();
        stopBuild();
        m_autoPositions.clear();
        m_fitPending = true;
        m_message->hide();
    }
    m_entryId = id;
    rebuild();
}

void CanvasWidget::setOverlay(std::function<void(CanvasGraph&)> overlay) {
    m_overlay = std::move(overlay);
}

void CanvasWidget::refresh() {
    rebuild();
}

void CanvasWidget::setIdleText(const QString& text) {
    m_idleText = text;
    updatePanel();
}

QAction* CanvasWidget::toolAction(const QString& id) const {
    for (QAction* a : m_toolGroup->actions())
        if (a->data().toString() == id) return a;
    return nullptr;
}

QString CanvasWidget::defaultNodeTool() const {
    for (const CanvasTool& t : m_adapter->tools())
        if (!t.link) return t.id;
    return {};
}

QString CanvasWidget::defaultLinkTool() const {
    for (const CanvasTool& t : m_adapter->tools())
        if (t.link) return t.id;
    return {};
}

void CanvasWidget::selectTool(const QString& id) {
    m_tool = id;
    bool link = false;
    for (const CanvasTool& t : m_adapter->tools())
        if (t.id == id) link = t.link;
    if (QAction* a = toolAction(id)) a->setChecked(true);
    m_scene->setMode(id.isEmpty() ? GraphScene::Mode::Select : link ? GraphScene::Mode::AddLink : GraphScene::Mode::AddNode);
    m_view->setDragMode(id.isEmpty() ? QGraphicsView::RubberBandDrag : QGraphicsView::NoDrag);
    m_view->viewport()->setCursor(id.isEmpty() ? Qt::ArrowCursor : Qt::CrossCursor);
}

QHash<QString, QPointF> CanvasWidget::storedPositions() const {
    const DocumentEntry* e = m_document->entry(m_entryId);
    return e ? CanvasLayout::storedPositions(e->layout) : QHash<QString, QPointF>();
}

nlohmann::json CanvasWidget::layoutJson(const QHash<QString, QPointF>& positions) const {
    const DocumentEntry* e = m_document->entry(m_entryId);
    return m_layout->withPositions(e ? e->layout : nlohmann::json(), positions);
}

bool CanvasWidget::layoutInBackground(const Instance& instance, const CanvasGraph& graph) const {
    return m_layout->slowAutomaticLayout(instance, graph, kBackgroundLayoutNodes);
}

bool CanvasWidget::isLayingOut() const {
    return m_layoutJob->isRunning();
}

void CanvasWidget::startBackgroundLayout(const CanvasGraph& graph, bool store) {
    const int n = static_cast<int>(graph.nodes.size());
    std::vector<QString> keys;
    keys.reserve(graph.nodes.size());
    for (const CanvasNode& node : graph.nodes) keys.push_back(node.key);
    const EntryId entry = m_entryId;
    m_message->showMessage(tr("Laying out %1 nodes…").arg(n), MessageBar::Level::Information);
    m_layoutJob->start([this, n, links = CanvasLayout::linkEnds(graph), keys, entry, store](const Progress&) -> BackgroundJob::Delivery {
        auto points = std::make_shared<std::vector<QPointF>>(CanvasLayout::forceDirected(n, links));
        return [this, points, keys, entry, store] {
            if (m_message->level() == MessageBar::Level::Information) m_message->hide();
            // Only onto the graph it was made for: the same entry and the same nodes.
            if (entry != m_entryId || keys.size() != m_graph.nodes.size()) return;
            for (std::size_t i = 0; i < keys.size(); ++i)
                if (keys[i] != m_graph.nodes[i].key) return;
            QHash<QString, QPointF> placed;
            for (std::size_t i = 0; i < keys.size(); ++i) placed.insert(keys[i], (*points)[i]);
            if (store) {
                m_document->setLayout(m_entryId, layoutJson(placed), tr("Automatic layout"));
            } else {
                // Nodes the user placed meanwhile keep their place.
                const QHash<QString, QPointF> stored = storedPositions();
                for (auto it = placed.begin(); it != placed.end(); ++it)
                    if (!stored.contains(it.key())) m_autoPositions.insert(it.key(), it.value());
                m_scene->setPositions(placeNodes(m_graph));
            }
            m_view->fitAll();
            emit layoutFinished();
        };
    });
}

std::vector<QPointF> CanvasWidget::placeNodes(const CanvasGraph& graph) {
    const Instance* in = instance();
    QHash<QString, QPointF> known = m_autoPositions;
    const QHash<QString, QPointF> stored = storedPositions();
    for (auto it = stored.begin(); it != stored.end(); ++it) known.insert(it.key(), it.value());
    bool background = false;
    const QHash<QString, QPointF> all = CanvasLayout::completed(graph, known, [&] {
        if (!layoutInBackground(*in, graph)) return m_layout->automaticPositions(*in, graph);
        // On a grid until the force-directed layout comes back.
        background = true;
        return CanvasLayout::waitingGrid(graph.nodes.size());
    });
    std::vector<QPointF> out;
    out.reserve(graph.nodes.size());
    m_positions.clear();
    for (const CanvasNode& n : graph.nodes) {
        const QPointF p = all.value(n.key);
        if (!stored.contains(n.key)) m_autoPositions.insert(n.key, p);
        m_positions.insert(n.key, p);
        out.push_back(p);
    }
    if (background) startBackgroundLayout(graph, false);
    return out;
}

void CanvasWidget::rebuild() {
    const Instance* in = instance();
    setEnabled(in != nullptr);
    if (!in) {
        stopBuild();
        m_graph = {};
        m_positions.clear();
        m_scene->setGraph({}, {});
        return;
    }
    // A big graph shown anew, or changed while it was being built: the background path.
    if (m_building || (m_fitPending && m_adapter->elementCount(*in) >= kBackgroundBuildElements)) {
        startBuild();
        return;
    }
    QSet<QString> nodeKeys = m_pendingSelection ? *m_pendingSelection : m_scene->selectedNodeKeys();
    const QSet<QString> linkKeys = m_pendingSelection ? QSet<QString>() : m_scene->selectedLinkKeys();
    m_pendingSelection.reset();
    m_graph = m_adapter->graph(*in);
    if (m_overlay) m_overlay(m_graph);
    const QHash<QString, QPointF> before = m_positions;
    const std::vector<QPointF> points = placeNodes(m_graph);
    m_scene->setGraph(m_graph, points, nodeKeys, linkKeys);
    if (m_fitPending) {
        m_fitPending = false;
        m_fitOnShow = !isVisible();
        m_view->fitAll();
        // Once more when the view has its real size.
        QTimer::singleShot(0, m_view, [view = m_view] { view->fitAll(); });
    } else if (isVisible()) {
        // A node the edit added out of sight (a cluster added from the table goes beside the others): the
        // drawing is fitted so that it is seen.
        const QRectF shown = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
        for (NodeItem* node : m_scene->nodeItems())
            if (!before.contains(node->node().key) && !shown.contains(node->shapeRect().translated(node->pos()))) {
                m_view->fitAll();
                break;
            }
    }
    updatePanel();
}

// A big graph made ready off the GUI thread: the adapter's graph and every node's position.
struct CanvasWidget::PreparedGraph {
    CanvasGraph graph;
    std::vector<QPointF> positions;  // by node
    std::vector<char> automatic;     // by node: placed automatically (not stored in the layout)
};

namespace {
// Items made per slice of a big graph: short enough for the window to answer between two.
constexpr double kBuildSliceMs = 25;
}  // namespace

void CanvasWidget::startBuild() {
    const DocumentEntry* e = m_document->entry(m_entryId);
    if (!e) return;
    m_building = true;
    setInteractive(false);
    m_pendingSelection.reset();
    // What the canvas showed goes now; the graph comes when it is ready.
    m_graph = {};
    m_positions.clear();
    m_scene->setGraph({}, {});
    m_message->showMessage(tr("Preparing the drawing of %1 elements…").arg(QLocale().toString(
                               static_cast<qulonglong>(m_adapter->elementCount(e->instance)))),
                           MessageBar::Level::Information);
    // Copies: the document may change meanwhile (then this is started again and its result dropped).
    auto in = std::make_shared<const Instance>(e->instance);
    auto layout = std::make_shared<const nlohmann::json>(e->layout);
    const QHash<QString, QPointF> automatic = m_autoPositions;
    const CanvasAdapter* adapter = m_adapter.get();
    const CanvasLayout* placement = m_layout.get();
    m_buildJob->start([this, adapter, placement, in, layout, automatic](const Progress& progress) -> BackgroundJob::Delivery {
        auto prepared = std::make_shared<PreparedGraph>();
        prepared->graph = adapter->graph(*in);
        if (progress.stopRequested()) return {};
        const QHash<QString, QPointF> stored = CanvasLayout::storedPositions(*layout);
        QHash<QString, QPointF> known = automatic;
        for (auto it = stored.begin(); it != stored.end(); ++it) known.insert(it.key(), it.value());
        const CanvasGraph& graph = prepared->graph;
        const QHash<QString, QPointF> all =
            CanvasLayout::completed(graph, known, [&] { return placement->automaticPositions(*in, graph); });
        prepared->positions.reserve(graph.nodes.size());
        prepared->automatic.reserve(graph.nodes.size());
        for (const CanvasNode& n : graph.nodes) {
            prepared->positions.push_back(all.value(n.key));
            prepared->automatic.push_back(stored.contains(n.key) ? 0 : 1);
        }
        return [this, prepared] { showPrepared(std::move(*prepared)); };
    });
}

void CanvasWidget::showPrepared(PreparedGraph prepared) {
    m_graph = std::move(prepared.graph);
    if (m_overlay) m_overlay(m_graph);
    m_positions.clear();
    m_positions.reserve(static_cast<qsizetype>(m_graph.nodes.size()));
    for (std::size_t i = 0; i < m_graph.nodes.size(); ++i) {
        const QString& key = m_graph.nodes[i].key;
        m_positions.insert(key, prepared.positions[i]);
        if (prepared.automatic[i]) m_autoPositions.insert(key, prepared.positions[i]);
    }
    // Not shown while it is made: a view draws a scene after items came, and Qt sorts all its items then.
    m_view->setScene(nullptr);
    m_scene->beginGraph(m_graph, std::move(prepared.positions));
    buildSlice();
}

void CanvasWidget::buildSlice() {
    if (!m_building || !m_scene->isBuilding()) return;
    if (!m_scene->buildStep(kBuildSliceMs)) {
        m_message->showMessage(tr("Drawing %1 nodes and %2 links… %3 %")
                                   .arg(QLocale().toString(static_cast<qulonglong>(m_graph.nodes.size())),
                                        QLocale().toString(static_cast<qulonglong>(m_graph.links.size())))
                                   .arg(std::lround(100 * m_scene->buildProgress())),
                               MessageBar::Level::Information);
        // The event loop runs in between: input, painting, the other widgets. A timer, not a posted call:
        // Qt delivers calls posted while it delivers posted events in the same pass, timers in the next.
        QTimer::singleShot(1, this, &CanvasWidget::buildSlice);
        return;
    }
    m_building = false;
    m_view->setScene(m_scene);
    setInteractive(true);
    if (m_message->level() == MessageBar::Level::Information) m_message->hide();
    if (m_fitPending) {
        m_fitPending = false;
        m_fitOnShow = !isVisible();  // else the view has its size: one fit, one frame
    }
    m_view->fitAll();
    updatePanel();
    emit graphBuilt();
}

void CanvasWidget::stopBuild() {
    if (!m_building) return;
    m_buildJob->cancel();
    m_building = false;
    m_view->setScene(m_scene);
    setInteractive(true);
    if (m_message->level() == MessageBar::Level::Information) m_message->hide();
}

void CanvasWidget::setInteractive(bool interactive) {
    m_toolBar->setEnabled(interactive);
    m_panel->setEnabled(interactive);
    m_view->setInteractive(interactive);
}

void CanvasWidget::onLayoutChanged() {
    const Instance* in = instance();
    if (!in) return;
    if (m_building) {
        startBuild();  // prepared with the layout as it was
        return;
    }
    m_scene->setPositions(placeNodes(m_graph));
}

void CanvasWidget::updatePanel() {
    const Instance* in = instance();
    if (!in) {
        m_panel->showText(QString(), QString());
        return;
    }
    const std::vector<int> nodes = m_scene->selectedNodes();
    const std::vector<int> links = m_scene->selectedLinks();
    if (nodes.size() == 1 && links.empty()) {
        const int i = nodes.front();
        const CanvasNode& node = m_graph.nodes[static_cast<std::size_t>(i)];
        m_panel->showProperties(
            node.title, m_adapter->nodeProperties(*in, i),
            [this, i](const QString& name, const QString& value) {
                const Instance* current = instance();
                if (!current) return QString();
                const CanvasEdit edit = m_adapter->setNodeProperty(*current, i, name, value);
                return edit.instance ? ProjectDocument::checkEdit(*current, *edit.instance).error : edit.error;
            },
            [this, i](const QString& name, const QString& value) {
                const Instance* current = instance();
                if (!current) return false;
                const CanvasEdit edit = m_adapter->setNodeProperty(*current, i, name, value);
                QHash<QString, QPointF> placed;
                if (edit.instance) {
                    const CanvasGraph after = m_adapter->graph(*edit.instance);
                    const QString oldKey = m_graph.nodes[static_cast<std::size_t>(i)].key;
                    if (after.nodes.size() == m_graph.nodes.size()) {
                        const QString newKey = after.nodes[static_cast<std::size_t>(i)].key;
                        placed.insert(newKey, m_positions.value(oldKey));
                        m_pendingSelection = QSet<QString>{newKey};
                    }
                }
                if (apply(edit, placed)) return true;
                m_pendingSelection.reset();
                return false;
            });
        return;
    }
    if (links.size() == 1 && nodes.empty()) {
        const int k = links.front();
        const CanvasLink& link = m_graph.links[static_cast<std::size_t>(k)];
        const QString title = QStringLiteral("%1 %2 %3").arg(m_graph.nodes[static_cast<std::size_t>(link.from)].title,
                                                             link.twoWay ? QStringLiteral("↔") : QStringLiteral("→"),
                                                             m_graph.nodes[static_cast<std::size_t>(link.to)].title);
        m_panel->showProperties(
            title, m_adapter->linkProperties(*in, k),
            [this, k](const QString& name, const QString& value) {
                const Instance* current = instance();
                if (!current) return QString();
                const CanvasEdit edit = m_adapter->setLinkProperty(*current, k, name, value);
                return edit.instance ? ProjectDocument::checkEdit(*current, *edit.instance).error : edit.error;
            },
            [this, k](const QString& name, const QString& value) {
                const Instance* current = instance();
                return current && apply(m_adapter->setLinkProperty(*current, k, name, value));
            });
        return;
    }
    if (!nodes.empty() || !links.empty()) {
        m_panel->showText(tr("%1 node(s), %2 link(s) selected").arg(nodes.size()).arg(links.size()),
                          tr("Delete removes them; Ctrl+C copies the nodes with the links among them."));
        return;
    }
    m_panel->showText(tr("%1 node(s), %2 link(s)").arg(m_graph.nodes.size()).arg(m_graph.links.size()),
                      m_idleText + (m_idleText.isEmpty() ? QString() : QStringLiteral("\n\n")) +
                          tr("Double-click on empty space: add a node. Shift+drag from a node: add a link "
                             "(to empty space: a linked new node). Drag: move; rubber band: select several. "
                             "Wheel: zoom at the cursor; middle button or Space+drag: pan."));
}

void CanvasWidget::refuse(const QString& message) {
    m_message->showMessage(tr("Refused: %1").arg(message), MessageBar::Level::Error);
    emit statusMessage(tr("Edit refused: %1").arg(message));
}

// Whether going from `before` to `after` can be drawn by updating the items the change names (no node
// key changed, the layout kept). `storeShown`: some positions shown are automatic (not stored), so the edit
// must store them; undo and redo (`storeShown` null) take this path only when every position is stored.
bool CanvasWidget::inPlaceChange(const Instance& before, const Instance& after, CanvasGraphChange& change,
                                 bool& storeShown) const {
    storeShown = false;
    if (m_overlay || m_building || m_graph.nodes.size() != static_cast<std::size_t>(m_positions.size())) return false;
    if (!m_adapter->graphChange(before, after, m_graph, change)) return false;
    for (const auto& [i, node] : change.nodes)
        if (node.key != m_graph.nodes[static_cast<std::size_t>(i)].key) return false;
    const QHash<QString, QPointF> stored = storedPositions();
    for (const CanvasNode& n : m_graph.nodes)
        if (!stored.contains(n.key)) {
            storeShown = true;
            break;
        }
    // Not while the force-directed layout is still on its way (the grid shown is a placeholder).
    return !(storeShown && m_layoutJob->isRunning());
}

// Brings the shown graph and the scene up to date with `change`; false when the scene could not (rebuild).
bool CanvasWidget::applyInPlace(const CanvasGraphChange& change) {
    for (const auto& [i, node] : change.nodes) m_graph.nodes[static_cast<std::size_t>(i)] = node;
    for (const auto& [k, link] : change.links) m_graph.links[static_cast<std::size_t>(k)] = link;
    for (const CanvasLink& link : change.addedLinks) m_graph.links.push_back(link);
    return m_scene->applyChange(m_graph, change);
}

// Undo or redo: the change between the two versions drawn in place when every position is stored.
bool CanvasWidget::updateInPlace(const Instance& before, const Instance& after) {
    CanvasGraphChange change;
    bool storeShown = false;
    if (!inPlaceChange(before, after, change, storeShown) || storeShown) return false;
    return applyInPlace(change);
}

// Pushes the edit (with the layout, as one undoable step, when there is one to store) without redrawing
// on the document's signals: the caller brings the drawing up to date.
void CanvasWidget::commit(Instance instance, const QString& text, std::size_t digest,
                          std::optional<nlohmann::json> layout) {
    m_applying = true;
    if (layout) m_document->undoStack()->beginMacro(text);
    m_document->editInstance(m_entryId, std::move(instance), text, -1, digest);
    if (layout) {
        m_document->setLayout(m_entryId, std::move(*layout), text);
        m_document->undoStack()->endMacro();
    }
    m_applying = false;
}

bool CanvasWidget::apply(CanvasEdit edit, const QHash<QString, QPointF>& placed) {
    const DocumentEntry* e = m_document->entry(m_entryId);
    if (!e) return false;
    if (!edit.instance) {
        refuse(edit.error);
        return false;
    }
    // Checked on what changed when the edit allows it (a task graph's values or dependencies).
    const ProjectDocument::CheckedInstance checked = ProjectDocument::checkEdit(e->instance, *edit.instance);
    if (!checked.error.isEmpty()) {
        refuse(checked.error);
        return false;
    }
    if (m_message->level() == MessageBar::Level::Error) m_message->hide();
    if (checked.digest == e->digest) return true;
    // A change of a few elements (a task's values, a dependency added) with no key changed: the layout
    // stays (the positions shown are stored with the edit when they were automatic), the shown graph and
    // the scene follow the change (items it does not name are left as they are), in time independent of
    // the graph's size.
    CanvasGraphChange change;
    bool storeShown = false;
    if (edit.newKeys.empty() && inPlaceChange(e->instance, *edit.instance, change, storeShown)) {
        commit(std::move(*edit.instance), edit.text, checked.digest,
               storeShown ? std::optional<nlohmann::json>(layoutJson(m_positions)) : std::nullopt);
        m_pendingSelection.reset();
        if (applyInPlace(change)) updatePanel();
        else rebuild();
        emit statusMessage(edit.text);
        return true;
    }
    // The layout after the edit: every node of the new graph, new ones where the gesture put them.
    const CanvasGraph after = m_adapter->graph(*edit.instance);
    QHash<QString, QPointF> known;
    for (const CanvasNode& n : after.nodes) {
        if (placed.contains(n.key)) known.insert(n.key, placed.value(n.key));
        else if (m_positions.contains(n.key)) known.insert(n.key, m_positions.value(n.key));
    }
    const Instance& next = *edit.instance;
    const nlohmann::json layout =
        layoutJson(CanvasLayout::completed(after, known, [&] { return m_layout->automaticPositions(next, after); }));
    commit(std::move(*edit.instance), edit.text, checked.digest,
           layout != e->layout ? std::optional<nlohmann::json>(layout) : std::nullopt);
    if (!edit.newKeys.empty() && !m_pendingSelection)
        m_pendingSelection = QSet<QString>(edit.newKeys.begin(), edit.newKeys.end());
    rebuild();
    emit statusMessage(edit.text);
    return true;
}

bool CanvasWidget::addNodeAt(QPointF scenePos, const QString& tool) {
    const Instance* in = instance();
    if (!in) return false;
    QString id = tool;
    if (id.isEmpty()) {
        for (const CanvasTool& t : m_adapter->tools())
            if (t.id == m_tool && !t.link) id = t.id;
        if (id.isEmpty()) id = defaultNodeTool();
    }
    const CanvasEdit edit = m_adapter->addNode(*in, id);
    QHash<QString, QPointF> placed;
    for (const QString& key : edit.newKeys) placed.insert(key, scenePos);
    return apply(edit, placed);
}

bool CanvasWidget::addLink(int from, int to) {
    const Instance* in = instance();
    if (!in) return false;
    QString tool = defaultLinkTool();
    for (const CanvasTool& t : m_adapter->tools())
        if (t.id == m_tool && t.link) tool = t.id;
    return apply(m_adapter->addLink(*in, from, to, tool));
}

bool CanvasWidget::addLinkToNewNode(int from, QPointF scenePos) {
    const Instance* in = instance();
    if (!in) return false;
    QString tool = defaultLinkTool();
    for (const CanvasTool& t : m_adapter->tools())
        if (t.id == m_tool && t.link) tool = t.id;
    const CanvasEdit edit = m_adapter->addLinkToNewNode(*in, from, tool, defaultNodeTool());
    QHash<QString, QPointF> placed;
    for (const QString& key : edit.newKeys) placed.insert(key, scenePos);
    return apply(edit, placed);
}

bool CanvasWidget::deleteSelection() {
    const Instance* in = instance();
    if (!in) return false;
    const std::vector<int> nodes = m_scene->selectedNodes();
    const std::vector<int> links = m_scene->selectedLinks();
    if (nodes.empty() && links.empty()) return false;
    m_pendingSelection = QSet<QString>();
    if (!apply(m_adapter->remove(*in, nodes, links))) {
        m_pendingSelection.reset();
        return false;
    }
    return true;
}

void CanvasWidget::copySelection() {
    const Instance* in = instance();
    if (!in) return;
    const std::vector<int> nodes = m_scene->selectedNodes();
    if (nodes.empty()) {
        emit statusMessage(tr("Select the nodes to copy"));
        return;
    }
    std::vector<QPointF> positions;
    positions.reserve(nodes.size());
    for (int i : nodes) positions.push_back(m_positions.value(m_graph.nodes[static_cast<std::size_t>(i)].key));
    CanvasClipboard::copy(*m_adapter, *in, nodes, positions);
    emit statusMessage(tr("Copied %n node(s)", nullptr, static_cast<int>(nodes.size())));
}

bool CanvasWidget::paste() {
    const Instance* in = instance();
    if (!in) return false;
    std::optional<CanvasClipboard::Paste> pasted = CanvasClipboard::paste(*m_adapter, *in);
    if (!pasted) return false;
    const CanvasEdit& edit = pasted->edit;
    const QHash<QString, QPointF>& placed = pasted->placed;
    m_pendingSelection = QSet<QString>(edit.newKeys.begin(), edit.newKeys.end());
    if (!apply(edit, placed)) {
        m_pendingSelection.reset();
        return false;
    }
    return true;
}

void CanvasWidget::showContextMenu(const QPoint& viewPos) {
    // In the viewport's coordinates (the event reaches the viewport first).
    const QPoint at = viewPos;
    const QPointF scenePos = m_view->mapToScene(at);
    // Right-click on an element acts on it: it becomes the selection unless it is part of it.
    QGraphicsItem* hit = nullptr;
    for (QGraphicsItem* item : m_view->items(at))
        if (dynamic_cast<NodeItem*>(item) || dynamic_cast<LinkItem*>(item)) {
            hit = item;
            break;
        }
    if (hit && !hit->isSelected()) {
        m_scene->clearSelection();
        hit->setSelected(true);
    }
    const bool selection = !m_scene->selectedItems().isEmpty();
    QMenu menu(this);
    menu.setObjectName(QStringLiteral("canvasContextMenu"));
    for (const CanvasTool& tool : m_adapter->tools()) {
        if (tool.link) {
            menu.addAction(tr("Draw %1 (drag from a node)").arg(tool.label.toLower()), this,
                           [this, id = tool.id] { selectTool(id); });
        } else {
            menu.addAction(tr("Add %1 here").arg(tool.label.toLower()), this,
                           [this, id = tool.id, scenePos] { addNodeAt(scenePos, id); });
        }
    }
    menu.addSeparator();
    QAction* edit = menu.addAction(tr("Edit properties"), this, [this] {
        if (QWidget* field = m_panel->findChild<QLineEdit*>()) {
            field->setFocus(Qt::OtherFocusReason);
        }
    });
    edit->setEnabled(selection && m_scene->selectedItems().size() == 1);
    menu.addAction(tr("Cut"), this, [this] {
        copySelection();
        deleteSelection();
    })->setEnabled(selection);
    menu.addAction(tr("Copy"), this, [this] { copySelection(); })->setEnabled(selection);
    menu.addAction(tr("Paste"), this, [this] { paste(); });
    menu.addAction(tr("Delete"), this, [this] { deleteSelection(); })->setEnabled(selection);
    menu.addAction(tr("Select all"), this, [this] { selectAll(); });
    menu.addSeparator();
    menu.addAction(tr("Auto layout"), this, [this] { applyAutoLayout(); });
    menu.addAction(tr("Fit"), this, [this] { m_view->fitAll(); });
    emit contextMenuAboutToShow(&menu);
    menu.exec(m_view->viewport()->mapToGlobal(viewPos));
}

void CanvasWidget::selectAll() {
    for (QGraphicsItem* item : m_scene->items()) item->setSelected(true);
}

void CanvasWidget::commitMoves() {
    const std::vector<QPointF> points = m_scene->positions();
    QHash<QString, QPointF> moved = m_positions;
    int count = 0;
    for (std::size_t i = 0; i < m_graph.nodes.size() && i < points.size(); ++i) {
        const QString& key = m_graph.nodes[i].key;
        if (m_positions.value(key) != points[i]) ++count;
        moved.insert(key, points[i]);
    }
    if (count == 0) return;
    m_document->setLayout(m_entryId, layoutJson(moved), tr("Move %n node(s)", nullptr, count));
}

void CanvasWidget::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (!m_fitOnShow) return;
    m_fitOnShow = false;
    QTimer::singleShot(0, m_view, [view = m_view] { view->fitAll(); });
}

void CanvasWidget::applyAutoLayout() {
    const Instance* in = instance();
    if (!in) return;
    if (layoutInBackground(*in, m_graph)) {
        startBackgroundLayout(m_graph, true);
        return;
    }
    const std::vector<QPointF> points = m_layout->automaticPositions(*in, m_graph);
    QHash<QString, QPointF> placed;
    for (std::size_t i = 0; i < m_graph.nodes.size(); ++i) placed.insert(m_graph.nodes[i].key, points[i]);
    m_document->setLayout(m_entryId, layoutJson(placed), tr("Automatic layout"));
    m_view->fitAll();
}

}  // namespace hetsched::ui
