#include "app/mainwindow.h"

#include <QAction>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSplitter>
#include <algorithm>
#include <cmath>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QUndoView>

#include "app/edit_commands.h"
#include "app/editor_cache.h"
#include "app/export_controller.h"
#include "app/help_menu.h"
#include "app/instance_commands.h"
#include "app/project_files.h"
#include "app/run_simulation.h"
#include "app/schedule_export.h"
#include "app/solve_commands.h"
#include "app/solve_controller.h"
#include "app/tools_menu.h"
#include "document/autosave.h"
#include "document/instance_list_model.h"
#include "editors/instance_editor.h"
#include "families/ui_family.h"
#include "panels/instance_list_panel.h"
#include "panels/result_pane.h"
#include "panels/run_table.h"
#include "panels/solver_panel.h"
#include "util/fixed_text_action.h"
#include "util/resources.h"
#include "util/window_fit.h"
#include "util/vertical_scroll.h"

namespace hetsched::ui {

namespace {

constexpr int kStatusTimeoutMs = 6000;
const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kSplitterKey = QStringLiteral("mainWindow/centralSplitter");

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_document(new ProjectDocument(this)),
      m_autosave(new AutosaveManager(m_document, this)),
      m_solveController(new SolveController(this)) {
    ensureResourcesLoaded();
    // The status bar's permanent widgets: the instance shown, then the progress of a file being read.
    m_instanceStatus = new QLabel(this);
    statusBar()->addPermanentWidget(m_instanceStatus);
    m_files = new ProjectFilesController(m_document, m_autosave, this);
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/hetsched.svg")));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    m_editorPlaceholder =
        new QLabel(tr("No instance selected.\nAdd one with Instances > New, or open a file."), this);
    static_cast<QLabel*>(m_editorPlaceholder)->setAlignment(Qt::AlignCenter);
    m_editorPlaceholder->setStyleSheet(QStringLiteral("color:#777;"));
    m_editorHost = new QStackedWidget(this);
    m_editorHost->addWidget(m_editorPlaceholder);
    m_resultPane = new ResultPane(this);
    m_centralSplitter = new QSplitter(Qt::Vertical, this);
    m_centralSplitter->addWidget(m_editorHost);
    m_centralSplitter->addWidget(m_resultPane);
    // The results get the larger share (Gantts of many lanes, the steady and dag views); View > Maximise
    // Results gives them the whole centre.
    m_centralSplitter->setObjectName(QStringLiteral("centralSplitter"));
    m_centralSplitter->setStretchFactor(0, 4);
    m_centralSplitter->setStretchFactor(1, 5);
    m_centralSplitter->setChildrenCollapsible(false);
    setCentralWidget(m_centralSplitter);

    createActions();
    createDocks();
    // Run, Run all, Cancel and Re-run (app/solve_commands.h): their messages in the status bar.
    m_solve = new SolveCommands(m_document, m_solveController, m_solverPanel, [this] { return currentEntry(); }, this);
    connect(m_solve, &SolveCommands::statusMessage, this,
            [this](const QString& message, int timeoutMs) { statusBar()->showMessage(message, timeoutMs); });
    connect(m_solve, &SolveCommands::busyChanged, this, &MainWindow::updateActions);
    m_tools = new ToolsController(this);
    m_exports = new ExportController(m_document, m_resultPane, m_runTable, m_files, [this] { return currentEntry(); },
                                     [this] { return m_editor.data(); }, this);
    connect(m_exports, &ExportController::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, kStatusTimeoutMs); });
    connect(m_exports, &ExportController::errorRaised, this, &MainWindow::showError);
    m_editors = std::make_unique<EditorCache>(m_document, m_editorHost, [this](InstanceEditor& editor) { prepareEditor(editor); });
    m_runSimulation = new RunSimulationController(m_document, m_runTable, m_resultPane, this);
    connect(m_runSimulation, &RunSimulationController::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, kStatusTimeoutMs); });
    connect(m_runSimulation, &RunSimulationController::failed, this,
            [this](const QString& message) { showError(tr("Cannot simulate on SimGrid"), message); });
    createMenus();
    createToolBar();

    // The project's files (app/project_files.h): its messages in the status bar, its errors in a box.
    connect(m_files, &ProjectFilesController::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, kStatusTimeoutMs); });
    connect(m_files, &ProjectFilesController::errorRaised, this, &MainWindow::showError);
    connect(m_files, &ProjectFilesController::loadFinished, this, &MainWindow::loadFinished);
    connect(m_files, &ProjectFilesController::taskGraphImportRequested, m_instances,
            &InstanceCommands::importTaskGraph);

    connect(m_document, &ProjectDocument::instanceChanged, this, [this](EntryId id) {
        if (id != currentEntry()) return;
        if (const DocumentEntry* entry = m_document->entry(id)) m_solverPanel->updateDefault(entry->instance);
        updateInstanceStatus();
        m_runTable->republishSelection();  // the run or the comparison shown, now current or outdated
    });
    connect(m_document, &ProjectDocument::entryRenamed, this, &MainWindow::updateInstanceStatus);
    // The kept editors go with their entries (an entry removed and restored by undo gets a new editor).
    connect(m_document, &ProjectDocument::aboutToReset, this, [this] { dropEditors(true); });
    connect(m_document, &ProjectDocument::entryRemoved, this, [this] { dropEditors(false); });
    connect(m_resultPane, &ResultPane::exportRequested, m_exports, &ExportController::exportChartWithDialog);
    connect(m_resultPane, &ResultPane::rerunRequested, this, [this] { rerun(); });
    connect(m_autosave, &AutosaveManager::autosaveFailed, this, [this](const QString& message) {
        statusBar()->showMessage(message, kStatusTimeoutMs);
    });

    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    restoreState(settings.value(kStateKey).toByteArray());
    // Two fifths for the editor, three for the results, until the user moves the handle (then kept).
    m_splitterStateAtStart = settings.value(kSplitterKey).toByteArray();
    if (!m_centralSplitter->restoreState(m_splitterStateAtStart))
        m_centralSplitter->setSizes({400, 600});
    m_resultPane->setMaximiseAction(m_maximiseResultsAction);
    connect(m_resultPane, &ResultPane::emptyChanged, this, &MainWindow::fitSplitToResults);
    if (settings.value(kGeometryKey).isNull()) resize(1500, 940);
    fitWindowIntoScreen(this);   // a geometry saved on a bigger screen, or the default on a small one

    newProject();
}

