// The pattern decomposition view of steady-state results, offscreen: one period's bands are T*y_p wide
// and fill T*sum y_p, selecting a pattern lights exactly its links and processors on the graph and its
// interval on the Gantt, selecting an allocation draws its paths, and the whole view exports as
// vector PDF/SVG and PNG, from the GUI and headless.
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <set>

#include "model/platform_generators.h"
#include "app/app_entry.h"
#include "io/instance_io.h"
#include "app/mainwindow.h"
#include "panels/run_table.h"
#include "app/solve_controller.h"
#include "panels/solver_panel.h"
#include "panels/result_pane.h"
#include "solvers/family_solution.h"
#include "solvers/registry.h"
#include "views/common/result_chart.h"
#include "views/steady/steady_graph_view.h"
#include "views/steady/steady_patterns_view.h"
#include "views/steady/steady_period_strip.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

QString examplePath(const char* name) {
    return QStringLiteral(HETSCHED_EXAMPLES_DIR "/") + QLatin1String(name);
}

Instance exampleInstance() {
    QFile file(examplePath("steady-state-bag-of-tasks.json"));
    if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read the example");
    Expected<Instance> in = parseInstance(file.readAll().toStdString());
    if (!in) qFatal("%s", in.error().message.c_str());
    return *in;
}

std::shared_ptr<const SolveResult> solved(const Instance& in, const std::string& solver = {}) {
    Expected<SolveResult> r = solve(in, solver);
    if (!r) qFatal("%s", r.error().message.c_str());
    return std::make_shared<const SolveResult>(std::move(*r));
}

template <class Ids>
std::set<std::size_t> asSet(const Ids& ids) {
    return std::set<std::size_t>(ids.begin(), ids.end());
}

bool xmlParses(const QString& path, QString* root) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return false;
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && root->isEmpty()) *root = xml.name().toString();
    }
    return !xml.hasError();
}

// Whether a pixel near `at` has about colour `want` (arcs are drawn a few pixels off the centre line).
bool colourNear(const QImage& image, QPointF at, const QColor& want, int radius = 5) {
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            const QPoint p = at.toPoint() + QPoint(dx, dy);
            if (!image.rect().contains(p)) continue;
            const QColor c = image.pixelColor(p);
            if (std::abs(c.red() - want.red()) + std::abs(c.green() - want.green()) + std::abs(c.blue() - want.blue()) < 40)
                return true;
        }
    return false;
}

}  // namespace

