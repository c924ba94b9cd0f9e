// The main window: menus, docks and the wiring between the document, its editor, the solver and the charts. The
// project's files (app/project_files.h), File > Export (app/export_controller.h), Solve's commands
// (app/solve_commands.h), New Instance and its kin (app/instance_commands.h), the Tools menu's experiments
// (app/tools_menu.h), the Help menu (app/help_menu.h) and the kept editors (app/editor_cache.h) are parts of
// their own; their operations are reached through the window too, as the tests and `hetsched gui` use them.
#pragma once

#include <QMainWindow>
#include <QPointer>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>

#include "app/project_files.h"
#include "common/expected.h"
#include "document/project_document.h"
#include "editors/instance_editor.h"
#include "io/dag_import.h"
#include "solvers/registry.h"

class QAction;
class QLabel;
class QMenu;
class QSplitter;
class QStackedWidget;

namespace hetsched::ui {

class AutosaveManager;
class EditorCache;
class ExportController;
class ToolsController;
class DivisibleSimulationDialog;
class CpuGpuExperimentDialog;
class RecoveryDialog;
class TemplateDialog;
class DagEvaluationDialog;
class FamilyImportDialog;
class TaskGraphImportDialog;
class InstanceListPanel;
class ResultPane;
class RunSimulationController;
class RunTable;
class ScheduleExportController;
class InstanceCommands;
class SolveCommands;
class SolveController;
class SolverPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // The built-in examples, as resource paths (":/examples/partition-small.json").
    static QStringList exampleFiles();
    static QString defaultExample();

    // File operations without dialogs; on error the open document is left as it was.
    // `path` is an instance (.json, also a resource path) or a project (.hsproj), read on the calling thread.
    Expected<bool> loadFile(const QString& path);
    // Adds the instances of an instance or project file to the open project.
    Expected<bool> importFile(const QString& path);
    // Opens what the file is, with dialogs: a HetSched instance or project (replacing the project, after
    // asking to save), a task graph (the Import Task Graph dialog on it) or a SimGrid platform (a
    // steady-state entry, or a task graph's platform). File > Open, dropped files and `hetsched gui FILE`.
    // A HetSched file is read, checked and prepared off the GUI thread (the status bar shows how far, with
    // Cancel): the window stays responsive and the open project stays as it is until the file is shown.
    void openPath(const QString& path);
    // Files from this size on are read in the background by openPath; smaller ones (the examples) at once:
    // 1 MiB of JSON reads and checks in about 15 ms.
    static constexpr qint64 kBackgroundOpenBytes = ProjectFilesController::kBackgroundOpenBytes;
    // Whether openPath is still reading a file; cancelLoading() stops it, leaving the project as it is.
    bool isLoading() const;
    void cancelLoading();
    // What a file is (classifyExternalFile on its head), read through QFile so that resources work too.
    static Expected<ExternalFileKind> fileKind(const QString& path);
    Expected<bool> saveProject(const QString& path);
    void newProject();
    // Adds a small valid instance of `kind` (partition, divisible, cpugpu, steady_state, dag) to the project
    // as one undoable command and selects it.
    EntryId addNewInstance(const QString& kind);
    // File > New from Template: the dialog (or `run` in tests, which drives it instead of exec()) and the
    // generated instance added as one undoable command; 0 when cancelled.
    EntryId newFromTemplate(const std::function<int(TemplateDialog&)>& run = {});

    // Recovery of the work of sessions that ended without closing (see document/autosave.h): offers the
    // dead sessions' autosaves (the dialog, or `run` in tests); true when one was restored into this window.
    bool offerRecovery(const std::function<int(RecoveryDialog&)>& run = {});
    // Opens an autosave as the document: modified, with its original file as the save target.
    Expected<bool> restoreRecovery(const QString& recoveryFile);
    AutosaveManager* autosave() const { return m_autosave; }
    // Solves the current instance again with the solver and options of one of its runs (the selected one
    // when runIndex < 0): what the Re-run button beside the stale note does.
    void rerun(int runIndex = -1);
    // The chart of the selected run; width/height 0 take the chart's size on screen.
    Expected<bool> exportChart(const QString& path, int width = 0, int height = 0);
    // A run of the current instance (the selected one when runIndex < 0) as .json or .csv.
    Expected<bool> exportResult(const QString& path, int runIndex = -1);
    Expected<bool> exportInstance(const QString& path);

    // Queues solves of the current instance (see SolveController).
    void runSolver(const QString& solver, const SolverOptions& options);
    void runAllSolvers();

