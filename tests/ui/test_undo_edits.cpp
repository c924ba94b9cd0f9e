// Undo of what issue 14 named: removing a run (the Delete key on the runs table, Ctrl+Z puts it back at its
// place with its result and selection, redo removes it again), and instance edits that share their
// snapshots with the undo history (undo and redo restore exactly what was there, runs' staleness and the
// digest follow), on a small instance and on a 10,000-task graph.
#include <QAction>
#include <QApplication>
#include <QItemSelectionModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <algorithm>
#include <QFile>
#include <functional>
#include <map>
#include <QtTest>

#include "canvas/canvas_widget.h"
#include "canvas/dag_adapter.h"
#include "canvas/canvas_items.h"
#include "canvas/graph_scene.h"
#include "document/document_commands.h"
#include "document/project_document.h"
#include "document/run_table_model.h"
#include "io/instance_io.h"
#include "app/mainwindow.h"
#include "model/dag_random.h"
#include "model/platform_generators.h"
#include "panels/run_table.h"
#include "solvers/registry.h"
#include "ui_test_util.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

// A daggen graph of `tasks` tasks on the default platform.
DagInstance daggenGraph(int tasks, unsigned seed = 1) {
    DagGeneratorConfig config;
    config.n = tasks;
    config.fat = 0.5;
    config.density = 0.5;
    config.jump = 1;
    config.seed = seed;
    const Expected<DagPlatform> platform = generatePlatform(DagPlatformConfig{});
    if (!platform) qFatal("%s", platform.error().message.c_str());
    Expected<DagInstance> dag = generateDag(config, *platform);
    if (!dag) qFatal("%s", dag.error().message.c_str());
    return std::move(*dag);
}

// A document holding `dag` alone; its entry.
EntryId openAlone(ProjectDocument& document, DagInstance dag) {
    Project project;
    project.entries.push_back({"dag", Instance(std::move(dag)), {}, nullptr});
    document.reset(project, QString());
    return document.entryAt(0).id;
}

std::string instanceText(const DocumentEntry& entry) {
    return instanceToJson(entry.instance).dump();
}

}  // namespace

class UndoEditsTests : public QObject {
    Q_OBJECT