class TestSteadyView : public QObject {
    Q_OBJECT

private:
    // Checks shared by every platform: the period strip, then every pattern and allocation selected in turn.
    void checkSelections(SteadyPatternsView& view) {
        const SteadyViewData* data = view.data();
        QVERIFY(data);
        const SteadySolution& s = data->solution;
        QVERIFY(!s.patterns.empty());
        QVERIFY(!s.allocations.empty());

        // Section 8.4.2: pattern p is a band of width T*y_p; together they fill T*sum_p y_p <= T.
        const std::vector<double> widths = view.strip()->bandWidths();
        QCOMPARE(widths.size(), s.patterns.size());
        double sumWidths = 0;
        double sumDurations = 0;
        for (std::size_t p = 0; p < widths.size(); ++p) {
            QVERIFY2(std::abs(widths[p] - s.periodic.period * s.patterns[p].duration) <= 1e-9 * s.periodic.period,
                     qPrintable(QStringLiteral("band %1").arg(p)));
            sumWidths += widths[p];
            sumDurations += s.patterns[p].duration;
        }
        QVERIFY(sumDurations <= 1 + 1e-9);
        QVERIFY(std::abs(sumWidths - s.periodic.period * sumDurations) <= 1e-9 * s.periodic.period);
        // On screen the bands are consecutive, from the left of the axis.
        PatternBands* bands = view.strip()->bands();
        for (std::size_t p = 1; p < s.patterns.size(); ++p)
            QVERIFY(std::abs(bands->bandRect(p).left() - bands->bandRect(p - 1).right()) < 0.5);
        QVERIFY(std::abs(bands->bandRect(0).left() - view.strip()->xAxis->coordToPixel(0)) < 0.5);

        for (std::size_t p = 0; p < s.patterns.size(); ++p) {
            view.selectPattern(p);
            QCOMPARE(view.selectedPattern(), std::optional<std::size_t>(p));
            QCOMPARE(view.graph()->litArcs(), asSet(s.patterns[p].arcs));
            QCOMPARE(view.graph()->litProcessors(), asSet(s.patterns[p].processors));
            QVERIFY(view.graph()->litResultArcs().empty());
            const QCPRange span = view.gantt()->patternSpan();
            QCOMPARE(span.lower, data->patternStart(p));
            QCOMPARE(span.upper, data->patternEnd(p));
            const QModelIndex current = view.patternTable()->currentIndex();
            auto* proxy = qobject_cast<QSortFilterProxyModel*>(view.patternTable()->model());
            QCOMPARE(static_cast<std::size_t>(proxy->mapToSource(current).row()), p);
        }
        for (std::size_t a = 0; a < s.allocations.size(); ++a) {
            const SteadyAllocation& al = s.allocations[a];
            view.selectAllocation(a);
            QVERIFY(!view.selectedPattern());
            std::set<std::size_t> path = asSet(al.dataArcs);
            path.insert(al.resultArcs.begin(), al.resultArcs.end());
            QCOMPARE(view.graph()->litArcs(), path);
            QCOMPARE(view.graph()->litResultArcs(), asSet(al.resultArcs));
            QCOMPARE(view.graph()->litProcessors(), al.processor ? std::set<std::size_t>{*al.processor} : std::set<std::size_t>{});
            QVERIFY(!view.gantt()->highlightedPattern());
        }
        view.selectPattern(std::nullopt);
        QVERIFY(view.graph()->litArcs().empty());
    }

