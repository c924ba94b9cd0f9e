// Qt Test of the canvas editors, driven by mouse and keyboard events on the view (offscreen).
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QGraphicsView>
#include <QLineEdit>
#include <QPainter>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QThreadPool>
#include <QToolBar>
#include <QUndoStack>
#include <QWheelEvent>
#include <map>

#include "canvas/canvas_items.h"
#include "canvas/canvas_widget.h"
#include "canvas/dag_platform_adapter.h"
#include "canvas/graph_scene.h"
#include "canvas/graph_view.h"
#include "canvas/property_panel.h"
#include "document/project_document.h"
#include "results/result_io.h"
#include "editors/cpugpu_editor.h"
#include "editors/dag_editor.h"
#include "editors/divisible_editor.h"
#include "editors/divisible_worker_model.h"
#include "editors/steady_state_editor.h"
#include "io/instance_io.h"
#include "io/project.h"
#include "model/dag_random.h"
#include "model/platform_generators.h"
#include "layout/graph_layout.h"
#include "solvers/family_solution.h"
#include "solvers/registry.h"
#include "util/message_bar.h"
#include "test_schedules.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

Instance parsed(const char* json) {
    Expected<Instance> in = parseInstance(json);
    if (!in) qFatal("%s", in.error().message.c_str());
    return *in;
}

const char* kOneProcessor = R"({ "kind": "steady_state", "model": "bidirectional_one_port",
  "platform": { "nodes": [ { "name": "P1", "speed": 1 } ], "links": [] },
  "application": { "type": "bag_of_tasks", "source": "P1", "data": 1, "result": 0, "work": 1 } })";


// A built-in example, read (the test stops when it cannot be).
Instance example(const char* file) {
    Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR "/") + file);
    if (!in) qFatal("%s", in.error().message.c_str());
    return *in;
}

// A document whose only entry is `instance`: its id.
EntryId onlyEntry(ProjectDocument& document, const Instance& instance, const char* name) {
    Project project;
    project.entries.push_back({name, instance, {}, nullptr});
    document.reset(project, QString());
    return document.entryAt(0).id;
}

// An editor shown at width x height on the entry.
template <class Editor>
void showEditor(Editor& editor, EntryId id, int width, int height) {
    editor.resize(width, height);
    editor.show();
    editor.setEntry(id);
}

// The entry as the project file holds it: instance and layout.
std::string snapshot(const ProjectDocument& document, EntryId id) {
    const DocumentEntry* e = document.entry(id);
    return instanceToJson(e->instance).dump() + " | " + e->layout.dump();
}

const SteadyStateInstance& steadyIn(const ProjectDocument& d, EntryId id) {
    return std::get<SteadyStateInstance>(d.entry(id)->instance);
}
const DagInstance& dagIn(const ProjectDocument& d, EntryId id) { return std::get<DagInstance>(d.entry(id)->instance); }

}  // namespace

class CanvasTest : public QObject {
    Q_OBJECT

    QPoint at(CanvasWidget* canvas, QPointF scenePos) { return canvas->view()->mapFromScene(scenePos); }
    QPoint atNode(CanvasWidget* canvas, const QString& key) { return at(canvas, canvas->positions().value(key)); }
    QWidget* viewport(CanvasWidget* canvas) { return canvas->view()->viewport(); }

    void dragLink(CanvasWidget* canvas, QPoint from, QPoint to, Qt::KeyboardModifiers modifiers) {
        QTest::mousePress(viewport(canvas), Qt::LeftButton, modifiers, from);
        QTest::mouseMove(viewport(canvas), (from + to) / 2);
        QTest::mouseMove(viewport(canvas), to);
        QTest::mouseRelease(viewport(canvas), Qt::LeftButton, modifiers, to);
    }

    void clickOn(CanvasWidget* canvas, QPoint p, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        QTest::mouseClick(viewport(canvas), Qt::LeftButton, modifiers, p);
    }

