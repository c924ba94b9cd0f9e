// The Jedule-style Gantt reads well (issue 13), offscreen: processor indices inside named cluster bands at
// every size and zoom, a task over several runs drawn as one (one name, bars joining the runs, one outline
// when hovered or selected), Shift+drag zooms both axes, and a legend that says what the colour encodes.
#include <QHelpEvent>
#include <QImage>
#include <QToolTip>
#include <QtTest>
#include <map>
#include <memory>
#include <set>

#include "io/instance_io.h"
#include "model/dag_random.h"
#include "solvers/registry.h"
#include "views/dag/dag_gantt_view.h"
#include "views/dag/dag_schedule_view.h"
#include "views/common/swatch_legend_item.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

struct Solved {
    DagInstance instance;
    std::shared_ptr<const DagViewData> data;
};

Solved solved(const DagInstance& dag, const char* solver) {
    const Instance instance = dag;
    Expected<SolveResult> result = solve(instance, solver);
    if (!result) qFatal("%s", result.error().message.c_str());
    Expected<std::shared_ptr<const DagViewData>> data = makeDagViewData(dag, *result);
    if (!data) qFatal("%s", data.error().message.c_str());
    return {dag, *data};
}

// The example of two clusters (16 and 32 processors); s-hcpa spreads some tasks over several runs of C1.
Solved example(const char* solver = "s-hcpa") {
    Expected<Instance> instance =
        readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/dag-two-clusters.json");
    if (!instance) qFatal("%s", instance.error().message.c_str());
    return solved(std::get<DagInstance>(*instance), solver);
}

// A random graph deep enough for many precedence levels, on 4 clusters.
Solved deepRandom() {
    DagPlatformConfig platformConfig;
    platformConfig.clusters = 4;
    platformConfig.minProcessors = 20;
    platformConfig.maxProcessors = 40;
    platformConfig.seed = 5;
    Expected<DagPlatform> platform = generatePlatform(platformConfig);
    if (!platform) qFatal("%s", platform.error().message.c_str());
    DagGeneratorConfig config;
    config.n = 400;
    config.fat = 0.2;
    config.density = 0.3;
    config.seed = 3;
    Expected<DagInstance> dag = generateDag(config, *platform);
    if (!dag) qFatal("%s", dag.error().message.c_str());
    return solved(*dag, "hcpa");
}

std::size_t taskNamed(const DagViewData& d, const char* name) {
    for (std::size_t t = 0; t < d.taskCount(); ++t)
        if (d.taskName(t) == QLatin1String(name)) return t;
    qFatal("no task %s", name);
}

// The first task over the most runs of processors.
std::size_t mostRuns(const DagViewData& d) {
    std::size_t best = 0;
    for (std::size_t t = 1; t < d.taskCount(); ++t)
        if (d.runs[t].size() > d.runs[best].size()) best = t;
    return best;
}

// The ticker sizes its labels by the previous layout: two frames settle it, as on screen.
void settle(DagGanttPlot& plot) {
    plot.replot(QCustomPlot::rpImmediateRefresh);
    plot.replot(QCustomPlot::rpImmediateRefresh);
}

std::unique_ptr<DagGanttPlot> shownPlot(const Solved& s, int width, int height,
                                        DagColorMode mode = DagColorMode::ByLevel) {
    auto plot = std::make_unique<DagGanttPlot>();
    plot->resize(width, height);
    plot->show();
    plot->setData(s.data, dagColors(*s.data, mode));
    QCoreApplication::processEvents();
    settle(*plot);
    return plot;
}