MainWindow::~MainWindow() {
    // The document is a child, destroyed after this body: its last signals (the undo stack's clean state)
    // must not reach a window that is already half gone, nor its title through the project files.
    m_document->disconnect(this);
    m_document->disconnect(m_files);
}

void MainWindow::createActions() {
    m_newAction = new QAction(style()->standardIcon(QStyle::SP_FileIcon), tr("&New"), this);
    m_newAction->setShortcut(QKeySequence::New);
    m_newAction->setStatusTip(tr("Start a new project with an empty partition instance"));
    connect(m_newAction, &QAction::triggered, this, [this] {
        if (m_files->maybeSave()) newProject();
    });

    m_openAction = new QAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open an instance (.json) or a project (.hsproj)"));
    connect(m_openAction, &QAction::triggered, m_files, &ProjectFilesController::openWithDialog);

    m_saveAction = new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAction->setStatusTip(tr("Save the project with its instances and runs"));
    connect(m_saveAction, &QAction::triggered, m_files, &ProjectFilesController::save);

    m_saveAsAction = new QAction(tr("Save &As…"), this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, m_files, &ProjectFilesController::saveAs);

    m_importAction = new QAction(tr("&Import Instance…"), this);
    m_importAction->setShortcut(QKeySequence(tr("Ctrl+I")));
    m_importAction->setStatusTip(tr("Add the instances of a file to this project"));
    connect(m_importAction, &QAction::triggered, m_files, &ProjectFilesController::importWithDialog);

    m_maximiseResultsAction = new QAction(tr("&Maximise Results"), this);
    m_maximiseResultsAction->setObjectName(QStringLiteral("maximiseResultsAction"));
    m_maximiseResultsAction->setCheckable(true);
    m_maximiseResultsAction->setShortcut(QKeySequence(tr("Ctrl+Shift+M")));
    m_maximiseResultsAction->setIconText(tr("Maximise"));
    m_maximiseResultsAction->setToolTip(tr("Give the results the whole centre of the window, hiding the editor "
                                           "and the instance list (Ctrl+Shift+M again to bring them back)"));
    connect(m_maximiseResultsAction, &QAction::toggled, this, &MainWindow::setResultsMaximised);

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_undoAction = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redoAction->setShortcut(QKeySequence::Redo);

    // New Instance, New from Template, Import Task Graph (app/instance_commands.h).
    m_instances = new InstanceCommands(m_document, [this] { return currentEntry(); }, this);
    connect(m_instances, &InstanceCommands::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, kStatusTimeoutMs); });
}