    // Types into a property field of the panel, then presses Enter.
    void typeProperty(CanvasWidget* canvas, const QString& name, const QString& text, bool enter = true) {
        auto* edit = qobject_cast<QLineEdit*>(canvas->propertyPanel()->editorOf(name));
        QVERIFY2(edit, qPrintable(name));
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTest::keyClicks(edit, text);
        if (enter) QTest::keyClick(edit, Qt::Key_Return);
    }

private slots:
    void buildAPlatformByClicksThenUndoAndRedoEverything() {
        ProjectDocument document;
        const EntryId id = onlyEntry(document, parsed(kOneProcessor), "platform");
        SteadyStateEditor editor(&document);
        showEditor(editor, id, 1100, 750);
        QApplication::setActiveWindow(&editor);
        QVERIFY(QTest::qWaitForWindowActive(&editor));
        CanvasWidget* canvas = editor.canvas();
        canvas->view()->setFocus();
        canvas->view()->resetTransform();
        canvas->view()->centerOn(QPointF(150, 100));
        const std::string start = snapshot(document, id);

        // A processor from the palette, a router by the palette, a processor by double-click.
        canvas->toolAction(QStringLiteral("processor"))->trigger();
        clickOn(canvas, at(canvas, {250, 0}));
        QCOMPARE(steadyIn(document, id).nodes.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(steadyIn(document, id).nodes[1].name), QStringLiteral("P2"));
        canvas->toolAction(QStringLiteral("router"))->trigger();
        clickOn(canvas, at(canvas, {120, 180}));
        QCOMPARE(steadyIn(document, id).nodes[2].speed, 0.0);
        QTest::keyClick(canvas->view(), Qt::Key_Escape);
        QCOMPARE(canvas->currentTool(), QString());
        QTest::mouseDClick(viewport(canvas), Qt::LeftButton, Qt::NoModifier, at(canvas, {300, 220}));
        QCOMPARE(steadyIn(document, id).nodes.size(), std::size_t(4));
        // The new node sits where the user clicked.
        QVERIFY((canvas->positions().value(QStringLiteral("P3")) - QPointF(300, 220)).manhattanLength() < 2);

        // Links: Shift+drag in selection mode (one-way), the two-way tool, and a drag to empty space.
        dragLink(canvas, atNode(canvas, "P1"), atNode(canvas, "P2"), Qt::ShiftModifier);
        QCOMPARE(steadyIn(document, id).links.size(), std::size_t(1));
        QVERIFY(!steadyIn(document, id).links[0].bidirectional);
        canvas->toolAction(QStringLiteral("two_way_link"))->trigger();
        dragLink(canvas, atNode(canvas, "P1"), atNode(canvas, "R1"), Qt::NoModifier);
        dragLink(canvas, atNode(canvas, "R1"), atNode(canvas, "P3"), Qt::NoModifier);
        QCOMPARE(steadyIn(document, id).links.size(), std::size_t(3));
        QVERIFY(steadyIn(document, id).links[2].bidirectional);
        // The same link twice is refused with a message.
        dragLink(canvas, atNode(canvas, "R1"), atNode(canvas, "P3"), Qt::NoModifier);
        QCOMPARE(steadyIn(document, id).links.size(), std::size_t(3));
        QVERIFY(canvas->messageBar()->text().contains(QStringLiteral("already linked")));
        dragLink(canvas, atNode(canvas, "P2"), at(canvas, {420, 40}), Qt::NoModifier);
        QCOMPARE(steadyIn(document, id).nodes.size(), std::size_t(5));
        QCOMPARE(steadyIn(document, id).links.back().from, std::size_t(1));
        QCOMPARE(steadyIn(document, id).links.back().to, std::size_t(4));
        QTest::keyClick(canvas->view(), Qt::Key_Escape);

        // Select the link P1 -> P2 by clicking on it and edit its bandwidth in the property panel.
        const QPointF mid = (canvas->positions().value("P1") + canvas->positions().value("P2")) / 2;
        clickOn(canvas, at(canvas, mid));
        QCOMPARE(canvas->scene()->selectedLinks().size(), std::size_t(1));
        typeProperty(canvas, QStringLiteral("bandwidth"), QStringLiteral("-3"), false);
        // Refused on the spot: the field says why while the user types, before any commit.
        QVERIFY2(canvas->propertyPanel()->errorText().contains(QStringLiteral("must be positive")),
                 qPrintable(canvas->propertyPanel()->errorText()));
        const int stepsBefore = document.undoStack()->count();
        QTest::keyClick(canvas->propertyPanel()->editorOf("bandwidth"), Qt::Key_Return);
        QCOMPARE(document.undoStack()->count(), stepsBefore);
        QCOMPARE(steadyIn(document, id).links[0].bandwidth, 1.0);
        QVERIFY(canvas->messageBar()->text().contains(QStringLiteral("must be positive")));
        QVERIFY(!canvas->messageBar()->isHidden());
        QTest::qWait(1);  // the panel rebuilt after the refusal
        typeProperty(canvas, QStringLiteral("bandwidth"), QStringLiteral("2.5"));
        QCOMPARE(steadyIn(document, id).links[0].bandwidth, 2.5);
        QCOMPARE(canvas->scene()->selectedLinks().size(), std::size_t(1));  // still selected after the rebuild

        // A node's speed and name; renaming keeps its place.
        clickOn(canvas, atNode(canvas, "P2"));
        QTest::qWait(1);
        const QPointF p2 = canvas->positions().value("P2");
        typeProperty(canvas, QStringLiteral("speed"), QStringLiteral("4"));
        QCOMPARE(steadyIn(document, id).nodes[1].speed, 4.0);
        QTest::qWait(1);
        typeProperty(canvas, QStringLiteral("name"), QStringLiteral("fast"));
        QCOMPARE(QString::fromStdString(steadyIn(document, id).nodes[1].name), QStringLiteral("fast"));
        QCOMPARE(canvas->positions().value("fast"), p2);

        // Moving a node is one undoable step that leaves the instance (and its runs) alone.
        const std::size_t digest = document.entry(id)->digest;
        const int steps = document.undoStack()->count();
        const QPoint from = atNode(canvas, "fast");
        QTest::mousePress(viewport(canvas), Qt::LeftButton, Qt::NoModifier, from);
        QTest::mouseMove(viewport(canvas), from + QPoint(20, 10));
        QTest::mouseMove(viewport(canvas), from + QPoint(40, 30));
        QTest::mouseRelease(viewport(canvas), Qt::LeftButton, Qt::NoModifier, from + QPoint(40, 30));
        QCOMPARE(document.undoStack()->count(), steps + 1);
        QCOMPARE(document.entry(id)->digest, digest);
        QVERIFY((canvas->positions().value("fast") - (p2 + QPointF(40, 30))).manhattanLength() < 2);

        // Copy and paste: the copy is renamed and selected.
        clickOn(canvas, atNode(canvas, "R1"));
        QTest::keyClick(canvas->view(), Qt::Key_C, Qt::ControlModifier);
        QTest::keyClick(canvas->view(), Qt::Key_V, Qt::ControlModifier);
        QCOMPARE(steadyIn(document, id).nodes.size(), std::size_t(6));
        QCOMPARE(QString::fromStdString(steadyIn(document, id).nodes.back().name), QStringLiteral("R1 (2)"));
        QCOMPARE(canvas->scene()->selectedNodeKeys(), QSet<QString>{QStringLiteral("R1 (2)")});

        // Rubber band around R1 and P3 (and the links touching them), then Delete.
        clickOn(canvas, at(canvas, {-300, -300}));  // empty: clears the selection
        const QPointF r1 = canvas->positions().value("R1");
        const QPointF p3 = canvas->positions().value("P3");
        const QPointF topLeft(std::min(r1.x(), p3.x()) - 30, std::min(r1.y(), p3.y()) - 30);
        const QPointF bottomRight(std::max(r1.x(), p3.x()) + 30, std::max(r1.y(), p3.y()) + 30);
        QTest::mousePress(viewport(canvas), Qt::LeftButton, Qt::NoModifier, at(canvas, topLeft));
        QTest::mouseMove(viewport(canvas), at(canvas, (topLeft + bottomRight) / 2));
        QTest::mouseMove(viewport(canvas), at(canvas, bottomRight));
        QTest::mouseRelease(viewport(canvas), Qt::LeftButton, Qt::NoModifier, at(canvas, bottomRight));
        const QSet<QString> selected = canvas->scene()->selectedNodeKeys();
        QVERIFY2(selected.contains("R1") && selected.contains("P3"), qPrintable(QStringList(selected.values()).join(',')));
        QVERIFY(!selected.contains("P1"));
        QTest::keyClick(canvas->view(), Qt::Key_Delete);
        for (const SteadyNode& n : steadyIn(document, id).nodes) QVERIFY(n.name != "R1" && n.name != "P3");
        for (const SteadyLink& l : steadyIn(document, id).links) QVERIFY(l.from < steadyIn(document, id).nodes.size());

        // The source cannot be deleted.
        clickOn(canvas, atNode(canvas, "P1"));
        QTest::keyClick(canvas->view(), Qt::Key_Delete);
        QVERIFY(canvas->messageBar()->text().contains(QStringLiteral("source")));

        // The wheel zooms around the cursor: the node under it stays there; the view is never an edit.
        const int before = document.undoStack()->count();
        const double zoom = canvas->view()->zoom();
        const QPoint cursor = atNode(canvas, "P1");
        QWheelEvent wheel(QPointF(cursor), QPointF(viewport(canvas)->mapToGlobal(cursor)), QPoint(), QPoint(0, 240),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(viewport(canvas), &wheel);
        QVERIFY(std::abs(canvas->view()->zoom() - zoom * 1.44) < 1e-6);
        QVERIFY((atNode(canvas, "P1") - cursor).manhattanLength() <= 2);
        canvas->view()->fitAll();
        QCOMPARE(document.undoStack()->count(), before);

        // Undo everything back to the one processor, redo everything to the same document.
        const std::string end = snapshot(document, id);
        QVERIFY(QDir::temp().exists());
        while (document.undoStack()->canUndo()) document.undoStack()->undo();
        QCOMPARE(snapshot(document, id), start);
        QCOMPARE(canvas->scene()->nodeItems().size(), std::size_t(1));
        while (document.undoStack()->canRedo()) document.undoStack()->redo();
        QCOMPARE(snapshot(document, id), end);
        QCOMPARE(canvas->scene()->nodeItems().size(), steadyIn(document, id).nodes.size());

        // Saved and read back: the same instances and the same positions.
        const std::string saved = projectToJson(document.toProject()).dump();
        Expected<Project> reread = parseProject(saved);
        QVERIFY2(reread.ok(), reread.ok() ? "" : reread.error().message.c_str());
        ProjectDocument reopened;
        reopened.reset(*reread, QString());
        QCOMPARE(projectToJson(reopened.toProject()).dump(), saved);
        QCOMPARE(snapshot(reopened, reopened.entryAt(0).id), end);
        SteadyStateEditor second(&reopened);
        second.resize(900, 600);
        second.setEntry(reopened.entryAt(0).id);
        QCOMPARE(second.canvas()->positions(), canvas->positions());
    }

    void aClipboardOfHostileJsonIsRefusedWithAMessageAndNothingChanges() {
        ProjectDocument document;
        const EntryId id = onlyEntry(document, parsed(kOneProcessor), "platform");
        SteadyStateEditor editor(&document);
        showEditor(editor, id, 900, 600);
        CanvasWidget* canvas = editor.canvas();
        const std::string start = snapshot(document, id);
        const int steps = document.undoStack()->count();
        const auto pasteText = [&](const QByteArray& text) {
            QApplication::clipboard()->setText(QString::fromUtf8(text));
            return canvas->paste();
        };
        // 200,000 nested arrays (the depth that overflowed the stack in the readers' copies).
        QVERIFY(!pasteText(QByteArray(200000, '[') + QByteArray(200000, ']')));
        QVERIFY2(canvas->messageBar()->text().contains(QStringLiteral("nested deeper than 256")),
                 qPrintable(canvas->messageBar()->text()));
        // Keys of other types than a copy writes (nlohmann throws on reading them as such).
        QVERIFY(!pasteText(R"({"format": 7, "family": "steady_state"})"));
        QVERIFY(canvas->messageBar()->text().contains(QStringLiteral("no copied canvas nodes")));
        QVERIFY(!pasteText(R"({"format": "hetsched-canvas", "family": ["steady_state"]})"));
        QVERIFY(!pasteText(R"({"format": "hetsched-canvas", "family": "steady_state", "fragment": {"nodes":
            [{"name": "x", "speed": 1}, {"name": "y", "speed": 2}], "links": [{"from": 0, "to": 1, "bandwidth": 1,
            "bidirectional": "yes"}]}})"));
        QVERIFY2(canvas->messageBar()->text().contains(QStringLiteral("cannot be read")),
                 qPrintable(canvas->messageBar()->text()));
        QCOMPARE(snapshot(document, id), start);
        QCOMPARE(document.undoStack()->count(), steps);
        // Positions that are not a list: the nodes are pasted, at the default place.
        QVERIFY(pasteText(R"({"format": "hetsched-canvas", "family": "steady_state", "fragment": {"nodes":
            [{"name": "x", "speed": 1}]}, "positions": {"0": [1, 2]}})"));
        QCOMPARE(steadyIn(document, id).nodes.size(), std::size_t(2));
        document.undoStack()->setIndex(steps);
        QCOMPARE(snapshot(document, id), start);
    }

    void aLayoutWithBadPositionsIsRefusedWhenReading() {
        Project project;
        project.entries.push_back({"platform", parsed(kOneProcessor), {}, nlohmann::json{{"positions", {{"P1", {1, "x"}}}}}});
        const Expected<Project> reread = parseProject(projectToJson(project).dump());
        QVERIFY(!reread.ok());
        QVERIFY2(reread.error().message.find("entries[0].layout.positions.P1[1]") != std::string::npos,
                 reread.error().message.c_str());
    }

    void aBroadcastPlatformIsDrawnFreelyAndSolvingSaysWhatIsOutOfReach() {
        // A node on its own is a step of a drawing, not an error: the canvas takes it; solving names it.
        ProjectDocument document;
        const EntryId id = onlyEntry(document, parsed(R"({ "kind": "steady_state", "model": "bidirectional_one_port",
          "platform": { "nodes": [ { "name": "P1", "speed": 1 }, { "name": "P2", "speed": 1 } ],
                        "links": [ { "from": "P1", "to": "P2", "bandwidth": 1, "bidirectional": true } ] },
          "application": { "type": "broadcast", "source": "P1", "size": 1 } })"), "broadcast");
        SteadyStateEditor editor(&document);
        showEditor(editor, id, 1000, 700);
        QVERIFY(editor.canvas()->addNodeAt(QPointF(300, 300)));
        const auto& in = std::get<SteadyStateInstance>(document.entry(id)->instance);
        QCOMPARE(in.nodes.size(), std::size_t{3});
        const std::string added = in.nodes.back().name;
        Expected<SolveResult> refused = solve(document.entry(id)->instance, "");
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.find("node \"" + added + "\" cannot be reached") != std::string::npos,
                 refused.error().message.c_str());
        // Saved and read back as it is; linked, it solves.
        Expected<Project> reread = parseProject(projectToJson(document.toProject()).dump());
        QVERIFY2(reread.ok(), reread.ok() ? "" : reread.error().message.c_str());
        editor.canvas()->selectTool(QStringLiteral("two_way_link"));
        QVERIFY(editor.canvas()->addLink(1, 2));
        QVERIFY(solve(document.entry(id)->instance, "").ok());
    }

    void aLargePlatformIsLaidOutOffTheGuiThread() {
        // 400 nodes without positions: on a grid at once, the force-directed layout when it is ready
        // (not stored: opening is not an edit); Auto layout the same way, stored as one undoable edit.
        const SteadyStateInstance platform = randomSteadyPlatform(400, 3, 9);
        ProjectDocument document;
        const EntryId id = onlyEntry(document, platform, "large");
        SteadyStateEditor editor(&document);
        QSignalSpy finished(editor.canvas(), &CanvasWidget::layoutFinished);
        showEditor(editor, id, 1000, 700);
        QVERIFY(editor.canvas()->isLayingOut());
        QVERIFY(editor.canvas()->messageBar()->text().contains(QStringLiteral("Laying out 400 nodes")));
        const QPointF first = editor.canvas()->scene()->nodeItems()[0]->pos();
        const QPointF second = editor.canvas()->scene()->nodeItems()[1]->pos();
        QCOMPARE(first.y(), second.y());  // a row of the grid
        QVERIFY(finished.wait(20000));
        QVERIFY(!editor.canvas()->isLayingOut());
        std::vector<layout::LayoutEdge> edges;
        for (const SteadyLink& l : platform.links) edges.push_back({static_cast<int>(l.from), static_cast<int>(l.to)});
        layout::ForceOptions options;
        options.edgeLength = 170;
        const std::vector<layout::Point> expected = layout::forceDirectedLayout(400, edges, options);
        for (std::size_t i = 0; i < 400; i += 37)
            QCOMPARE(editor.canvas()->scene()->nodeItems()[i]->pos(), QPointF(expected[i].x, expected[i].y));
        QVERIFY(document.entry(id)->layout.is_null() || !document.entry(id)->layout.contains("positions"));
        QCOMPARE(document.undoStack()->count(), 0);
        // Auto layout: off the GUI thread too, then one edit.
        editor.canvas()->applyAutoLayout();
        QVERIFY(editor.canvas()->isLayingOut());
        QVERIFY(finished.wait(20000));
        QCOMPARE(document.undoStack()->count(), 1);
        QCOMPARE(document.entry(id)->layout["positions"].size(), std::size_t{400});
        // Opening another entry drops a layout under way: once its thread has finished and what it posted
        // has been delivered (whatever the machine's speed), no edit was made.
        editor.canvas()->applyAutoLayout();
        QVERIFY(editor.canvas()->isLayingOut());
        editor.setEntry(0);
        QVERIFY(!editor.canvas()->isLayingOut());
        QThreadPool::globalInstance()->waitForDone();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        QCOMPARE(document.undoStack()->count(), 1);
    }

    void anEditKeepsTheItemsItDoesNotTouch() {
        // A big graph is edited a few items at a time: the scene keeps what an edit leaves as it was,
        // remakes what it changes, and ends as a scene built from scratch would be.
        const Instance steady = example("steady-state-bag-of-tasks.json");
        ProjectDocument document;
        const EntryId id = onlyEntry(document, steady, "steady");
        SteadyStateEditor editor(&document);
        showEditor(editor, id, 1000, 700);
        GraphScene* scene = editor.canvas()->scene();
        const std::vector<NodeItem*> nodesBefore = scene->nodeItems();
        const std::vector<LinkItem*> linksBefore = scene->linkItems();
        // P4's speed: P4 is drawn anew (its label changes), and so are its links; the rest stays.
        scene->clearSelection();
        scene->nodeItems()[3]->setSelected(true);
        typeProperty(editor.canvas(), QStringLiteral("speed"), QStringLiteral("7"));
        QCOMPARE(std::get<SteadyStateInstance>(document.entry(id)->instance).nodes[3].speed, 7.0);
        const std::vector<NodeItem*>& nodesAfter = scene->nodeItems();
        QCOMPARE(nodesAfter.size(), nodesBefore.size());
        for (std::size_t i = 0; i < nodesAfter.size(); ++i) {
            QCOMPARE(nodesAfter[i]->index(), int(i));
            QCOMPARE(nodesAfter[i] == nodesBefore[i], i != 3);
            QCOMPARE(nodesAfter[i]->pos(), nodesBefore[i] == nodesAfter[i] ? nodesBefore[i]->pos() : nodesAfter[i]->pos());
        }
        QVERIFY(nodesAfter[3]->node().value.contains(QStringLiteral("7")));
        // The digest checked with the edit is the instance's (runs are current or stale by it).
        QCOMPARE(document.entry(id)->digest, instanceDigest(document.entry(id)->instance));
        QVERIFY(nodesAfter[3]->isSelected());  // the selection follows the node
        int keptLinks = 0;
        for (std::size_t k = 0; k < scene->linkItems().size(); ++k) {
            LinkItem* link = scene->linkItems()[k];
            const bool touches = link->link().from == 3 || link->link().to == 3;
            const bool kept = std::find(linksBefore.begin(), linksBefore.end(), link) != linksBefore.end();
            QCOMPARE(kept, !touches);
            keptLinks += kept ? 1 : 0;
            QCOMPARE(link->index(), int(k));
            QCOMPARE(link->fromNode(), nodesAfter[static_cast<std::size_t>(link->link().from)]);
            QCOMPARE(link->toNode(), nodesAfter[static_cast<std::size_t>(link->link().to)]);
            // Every node lists exactly the links that end at it.
            QVERIFY(std::count(link->fromNode()->links().begin(), link->fromNode()->links().end(), link) == 1);
            QVERIFY(std::count(link->toNode()->links().begin(), link->toNode()->links().end(), link) == 1);
        }
        QVERIFY(keptLinks > 0);
        std::size_t listed = 0;
        for (NodeItem* node : nodesAfter) listed += node->links().size();
        QCOMPARE(listed, 2 * scene->linkItems().size());
        // As a scene built from scratch: the same nodes, links and places.
        GraphScene fresh;
        std::vector<QPointF> positions;
        for (NodeItem* node : nodesAfter) positions.push_back(node->pos());
        fresh.setGraph(editor.canvas()->adapter()->graph(document.entry(id)->instance), positions);
        QCOMPARE(fresh.nodeItems().size(), nodesAfter.size());
        QCOMPARE(fresh.linkItems().size(), scene->linkItems().size());
        for (std::size_t k = 0; k < fresh.linkItems().size(); ++k) {
            QCOMPARE(fresh.linkItems()[k]->line(), scene->linkItems()[k]->line());
            QCOMPARE(fresh.linkItems()[k]->link().value, scene->linkItems()[k]->link().value);
        }
        // Undo: the old look again, the items it touched remade.
        document.undoStack()->undo();
        QVERIFY(scene->nodeItems()[3]->node().value.contains(QStringLiteral("s=3")));
        QCOMPARE(scene->nodeItems()[0], nodesBefore[0]);
        QCOMPARE(document.entry(id)->digest, instanceDigest(document.entry(id)->instance));
    }

    void theRunsLinkLoadsAreDrawnOnThePlatformWhileCurrent() {
        ProjectDocument document;
        Project project;
        project.entries.push_back({"p", parsed(R"({ "kind": "steady_state", "model": "bidirectional_one_port",
          "platform": { "nodes": [ { "name": "M", "speed": 0 }, { "name": "W1", "speed": 1 }, { "name": "W2", "speed": 2 } ],
                        "links": [ { "from": "M", "to": "W1", "bandwidth": 1, "bidirectional": true },
                                   { "from": "M", "to": "W2", "bandwidth": 2, "bidirectional": false } ] },
          "application": { "type": "bag_of_tasks", "source": "M", "data": 1, "result": 0, "work": 1 } })"),
                                   {}, nullptr});
        document.reset(project, QString());
        const EntryId id = document.entryAt(0).id;
        Expected<SolveResult> result = solve(document.entry(id)->instance, "lp");
        QVERIFY(result.ok());
        document.appendRun(id, makeRunRecord(*result, document.entry(id)->digest));
        SteadyStateEditor editor(&document);
        editor.resize(900, 600);
        editor.setEntry(id);
        editor.showRun(&document.entry(id)->runs.back());
        QCOMPARE(editor.resultCombo()->currentIndex(), 1);
        // One-port master: it sends 1 byte per task at most one time unit in every unit: the loads sum to 1.
        double total = 0;
        for (LinkItem* link : editor.canvas()->scene()->linkItems()) {
            QVERIFY(link->link().load >= 0);
            total += link->link().load;
        }
        QVERIFY2(std::abs(total - 1.0) < 1e-6, qPrintable(QString::number(total)));
        // Each link's load is core's: the larger of its two arcs' busy fractions (steadyArcs order).
        const SteadySolution* solution = solutionOf<SteadySolution>(*document.entry(id)->runs.back().result);
        QVERIFY(solution);
        const std::vector<double>& loads = solution->resourceLoads;
        QCOMPARE(editor.canvas()->scene()->linkItems()[0]->link().load, std::max(loads[0], loads[1]));
        QCOMPARE(editor.canvas()->scene()->linkItems()[1]->link().load, loads[2]);
        QVERIFY(editor.findChild<MessageBar*>(QStringLiteral("editorMessage"))->isHidden());
        // A pattern highlights some of the links.
        if (editor.resultCombo()->count() > 2) {
            editor.resultCombo()->setCurrentIndex(2);
            emit editor.resultCombo()->activated(2);
            bool any = false;
            for (LinkItem* link : editor.canvas()->scene()->linkItems()) any = any || link->link().highlighted;
            QVERIFY(any);
        }
        editor.resultCombo()->setCurrentIndex(1);
        emit editor.resultCombo()->activated(1);
        // Moving a node keeps the run current; changing a bandwidth does not.
        editor.canvas()->applyAutoLayout();
        QVERIFY(editor.canvas()->scene()->linkItems().front()->link().load >= 0);
        editor.canvas()->scene()->linkItems().front()->setSelected(true);
        typeProperty(editor.canvas(), QStringLiteral("bandwidth"), QStringLiteral("3"));
        QCOMPARE(std::get<SteadyStateInstance>(document.entry(id)->instance).links[0].bandwidth, 3.0);
        for (LinkItem* link : editor.canvas()->scene()->linkItems()) QCOMPARE(link->link().load, -1.0);
    }

    void aRunThatCannotBeReadBackIsAMessageInTheEditorsNotZeros() {
        // The key each family's reader needs and the run lacks.
        const std::map<std::string, std::string> needed = {
            {"steady_state", "allocations"}, {"divisible", "workers"}, {"partition", "assignment"}};
        for (const char* file : {"steady-state-bag-of-tasks.json", "divisible-small.json", "partition-small.json"}) {
            const Instance instance = example(file);
            ProjectDocument document;
            const EntryId id = onlyEntry(document, instance, instanceKind(instance).c_str());
            Expected<SolveResult> result = solve(document.entry(id)->instance, "");
            QVERIFY(result.ok());
            // Stored with a key its family's reader needs deleted: it is kept, unreadable.
            nlohmann::json stored = resultToJson(document.entry(id)->instance, *result);
            const std::string key = needed.at(instanceKind(instance));
            stored.erase(key);
            document.appendRun(id, restoreRunRecord(document.entry(id)->instance, stored, document.entry(id)->digest));
            const RunRecord& unreadable = document.entry(id)->runs.back();
            QVERIFY(!unreadable.result);
            std::unique_ptr<InstanceEditor> editor(createInstanceEditor(instance, &document));
            editor->resize(900, 600);
            editor->setEntry(id);
            editor->showRun(&unreadable);
            auto* bar = editor->findChild<MessageBar*>(QStringLiteral("editorMessage"));
            QVERIFY(bar && !bar->isHidden());
            QVERIFY2(bar->text().contains(QStringLiteral("cannot be read back")) &&
                         bar->text().contains(QString::fromStdString("'" + key + "'")),
                     qPrintable(bar->text()));
            // Nothing of it is drawn: no loads, no marked node.
            if (auto* canvas = editor->findChild<CanvasWidget*>())
                for (NodeItem* node : canvas->scene()->nodeItems()) QVERIFY(!node->node().marked);
            // A readable run retires the message.
            document.appendRun(id, makeRunRecord(*result, document.entry(id)->digest));
            editor->showRun(&document.entry(id)->runs.back());
            QVERIFY(bar->isHidden());
        }
    }

    void aDependencyClosingACycleIsRefusedWhenDrawn() {
        ProjectDocument document;
        const EntryId id = onlyEntry(document, parsed(test::kChainJson), "dag");
        DagEditor editor(&document);
        showEditor(editor, id, 1000, 800);
        QApplication::setActiveWindow(&editor);
        QVERIFY(QTest::qWaitForWindowActive(&editor));
        CanvasWidget* canvas = editor.canvas();
        canvas->view()->setFocus();
        // The layered layout puts a above b above c.
        QVERIFY(canvas->positions().value("a").y() < canvas->positions().value("b").y());
        QVERIFY(canvas->positions().value("b").y() < canvas->positions().value("c").y());
        canvas->view()->resetTransform();
        canvas->view()->centerOn(canvas->positions().value("b"));
        const int steps = document.undoStack()->count();
        canvas->toolAction(QStringLiteral("dependency"))->trigger();
        dragLink(canvas, atNode(canvas, "c"), atNode(canvas, "a"), Qt::NoModifier);
        QCOMPARE(dagIn(document, id).edges.size(), std::size_t(2));
        QCOMPARE(document.undoStack()->count(), steps);
        QVERIFY2(canvas->messageBar()->text().contains(QStringLiteral("c → a would close the cycle c → a → b → c")),
                 qPrintable(canvas->messageBar()->text()));
        // A dependency that keeps the graph acyclic is accepted; its bytes are edited on the link.
        dragLink(canvas, atNode(canvas, "a"), atNode(canvas, "c"), Qt::NoModifier);
        QCOMPARE(dagIn(document, id).edges.size(), std::size_t(3));
        QTest::keyClick(canvas->view(), Qt::Key_Escape);
        canvas->scene()->clearSelection();
        canvas->scene()->linkItems().back()->setSelected(true);
        typeProperty(canvas, QStringLiteral("bytes"), QStringLiteral("-1"), false);
        QVERIFY(canvas->propertyPanel()->errorText().contains(QStringLiteral("at least 0")));
        typeProperty(canvas, QStringLiteral("bytes"), QStringLiteral("5e6"));
        QCOMPARE(dagIn(document, id).edges.back().bytes, 5e6);
        // Task flops and alpha; alpha out of [0, 1] is refused.
        canvas->scene()->clearSelection();
        canvas->scene()->nodeItems()[1]->setSelected(true);
        typeProperty(canvas, QStringLiteral("alpha"), QStringLiteral("1.5"));
        QCOMPARE(dagIn(document, id).tasks[1].alpha, 0.1);
        QVERIFY(canvas->messageBar()->text().contains(QStringLiteral("[0, 1]")));
        QTest::qWait(1);
        typeProperty(canvas, QStringLiteral("flops"), QStringLiteral("3e9"));
        QCOMPARE(dagIn(document, id).tasks[1].flops, 3e9);
        // A new task linked after c by a drag to empty space.
        dragLink(canvas, atNode(canvas, "c"), atNode(canvas, "c") + QPoint(0, 120), Qt::ShiftModifier);
        QCOMPARE(dagIn(document, id).tasks.size(), std::size_t(4));
        QCOMPARE(dagIn(document, id).edges.back().from, std::size_t(2));
        // The platform table: a negative speed is refused, a valid one kept.
        QTableWidget* clusters = editor.clusterTable();
        clusters->item(0, 2)->setText(QStringLiteral("-1"));
        QCOMPARE(dagIn(document, id).platform.clusters[0].speed, 1e9);
        QCOMPARE(clusters->item(0, 2)->text(), QStringLiteral("1e+09"));
        QVERIFY(canvas->messageBar()->text().contains(QStringLiteral("speed")));
        clusters->item(0, 1)->setText(QStringLiteral("8"));
        QCOMPARE(dagIn(document, id).platform.clusters[0].processors, 8);
        // Import a daggen DOT file: one undoable step, the platform kept, the tasks laid out in layers.
        QTemporaryDir temp;
        QVERIFY(temp.isValid());
        const QString dot = temp.filePath(QStringLiteral("g.dot"));
        {
            QFile file(dot);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("digraph G {\n  1 [size=\"2e9\", alpha=\"0.1\"]\n  2 [size=\"1e9\"]\n  3 [size=\"1e9\"]\n"
                       "  1 -> 2 [size=\"1000\"]\n  1 -> 3\n}\n");
        }
        const int beforeImport = document.undoStack()->count();
        QVERIFY(editor.importTaskGraph(dot));
        QCOMPARE(document.undoStack()->count(), beforeImport + 1);
        QCOMPARE(dagIn(document, id).tasks.size(), std::size_t(3));
        QCOMPARE(dagIn(document, id).platform.clusters[0].processors, 8);
        const nlohmann::json& positions = document.entry(id)->layout["positions"];
        QCOMPARE(positions.size(), std::size_t(3));
        QVERIFY(positions["1"][1].get<double>() < positions["2"][1].get<double>());
        // A broken file is refused with the line, and changes nothing.
        {
            QFile file(dot);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write("digraph G {\n  1 [size=\"2e9\"]\n  1 -> -> 9\n}\n");
        }
        QVERIFY(!editor.importTaskGraph(dot));
        QCOMPARE(document.undoStack()->count(), beforeImport + 1);
        QVERIFY2(canvas->messageBar()->text().contains(QStringLiteral("line 3")), qPrintable(canvas->messageBar()->text()));
        // Everything undone gives the original chain back.
        while (document.undoStack()->canUndo()) document.undoStack()->undo();
        QCOMPARE(instanceToJson(document.entry(id)->instance).dump(), instanceToJson(parsed(test::kChainJson)).dump());
    }

    void theDivisibleStarIsEditedOnTheCanvasAndShowsAlpha() {
        const Instance star = example("divisible-small.json");
        ProjectDocument document;
        const EntryId id = onlyEntry(document, star, "star");
        DivisibleEditor editor(&document);
        showEditor(editor, id, 1200, 800);
        CanvasWidget* canvas = editor.starCanvas();
        const std::size_t workers = std::get<DivisibleInstance>(document.entry(id)->instance).workers.size();
        QCOMPARE(canvas->scene()->nodeItems().size(), workers + 1);  // and the master
        QCOMPARE(canvas->scene()->linkItems().size(), workers);
        QVERIFY(canvas->addNodeAt(QPointF(300, 300)));
        QCOMPARE(std::get<DivisibleInstance>(document.entry(id)->instance).workers.size(), workers + 1);
        QCOMPARE(editor.workerModel()->rowCount(), static_cast<int>(workers + 1));  // the table follows
        // A negative c_i is refused as typed and on commit; the master cannot be deleted.
        canvas->scene()->clearSelection();
        canvas->scene()->linkItems().front()->setSelected(true);
        typeProperty(canvas, QStringLiteral("c"), QStringLiteral("-2"), false);
        QVERIFY(canvas->propertyPanel()->errorText().contains(QStringLiteral("must be positive")));
        canvas->scene()->clearSelection();
        canvas->scene()->nodeItems().front()->setSelected(true);
        QVERIFY(!canvas->deleteSelection());
        QVERIFY(canvas->messageBar()->text().contains(QStringLiteral("master")));
        document.undoStack()->undo();
        QCOMPARE(std::get<DivisibleInstance>(document.entry(id)->instance).workers.size(), workers);
        // A run's alpha_i: the participating workers are marked.
        Expected<SolveResult> result = solve(document.entry(id)->instance, "");
        QVERIFY(result.ok());
        document.appendRun(id, makeRunRecord(*result, document.entry(id)->digest));
        editor.showRun(&document.entry(id)->runs.back());
        int marked = 0;
        for (NodeItem* node : canvas->scene()->nodeItems()) marked += node->node().marked ? 1 : 0;
        QVERIFY(marked > 0);
        QVERIFY(canvas->scene()->nodeItems()[1]->node().value.contains(QStringLiteral("α=")));
    }

    void theClustersOfADagAreEditedOnTheirOwnCanvasBesideTheTaskGraph() {
        const Instance dag = example("dag-two-clusters.json");
        ProjectDocument document;
        const EntryId id = onlyEntry(document, dag, "dag");
        auto instance = [&] { return std::get<DagInstance>(document.entry(id)->instance); };
        const DagInstance before = instance();
        DagEditor editor(&document);
        showEditor(editor, id, 1200, 900);
        CanvasWidget* platform = editor.platformCanvas();
        // The platform has its own tab; shown, its canvas shows every cluster.
        QVERIFY(!platform->isVisible());
        editor.views()->setCurrentIndex(1);
        QVERIFY(platform->isVisible());
        // The canvas fits its view once shown (after the view has its size): wait for the fit, not a fixed delay.
        const auto everyNodeShown = [&] {
            const QRectF shown = platform->view()->mapToScene(platform->view()->viewport()->rect()).boundingRect();
            for (const NodeItem* node : platform->scene()->nodeItems())
                if (!shown.contains(node->shapeRect().translated(node->pos()))) return false;
            return true;
        };
        // Fitted: every cluster in sight, and two clusters and a backbone are not a speck in a corner.
        QTRY_VERIFY(everyNodeShown() && platform->view()->zoom() > 0.8);
        const std::size_t clusters = before.platform.clusters.size();
        QCOMPARE(platform->scene()->nodeItems().size(), clusters + 1);  // and the backbone
        QCOMPARE(platform->scene()->linkItems().size(), clusters);
        // A task on the task canvas, then a cluster on the platform canvas: both keep their positions.
        QVERIFY(editor.canvas()->addNodeAt(QPointF(400, 400)));
        const std::size_t tasks = instance().tasks.size();
        QCOMPARE(tasks, before.tasks.size() + 1);
        platform->selectTool(QStringLiteral("cluster"));
        QVERIFY(platform->addNodeAt(QPointF(300, -200)));
        platform->selectTool(QString());
        QCOMPARE(instance().platform.clusters.size(), clusters + 1);
        const nlohmann::json& stored = document.entry(id)->layout["positions"];
        QVERIFY(stored.contains(instance().tasks.back().name));
        QVERIFY(stored.contains((DagPlatformAdapter::keyPrefix() + QString::fromStdString(
                                     instance().platform.clusters.back().name)).toStdString()));
        QCOMPARE(editor.canvas()->scene()->nodeItems().size(), tasks);
        // A zero LAN bandwidth is refused as typed; the backbone cannot be deleted; a cluster's speed commits.
        platform->scene()->clearSelection();
        platform->scene()->nodeItems()[1]->setSelected(true);
        auto* bandwidth = qobject_cast<QLineEdit*>(platform->propertyPanel()->editorOf(QStringLiteral("bandwidth")));
        QVERIFY(bandwidth);
        const QString storedBandwidth = bandwidth->text();
        typeProperty(platform, QStringLiteral("bandwidth"), QStringLiteral("0"), false);
        QVERIFY2(platform->propertyPanel()->errorText().contains(QStringLiteral("must be positive")),
                 qPrintable(platform->propertyPanel()->errorText()));
        // Leaving the refused field (a click on the next one) puts its stored value back and keeps the form.
        auto* speed = qobject_cast<QLineEdit*>(platform->propertyPanel()->editorOf(QStringLiteral("speed")));
        QVERIFY(speed);
        speed->setFocus();
        QCOMPARE(platform->propertyPanel()->editorOf(QStringLiteral("speed")), speed);
        QCOMPARE(bandwidth->text(), storedBandwidth);
        QVERIFY(platform->messageBar()->text().contains(QStringLiteral("positive")));
        typeProperty(platform, QStringLiteral("speed"), QStringLiteral("3e9"));
        QCOMPARE(instance().platform.clusters[0].speed, 3e9);
        platform->scene()->clearSelection();
        platform->scene()->nodeItems().front()->setSelected(true);
        QVERIFY(!platform->deleteSelection());
        QVERIFY(platform->messageBar()->text().contains(QStringLiteral("backbone")));
        // Undo everything: the file's platform and tasks again, redo to the same.
        const DagInstance last = instance();
        while (document.undoStack()->canUndo()) document.undoStack()->undo();
        QCOMPARE(instance().platform.clusters.size(), clusters);
        QCOMPARE(instance().platform.clusters[0].speed, before.platform.clusters[0].speed);
        QCOMPARE(instance().tasks.size(), before.tasks.size());
        while (document.undoStack()->canRedo()) document.undoStack()->redo();
        QCOMPARE(instance().platform.clusters.size(), last.platform.clusters.size());
        QCOMPARE(instance().platform.clusters[0].speed, 3e9);
    }

    void theCpuGpuNodeIsEditedOnTheCanvas() {
        const Instance node = example("cpugpu-small.json");
        ProjectDocument document;
        const EntryId id = onlyEntry(document, node, "node");
        auto instance = [&] { return std::get<CpuGpuInstance>(document.entry(id)->instance); };
        const CpuGpuInstance before = instance();
        CpuGpuEditor editor(&document);
        showEditor(editor, id, 1200, 800);
        CanvasWidget* canvas = editor.nodeCanvas();
        const auto processors = static_cast<std::size_t>(before.cpus + before.gpus);
        QCOMPARE(canvas->scene()->nodeItems().size(), processors + 1);  // and the host
        QCOMPARE(canvas->scene()->linkItems().size(), processors);
        // A GPU from the palette, a CPU by double-click: m and k follow, and so do the spin boxes.
        canvas->selectTool(QStringLiteral("gpu"));
        QVERIFY(canvas->addNodeAt(QPointF(250, 250)));
        canvas->selectTool(QString());
        const QPoint empty = canvas->view()->mapFromScene(QPointF(-400, -400));
        QTest::mouseDClick(viewport(canvas), Qt::LeftButton, Qt::NoModifier, empty);
        QCOMPARE(instance().gpus, before.gpus + 1);
        QCOMPARE(instance().cpus, before.cpus + 1);
        QCOMPARE(editor.cpuSpinBox()->value(), before.cpus + 1);
        QCOMPARE(canvas->scene()->nodeItems().size(), processors + 3);
        // m on the host: a negative count is refused as typed, a whole number commits.
        canvas->scene()->clearSelection();
        canvas->scene()->nodeItems().front()->setSelected(true);
        typeProperty(canvas, QStringLiteral("cpus"), QStringLiteral("-1"), false);
        QVERIFY2(canvas->propertyPanel()->errorText().contains(QStringLiteral("between 0")),
                 qPrintable(canvas->propertyPanel()->errorText()));
        typeProperty(canvas, QStringLiteral("cpus"), QStringLiteral("6"));
        QCOMPARE(instance().cpus, 6);
        // Deleting every processor is refused (a node needs one), the host cannot go, two CPUs can.
        canvas->scene()->clearSelection();
        for (NodeItem* item : canvas->scene()->nodeItems()) item->setSelected(true);
        QVERIFY(!canvas->deleteSelection());
        canvas->scene()->clearSelection();
        canvas->scene()->nodeItems()[1]->setSelected(true);
        canvas->scene()->nodeItems()[2]->setSelected(true);
        QVERIFY(canvas->deleteSelection());
        QCOMPARE(instance().cpus, 4);
        // Undo everything back to the file's node, redo to the same.
        const CpuGpuInstance last = instance();
        while (document.undoStack()->canUndo()) document.undoStack()->undo();
        QCOMPARE(instance().cpus, before.cpus);
        QCOMPARE(instance().gpus, before.gpus);
        QCOMPARE(canvas->scene()->nodeItems().size(), processors + 1);
        while (document.undoStack()->canRedo()) document.undoStack()->redo();
        QCOMPARE(instance().cpus, last.cpus);
        QCOMPARE(instance().gpus, last.gpus);
    }

    void nodesAndLinksAreDrawnWhereTheyAreAndLinksArePickedByTheMouse() {
        // Node bodies are blitted from one image per look and links are painted by one layer: what the
        // view shows must still be each node at its place with its label, and each link a line that a
        // click selects (the link items paint nothing themselves).
        CanvasGraph graph;
        graph.nodes.push_back({QStringLiteral("P1"), QStringLiteral("P1"), QStringLiteral("s=1"), CanvasNodeShape::Processor, false, false, {}});
        graph.nodes.push_back({QStringLiteral("R"), QStringLiteral("R"), {}, CanvasNodeShape::Router, false, false, {}});
        CanvasLink link;
        link.from = 0;
        link.to = 1;
        link.twoWay = true;
        graph.links.push_back(link);
        GraphScene scene;
        scene.setGraph(graph, {QPointF(0, 0), QPointF(300, 0)});
        GraphView view(&scene);
        view.resize(800, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fitAll();
        view.zoomBy(1.5 / view.zoom());
        view.centerOn(150, 0);
        const auto frame = [&] {
            QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
            QPainter painter(&image);
            view.viewport()->render(&painter);
            return image;
        };
        const auto at = [&](const QImage& image, QPointF scenePoint) {
            return QColor(image.pixel(view.mapFromScene(scenePoint)));
        };
        const auto darkIn = [&](const QImage& image, QRectF sceneRect) {  // pixels clearly darker than the background
            const QRect r = view.mapFromScene(sceneRect).boundingRect() & image.rect();
            int dark = 0;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x) dark += QColor(image.pixel(x, y)).lightness() < 180 ? 1 : 0;
            return dark;
        };
        const QImage before = frame();
        QCOMPARE(at(before, QPointF(0, 0)), QColor(0xd6, 0xe6, 0xf7));      // the processor's fill
        QCOMPARE(at(before, QPointF(300, 0)), QColor(0xe0, 0xe0, 0xe0));    // the router's
        QCOMPARE(at(before, QPointF(0, -40)), QColor(0xfb, 0xfb, 0xfc));    // background above it
        QVERIFY(darkIn(before, QRectF(-20, 22, 40, 16)) > 10);                // "P1" under the processor
        QVERIFY(darkIn(before, QRectF(-40, -60, 20, 20)) == 0);
        QVERIFY(darkIn(before, QRectF(140, -1.5, 20, 3)) > 5);               // the link between them
        QCOMPARE(scene.linkItems().front()->flags() & QGraphicsItem::ItemHasNoContents, QGraphicsItem::ItemHasNoContents);
        QVERIFY(!scene.linkItems().front()->isSelected());
        QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier, view.mapFromScene(QPointF(150, 0)));
        QVERIFY(scene.linkItems().front()->isSelected());
        QCOMPARE(scene.selectedLinks(), std::vector<int>{0});
        const QImage selected = frame();
        int blue = 0;
        const QRect line = view.mapFromScene(QRectF(100, -2, 100, 4)).boundingRect();
        for (int x = line.left(); x <= line.right(); ++x)
            for (int y = line.top(); y <= line.bottom(); ++y) {
                const QColor c(selected.pixel(x, y));
                blue += c.blue() > 150 && c.red() < 80 ? 1 : 0;
            }
        QVERIFY2(blue > 40, qPrintable(QString::number(blue)));  // drawn in the selection's blue
        // A click on empty space leaves no link selected; the layer is never picked.
        QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier, view.mapFromScene(QPointF(150, 60)));
        QVERIFY(scene.selectedItems().isEmpty());
        QCOMPARE(frame(), before);
    }

};

QTEST_MAIN(CanvasTest)
#include "test_canvas.moc"