    QTemporaryDir m_temp;

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        test::isolateSettings(m_temp, QStringLiteral("undo_edits_tests"));
    }

    void removingARunWithTheDeleteKeyIsUndoneByCtrlZ() {
        auto window = test::shownWindow();
        window->addNewInstance(QStringLiteral("cpugpu"));
        QCOMPARE(test::solveWith(*window, QStringLiteral("heft")), QString());
        QCOMPARE(test::solveWith(*window, QStringLiteral("heteroprio")), QString());
        QCOMPARE(test::solveWith(*window, QStringLiteral("dual-approx")), QString());
        ProjectDocument* document = window->document();
        const EntryId id = window->currentEntry();
        QCOMPARE(document->entry(id)->runs.size(), std::size_t(3));
        const nlohmann::json removed = runJson(document->entry(id)->runs[1], document->entry(id)->instance);
        const std::optional<double> objective = document->entry(id)->runs[1].objective();
        QVERIFY(objective);
        const nlohmann::json before = projectToJson(document->toProject());
        const int steps = document->undoStack()->count();

        // The second run, clicked in the table, then the Delete key.
        RunTable* table = window->runTable();
        QTableView* view = table->view();
        const int row = 1;  // sorted by number: row 1 is run #2
        QCOMPARE(view->model()->index(row, 0).data().toString().left(1), QStringLiteral("2"));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(row, 1)).center());
        QCOMPARE(table->currentRun(), 1);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Delete);
        QCOMPARE(document->entry(id)->runs.size(), std::size_t(2));
        QCOMPARE(document->undoStack()->count(), steps + 1);
        QVERIFY(document->undoStack()->undoText().contains(QStringLiteral("Remove run")));
        QVERIFY(document->isModified());
        QCOMPARE(table->model()->rowCount(), 2);
        QCOMPARE(document->entry(id)->runs[1].solver(), QStringLiteral("dual-approx"));
        // The run that took its place is selected.
        QCOMPARE(table->currentRun(), 1);

        // Ctrl+Z: the run is back at its place, with its result, and selected.
        window->activateWindow();
        QTest::keyClick(window.get(), Qt::Key_Z, Qt::ControlModifier);
        const DocumentEntry* entry = document->entry(id);
        QCOMPARE(entry->runs.size(), std::size_t(3));
        QCOMPARE(runJson(entry->runs[1], entry->instance), removed);
        QVERIFY(entry->runs[1].result);
        QCOMPARE(entry->runs[1].objective(), objective);
        QCOMPARE(table->model()->rowCount(), 3);
        QCOMPARE(table->currentRun(), 1);
        QCOMPARE(table->model()->index(1, RunTableModel::SolverColumn).data().toString(), QStringLiteral("heteroprio"));
        QCOMPARE(projectToJson(document->toProject()), before);

        // Redo (its key on this platform: Ctrl+Shift+Z or Ctrl+Y) removes it again.
        const QKeySequence redo(QKeySequence::Redo);
        QVERIFY(!redo.isEmpty());
        QTest::keySequence(window.get(), QKeySequence(redo[0]));
        QCOMPARE(document->entry(id)->runs.size(), std::size_t(2));
        QCOMPARE(document->entry(id)->runs[0].solver(), QStringLiteral("heft"));
        QCOMPARE(document->entry(id)->runs[1].solver(), QStringLiteral("dual-approx"));
        QCOMPARE(table->model()->rowCount(), 2);
    }

    void removingSeveralRunsIsOneStep() {
        auto window = test::shownWindow();
        window->addNewInstance(QStringLiteral("cpugpu"));
        for (const char* solver : {"heft", "heteroprio", "dual-approx"})
            QCOMPARE(test::solveWith(*window, QString::fromLatin1(solver)), QString());
        ProjectDocument* document = window->document();
        const EntryId id = window->currentEntry();
        const nlohmann::json before = projectToJson(document->toProject());
        window->runTable()->selectRuns({0, 2});
        QTableView* view = window->runTable()->view();
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Delete);
        QCOMPARE(document->entry(id)->runs.size(), std::size_t(1));
        QCOMPARE(document->entry(id)->runs[0].solver(), QStringLiteral("heteroprio"));
        document->undoStack()->undo();
        QCOMPARE(projectToJson(document->toProject()), before);
        document->undoStack()->redo();
        QCOMPARE(document->entry(id)->runs.size(), std::size_t(1));
    }
    // Edits of a task graph on its canvas (a task's values, a dependency's bytes, a dependency added and
    // one removed): each is drawn as the graph made anew would be, the digest is the instance's, the run
    // made before is outdated and keeps its version; undoing them all restores the first JSON exactly and
    // the run is current again; redoing them restores the last.
    void instanceEditsUndoExactlyAndRunsFollow() {
        ProjectDocument document;
        const EntryId id = openAlone(document, daggenGraph(400));
        CanvasWidget canvas(&document, std::make_unique<DagAdapter>());
        canvas.resize(1000, 700);
        canvas.setEntry(id);
        QVERIFY(!canvas.isBuilding());
        // The first edit stores the automatic layout with it; the later ones change the instance only.
        QVERIFY(canvas.apply(canvas.adapter()->setNodeProperty(document.entry(id)->instance, 1, QStringLiteral("alpha"), QStringLiteral("0.25"))));
        const Expected<SolveResult> result = solve(document.entry(id)->instance, "heft");
        QVERIFY(result);
        document.appendRun(id, makeRunRecord(*result, document.entry(id)->digest));
        const std::string initial = instanceText(*document.entry(id));
        const std::size_t initialDigest = document.entry(id)->digest;
        const int steps = document.undoStack()->count();

        const auto drawnAsNew = [&] {
            const DocumentEntry* e = document.entry(id);
            QCOMPARE(e->digest, instanceDigest(e->instance));
            QCOMPARE(e->digest, instanceDigest(instanceToJson(e->instance)));
            const CanvasGraph fresh = canvas.adapter()->graph(e->instance);
            const GraphScene* scene = canvas.scene();
            QCOMPARE(scene->nodeItems().size(), fresh.nodes.size());
            QCOMPARE(scene->linkItems().size(), fresh.links.size());
            for (std::size_t i = 0; i < fresh.nodes.size(); ++i) QVERIFY(scene->nodeItems()[i]->node() == fresh.nodes[i]);
            for (std::size_t k = 0; k < fresh.links.size(); ++k) {
                const LinkItem* item = scene->linkItems()[k];
                QCOMPARE(item->index(), int(k));
                QCOMPARE(item->fromNode(), scene->nodeItems()[std::size_t(fresh.links[k].from)]);
                QCOMPARE(item->toNode(), scene->nodeItems()[std::size_t(fresh.links[k].to)]);
                QCOMPARE(item->link().value, fresh.links[k].value);
                QCOMPARE(item->link().toolTip, fresh.links[k].toolTip);
            }
        };

        const auto current = [&]() -> const Instance& { return document.entry(id)->instance; };
        QVERIFY(canvas.apply(canvas.adapter()->setNodeProperty(current(), 3, QStringLiteral("flops"), QStringLiteral("7e9"))));
        drawnAsNew();
        QVERIFY(!document.isRunCurrent(*document.entry(id), document.entry(id)->runs[0]));
        QVERIFY(document.entry(id)->runs[0].instance);
        QCOMPARE(instanceToJson(*document.entry(id)->runs[0].instance).dump(), initial);
        QVERIFY(canvas.apply(canvas.adapter()->setLinkProperty(current(), 0, QStringLiteral("bytes"), QStringLiteral("12345"))));
        drawnAsNew();
        // A dependency from the first task to one it does not reach yet (refused while it would close a cycle).
        bool added = false;
        const auto& dag = std::get<DagInstance>(current());
        const std::size_t edges = dag.edges.size();
        for (int to = int(dag.tasks.size()) - 1; to > 0 && !added; --to) {
            const auto& d = std::get<DagInstance>(current());
            if (std::any_of(d.edges.begin(), d.edges.end(), [&](const DagEdge& e) { return e.from == 2 && e.to == std::size_t(to); })) continue;
            added = canvas.addLink(2, to);
        }
        QVERIFY(added);
        QCOMPARE(std::get<DagInstance>(current()).edges.size(), edges + 1);
        drawnAsNew();
        QVERIFY(canvas.apply(canvas.adapter()->remove(current(), {}, {5})));
        drawnAsNew();
        QVERIFY(canvas.apply(canvas.adapter()->setNodeProperty(current(), 4, QStringLiteral("name"), QStringLiteral("renamed"))));
        drawnAsNew();
        const std::string last = instanceText(*document.entry(id));
        QCOMPARE(document.undoStack()->count(), steps + 5);

        while (document.undoStack()->index() > steps) document.undoStack()->undo();
        QCOMPARE(instanceText(*document.entry(id)), initial);
        QCOMPARE(document.entry(id)->digest, initialDigest);
        drawnAsNew();
        QVERIFY(document.isRunCurrent(*document.entry(id), document.entry(id)->runs[0]));
        while (document.undoStack()->canRedo()) document.undoStack()->redo();
        QCOMPARE(instanceText(*document.entry(id)), last);
        drawnAsNew();
        QVERIFY(!document.isRunCurrent(*document.entry(id), document.entry(id)->runs[0]));
    }

    // The first edit of a graph opened without stored positions keeps the drawing: it stores the positions
    // shown with the edit (one undoable step) and updates the items it changes instead of rebuilding the
    // scene; undo takes both back.
    void theFirstEditStoresThePositionsShownAndKeepsTheScene() {
        ProjectDocument document;
        const EntryId id = openAlone(document, daggenGraph(400, 2));
        CanvasWidget canvas(&document, std::make_unique<DagAdapter>());
        canvas.resize(1000, 700);
        canvas.setEntry(id);
        QVERIFY(!canvas.isBuilding());
        const auto hasPositions = [&] {
            const nlohmann::json& layout = document.entry(id)->layout;
            return layout.is_object() && layout.contains("positions");
        };
        QVERIFY(!hasPositions());
        const std::vector<QPointF> shown = canvas.scene()->positions();
        const NodeItem* untouched = canvas.scene()->nodeItems()[7];
        const int steps = document.undoStack()->count();

        QVERIFY(canvas.apply(canvas.adapter()->setNodeProperty(document.entry(id)->instance, 3, QStringLiteral("flops"), QStringLiteral("7e9"))));
        QCOMPARE(document.undoStack()->count(), steps + 1);   // the edit and the positions: one step
        QVERIFY(hasPositions());
        QCOMPARE(document.entry(id)->layout["positions"].size(), shown.size());
        QCOMPARE(canvas.scene()->nodeItems()[7], untouched);   // not rebuilt
        QCOMPARE(canvas.scene()->positions(), shown);          // nothing moved
        QCOMPARE(std::get<DagInstance>(document.entry(id)->instance).tasks[3].flops, 7e9);

        // Undo and redo of a later edit (every position stored now) update in place as the edit did.
        QVERIFY(canvas.apply(canvas.adapter()->setNodeProperty(document.entry(id)->instance, 3, QStringLiteral("flops"), QStringLiteral("8e9"))));
        const CanvasNode edited = canvas.scene()->nodeItems()[3]->node();
        document.undoStack()->undo();
        QCOMPARE(canvas.scene()->nodeItems()[7], untouched);
        QCOMPARE(std::get<DagInstance>(document.entry(id)->instance).tasks[3].flops, 7e9);
        QVERIFY(canvas.scene()->nodeItems()[3]->node() == canvas.adapter()->graph(document.entry(id)->instance).nodes[3]);
        document.undoStack()->redo();
        QCOMPARE(canvas.scene()->nodeItems()[7], untouched);
        QVERIFY(canvas.scene()->nodeItems()[3]->node() == edited);
        document.undoStack()->undo();

        document.undoStack()->undo();
        QVERIFY(!hasPositions());
        QVERIFY(std::get<DagInstance>(document.entry(id)->instance).tasks[3].flops != 7e9);
        QCOMPARE(canvas.scene()->positions(), shown);   // the automatic layout again, the same drawing
    }

    // checkEdit decides as the whole check does: valid changes pass, and each invalid one is refused with
    // the whole check's message (a name taken, values out of range, a loop, a duplicate, a cycle).
    void anEditIsCheckedAsTheWholeInstanceWouldBe() {
        const DagInstance base = daggenGraph(200, 3);
        QVERIFY(ProjectDocument::check(Instance(base)).error.isEmpty());
        std::vector<DagInstance> valid, invalid;
        DagInstance in = base;
        in.tasks[7].flops = 3e9;
        valid.push_back(in);
        in = base;
        in.tasks[7].name = "fresh name";
        valid.push_back(in);
        in = base;
        in.edges[3].bytes = 77;
        valid.push_back(in);
        in = base;
        in.edges.erase(in.edges.begin() + 4);
        valid.push_back(in);
        in = base;
        in.tasks[7].name = base.tasks[8].name;
        invalid.push_back(in);
        in = base;
        in.tasks[7].name.clear();
        invalid.push_back(in);
        in = base;
        in.tasks[7].alpha = 1.5;
        invalid.push_back(in);
        in = base;
        in.tasks[7].flops = -1;
        invalid.push_back(in);
        in = base;
        in.edges[3].bytes = 1e31;
        invalid.push_back(in);
        in = base;
        in.edges.push_back({5, 5, 0});
        invalid.push_back(in);
        in = base;
        in.edges.push_back(base.edges[0]);
        invalid.push_back(in);
        in = base;
        in.edges.push_back({base.edges[0].to, base.edges[0].from, 0});  // back along a dependency: a cycle
        invalid.push_back(in);
        for (const DagInstance& after : valid) {
            const ProjectDocument::CheckedInstance checked = ProjectDocument::checkEdit(Instance(base), Instance(after));
            QVERIFY2(checked.error.isEmpty(), qPrintable(checked.error));
            QCOMPARE(checked.digest, instanceDigest(Instance(after)));
            QCOMPARE(checked.digest, ProjectDocument::check(Instance(after)).digest);
        }
        for (const DagInstance& after : invalid) {
            const QString whole = ProjectDocument::check(Instance(after)).error;
            QVERIFY(!whole.isEmpty());
            QCOMPARE(ProjectDocument::checkEdit(Instance(base), Instance(after)).error, whole);
        }
    }

    // The digest tells which runs are outdated: every field an instance file holds changes it. Each built-in
    // example's leaves (numbers, strings, booleans) are changed one at a time; where the change reads back as
    // another instance, its digest differs, and the digest of its JSON form is the instance's.
    void everyFieldOfAnInstanceChangesItsDigest() {
        std::map<std::string, int> changedByKind;
        for (const QString& file : MainWindow::exampleFiles()) {
            QFile in(file);
            QVERIFY(in.open(QIODevice::ReadOnly));
            const nlohmann::json original = nlohmann::json::parse(in.readAll().toStdString());
            const Expected<Instance> instance = instanceFromJson(original);
            QVERIFY2(instance.ok(), qPrintable(file));
            const std::size_t digest = instanceDigest(*instance);
            QCOMPARE(instanceDigest(original), digest);
            const std::string text = instanceToJson(*instance).dump();

            std::vector<nlohmann::json::json_pointer> leaves;
            const std::function<void(const nlohmann::json&, const nlohmann::json::json_pointer&)> collect =
                [&](const nlohmann::json& node, const nlohmann::json::json_pointer& at) {
                    if (node.is_object())
                        for (const auto& [key, value] : node.items()) collect(value, at / key);
                    else if (node.is_array())
                        for (std::size_t k = 0; k < node.size(); ++k) collect(node[k], at / k);
                    else
                        leaves.push_back(at);
                };
            collect(original, nlohmann::json::json_pointer());
            // At most 400 leaves of a big example, spread over the whole file.
            const std::size_t stride = std::max<std::size_t>(1, leaves.size() / 400);
            for (std::size_t k = 0; k < leaves.size(); k += stride) {
                nlohmann::json changed = original;
                nlohmann::json& leaf = changed[leaves[k]];
                if (leaf.is_boolean()) leaf = !leaf.get<bool>();
                else if (leaf.is_number_integer()) leaf = leaf.get<std::int64_t>() + 1;
                else if (leaf.is_number()) leaf = leaf.get<double>() * 1.5 + 0.25;
                else if (leaf.is_string()) leaf = leaf.get<std::string>() + "x";
                else continue;
                const Expected<Instance> other = instanceFromJson(changed);
                if (!other || instanceToJson(*other).dump() == text) continue;   // refused, or not a field
                QVERIFY2(instanceDigest(*other) != digest,
                         qPrintable(file + QStringLiteral(": changing ") + QString::fromStdString(leaves[k].to_string()) +
                                    QStringLiteral(" leaves the digest as it was")));
                QCOMPARE(instanceDigest(changed), instanceDigest(*other));
                ++changedByKind[std::string(instanceKind(*instance))];
            }
        }
        // Every family's examples had fields changed (the test is not empty).
        for (const std::string_view kind : kInstanceKinds)
            QVERIFY2(changedByKind[std::string(kind)] >= 10, std::string(kind).c_str());
    }
};

QTEST_MAIN(UndoEditsTests)
#include "test_undo_edits.moc"