void MainWindow::createDocks() {
    m_instanceList = new InstanceListPanel(m_document, this);
    auto* instancesDock = new QDockWidget(tr("Instances"), this);
    instancesDock->setObjectName(QStringLiteral("instancesDock"));
    instancesDock->setWidget(m_instanceList);
    addDockWidget(Qt::LeftDockWidgetArea, instancesDock);

    auto* historyDock = new QDockWidget(tr("Edit History"), this);
    historyDock->setObjectName(QStringLiteral("historyDock"));
    auto* undoView = new QUndoView(m_document->undoStack(), historyDock);
    undoView->setEmptyLabel(tr("<opened>"));
    historyDock->setWidget(undoView);
    addDockWidget(Qt::LeftDockWidgetArea, historyDock);
    historyDock->hide();

    m_solverPanel = new SolverPanel(this);
    auto* solverDock = new QDockWidget(tr("Solver"), this);
    solverDock->setObjectName(QStringLiteral("solverDock"));
    // On a short screen the panel scrolls inside its dock rather than squeeze its notes into fewer lines
    // than their text needs (they wrap to the dock's width).
    solverDock->setWidget(verticalScrollArea(m_solverPanel, QStringLiteral("solverScroll"), solverDock));
    addDockWidget(Qt::RightDockWidgetArea, solverDock);

    m_runTable = new RunTable(m_document, this);
    auto* runsDock = new QDockWidget(tr("Runs"), this);
    runsDock->setObjectName(QStringLiteral("runsDock"));
    runsDock->setWidget(m_runTable);
    addDockWidget(Qt::RightDockWidgetArea, runsDock);
    resizeDocks({instancesDock, solverDock}, {190, 370}, Qt::Horizontal);
    resizeDocks({solverDock, runsDock}, {330, 500}, Qt::Vertical);

    connect(m_instanceList, &InstanceListPanel::currentEntryChanged, this,
            &MainWindow::onCurrentEntryChanged);
    connect(m_instanceList, &InstanceListPanel::newInstanceRequested, m_instances, &InstanceCommands::chooseKind);
    connect(m_instanceList, &InstanceListPanel::importRequested, m_files, &ProjectFilesController::importWithDialog);
    connect(m_runTable, &RunTable::currentRunChanged, this, &MainWindow::onRunSelected);
    // Several selected runs are compared side by side, the first (in the table's order) as the reference.
    connect(m_runTable, &RunTable::runsCompared, this, [this](const QList<int>& runs) {
        const DocumentEntry* entry = m_document->entry(currentEntry());
        if (!entry) return;
        std::vector<ComparedRun> compared;
        for (const int index : runs) {
            if (index < 0 || index >= static_cast<int>(entry->runs.size())) continue;
            const RunRecord& run = entry->runs[static_cast<std::size_t>(index)];
            compared.push_back({QStringLiteral("#%1").arg(index + 1), run.result, run.instanceDigest, run.instance});
        }
        m_resultPane->showComparison(entry->instance, std::move(compared));
        if (m_editor && !runs.isEmpty()) m_editor->showRun(&entry->runs[static_cast<std::size_t>(runs.front())]);
        updateActions();
    });
    connect(m_runTable, &RunTable::removeRunRequested, this,
            [this](int run) { m_document->removeRun(currentEntry(), run); });
    connect(m_runTable, &RunTable::removeRunsRequested, this, [this](const QList<int>& runs) {
        m_document->removeRuns(currentEntry(), std::vector<int>(runs.begin(), runs.end()));
    });
    connect(m_runTable, &RunTable::exportRunRequested, this,
            [this](int run) { m_exports->exportResultWithDialog(run); });
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    QMenu* newInstance = file->addMenu(tr("New &Instance"));
    newInstance->addActions(m_instances->newInstanceActions());
    file->addAction(m_instances->newFromTemplateAction());
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, [this] { m_files->rebuildRecentMenu(m_recentMenu); });
    m_files->addExamplesMenu(file);
    file->addSeparator();
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
    file->addSeparator();
    file->addAction(m_importAction);
    file->addAction(m_instances->importTaskGraphAction());
    QMenu* exportMenu = file->addMenu(tr("E&xport"));
    m_exports->addActionsTo(exportMenu);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    addEditCommands(edit, this);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->addAction(m_maximiseResultsAction);
    m_viewMenu->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) m_viewMenu->addAction(dock->toggleViewAction());

    QMenu* solve = menuBar()->addMenu(tr("&Solve"));
    solve->addAction(m_solve->runAction());
    solve->addAction(m_solve->runAllAction());
    solve->addAction(m_solve->cancelAction());
    solve->addSeparator();
    solve->addAction(m_runSimulation->action());

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    m_tools->addActionsTo(tools);

    addHelpMenu(this, [this](const QString& message) { statusBar()->showMessage(message, kStatusTimeoutMs); });
}