// The labels of the processor axis are each processor's index in its cluster, at rows of that index, a
// label's height apart at least.
void verifyIndexLabels(DagGanttPlot& plot, const DagViewData& d) {
    const QMap<double, QString>& labels = plot.processorTicker()->labels();
    QVERIFY(!labels.isEmpty());
    const double labelHeight = QFontMetricsF(plot.yAxis->tickLabelFont()).height();
    double previous = -1e9;
    for (auto it = labels.begin(); it != labels.end(); ++it) {
        const int row = static_cast<int>(it.key());
        QCOMPARE(it.key(), static_cast<double>(row));
        const int c = d.processors.clusterOf[static_cast<std::size_t>(row)];
        QCOMPARE(it.value(), QString::number(row - d.processors.offset[static_cast<std::size_t>(c)]));
        const double pixel = plot.yAxis->coordToPixel(row);
        QVERIFY2(pixel - previous >= labelHeight,
                 qPrintable(QStringLiteral("row %1 too close to the one above").arg(row)));
        previous = pixel;
    }
}

std::map<QString, int> bandNameCounts(const DagGanttPlot& plot) {
    std::map<QString, int> counts;
    for (const DagBandLabel& label : plot.bandLabels())
        if (!label.text.isEmpty()) ++counts[label.text];
    return counts;
}

bool nearColor(const QImage& image, const QRect& around, const std::function<bool(QColor)>& wanted) {
    for (int y = around.top(); y <= around.bottom(); ++y)
        for (int x = around.left(); x <= around.right(); ++x)
            if (image.rect().contains(x, y) && wanted(image.pixelColor(x, y))) return true;
    return false;
}

}  // namespace

class DagGanttTests : public QObject {
    Q_OBJECT

private slots:
    void theProcessorAxisShowsIndicesInsideNamedClusterBands() {
        const Solved s = example();
        const DagViewData& d = *s.data;
        QCOMPARE(d.processorCount(), 48);
        auto plot = shownPlot(s, 1000, 900);
        verifyIndexLabels(*plot, d);
        const QMap<double, QString>& labels = plot->processorTicker()->labels();
        // Both bands count from 0: C0's first row and C1's.
        QCOMPARE(labels.value(0), QStringLiteral("0"));
        QCOMPARE(labels.value(d.processors.offset[1]), QStringLiteral("0"));
        QVERIFY(labels.size() >= 10);
        // Each cluster named once, in the margin left of the indices, on its band.
        const std::map<QString, int> names = bandNameCounts(*plot);
        QCOMPARE(names, (std::map<QString, int>{{QStringLiteral("C0"), 1}, {QStringLiteral("C1"), 1}}));
        for (const DagBandLabel& band : plot->bandLabels()) {
            const double top = plot->yAxis->coordToPixel(d.processors.offset[band.cluster] - 0.5);
            const double bottom = plot->yAxis->coordToPixel(d.processors.offset[band.cluster + 1] - 0.5);
            QVERIFY(band.rect.center().y() > top && band.rect.center().y() < bottom);
            QVERIFY(band.rect.right() < plot->axisRect()->left() - 10);
            QVERIFY(band.rect.left() > plot->axisRect()->outerRect().left());
        }
    }

    void theIndicesFollowZoomAndResize() {
        const Solved s = example();
        const DagViewData& d = *s.data;
        auto plot = shownPlot(s, 1000, 900);
        const int fullStep = plot->processorTicker()->step();
        // Zoomed on six rows around the boundary: every processor, C0's last and C1's first.
        plot->yAxis->setRange(12.5, 18.5);
        settle(*plot);
        QCOMPARE(plot->processorTicker()->step(), 1);
        verifyIndexLabels(*plot, d);
        const QMap<double, QString>& labels = plot->processorTicker()->labels();
        QCOMPARE(labels.value(15), QStringLiteral("15"));
        QCOMPARE(labels.value(16), QStringLiteral("0"));
        QCOMPARE(labels.value(18), QStringLiteral("2"));
        QCOMPARE(bandNameCounts(*plot).size(), std::size_t{2});
        // Short: a coarser step, still apart, still both names.
        plot->fitView();
        plot->resize(1000, 320);
        QCoreApplication::processEvents();
        settle(*plot);
        QVERIFY(plot->processorTicker()->step() > fullStep);
        verifyIndexLabels(*plot, d);
        QCOMPARE(bandNameCounts(*plot).size(), std::size_t{2});
    }

