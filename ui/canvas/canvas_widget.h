// The generic canvas editor of one document entry: palette, view, property panel. Every gesture goes
// through the family's CanvasAdapter to a new instance, pushed as one undoable command (a macro when the
// layout changes with it); node positions live in the entry's layout, never in the instance.
#pragma once

#include <QHash>
#include <QPointF>
#include <QSet>
#include <QWidget>
#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "canvas/canvas_adapter.h"
#include "document/project_document.h"

class QAction;
class QActionGroup;
class QLabel;
class QToolBar;

class QMenu;

namespace hetsched::ui {

class GraphScene;
class BackgroundJob;
class CanvasLayout;
class GraphView;
class MessageBar;
class PropertyPanel;

class CanvasWidget : public QWidget {
    Q_OBJECT
public:
    CanvasWidget(ProjectDocument* document, std::unique_ptr<CanvasAdapter> adapter, QWidget* parent = nullptr);
    ~CanvasWidget() override;

    void setEntry(EntryId id);
    EntryId entryId() const { return m_entryId; }
    const Instance* instance() const;
    CanvasAdapter* adapter() const { return m_adapter.get(); }

    GraphScene* scene() const { return m_scene; }
    GraphView* view() const { return m_view; }
    PropertyPanel* propertyPanel() const { return m_panel; }
    MessageBar* messageBar() const { return m_message; }
    QToolBar* toolBar() const { return m_toolBar; }
    QAction* toolAction(const QString& id) const;   // "" is the selection tool

    // Result drawing: called on every rebuild with the graph the adapter made.
    void setOverlay(std::function<void(CanvasGraph&)> overlay);
    // Rebuilds the scene from the document (selection kept by key).
    void refresh();
    // What the property panel shows when nothing is selected (the family's hint).
    void setIdleText(const QString& text);

    // The gestures, also reachable from code (tests, menus); false when refused (the message says why).
    void selectTool(const QString& id);
    QString currentTool() const { return m_tool; }
    bool addNodeAt(QPointF scenePos, const QString& tool = {});
    bool addLink(int from, int to);
    bool addLinkToNewNode(int from, QPointF scenePos);
    bool deleteSelection();
    void copySelection();
    bool paste();
    void selectAll();
    // The right-click menu at a point of the view: add a node there, draw a link, edit, cut, copy, paste,
    // delete, select all, auto layout, fit (contextMenuAboutToShow lets tests act on it before it opens).
    void showContextMenu(const QPoint& viewPos);
    void applyAutoLayout();
    // A force-directed layout of more than this many nodes runs off the GUI thread: the nodes wait on a
    // grid meanwhile (opening), or where they are (Auto layout), and a message says so.
    static constexpr std::size_t kBackgroundLayoutNodes = 300;
    bool isLayingOut() const;
    // A graph of at least this many elements (nodes and links) shown anew (another entry, or the entry's
    // first drawing) is prepared off the GUI thread (the adapter's graph and the automatic layout) and its
    // items are made a slice at a time, the window responsive meanwhile; edits keep the synchronous path.
    static constexpr std::size_t kBackgroundBuildElements = 20000;
    // Whether such a graph is being prepared or drawn: the canvas takes no gesture until it is complete.
    bool isBuilding() const { return m_building; }
    // Where each node of the current graph is drawn, by key.
    QHash<QString, QPointF> positions() const { return m_positions; }

    // Pushes an edit (validated first); `placed` gives positions of nodes the edit creates or renames.
    // The edit's instance goes into the document as it is (moved, not copied).
    bool apply(CanvasEdit edit, const QHash<QString, QPointF>& placed = {});
    void refuse(const QString& message);

signals:
    void statusMessage(const QString& message);
    void layoutFinished();  // a layout that ran off the GUI thread is on the canvas
    void graphBuilt();      // a graph built a slice at a time is complete on the canvas
    void contextMenuAboutToShow(QMenu* menu);

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct PreparedGraph;
    void rebuild();
    bool inPlaceChange(const Instance& before, const Instance& after, CanvasGraphChange& change,
                       bool& storeShown) const;
    bool applyInPlace(const CanvasGraphChange& change);
    bool updateInPlace(const Instance& before, const Instance& after);
    void commit(Instance instance, const QString& text, std::size_t digest, std::optional<nlohmann::json> layout);
    // The big-graph path of rebuild(): preparation on a pool thread, then the scene made in slices.
    void startBuild();
    void showPrepared(PreparedGraph prepared);
    void buildSlice();
    void stopBuild();
    void setInteractive(bool interactive);
    void updatePanel();
    void commitMoves();
    void onLayoutChanged();
    QHash<QString, QPointF> storedPositions() const;
    std::vector<QPointF> placeNodes(const CanvasGraph& graph);
    bool layoutInBackground(const Instance& instance, const CanvasGraph& graph) const;
    // Starts the force-directed layout of `graph` off the GUI thread; `store`: as an undoable edit (Auto
    // layout), else as the automatic positions of an opened entry.
    void startBackgroundLayout(const CanvasGraph& graph, bool store);
    nlohmann::json layoutJson(const QHash<QString, QPointF>& positions) const;
    QString defaultNodeTool() const;
    QString defaultLinkTool() const;

    ProjectDocument* m_document;
    std::unique_ptr<CanvasAdapter> m_adapter;
    std::unique_ptr<CanvasLayout> m_layout;  // the adapter's layout storage and automatic placement
    EntryId m_entryId = 0;
    GraphScene* m_scene;
    GraphView* m_view;
    PropertyPanel* m_panel;
    MessageBar* m_message;
    QToolBar* m_toolBar;
    QActionGroup* m_toolGroup;
    QLabel* m_zoomLabel;
    QString m_tool;
    QString m_idleText;
    std::function<void(CanvasGraph&)> m_overlay;
    CanvasGraph m_graph;                    // what the scene shows
    QHash<QString, QPointF> m_positions;    // of m_graph's nodes
    QHash<QString, QPointF> m_autoPositions;  // placed automatically, not stored until an edit
    std::optional<QSet<QString>> m_pendingSelection;  // node keys to select after the next rebuild
    bool m_applying = false;
    bool m_fitPending = true;
    bool m_fitOnShow = false;  // the entry came while hidden (another tab): fit when shown, at the real size
    BackgroundJob* m_layoutJob;
    BackgroundJob* m_buildJob;
    bool m_building = false;  // from startBuild() until the scene is complete
};

}  // namespace hetsched::ui