void MainWindow::createToolBar() {
    QToolBar* toolBar = addToolBar(tr("Main"));
    toolBar->setObjectName(QStringLiteral("mainToolBar"));
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->setIconSize(QSize(18, 18));
    toolBar->addAction(m_newAction);
    // The New button's arrow: an instance of each kind, or one from a template, in this project.
    if (auto* newButton = qobject_cast<QToolButton*>(toolBar->widgetForAction(m_newAction))) {
        auto* newMenu = new QMenu(newButton);
        newMenu->addActions(m_instances->newInstanceActions());
        newMenu->addSeparator();
        newMenu->addAction(m_instances->newFromTemplateAction());
        newButton->setMenu(newMenu);
        newButton->setPopupMode(QToolButton::MenuButtonPopup);
    }
    toolBar->addAction(m_openAction);
    toolBar->addAction(m_saveAction);
    toolBar->addSeparator();
    // Fixed labels: "Undo Add cluster C3" as a button would move the buttons after it (the text is a tooltip).
    const auto addFixed = [this, toolBar](QAction* source, const QString& label, const QString& name) {
        QAction* fixed = fixedTextAction(source, label, this);
        fixed->setObjectName(name);
        toolBar->addAction(fixed);
    };
    addFixed(m_undoAction, tr("Undo"), QStringLiteral("toolBarUndo"));
    addFixed(m_redoAction, tr("Redo"), QStringLiteral("toolBarRedo"));
    toolBar->addSeparator();
    toolBar->addAction(m_solve->runAction());
    toolBar->addAction(m_solve->cancelAction());
    toolBar->addAction(m_runSimulation->action());
    toolBar->addSeparator();
    toolBar->addAction(m_exports->chartAction());
    m_viewMenu->addAction(toolBar->toggleViewAction());
}

QStringList MainWindow::exampleFiles() { return ProjectFilesController::exampleFiles(); }

QString MainWindow::defaultExample() {
    return QStringLiteral(":/examples/partition-heterogeneous-node.json");
}

Expected<bool> MainWindow::loadFile(const QString& path) { return m_files->loadFile(path); }
Expected<bool> MainWindow::importFile(const QString& path) { return m_files->importFile(path); }
void MainWindow::openPath(const QString& path) { m_files->openPath(path); }
bool MainWindow::isLoading() const { return m_files->isLoading(); }
void MainWindow::cancelLoading() { m_files->cancelLoading(); }
Expected<ExternalFileKind> MainWindow::fileKind(const QString& path) { return ProjectFilesController::fileKind(path); }
Expected<bool> MainWindow::saveProject(const QString& path) { return m_files->saveProject(path); }
void MainWindow::newProject() { m_files->newProject(); }
bool MainWindow::offerRecovery(const std::function<int(RecoveryDialog&)>& run) { return m_files->offerRecovery(run); }
Expected<bool> MainWindow::restoreRecovery(const QString& recoveryFile) { return m_files->restoreRecovery(recoveryFile); }
EntryId MainWindow::addSimGridSteadyState(const QString& path) { return m_files->addSimGridSteadyState(path); }
EntryId MainWindow::importFamilyData(const QString& path, const FileFormat* format,
                                     const std::function<int(FamilyImportDialog&)>& run) {
    return m_files->importFamilyData(path, format, run);
}
void MainWindow::setFamilyImportRunner(std::function<int(FamilyImportDialog&)> run) { m_files->setFamilyImportRunner(std::move(run)); }
QString MainWindow::openFileFilters() { return ProjectFilesController::openFileFilters(); }
QString MainWindow::importFileFilters() { return ProjectFilesController::importFileFilters(); }

