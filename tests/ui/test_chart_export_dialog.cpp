// The Export Chart dialog, driven through its widgets: the file name carries the entry and the solver, a PNG
// has the pixels asked (or those of its physical size at its DPI), a dag result exports its Gantt alone or
// with the graph, and the whole schedule shows lanes the view has scrolled out.
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <functional>
#include <memory>

#include "dialogs/chart_export_dialog.h"
#include "io/instance_io.h"
#include "app/mainwindow.h"
#include "panels/result_pane.h"
#include "app/solve_controller.h"
#include "panels/solver_panel.h"
#include "solvers/registry.h"
#include "views/dag/dag_schedule_view.h"
#include "views/common/result_chart.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

constexpr int kSolveTimeoutMs = 30000;

QString examplePath(const char* name) {
    return QStringLiteral(HETSCHED_EXAMPLES_DIR "/") + QLatin1String(name);
}

struct Solved {
    Instance instance;
    std::shared_ptr<const SolveResult> result;
};

Solved solveDagExample() {
    Expected<Instance> instance = readInstanceFile(examplePath("dag-two-clusters.json").toStdString());
    if (!instance) qFatal("%s", instance.error().message.c_str());
    Expected<SolveResult> result = solve(*instance, "hcpa");
    if (!result) qFatal("%s", result.error().message.c_str());
    return {*instance, std::make_shared<const SolveResult>(*result)};
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

// Replaces what a line edit or spin box holds as a user does: select all, type.
void typeInto(QWidget* widget, const QString& text) {
    widget->setFocus();
    QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(widget, text);
}

// Picks the item of a combo box with that text through the keyboard, as a user does.
void choose(QComboBox* box, const QString& text) {
    const int index = box->findText(text);
    QVERIFY2(index >= 0, qPrintable(text));
    box->setFocus();
    while (box->currentIndex() < index) QTest::keyClick(box, Qt::Key_Down);
    while (box->currentIndex() > index) QTest::keyClick(box, Qt::Key_Up);
}

template <typename T>
T* child(QWidget* dialog, const char* name) {
    T* found = dialog->findChild<T*>(QLatin1String(name));
    if (!found) qFatal("no %s in the export dialog", name);
    return found;
}

void clickExport(QDialog* dialog) {
    QTest::mouseClick(child<QPushButton>(dialog, "exportOkButton"), Qt::LeftButton);
}

}  // namespace