    void aTaskOnSeveralRunsIsOneTaskWithOneNameAndJoinedRuns() {
        const Solved s = example();
        const DagViewData& d = *s.data;
        const std::size_t task = mostRuns(d);
        const auto& runs = d.runs[task];
        QVERIFY2(runs.size() >= 3, "s-hcpa places a task of the example on three runs of C1");
        auto plot = shownPlot(s, 1400, 900);
        DagGanttPlottable* gantt = plot->gantt();
        // One name per task, the task's own on its tallest run.
        std::set<std::size_t> named;
        std::size_t mine = 0;
        for (const DagGanttLabel& label : gantt->lastLabels()) {
            QVERIFY2(named.insert(label.task).second, qPrintable(d.taskName(label.task)));
            if (label.task != task) continue;
            ++mine;
            QCOMPARE(label.text, d.taskName(task));
            double tallest = 0;
            for (const QRectF& r : gantt->taskPixelRects(task)) tallest = std::max(tallest, r.height());
            QVERIFY(std::abs(label.run.height() - tallest) <= 2);
        }
        QCOMPARE(mine, std::size_t{1});
        QCOMPARE(gantt->lastDrawStats().labels, gantt->lastLabels().size());
        // The bars: from each run's bottom to the next one's top, at the task's start, drawn in its colour.
        const std::vector<QRectF> rects = gantt->taskPixelRects(task);
        const std::vector<QRectF> bars = gantt->taskConnectorRects(task);
        QCOMPARE(bars.size(), runs.size() - 1);
        QVERIFY(gantt->lastDrawStats().connectors >= bars.size());
        const QImage image = plot->toPixmap(plot->width(), plot->height()).toImage();
        const QColor color = dagColors(d, DagColorMode::ByLevel).of(task);
        for (std::size_t k = 0; k < bars.size(); ++k) {
            QVERIFY(std::abs(bars[k].top() - rects[k].bottom()) < 0.01);
            QVERIFY(std::abs(bars[k].bottom() - rects[k + 1].top()) < 0.01);
            QVERIFY(std::abs(bars[k].left() - rects[k].left()) < 0.01);
            QVERIFY(bars[k].width() >= 2 && bars[k].width() < rects[k].width() / 2);
            const QPoint inside(static_cast<int>(std::round(bars[k].left())) + 2,
                                static_cast<int>(bars[k].center().y()));
            QCOMPARE(image.pixelColor(inside).rgb(), color.rgb());
        }
    }

    void aTaskOnOneProcessorIsAVisibleBarOnScreenThatTheMouseFinds() {
        // HEFT puts every task of the example on one processor; in a pane 240 pixels high the 48 processors'
        // rows are thinner than the screen's least bar height: such a task was a hairline.
        const Solved s = example("heft");
        const DagViewData& d = *s.data;
        auto plot = shownPlot(s, 640, 240);
        const double rowPixels = std::abs(plot->yAxis->coordToPixel(1) - plot->yAxis->coordToPixel(0));
        QVERIFY2(rowPixels < kScreenMinimumBarPixels, qPrintable(QString::number(rowPixels)));
        DagGanttPlottable* gantt = plot->gantt();
        QVERIFY(gantt->lastDrawStats().thinnestBar >= kScreenMinimumBarPixels);
        // The longest task on one processor (not its cluster's last, where the bar grows up), hovered on the
        // lowest pixel row of its drawn bar, is found.
        std::size_t task = d.taskCount();
        const auto lastOfCluster = [&](int processor) {
            const int c = d.processors.clusterOf[static_cast<std::size_t>(processor)];
            return processor == d.processors.offset[static_cast<std::size_t>(c) + 1] - 1;
        };
        for (std::size_t t = 0; t < d.taskCount(); ++t)
            if (d.placements[t].processors.size() == 1 && !lastOfCluster(d.placements[t].processors.front()) &&
                (task == d.taskCount() ||
                 d.placements[t].end - d.placements[t].start > d.placements[task].end - d.placements[task].start))
                task = t;
        QVERIFY(task < d.taskCount());
        const QRectF row = gantt->taskPixelRects(task).front();
        QVERIFY(row.height() < kScreenMinimumBarPixels);
        const QPointF lowest(row.center().x(), std::round(row.top()) + kScreenMinimumBarPixels - 0.5);
        const std::optional<DagGanttHit> hit = gantt->hitTest(lowest);
        QVERIFY(hit.has_value());
        QCOMPARE(hit->task, task);
    }

