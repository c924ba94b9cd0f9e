// Tools > Benchmark (issue 28), driven as a user does: the dialog opened from the menu's action, paths typed,
// solvers ticked and Run clicked with the mouse; the table is the benchmark's, the box plots one panel per
// platform with a box per solver from the ratios of the runs; Cancel stops a run; the plot exports.
#include <qcustomplot.h>

#include <QCheckBox>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <algorithm>
#include <map>
#include <tuple>

#include "app/mainwindow.h"
#include "experiments/benchmark_dialog.h"
#include "export/figure_options.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

constexpr int kTimeoutMs = 240000;
const QString kData = QStringLiteral(HETSCHED_TEST_DATA_DIR "/dag/");

QPushButton* buttonNamed(QWidget* parent, const QString& text) {
    for (QPushButton* button : parent->findChildren<QPushButton*>())
        if (button->text() == text) return button;
    return nullptr;
}

void typeLines(QPlainTextEdit* edit, const QStringList& lines) {
    QTest::mouseClick(edit->viewport(), Qt::LeftButton);
    for (int k = 0; k < lines.size(); ++k) {
        if (k > 0) QTest::keyClick(edit, Qt::Key_Return);
        QTest::keyClicks(edit, lines[k]);
    }
}

// Waits for the file dialog a click opens (modal, Qt's own offscreen), chooses `path` in it and accepts it.
void chooseInFileDialog(const QString& path, bool* chosen, int attempts = 200) {
    auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    if (!dialog) {
        if (attempts > 0) QTimer::singleShot(20, [=] { chooseInFileDialog(path, chosen, attempts - 1); });
        return;
    }
    dialog->selectFile(path);
    static_cast<QDialog*>(dialog)->accept();
    *chosen = true;
}

}  // namespace

class BenchmarkDialogTest : public QObject {
    Q_OBJECT

private slots:
    // Tukey's box of ten values worked by hand: quartiles interpolated between order statistics (positions
    // 2.25, 4.5 and 6.75 of 0..9), whiskers at the farthest values within 1.5 IQR, 100 an outlier.
    void boxStatisticsAreTukeys() {
        const BoxStatistics box = boxStatistics({9, 2, 100, 4, 5, 1, 7, 3, 8, 6});
        QCOMPARE(box.lowerQuartile, 3.25);
        QCOMPARE(box.median, 5.5);
        QCOMPARE(box.upperQuartile, 7.75);
        QCOMPARE(box.lowerWhisker, 1.0);
        QCOMPARE(box.upperWhisker, 9.0);
        QCOMPARE(box.outliers, std::vector<double>{100});
        // One value: a box of no height, no outlier.
        const BoxStatistics one = boxStatistics({1.5});
        QCOMPARE(one.lowerWhisker, 1.5);
        QCOMPARE(one.median, 1.5);
        QCOMPARE(one.upperWhisker, 1.5);
        QVERIFY(one.outliers.empty());
    }

    void aBenchmarkRunFromTheMenuShowsTheTableAndABoxPerSolverAndPlatform() {
        MainWindow window;
        window.show();
        QAction* action = window.findChild<QAction*>(QStringLiteral("benchmarkAction"));
        QVERIFY(action);
        action->trigger();
        auto* dialog = window.findChild<BenchmarkDialog*>();
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        // The form, as typed: two task graphs, two platforms; three solvers ticked with the mouse.
        typeLines(dialog->findChild<QPlainTextEdit*>(QStringLiteral("instances")),
                  {kData + QStringLiteral("daggen-12.dot"), kData + QStringLiteral("wfformat-blast.json")});
        typeLines(dialog->findChild<QPlainTextEdit*>(QStringLiteral("platforms")),
                  {kData + QStringLiteral("two-clusters.xml"), kData + QStringLiteral("platform.json")});
        const QStringList solvers{QStringLiteral("heft"), QStringLiteral("hcpa"), QStringLiteral("seq")};
        for (const QString& name : solvers) {
            auto* box = dialog->findChild<QCheckBox*>(QStringLiteral("solver-") + name);
            QVERIFY2(box, qPrintable(name));
            box->ensurePolished();
            QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(6, box->height() / 2));
            QVERIFY2(box->isChecked(), qPrintable(name));
        }
        const Expected<BenchmarkConfig> config = dialog->config();
        QVERIFY2(config.ok(), config ? "" : config.error().message.c_str());
        std::vector<std::string> chosen = config->solvers;
        std::sort(chosen.begin(), chosen.end());
        QCOMPARE(chosen, (std::vector<std::string>{"hcpa", "heft", "seq"}));
        QCOMPARE(config->instances.size(), std::size_t(2));
        QCOMPARE(config->platforms.size(), std::size_t(2));