    void checkExports(SteadyPatternsView& view, const QString& dir) {
        for (const char* suffix : {"png", "pdf", "svg"}) {
            const QString path = dir + QStringLiteral("/steady.") + QLatin1String(suffix);
            Expected<bool> written = view.exportTo(path, 1400, 900);
            QVERIFY2(written, written ? "" : written.error().message.c_str());
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            QVERIFY2(bytes.size() > 3000, suffix);
            if (QLatin1String(suffix) == QLatin1String("png")) {
                QImage image;
                QVERIFY(image.loadFromData(bytes, "PNG"));
                QCOMPARE(image.size(), QSize(1400, 900));
                std::set<QRgb> colours;
                for (int y = 0; y < image.height(); y += 4)
                    for (int x = 0; x < image.width(); x += 4) colours.insert(image.pixel(x, y));
                QVERIFY(colours.size() > 20);
            } else if (QLatin1String(suffix) == QLatin1String("pdf")) {
                QVERIFY(bytes.startsWith("%PDF"));
            } else {
                QString root;
                QVERIFY(xmlParses(path, &root));
                QCOMPARE(root, QStringLiteral("svg"));
                // Vector output: the graph and the plots are shapes and text, not embedded pixels.
                QVERIFY(!bytes.contains("<image"));
                QVERIFY(bytes.contains("valid patterns"));
                QVERIFY(bytes.contains(QByteArray::fromStdString(view.data()->instance.nodes.front().name)));
            }
        }
    }

private slots:
    void exampleShowsPatternsAllocationsAndSchedule() {
        const Instance in = exampleInstance();
        const auto result = solved(in);
        QCOMPARE(chartTypeFor(in), ChartType::SteadyPatterns);
        std::unique_ptr<ResultChart> chart(createResultChart(ChartType::SteadyPatterns));
        auto* view = dynamic_cast<SteadyPatternsView*>(chart.get());
        QVERIFY(view);
        QCOMPARE(view->widget(), static_cast<QWidget*>(view));
        view->resize(1400, 900);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view));
        view->showResult(in, result);
        checkSelections(*view);

        // Clicking a band selects its pattern; a second click clears.
        PatternBands* bands = view->strip()->bands();
        view->strip()->replot();
        const QPoint inBand = bands->bandRect(1).center().toPoint();
        QTest::mouseClick(view->strip(), Qt::LeftButton, {}, inBand);
        QCOMPARE(view->selectedPattern(), std::optional<std::size_t>(1));
        QTest::mouseClick(view->strip(), Qt::LeftButton, {}, inBand);
        QVERIFY(!view->selectedPattern());

        // Choosing a row of the allocations table draws that allocation's data path on the graph.
        QTableView* table = view->allocationTable();
        table->selectRow(0);
        auto* proxy = qobject_cast<QSortFilterProxyModel*>(table->model());
        const std::size_t a = static_cast<std::size_t>(proxy->mapToSource(table->currentIndex()).row());
        QCOMPARE(view->selectedAllocation(), std::optional<std::size_t>(a));
        const SteadyAllocation& al = view->data()->solution.allocations[a];
        QVERIFY(!al.dataArcs.empty());
        const QImage image = view->graph()->grab().toImage();
        for (std::size_t e : al.dataArcs) {
            const SteadyArc& arc = view->data()->arcs[e];
            const QPointF middle = (view->graph()->nodeOnScreen(arc.from) + view->graph()->nodeOnScreen(arc.to)) / 2;
            QVERIFY2(colourNear(image, middle, dataPathColor()), qPrintable(view->data()->arcName(e)));
        }
        // The largest allocation comes first (sorted by throughput).
        for (std::size_t b = 0; b < view->data()->solution.allocations.size(); ++b)
            QVERIFY(view->data()->solution.allocations[b].weight <= al.weight + 1e-12);

        // The Gantt's lanes: each category named once (send ports, receive ports, processors).
        const Schedule* schedule = view->gantt()->schedule();
        QVERIFY(schedule);
        std::vector<std::string> runs;
        for (const Lane& lane : schedule->lanes)
            if (runs.empty() || runs.back() != lane.category) runs.push_back(lane.category);
        QCOMPARE(runs, (std::vector<std::string>{"send ports", "receive ports", "processors"}));

        // Colourings of the schedule, each with a legend.
        for (SteadyColoring coloring : {SteadyColoring::ByAllocation, SteadyColoring::ByOperation, SteadyColoring::ByPattern}) {
            view->setColoring(coloring);
            QCOMPARE(view->coloring(), coloring);
            QVERIFY(!view->gantt()->gantt()->legendEntries().empty());
        }

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        view->selectPattern(0);
        checkExports(*view, dir.path());
    }

    void randomPlatformOfFiftyNodes() {
        const SteadyStateInstance platform = randomSteadyPlatform(50, 3, 5);
        const Instance in{platform};
        const auto result = solved(in);
        SteadyPatternsView view;
        view.resize(1500, 1000);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.showResult(in, result);
        checkSelections(view);
        // Names are thinned, never all dropped; the source is always named.
        view.graph()->repaint();
        QVERIFY(view.graph()->drawnLabelCount() > 0);
        QVERIFY(view.graph()->drawnLabelCount() <= 50);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        checkExports(view, dir.path());
    }

    void brokenResultShowsWhyAndKeepsTheSchedule() {
        const Instance in = exampleInstance();
        auto result = std::make_shared<SolveResult>(*solved(in));
        // A typed solution that does not fit the platform (its allocations in no pattern).
        SteadySolution unfit = *solutionOf<SteadySolution>(*result);
        unfit.patterns.clear();
        result->solution = shareSolution(std::move(unfit));
        SteadyPatternsView view;
        view.resize(1000, 700);
        view.show();
        view.showResult(in, result);
        QVERIFY(!view.data());
        QVERIFY2(view.message().contains(QLatin1String("does not fit")), qPrintable(view.message()));
        QVERIFY(view.gantt()->schedule());
        view.selectPattern(0);  // nothing to select: no crash, no selection
        QVERIFY(!view.selectedPattern());
        QTemporaryDir dir;
        QVERIFY(view.exportTo(dir.path() + QStringLiteral("/broken.svg"), 800, 600));
        // A result of another family is refused with a message.
        view.showResult(Instance{PartitionInstance{}}, result);
        QVERIFY(!view.data());
        QCOMPARE(view.message(), QStringLiteral("This view draws steady-state results"));
    }

    void resultPaneOffersTheScheduleColourings() {
        ResultPane pane;
        pane.resize(1300, 900);
        pane.show();
        const Instance in = exampleInstance();
        pane.showNothing(&in, QStringLiteral("nothing yet"));
        auto* view = dynamic_cast<SteadyPatternsView*>(pane.chart());
        QVERIFY(view);
        auto* combo = pane.findChild<QComboBox*>(QStringLiteral("colorModeComboBox"));
        QVERIFY(combo);
        QVERIFY(combo->isVisible());
        QCOMPARE(combo->count(), 3);
        combo->setCurrentIndex(1);
        QCOMPARE(view->coloring(), SteadyColoring::ByAllocation);
        view->setColoring(SteadyColoring::ByOperation);
        QCOMPARE(combo->currentIndex(), 2);
    }

    // The main window solves a steady-state instance and its result pane shows this view, with the
    // heaviest allocation selectable. With HETSCHED_SCREENSHOT_DIR set, the window is saved there
    // (run under Xvfb with QT_QPA_PLATFORM=xcb to look at it).
    void mainWindowShowsTheViewAfterASolve() {
        const QString shots = qEnvironmentVariable("HETSCHED_SCREENSHOT_DIR");
        const QStringList files = {examplePath("steady-state-bag-of-tasks.json")};
        QStringList extra = qEnvironmentVariable("HETSCHED_SCREENSHOT_FILES").split(QLatin1Char(','), Qt::SkipEmptyParts);
        int shot = 0;
        for (const QString& file : files + extra) {
            MainWindow window;
            window.resize(1600, 1000);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            const Expected<bool> loaded = window.loadFile(file);
            QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
            QSignalSpy done(window.solveController(), &SolveController::succeeded);
            const QString solver = window.solverPanel()->currentSolver();
            window.runSolver(solver, window.solverPanel()->optionsFor(solver));
            QVERIFY(done.wait(60000));
            window.runTable()->selectRun(0);
            QCoreApplication::processEvents();
            auto* view = dynamic_cast<SteadyPatternsView*>(window.resultPane()->chart());
            QVERIFY(view);
            QVERIFY(view->data());
            QTest::qWait(100);
            if (!shots.isEmpty()) {
                window.grab().save(QStringLiteral("%1/steady-%2-small.png").arg(shots).arg(shot));
                // As a user would: the result pane dragged taller than the (empty) editor above it.
                if (auto* central = qobject_cast<QSplitter*>(window.centralWidget())) central->setSizes({120, 860});
                QTest::qWait(100);
                window.grab().save(QStringLiteral("%1/steady-%2-plain.png").arg(shots).arg(shot));
            }
            view->selectPattern(0);
            QTest::qWait(50);
            if (!shots.isEmpty()) window.grab().save(QStringLiteral("%1/steady-%2-pattern.png").arg(shots).arg(shot));
            view->allocationTable()->selectRow(0);
            QVERIFY(view->selectedAllocation());
            QTest::qWait(50);
            if (!shots.isEmpty()) window.grab().save(QStringLiteral("%1/steady-%2-allocation.png").arg(shots).arg(shot));
            ++shot;
        }
    }

    void headlessExportDrawsTheView() {
        const Instance in = exampleInstance();
        const auto result = solved(in);
        QTemporaryDir dir;
        const QString path = dir.path() + QStringLiteral("/headless.svg");
        Expected<bool> written = exportChart(in, *result, path, 1200, 800);
        QVERIFY2(written, written ? "" : written.error().message.c_str());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(svg.contains("valid patterns"));
        QVERIFY(svg.contains("P4"));
        QVERIFY(svg.contains("send ports"));
    }
};

QTEST_MAIN(TestSteadyView)
#include "test_steady_view.moc"