    void aNarrowTallTaskIsNamedUpright() {
        const Solved s = example();
        const DagViewData& d = *s.data;
        const std::size_t task = taskNamed(d, "write");
        auto plot = shownPlot(s, 1000, 900);
        // Zoomed until "write" is 20 pixels wide and its rows 30 pixels each: too narrow for its name across.
        const DagPlacement& p = d.placements[task];
        const double width = plot->axisRect()->width();
        const double timeSize = (p.end - p.start) * width / 20;
        plot->xAxis->setRange((p.start + p.end) / 2 - timeSize / 2, (p.start + p.end) / 2 + timeSize / 2);
        const double rows = plot->axisRect()->height() / 30.0;
        const double middle = (d.runs[task].front().first + d.runs[task].back().second) / 2.0;
        plot->yAxis->setRange(middle - rows / 2, middle + rows / 2);
        settle(*plot);
        const QFontMetricsF metrics(plot->font());
        QVERIFY(metrics.horizontalAdvance(d.taskName(task)) + 6 > 20);
        bool found = false;
        for (const DagGanttLabel& label : plot->gantt()->lastLabels()) {
            if (label.task != task) continue;
            found = true;
            QVERIFY(label.upright);
            QCOMPARE(label.text, d.taskName(task));
            QVERIFY(metrics.horizontalAdvance(label.text) <= label.run.height());
        }
        QVERIFY(found);
    }