Expected<bool> MainWindow::exportChart(const QString& path, int width, int height) { return m_exports->exportChart(path, width, height); }
Expected<bool> MainWindow::exportResult(const QString& path, int runIndex) { return m_exports->exportResult(path, runIndex); }
Expected<bool> MainWindow::exportInstance(const QString& path) { return m_exports->exportInstance(path); }
ScheduleExportController* MainWindow::scheduleExport() const { return m_exports ? m_exports->scheduleExport() : nullptr; }

EntryId MainWindow::currentEntry() const {
    return m_instanceList ? m_instanceList->currentEntry() : 0;
}

void MainWindow::runSolver(const QString& solver, const SolverOptions& options) { m_solve->runSolver(solver, options); }
void MainWindow::runAllSolvers() { m_solve->runAllSolvers(); }

void MainWindow::fitSplitToResults(bool empty) {
    if (empty) {
        // The shares the user had with a run (read only from a splitter laid out: before the window is shown its
        // sizes are not yet those set).
        const QList<int> sizes = m_centralSplitter->sizes();
        if (m_centralSplitter->isVisible() && sizes.value(0) > 0 && sizes.value(1) > m_resultPane->minimumSizeHint().height())
            m_sizesWithResults = sizes;
        // The pane keeps its header and message, no more, whatever lays the splitter out (the window shown,
        // resized): the editor takes the rest.
        m_resultPane->setMaximumHeight(m_resultPane->minimumSizeHint().height());
        return;
    }
    m_resultPane->setMaximumHeight(QWIDGETSIZE_MAX);
    giveResultsTheirShare();
}

void MainWindow::giveResultsTheirShare() {
    const QList<int> sizes = m_centralSplitter->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    if (m_sizesWithResults.size() == 2 && total > 0) {
        // The same shares of the height there is now.
        const double whole = std::max(1, m_sizesWithResults[0] + m_sizesWithResults[1]);
        const int editor = static_cast<int>(std::lround(total * m_sizesWithResults[0] / whole));
        m_centralSplitter->setSizes({editor, total - editor});
    } else if (!m_centralSplitter->restoreState(m_splitterStateAtStart)) {
        m_centralSplitter->setSizes({400, 600});   // the default: two fifths for the editor, three for the results
    }
}

void MainWindow::setResultsMaximised(bool maximised) {
    // The editor and the instance list step aside; the solver and the runs stay (a run is picked there).
    QDockWidget* instances = m_instanceList ? qobject_cast<QDockWidget*>(m_instanceList->parentWidget()) : nullptr;
    if (maximised) {
        m_instancesVisibleBeforeMaximise = instances && instances->isVisible();
        m_editorHost->hide();
        if (instances) instances->hide();
    } else {
        m_editorHost->show();
        if (instances && m_instancesVisibleBeforeMaximise) instances->show();
    }
}

void MainWindow::onCurrentEntryChanged(EntryId id) {
    // The solver panel's messages are about the entry they came from: another entry shown, they go.
    if (id != m_panelEntry) m_solverPanel->clearMessage();
    m_panelEntry = id;
    const DocumentEntry* entry = m_document->entry(id);
    if (!entry) {
        m_editorHost->setCurrentWidget(m_editorPlaceholder);
        m_solverPanel->showInstance(nullptr);
        m_runTable->setEntry(0);
        m_resultPane->showNothing(nullptr, tr("No instance selected"));
    } else {
        m_editor = m_editors->editorFor(*entry);
        m_editorHost->setCurrentWidget(m_editor ? static_cast<QWidget*>(m_editor) : m_editorPlaceholder);
        m_solverPanel->showInstance(&entry->instance);
        m_runTable->setEntry(id);
        if (entry->runs.empty()) onRunSelected(-1);
    }
    updateInstanceStatus();
    updateActions();
}

// A new editor's messages go to the status bar; its own plots ask for their export from their context menus
// (ui/families/ui_families.cpp).
void MainWindow::prepareEditor(InstanceEditor& editor) {
    connect(&editor, &InstanceEditor::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, kStatusTimeoutMs); });
    for (const UiFamily& family : uiFamilies()) {
        for (const EditorPlot& plot : family.editorPlots) {
            if (!plot.plot(&editor)) continue;
            switch (plot.kind) {
                case EditorPlotKind::CostPlot:
                    plot.onExportRequested(&editor, m_exports, [this] { m_exports->exportCostPlotWithDialog(); });
                    break;
                case EditorPlotKind::ScenarioTimeline:
                    plot.onExportRequested(&editor, m_exports->timelineAction(), [this] { m_exports->timelineAction()->trigger(); });
                    break;
                case EditorPlotKind::ThroughputPlot:
                    plot.onExportRequested(&editor, m_exports->throughputAction(),
                                           [this] { m_exports->throughputAction()->trigger(); });
                    break;
            }
        }
    }
}

