// The GUI offscreen: it opens on the example, solves off the GUI thread, draws big Gantts without an item per
// bar, exports valid PNG/PDF/SVG, refuses bad edits and round-trips projects.
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolTip>
#include <QXmlStreamReader>
#include <QtTest>
#include <memory>
#include <set>

#include "app_entry.h"
#include "document/project_document.h"
#include "document/run_table_model.h"
#include "editors/partition_editor.h"
#include "editors/partition_resource_model.h"
#include "instance_list_panel.h"
#include "io/instance_io.h"
#include "mainwindow.h"
#include "result_pane.h"
#include "run_table.h"
#include "solve_controller.h"
#include "solver_panel.h"
#include "util/message_bar.h"
#include "views/cost_function_plot.h"
#include "views/gantt_view.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

constexpr int kSolveTimeoutMs = 30000;

QString examplePath(const char* name) {
    return QStringLiteral(HETSCHED_EXAMPLES_DIR "/") + QLatin1String(name);
}

QByteArray fileStart(const QString& path, int bytes) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.read(bytes);
}

// Distinct colours in a sample of the image: a blank or one-colour render has one or two.
int distinctColors(const QImage& image) {
    std::set<QRgb> colors;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) colors.insert(image.pixel(x, y));
    return static_cast<int>(colors.size());
}

// The root element name of an XML file, empty when it does not parse.
QString xmlRoot(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    QXmlStreamReader xml(&file);
    QString root;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && root.isEmpty()) root = xml.name().toString();
    }
    return xml.hasError() ? QString() : root;
}

// "P12" (GCC 12 warns falsely about "P" + std::to_string(12) under -Wrestrict).
std::string numbered(const char* prefix, int n) {
    return QStringLiteral("%1%2").arg(QLatin1String(prefix)).arg(n).toStdString();
}

// A schedule of `lanes` lanes with `perLane` back-to-back intervals of alternating kinds and ten groups.
std::shared_ptr<Schedule> bigSchedule(int lanes, int perLane) {
    auto schedule = std::make_shared<Schedule>();
    schedule->title = "synthetic";
    for (int l = 0; l < lanes; ++l) {
        Lane lane;
        lane.name = numbered("P", l);
        lane.category = l < lanes / 2 ? "CPU" : "GPU";
        lane.intervals.reserve(static_cast<std::size_t>(perLane));
        double t = 0.01 * (l % 7);
        for (int k = 0; k < perLane; ++k) {
            const double duration = 0.5 + 0.25 * ((k * 7 + l) % 5);
            Interval in;
            in.start = t;
            in.end = t + duration;
            in.kind = k % 3 == 0 ? IntervalKind::Send : IntervalKind::Compute;
            in.label = numbered("t", k);
            in.group = numbered("S", k % 10);
            lane.intervals.push_back(std::move(in));
            t += duration;
        }
        schedule->lanes.push_back(std::move(lane));
    }
    schedule->markers.push_back({"makespan", schedule->endTime(), false});
    return schedule;
}

}  // namespace