        QSignalSpy finished(dialog, &BenchmarkDialog::experimentFinished);
        QSignalSpy failed(dialog, &BenchmarkDialog::experimentFailed);
        QPushButton* run = buttonNamed(dialog, QStringLiteral("Run"));
        QVERIFY(run);
        QTest::mouseClick(run, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1 || failed.count() == 1, kTimeoutMs);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.front().front().toString()));

        // The table is the benchmark's own: 2 graphs x 2 platforms x 3 solvers runs, a summary line per solver.
        QVERIFY(dialog->table().has_value());
        const BenchmarkTable& table = *dialog->table();
        QCOMPARE(table.runs.size(), std::size_t(12));
        QCOMPARE(dialog->runsTable()->rowCount(), 12);
        QCOMPARE(dialog->summaryTable()->rowCount(), 3);
        for (int row = 0; row < 3; ++row) {
            const BenchmarkSummary& s = table.summary[std::size_t(row)];
            QCOMPARE(dialog->summaryTable()->item(row, 1)->text(), QString::fromStdString(s.solver));
            QCOMPARE(dialog->summaryTable()->item(row, 8)->text(), QString::number(s.wins));
        }
        // One panel per platform, titled by its file, each with a box per solver: the box's median is the
        // median of that solver's ratios on that platform, recomputed here from the runs.
        QCOMPARE(dialog->panelTitles(), (QStringList{QStringLiteral("two-clusters.xml"), QStringLiteral("platform.json")}));
        QCustomPlot* plot = dialog->plot();
        QCOMPARE(plot->axisRectCount(), 2);
        std::map<std::pair<std::string, std::string>, std::vector<double>> ratios;
        for (const BenchmarkRun& r : table.runs) {
            QVERIFY2(r.status != "error", r.message.c_str());
            QVERIFY(r.ratio.has_value());
            ratios[{r.platform, r.solver}].push_back(*r.ratio);
        }
        int boxes = 0;
        for (int p = 0; p < plot->axisRectCount(); ++p) {
            QCPAxisRect* rect = plot->axisRect(p);
            const std::string platform = table.runs[std::size_t(p) * 3].platform;   // units: graph x platform
            for (QCPAbstractPlottable* plottable : rect->plottables()) {
                auto* box = qobject_cast<QCPStatisticalBox*>(plottable);
                QVERIFY(box);
                ++boxes;
                const std::vector<double>& values = ratios[{platform, box->name().toStdString()}];
                QCOMPARE(values.size(), std::size_t(2));   // two graphs on the platform
                QVERIFY(qAbs(box->data()->begin()->median - (values[0] + values[1]) / 2) < 1e-12);
                QVERIFY(box->data()->begin()->minimum >= 1 - 1e-12);   // a ratio to the best is at least 1
            }
        }
        QCOMPARE(boxes, 6);
        // Ratios far apart (worst over 4) go on a log scale, else a linear one.
        double worst = 1;
        for (const BenchmarkRun& r : table.runs) worst = std::max(worst, *r.ratio);
        for (int p = 0; p < plot->axisRectCount(); ++p)
            QCOMPARE(plot->axisRect(p)->axis(QCPAxis::atLeft)->scaleType() == QCPAxis::stLogarithmic, worst > 4);
        // The ratio axis as shown is labelled beyond its 1 (ticks made for the panel's laid-out height).
        dialog->resultTabs()->setCurrentIndex(0);
        QTRY_VERIFY(plot->axisRect(0)->axis(QCPAxis::atLeft)->tickVector().size() >= 3);
        // Exported as any figure: a PDF of a paper's two columns, a PNG.
        QTemporaryDir dir;
        FigureOptions options;
        options.size = FigureSize{175, 80, SizeUnit::Millimetre};
        const Expected<bool> pdf = dialog->exportFigure(plot, dir.filePath(QStringLiteral("ratios.pdf")), options);
        QVERIFY2(pdf.ok(), pdf ? "" : pdf.error().message.c_str());
        QVERIFY(QFile(dir.filePath(QStringLiteral("ratios.pdf"))).size() > 1000);
        QVERIFY(dialog->saveCsv(dir.filePath(QStringLiteral("runs.csv"))).ok());
        QFile csv(dir.filePath(QStringLiteral("runs.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().count('\n'), 13);
        dialog->resultTabs()->setCurrentIndex(0);
        // At a paper's one and two columns, read back by poppler (tests/figures/check_pdf_figure.py): the page is
        // the size asked, every word inside it, none overlapping (the log axis' labels), the text 6 to 10 pt.
        for (const auto& [width, height, name] : {std::tuple{85.0, 50.0, "85x50mm"}, std::tuple{175.0, 100.0, "175x100mm"}}) {
            options.size = FigureSize{width, height, SizeUnit::Millimetre};
            const QString figure = dir.filePath(QStringLiteral("benchmark-ratios-%1.pdf").arg(QLatin1String(name)));
            const Expected<bool> written = dialog->exportFigure(plot, figure, options);
            QVERIFY2(written.ok(), written ? "" : written.error().message.c_str());
            QProcess checker;
            checker.start(QStringLiteral("python3"), {QStringLiteral(HETSCHED_FIGURE_CHECKER), figure, QLatin1String(name)});
            QVERIFY(checker.waitForFinished(60000));
            QVERIFY2(checker.exitStatus() == QProcess::NormalExit && checker.exitCode() == 0,
                     checker.readAllStandardOutput().constData());
        }
        const QString shots = qEnvironmentVariable("HETSCHED_UI_SHOTS");
        if (!shots.isEmpty()) dialog->grab().save(shots + QStringLiteral("/benchmark-dialog.png"));
    }

    // Add Folder… appends the folder chosen in the file dialog as a line of the list.
    void addFolderAppendsTheChosenFolder() {
        BenchmarkDialog dialog;
        dialog.show();
        auto* platforms = dialog.findChild<QPlainTextEdit*>(QStringLiteral("platforms"));
        auto* addFolder = dialog.findChild<QPushButton*>(QStringLiteral("platformsAddFolder"));
        QVERIFY(platforms && addFolder);
        platforms->setPlainText(QStringLiteral("first.xml"));
        bool chosen = false;
        const QString folder = QDir::cleanPath(kData);
        QTimer::singleShot(0, &dialog, [&] { chooseInFileDialog(folder, &chosen); });
        QTest::mouseClick(addFolder, Qt::LeftButton);
        QVERIFY(chosen);
        QCOMPARE(platforms->toPlainText(), QStringLiteral("first.xml\n") + folder);
        const Expected<BenchmarkConfig> config = [&] {
            dialog.findChild<QPlainTextEdit*>(QStringLiteral("instances"))->setPlainText(kData + QStringLiteral("daggen-12.dot"));
            return dialog.config();
        }();
        QVERIFY(config.ok());
        QCOMPARE(config->platforms, (std::vector<std::string>{"first.xml", folder.toStdString()}));
    }

    void aPathThatNamesNothingIsSaidBeforeTheRun() {
        BenchmarkDialog dialog;
        QSignalSpy failed(&dialog, &BenchmarkDialog::experimentFailed);
        dialog.run();   // nothing given
        QCOMPARE(failed.count(), 1);
        QVERIFY2(failed.front().front().toString().startsWith(QStringLiteral("Instances")),
                 qPrintable(failed.front().front().toString()));
        BenchmarkConfig config;
        config.instances = {(kData + QStringLiteral("no-such-*.dot")).toStdString()};
        config.platforms = {(kData + QStringLiteral("two-clusters.xml")).toStdString()};
        dialog.setConfig(config);
        dialog.run();
        QCOMPARE(failed.count(), 2);
        QVERIFY2(failed.back().front().toString().contains(QStringLiteral("no-such-*.dot")),
                 qPrintable(failed.back().front().toString()));
        QVERIFY(!dialog.isRunning());
        QVERIFY(!dialog.table().has_value());
    }

    void cancelStopsTheRun() {
        BenchmarkDialog dialog;
        dialog.show();
        BenchmarkConfig config;
        // Many cases: every solver of the family on the graphs, four times over the platforms.
        config.instances = {(kData + QStringLiteral("daggen-12.dot")).toStdString(),
                            (kData + QStringLiteral("wfformat-blast.json")).toStdString()};
        for (int k = 0; k < 20; ++k) {
            config.platforms.push_back((kData + QStringLiteral("two-clusters.xml")).toStdString());
            config.platforms.push_back((kData + QStringLiteral("platform.json")).toStdString());
        }
        dialog.setConfig(config);
        QSignalSpy cancelled(&dialog, &BenchmarkDialog::experimentCancelled);
        QSignalSpy finished(&dialog, &BenchmarkDialog::experimentFinished);
        auto* bar = dialog.findChild<QProgressBar*>();
        QVERIFY(bar);
        QTest::mouseClick(buttonNamed(&dialog, QStringLiteral("Run")), Qt::LeftButton);
        QVERIFY(dialog.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0 || finished.count() == 1, kTimeoutMs);
        if (finished.count() == 1) QSKIP("the whole benchmark ran before its first progress report");
        QPushButton* cancel = buttonNamed(&dialog, QStringLiteral("Cancel"));
        QVERIFY(cancel);
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(cancelled.count() == 1 || cancelled.wait(kTimeoutMs));
        QVERIFY(!dialog.isRunning());
        QCOMPARE(finished.count(), 0);
        QVERIFY(!dialog.table().has_value());
        QVERIFY(buttonNamed(&dialog, QStringLiteral("Run")));
    }
};

QTEST_MAIN(BenchmarkDialogTest)
#include "test_benchmark_dialog.moc"