    void hoveringOrSelectingOneRunOutlinesAllRunsAsOneShape() {
        const Solved s = example();
        const DagViewData& d = *s.data;
        const std::size_t task = mostRuns(d);
        auto plot = shownPlot(s, 1400, 900);
        const std::vector<QRectF> rects = plot->gantt()->taskPixelRects(task);
        const std::vector<QRectF> bars = plot->gantt()->taskConnectorRects(task);
        // The mouse on the last run only.
        QTest::mouseMove(plot.get(), rects.back().center().toPoint());
        QCOMPARE(plot->hoveredTask(), static_cast<int>(task));
        const QPainterPath outline = plot->taskHighlight(task);
        QCOMPARE(outline.toSubpathPolygons().size(), qsizetype{1});  // one shape, not one box per run
        for (const QRectF& r : rects) QVERIFY(outline.contains(r.center()));
        for (const QRectF& bar : bars) QVERIFY(outline.contains(bar.center()));
        // Drawn: the hover's dark outline runs down the left of the bars, in the gaps between the runs.
        const QImage image = plot->toPixmap(plot->width(), plot->height()).toImage();
        for (const QRectF& bar : bars) {
            const QRect beside(static_cast<int>(bar.left()) - 3, static_cast<int>(bar.center().y()), 3, 1);
            QVERIFY(nearColor(image, beside, [](QColor c) {
                return c.red() < 0x50 && c.green() < 0x50 && c.blue() < 0x50;
            }));
        }
        // A click on the first run selects the task: the selection's outline is the same one shape.
        QSignalSpy clicked(plot.get(), &DagGanttPlot::taskClicked);
        QTest::mouseClick(plot.get(), Qt::LeftButton, Qt::NoModifier, rects.front().center().toPoint());
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.first().first().toInt(), static_cast<int>(task));
    }

    void shiftDragZoomsBothAxesToTheBoxAndDoubleClickFits() {
        const Solved s = example();
        auto plot = shownPlot(s, 1000, 900);
        const QCPRange time = plot->xAxis->range();
        const QCPRange rows = plot->yAxis->range();
        const QRect area = plot->axisRect()->rect();
        const QPoint from(area.left() + area.width() / 4, area.top() + area.height() / 4);
        const QPoint to(area.left() + area.width() / 2, area.top() + area.height() / 2);
        const double expectedTimeLower = plot->xAxis->pixelToCoord(from.x());
        const double expectedTimeUpper = plot->xAxis->pixelToCoord(to.x());
        const double expectedRowLower = plot->yAxis->pixelToCoord(from.y());
        const double expectedRowUpper = plot->yAxis->pixelToCoord(to.y());
        QTest::mousePress(plot.get(), Qt::LeftButton, Qt::ShiftModifier, from);
        QTest::mouseMove(plot.get(), (from + to) / 2);
        QTest::mouseMove(plot.get(), to);
        QTest::mouseRelease(plot.get(), Qt::LeftButton, Qt::ShiftModifier, to);
        QVERIFY(plot->xAxis->range().size() < time.size() * 0.4);
        QVERIFY(plot->yAxis->range().size() < rows.size() * 0.4);
        QVERIFY(std::abs(plot->xAxis->range().lower - expectedTimeLower) < time.size() * 0.01);
        QVERIFY(std::abs(plot->xAxis->range().upper - expectedTimeUpper) < time.size() * 0.01);
        QVERIFY(std::abs(plot->yAxis->range().lower - expectedRowLower) < 0.1);
        QVERIFY(std::abs(plot->yAxis->range().upper - expectedRowUpper) < 0.1);
        // A plain drag pans: the same sizes, moved.
        settle(*plot);
        const QCPRange zoomedTime = plot->xAxis->range();
        const QCPRange zoomedRows = plot->yAxis->range();
        QTest::mousePress(plot.get(), Qt::LeftButton, Qt::NoModifier, to);
        QTest::mouseMove(plot.get(), to + QPoint(-40, -30));
        QTest::mouseMove(plot.get(), to + QPoint(-80, -60));
        QTest::mouseRelease(plot.get(), Qt::LeftButton, Qt::NoModifier, to + QPoint(-80, -60));
        QVERIFY(std::abs(plot->xAxis->range().size() - zoomedTime.size()) < 1e-9 * time.size());
        QVERIFY(std::abs(plot->yAxis->range().size() - zoomedRows.size()) < 1e-9);
        QVERIFY(plot->xAxis->range().lower > zoomedTime.lower);
        // A Shift+click is no zoom; a box to a sliver of a row is clamped to one row at least.
        settle(*plot);
        const QCPRange before = plot->yAxis->range();
        QTest::mouseClick(plot.get(), Qt::LeftButton, Qt::ShiftModifier, to);
        QCOMPARE(plot->yAxis->range().size(), before.size());
        QTest::mousePress(plot.get(), Qt::LeftButton, Qt::ShiftModifier, from);
        QTest::mouseMove(plot.get(), from + QPoint(60, 7));
        QTest::mouseRelease(plot.get(), Qt::LeftButton, Qt::ShiftModifier, from + QPoint(60, 7));
        QVERIFY(plot->yAxis->range().size() >= 1.0 - 1e-9);
        // Double click fits the whole schedule again.
        QTest::mouseDClick(plot.get(), Qt::LeftButton, Qt::NoModifier, to);
        QCOMPARE(plot->yAxis->range().lower, rows.lower);
        QCOMPARE(plot->yAxis->range().upper, rows.upper);
        QCOMPARE(plot->xAxis->range().lower, time.lower);
    }

    void theGesturesAreTold() {
        const Solved s = example();
        auto plot = shownPlot(s, 1000, 900);
        QVERIFY(DagGanttPlot::interactionHint().contains(QStringLiteral("Shift+drag")));
        QVERIFY(DagGanttPlot::interactionHint().contains(QStringLiteral("double click")));
        // Resting on empty space (C0 is idle at the end of the schedule) shows them.
        const QPoint empty(plot->axisRect()->right() - 30, plot->axisRect()->top() + 20);
        QVERIFY(!plot->gantt()->hitTest(empty));
        QHelpEvent help(QEvent::ToolTip, empty, plot->mapToGlobal(empty));
        QCoreApplication::sendEvent(plot.get(), &help);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("Shift+drag")), qPrintable(QToolTip::text()));
        QToolTip::hideText();
        // And so does the view's line under its controls, before anything is selected.
        DagScheduleView view;
        view.resize(1200, 700);
        view.show();
        Expected<Instance> instance =
            readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/dag-two-clusters.json");
        QVERIFY(instance.ok());
        Expected<SolveResult> result = solve(*instance, "hcpa");
        QVERIFY(result.ok());
        view.showResult(*instance, std::make_shared<const SolveResult>(*result));
        QVERIFY(view.selectionText().contains(QStringLiteral("Shift+drag")));
    }

    void theLegendSaysWhatTheColourEncodesAndMatchesTheDrawing() {
        for (const Solved& s : {example(), deepRandom()}) {
            const DagViewData& d = *s.data;
            for (DagColorMode mode : {DagColorMode::ByLevel, DagColorMode::ByTask, DagColorMode::ByCluster}) {
                auto plot = shownPlot(s, 1000, 700, mode);
                const DagColors colors = dagColors(d, mode);
                const QString title = plot->legendTitle();
                const QString expected = mode == DagColorMode::ByLevel  ? QStringLiteral("level")
                                         : mode == DagColorMode::ByTask ? QStringLiteral("task")
                                                                        : QStringLiteral("cluster");
                QVERIFY2(title.startsWith(QStringLiteral("Colour")) && title.contains(expected),
                         qPrintable(title));
                // Every colour a task is drawn in is in the legend.
                std::set<QRgb> inLegend;
                for (const DagLegendEntry& entry : colors.legend)
                    for (const QColor& c : entry.colors) inLegend.insert(c.rgb());
                for (std::size_t t = 0; t < d.taskCount(); ++t) QVERIFY(inLegend.count(colors.of(t).rgb()));
                // The legend shows those entries, then the waits (hatched, as drawn) and the critical path
                // (an outline, as drawn), and stays a few rows.
                std::vector<SwatchLegendItem*> items;  // in the order added (the grid's empty cells are null)
                for (int k = 0; k < plot->legend->itemCount(); ++k)
                    if (auto* item = qobject_cast<SwatchLegendItem*>(plot->legend->item(k)))
                        items.push_back(item);
                QCOMPARE(items.size(), colors.legend.size() + 2);
                QVERIFY(colors.legend.size() <= 18);
                for (std::size_t k = 0; k < colors.legend.size(); ++k)
                    QCOMPARE(items[k]->text(), colors.legend[k].text);
                const SwatchLegendItem* wait = items[items.size() - 2];
                const SwatchLegendItem* critical = items.back();
                QCOMPARE(wait->text(), QStringLiteral("waiting for data"));
                QCOMPARE(wait->swatch().hatch, Qt::BDiagPattern);
                QVERIFY(critical->swatch().fill.empty());
                QCOMPARE(critical->swatch().outline, dagCriticalColor());
                // No critical path drawn: none in the legend.
                plot->setShowCriticalPath(false);
                int shown = 0;
                for (int k = 0; k < plot->legend->itemCount(); ++k) shown += plot->legend->item(k) != nullptr;
                QCOMPARE(shown, static_cast<int>(colors.legend.size() + 1));
            }
        }
        // Many levels: one ramp from the first to the last, not dozens of swatches.
        const Solved deep = deepRandom();
        QVERIFY2(deep.data->trace.levels > 12, qPrintable(QString::number(deep.data->trace.levels)));
        const DagColors byLevel = dagColors(*deep.data, DagColorMode::ByLevel);
        QCOMPARE(byLevel.legend.size(), std::size_t{1});
        QCOMPARE(byLevel.legend.front().text,
                 QStringLiteral("level 0 … %1").arg(deep.data->trace.levels - 1));
        QCOMPARE(byLevel.legend.front().colors.size(), static_cast<std::size_t>(deep.data->trace.levels));
    }
};

QTEST_MAIN(DagGanttTests)
#include "test_dag_gantt.moc"