class UiTests : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> openExample() {
        auto window = std::make_unique<MainWindow>();
        const Expected<bool> loaded = window->loadFile(MainWindow::defaultExample());
        if (!loaded) qWarning("%s", loaded.error().message.c_str());
        return window;
    }

    // Runs the panel's selected solver on the current instance and waits for its run.
    static bool solveAndWait(MainWindow& window) {
        QSignalSpy done(window.solveController(), &SolveController::succeeded);
        const QString solver = window.solverPanel()->currentSolver();
        window.runSolver(solver, window.solverPanel()->optionsFor(solver));
        return done.wait(kSolveTimeoutMs);
    }

    QTemporaryDir m_temp;

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        // Recent files and window state go to a scratch directory, never to the user's settings.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                           m_temp.filePath(QStringLiteral("settings")));
        QApplication::setOrganizationName(QStringLiteral("HetSchedTests"));
        QApplication::setApplicationName(QStringLiteral("ui_tests"));
    }

    void mainWindowOpensOnTheBuiltInExample() {
        QVERIFY(MainWindow::exampleFiles().contains(MainWindow::defaultExample()));
        const auto window = openExample();
        QCOMPARE(window->document()->entryCount(), 1);
        QCOMPARE(window->document()->entryAt(0).name, QStringLiteral("partition-heterogeneous-node"));
        QVERIFY(window->currentEntry() != 0);
        auto* editor = qobject_cast<PartitionEditor*>(window->editor());
        QVERIFY(editor);
        QCOMPARE(editor->resourceModel()->rowCount(), 7);
        QCOMPARE(editor->resourceModel()->index(0, PartitionResourceModel::NameColumn).data().toString(),
                 QStringLiteral("cpu0"));
        QCOMPARE(editor->findChild<QSpinBox*>(QStringLiteral("tasksSpinBox"))->value(), 1000);
        QCOMPARE(editor->costPlot()->curveCount(), 7);
        QVERIFY(!window->solverPanel()->currentSolver().isEmpty());
        QVERIFY(!window->document()->isModified());
    }

    void defaultSolverFillsTheGanttAndTheComparisonTable() {
        const auto window = openExample();
        QVERIFY(solveAndWait(*window));
        QCOMPARE(window->runTable()->model()->rowCount(), 1);
        QCOMPARE(window->runTable()->currentRun(), 0);
        const QModelIndex status = window->runTable()->model()->index(0, RunTableModel::StatusColumn);
        QCOMPARE(status.data().toString(), QStringLiteral("optimal"));
        QVERIFY(!window->runTable()
                     ->model()
                     ->index(0, RunTableModel::ObjectiveColumn)
                     .data()
                     .toString()
                     .isEmpty());

        GanttView* gantt = window->resultPane()->ganttView();
        QVERIFY(gantt);
        QCOMPARE(gantt->gantt()->laneCount(), 7);
        QVERIFY(gantt->gantt()->intervalCount() > 0);
        QVERIFY(!gantt->gantt()->legendEntries().empty());
        gantt->resize(1000, 500);
        gantt->replot();
        QVERIFY(gantt->gantt()->lastDrawStats().visibleIntervals > 0);

        // The chosen x_i are marked on every cost curve.
        auto* editor = qobject_cast<PartitionEditor*>(window->editor());
        QCOMPARE(editor->costPlot()->markedCount(), 7);
        QVERIFY(window->document()->isModified());  // a run is part of the project
    }

    void runAllComparesEverySolver() {
        const auto window = openExample();
        QSignalSpy idle(window->solveController(), &SolveController::idle);
        window->runAllSolvers();
        QVERIFY(idle.wait(kSolveTimeoutMs));
        const int solvers = static_cast<int>(window->solverPanel()->solverNames().size());
        // A solver may refuse the instance (reported in the panel); every other one adds a row.
        QVERIFY(window->runTable()->model()->rowCount() >= 1);
        QVERIFY(window->runTable()->model()->rowCount() <= solvers);
    }

    void hoveringABarFindsItsLaneAndInterval() {
        const auto window = openExample();
        QVERIFY(solveAndWait(*window));
        GanttView* gantt = window->resultPane()->ganttView();
        gantt->resize(1000, 500);
        gantt->replot();
        const GanttGeometry geometry = gantt->gantt()->geometry();
        const Schedule* schedule = gantt->schedule();
        for (int lane = 0; lane < gantt->gantt()->laneCount(); ++lane) {
            const Interval& bar = schedule->lanes[static_cast<std::size_t>(lane)].intervals.front();
            if (bar.end - bar.start <= 0) continue;
            const auto [top, bottom] = geometry.barSpan(lane);
            const QPointF middle(geometry.timeToPixel((bar.start + bar.end) / 2), (top + bottom) / 2);
            const std::optional<GanttHit> hit = gantt->gantt()->hitTest(middle);
            QVERIFY(hit);
            QCOMPARE(hit->lane, lane);
        }
        QVERIFY(!gantt->gantt()->hitTest(QPointF(-100, -100)));

        // Hovering shows the bar's details in a tooltip.
        window->resize(1400, 900);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        gantt->replot();
        const GanttGeometry shown = gantt->gantt()->geometry();
        const Interval& bar = schedule->lanes[1].intervals.front();
        const auto [top, bottom] = shown.barSpan(1);
        const QPoint middle(static_cast<int>(shown.timeToPixel((bar.start + bar.end) / 2)),
                            static_cast<int>((top + bottom) / 2));
        QTest::mouseMove(gantt, middle);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QString::fromStdString(schedule->lanes[1].name)),
                 qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text().contains(QStringLiteral("duration")));
        window->document()->markSaved();
    }

    void eachChartExportWritesAValidFile() {
        const auto window = openExample();
        QVERIFY(solveAndWait(*window));
        const DocumentEntry& entry = window->document()->entryAt(0);
        const SolveResult& result = *entry.runs.front().result;

        for (const bool headless : {true, false}) {
            const QString stem =
                m_temp.filePath(headless ? QStringLiteral("headless") : QStringLiteral("window"));
            const auto write = [&](const QString& path) {
                return headless ? exportChart(entry.instance, result, path)
                                : window->exportChart(path, 1200, 700);
            };
            const Expected<bool> png = write(stem + QStringLiteral(".png"));
            QVERIFY2(png.ok(), png.ok() ? "" : png.error().message.c_str());
            const QImage image(stem + QStringLiteral(".png"));
            QCOMPARE(image.size(), QSize(1200, 700));
            QVERIFY(distinctColors(image) > 8);

            const Expected<bool> pdf = write(stem + QStringLiteral(".pdf"));
            QVERIFY2(pdf.ok(), pdf.ok() ? "" : pdf.error().message.c_str());
            QCOMPARE(fileStart(stem + QStringLiteral(".pdf"), 4), QByteArray("%PDF"));
            QVERIFY(QFileInfo(stem + QStringLiteral(".pdf")).size() > 1000);

            const Expected<bool> svg = write(stem + QStringLiteral(".svg"));
            QVERIFY2(svg.ok(), svg.ok() ? "" : svg.error().message.c_str());
            QCOMPARE(xmlRoot(stem + QStringLiteral(".svg")), QStringLiteral("svg"));
        }

        const Expected<bool> unknown =
            exportChart(entry.instance, result, m_temp.filePath(QStringLiteral("chart.bmp")));
        QVERIFY(!unknown.ok());
        QVERIFY(QString::fromStdString(unknown.error().message).contains(QStringLiteral(".bmp")));
        const Expected<bool> unwritable =
            exportChart(entry.instance, result, QStringLiteral("/nonexistent-dir/chart.png"));
        QVERIFY(!unwritable.ok());
        QVERIFY(QString::fromStdString(unwritable.error().message)
                    .contains(QStringLiteral("/nonexistent-dir/chart.png")));
    }

    void resultExportsAsJsonAndCsv() {
        const auto window = openExample();
        QVERIFY(solveAndWait(*window));
        const QString json = m_temp.filePath(QStringLiteral("result.json"));
        QVERIFY(window->exportResult(json).ok());
        const Expected<std::string> text = readTextFile(json.toStdString());
        QVERIFY(text.ok());
        const nlohmann::json parsed = nlohmann::json::parse(*text);
        QCOMPARE(parsed.at("assignment").size(), std::size_t{7});
        QCOMPARE(parsed, window->document()->entryAt(0).runs.front().json);

        const QString csv = m_temp.filePath(QStringLiteral("result.csv"));
        QVERIFY(window->exportResult(csv).ok());
        QVERIFY(fileStart(csv, 100).startsWith("lane,category,start,end,kind,label,task,group"));
        QVERIFY(!window->exportResult(m_temp.filePath(QStringLiteral("result.txt"))).ok());
    }

    void aBadEditIsRefusedAndKeepsThePreviousValue() {
        const auto window = openExample();
        auto* editor = qobject_cast<PartitionEditor*>(window->editor());
        PartitionResourceModel* model = editor->resourceModel();
        QUndoStack* undo = window->document()->undoStack();
        const nlohmann::json before = instanceToJson(window->document()->entryAt(0).instance);
        QSignalSpy refused(model, &PartitionResourceModel::editRejected);

        // Not a number, an upper limit below the lower one, a cost table of the wrong length, a duplicate
        // name.
        QVERIFY(!model->setData(model->index(0, PartitionResourceModel::UpperColumn), QStringLiteral("lots"),
                                Qt::EditRole));
        QVERIFY(!model->setData(model->index(4, PartitionResourceModel::LowerColumn), QStringLiteral("2000"),
                                Qt::EditRole));
        QVERIFY(!model->setData(model->index(6, PartitionResourceModel::CostColumn),
                                QStringLiteral("1, 2, 3"), Qt::EditRole));
        QVERIFY(!model->setData(model->index(1, PartitionResourceModel::NameColumn), QStringLiteral("cpu0"),
                                Qt::EditRole));
        QVERIFY(!model->setData(model->index(5, PartitionResourceModel::CostColumn),
                                QStringLiteral("fixed=x"), Qt::EditRole));
        QCOMPARE(refused.count(), 5);
        QVERIFY(editor->messageBar()->isVisibleTo(editor));
        QVERIFY(editor->messageBar()->text().contains(QStringLiteral("fpga")) ||
                refused.at(2).at(0).toString().contains(QStringLiteral("fpga")));
        QCOMPARE(instanceToJson(window->document()->entryAt(0).instance), before);
        QCOMPARE(undo->count(), 0);
        QCOMPARE(model->index(0, PartitionResourceModel::UpperColumn).data().toString(),
                 QStringLiteral("1000"));

        // A good edit is one undoable command; undo restores the instance.
        QVERIFY(model->setData(model->index(5, PartitionResourceModel::CostColumn),
                               QStringLiteral("fixed=6, per_task=0.04"), Qt::EditRole));
        QCOMPARE(undo->count(), 1);
        QCOMPARE(model->index(5, PartitionResourceModel::CostColumn).data().toString(),
                 QStringLiteral("fixed=6, per_task=0.04"));
        QVERIFY(!editor->messageBar()->isVisibleTo(editor));
        undo->undo();
        QCOMPARE(instanceToJson(window->document()->entryAt(0).instance), before);
    }

    void changingLimitsKeepsTheCostTableConsistent() {
        const auto window = openExample();
        auto* editor = qobject_cast<PartitionEditor*>(window->editor());
        PartitionResourceModel* model = editor->resourceModel();
        // fpga has an allowed list with a table cost: clearing the list keeps one cost per admissible count.
        QVERIFY(
            model->setData(model->index(6, PartitionResourceModel::AllowedColumn), QString(), Qt::EditRole));
        const auto& in = std::get<PartitionInstance>(window->document()->entryAt(0).instance);
        QCOMPARE(in.resources[6].allowed.size(), std::size_t{0});
        QCOMPARE(static_cast<std::int64_t>(in.resources[6].cost.table.size()), in.resources[6].choiceCount());
        QVERIFY(editor->messageBar()->isVisibleTo(editor));  // the notice says what was filled in
        // Converting a cost kind keeps the values at the admissible counts.
        QVERIFY(model->setData(model->index(0, PartitionResourceModel::KindColumn), QStringLiteral("table"),
                               Qt::EditRole));
        const auto& converted = std::get<PartitionInstance>(window->document()->entryAt(0).instance);
        QCOMPARE(converted.resources[0].cost.kind, CostFunction::Kind::Table);
        QCOMPARE(converted.resources[0].costOf(600), 60.0);
        QCOMPARE(window->document()->undoStack()->count(), 2);
    }

    void theGanttDrawsAHundredThousandBarsOnAThousandLanesWithoutItems() {
        GanttView view;
        view.resize(1600, 1000);
        const std::shared_ptr<Schedule> schedule = bigSchedule(1000, 100);
        QElapsedTimer timer;
        timer.start();
        view.setSchedule(schedule, QStringLiteral("100k bars"));
        view.setColorMode(GanttColorMode::ByGroup);
        const QPixmap frame = view.toPixmap(1600, 1000);
        const qint64 elapsedMs = timer.elapsed();
        QVERIFY(!frame.isNull());

        QCOMPARE(view.gantt()->laneCount(), 1000);
        QCOMPARE(view.gantt()->intervalCount(), std::size_t{100000});
        QCOMPARE(view.plottableCount(), 1);
        QVERIFY2(view.itemCount() <= 4, qPrintable(QStringLiteral("%1 items").arg(view.itemCount())));
        const GanttDrawStats& full = view.gantt()->lastDrawStats();
        // 1000 lanes on fewer pixel rows: lanes sharing a row are drawn once.
        QVERIFY(full.visibleIntervals > 0);
        QVERIFY2(full.drawnRects < 100000, qPrintable(QStringLiteral("%1 rects").arg(full.drawnRects)));
        QVERIFY(full.colorBatches <= 2 * 11);
        QVERIFY2(elapsedMs < 5000, qPrintable(QStringLiteral("%1 ms").arg(elapsedMs)));
        qInfo("100k bars on 1000 lanes: index + first frame %lld ms, frame %.1f ms, %zu rects in %zu batches",
              elapsedMs, full.milliseconds, full.drawnRects, full.colorBatches);

        // Zoomed in, only the visible bars are visited.
        view.xAxis->setRange(10, 12);
        view.yAxis->setRange(100, 120);
        view.toPixmap(1600, 1000);
        const GanttDrawStats& zoomed = view.gantt()->lastDrawStats();
        QVERIFY(zoomed.visibleIntervals > 0);
        QVERIFY(zoomed.visibleIntervals < 200);
        QVERIFY(zoomed.labels > 0);

        // Ten thousand bars per lane are sub-pixel wide: they merge into at most one rectangle per pixel
        // column and lane.
        view.setSchedule(bigSchedule(10, 10000));
        view.toPixmap(1600, 1000);
        const GanttDrawStats& thin = view.gantt()->lastDrawStats();
        QCOMPARE(thin.visibleIntervals, std::size_t{100000});
        QVERIFY2(thin.drawnRects <= std::size_t{10 * 1600},
                 qPrintable(QStringLiteral("%1 rects").arg(thin.drawnRects)));
        qInfo("100k sub-pixel bars on 10 lanes: frame %.1f ms, %zu rects", thin.milliseconds,
              thin.drawnRects);
    }

    void savingAndReopeningAProjectGivesTheSameInstances() {
        const auto window = openExample();
        QVERIFY(window->importFile(examplePath("partition-small.json")).ok());
        QCOMPARE(window->document()->entryCount(), 2);
        QVERIFY(solveAndWait(*window));  // the imported instance is the current one
        const QString path = m_temp.filePath(QStringLiteral("round-trip.hsproj"));
        QVERIFY(window->saveProject(path).ok());
        QVERIFY(!window->document()->isModified());

        MainWindow reopened;
        const Expected<bool> loaded = reopened.loadFile(path);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        QCOMPARE(reopened.document()->filePath(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(reopened.document()->entryCount(), 2);
        for (int row = 0; row < 2; ++row) {
            const DocumentEntry& a = window->document()->entryAt(row);
            const DocumentEntry& b = reopened.document()->entryAt(row);
            QCOMPARE(b.name, a.name);
            QCOMPARE(instanceToJson(b.instance), instanceToJson(a.instance));
            QCOMPARE(b.runs.size(), a.runs.size());
            for (std::size_t k = 0; k < b.runs.size(); ++k) {
                QCOMPARE(b.runs[k].json, a.runs[k].json);
                QVERIFY2(b.runs[k].result, qPrintable(b.runs[k].restoreError));
                QCOMPARE(b.runs[k].result->schedule.lanes.size(), a.runs[k].result->schedule.lanes.size());
            }
        }
        QVERIFY(!reopened.document()->isModified());
    }

    void aBadFileIsReportedAndTheOpenDocumentKept() {
        const auto window = openExample();
        const QString broken = m_temp.filePath(QStringLiteral("broken.json"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"kind": "partition", "tasks": 10, "resources": [{"name": "a", "lower": 0, "upper": 10,
                     "cost": {"table": [1, 2]}}]})");
        file.close();
        const Expected<bool> loaded = window->loadFile(broken);
        QVERIFY(!loaded.ok());
        const QString message = QString::fromStdString(loaded.error().message);
        QVERIFY2(message.contains(QStringLiteral("broken.json")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("resources[0].cost.table")), qPrintable(message));
        QCOMPARE(window->document()->entryCount(), 1);
        QCOMPARE(window->document()->entryAt(0).name, QStringLiteral("partition-heterogeneous-node"));

        QVERIFY(!window->loadFile(m_temp.filePath(QStringLiteral("missing.hsproj"))).ok());
        QCOMPARE(window->document()->entryCount(), 1);
    }

    void cancellingStopsALongSolve() {
        MainWindow window;
        PartitionInstance big;
        // The DP takes about T^2/2 steps per resource: a row in a fraction of a second, all rows in a minute.
        big.tasks = 20000;
        for (int i = 0; i < 400; ++i) {
            PartitionResource r;
            r.name = numbered("r", i);
            r.lower = 0;
            r.upper = big.tasks;
            r.cost.kind = CostFunction::Kind::Affine;
            r.cost.fixed = 1;
            r.cost.perTask = 0.5 + 0.01 * i;
            big.resources.push_back(r);
        }
        const EntryId id = window.document()->addEntry(QStringLiteral("big"), Instance{big});
        window.instanceList()->selectEntry(id);
        QSignalSpy failed(window.solveController(), &SolveController::failed);
        QSignalSpy progressed(window.solveController(), &SolveController::progressed);
        window.runSolver(QStringLiteral("dp"), {});
        QVERIFY(window.solveController()->isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(progressed.count() > 0, 10000);
        window.solveController()->cancel();
        QVERIFY(failed.wait(kSolveTimeoutMs));
        QCOMPARE(failed.at(0).at(3).toBool(), true);  // reported as cancelled
        QVERIFY(!window.solveController()->isBusy());
        QCOMPARE(window.document()->entry(id)->runs.size(), std::size_t{0});
    }

    // Not a check: with HETSCHED_UI_SHOTS set to a directory, saves pictures of the GUI for review.
    void screenshotsForReview() {
        const QString dir = qEnvironmentVariable("HETSCHED_UI_SHOTS");
        if (dir.isEmpty()) QSKIP("set HETSCHED_UI_SHOTS to a directory to save screenshots");
        QDir().mkpath(dir);
        const auto window = openExample();
        window->resize(1600, 1000);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        window->grab().save(dir + QStringLiteral("/main-before-solve.png"));
        QSignalSpy idle(window->solveController(), &SolveController::idle);
        window->runAllSolvers();
        QVERIFY(idle.wait(kSolveTimeoutMs));
        window->runTable()->selectRun(0);
        QTest::qWait(200);
        window->grab().save(dir + QStringLiteral("/main-solved.png"));
        QVERIFY(window->exportChart(dir + QStringLiteral("/gantt-export.png"), 1200, 700).ok());
        QVERIFY(window->exportChart(dir + QStringLiteral("/gantt-export.pdf"), 1200, 700).ok());
        QVERIFY(window->exportChart(dir + QStringLiteral("/gantt-export.svg"), 1200, 700).ok());

        auto* editor = qobject_cast<PartitionEditor*>(window->editor());
        editor->resourceModel()->setData(
            editor->resourceModel()->index(0, PartitionResourceModel::UpperColumn), QStringLiteral("x"),
            Qt::EditRole);
        QTest::qWait(50);
        window->grab().save(dir + QStringLiteral("/main-refused-edit.png"));

        GanttView big;
        big.resize(1600, 1000);
        big.setSchedule(bigSchedule(1000, 100), QStringLiteral("1000 lanes, 100 000 bars"));
        big.setColorMode(GanttColorMode::ByGroup);
        big.toPixmap(1600, 1000).save(dir + QStringLiteral("/gantt-100k.png"));
        big.xAxis->setRange(10, 14);
        big.yAxis->setRange(495, 525);
        big.toPixmap(1600, 1000).save(dir + QStringLiteral("/gantt-100k-zoomed.png"));
        window->document()->markSaved();
    }
};

QTEST_MAIN(UiTests)
#include "test_ui.moc"