void MainWindow::dropEditors(bool all) {
    if (m_editors->drop(all, m_editor)) {
        m_editor = nullptr;
        m_editorHost->setCurrentWidget(m_editorPlaceholder);
    }
}

void MainWindow::onRunSelected(int runIndex) {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    if (!entry) return;
    if (runIndex < 0 || runIndex >= static_cast<int>(entry->runs.size())) {
        m_resultPane->showNothing(&entry->instance, entry->runs.empty()
                                                        ? tr("Run a solver to see its schedule")
                                                        : tr("Select a run to see its schedule"));
        if (m_editor) m_editor->showRun(nullptr);
    } else {
        const RunRecord& run = entry->runs[static_cast<std::size_t>(runIndex)];
        m_resultPane->setRecordedMakespan(recordedMakespan(entry->id));
        if (run.result && run.simulation) {
            // A simulated run is shown as after its simulation: planned beside simulated (also once reopened).
            m_runSimulation->showSimulation(entry->id, runIndex);
            m_resultPane->setShownRunCurrent(m_document->isRunCurrent(*entry, run));
        } else {
            // A run draws against the instance it was computed on, whatever was edited or undone since.
            m_resultPane->showRun(run.instance ? *run.instance : entry->instance, run, m_document->isRunCurrent(*entry, run));
        }
        if (m_editor) m_editor->showRun(&run);
    }
    updateActions();
}

void MainWindow::updateActions() {
    m_solve->updateActions();
    m_resultPane->rerunButton()->setEnabled(m_solve->canRun());
    if (m_exports) m_exports->updateActions();
}

void MainWindow::updateInstanceStatus() {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    m_instanceStatus->setText(
        entry ? QStringLiteral("%1 — %2").arg(entry->name, describeInstance(entry->instance)) : QString());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    // Saved or discarded on purpose: the autosave of this session is not needed any more.
    m_autosave->discardRecovery();
    cancelLoading();
    m_solveController->cancel();
    m_tools->cancelAll();
    QSettings settings;
    if (m_maximiseResultsAction->isChecked()) m_maximiseResultsAction->setChecked(false);   // save the usual layout
    settings.setValue(kGeometryKey, saveGeometry());
    if (m_resultPane->isEmpty()) {   // the shares with a run are saved
        m_resultPane->setMaximumHeight(QWIDGETSIZE_MAX);
        giveResultsTheirShare();
    }
    settings.setValue(kSplitterKey, m_centralSplitter->saveState());
    settings.setValue(kStateKey, saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile()) return;
    event->acceptProposedAction();
    openPath(urls.front().toLocalFile());
}

EntryId MainWindow::addNewInstance(const QString& kind) { return m_instances->addNewInstance(kind); }
EntryId MainWindow::newFromTemplate(const std::function<int(TemplateDialog&)>& run) { return m_instances->newFromTemplate(run); }

void MainWindow::rerun(int runIndex) { m_solve->rerun(runIndex < 0 ? m_runTable->currentRun() : runIndex); }

CpuGpuExperimentDialog* MainWindow::cpuGpuExperimentDialog() { return m_tools->cpuGpuExperimentDialog(); }
DagEvaluationDialog* MainWindow::dagEvaluationDialog() { return m_tools->dagEvaluationDialog(); }
DivisibleSimulationDialog* MainWindow::divisibleSimulationDialog() { return m_tools->divisibleSimulationDialog(); }

TaskGraphImportDialog* MainWindow::createTaskGraphImportDialog() { return m_instances->createTaskGraphImportDialog(); }
EntryId MainWindow::addImportedTaskGraph(const TaskGraphImportDialog& dialog) { return m_instances->addImportedTaskGraph(dialog); }

std::optional<double> MainWindow::recordedMakespan(EntryId id) const {
    const DocumentEntry* entry = m_document->entry(id);
    return entry ? entry->recordedMakespan : std::nullopt;
}

void MainWindow::showError(const QString& what, const QString& message) {
    statusBar()->showMessage(tr("%1: %2").arg(what, message), kStatusTimeoutMs);
    QMessageBox box(QMessageBox::Warning, what, what, QMessageBox::Ok, this);
    box.setInformativeText(message);
    box.exec();
}

}  // namespace hetsched::ui
