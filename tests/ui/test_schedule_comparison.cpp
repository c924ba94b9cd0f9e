// Comparing runs (issue 13): two runs selected in the run table are drawn on one time axis, their metrics
// and moves tabulated, the task selected in the table highlighted in both, and the picture exported.
#include <QApplication>
#include <QFile>
#include <QImage>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "document/run_table_model.h"
#include "app/mainwindow.h"
#include "ui_test_util.h"
#include "panels/result_pane.h"
#include "panels/run_table.h"
#include "app/solve_controller.h"
#include "panels/solver_panel.h"
#include "views/gantt/gantt_view.h"
#include "views/gantt/schedule_comparison_view.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

using test::examplePath;
using test::settle;
using test::shownWindow;
using test::solveWith;

// Clicks the row of run `run` (0-based) in the run table's viewport, with `modifiers` held.
void clickRun(MainWindow& window, int run, Qt::KeyboardModifiers modifiers) {
    QTableView* view = window.runTable()->view();
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QModelIndex cell = view->model()->index(row, RunTableModel::SolverColumn);
        if (view->model()->index(row, RunTableModel::NumberColumn).data().toInt() == run + 1) {
            QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers, view->visualRect(cell).center());
            return;
        }
    }
    QFAIL("no row of that run");
}

}  // namespace

class ScheduleComparisonTests : public QObject {
    Q_OBJECT

    QTemporaryDir m_temp;

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        test::isolateSettings(m_temp, QStringLiteral("schedule_comparison_tests"));
    }

    void twoSelectedRunsAreComparedOnOneTimeAxis_data() {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        // heft's makespan is over seven times hcpa's: the shared range must hold both.
        QTest::newRow("dag") << QStringLiteral("dag-two-clusters.json") << QStringLiteral("hcpa")
                             << QStringLiteral("heft");
        QTest::newRow("cpugpu") << QStringLiteral("cpugpu-small.json") << QStringLiteral("dual-approx")
                                << QStringLiteral("heft");
    }

    // Ctrl+click on a second row compares the two runs: one Gantt each, the same time range whatever one of
    // them is zoomed to, a table of what moved, the task selected there outlined in both, and a PNG export.
    // A plain click then shows one run again.
    void twoSelectedRunsAreComparedOnOneTimeAxis() {
        QFETCH(QString, example);
        QFETCH(QString, first);
        QFETCH(QString, second);
        const auto window = shownWindow();
        QVERIFY(window->loadFile(examplePath(example)).ok());
        QCOMPARE(solveWith(*window, first), QString());
        QCOMPARE(solveWith(*window, second), QString());
        settle();

        clickRun(*window, 0, Qt::NoModifier);
        QCOMPARE(window->runTable()->currentRun(), 0);
        clickRun(*window, 1, Qt::ControlModifier);
        settle();
        QCOMPARE(window->runTable()->selectedRuns(), (QList<int>{0, 1}));
        ResultPane* pane = window->resultPane();
        QVERIFY(pane->isComparing());
        ScheduleComparisonView* comparison = pane->comparison();
        QVERIFY(comparison && comparison->isVisible());
        QCOMPARE(pane->chart(), static_cast<ResultChart*>(comparison));
        QCOMPARE(comparison->ganttCount(), 2);

        GanttView* top = comparison->gantt(0);
        GanttView* bottom = comparison->gantt(1);
        QVERIFY(top->schedule() && bottom->schedule());
        QCOMPARE(top->xAxis->range().lower, bottom->xAxis->range().lower);
        QCOMPARE(top->xAxis->range().upper, bottom->xAxis->range().upper);
        const double end = std::max(top->schedule()->endTime(), bottom->schedule()->endTime());
        QVERIFY(top->xAxis->range().upper >= end);  // the longer run fits in both
        QVERIFY(top->xAxis->range().lower <= 0);
        bottom->xAxis->setRange(end * 0.25, end * 0.5);
        QCOMPARE(top->xAxis->range().lower, end * 0.25);
        QCOMPARE(top->xAxis->range().upper, end * 0.5);

        QVERIFY(comparison->metricsTable()->model()->rowCount() > 0);
        QCOMPARE(comparison->metricsTable()->model()->columnCount(), 3);  // the metric, then each run
        QAbstractItemModel* moves = comparison->movesTable()->model();
        QVERIFY2(moves->rowCount() > 0, qPrintable(comparison->differenceNote()));
        // Sorted by |shift|, largest first: a task in one run only, or the largest move, heads the table.
        const auto shiftKey = [moves](int row) {
            return moves->index(row, ScheduleComparisonView::ShiftColumn).data(Qt::UserRole).toDouble();
        };
        for (int row = 1; row < moves->rowCount(); ++row) QVERIFY(shiftKey(row - 1) >= shiftKey(row));

        comparison->movesTable()->selectRow(0);
        QVERIFY(comparison->highlightedIntervals(0) + comparison->highlightedIntervals(1) > 0);
        if (example.startsWith(QLatin1String("dag"))) {
            QVERIFY(comparison->criticalIntervals(0) > 0);
            QVERIFY(comparison->criticalIntervals(1) > 0);
        }

        const QString png = m_temp.filePath(QStringLiteral("comparison-%1.png").arg(example));
        const Expected<bool> written = window->exportChart(png, 1200, 800);
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
        QImage image(png);
        QCOMPARE(image.size(), QSize(1200, 800));
        // PDF and SVG through the same painting.
        for (const QString& suffix : {QStringLiteral("pdf"), QStringLiteral("svg")}) {
            const QString path = m_temp.filePath(QStringLiteral("comparison-%1.%2").arg(example, suffix));
            QVERIFY(window->exportChart(path, 1200, 800).ok());
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray head = file.read(4096);
            QVERIFY2(suffix == QLatin1String("pdf") ? head.startsWith("%PDF") : head.contains("<svg"), qPrintable(path));
        }
        // Set HETSCHED_COMPARISON_PNG_DIR to look at the window and the export.
        if (const QByteArray dir = qgetenv("HETSCHED_COMPARISON_PNG_DIR"); !dir.isEmpty()) {
            settle();
            window->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/window-%1.png").arg(example));
            image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/export-%1.png").arg(example));
        }

        clickRun(*window, 1, Qt::NoModifier);
        settle();
        QCOMPARE(window->runTable()->selectedRuns(), (QList<int>{1}));
        QVERIFY(!pane->isComparing());
        QVERIFY2(pane->heading().contains(second), qPrintable(pane->heading()));
    }
};

QTEST_MAIN(ScheduleComparisonTests)
#include "test_schedule_comparison.moc"
