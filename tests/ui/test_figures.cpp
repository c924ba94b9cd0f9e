// Figures for a paper (issue 22): each experiment's plot at one and two columns keeps the rules the poppler
// checker reads back (page size, words inside, none overlapping, text 6 to 10 pt), and the Export dialog,
// driven with the mouse, makes the figure its fields describe, previews it at its real size and remembers it.
#include <qcustomplot.h>

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <memory>

#include "app/mainwindow.h"
#include "app/schedule_export.h"
#include "app/solve_controller.h"
#include "panels/run_table.h"
#include "panels/solver_panel.h"
#include "document/project_document.h"
#include "dialogs/chart_export_dialog.h"
#include "experiments/cpugpu_experiment_dialog.h"
#include "experiments/dag_evaluation_dialog.h"
#include "experiments/divisible_simulation_dialog.h"
#include "io/formats.h"
#include "io/instance_io.h"
#include "solvers/registry.h"
#include "views/common/chart_export.h"
#include "views/common/result_chart.h"
#include "views/dag/dag_schedule_view.h"
#include "views/dag/dag_view_data.h"
#include "views/divisible/divisible_simulation_plot.h"
#include "views/gantt/gantt_plottable_base.h"
#include "views/gantt/gantt_view.h"
#include "views/gantt/schedule_comparison_view.h"
#include "views/gantt/lane_axis_ticker.h"
#include "views/gantt/time_marker_layer.h"
#include "model/dag_random.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

constexpr int kTimeoutMs = 120000;

QString examplePath(const char* name) {
    return QStringLiteral(HETSCHED_EXAMPLES_DIR "/") + QLatin1String(name);
}

FigureOptions figureOf(double widthMm, double heightMm) {
    FigureOptions options;
    options.size = FigureSize{widthMm, heightMm, SizeUnit::Millimetre};
    options.fontPoints = 8;
    return options;
}

// What check_pdf_figure.py says of a PDF at that size: empty when it keeps every rule.
// The runs of heft, mheft and hcpa on a task graph instance, as a comparison takes them (digest 1); a solver's
// failure in `failed` (then the runs before it only).
std::vector<ComparedRun> heftMheftHcpa(const Instance& instance, QString* failed) {
    std::vector<ComparedRun> runs;
    for (const char* solver : {"heft", "mheft", "hcpa"}) {
        Expected<SolveResult> result = solve(instance, solver);
        if (!result) {
            *failed = QStringLiteral("%1: %2").arg(QLatin1String(solver), QString::fromStdString(result.error().message));
            return runs;
        }
        runs.push_back({QString::fromLatin1(solver), std::make_shared<const SolveResult>(*result), 1});
    }
    return runs;
}

QString checkerVerdict(const QString& pdf, const QString& size) {
    QProcess checker;
    checker.start(QStringLiteral("python3"), {QStringLiteral(HETSCHED_FIGURE_CHECKER), pdf, size});
    if (!checker.waitForFinished(60000)) return QStringLiteral("the checker did not finish");
    if (checker.exitStatus() == QProcess::NormalExit && checker.exitCode() == 0) return {};
    return QString::fromUtf8(checker.readAllStandardOutput() + checker.readAllStandardError());
}

QString pdfText(const QString& pdf) {
    QProcess text;
    text.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    text.waitForFinished(30000);
    return QString::fromUtf8(text.readAllStandardOutput());
}

// The page's size in points, as the PDF's MediaBox says.
QSizeF pageSize(const QString& pdf) {
    QFile file(pdf);
    if (!file.open(QIODevice::ReadOnly)) return {};
    const QString bytes = QString::fromLatin1(file.readAll());
    const QRegularExpressionMatch box =
        QRegularExpression(QStringLiteral("/MediaBox\\s*\\[\\s*0\\s+0\\s+([0-9.]+)\\s+([0-9.]+)")).match(bytes);
    return box.hasMatch() ? QSizeF(box.captured(1).toDouble(), box.captured(2).toDouble()) : QSizeF();
}

// The words of a PDF with their boxes (points, y down), as pdftotext -bbox reads them.
struct PdfWord {
    QString text;
    QRectF box;
};
std::vector<PdfWord> pdfWords(const QString& pdf) {
    QProcess text;
    text.start(QStringLiteral("pdftotext"), {QStringLiteral("-bbox"), pdf, QStringLiteral("-")});
    text.waitForFinished(30000);
    std::vector<PdfWord> words;
    const QRegularExpression word(QStringLiteral(
        "<word xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\" xMax=\"([0-9.]+)\" yMax=\"([0-9.]+)\">([^<]*)</word>"));
    for (const QRegularExpressionMatch& m : word.globalMatch(QString::fromUtf8(text.readAllStandardOutput())))
        words.push_back({m.captured(5), QRectF(QPointF(m.captured(1).toDouble(), m.captured(2).toDouble()),
                                               QPointF(m.captured(3).toDouble(), m.captured(4).toDouble()))});
    return words;
}

// The largest gap (points) between consecutive ones of these words, top to bottom, each the rightmost of its
// text (a legend right of the chart; "π1" is a marker's label too): a legend's entries sit together when no
// gap is wider than a line.
double largestGapBetween(const std::vector<PdfWord>& words, const QStringList& entries) {
    std::vector<QRectF> boxes;
    for (const QString& entry : entries) {
        const PdfWord* rightmost = nullptr;
        for (const PdfWord& word : words)
            if (word.text == entry && (!rightmost || word.box.left() > rightmost->box.left())) rightmost = &word;
        if (!rightmost) return 1e9;
        boxes.push_back(rightmost->box);
    }
    std::sort(boxes.begin(), boxes.end(), [](const QRectF& a, const QRectF& b) { return a.top() < b.top(); });
    double gap = 0;
    for (std::size_t k = 1; k < boxes.size(); ++k) gap = std::max(gap, boxes[k].top() - boxes[k - 1].bottom());
    return gap;
}

template <typename T>
T* child(QWidget* dialog, const char* name) {
    T* found = dialog->findChild<T*>(QLatin1String(name));
    if (!found) qFatal("no %s in the dialog", name);
    return found;
}

// Picks an item of a combo box with the mouse: a click opens its list, a click on the item chooses it.
void pickWithMouse(QComboBox* box, const QString& text) {
    const int index = box->findText(text);
    QVERIFY2(index >= 0, qPrintable(text));
    QTest::mouseClick(box, Qt::LeftButton);
    QAbstractItemView* list = box->view();
    QTRY_VERIFY(list->isVisible());
    // The item is chosen as a person does from the open list with the keyboard (offscreen, a click on the
    // popup's item does not always reach it).
    list->setCurrentIndex(list->model()->index(index, 0));
    QTest::keyClick(list, Qt::Key_Return);
    QTRY_VERIFY(!list->isVisible());
    QCOMPARE(box->currentIndex(), index);
}

void clickBox(QCheckBox* box) {
    QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(6, box->height() / 2));
}

}  // namespace

