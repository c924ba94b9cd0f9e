// Qt Test of the task graph tools: File > Import Task Graph (dialog, preview, errors, the new undoable
// entry) and Tools > Task Graph Evaluation (a run to completion, the plot, CSV, exports, cancel).
#include <qcustomplot.h>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QProcess>
#include <QSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QTimer>
#include <QUrl>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <memory>
#include <set>

#include "experiments/dag_evaluation_dialog.h"
#include "document/project_document.h"
#include "app/mainwindow.h"
#include "dialogs/task_graph_import_dialog.h"
#include "util/message_bar.h"
#include "io/project.h"
#include "editors/dag_editor.h"
#include "canvas/canvas_widget.h"
#include "io/dag_import.h"
#include "model/dag_random.h"
#include "util/option_form.h"
#include "views/common/chart_export.h"

using namespace hetsched;
using namespace hetsched::ui;

namespace {

constexpr int kTimeoutMs = 60000;

QString dataPath(const char* name) {
    return QStringLiteral(HETSCHED_TEST_DATA_DIR "/dag/") + QLatin1String(name);
}

int distinctColors(const QImage& image) {
    std::set<QRgb> colors;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) colors.insert(image.pixel(x, y));
    return static_cast<int>(colors.size());
}

QPushButton* importButton(const TaskGraphImportDialog& dialog) {
    return dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
}

// Saves a grab of the widget when HETSCHED_UI_SHOTS names a directory (to look at it).
void shoot(QWidget* widget, const char* name) {
    const QString dir = qEnvironmentVariable("HETSCHED_UI_SHOTS");
    if (dir.isEmpty()) return;
    widget->show();
    QApplication::processEvents();
    widget->grab().save(dir + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png"));
}

}  // namespace

