// File > Export, for the main window: the chart of the selected run (PNG, PDF, SVG), its result (JSON as the CLI
// prints it, or its intervals as CSV), the schedules of the selected runs in the trace and table formats
// (app/schedule_export.h), the instance, and the plots of the editor (the partition cost plot, the divisible
// timeline and throughput plots). Its actions are enabled by what is selected.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>

#include "common/expected.h"
#include "document/project_document.h"

class QAction;
class QCustomPlot;
class QMainWindow;
class QMenu;

namespace hetsched::ui {

class InstanceEditor;
class ProjectFilesController;
class ResultPane;
class RunTable;
class ScheduleExportController;

class ExportController : public QObject {
    Q_OBJECT
public:
    // `currentEntry` and `editor` give the entry and the editor shown; `files` the folders dialogs start in.
    ExportController(ProjectDocument* document, ResultPane* resultPane, RunTable* runTable, ProjectFilesController* files,
                     std::function<EntryId()> currentEntry, std::function<InstanceEditor*()> editor, QMainWindow* window);

    // See MainWindow: the exports without dialogs.
    Expected<bool> exportChart(const QString& path, int width = 0, int height = 0);
    Expected<bool> exportResult(const QString& path, int runIndex = -1);
    Expected<bool> exportInstance(const QString& path);

    // With their dialogs.
    void exportChartWithDialog();
    void exportResultWithDialog(int runIndex = -1);
    void exportInstanceWithDialog();
    void exportCostPlotWithDialog();

    QAction* chartAction() const { return m_chartAction; }
    QAction* timelineAction() const { return m_timelineAction; }
    QAction* throughputAction() const { return m_throughputAction; }
    ScheduleExportController* scheduleExport() const { return m_scheduleExport; }
    // File > Export's items, in their order.
    void addActionsTo(QMenu* exportMenu) const;
    // Each action enabled when what it exports is there.
    void updateActions();

signals:
    void statusMessage(const QString& message);
    void errorRaised(const QString& what, const QString& message);

private:
    void exportEditorPlotWithDialog(QCustomPlot* plot, const QString& suffix, const QString& title);

    ProjectDocument* m_document;
    ResultPane* m_resultPane;
    RunTable* m_runTable;
    ProjectFilesController* m_files;
    std::function<EntryId()> m_currentEntry;
    std::function<InstanceEditor*()> m_editor;
    QMainWindow* m_window;
    QAction* m_chartAction = nullptr;
    QAction* m_resultAction = nullptr;
    QAction* m_instanceAction = nullptr;
    QAction* m_costPlotAction = nullptr;
    QAction* m_timelineAction = nullptr;
    QAction* m_throughputAction = nullptr;
    ScheduleExportController* m_scheduleExport = nullptr;
};

}  // namespace hetsched::ui