class ChartExportDialogTests : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<DagScheduleView> shownView(const Solved& solved) {
        auto view = std::make_unique<DagScheduleView>();
        view->resize(1400, 800);
        view->show();
        view->showResult(solved.instance, solved.result);
        QCoreApplication::processEvents();
        view->fitView();
        return view;
    }

    QTemporaryDir m_temp;

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_temp.filePath(QStringLiteral("settings")));
        QApplication::setOrganizationName(QStringLiteral("HetSchedTests"));
        QApplication::setApplicationName(QStringLiteral("chart_export_dialog_tests"));
    }

    // Each test starts as a user who never exported: the dialog remembers a physical size, text and parts.
    void init() { QSettings().remove(QStringLiteral("chartExport")); }

    // Kept to look at: HETSCHED_UI_SHOTS names a directory the charts written are copied to.
    void cleanupTestCase() {
        if (!qEnvironmentVariableIsSet("HETSCHED_UI_SHOTS")) return;
        const QDir shots(qEnvironmentVariable("HETSCHED_UI_SHOTS"));
        for (const QFileInfo& file : QDir(m_temp.path()).entryInfoList({QStringLiteral("*.png"), QStringLiteral("*.pdf"),
                                                                        QStringLiteral("*.svg")})) {
            QFile::remove(shots.filePath(QStringLiteral("export-dialog-") + file.fileName()));
            QFile::copy(file.filePath(), shots.filePath(QStringLiteral("export-dialog-") + file.fileName()));
        }
    }

    void theDefaultFileNameHasTheEntryAndTheSolver() {
        QCOMPARE(defaultChartFileName(QStringLiteral("montage"), QStringLiteral("hcpa"), QStringLiteral("pdf")),
                 QStringLiteral("montage-hcpa.pdf"));
        QCOMPARE(defaultChartFileName(QStringLiteral("my graph/v2"), QStringLiteral("heft")),
                 QStringLiteral("my-graph-v2-heft.png"));
    }

    void theMainWindowOffersEntrySolverInTheLastExportDirectory() {
        QDir(m_temp.path()).mkdir(QStringLiteral("charts"));
        const QString charts = m_temp.filePath(QStringLiteral("charts"));
        QSettings().setValue(QStringLiteral("lastExportDirectory"), charts);
        MainWindow window;
        QVERIFY(window.loadFile(examplePath("dag-two-clusters.json")).ok());
        window.resize(1400, 900);
        window.show();
        window.solverPanel()->setCurrentSolver(QStringLiteral("hcpa"));
        QSignalSpy done(window.solveController(), &SolveController::succeeded);
        window.runSolver(QStringLiteral("hcpa"), window.solverPanel()->optionsFor(QStringLiteral("hcpa")));
        QVERIFY(done.wait(kSolveTimeoutMs));
        QCoreApplication::processEvents();
        const QString expected =
            QDir(charts).filePath(defaultChartFileName(window.document()->entryAt(0).name, QStringLiteral("hcpa")));
        QVERIFY(expected.endsWith(QStringLiteral("-hcpa.png")));

        QString offered;
        QString format;
        bool partsOffered = false;
        QTimer::singleShot(0, &window, [&] {
            auto* dialog = qobject_cast<ChartExportDialog*>(QApplication::activeModalWidget());
            if (!dialog) return;
            offered = child<QLineEdit>(dialog, "exportPathEdit")->text();
            format = child<QLabel>(dialog, "exportFormatLabel")->text();
            partsOffered = child<QComboBox>(dialog, "exportPartComboBox")->isVisibleTo(dialog);
            clickExport(dialog);
        });
        QAction* action = window.findChild<QAction*>(QStringLiteral("exportChartAction"));
        QVERIFY(action);
        action->trigger();
        QCOMPARE(offered, expected);
        QCOMPARE(format, QStringLiteral("PNG image"));
        QVERIFY(partsOffered);
        // The default size is the chart's on screen.
        const QImage image(expected);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), window.resultPane()->chart()->widget()->size());
    }

    void aPngHasThePixelsAsked() {
        const Solved solved = solveDagExample();
        auto view = shownView(solved);
        const QString path = m_temp.filePath(QStringLiteral("asked.png"));
        ChartExportDialog dialog(view.get(), m_temp.filePath(QStringLiteral("first.png")));
        dialog.show();
        QCOMPARE(child<QDoubleSpinBox>(&dialog, "exportWidthSpinBox")->value(), 1400.0);
        QCOMPARE(child<QDoubleSpinBox>(&dialog, "exportHeightSpinBox")->value(), 800.0);
        typeInto(child<QLineEdit>(&dialog, "exportPathEdit"), path);
        typeInto(child<QDoubleSpinBox>(&dialog, "exportWidthSpinBox"), QStringLiteral("1000"));
        typeInto(child<QDoubleSpinBox>(&dialog, "exportHeightSpinBox"), QStringLiteral("640"));
        clickExport(&dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const QImage image(path);
        QCOMPARE(image.size(), QSize(1000, 640));
    }

    void aPngAtADpiHasThePixelsOfItsPhysicalSize() {
        const Solved solved = solveDagExample();
        auto view = shownView(solved);
        const QString path = m_temp.filePath(QStringLiteral("figure.png"));
        ChartExportDialog dialog(view.get(), path);
        dialog.show();
        choose(child<QComboBox>(&dialog, "exportUnitComboBox"), QStringLiteral("cm"));
        QVERIFY(child<QSpinBox>(&dialog, "exportDpiSpinBox")->isEnabled());
        typeInto(child<QDoubleSpinBox>(&dialog, "exportWidthSpinBox"), QStringLiteral("17"));
        typeInto(child<QDoubleSpinBox>(&dialog, "exportHeightSpinBox"), QStringLiteral("8"));
        typeInto(child<QSpinBox>(&dialog, "exportDpiSpinBox"), QStringLiteral("300"));
        clickExport(&dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const QImage image(path);
        // 17 cm and 8 cm at 300 dots per inch.
        QCOMPARE(image.size(), QSize(qRound(17 / 2.54 * 300), qRound(8 / 2.54 * 300)));
        QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), 300);
    }

    void aPdfPageInMillimetres() {
        const Solved solved = solveDagExample();
        auto view = shownView(solved);
        const QString path = m_temp.filePath(QStringLiteral("page.pdf"));
        ChartExportDialog dialog(view.get(), m_temp.filePath(QStringLiteral("page.png")));
        dialog.show();
        typeInto(child<QLineEdit>(&dialog, "exportPathEdit"), path);
        QCOMPARE(child<QLabel>(&dialog, "exportFormatLabel")->text(), QStringLiteral("PDF document"));
        choose(child<QComboBox>(&dialog, "exportUnitComboBox"), QStringLiteral("mm"));
        typeInto(child<QDoubleSpinBox>(&dialog, "exportWidthSpinBox"), QStringLiteral("254"));
        typeInto(child<QDoubleSpinBox>(&dialog, "exportHeightSpinBox"), QStringLiteral("127"));
        QCOMPARE(dialog.request().size, QSize(720, 360));   // 10 and 5 inches of 72 points
        clickExport(&dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(readAll(path).startsWith("%PDF"));
    }

    void anUnwritableFileIsNamedAndTheDialogStays() {
        const Solved solved = solveDagExample();
        auto view = shownView(solved);
        ChartExportDialog dialog(view.get(), m_temp.filePath(QStringLiteral("no-such-dir/chart.svg")));
        dialog.show();
        clickExport(&dialog);
        QVERIFY(dialog.isVisible());
        QVERIFY(child<QLabel>(&dialog, "exportErrorLabel")->text().contains(QStringLiteral("chart.svg")));
        typeInto(child<QLineEdit>(&dialog, "exportPathEdit"), m_temp.filePath(QStringLiteral("chart.gif")));
        clickExport(&dialog);
        QVERIFY(dialog.isVisible());
        QVERIFY(child<QLabel>(&dialog, "exportErrorLabel")->text().contains(QStringLiteral("chart.gif")));
    }

    void theGanttAloneIsNarrowerThanBoth() {
        const Solved solved = solveDagExample();
        auto view = shownView(solved);
        auto exportWith = [&](const QString& part, const QString& name) {
            const QString path = m_temp.filePath(name);
            ChartExportDialog dialog(view.get(), path);
            dialog.show();
            choose(child<QComboBox>(&dialog, "exportPartComboBox"), part);
            clickExport(&dialog);
            return QImage(path);
        };
        const QImage both = exportWith(QStringLiteral("Gantt and task graph"), QStringLiteral("both.png"));
        const QImage gantt = exportWith(QStringLiteral("Gantt only"), QStringLiteral("gantt.png"));
        const QImage graph = exportWith(QStringLiteral("Task graph only"), QStringLiteral("graph.png"));
        QCOMPARE(both.width(), view->width());
        QCOMPARE(gantt.width(), view->ganttPlot()->width());
        QCOMPARE(graph.width(), view->graphPlot()->width());
        QVERIFY(gantt.width() < both.width());
        QCOMPARE(gantt.height(), both.height());
    }

    void theWholeScheduleShowsTheLanesScrolledOut() {
        const Solved solved = solveDagExample();
        auto view = shownView(solved);
        // Zoomed on the first processors of C0: the 32 of C1 are out of view.
        DagGanttPlot* gantt = view->ganttPlot();
        gantt->yAxis->setRange(-0.5, 3.5);
        gantt->replot();
        const QCPRange zoomed = gantt->yAxis->range();
        auto exportSvg = [&](bool whole, const QString& name) {
            const QString path = m_temp.filePath(name);
            ChartExportDialog dialog(view.get(), path);
            dialog.show();
            choose(child<QComboBox>(&dialog, "exportPartComboBox"), QStringLiteral("Gantt only"));
            if (whole) QTest::mouseClick(child<QRadioButton>(&dialog, "exportWholeScheduleRadio"), Qt::LeftButton,
                                         {}, QPoint(8, 8));
            clickExport(&dialog);
            return QString::fromUtf8(readAll(path));
        };
        const QString current = exportSvg(false, QStringLiteral("current.svg"));
        const QString whole = exportSvg(true, QStringLiteral("whole.svg"));
        QVERIFY(!current.isEmpty());
        QVERIFY2(!current.contains(QStringLiteral(">C1")), "the current view shows only C0");
        QVERIFY2(whole.contains(QStringLiteral(">C1")), "the whole schedule labels C1");
        // The view on screen is as the user left it.
        QCOMPARE(gantt->yAxis->range().lower, zoomed.lower);
        QCOMPARE(gantt->yAxis->range().upper, zoomed.upper);
    }

    void theWholeScheduleOfAGanttShowsEveryResource() {
        Expected<Instance> instance = readInstanceFile(examplePath("partition-heterogeneous-node.json").toStdString());
        QVERIFY(instance.ok());
        Expected<SolveResult> result = solve(*instance, defaultSolverFor(*instance));
        QVERIFY(result.ok());
        std::unique_ptr<ResultChart> chart(createResultChart(chartTypeFor(*instance)));
        QWidget* widget = chart->widget();
        widget->resize(1000, 600);
        widget->show();
        chart->showResult(*instance, std::make_shared<const SolveResult>(*result));
        QCoreApplication::processEvents();
        // Lanes 0 and 1 only on screen (lane k at the value k).
        QCustomPlot* plot = chart->plot();
        plot->yAxis->setRange(-0.5, 1.5);
        plot->replot();
        auto exportSvg = [&](bool whole, const QString& name) {
            const QString path = m_temp.filePath(name);
            ChartExportDialog dialog(chart.get(), path);
            dialog.show();
            QVERIFY(!child<QComboBox>(&dialog, "exportPartComboBox")->isVisibleTo(&dialog));
            if (whole) QTest::mouseClick(child<QRadioButton>(&dialog, "exportWholeScheduleRadio"), Qt::LeftButton,
                                         {}, QPoint(8, 8));
            clickExport(&dialog);
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
        };
        exportSvg(false, QStringLiteral("gantt-current.svg"));
        exportSvg(true, QStringLiteral("gantt-whole.svg"));
        const QString current = QString::fromUtf8(readAll(m_temp.filePath(QStringLiteral("gantt-current.svg"))));
        const QString whole = QString::fromUtf8(readAll(m_temp.filePath(QStringLiteral("gantt-whole.svg"))));
        int shownNow = 0;
        for (const char* name : {"cpu0", "cpu1", "cpu2", "cpu3", "gpu0", "gpu1", "fpga"}) {
            QVERIFY2(whole.contains(QLatin1String(name)), name);
            if (current.contains(QLatin1String(name))) ++shownNow;
        }
        QVERIFY2(shownNow < 7, "the current view leaves some resources out");
        QCOMPARE(plot->yAxis->range().lower, -0.5);
        QCOMPARE(plot->yAxis->range().upper, 1.5);
    }

    void theSvgRendersToAPicture() {
        const Solved solved = solveDagExample();
        auto view = shownView(solved);
        const QString path = m_temp.filePath(QStringLiteral("render.svg"));
        ChartExportDialog dialog(view.get(), path);
        dialog.show();
        clickExport(&dialog);
        QSvgRenderer renderer(path);
        QVERIFY(renderer.isValid());
        QImage image(renderer.defaultSize(), QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        renderer.render(&painter);
        painter.end();
        // Not blank: the bars and nodes are coloured.
        int coloured = 0;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4) {
                const QColor c = image.pixelColor(x, y);
                if (c.saturation() > 60) ++coloured;
            }
        QVERIFY(coloured > 200);
        image.save(m_temp.filePath(QStringLiteral("render-svg.png")));
    }
};

QTEST_MAIN(ChartExportDialogTests)
#include "test_chart_export_dialog.moc"