class DagToolsTests : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(m_temp.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_temp.filePath(QStringLiteral("settings")));
        QApplication::setOrganizationName(QStringLiteral("HetSchedTests"));
        QApplication::setApplicationName(QStringLiteral("dag_tools_tests"));
    }

    void importsADotGraphOnASimGridPlatform() {
        TaskGraphImportDialog dialog;
        dialog.setGraphFile(dataPath("daggen-12.dot"));
        dialog.setPlatformFile(dataPath("two-clusters.xml"));
        dialog.refresh();
        QVERIFY2(dialog.result().ok(), dialog.previewText().toUtf8().constData());
        QCOMPARE(dialog.previewText(),
                 QStringLiteral("12 tasks, 15 edges on 2 cluster(s), 64 processors\nRead as daggen DOT."));
        QCOMPARE(dialog.findChild<QLabel*>(QStringLiteral("preview"))->text(), dialog.previewText());
        QCOMPARE(dialog.entryName(), QStringLiteral("daggen-12"));
        QVERIFY(importButton(dialog)->isEnabled());
        QCOMPARE(dialog.result()->platform.clusters[0].name, std::string("rennes"));
        QCOMPARE(dialog.result()->tasks[0].flops, 2336734020.0);
        shoot(&dialog, "import-dialog");
    }

    void filesAreReadOffTheGuiThreadAMomentAfterEachChange() {
        TaskGraphImportDialog dialog;
        QSignalSpy updated(&dialog, &TaskGraphImportDialog::previewUpdated);
        dialog.setGraphFile(dataPath("daggen-12.dot"));
        dialog.setPlatformFile(dataPath("two-clusters.xml"));
        QVERIFY(dialog.isReading());
        QVERIFY(!importButton(dialog)->isEnabled());  // what is shown is not what the form says yet
        QVERIFY(updated.wait(10000));
        QVERIFY(!dialog.isReading());
        QVERIFY2(dialog.result().ok(), dialog.previewText().toUtf8().constData());
        QVERIFY(dialog.previewText().startsWith(QStringLiteral("12 tasks, 15 edges on 2 cluster(s), 64 processors")));
        QVERIFY(importButton(dialog)->isEnabled());
        // A change then Import at once: the new file is read before the dialog closes.
        dialog.setGraphFile(dataPath("cyclic.dot"));
        dialog.accept();
        QCOMPARE(dialog.result().ok(), false);
        QCOMPARE(dialog.result().error().message.find("cycle") != std::string::npos, true);
        QCOMPARE(dialog.isVisible(), false);
        QCOMPARE(dialog.QDialog::result(), int(QDialog::Rejected));
    }

    void importsWfFormatOnTheRandomPlatform() {
        TaskGraphImportDialog dialog;
        dialog.setGraphFile(dataPath("wfformat-blast.json"));
        DagPlatformConfig config;
        config.clusters = 8;
        config.minProcessors = 16;
        config.maxProcessors = 32;
        config.heterogeneity = 5;
        config.seed = 3;
        dialog.setRandomPlatform(config);
        TaskGraphImportOptions options;
        options.referenceSpeed = 2e9;
        options.alpha = 0.25;
        dialog.setTaskGraphImportOptions(options);
        dialog.refresh();
        QVERIFY2(dialog.result().ok(), dialog.previewText().toUtf8().constData());
        QCOMPARE(dialog.result()->tasks.size(), std::size_t(5));
        QCOMPARE(dialog.result()->tasks[0].flops, 12.5 * 2e9);
        QCOMPARE(dialog.result()->tasks[0].alpha, 0.25);
        QCOMPARE(dialog.result()->platform.clusters.size(), std::size_t(8));
        // The same seed gives the same platform as the generator.
        const Expected<DagPlatform> expected = generatePlatform(config);
        QVERIFY(expected.ok());
        for (std::size_t c = 0; c < 8; ++c) {
            QCOMPARE(dialog.result()->platform.clusters[c].processors, expected->clusters[c].processors);
            QCOMPARE(dialog.result()->platform.clusters[c].speed, expected->clusters[c].speed);
        }
    }

    void badFilesAreNamedInTheDialog() {
        TaskGraphImportDialog dialog;
        QVERIFY(!dialog.result().ok());
        QVERIFY(!importButton(dialog)->isEnabled());
        dialog.setGraphFile(dataPath("missing.dot"));
        dialog.refresh();
        QVERIFY(!dialog.result().ok());
        QVERIFY2(dialog.previewText().contains(QStringLiteral("missing.dot")), qPrintable(dialog.previewText()));
        QVERIFY(!importButton(dialog)->isEnabled());

        dialog.setGraphFile(dataPath("cyclic.dot"));
        dialog.refresh();
        QVERIFY2(dialog.previewText().contains(QStringLiteral("cycle: b -> c -> a -> b")), qPrintable(dialog.previewText()));
        QVERIFY(!importButton(dialog)->isEnabled());
        shoot(&dialog, "import-dialog-error");

        dialog.setGraphFile(dataPath("daggen-12.dot"));
        dialog.setPlatformFile(dataPath("cyclic.dot"));
        dialog.refresh();
        QVERIFY2(dialog.previewText().startsWith(QStringLiteral("Platform: ")), qPrintable(dialog.previewText()));
        QVERIFY(dialog.previewText().contains(QStringLiteral("unknown platform format")));
        QVERIFY(!importButton(dialog)->isEnabled());

        // A wrong format forced on a good file.
        dialog.setPlatformFile(dataPath("platform.json"));
        dialog.setFormat("wfformat");
        dialog.refresh();
        QVERIFY(!dialog.result().ok());
        QVERIFY(dialog.previewText().contains(QStringLiteral("daggen-12.dot")));
        dialog.setFormat("auto");
        dialog.refresh();
        QVERIFY(dialog.result().ok());
        QCOMPARE(dialog.result()->platform.clusters[1].name, std::string("large"));
    }

    void aReaderThatCrashesIsAMessageAndTheProjectStays() {
        // hetsched-import replaced by a program that dies as a crashing reader does (cgraph aborting): the GUI
        // reads task graphs in that child process (a reader that never ends: tests/core/test_isolated_import.cpp).
        const QString fake = m_temp.filePath(QStringLiteral("fake-import"));
        const auto fakeRunner = [&](const QByteArray& script) {
            QFile file(fake);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write("#!/bin/sh\n" + script);
            file.close();
            QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        };
        fakeRunner("echo 'Error: out of dynamic memory in aaglex()' >&2\nkill -ABRT $$\n");
        qputenv("HETSCHED_IMPORT_RUNNER", fake.toLocal8Bit());
        MainWindow window;
        QVERIFY(window.loadFile(QStringLiteral(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json")).ok());
        const std::string before = projectToJson(window.document()->toProject()).dump();

        // The import dialog: its preview is the message, naming the file; nothing can be imported.
        std::unique_ptr<TaskGraphImportDialog> dialog(window.createTaskGraphImportDialog());
        dialog->setGraphFile(dataPath("daggen-12.dot"));
        dialog->refresh();
        QVERIFY(!dialog->result().ok());
        QVERIFY2(dialog->previewText().contains(QStringLiteral("daggen-12.dot: hetsched-import died (SIGABRT) reading this file")),
                 qPrintable(dialog->previewText()));
        QVERIFY(dialog->previewText().contains(QStringLiteral("out of dynamic memory")));
        QVERIFY(!importButton(*dialog)->isEnabled());
        // The same through the background read the dialog does after each change.
        dialog->setGraphFile(dataPath("cyclic.dot"));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isReading(), kTimeoutMs);
        QVERIFY2(dialog->previewText().contains(QStringLiteral("cyclic.dot: hetsched-import died (SIGABRT)")),
                 qPrintable(dialog->previewText()));
        dialog.reset();

        // The dag editor's own import (a file dropped on its canvas): a message in its bar, no edit.
        auto* editor = window.findChild<DagEditor*>();
        QVERIFY(editor);
        const int steps = window.document()->undoStack()->count();
        QVERIFY(!editor->importTaskGraph(dataPath("daggen-12.dot")));
        QVERIFY2(editor->canvas()->messageBar()->text().contains(QStringLiteral("died (SIGABRT)")),
                 qPrintable(editor->canvas()->messageBar()->text()));
        QCOMPARE(window.document()->undoStack()->count(), steps);
        QCOMPARE(projectToJson(window.document()->toProject()).dump(), before);
        qunsetenv("HETSCHED_IMPORT_RUNNER");
    }

    void theImportIsAnUndoableEntryOnTheCurrentPlatform() {
        MainWindow window;
        QVERIFY(window.loadFile(QStringLiteral(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json")).ok());
        const int before = window.document()->entryCount();
        const auto& current = std::get<DagInstance>(window.document()->entryAt(0).instance);
        std::unique_ptr<TaskGraphImportDialog> dialog(window.createTaskGraphImportDialog());
        dialog->setGraphFile(dataPath("daggen-12.dot"));
        dialog->refresh();
        // The current dag instance's platform is offered and chosen.
        QVERIFY2(dialog->result().ok(), qPrintable(dialog->previewText()));
        QCOMPARE(dialog->result()->platform.clusters.size(), current.platform.clusters.size());
        QCOMPARE(dialog->result()->platform.clusters[0].name, current.platform.clusters[0].name);
        const EntryId id = window.addImportedTaskGraph(*dialog);
        QVERIFY(id != 0);
        QCOMPARE(window.document()->entryCount(), before + 1);
        const DocumentEntry* entry = window.document()->entry(id);
        QVERIFY(entry);
        QCOMPARE(entry->name, QStringLiteral("daggen-12"));
        QCOMPARE(std::get<DagInstance>(entry->instance).tasks.size(), std::size_t(12));
        // A second import of the same file gets a unique name.
        const EntryId again = window.addImportedTaskGraph(*dialog);
        QVERIFY(window.document()->entry(again)->name != entry->name);
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QCOMPARE(window.document()->entryCount(), before);
        window.document()->undoStack()->redo();
        QCOMPARE(window.document()->entryCount(), before + 1);
        // Nothing valid: no entry.
        dialog->setGraphFile(dataPath("cyclic.dot"));
        dialog->refresh();
        QCOMPARE(window.addImportedTaskGraph(*dialog), EntryId(0));
        QCOMPARE(window.document()->entryCount(), before + 1);
    }

    void aGraphWithoutSizesTakesTheDefaultFieldsAndTheSummarySaysSo() {
        const QString path = m_temp.filePath(QStringLiteral("snakemake.dot"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("digraph snakemake {\n  all; align -> call; call -> all; align -> call;\n}\n");
        }
        TaskGraphImportDialog dialog;
        dialog.show();
        dialog.setGraphFile(path);
        dialog.refresh();
        QVERIFY(!dialog.result().ok());
        QVERIFY2(dialog.previewText().contains(QStringLiteral("Default flops")), qPrintable(dialog.previewText()));
        QVERIFY(!importButton(dialog)->isEnabled());
        // Typed into the fields as a user does.
        auto* flops = dialog.findChild<QLineEdit*>(QStringLiteral("option_default-flops"));
        auto* bytes = dialog.findChild<QLineEdit*>(QStringLiteral("option_default-bytes"));
        QVERIFY(flops && bytes);
        QTest::keyClicks(flops, QStringLiteral("2e9"));
        QTest::keyClicks(bytes, QStringLiteral("1000"));
        dialog.refresh();
        QVERIFY2(dialog.result().ok(), qPrintable(dialog.previewText()));
        QCOMPARE(dialog.result()->tasks.size(), std::size_t(3));
        QCOMPARE(dialog.result()->edges.size(), std::size_t(2));   // the duplicate merged
        for (const DagTask& t : dialog.result()->tasks) QCOMPARE(t.flops, 2e9);
        QVERIFY(!dialog.notes().empty());
        for (const std::string& note : dialog.notes())
            QVERIFY2(dialog.previewText().contains(QString::fromStdString(note)), note.c_str());
        QVERIFY(importButton(dialog)->isEnabled());
    }

    // The dialog's fields are the option tables `hetsched import` reads: the same ranges (the speeds shown in
    // Gflop/s), the same defaults, and a bad value refused by both with the same range.
    void theFieldsAreTheTablesTheImportCommandReads() {
        TaskGraphImportDialog dialog;
        const auto check = [&](const OptionSpec& spec) {
            auto* editor = dialog.findChild<QWidget*>(QStringLiteral("option_%1").arg(QString::fromStdString(spec.name)));
            QVERIFY2(editor, spec.name.c_str());
            const double scale = spec.name == "reference-speed" || spec.name == "min-speed" ? 1e9 : 1;
            if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
                QCOMPARE(double(spin->minimum()), spec.minimum);
                QCOMPARE(double(spin->maximum()), spec.maximum);
            } else if (auto* real = qobject_cast<QDoubleSpinBox*>(editor)) {
                QCOMPARE(real->minimum() * scale, spec.minimum);
                QCOMPARE(real->maximum() * scale, spec.maximum);
            } else if (spec.type == OptionType::Enum) {
                auto* box = qobject_cast<QComboBox*>(editor);
                QVERIFY2(box, spec.name.c_str());
                QCOMPARE(box->count(), int(spec.choices.size()));
            } else {
                QVERIFY2(spec.optional && qobject_cast<QLineEdit*>(editor), spec.name.c_str());
            }
            const Expected<std::optional<OptionValue>> shown = optionEditorValue(spec, editor);
            QVERIFY2(shown.ok(), spec.name.c_str());
            QCOMPARE(shown->has_value(), !spec.optional);
            if (*shown) QCOMPARE(optionValueText(**shown), optionValueText(spec.defaultValue));
        };
        for (const OptionSpec& spec : taskGraphImportOptionTable())
            if (spec.name != "seed") check(spec);   // the dialog seeds the platform itself (platform-seed)
        for (const OptionSpec& spec : dagPlatformOptions()) check(spec);

        const QString path = m_temp.filePath(QStringLiteral("bare.dot"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("digraph { a -> b; }\n");
        }
        dialog.setGraphFile(path);
        QTest::keyClicks(dialog.findChild<QLineEdit*>(QStringLiteral("option_default-flops")), QStringLiteral("-1"));
        dialog.refresh();
        QVERIFY(!dialog.result().ok());
        QVERIFY2(dialog.previewText().contains(QStringLiteral("Default flops: must be in [0, 1e+30], got '-1'")),
                 qPrintable(dialog.previewText()));
        QProcess cli;
        cli.start(QStringLiteral(HETSCHED_BINARY),
                  {QStringLiteral("import"), path, QStringLiteral("--clusters"), QStringLiteral("2"),
                   QStringLiteral("--default-flops"), QStringLiteral("-1")});
        QVERIFY(cli.waitForFinished(kTimeoutMs));
        QCOMPARE(cli.exitCode(), 2);
        const QString error = QString::fromUtf8(cli.readAllStandardError());
        QVERIFY2(error.contains(QStringLiteral("--default-flops must be in [0, 1e+30], got '-1'")), qPrintable(error));

        // Typed as a user types it, in Gflop/s with an exponent; read in flop/s.
        auto* speed = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("option_min-speed"));
        QVERIFY(speed);
        speed->selectAll();
        QTest::keyClicks(speed, QStringLiteral("2.5e-1"));
        QTest::keyClick(speed, Qt::Key_Tab);
        QCOMPARE(speed->value(), 0.25);
        QLineEdit* flops = dialog.findChild<QLineEdit*>(QStringLiteral("option_default-flops"));
        flops->setText(QStringLiteral("1e9"));
        dialog.findChild<QLineEdit*>(QStringLiteral("option_default-bytes"))->setText(QStringLiteral("0"));
        dialog.setPlatformSource(TaskGraphImportDialog::PlatformSource::Random);
        dialog.refresh();
        QVERIFY2(dialog.result().ok(), qPrintable(dialog.previewText()));
        for (const DagCluster& c : dialog.result()->platform.clusters) QVERIFY(c.speed >= 0.25e9 && c.speed <= 0.5e9);
        // A seed past int's range, as the CLI's --platform-seed takes it.
        DagPlatformConfig config;
        config.seed = (std::uint64_t(1) << 40) + 7;
        dialog.setRandomPlatform(config);
        dialog.refresh();
        QVERIFY2(dialog.result().ok(), qPrintable(dialog.previewText()));
        const Expected<DagPlatform> expected = generatePlatform(config);
        QVERIFY(expected.ok());
        QCOMPARE(dialog.result()->platform.clusters[0].speed, expected->clusters[0].speed);
    }

    void aDroppedTaskGraphOpensTheImportDialogOnIt() {
        MainWindow window;
        QVERIFY(window.loadFile(QStringLiteral(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json")).ok());
        window.show();
        const int before = window.document()->entryCount();
        bool sawDialog = false;
        // The dialog is modal: accept it from its own event loop once it has read the file.
        QTimer poll;
        connect(&poll, &QTimer::timeout, &window, [&] {
            TaskGraphImportDialog* dialog = window.findChild<TaskGraphImportDialog*>();
            if (!dialog || !dialog->isVisible() || dialog->isReading() || sawDialog) return;
            sawDialog = true;
            QTest::mouseClick(importButton(*dialog), Qt::LeftButton);
        });
        poll.start(20);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(dataPath("daggen-12.dot"))});
        // A drag as the window system delivers it: enter, move, drop.
        QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDragMoveEvent move(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &move);
        QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QVERIFY(sawDialog);
        QCOMPARE(window.document()->entryCount(), before + 1);
        QCOMPARE(window.document()->entryAt(before).name, QStringLiteral("daggen-12"));
    }

    void theMenusOfferBothTools() {
        MainWindow window;
        QVERIFY(window.loadFile(QStringLiteral(HETSCHED_EXAMPLES_DIR "/dag-two-clusters.json")).ok());
        auto menuNamed = [&](const QString& title) -> QMenu* {
            for (QAction* a : window.menuBar()->actions())
                if (a->text() == title) return a->menu();
            return nullptr;
        };
        auto actionNamed = [](QMenu* menu, const QString& text) -> QAction* {
            for (QAction* a : menu->actions())
                if (a->text() == text) return a;
            return nullptr;
        };
        QMenu* file = menuNamed(QStringLiteral("&File"));
        QMenu* tools = menuNamed(QStringLiteral("&Tools"));
        QVERIFY(file && tools);
        QVERIFY(actionNamed(file, QStringLiteral("Import &Task Graph…")));
        QAction* evaluation = actionNamed(tools, QStringLiteral("&Task Graph Evaluation…"));
        QVERIFY(evaluation);
        evaluation->trigger();
        QVERIFY(window.dagEvaluationDialog()->isVisible());
        window.dagEvaluationDialog()->close();
        std::unique_ptr<TaskGraphImportDialog> dialog(window.createTaskGraphImportDialog());
        dialog->setGraphFile(dataPath("wfformat-blast.json"));
        dialog->refresh();
        QVERIFY(dialog->result().ok());
        shoot(dialog.get(), "import-dialog-current");
    }

    void theEvaluationRunsToCompletionAndPlotsEveryMetric() {
        MainWindow window;
        DagEvaluationDialog* dialog = window.dagEvaluationDialog();
        DagEvaluationConfig config;
        config.taskCounts = {10};
        config.clusterCounts = {1, 2, 4};
        config.heterogeneities = {1, 5};
        config.minSpeeds = {1e9};
        config.dagSamples = 2;
        config.solvers = {"hcpa", "mheft", "seq"};
        dialog->setConfig(config);
        const Expected<DagEvaluationConfig> read = dialog->config();
        QVERIFY(read.ok());
        QCOMPARE(read->solvers, config.solvers);
        QCOMPARE(read->clusterCounts, config.clusterCounts);
        QSignalSpy finished(dialog, &DagEvaluationDialog::experimentFinished);
        dialog->run();
        QVERIFY(dialog->isRunning() || finished.count() == 1);
        QVERIFY(finished.count() == 1 || finished.wait(kTimeoutMs));
        QVERIFY(dialog->rows().has_value());
        QCustomPlot* plot = dialog->plot();
        QCOMPARE(plot->graphCount(), 3);
        for (int g = 0; g < 3; ++g) QCOMPARE(plot->graph(g)->dataCount(), 3);   // 1, 2, 4 clusters
        QCOMPARE(plot->graph(2)->name(), QStringLiteral("seq"));
        // seq's speedup over seq is 1 on every platform.
        dialog->showMetric(DagEvaluationDialog::Metric::SpeedupOverSeq);
        for (auto p = plot->graph(2)->data()->begin(); p != plot->graph(2)->data()->end(); ++p)
            QVERIFY(std::abs(p->value - 1) < 1e-9);
        // hcpa beats seq once there is more than one processor.
        QVERIFY(plot->graph(0)->data()->begin()->value > 1);
        dialog->showGroup(DagEvaluationDialog::GroupBy::Heterogeneity);
        for (int g = 0; g < 3; ++g) QCOMPARE(plot->graph(g)->dataCount(), 2);   // heterogeneity 1 and 5
        QVERIFY(plot->xAxis->label().startsWith(QStringLiteral("heterogeneity")));
        for (auto metric : {DagEvaluationDialog::Metric::Makespan, DagEvaluationDialog::Metric::MakespanTimesPeakPower,
                            DagEvaluationDialog::Metric::MakespanOverAveragePower}) {
            dialog->showMetric(metric);
            QCOMPARE(plot->graphCount(), 3);
            for (int g = 0; g < 3; ++g)
                for (auto p = plot->graph(g)->data()->begin(); p != plot->graph(g)->data()->end(); ++p)
                    QVERIFY(p->value > 0);
        }
        dialog->showMetric(DagEvaluationDialog::Metric::Makespan);
        dialog->showGroup(DagEvaluationDialog::GroupBy::Clusters);
        const QString csv = m_temp.filePath(QStringLiteral("dag-evaluation.csv"));
        QVERIFY(dialog->saveCsv(csv).ok());
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.startsWith("group_by,value,solver,runs,makespan"));
        QCOMPARE(text.count('\n'), 1 + 3 * 3 + 2 * 3);
        for (const char* extension : {".png", ".pdf", ".svg"}) {
            const QString path = m_temp.filePath(QStringLiteral("dag-evaluation") + QLatin1String(extension));
            const Expected<bool> written = exportPlot(plot, path, 900, 500);
            QVERIFY2(written.ok(), written.ok() ? "" : written.error().message.c_str());
            QVERIFY(QFile(path).size() > 1000);
        }
        QVERIFY(distinctColors(QImage(m_temp.filePath(QStringLiteral("dag-evaluation.png")))) > 8);
        shoot(dialog, "evaluation-dialog");
        if (!qEnvironmentVariable("HETSCHED_UI_SHOTS").isEmpty()) {
            dialog->showMetric(DagEvaluationDialog::Metric::SpeedupOverSeq);
            QVERIFY(exportPlot(plot, qEnvironmentVariable("HETSCHED_UI_SHOTS") + QStringLiteral("/evaluation-plot.png"), 900, 500).ok());
            dialog->showMetric(DagEvaluationDialog::Metric::Makespan);
        }
        QVERIFY(!dialog->saveCsv(m_temp.filePath(QStringLiteral("no/such/dir/x.csv"))).ok());
    }

    void theEvaluationCancels() {
        DagEvaluationDialog dialog;
        DagEvaluationConfig config;
        config.taskCounts = {2000};
        config.clusterCounts = {8};
        config.dagSamples = 20;
        dialog.setConfig(config);
        QSignalSpy cancelled(&dialog, &DagEvaluationDialog::experimentCancelled);
        QSignalSpy finished(&dialog, &DagEvaluationDialog::experimentFinished);
        // Cancelled once the run is under way (its first progress past 0), whatever the machine's speed.
        auto* bar = dialog.findChild<QProgressBar*>();
        QVERIFY(bar);
        dialog.run();
        QVERIFY(dialog.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, kTimeoutMs);
        QVERIFY(dialog.isRunning());
        dialog.cancel();
        QVERIFY(cancelled.count() == 1 || cancelled.wait(kTimeoutMs));
        QVERIFY(!dialog.isRunning());
        QCOMPARE(finished.count(), 0);
        QVERIFY(!dialog.rows().has_value());
    }

    void badFormValuesAreNamed() {
        DagEvaluationDialog dialog;
        DagEvaluationConfig config;
        config.taskCounts = {10};
        dialog.setConfig(config);
        for (QCheckBox* box : dialog.findChildren<QCheckBox*>()) box->setChecked(false);
        const Expected<DagEvaluationConfig> none = dialog.config();
        QVERIFY(!none.ok());
        QVERIFY(QString::fromStdString(none.error().message).startsWith(QStringLiteral("Solvers")));
        QSignalSpy failed(&dialog, &DagEvaluationDialog::experimentFailed);
        dialog.run();
        QCOMPARE(failed.count(), 1);
        QVERIFY(!dialog.isRunning());
    }

private:
    QTemporaryDir m_temp;
};

QTEST_MAIN(DagToolsTests)
#include "test_dag_tools.moc"