class FigureTests : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_temp;

    // The figure of `example` solved with `solver`, as the GUI draws its result, written to a PDF with these
    // options; empty when it could not be written (the test then fails with the message).
    QString exampleFigure(const QString& instanceFile, const char* solver, const FigureOptions& options,
                          const QString& name) {
        Expected<Instance> instance = readInstanceFile(instanceFile.toStdString());
        if (!instance.ok()) return {};
        Expected<SolveResult> result = solve(*instance, solver);
        if (!result.ok()) return {};
        std::unique_ptr<ResultChart> chart(createResultChart(chartTypeFor(*instance)));
        chart->widget()->resize(1200, 800);
        chart->showResult(*instance, std::make_shared<const SolveResult>(*result));
        const QString pdf = m_temp.filePath(name + QStringLiteral(".pdf"));
        Expected<FigureCanvas> canvas = figureCanvas(pdf, options);
        if (!canvas.ok()) return {};
        const Expected<bool> written = chart->exportFigure(pdf, *canvas, options);
        if (!written.ok()) qWarning("%s", written.error().message.c_str());
        return written.ok() ? pdf : QString();
    }

    // The plot at one column and two columns, each PDF read back by the checker.
    void checkAtPaperSizes(const std::function<Expected<bool>(const QString&, const FigureOptions&)>& exportFigure,
                           const QString& name) {
        for (const auto& [width, height, size] : {std::tuple{85.0, 50.0, "85x50mm"}, std::tuple{175.0, 100.0, "175x100mm"}}) {
            const QString pdf = m_temp.filePath(name + QLatin1Char('-') + QLatin1String(size) + QStringLiteral(".pdf"));
            const Expected<bool> written = exportFigure(pdf, figureOf(width, height));
            QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
            const QString verdict = checkerVerdict(pdf, QLatin1String(size));
            QVERIFY2(verdict.isEmpty(), qPrintable(verdict));
        }
    }

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_temp.filePath(QStringLiteral("settings")));
        QApplication::setOrganizationName(QStringLiteral("HetSchedTests"));
        QApplication::setApplicationName(QStringLiteral("figure_tests"));
    }

    // Kept to look at: HETSCHED_UI_SHOTS names a directory the figures written are copied to.
    void cleanupTestCase() {
        if (!qEnvironmentVariableIsSet("HETSCHED_UI_SHOTS")) return;
        const QDir shots(qEnvironmentVariable("HETSCHED_UI_SHOTS"));
        for (const QFileInfo& file : QDir(m_temp.path()).entryInfoList({QStringLiteral("*.pdf"), QStringLiteral("*.png")})) {
            QFile::remove(shots.filePath(QStringLiteral("figure-") + file.fileName()));
            QFile::copy(file.filePath(), shots.filePath(QStringLiteral("figure-") + file.fileName()));
        }
    }

    void theCpuGpuExperimentPlotFitsOneAndTwoColumns() {
        MainWindow window;
        CpuGpuExperimentDialog* dialog = window.cpuGpuExperimentDialog();
        CpuGpuExperimentOptions options;
        options.minTasks = 10;
        options.maxTasks = 30;
        options.taskStep = 10;
        options.cpuCounts = {2, 4};
        options.gpuCounts = {1};
        options.instancesPerCase = 2;
        dialog->setOptions(options);
        QSignalSpy finished(dialog, &CpuGpuExperimentDialog::experimentFinished);
        dialog->run();
        QVERIFY(finished.count() == 1 || finished.wait(kTimeoutMs));
        checkAtPaperSizes([&](const QString& path, const FigureOptions& figure) {
            return dialog->exportFigure(dialog->plot(), path, figure);
        }, QStringLiteral("cpugpu-experiment"));
        // The panels are the settings (one per CPU/GPU count pair), and the title says over how many instances.
        const QString text = pdfText(m_temp.filePath(QStringLiteral("cpugpu-experiment-175x100mm.pdf")));
        QVERIFY2(text.contains(QStringLiteral("2 CPUs, 1 GPU")) && text.contains(QStringLiteral("4 CPUs, 1 GPU")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("2 instances per point")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("deviation (%)")) && text.contains(QStringLiteral("tasks n")), qPrintable(text));
        checkTables(dialog, QStringLiteral("cpugpu-experiment"), {QStringLiteral("dual-approx"), QStringLiteral("heft")});
    }

    // Also the tables: the CSV, and the same rows as a booktabs table that pdflatex sets in a paper.
    void checkTables(ExperimentDialog* dialog, const QString& name, const QStringList& words) {
        const QString csv = m_temp.filePath(name + QStringLiteral(".csv"));
        const QString tex = m_temp.filePath(name + QStringLiteral(".tex"));
        const Expected<bool> csvWritten = dialog->saveCsv(csv);
        QVERIFY2(csvWritten.ok(), csvWritten.ok() ? "" : csvWritten.error().message.c_str());
        const Expected<bool> texWritten = dialog->saveCsv(tex);
        QVERIFY2(texWritten.ok(), texWritten.ok() ? "" : texWritten.error().message.c_str());
        QFile csvFile(csv), texFile(tex);
        QVERIFY(csvFile.open(QIODevice::ReadOnly) && texFile.open(QIODevice::ReadOnly));
        const QStringList csvLines = QString::fromUtf8(csvFile.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const QString latex = QString::fromUtf8(texFile.readAll());
        QVERIFY2(latex.contains(QStringLiteral("\\toprule")) && latex.contains(QStringLiteral("\\bottomrule")), qPrintable(latex));
        // One table row per CSV line, the header above \midrule.
        QCOMPARE(latex.count(QStringLiteral(" \\\\\n")), csvLines.size());
        const QString firstColumn = csvLines.first().section(QLatin1Char(','), 0, 0).replace(QLatin1Char('_'), QLatin1Char(' '));
        QVERIFY2(latex.indexOf(QStringLiteral("\\midrule")) > latex.indexOf(firstColumn + QStringLiteral(" & ")), qPrintable(latex));
        const QString paper = m_temp.filePath(name + QStringLiteral("-paper.tex"));
        QFile paperFile(paper);
        QVERIFY(paperFile.open(QIODevice::WriteOnly));
        paperFile.write("\\documentclass{article}\\usepackage{booktabs,graphicx}\\begin{document}\n"
                        "\\begin{table}\\centering\\resizebox{\\linewidth}{!}{\\input{" + name.toUtf8() +
                        ".tex}}\\caption{Results}\\end{table}\n\\end{document}\n");
        paperFile.close();
        QProcess latexRun;
        latexRun.setWorkingDirectory(m_temp.path());
        latexRun.start(QStringLiteral("pdflatex"), {QStringLiteral("-interaction=nonstopmode"), QStringLiteral("-halt-on-error"),
                                                    name + QStringLiteral("-paper.tex")});
        QVERIFY2(latexRun.waitForStarted(), "pdflatex (texlive-latex-base) is needed");
        QVERIFY(latexRun.waitForFinished(120000));
        QVERIFY2(latexRun.exitCode() == 0, latexRun.readAllStandardOutput().right(1500).constData());
        const QString typeset = pdfText(m_temp.filePath(name + QStringLiteral("-paper.pdf")));
        for (const QString& word : words) QVERIFY2(typeset.contains(word), qPrintable(word + QStringLiteral(": ") + typeset));
    }

    void theTaskGraphEvaluationPlotFitsOneAndTwoColumns() {
        MainWindow window;
        DagEvaluationDialog* dialog = window.dagEvaluationDialog();
        DagEvaluationConfig config;
        config.taskCounts = {10};
        config.clusterCounts = {1, 2};
        config.heterogeneities = {1};
        config.minSpeeds = {1e9};
        config.dagSamples = 2;
        config.solvers = {"hcpa", "mheft", "seq"};
        dialog->setConfig(config);
        QSignalSpy finished(dialog, &DagEvaluationDialog::experimentFinished);
        dialog->run();
        QVERIFY(finished.count() == 1 || finished.wait(kTimeoutMs));
        checkAtPaperSizes([&](const QString& path, const FigureOptions& figure) {
            return dialog->exportFigure(dialog->plot(), path, figure);
        }, QStringLiteral("dag-evaluation"));
        // What a point averages over is said, and the number of runs.
        const QString text = pdfText(m_temp.filePath(QStringLiteral("dag-evaluation-175x100mm.pdf")));
        QVERIFY2(text.contains(QStringLiteral("2 runs per point")) && text.contains(QStringLiteral("heterogeneity")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("standard deviation")), qPrintable(text));
        // One bar of a standard deviation per point of each solver.
        int errorBars = 0;
        for (int k = 0; k < dialog->plot()->plottableCount(); ++k)
            if (auto* bars = qobject_cast<QCPErrorBars*>(dialog->plot()->plottable(k))) {
                ++errorBars;
                QCOMPARE(bars->dataCount(), bars->dataPlottable()->interface1D()->dataCount());
            }
        QCOMPARE(errorBars, 3);
        QVERIFY2(text.contains(QStringLiteral("makespan (s)")), qPrintable(text));
        checkTables(dialog, QStringLiteral("dag-evaluation"), {QStringLiteral("hcpa"), QStringLiteral("mheft")});
    }

    void theDivisibleSimulationPlotsFitOneAndTwoColumns() {
        DivisibleSimulationDialog dialog;
        dialog.setConfig(5, 3, 3, 7, {0.8, 1.0});   // 5 workers, 3 platforms per point, 3 ratios, seed 7
        QSignalSpy finished(&dialog, &DivisibleSimulationDialog::experimentFinished);
        dialog.run();
        QVERIFY(finished.count() == 1 || finished.wait(kTimeoutMs));
        checkAtPaperSizes([&](const QString& path, const FigureOptions& figure) {
            return dialog.exportFigure(dialog.throughputPlot(), path, figure);
        }, QStringLiteral("divisible-throughput"));
        checkAtPaperSizes([&](const QString& path, const FigureOptions& figure) {
            return dialog.exportFigure(dialog.workersPlot(), path, figure);
        }, QStringLiteral("divisible-workers"));
        // The vertical axes' titles whole at both sizes, never elided: on two lines, set smaller (down to 6 pt),
        // or in the plot's shorter wording ("relative" under the title "Throughput relative to optimal FIFO").
        for (const char* size : {"85x50mm", "175x100mm"}) {
            const QString throughput = pdfText(m_temp.filePath(QStringLiteral("divisible-throughput-%1.pdf").arg(QLatin1String(size))));
            QVERIFY2(!throughput.contains(QStringLiteral("…")), qPrintable(throughput));
            QVERIFY2(throughput.contains(QRegularExpression(QStringLiteral("throughput\\s+ratio|\\brelative\\b\\s*\\n"))),
                     qPrintable(throughput));
            const QString workers = pdfText(m_temp.filePath(QStringLiteral("divisible-workers-%1.pdf").arg(QLatin1String(size))));
            QVERIFY2(!workers.contains(QStringLiteral("…")), qPrintable(workers));
            QVERIFY2(workers.contains(QRegularExpression(QStringLiteral("workers\\s+used|\\bworkers\\s*\\n"))), qPrintable(workers));
        }
        checkTables(&dialog, QStringLiteral("divisible-simulation"), {QStringLiteral("ratio")});
        // Each curve has a bar of one standard deviation at each of its points, the deviations of the rows (3
        // platforms per point: some spread), and the titles say what a point is.
        for (DivisibleSimulationPlot* plot : {dialog.throughputPlot(), dialog.workersPlot()}) {
            int curves = 0;
            int errorBars = 0;
            double largest = 0;
            for (int k = 0; k < plot->plottableCount(); ++k) {
                auto* bars = qobject_cast<QCPErrorBars*>(plot->plottable(k));
                if (!bars) {
                    ++curves;
                    continue;
                }
                ++errorBars;
                QCOMPARE(bars->dataCount(), bars->dataPlottable()->interface1D()->dataCount());
                for (int i = 0; i < bars->dataCount(); ++i) largest = std::max(largest, bars->data()->at(i).errorPlus);
            }
            QVERIFY(largest > 0);
            // The throughput panels: three strategies and the reference line (= 1, no bars) per z; workers: a curve per z.
            QCOMPARE(errorBars, plot == dialog.workersPlot() ? curves : curves * 3 / 4);
        }
        const std::vector<DivisibleSimulationRow>& rows = dialog.rows();
        double largestSd = 0;
        for (const DivisibleSimulationRow& row : rows) largestSd = std::max(largestSd, row.fifoOptimalWorkersSd);
        double drawn = 0;
        for (int k = 0; k < dialog.workersPlot()->plottableCount(); ++k)
            if (auto* bars = qobject_cast<QCPErrorBars*>(dialog.workersPlot()->plottable(k)))
                for (int i = 0; i < bars->dataCount(); ++i) drawn = std::max(drawn, bars->data()->at(i).errorPlus);
        QCOMPARE(drawn, largestSd);
        QVERIFY2(pdfText(m_temp.filePath(QStringLiteral("divisible-throughput-175x100mm.pdf"))).contains(QStringLiteral("mean ± sd over 3 platforms")),
                 "the plot says its bars are standard deviations");
    }

    // The dialog's fields, clicked: one column, no title, no header, no legend, grey, 7 pt text. The preview has
    // the figure's layout size; the PDF has the page asked, none of the parts left out, and keeps the rules.
    // A second dialog opens on the same choice.
    void theExportDialogMakesTheFigureItsFieldsDescribeAndRemembersIt() {
        Expected<Instance> instance = readInstanceFile(examplePath("dag-two-clusters.json").toStdString());
        QVERIFY(instance.ok());
        Expected<SolveResult> result = solve(*instance, "hcpa");
        QVERIFY(result.ok());
        DagScheduleView view;
        view.resize(1400, 800);
        view.show();
        view.showResult(*instance, std::make_shared<const SolveResult>(*result));
        QCoreApplication::processEvents();
        const QString pdf = m_temp.filePath(QStringLiteral("dialog-one-column.pdf"));
        {
            ChartExportDialog dialog(&view, pdf);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            pickWithMouse(child<QComboBox>(&dialog, "exportPresetComboBox"), QStringLiteral("One column (85 × 50 mm)"));
            QCOMPARE(child<QComboBox>(&dialog, "exportUnitComboBox")->currentText(), QStringLiteral("mm"));
            QCOMPARE(child<QDoubleSpinBox>(&dialog, "exportWidthSpinBox")->value(), 85.0);
            QCOMPARE(child<QDoubleSpinBox>(&dialog, "exportHeightSpinBox")->value(), 50.0);
            clickBox(child<QCheckBox>(&dialog, "exportNoTitleCheckBox"));
            clickBox(child<QCheckBox>(&dialog, "exportHeaderCheckBox"));
            pickWithMouse(child<QComboBox>(&dialog, "exportLegendComboBox"), QStringLiteral("No legend"));
            pickWithMouse(child<QComboBox>(&dialog, "exportPaletteComboBox"), QStringLiteral("Grey, with hatching"));
            auto* font = child<QDoubleSpinBox>(&dialog, "exportFontSpinBox");
            font->setFocus();
            QTest::keyClick(font, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(font, QStringLiteral("7"));
            const FigureOptions asked = *dialog.request().figure;
            QCOMPARE(asked.fontPoints, 7.0);
            QVERIFY(asked.title && asked.title->empty());
            QVERIFY(!asked.header);
            QCOMPARE(asked.legend, LegendPlacement::None);
            QCOMPARE(asked.palette, PaletteName::Grey);
            // The preview is the figure at its real size: 85 x 50 mm at the layout's resolution.
            const int dpi = layoutDotsPerInch();
            const QSize real(qRound(85 / 25.4 * dpi), qRound(50 / 25.4 * dpi));
            QTRY_COMPARE(dialog.preview().size(), real);
            QTest::mouseClick(child<QPushButton>(&dialog, "exportOkButton"), Qt::LeftButton);
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
        }
        const QSizeF page = pageSize(pdf);
        QVERIFY2(std::abs(page.width() - 85 / 25.4 * 72) < 0.5 && std::abs(page.height() - 50 / 25.4 * 72) < 0.5,
                 qPrintable(QStringLiteral("page %1 x %2 pt").arg(page.width()).arg(page.height())));
        const QString verdict = checkerVerdict(pdf, QStringLiteral("85x50mm"));
        QVERIFY2(verdict.isEmpty(), qPrintable(verdict));
        const QString text = pdfText(pdf);
        QVERIFY2(!text.contains(QStringLiteral("hcpa")), qPrintable(text));       // the title names the solver
        // The header's metrics (the makespan alone is also the Gantt's own marker, which stays).
        QVERIFY2(!text.contains(QStringLiteral("peak power")) && !text.contains(QStringLiteral("speedup over seq")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("level")), qPrintable(text));      // the legend's entries

        ChartExportDialog again(&view, pdf);
        QCOMPARE(child<QComboBox>(&again, "exportPresetComboBox")->currentText(), QStringLiteral("One column (85 × 50 mm)"));
        QCOMPARE(child<QDoubleSpinBox>(&again, "exportWidthSpinBox")->value(), 85.0);
        QCOMPARE(child<QDoubleSpinBox>(&again, "exportFontSpinBox")->value(), 7.0);
        QVERIFY(child<QCheckBox>(&again, "exportNoTitleCheckBox")->isChecked());
        QVERIFY(!child<QCheckBox>(&again, "exportHeaderCheckBox")->isChecked());
        QCOMPARE(child<QComboBox>(&again, "exportLegendComboBox")->currentText(), QStringLiteral("No legend"));
        QCOMPARE(child<QComboBox>(&again, "exportPaletteComboBox")->currentText(), QStringLiteral("Grey, with hatching"));
    }

    // File > Export Schedule writes the runs selected in the run table, in the format the extension or the name
    // picks from the format table: the intervals CSV of two runs holds the intervals of both schedules.
    void fileExportScheduleWritesTheSelectedRunsInEveryTraceFormat() {
        MainWindow window;
        QVERIFY(window.loadFile(examplePath("dag-two-clusters.json")).ok());
        ScheduleExportController* exporter = window.scheduleExport();
        QVERIFY(exporter);
        QVERIFY(!exporter->action()->isEnabled());   // no run yet
        QVERIFY(!exporter->exportTo(m_temp.filePath(QStringLiteral("none.paje"))).ok());
        for (const char* solver : {"hcpa", "mheft"}) {
            QSignalSpy done(window.solveController(), &SolveController::succeeded);
            window.runSolver(QLatin1String(solver), window.solverPanel()->optionsFor(QLatin1String(solver)));
            QVERIFY(done.wait(kTimeoutMs));
        }
        window.runTable()->selectRuns({0, 1});
        QTRY_VERIFY(exporter->action()->isEnabled());
        const DocumentEntry& entry = window.document()->entryAt(0);
        QCOMPARE(entry.runs.size(), std::size_t{2});
        std::size_t intervals = 0;
        for (const RunRecord& run : entry.runs) intervals += run.result->schedule.intervalCount();
        const QString csv = m_temp.filePath(QStringLiteral("two-runs.csv"));
        // .csv is both the intervals and the metrics table: the name (the dialog's filter) decides.
        QVERIFY(!exporter->exportTo(csv).ok());
        const Expected<bool> written = exporter->exportTo(csv, QStringLiteral("csv"));
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(static_cast<std::size_t>(lines.size()), intervals + 1);   // the header, one line per interval
        QVERIFY2(lines.at(1).startsWith(QStringLiteral("(a) ")) && lines.last().startsWith(QStringLiteral("(b) ")),
                 qPrintable(lines.join(QLatin1Char('\n'))));
        // The same .csv as the metrics table, by the format's name: one row per run.
        const QString metrics = m_temp.filePath(QStringLiteral("two-runs-metrics.csv"));
        QVERIFY(exporter->exportTo(metrics, QStringLiteral("metrics-csv")).ok());
        QFile metricsFile(metrics);
        QVERIFY(metricsFile.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(metricsFile.readAll()).count(QLatin1Char('\n')), 3);
        // Every other writer of the table, by its extension.
        for (const auto& [name, format] : {std::pair{"two-runs.paje", ""}, std::pair{"two-runs.jed", ""},
                                           std::pair{"two-runs.tex", "tikz"}, std::pair{"two-runs-table.tex", "latex-table"},
                                           std::pair{"two-runs.json", "chrome-trace"}}) {
            const QString path = m_temp.filePath(QLatin1String(name));
            const Expected<bool> each = exporter->exportTo(path, QLatin1String(format));
            QVERIFY2(each.ok(), each.ok() ? name : each.error().message.c_str());
            QVERIFY(QFileInfo(path).size() > 100);
        }
        const Expected<bool> unknown = exporter->exportTo(m_temp.filePath(QStringLiteral("two-runs.bmp")));
        QVERIFY(!unknown.ok());
        QVERIFY(!QFile::exists(m_temp.filePath(QStringLiteral("two-runs.bmp"))));
        // The File menu offers it.
        bool inMenu = false;
        for (QAction* action : window.menuBar()->actions())
            if (action->menu())
                for (QAction* item : action->menu()->actions())
                    if (item->menu()) inMenu = inMenu || item->menu()->actions().contains(exporter->action());
        QVERIFY(inMenu);
    }

    // Three task graph runs stacked (175 x 100 mm, and 85 x 80 mm in one column): 48 processors a run cannot be
    // named in a plot area a third of the height, so each run's lanes are grouped by cluster (C0, C1 named once
    // per run), and the page keeps the checker's rules. The screen's view is as it was after the export.
    void aThreeRunTaskGraphComparisonGroupsItsLanesByCluster() {
        Expected<Instance> instance = readInstanceFile(examplePath("dag-two-clusters.json").toStdString());
        QVERIFY(instance.ok());
        QString failed;
        const std::vector<ComparedRun> runs = heftMheftHcpa(*instance, &failed);
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        ScheduleComparisonView view;
        view.resize(1200, 800);
        view.showRuns(*instance, runs);
        QCOMPARE(view.ganttCount(), 3);
        const int lanes = view.gantt(0)->gantt()->laneCount();
        QCOMPARE(lanes, 48);   // one lane per processor: 16 + 32
        for (const auto& [width, height, size] : {std::tuple{85.0, 80.0, "85x80mm"}, std::tuple{175.0, 100.0, "175x100mm"}}) {
            const QString pdf = m_temp.filePath(QStringLiteral("dag-comparison-%1.pdf").arg(QLatin1String(size)));
            const FigureOptions options = figureOf(width, height);
            Expected<FigureCanvas> canvas = figureCanvas(pdf, options);
            QVERIFY(canvas.ok());
            const Expected<bool> written = view.exportFigure(pdf, *canvas, options);
            QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
            const QString verdict = checkerVerdict(pdf, QLatin1String(size));
            QVERIFY2(verdict.isEmpty(), qPrintable(verdict));
            // Every run names both clusters as its rows, and no processor's lane name is left.
            const QString text = pdfText(pdf);
            QCOMPARE(text.count(QRegularExpression(QStringLiteral("\\bC0\\b"))), 3);
            QCOMPARE(text.count(QRegularExpression(QStringLiteral("\\bC1\\b"))), 3);
            QVERIFY2(!text.contains(QStringLiteral("#")), qPrintable(text));
            QVERIFY(text.count(QStringLiteral("makespan")) >= 3);
            // The screen keeps one lane per processor.
            for (int g = 0; g < view.ganttCount(); ++g) {
                QVERIFY(!view.gantt(g)->lanesGrouped());
                QCOMPARE(view.gantt(g)->gantt()->rowCount(), lanes);
            }
        }
    }

    // Grouped lanes keep a task over several processors one bar with its name: the row of a cluster holds the
    // bar of a task on all its processors, as tall as the cluster's row.
    void groupedLanesDrawATaskOnItsProcessorsAsOneNamedBar() {
        auto schedule = std::make_shared<Schedule>();
        for (int p = 0; p < 8; ++p) {
            Lane lane;
            lane.name = std::string("P").append(std::to_string(p));
            lane.category = p < 2 ? "small" : "big";
            schedule->lanes.push_back(lane);
        }
        for (int p = 2; p < 8; ++p)
            schedule->lanes[static_cast<std::size_t>(p)].intervals.push_back(
                Interval{.start = 0, .end = 10, .kind = IntervalKind::Compute, .label = "wide", .taskId = 1, .group = {}, .detail = {}});
        schedule->lanes[0].intervals.push_back(
            Interval{.start = 2, .end = 6, .kind = IntervalKind::Compute, .label = "narrow", .taskId = 0, .group = {}, .detail = {}});
        GanttView view;
        view.resize(600, 300);
        view.setSchedule(schedule);
        QCOMPARE(view.gantt()->rowCount(), 8);
        view.setLanesGrouped(true);
        QCOMPARE(view.gantt()->rowCount(), 2);
        QCOMPARE(view.gantt()->rowNames(), (QStringList{QStringLiteral("small"), QStringLiteral("big")}));
        view.toPixmap(600, 300);
        // The wide task's name written once, on a bar over the six lanes of its row.
        QCOMPARE(view.gantt()->lastDrawStats().labels, std::size_t{2});
        const GanttGeometry g = view.gantt()->geometry();
        const auto [rowTop, rowBottom] = g.barSpan(1);
        QCOMPARE(view.gantt()->laneBarSpan(g, 2).first, rowTop);
        QVERIFY(std::abs(view.gantt()->laneBarSpan(g, 7).second - rowBottom) <= 1);
        // A click in the row hits the lane under it.
        const auto hit = view.gantt()->hitTest(QPointF(g.timeToPixel(5), (view.gantt()->laneBarSpan(g, 5).first + view.gantt()->laneBarSpan(g, 5).second) / 2));
        QVERIFY(hit);
        QCOMPARE(hit->lane, 5);
        view.setLanesGrouped(false);
        QCOMPARE(view.gantt()->rowCount(), 8);
    }

    // heft runs each task on one processor: in a figure, a task on 1 of the 32 processors of cluster C1 would
    // be 1/32 of C1's row high, a hairline. Every bar of the figure is at least kFigureMinimumBarPoints high
    // at the printed size, in the comparison (lanes grouped by cluster) and in the single run's Gantt.
    void everyTaskOfAFigureIsABarAtLeastThreePointsHigh() {
        Expected<Instance> instance = readInstanceFile(examplePath("dag-two-clusters.json").toStdString());
        QVERIFY(instance.ok());
        QString failed;
        const std::vector<ComparedRun> runs = heftMheftHcpa(*instance, &failed);
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        QCOMPARE(kFigureMinimumBarPoints, 3.0);
        const double tolerance = 72.0 / layoutDotsPerInch();   // a pixel of the layout
        for (const char* size : {"85x50mm", "175x100mm"}) {
            const bool column = QLatin1String(size) == QLatin1String("85x50mm");
            const FigureOptions options = column ? figureOf(85, 50) : figureOf(175, 100);
            ScheduleComparisonView comparison;
            comparison.resize(1200, 800);
            comparison.showRuns(*instance, runs);
            const QString pdf = m_temp.filePath(QStringLiteral("thin-bars-comparison-%1.pdf").arg(QLatin1String(size)));
            Expected<FigureCanvas> canvas = figureCanvas(pdf, options);
            QVERIFY(canvas.ok());
            const Expected<bool> written = comparison.exportFigure(pdf, *canvas, options);
            QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
            QVERIFY2(comparison.figureThinnestBarPoints() >= kFigureMinimumBarPoints - tolerance,
                     qPrintable(QStringLiteral("a bar %1 pt high at %2").arg(comparison.figureThinnestBarPoints()).arg(QLatin1String(size))));
            const QString verdict = checkerVerdict(pdf, QLatin1String(size));
            QVERIFY2(verdict.isEmpty(), qPrintable(verdict));

            DagScheduleView single;
            single.resize(1200, 800);
            single.showResult(*instance, runs.front().result);
            const QString one = m_temp.filePath(QStringLiteral("thin-bars-heft-%1.pdf").arg(QLatin1String(size)));
            const Expected<bool> alone = single.exportFigure(one, *figureCanvas(one, options), options);
            QVERIFY2(alone.ok(), alone.ok() ? "" : alone.error().message.c_str());
            QVERIFY2(single.figureThinnestBarPoints() >= kFigureMinimumBarPoints - tolerance,
                     qPrintable(QStringLiteral("a bar %1 pt high at %2").arg(single.figureThinnestBarPoints()).arg(QLatin1String(size))));
        }
    }

    // A legend asked for is drawn or its absence explained, never dropped silently: at 85 x 55 mm the task graph
    // figure gives the metrics header's lines to the legend below (and says so); at 85 x 40 mm, where it cannot
    // fit, the canvas' notes say the legend was left out and which --size holds it, and that size does.
    void aLegendAskedForIsDrawnOrItsAbsenceExplained() {
        Expected<Instance> instance = readInstanceFile(examplePath("dag-two-clusters.json").toStdString());
        QVERIFY(instance.ok());
        Expected<SolveResult> result = solve(*instance, "heft");
        QVERIFY(result.ok());
        DagScheduleView view;
        view.resize(1200, 800);
        view.showResult(*instance, std::make_shared<const SolveResult>(*result));
        const auto exportAt = [&](double height, QStringList& notes) -> QString {
            FigureOptions options = figureOf(85, height);
            options.legend = LegendPlacement::Below;
            const QString pdf = m_temp.filePath(QStringLiteral("legend-below-85x%1mm.pdf").arg(height));
            Expected<FigureCanvas> canvas = figureCanvas(pdf, options);
            if (!canvas.ok()) return {};
            const Expected<bool> written = view.exportFigure(pdf, *canvas, options);
            if (!written.ok()) return {};
            notes = *canvas->notes;
            return pdf;
        };
        QStringList notes;
        const QString fits = exportAt(55, notes);
        QVERIFY(!fits.isEmpty());
        QVERIFY2(pdfText(fits).contains(QStringLiteral("waiting for data")), qPrintable(pdfText(fits)));
        QCOMPARE(notes.size(), 1);
        QVERIFY2(notes.front().contains(QStringLiteral("metrics header was cut")), qPrintable(notes.front()));
        QVERIFY(checkerVerdict(fits, QStringLiteral("85x55mm")).isEmpty());

        const QString tooShort = exportAt(40, notes);
        QVERIFY(!tooShort.isEmpty());
        QVERIFY(!pdfText(tooShort).contains(QStringLiteral("waiting for data")));
        QCOMPARE(notes.size(), 1);
        const QRegularExpressionMatch holds =
            QRegularExpression(QStringLiteral("legend was left out.*--size 85x(\\d+)mm holds it")).match(notes.front());
        QVERIFY2(holds.hasMatch(), qPrintable(notes.front()));
        const double suggested = holds.captured(1).toDouble();
        QVERIFY(suggested > 40);
        QStringList none;
        const QString holding = exportAt(suggested, none);
        QVERIFY(!holding.isEmpty());
        QVERIFY2(pdfText(holding).contains(QStringLiteral("waiting for data")), qPrintable(notes.front()));
        QVERIFY2(std::none_of(none.begin(), none.end(), [](const QString& n) { return n.contains(QStringLiteral("legend was left out")); }),
                 qPrintable(none.join(QLatin1Char('\n'))));
    }

    // The graph part of a task graph figure names its tasks beside their nodes wherever a name fits at the
    // printed size: every one of the example's 8 tasks at two columns, all but at most two at one column, and
    // the page keeps the checker's rules (no two words overlap, 6 to 10 pt).
    void theGraphOfATaskGraphFigureNamesItsTasks() {
        Expected<Instance> instance = readInstanceFile(examplePath("dag-two-clusters.json").toStdString());
        QVERIFY(instance.ok());
        const auto& dag = std::get<DagInstance>(*instance);
        Expected<SolveResult> result = solve(*instance, "heft");
        QVERIFY(result.ok());
        DagScheduleView view;
        view.resize(1200, 800);
        view.showResult(*instance, std::make_shared<const SolveResult>(*result));
        // The Gantt and the graph at one column with the legend below (a reviewer saw "stats", at the graph's
        // right edge, without its name there).
        for (const auto& [width, height, size, unnamed, part] :
             {std::tuple{85.0, 55.0, "85x55mm", 2, "dag"}, std::tuple{175.0, 100.0, "175x100mm", 0, "dag"},
              std::tuple{85.0, 55.0, "85x55mm", 0, "both"}}) {
            FigureOptions options = figureOf(width, height);
            options.part = part;
            if (options.part == "both") options.legend = LegendPlacement::Below;
            const QString pdf = m_temp.filePath(QStringLiteral("graph-names-%1-%2.pdf").arg(QLatin1String(size), QLatin1String(part)));
            Expected<FigureCanvas> canvas = figureCanvas(pdf, options);
            QVERIFY(canvas.ok());
            const Expected<bool> written = view.exportFigure(pdf, *canvas, options);
            QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
            // pdftotext writes the font's ligatures ("ﬀ" of fft_x) as such: compared in compatibility form.
            const QStringList words = pdfText(pdf).normalized(QString::NormalizationForm_KC).split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
            QStringList missing;
            for (const DagTask& task : dag.tasks)
                if (!words.contains(QString::fromStdString(task.name))) missing << QString::fromStdString(task.name);
            QVERIFY2(missing.size() <= unnamed, qPrintable(QStringLiteral("%1: no %2").arg(QLatin1String(size), missing.join(QStringLiteral(", ")))));
            const QString verdict = checkerVerdict(pdf, QLatin1String(size));
            QVERIFY2(verdict.isEmpty(), qPrintable(verdict));
        }
    }

    // A one-column CPU/GPU figure (60 tasks on 8 CPUs and 2 GPUs): its title and header whole (on more lines,
    // smaller down to 6 pt, never cut with an ellipsis), its ten lanes named by device range ("CPU 0–7",
    // "GPU 0–1") rather than "CPU 0" and "CPU 5" alone, and its five legend entries together beside the chart,
    // not spread over its height.
    void aOneColumnCpuGpuFigureNamesItsDevicesWithWholeTitlesAndACompactLegend() {
        const QString pdf = exampleFigure(examplePath("cpugpu-paper-random.json"), "dual-approx", figureOf(85, 50),
                                          QStringLiteral("cpugpu-85x50"));
        QVERIFY(!pdf.isEmpty());
        const QString text = pdfText(pdf);
        QVERIFY2(!text.contains(QStringLiteral("…")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("CPU 0–7")) && text.contains(QStringLiteral("GPU 0–1")), qPrintable(text));
        const double gap = largestGapBetween(pdfWords(pdf), {QStringLiteral("S1"), QStringLiteral("S2"), QStringLiteral("S3"),
                                                             QStringLiteral("S4"), QStringLiteral("S6")});
        QVERIFY2(gap <= 8, qPrintable(QStringLiteral("legend entries %1 pt apart").arg(gap)));
        const QString verdict = checkerVerdict(pdf, QStringLiteral("85x50mm"));
        QVERIFY2(verdict.isEmpty(), qPrintable(verdict));
    }

    // The one-column steady-state figure: each of its six lanes named (set smaller, down to 6 pt, where that
    // names them all), the lane categories whole or not written (never "recei…"), the two legend entries
    // together.
    void aOneColumnSteadyStateFigureNamesEveryLane() {
        const QString pdf = exampleFigure(examplePath("steady-state-bag-of-tasks.json"), "lp", figureOf(85, 50),
                                          QStringLiteral("steady-85x50"));
        QVERIFY(!pdf.isEmpty());
        const QString text = pdfText(pdf);
        QVERIFY2(!text.contains(QStringLiteral("…")), qPrintable(text));
        for (const char* lane : {"P1 send", "P3 send", "P1 receive", "P3 receive"})
            QVERIFY2(text.contains(QLatin1String(lane)), lane);
        const std::vector<PdfWord> words = pdfWords(pdf);
        const auto count = [&](const char* name) {
            return std::count_if(words.begin(), words.end(), [&](const PdfWord& w) { return w.text == QLatin1String(name); });
        };
        QCOMPARE(count("P1"), 3);
        QCOMPARE(count("P3"), 3);
        const double gap = largestGapBetween(words, {QStringLiteral("π1"), QStringLiteral("π2")});
        QVERIFY2(gap <= 8, qPrintable(QStringLiteral("legend entries %1 pt apart").arg(gap)));
        const QString verdict = checkerVerdict(pdf, QStringLiteral("85x50mm"));
        QVERIFY2(verdict.isEmpty(), qPrintable(verdict));
    }

    // A 1,000-task graph on four clusters, its Gantt alone at one column: every cluster named beside its band
    // (names of thin bands moved apart, not dropped) and the processor axis titled, not "proces…".
    void aOneColumnThousandTaskGanttNamesEveryClusterAndItsAxis() {
        DagPlatformConfig platformConfig;
        platformConfig.clusters = 4;
        platformConfig.seed = 1;
        Expected<DagPlatform> platform = generatePlatform(platformConfig);
        QVERIFY(platform.ok());
        DagGeneratorConfig config;
        config.n = 1000;
        config.seed = 1;
        Expected<DagInstance> dag = generateDag(config, *platform);
        QVERIFY(dag.ok());
        const Instance instance = *dag;
        Expected<SolveResult> result = solve(instance, "hcpa");
        QVERIFY(result.ok());
        DagScheduleView view;
        view.resize(1200, 800);
        view.showResult(instance, std::make_shared<const SolveResult>(*result));
        FigureOptions options = figureOf(85, 50);
        options.part = "gantt";
        const QString pdf = m_temp.filePath(QStringLiteral("dag1000-85x50.pdf"));
        Expected<FigureCanvas> canvas = figureCanvas(pdf, options);
        QVERIFY(canvas.ok());
        const Expected<bool> written = view.exportFigure(pdf, *canvas, options);
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
        const QStringList words = pdfText(pdf).split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        for (const DagCluster& cluster : dag->platform.clusters)
            QVERIFY2(words.contains(QString::fromStdString(cluster.name)), qPrintable(words.join(QLatin1Char(' '))));
        QVERIFY2(words.contains(QStringLiteral("processor")), qPrintable(words.join(QLatin1Char(' '))));
        // (The legend's colour ramp reads "level 0 … 32": an ellipsis of its own, not a cut word.)
        QVERIFY2(std::none_of(words.begin(), words.end(),
                              [](const QString& word) { return word != QStringLiteral("…") && word.contains(QStringLiteral("…")); }),
                 qPrintable(words.join(QLatin1Char(' '))));
        const QString verdict = checkerVerdict(pdf, QStringLiteral("85x50mm"));
        QVERIFY2(verdict.isEmpty(), qPrintable(verdict));
    }

    // A task graph's Gantt with its legend right of it, at two columns: the ramp, the wait and the critical
    // path entries together at the chart's middle, not spread over its height.
    void aTaskGraphLegendRightOfTheGanttKeepsItsEntriesTogether() {
        Expected<Instance> instance = readInstanceFile(examplePath("dag-two-clusters.json").toStdString());
        QVERIFY(instance.ok());
        Expected<SolveResult> result = solve(*instance, "hcpa");
        QVERIFY(result.ok());
        DagScheduleView view;
        view.resize(1200, 800);
        view.showResult(*instance, std::make_shared<const SolveResult>(*result));
        FigureOptions options = figureOf(175, 100);
        options.part = "gantt";
        options.legend = LegendPlacement::Right;
        const QString pdf = m_temp.filePath(QStringLiteral("dag-legend-right-175x100.pdf"));
        Expected<FigureCanvas> canvas = figureCanvas(pdf, options);
        QVERIFY(canvas.ok());
        const Expected<bool> written = view.exportFigure(pdf, *canvas, options);
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
        const double gap = largestGapBetween(pdfWords(pdf), {QStringLiteral("level"), QStringLiteral("waiting"),
                                                             QStringLiteral("critical")});
        QVERIFY2(gap <= 8, qPrintable(QStringLiteral("legend entries %1 pt apart").arg(gap)));
        const QString verdict = checkerVerdict(pdf, QStringLiteral("175x100mm"));
        QVERIFY2(verdict.isEmpty(), qPrintable(verdict));
    }

    // A run of lanes is named by its range only where its lanes are numbered one after the other: the steady
    // state's "P1 send" and "P3 send" (P2 idle, not drawn) are not "P1–3 send".
    void aRunOfLanesIsNamedByItsRangeOnlyWhenItsNumbersFollowEachOther() {
        QStringList cpus;
        for (int k = 0; k < 8; ++k) cpus << QStringLiteral("CPU %1").arg(k);
        QCOMPARE(LaneAxisTicker::rangeLabel(cpus), QStringLiteral("CPU 0–7"));
        QCOMPARE(LaneAxisTicker::rangeLabel({QStringLiteral("CPU 10"), QStringLiteral("CPU 11"), QStringLiteral("CPU 12")}),
                 QStringLiteral("CPU 10–12"));
        QCOMPARE(LaneAxisTicker::rangeLabel({QStringLiteral("P1 send"), QStringLiteral("P2 send")}), QStringLiteral("P1–2 send"));
        QCOMPARE(LaneAxisTicker::rangeLabel({QStringLiteral("GPU 0")}), QStringLiteral("GPU 0"));
        QVERIFY(LaneAxisTicker::rangeLabel({QStringLiteral("P1 send"), QStringLiteral("P3 send")}).isEmpty());
        QVERIFY(LaneAxisTicker::rangeLabel({QStringLiteral("cpu"), QStringLiteral("gpu")}).isEmpty());
        QVERIFY(LaneAxisTicker::rangeLabel({QStringLiteral("node01 · α=10.6723"), QStringLiteral("node02 · α=9.09437")}).isEmpty());
    }

    // The marker labels over a chart take the rows they use: three markers far apart on a wide chart, or a
    // lone "T = 1" (the divisible timeline), keep one row of labels above the chart, not three rows and a half
    // line of blank between the header and the axes.
    void markerLabelsTakeOnlyTheRowsTheyUse() {
        auto schedule = std::make_shared<Schedule>();
        Lane lane;
        lane.name = "P0";
        lane.intervals.push_back(Interval{.start = 0, .end = 100, .kind = IntervalKind::Compute, .label = "a", .taskId = 0, .group = {}, .detail = {}});
        schedule->lanes.push_back(lane);
        schedule->markers = {Marker{"T", 100, false}, Marker{"first", 10, true}, Marker{"half", 50, true}};
        for (const std::size_t markers : {std::size_t{1}, std::size_t{3}}) {
            auto shown = std::make_shared<Schedule>(*schedule);
            shown->markers.resize(markers);
            GanttView view;
            view.resize(1000, 400);
            view.setSchedule(shown);
            view.toPixmap(1000, 400);
            view.toPixmap(1000, 400);
            QCOMPARE(view.markerLayer()->drawnLabels().size(), static_cast<qsizetype>(markers));
            const int line = static_cast<int>(std::ceil(QFontMetricsF(view.font()).height() + 2));
            QVERIFY2(view.markerLayer()->labelAreaHeight() <= line + 5,
                     qPrintable(QStringLiteral("%1 markers: %2 px above the chart for a line of %3 px")
                                    .arg(markers).arg(view.markerLayer()->labelAreaHeight()).arg(line)));
        }
    }

    // Before any run an experiment's plot fills its area and says what to do, as the result views do, rather
    // than a small empty axis box at its left: every experiment dialog, at the size a 1280 x 800 screen gives.
    void anExperimentPlotBeforeAnyRunSaysToRunIt() {
        CpuGpuExperimentDialog cpugpu;
        DagEvaluationDialog dag;
        DivisibleSimulationDialog divisible;
        const std::vector<std::pair<QDialog*, QCustomPlot*>> plots{
            {&cpugpu, cpugpu.plot()}, {&dag, dag.plot()}, {&divisible, divisible.throughputPlot()}, {&divisible, divisible.workersPlot()}};
        for (const auto& [dialog, plot] : plots) {
            dialog->resize(1100, 700);
            dialog->show();
            QVERIFY(QTest::qWaitForWindowExposed(dialog));
            plot->replot();
            if (qEnvironmentVariableIsSet("HETSCHED_UI_SHOTS"))
                dialog->grab().save(QDir(qEnvironmentVariable("HETSCHED_UI_SHOTS")).filePath(dialog->metaObject()->className() + QStringLiteral(".png")));
            const QString name = QString::fromLatin1(dialog->metaObject()->className());
            // The message, centred in a plot area spanning most of the plot's width.
            QStringList texts;
            for (int k = 0; k < plot->itemCount(); ++k)
                if (auto* text = qobject_cast<QCPItemText*>(plot->item(k)); text && text->visible()) texts << text->text();
            QVERIFY2(std::any_of(texts.begin(), texts.end(), [](const QString& t) { return t.startsWith(QStringLiteral("Run the")); }),
                     qPrintable(name + QStringLiteral(": ") + texts.join(QStringLiteral(" | "))));
            QVERIFY2(plot->axisRect()->width() >= plot->width() / 2,
                     qPrintable(QStringLiteral("%1: a plot area %2 of %3 pixels wide").arg(name).arg(plot->axisRect()->width()).arg(plot->width())));
            dialog->hide();
        }
    }

    // Three runs on 4 clusters in one column (85 x 50 mm): a run's plot area is too short for four names one
    // under the other. Every cluster's row is named by every run, or the canvas' notes say which run leaves
    // which rows unnamed, and why: for each cluster, the runs naming it and the notes naming it make 3.
    void aColumnWideComparisonNamesEveryCluster() {
        Expected<Instance> generated = readInstanceFile(QStringLiteral(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json").toStdString());
        QVERIFY(generated.ok());
        DagInstance dag = std::get<DagInstance>(*generated);
        // Four clusters of 16 to 32 processors, the example's tasks.
        dag.platform.clusters.push_back(dag.platform.clusters[0]);
        dag.platform.clusters.push_back(dag.platform.clusters[1]);
        dag.platform.clusters[2].name = "C2";
        dag.platform.clusters[3].name = "C3";
        const Instance instance = dag;
        QString failed;
        const std::vector<ComparedRun> runs = heftMheftHcpa(instance, &failed);
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        ScheduleComparisonView view;
        view.resize(1200, 800);
        view.showRuns(instance, runs);
        const QString pdf = m_temp.filePath(QStringLiteral("four-clusters-85x50mm.pdf"));
        const FigureOptions options = figureOf(85, 50);
        Expected<FigureCanvas> canvas = figureCanvas(pdf, options);
        QVERIFY(canvas.ok());
        const Expected<bool> written = view.exportFigure(pdf, *canvas, options);
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
        const QString text = pdfText(pdf);
        const QStringList notes = *canvas->notes;
        for (const char* cluster : {"C0", "C1", "C2", "C3"}) {
            const QRegularExpression name(QStringLiteral("\\b%1\\b").arg(QLatin1String(cluster)));
            const qsizetype explained = std::count_if(notes.begin(), notes.end(), [&](const QString& note) {
                return note.section(QStringLiteral(" are not named"), 0, 0).contains(name);
            });
            QVERIFY2(text.count(name) + explained == 3,
                     qPrintable(QStringLiteral("%1 named %2 times, %3 notes:\n%4\n%5")
                                    .arg(QLatin1String(cluster)).arg(text.count(name)).arg(explained).arg(text, notes.join(QLatin1Char('\n')))));
        }
        QVERIFY2(!notes.isEmpty(), "four rows cannot all be named in a third of 50 mm at 8 pt: a note says so");
        const QString verdict = checkerVerdict(pdf, QStringLiteral("85x50mm"));
        QVERIFY2(verdict.isEmpty(), qPrintable(verdict));
    }

    // The one folding routine of the Gantt engines: a bar thinner than a pixel is drawn only where it paints a
    // pixel no earlier one painted; bars a pixel or more both ways are always drawn.
    void pixelFoldDrawsEachPixelOnce() {
        PixelFold fold;
        fold.reset(QRect(0, 0, 100, 50));
        QRectF first(10.2, 5, 0.3, 4);    // a narrow bar: column 10, rows 5 to 8
        QVERIFY(fold.claim(first));
        QCOMPARE(first, QRectF(10, 5, 1, 4));
        QRectF inside(10.7, 6, 0.2, 2);   // the same column, rows already painted
        QVERIFY(!fold.claim(inside));
        QRectF longer(10.5, 5, 0.2, 6);   // reaches two rows more: drawn
        QVERIFY(fold.claim(longer));
        QRectF flat(20, 30.4, 8, 0.5);    // a flat bar: row 30, columns 20 to 27
        QVERIFY(fold.claim(flat));
        QRectF under(22, 30.1, 3, 0.3);
        QVERIFY(!fold.claim(under));
        QRectF wide(10, 5, 4, 4);          // a whole bar, even over painted pixels
        QVERIFY(fold.claim(wide));
        QCOMPARE(fold.folded(), std::size_t{2});
        fold.reset(QRect(0, 0, 100, 50));
        QVERIFY(fold.claim(inside));
    }

    // The grey palette outlines the critical path in black, not in a red that prints as one more grey.
    void theGreyPaletteOutlinesTheCriticalPathInBlack() {
        QCOMPARE(dagCriticalColor(PaletteName::Grey), QColor(0, 0, 0));
        QVERIFY(dagCriticalColor(PaletteName::Default).red() > 150 && dagCriticalColor(PaletteName::Default).green() < 100);
    }

    // Export Schedule under "All files": a .csv is either writer's, and asking is the dialog's business; a name
    // no writer has is answered with the extensions to use, not with the command line's --format.
    void exportScheduleSaysWhichExtensionsItWrites() {
        std::vector<const FileFormat*> csv = scheduleWritersFor(QStringLiteral("/tmp/runs.csv"));
        QStringList names;
        for (const FileFormat* format : csv) names << QString::fromStdString(format->name);
        QCOMPARE(names, (QStringList{QStringLiteral("csv"), QStringLiteral("metrics-csv")}));
        QCOMPARE(scheduleWritersFor(QStringLiteral("runs.paje")).size(), std::size_t{1});
        QVERIFY(scheduleWritersFor(QStringLiteral("runs.bmp")).empty());
        const QString message = unknownScheduleExtensionMessage(QStringLiteral("/tmp/runs.bmp"));
        QVERIFY2(message.contains(QStringLiteral("runs.bmp")) && message.contains(QStringLiteral(".paje")) &&
                     message.contains(QStringLiteral(".csv")) && !message.contains(QStringLiteral("--format")),
                 qPrintable(message));
    }

    // A size too small for the chart at its text size is refused, naming the size, and no file is written.
    void aFigureTooSmallForItsTextIsRefused() {
        Expected<Instance> instance = readInstanceFile(examplePath("cpugpu-small.json").toStdString());
        QVERIFY(instance.ok());
        Expected<SolveResult> result = solve(*instance, defaultSolverFor(*instance));
        QVERIFY(result.ok());
        std::unique_ptr<ResultChart> chart(createResultChart(chartTypeFor(*instance)));
        chart->widget()->resize(800, 500);
        chart->showResult(*instance, std::make_shared<const SolveResult>(*result));
        FigureOptions tiny = figureOf(30, 12);
        tiny.fontPoints = 10;
        const QString pdf = m_temp.filePath(QStringLiteral("tiny.pdf"));
        Expected<FigureCanvas> canvas = figureCanvas(pdf, tiny);
        QVERIFY(canvas.ok());
        const Expected<bool> written = chart->exportFigure(pdf, *canvas, tiny);
        QVERIFY(!written.ok());
        QVERIFY2(QString::fromStdString(written.error().message).contains(QStringLiteral("--size 30x12mm is too small")),
                 written.error().message.c_str());
        QVERIFY(!QFile::exists(pdf));
    }
};

QTEST_MAIN(FigureTests)
#include "test_figures.moc"