    ProjectDocument* document() const { return m_document; }
    SolveController* solveController() const { return m_solveController; }
    SolverPanel* solverPanel() const { return m_solverPanel; }
    RunTable* runTable() const { return m_runTable; }
    ScheduleExportController* scheduleExport() const;
    // Solve > Simulate on SimGrid (a run's schedule replayed on SimGrid, shown beside the planned one).
    RunSimulationController* runSimulation() const { return m_runSimulation; }
    ResultPane* resultPane() const { return m_resultPane; }
    InstanceListPanel* instanceList() const { return m_instanceList; }
    InstanceEditor* editor() const { return m_editor; }
    // The Tools menu's dialogs (app/tools_menu.h), created on first use.
    DivisibleSimulationDialog* divisibleSimulationDialog();
    CpuGpuExperimentDialog* cpuGpuExperimentDialog();
    DagEvaluationDialog* dagEvaluationDialog();
    // File > Import Task Graph: a dialog offering the current dag instance's platform, and the entry its
    // accepted result becomes (undoable; 0 when the dialog holds no valid import).
    TaskGraphImportDialog* createTaskGraphImportDialog();
    EntryId addImportedTaskGraph(const TaskGraphImportDialog& dialog);
    // The makespan an imported workflow's file records for its own run, by entry (kept in the project);
    // none for other entries. Its runs show it beside theirs.
    std::optional<double> recordedMakespan(EntryId id) const;
    // The steady-state instance of a SimGrid platform as a new entry (SimGrid runs in its child process,
    // off the GUI thread, with a cancellable progress dialog); 0 and a message when it cannot be read.
    EntryId addSimGridSteadyState(const QString& path);
    // A family's data (StarPU models, measured costs, a SimGrid star, ...: the FamilyData formats of the table) as
    // a new entry: the dialog of its import options (or `run` in tests, which drives it instead of exec()),
    // `format` detected among the FamilyData formats when null; 0 when cancelled or refused.
    EntryId importFamilyData(const QString& path, const FileFormat* format = nullptr,
                             const std::function<int(FamilyImportDialog&)>& run = {});
    // What openPath and Import Instance do with that dialog (tests drive it; empty: exec()).
    void setFamilyImportRunner(std::function<int(FamilyImportDialog&)> run);
    // The filters of File > Open and File > Import Instance, from the format table.
    static QString openFileFilters();
    static QString importFileFilters();
    EntryId currentEntry() const;

signals:
    // A file openPath read in the background is shown (`opened`), or is not (cancelled, or refused with a
    // message saying why).
    void loadFinished(const QString& path, bool opened);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createDocks();

    // View > Maximise Results: the result pane takes the centre (the editor and instance list hidden).
    void setResultsMaximised(bool maximised);
    // A message in the status bar and a box saying what could not be done and why.
    void showError(const QString& what, const QString& message);

    void onCurrentEntryChanged(EntryId id);
    void onRunSelected(int runIndex);
    void updateActions();
    void updateInstanceStatus();

    ProjectDocument* m_document;
    AutosaveManager* m_autosave;
    SolveController* m_solveController;
    ProjectFilesController* m_files = nullptr;   // opening, importing, saving, recovery, recent files, the title
    ExportController* m_exports = nullptr;       // File > Export
    InstanceListPanel* m_instanceList = nullptr;
    SolverPanel* m_solverPanel = nullptr;
    RunTable* m_runTable = nullptr;
    RunSimulationController* m_runSimulation = nullptr;
    ResultPane* m_resultPane = nullptr;
    QStackedWidget* m_editorHost = nullptr;
    QPointer<InstanceEditor> m_editor;  // the current entry's
    std::unique_ptr<EditorCache> m_editors;   // the editors of the entries shown last
    void prepareEditor(InstanceEditor& editor);
    // Deletes the kept editors of entries no longer in the document (all of them: `all`).
    void dropEditors(bool all);
    ToolsController* m_tools = nullptr;   // the Tools menu's experiments
    QWidget* m_editorPlaceholder = nullptr;
    QSplitter* m_centralSplitter = nullptr;
    // The editor's and the results' heights while the results pane has a run to show: the pane is only its
    // header and message while it has none (the editor takes the height), and gets its share back with a run.
    QList<int> m_sizesWithResults;
    QByteArray m_splitterStateAtStart;   // the splitter as saved last session (the shares with a run)
    void fitSplitToResults(bool empty);
    void giveResultsTheirShare();
    QLabel* m_instanceStatus = nullptr;
    SolveCommands* m_solve = nullptr;   // Run, Run all, Cancel, Re-run
    QAction* m_newAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_importAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    InstanceCommands* m_instances = nullptr;   // New Instance, New from Template, Import Task Graph
    QMenu* m_recentMenu = nullptr;
    QAction* m_maximiseResultsAction = nullptr;
    bool m_instancesVisibleBeforeMaximise = true;
    EntryId m_panelEntry = 0;   // the entry the solver panel shows, whose messages it holds
    QMenu* m_viewMenu = nullptr;
};

}  // namespace hetsched::ui
