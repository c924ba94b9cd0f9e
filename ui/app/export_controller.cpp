// File > Export for the main window (see export_controller.h).
#include "app/export_controller.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>
#include <algorithm>

#include "app/project_files.h"
#include "app/schedule_export.h"
#include "dialogs/chart_export_dialog.h"
#include "editors/instance_editor.h"
#include "families/ui_family.h"
#include "io/instance_io.h"
#include "panels/result_pane.h"
#include "panels/run_table.h"
#include "views/common/chart_export.h"
#include "views/common/result_chart.h"

namespace hetsched::ui {

namespace {

const QString kLastExportDirectoryKey = QStringLiteral("lastExportDirectory");

QString errorText(const Error& error) { return QString::fromStdString(error.message); }

}  // namespace

ExportController::ExportController(ProjectDocument* document, ResultPane* resultPane, RunTable* runTable,
                                   ProjectFilesController* files, std::function<EntryId()> currentEntry,
                                   std::function<InstanceEditor*()> editor, QMainWindow* window)
    : QObject(window),
      m_document(document),
      m_resultPane(resultPane),
      m_runTable(runTable),
      m_files(files),
      m_currentEntry(std::move(currentEntry)),
      m_editor(std::move(editor)),
      m_window(window) {
    m_chartAction = new QAction(tr("Export &Chart…"), this);
    m_chartAction->setObjectName(QStringLiteral("exportChartAction"));
    m_chartAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    m_chartAction->setStatusTip(tr("Save the chart of the selected run as PNG, PDF or SVG"));
    connect(m_chartAction, &QAction::triggered, this, &ExportController::exportChartWithDialog);

    m_resultAction = new QAction(tr("Export &Result…"), this);
    m_resultAction->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    m_resultAction->setStatusTip(tr("Save the selected run as JSON (as the CLI prints it) or CSV (its intervals)"));
    connect(m_resultAction, &QAction::triggered, this, [this] { exportResultWithDialog(); });

    m_instanceAction = new QAction(tr("Export &Instance…"), this);
    m_instanceAction->setStatusTip(tr("Save the current instance as an instance file for the command line"));
    connect(m_instanceAction, &QAction::triggered, this, &ExportController::exportInstanceWithDialog);

    m_costPlotAction = new QAction(tr("Cost &Plot…"), this);
    connect(m_costPlotAction, &QAction::triggered, this, &ExportController::exportCostPlotWithDialog);
    m_timelineAction = new QAction(tr("Scenario &Timeline…"), this);
    m_timelineAction->setStatusTip(tr("Save the divisible-load editor's scenario timeline as PNG, PDF or SVG"));
    connect(m_timelineAction, &QAction::triggered, this, [this] {
        if (QCustomPlot* plot = editorPlot(m_editor(), EditorPlotKind::ScenarioTimeline))
            exportEditorPlotWithDialog(plot, QStringLiteral("-timeline"), tr("Export Scenario Timeline"));
    });
    m_throughputAction = new QAction(tr("Throughput vs &Workers Plot…"), this);
    connect(m_throughputAction, &QAction::triggered, this, [this] {
        if (QCustomPlot* plot = editorPlot(m_editor(), EditorPlotKind::ThroughputPlot))
            exportEditorPlotWithDialog(plot, QStringLiteral("-throughput"), tr("Export Throughput Plot"));
    });

    // File > Export > Schedule: the selected runs (else the current one) in the trace and table formats.
    m_scheduleExport = new ScheduleExportController(
        window,
        [this] {
            std::vector<const RunRecord*> runs;
            const DocumentEntry* entry = m_document->entry(m_currentEntry());
            if (!entry || !m_runTable) return runs;
            QList<int> indices = m_runTable->selectedRuns();
            if (indices.isEmpty() && m_runTable->currentRun() >= 0) indices = {m_runTable->currentRun()};
            for (int index : indices)
                if (index >= 0 && index < static_cast<int>(entry->runs.size()))
                    runs.push_back(&entry->runs[static_cast<std::size_t>(index)]);
            return runs;
        },
        [this] {
            const DocumentEntry* entry = m_document->entry(m_currentEntry());
            const int run = m_runTable ? m_runTable->currentRun() : -1;
            if (!entry || run < 0 || run >= static_cast<int>(entry->runs.size())) return QStringLiteral("schedule");
            return defaultChartFileName(entry->name, entry->runs[static_cast<std::size_t>(run)].solver(), QString())
                .chopped(1);
        });
}

void ExportController::addActionsTo(QMenu* exportMenu) const {
    exportMenu->addAction(m_chartAction);
    exportMenu->addAction(m_scheduleExport->action());
    exportMenu->addAction(m_costPlotAction);
    exportMenu->addAction(m_timelineAction);
    exportMenu->addAction(m_throughputAction);
    exportMenu->addAction(m_resultAction);
    exportMenu->addAction(m_instanceAction);
}

void ExportController::updateActions() {
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    const int run = m_runTable ? m_runTable->currentRun() : -1;
    m_chartAction->setEnabled(run >= 0);
    m_resultAction->setEnabled(run >= 0);
    m_scheduleExport->updateAction();
    m_instanceAction->setEnabled(entry != nullptr);
    m_costPlotAction->setEnabled(editorPlot(m_editor(), EditorPlotKind::CostPlot) != nullptr);
    m_timelineAction->setEnabled(editorPlot(m_editor(), EditorPlotKind::ScenarioTimeline) != nullptr);
    m_throughputAction->setEnabled(editorPlot(m_editor(), EditorPlotKind::ThroughputPlot) != nullptr);
}

Expected<bool> ExportController::exportChart(const QString& path, int width, int height) {
    ResultChart* chart = m_resultPane->chart();
    if (!chart) return invalidInput("there is no chart to export");
    QWidget* shown = chart->widget();
    return chart->exportTo(path, width > 0 ? width : std::max(shown->width(), 800),
                           height > 0 ? height : std::max(shown->height(), 450));
}

Expected<bool> ExportController::exportResult(const QString& path, int runIndex) {
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    if (runIndex < 0) runIndex = m_runTable->currentRun();
    if (!entry || runIndex < 0 || runIndex >= static_cast<int>(entry->runs.size()))
        return invalidInput("select a run to export");
    const RunRecord& run = entry->runs[static_cast<std::size_t>(runIndex)];
    const QString suffix = QFileInfo(path).suffix().toLower();
    std::string text;
    if (suffix == QLatin1String("json")) {
        text = runJson(run, solvedInstance(run, entry->instance)).dump(2) + "\n";
    } else if (suffix == QLatin1String("csv")) {
        if (!run.result)
            return invalidInput("this run has no schedule to export: " + run.restoreError.toStdString());
        text = scheduleToCsv(run.result->schedule);
    } else {
        return invalidInput("cannot export a result to \"" + path.toStdString() + "\": use .json or .csv");
    }
    return writeTextFileAtomically(path.toStdString(), text);
}

Expected<bool> ExportController::exportInstance(const QString& path) {
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    if (!entry) return invalidInput("select an instance to export");
    return writeTextFileAtomically(path.toStdString(), instanceToJson(entry->instance).dump(2) + "\n");
}

void ExportController::exportChartWithDialog() {
    const int runIndex = m_runTable->currentRun();
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    if (runIndex < 0 || !entry || runIndex >= static_cast<int>(entry->runs.size()) || !m_resultPane->chart()) {
        emit statusMessage(tr("Select a run to export its chart"));
        return;
    }
    // "<entry>-<solver>.png" in the directory the last chart went to.
    const QString solver = entry->runs[static_cast<std::size_t>(runIndex)].solver();
    const QString lastExport = QSettings().value(kLastExportDirectoryKey).toString();
    const QString directory = !lastExport.isEmpty() && QFileInfo(lastExport).isDir() ? lastExport : m_files->dialogDirectory();
    ChartExportDialog dialog(m_resultPane->chart(),
                             QDir(directory).filePath(defaultChartFileName(entry->name, solver)), m_window);
    if (dialog.exec() != QDialog::Accepted) return;
    m_files->rememberDirectory(dialog.path());
    QSettings().setValue(kLastExportDirectoryKey, QFileInfo(dialog.path()).absolutePath());
    emit statusMessage(tr("Chart exported to %1").arg(QDir::toNativeSeparators(dialog.path())));
}

void ExportController::exportCostPlotWithDialog() {
    QCustomPlot* plot = editorPlot(m_editor(), EditorPlotKind::CostPlot);
    if (!plot) return;
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    const QString base = (entry ? entry->name : QStringLiteral("instance")) + QStringLiteral("-costs.png");
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export Cost Plot"), QDir(m_files->dialogDirectory()).filePath(base), chartFileFilter());
    if (path.isEmpty()) return;
    m_files->rememberDirectory(path);
    Expected<bool> written =
        exportPlot(plot, path, std::max(plot->width(), 800), std::max(plot->height(), 500));
    if (!written) emit errorRaised(tr("Cannot export the cost plot"), errorText(written.error()));
}

void ExportController::exportEditorPlotWithDialog(QCustomPlot* plot, const QString& suffix, const QString& title) {
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    const QString base = (entry ? entry->name : QStringLiteral("instance")) + suffix + QStringLiteral(".png");
    const QString path =
        QFileDialog::getSaveFileName(m_window, title, QDir(m_files->dialogDirectory()).filePath(base), chartFileFilter());
    if (path.isEmpty()) return;
    m_files->rememberDirectory(path);
    Expected<bool> written =
        exportPlot(plot, path, std::max(plot->width(), 900), std::max(plot->height(), 500));
    if (!written)
        emit errorRaised(tr("Cannot export the chart"), errorText(written.error()));
    else
        emit statusMessage(tr("Chart exported to %1").arg(QDir::toNativeSeparators(path)));
}

void ExportController::exportResultWithDialog(int runIndex) {
    if (runIndex < 0) runIndex = m_runTable->currentRun();
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    if (!entry || runIndex < 0) {
        emit statusMessage(tr("Select a run to export"));
        return;
    }
    const QString base =
        QStringLiteral("%1-%2").arg(entry->name, entry->runs[static_cast<std::size_t>(runIndex)].solver());
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export Result"), QDir(m_files->dialogDirectory()).filePath(base + QStringLiteral(".json")),
        tr("Result JSON (*.json);;Intervals CSV (*.csv)"));
    if (path.isEmpty()) return;
    m_files->rememberDirectory(path);
    Expected<bool> written = exportResult(path, runIndex);
    if (!written)
        emit errorRaised(tr("Cannot export the result"), errorText(written.error()));
    else
        emit statusMessage(tr("Result exported to %1").arg(QDir::toNativeSeparators(path)));
}

void ExportController::exportInstanceWithDialog() {
    const DocumentEntry* entry = m_document->entry(m_currentEntry());
    if (!entry) return;
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export Instance"), QDir(m_files->dialogDirectory()).filePath(entry->name + QStringLiteral(".json")),
        tr("Instance (*.json)"));
    if (path.isEmpty()) return;
    m_files->rememberDirectory(path);
    Expected<bool> written = exportInstance(path);
    if (!written) emit errorRaised(tr("Cannot export the instance"), errorText(written.error()));
}

}  // namespace hetsched::ui
