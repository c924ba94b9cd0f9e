#include "app/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QCursor>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QUndoView>
#include <QTextBrowser>
#include <QUrl>
#include <QEventLoop>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>

#include "experiments/benchmark_dialog.h"
#include "experiments/cpugpu_experiment_dialog.h"
#include "experiments/dag_evaluation_dialog.h"
#include "dialogs/family_import_dialog.h"
#include "dialogs/task_graph_import_dialog.h"
#include "experiments/divisible_simulation_dialog.h"
#include "document/autosave.h"
#include "document/instance_list_model.h"
#include "editors/instance_editor.h"
#include "families/ui_family.h"
#include "panels/instance_list_panel.h"
#include "io/dag_import.h"
#include "io/instance_io.h"
#include "io/simgrid_platform.h"
#include "io/project.h"
#include "dialogs/recovery_dialog.h"
#include "panels/result_pane.h"
#include "app/run_simulation.h"
#include "app/schedule_export.h"
#include "panels/run_table.h"
#include "app/solve_controller.h"
#include "dialogs/about_dialog.h"
#include "dialogs/help_dialog.h"
#include "dialogs/papers.h"
#include "panels/solver_panel.h"
#include "dialogs/template_dialog.h"
#include "util/background_job.h"
#include "util/window_fit.h"
#include "app/edit_commands.h"
#include "util/number_text.h"
#include "util/resources.h"
#include "dialogs/chart_export_dialog.h"
#include "views/common/chart_export.h"
#include "views/partition/cost_function_plot.h"
#include "views/divisible/divisible_throughput_plot.h"
#include "views/divisible/divisible_timeline_view.h"
#include "views/common/result_chart.h"

namespace hetsched::ui {

namespace {

constexpr int kMaxRecentFiles = 10;
constexpr int kStatusTimeoutMs = 6000;
const QString kRecentFilesKey = QStringLiteral("recentFiles");
const QString kLastDirectoryKey = QStringLiteral("lastDirectory");
const QString kLastExportDirectoryKey = QStringLiteral("lastExportDirectory");
const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kSplitterKey = QStringLiteral("mainWindow/centralSplitter");
const QString kProjectSuffix = QStringLiteral("hsproj");

bool isProjectPath(const QString& path) {
    return QFileInfo(path).suffix().compare(kProjectSuffix, Qt::CaseInsensitive) == 0;
}
bool isResourcePath(const QString& path) {
    return path.startsWith(QLatin1Char(':'));
}

Error withFileName(const QString& path, const Error& error) {
    return Error{error.kind, QFileInfo(path).fileName().toStdString() + ": " + error.message};
}

// Reads an instance or a project file (or resource) into a project, without touching any document: on any
// thread (File > Open reads on a pool thread). Stopped between its steps: a Cancelled error.
Expected<Project> readProjectOrInstance(const QString& path, const Progress& progress = {}) {
    progress.report(0, QObject::tr("reading the file").toStdString());
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ioError(QObject::tr("cannot open %1: %2").arg(path, file.errorString()).toStdString());
    const QByteArray bytes = file.readAll();
    if (progress.stopRequested()) return cancelledError();
    progress.report(0.1, QObject::tr("reading and checking the instances").toStdString());
    const std::string_view text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    if (isProjectPath(path)) {
        Expected<Project> project = parseProject(text);
        if (!project) return withFileName(path, project.error());
        return project;
    }
    Expected<Instance> instance = parseInstance(text);
    if (!instance) return withFileName(path, instance.error());
    Project project;
    project.entries.push_back({QFileInfo(path).completeBaseName().toStdString(), std::move(*instance), {}});
    return project;
}

// The entries of a file as the document keeps them (see ProjectDocument::prepareEntries), on any thread.
Expected<std::vector<DocumentEntry>> readEntries(const QString& path, const Progress& progress = {}) {
    Expected<Project> project = readProjectOrInstance(path, progress.scaled(0, 0.7));
    if (!project) return project.error();
    if (project->entries.empty())
        return invalidInput(QFileInfo(path).fileName().toStdString() + ": the project holds no instance");
    if (progress.stopRequested()) return cancelledError();
    std::vector<DocumentEntry> entries =
        ProjectDocument::prepareEntries(std::move(*project), progress.scaled(0.7, 1.0));
    if (progress.stopRequested()) return cancelledError();
    return entries;
}

QString errorText(const Error& error) {
    return QString::fromStdString(error.message);
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_document(new ProjectDocument(this)),
      m_autosave(new AutosaveManager(m_document, this)),
      m_solveController(new SolveController(this)) {
    ensureResourcesLoaded();
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
    m_runSimulation = new RunSimulationController(m_document, m_runTable, m_resultPane, this);
    connect(m_runSimulation, &RunSimulationController::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, kStatusTimeoutMs); });
    connect(m_runSimulation, &RunSimulationController::failed, this,
            [this](const QString& message) { showError(tr("Cannot simulate on SimGrid"), message); });
    createMenus();
    createToolBar();
    connectSolver();

    m_instanceStatus = new QLabel(this);
    statusBar()->addPermanentWidget(m_instanceStatus);

    // Reading a file opened with openPath: where it is, and a way out that leaves the project as it is.
    m_loadJob = new BackgroundJob(this);
    m_loadStatus = new QWidget(this);
    m_loadStatus->setObjectName(QStringLiteral("loadStatus"));
    auto* loadLayout = new QHBoxLayout(m_loadStatus);
    loadLayout->setContentsMargins(0, 0, 0, 0);
    m_loadLabel = new QLabel(m_loadStatus);
    m_loadBar = new QProgressBar(m_loadStatus);
    m_loadBar->setRange(0, 100);
    m_loadBar->setMaximumWidth(160);
    m_loadBar->setMaximumHeight(16);
    auto* cancelLoad = new QToolButton(m_loadStatus);
    cancelLoad->setObjectName(QStringLiteral("cancelLoadButton"));
    cancelLoad->setText(tr("Cancel"));
    cancelLoad->setToolTip(tr("Stop opening the file: the open project stays as it is"));
    loadLayout->addWidget(m_loadLabel);
    loadLayout->addWidget(m_loadBar);
    loadLayout->addWidget(cancelLoad);
    statusBar()->addPermanentWidget(m_loadStatus);
    m_loadStatus->hide();
    connect(cancelLoad, &QToolButton::clicked, this, &MainWindow::cancelLoading);
    connect(m_loadJob, &BackgroundJob::progressed, this, &MainWindow::showLoadProgress);
    connect(m_loadJob, &BackgroundJob::cancelled, this, [this] {
        const QString path = m_loadingPath;
        endLoading();
        statusBar()->showMessage(tr("Opening %1 was cancelled").arg(QFileInfo(path).fileName()), kStatusTimeoutMs);
        emit loadFinished(path, false);
    });
    connect(m_loadJob, &BackgroundJob::finished, this, [this](const QString& error) {
        if (error.isEmpty()) return;  // the delivery said it
        const QString path = m_loadingPath;
        endLoading();
        showError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
        emit loadFinished(path, false);
    });

    connect(m_document, &ProjectDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ProjectDocument::filePathChanged, this, &MainWindow::updateTitle);
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
    connect(m_resultPane, &ResultPane::exportRequested, this, &MainWindow::exportChartWithDialog);
    connect(m_resultPane, &ResultPane::rerunRequested, this, [this] { rerun(); });
    connect(m_autosave, &AutosaveManager::autosaveFailed, this, [this](const QString& message) {
        statusBar()->showMessage(message, kStatusTimeoutMs);
    });

    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    restoreState(settings.value(kStateKey).toByteArray());
    // Two fifths for the editor, three for the results, until the user moves the handle (then kept).
    if (!m_centralSplitter->restoreState(settings.value(kSplitterKey).toByteArray()))
        m_centralSplitter->setSizes({400, 600});
    m_resultPane->setMaximiseAction(m_maximiseResultsAction);
    if (settings.value(kGeometryKey).isNull()) resize(1500, 940);
    fitWindowIntoScreen(this);   // a geometry saved on a bigger screen, or the default on a small one

    newProject();
}

MainWindow::~MainWindow() {
    // The document is a child, destroyed after this body: its last signals (the undo stack's clean state)
    // must not reach a window that is already half gone.
    m_document->disconnect(this);
}

void MainWindow::createActions() {
    m_newAction = new QAction(style()->standardIcon(QStyle::SP_FileIcon), tr("&New"), this);
    m_newAction->setShortcut(QKeySequence::New);
    m_newAction->setStatusTip(tr("Start a new project with an empty partition instance"));
    connect(m_newAction, &QAction::triggered, this, [this] {
        if (maybeSave()) newProject();
    });

    m_openAction = new QAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open an instance (.json) or a project (.hsproj)"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openWithDialog);

    m_saveAction = new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAction->setStatusTip(tr("Save the project with its instances and runs"));
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);

    m_saveAsAction = new QAction(tr("Save &As…"), this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);

    m_importAction = new QAction(tr("&Import Instance…"), this);
    m_importAction->setShortcut(QKeySequence(tr("Ctrl+I")));
    m_importAction->setStatusTip(tr("Add the instances of a file to this project"));
    connect(m_importAction, &QAction::triggered, this, &MainWindow::importWithDialog);

    m_exportChartAction = new QAction(tr("Export &Chart…"), this);
    m_exportChartAction->setObjectName(QStringLiteral("exportChartAction"));
    m_exportChartAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    m_exportChartAction->setStatusTip(tr("Save the chart of the selected run as PNG, PDF or SVG"));
    connect(m_exportChartAction, &QAction::triggered, this, &MainWindow::exportChartWithDialog);

    m_maximiseResultsAction = new QAction(tr("&Maximise Results"), this);
    m_maximiseResultsAction->setObjectName(QStringLiteral("maximiseResultsAction"));
    m_maximiseResultsAction->setCheckable(true);
    m_maximiseResultsAction->setShortcut(QKeySequence(tr("Ctrl+Shift+M")));
    m_maximiseResultsAction->setIconText(tr("Maximise"));
    m_maximiseResultsAction->setToolTip(tr("Give the results the whole centre of the window, hiding the editor "
                                           "and the instance list (Ctrl+Shift+M again to bring them back)"));
    connect(m_maximiseResultsAction, &QAction::toggled, this, &MainWindow::setResultsMaximised);

    m_exportResultAction = new QAction(tr("Export &Result…"), this);
    m_exportResultAction->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    m_exportResultAction->setStatusTip(
        tr("Save the selected run as JSON (as the CLI prints it) or CSV (its intervals)"));
    connect(m_exportResultAction, &QAction::triggered, this, [this] { exportResultWithDialog(); });

    m_exportInstanceAction = new QAction(tr("Export &Instance…"), this);
    m_exportInstanceAction->setStatusTip(
        tr("Save the current instance as an instance file for the command line"));
    connect(m_exportInstanceAction, &QAction::triggered, this, &MainWindow::exportInstanceWithDialog);

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_undoAction = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redoAction->setShortcut(QKeySequence::Redo);

    m_runAction = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Run Solver"), this);
    m_runAction->setShortcut(QKeySequence(tr("Ctrl+R")));
    m_runAction->setStatusTip(tr("Run the selected solver on the current instance"));
    m_runAllAction = new QAction(tr("Run &All Solvers"), this);
    m_runAllAction->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
    m_cancelAction = new QAction(style()->standardIcon(QStyle::SP_MediaStop), tr("&Cancel Solve"), this);
    m_cancelAction->setShortcut(QKeySequence(tr("Ctrl+.")));
    m_cancelAction->setEnabled(false);

    // File > New Instance: one action per family, as the GUI's family table lists them.
    for (const UiFamily& family : uiFamilies()) {
        auto* action = new QAction(family.newInstanceText, this);
        action->setStatusTip(family.newInstanceTip);
        const QString kind = QString::fromStdString(family.kind);
        connect(action, &QAction::triggered, this, [this, kind] { addNewInstance(kind); });
        m_newInstanceActions.append(action);
    }
    m_newFromTemplateAction = new QAction(tr("New from &Template…"), this);
    m_newFromTemplateAction->setShortcut(QKeySequence(tr("Ctrl+Shift+N")));
    m_newFromTemplateAction->setStatusTip(
        tr("Generate an instance from a template (star, CPU+GPU node, random graph, grid, tree, DAG)"));
    connect(m_newFromTemplateAction, &QAction::triggered, this, [this] { newFromTemplate(); });

    m_cpuGpuExperimentAction = new QAction(tr("&CPU/GPU Experiment…"), this);
    m_cpuGpuExperimentAction->setStatusTip(
        tr("The paper's experiment: every CPU/GPU solver against the lower bound on random instances"));
    connect(m_cpuGpuExperimentAction, &QAction::triggered, this, [this] {
        CpuGpuExperimentDialog* dialog = cpuGpuExperimentDialog();
        dialog->show();
        dialog->raise();
    });
    m_dagEvaluationAction = new QAction(tr("&Task Graph Evaluation…"), this);
    m_dagEvaluationAction->setStatusTip(
        tr("The evaluation of N'Takpé and Suter 2006: every dag solver on random task graphs and clusters of clusters"));
    connect(m_dagEvaluationAction, &QAction::triggered, this, [this] {
        DagEvaluationDialog* dialog = dagEvaluationDialog();
        dialog->show();
        dialog->raise();
    });
    m_importTaskGraphAction = new QAction(tr("Import &Task Graph…"), this);
    m_importTaskGraphAction->setStatusTip(
        tr("Add a task graph (DOT, WfFormat, Pegasus DAX, STG, daggen) on a SimGrid, current or random platform as a "
           "dag instance"));
    connect(m_importTaskGraphAction, &QAction::triggered, this, [this] {
        TaskGraphImportDialog* dialog = createTaskGraphImportDialog();
        if (dialog->exec() == QDialog::Accepted) addImportedTaskGraph(*dialog);
        dialog->deleteLater();
    });
    m_simulationAction = new QAction(tr("&Divisible-Load Simulation…"), this);
    m_simulationAction->setStatusTip(
        tr("The simulation of the divisible-load slides: the strategies against the optimal FIFO schedule"));
    connect(m_simulationAction, &QAction::triggered, this, [this] {
        DivisibleSimulationDialog* dialog = divisibleSimulationDialog();
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });

    m_exportCostPlotAction = new QAction(tr("Cost &Plot…"), this);
    connect(m_exportCostPlotAction, &QAction::triggered, this, &MainWindow::exportCostPlotWithDialog);
    m_exportTimelineAction = new QAction(tr("Scenario &Timeline…"), this);
    m_exportTimelineAction->setStatusTip(
        tr("Save the divisible-load editor's scenario timeline as PNG, PDF or SVG"));
    connect(m_exportTimelineAction, &QAction::triggered, this, [this] {
        if (QCustomPlot* plot = editorPlot(m_editor.data(), EditorPlotKind::ScenarioTimeline))
            exportEditorPlotWithDialog(plot, QStringLiteral("-timeline"), tr("Export Scenario Timeline"));
    });
    m_exportThroughputAction = new QAction(tr("Throughput vs &Workers Plot…"), this);
    connect(m_exportThroughputAction, &QAction::triggered, this, [this] {
        if (QCustomPlot* plot = editorPlot(m_editor.data(), EditorPlotKind::ThroughputPlot))
            exportEditorPlotWithDialog(plot, QStringLiteral("-throughput"), tr("Export Throughput Plot"));
    });
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
    solverDock->setWidget(m_solverPanel);
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
    connect(m_instanceList, &InstanceListPanel::newInstanceRequested, this,
            &MainWindow::chooseNewInstanceKind);
    connect(m_instanceList, &InstanceListPanel::importRequested, this, &MainWindow::importWithDialog);
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
            [this](int run) { exportResultWithDialog(run); });
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    QMenu* newInstance = file->addMenu(tr("New &Instance"));
    newInstance->addActions(m_newInstanceActions);
    file->addAction(m_newFromTemplateAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    m_examplesMenu = file->addMenu(tr("&Examples"));
    m_examplesMenu->setObjectName(QStringLiteral("examplesMenu"));
    m_examplesMenu->setToolTipsVisible(true);
    // Several examples in one project: each added as an entry (one undoable step), beside opening one.
    QMenu* addExample = m_examplesMenu->addMenu(tr("&Add to Project"));
    addExample->setObjectName(QStringLiteral("addExampleMenu"));
    m_examplesMenu->addSeparator();
    for (const QString& example : exampleFiles()) {
        const QString name = QFileInfo(example).completeBaseName();
        QAction* open = m_examplesMenu->addAction(name);
        open->setToolTip(tr("Open %1 as the project").arg(name));
        connect(open, &QAction::triggered, this, [this, example] { openPath(example); });
        QAction* add = addExample->addAction(name);
        add->setToolTip(tr("Add %1 to the open project").arg(name));
        connect(add, &QAction::triggered, this, [this, example] {
            Expected<bool> imported = importFile(example);
            if (!imported)
                showError(tr("Cannot add %1").arg(QFileInfo(example).fileName()), errorText(imported.error()));
        });
    }
    file->addSeparator();
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
    file->addSeparator();
    file->addAction(m_importAction);
    file->addAction(m_importTaskGraphAction);
    // File > Export > Schedule: the selected runs (else the current one) in the trace and table formats.
    m_scheduleExport = new ScheduleExportController(
        this,
        [this] {
            std::vector<const RunRecord*> runs;
            const DocumentEntry* entry = m_document->entry(currentEntry());
            if (!entry || !m_runTable) return runs;
            QList<int> indices = m_runTable->selectedRuns();
            if (indices.isEmpty() && m_runTable->currentRun() >= 0) indices = {m_runTable->currentRun()};
            for (int index : indices)
                if (index >= 0 && index < static_cast<int>(entry->runs.size()))
                    runs.push_back(&entry->runs[static_cast<std::size_t>(index)]);
            return runs;
        },
        [this] {
            const DocumentEntry* entry = m_document->entry(currentEntry());
            const int run = m_runTable ? m_runTable->currentRun() : -1;
            if (!entry || run < 0 || run >= static_cast<int>(entry->runs.size())) return QStringLiteral("schedule");
            return defaultChartFileName(entry->name, entry->runs[static_cast<std::size_t>(run)].solver(), QString())
                .chopped(1);
        });
    QMenu* exportMenu = file->addMenu(tr("E&xport"));
    exportMenu->addAction(m_exportChartAction);
    exportMenu->addAction(m_scheduleExport->action());
    exportMenu->addAction(m_exportCostPlotAction);
    exportMenu->addAction(m_exportTimelineAction);
    exportMenu->addAction(m_exportThroughputAction);
    exportMenu->addAction(m_exportResultAction);
    exportMenu->addAction(m_exportInstanceAction);
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
    solve->addAction(m_runAction);
    solve->addAction(m_runAllAction);
    solve->addAction(m_cancelAction);
    solve->addSeparator();
    solve->addAction(m_runSimulation->action());

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(m_simulationAction);
    tools->addAction(m_cpuGpuExperimentAction);
    tools->addAction(m_dagEvaluationAction);
    // Tools > Benchmark (issue 28): every chosen solver on the user's own instances; one dialog, made on first use.
    QAction* benchmark = tools->addAction(tr("&Benchmark…"), this, [this] {
        auto* dialog = findChild<BenchmarkDialog*>();
        if (!dialog) dialog = new BenchmarkDialog(this);
        dialog->show();
        dialog->raise();
    });
    benchmark->setObjectName(QStringLiteral("benchmarkAction"));
    benchmark->setStatusTip(tr("Every chosen solver on your own instances and task graphs, on your platforms: ratios per solver"));

    // Help: pages made from their one source (the guide in the resources, the solver registry, the actions).
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    QAction* guide = help->addAction(tr("&User Guide"), this, [this] {
        showHelpPage(this, QStringLiteral("userGuideDialog"), tr("HetSched User Guide"),
                     [](HelpDialog& dialog, QWidget&) { dialog.browser()->setSource(QUrl(QString::fromLatin1(kUserGuideUrl))); });
    });
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setShortcut(QKeySequence::HelpContents);
    QAction* algorithms = help->addAction(tr("&Algorithms"), this, [this] {
        showHelpPage(this, QStringLiteral("algorithmsDialog"), tr("Algorithms"),
                     [](HelpDialog& dialog, QWidget&) { dialog.browser()->setHtml(algorithmsHtml()); });
    });
    algorithms->setObjectName(QStringLiteral("algorithmsAction"));
    algorithms->setStatusTip(tr("Every solver: what it does, its guarantee, complexity, paper and options"));
    QAction* shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this, [this] {
        showHelpPage(this, QStringLiteral("shortcutsDialog"), tr("Keyboard Shortcuts"), [](HelpDialog& dialog, QWidget& owner) {
            dialog.browser()->setHtml(keyboardShortcutsHtml(static_cast<QMainWindow&>(owner).menuBar(), &owner));
        });
    });
    shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    help->addSeparator();
    QAction* cite = help->addAction(tr("&Cite the Papers"), this, [this] {
        copyPapersBibtex();
        statusBar()->showMessage(tr("The BibTeX of the %n papers HetSched implements is on the clipboard", nullptr,
                                    static_cast<int>(implementedPapers().size())),
                                 kStatusTimeoutMs);
    });
    cite->setObjectName(QStringLiteral("citeAction"));
    cite->setStatusTip(tr("Copy the BibTeX of the five papers whose algorithms HetSched implements"));
    help->addSeparator();
    QAction* about = help->addAction(tr("&About HetSched"), this, &MainWindow::about);
    about->setObjectName(QStringLiteral("aboutAction"));
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
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
        newMenu->addActions(m_newInstanceActions);
        newMenu->addSeparator();
        newMenu->addAction(m_newFromTemplateAction);
        newButton->setMenu(newMenu);
        newButton->setPopupMode(QToolButton::MenuButtonPopup);
    }
    toolBar->addAction(m_openAction);
    toolBar->addAction(m_saveAction);
    toolBar->addSeparator();
    toolBar->addAction(m_undoAction);
    toolBar->addAction(m_redoAction);
    toolBar->addSeparator();
    toolBar->addAction(m_runAction);
    toolBar->addAction(m_cancelAction);
    toolBar->addAction(m_runSimulation->action());
    toolBar->addSeparator();
    toolBar->addAction(m_exportChartAction);
    m_viewMenu->addAction(toolBar->toggleViewAction());
}

void MainWindow::connectSolver() {
    connect(m_runAction, &QAction::triggered, this, [this] {
        runSolver(m_solverPanel->currentSolver(), m_solverPanel->optionsFor(m_solverPanel->currentSolver()));
    });
    connect(m_runAllAction, &QAction::triggered, this, &MainWindow::runAllSolvers);
    connect(m_cancelAction, &QAction::triggered, m_solveController, &SolveController::cancel);
    connect(m_solverPanel, &SolverPanel::runRequested, this, &MainWindow::runSolver);
    connect(m_solverPanel, &SolverPanel::runAllRequested, this, &MainWindow::runAllSolvers);
    connect(m_solverPanel, &SolverPanel::cancelRequested, m_solveController, &SolveController::cancel);

    connect(m_solveController, &SolveController::started, this, [this](const QString& solver, int queued) {
        m_solverPanel->showStarted(m_runAll.runningText(solver), queued);
        statusBar()->showMessage(tr("Running %1…").arg(solver));
        updateActions();
    });
    connect(m_solveController, &SolveController::progressed, m_solverPanel, &SolverPanel::showProgress);
    connect(m_solveController, &SolveController::succeeded, this, &MainWindow::onRunSucceeded);
    connect(m_solveController, &SolveController::failed, this, &MainWindow::onRunFailed);
    connect(m_solveController, &SolveController::idle, this, [this] {
        m_solverPanel->showIdle();
        if (const QString refusals = m_runAll.takeSummary(); !refusals.isEmpty()) m_solverPanel->showNote(refusals);
        updateActions();
    });
}

QStringList MainWindow::exampleFiles() {
    ensureResourcesLoaded();
    QStringList files;
    const QDir examples(QStringLiteral(":/examples"));
    for (const QString& name : examples.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        files << examples.filePath(name);
    return files;
}

QString MainWindow::defaultExample() {
    return QStringLiteral(":/examples/partition-heterogeneous-node.json");
}

EntryId MainWindow::currentEntry() const {
    return m_instanceList ? m_instanceList->currentEntry() : 0;
}

Expected<bool> MainWindow::loadFile(const QString& path) {
    cancelLoading();
    Expected<std::vector<DocumentEntry>> entries = readEntries(path);
    if (!entries) return entries.error();
    showLoaded(path, std::move(*entries));
    return true;
}

void MainWindow::showLoaded(const QString& path, std::vector<DocumentEntry> entries) {
    const bool isProject = isProjectPath(path);
    const QFileInfo info(path);
    // Only a project is saved back where it came from; an instance file becomes a new project beside it.
    m_document->reset(std::move(entries), isProject ? info.absoluteFilePath() : QString());
    m_displayName = isResourcePath(path) ? tr("%1 (example)").arg(info.completeBaseName()) : info.fileName();
    m_suggestedPath =
        isResourcePath(path) ? QString()
        : isProject
            ? info.absoluteFilePath()
            : info.absoluteDir().filePath(info.completeBaseName() + QLatin1Char('.') + kProjectSuffix);
    if (!isResourcePath(path)) addRecentFile(info.absoluteFilePath());
    updateTitle();
    statusBar()->showMessage(tr("Opened %1").arg(m_displayName), kStatusTimeoutMs);
}

bool MainWindow::isLoading() const {
    return m_loadJob->isRunning();
}

void MainWindow::cancelLoading() {
    if (!m_loadJob->isRunning()) return;
    m_loadJob->cancel();  // endLoading() follows through cancelled()
}

void MainWindow::startLoading(const QString& path) {
    m_loadingPath = path;
    m_loadRevision = m_document->revision();
    m_loadLabel->setText(tr("Opening %1…").arg(QFileInfo(path).fileName()));
    m_loadBar->setValue(0);
    m_loadStatus->show();
    m_loadJob->start([this, path](const Progress& progress) -> BackgroundJob::Delivery {
        auto entries = std::make_shared<Expected<std::vector<DocumentEntry>>>(readEntries(path, progress));
        return [this, path, entries] { finishLoading(path, std::move(*entries)); };
    });
}

void MainWindow::showLoadProgress(double fraction, const QString& stage) {
    m_loadBar->setValue(static_cast<int>(std::lround(100 * std::clamp(fraction, 0.0, 1.0))));
    if (!stage.isEmpty()) m_loadLabel->setText(tr("Opening %1: %2…").arg(QFileInfo(m_loadingPath).fileName(), stage));
}

void MainWindow::endLoading() {
    m_loadStatus->hide();
    m_loadingPath.clear();
}

void MainWindow::finishLoading(const QString& path, Expected<std::vector<DocumentEntry>> entries) {
    endLoading();
    const QString name = QFileInfo(path).fileName();
    if (!entries) {
        if (entries.error().kind != ErrorKind::Cancelled) showError(tr("Cannot open %1").arg(name), errorText(entries.error()));
        emit loadFinished(path, false);
        return;
    }
    // Work done on the open project while the file was read is not lost without asking.
    if (m_document->revision() != m_loadRevision && !maybeSave()) {
        statusBar()->showMessage(tr("%1 was not opened").arg(name), kStatusTimeoutMs);
        emit loadFinished(path, false);
        return;
    }
    showLoaded(path, std::move(*entries));
    emit loadFinished(path, true);
}

Expected<bool> MainWindow::importFile(const QString& path) {
    Expected<Project> project = readProjectOrInstance(path);
    if (!project) return project.error();
    m_document->undoStack()->beginMacro(tr("Import %1").arg(QFileInfo(path).fileName()));
    for (ProjectEntry& entry : project->entries) {
        std::vector<RunRecord> runs;
        const std::size_t digest = instanceDigest(entry.instance);
        for (nlohmann::json& run : entry.runs)
            runs.push_back(restoreRunRecord(entry.instance, std::move(run), digest));
        m_document->addEntry(QString::fromStdString(entry.name), std::move(entry.instance), std::move(runs));
    }
    m_document->undoStack()->endMacro();
    statusBar()->showMessage(
        tr("Imported %1 from %2")
            .arg(countOf(static_cast<long long>(project->entries.size()), tr("instance"), tr("instances")),
                 QFileInfo(path).fileName()),
        kStatusTimeoutMs);
    return true;
}

Expected<bool> MainWindow::saveProject(const QString& path) {
    const std::string text = projectFileText(m_document->toProject());
    Expected<bool> written = writeTextFileAtomically(path.toStdString(), text);
    if (!written) return written.error();
    m_document->setFilePath(QFileInfo(path).absoluteFilePath());
    m_document->markSaved();
    m_displayName = QFileInfo(path).fileName();
    m_suggestedPath = QFileInfo(path).absoluteFilePath();
    addRecentFile(QFileInfo(path).absoluteFilePath());
    updateTitle();
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), kStatusTimeoutMs);
    return true;
}

void MainWindow::newProject() {
    Project project;
    project.entries.push_back({tr("untitled").toStdString(), newInstanceOf(*findUiFamily("partition")), {}});
    m_document->reset(std::move(project), QString());
    m_displayName = tr("untitled.%1").arg(kProjectSuffix);
    m_suggestedPath.clear();
    updateTitle();
}

Expected<bool> MainWindow::exportChart(const QString& path, int width, int height) {
    ResultChart* chart = m_resultPane->chart();
    if (!chart) return invalidInput("there is no chart to export");
    QWidget* shown = chart->widget();
    return chart->exportTo(path, width > 0 ? width : std::max(shown->width(), 800),
                           height > 0 ? height : std::max(shown->height(), 450));
}

Expected<bool> MainWindow::exportResult(const QString& path, int runIndex) {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    if (runIndex < 0) runIndex = m_runTable->currentRun();
    if (!entry || runIndex < 0 || runIndex >= static_cast<int>(entry->runs.size()))
        return invalidInput("select a run to export");
    const RunRecord& run = entry->runs[static_cast<std::size_t>(runIndex)];
    const QString suffix = QFileInfo(path).suffix().toLower();
    std::string text;
    if (suffix == QLatin1String("json")) {
        text = run.json.dump(2) + "\n";
    } else if (suffix == QLatin1String("csv")) {
        if (!run.result)
            return invalidInput("this run has no schedule to export: " + run.restoreError.toStdString());
        text = scheduleToCsv(run.result->schedule);
    } else {
        return invalidInput("cannot export a result to \"" + path.toStdString() + "\": use .json or .csv");
    }
    return writeTextFileAtomically(path.toStdString(), text);
}

Expected<bool> MainWindow::exportInstance(const QString& path) {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    if (!entry) return invalidInput("select an instance to export");
    return writeTextFileAtomically(path.toStdString(), instanceToJson(entry->instance).dump(2) + "\n");
}

void MainWindow::runSolver(const QString& solver, const SolverOptions& options) {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    if (!entry || solver.isEmpty()) return;
    m_solverPanel->clearMessage();
    m_solveController->enqueue({entry->id, entry->instance, solver.toStdString(), options});
}

void MainWindow::runAllSolvers() {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    if (!entry) return;
    m_solverPanel->clearMessage();
    for (SolveRequest& request : m_runAll.start(entry->id, entry->instance, m_solverPanel->solverNames(),
                                                [this](const QString& solver) { return m_solverPanel->optionsFor(solver); },
                                                m_solverPanel->currentSolver()))
        m_solveController->enqueue(std::move(request));
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
        m_editor = editorFor(*entry);
        m_editorHost->setCurrentWidget(m_editor ? static_cast<QWidget*>(m_editor) : m_editorPlaceholder);
        m_solverPanel->showInstance(&entry->instance);
        m_runTable->setEntry(id);
        if (entry->runs.empty()) onRunSelected(-1);
    }
    updateInstanceStatus();
    updateActions();
}

InstanceEditor* MainWindow::editorFor(const DocumentEntry& entry) {
    const QString kind = QString::fromStdString(instanceKind(entry.instance));
    const auto cached = std::find_if(m_editors.begin(), m_editors.end(), [&](const CachedEditor& c) {
        return c.entry == entry.id && c.kind == kind && c.editor;
    });
    if (cached != m_editors.end()) {
        // Shown again as it was left: it followed its entry meanwhile, nothing is rebuilt.
        std::rotate(cached, cached + 1, m_editors.end());
        return m_editors.back().editor;
    }
    InstanceEditor* editor = createInstanceEditor(entry.instance, m_document, m_editorHost);
    if (!editor) return nullptr;
    m_editorHost->addWidget(editor);
    connect(editor, &InstanceEditor::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, kStatusTimeoutMs); });
    // The editor's own plots ask for their export from their context menus (ui/families/ui_families.cpp).
    for (const UiFamily& family : uiFamilies()) {
        for (const EditorPlot& plot : family.editorPlots) {
            if (!plot.plot(editor)) continue;
            switch (plot.kind) {
                case EditorPlotKind::CostPlot:
                    plot.onExportRequested(editor, this, [this] { exportCostPlotWithDialog(); });
                    break;
                case EditorPlotKind::ScenarioTimeline:
                    plot.onExportRequested(editor, m_exportTimelineAction, [this] { m_exportTimelineAction->trigger(); });
                    break;
                case EditorPlotKind::ThroughputPlot:
                    plot.onExportRequested(editor, m_exportThroughputAction,
                                           [this] { m_exportThroughputAction->trigger(); });
                    break;
            }
        }
    }
    editor->setEntry(entry.id);
    m_editors.push_back({entry.id, kind, editor});
    // The least recently shown go beyond the few kept.
    while (m_editors.size() > kCachedEditors) {
        delete m_editors.front().editor;
        m_editors.erase(m_editors.begin());
    }
    return editor;
}

void MainWindow::dropEditors(bool all) {
    for (auto it = m_editors.begin(); it != m_editors.end();) {
        if (all || !it->editor || !m_document->entry(it->entry)) {
            if (it->editor == m_editor) {
                m_editor = nullptr;
                m_editorHost->setCurrentWidget(m_editorPlaceholder);
            }
            // A removal may come from a signal its own editor is in: that one goes when control is back.
            if (all) delete it->editor;
            else if (it->editor) it->editor->deleteLater();
            it = m_editors.erase(it);
        } else {
            ++it;
        }
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
        // A run draws against the instance it was computed on, whatever was edited or undone since.
        m_resultPane->showRun(run.instance ? *run.instance : entry->instance, run, m_document->isRunCurrent(*entry, run));
        if (m_editor) m_editor->showRun(&run);
    }
    updateActions();
}

void MainWindow::onRunSucceeded(EntryId id, const RunRecord& run) {
    m_runAll.finished(id, run.solver());
    QString summary = tr("%1: %2").arg(run.solver(), run.statusText());
    if (run.objective()) summary += tr(", %1 = %2").arg(run.objectiveName(), run.objectiveText());
    if (const std::optional<double> seconds = run.seconds()) summary += tr(" in %1").arg(quantityText(*seconds, u"s"));
    if (!run.message().isEmpty() && run.status() == QLatin1String("infeasible"))
        summary += tr(" (%1)").arg(run.message());
    if (const std::optional<double> recorded = recordedMakespan(id); recorded && run.objective())
        summary += tr("; the workflow's file records %1").arg(quantityText(*recorded, u"s"));
    if (!m_document->entry(id)) {
        statusBar()->showMessage(tr("%1 — discarded: its instance was removed").arg(summary),
                                 kStatusTimeoutMs);
        return;
    }
    m_document->appendRun(id, run);
    statusBar()->showMessage(summary, kStatusTimeoutMs);
}

void MainWindow::onRunFailed(EntryId id, const QString& solver, const QString& message, bool cancelled) {
    // A solver of Run all that refuses the instance is listed when the batch ends, not shown as an error.
    if (m_runAll.finished(id, solver, cancelled ? QString() : message) && !cancelled) {
        statusBar()->showMessage(tr("%1 not run: %2").arg(solver, message), kStatusTimeoutMs);
        return;
    }
    if (cancelled) {
        statusBar()->showMessage(tr("%1 cancelled").arg(solver), kStatusTimeoutMs);
        return;
    }
    // A run of an entry that is no longer shown reports in the status bar only, naming its entry.
    if (id == currentEntry()) {
        m_solverPanel->showError(tr("%1 failed: %2").arg(solver, message));
        statusBar()->showMessage(tr("%1 failed: %2").arg(solver, message), kStatusTimeoutMs);
    } else {
        const DocumentEntry* entry = m_document->entry(id);
        statusBar()->showMessage(tr("%1 failed on %2: %3").arg(solver, entry ? entry->name : tr("a removed entry"), message),
                                 kStatusTimeoutMs);
    }
}

void MainWindow::updateTitle() {
    const QString path = m_document->filePath();
    const QString name = path.isEmpty() ? m_displayName : QFileInfo(path).fileName();
    setWindowTitle(tr("%1[*] — HetSched").arg(name));
    m_autosave->setDisplayName(name);
    setWindowFilePath(path);
    setWindowModified(m_document->isModified());
}

void MainWindow::updateActions() {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    const bool busy = m_solveController->isBusy();
    const int run = m_runTable ? m_runTable->currentRun() : -1;
    m_runAction->setEnabled(entry != nullptr && !busy);
    m_runAllAction->setEnabled(entry != nullptr && !busy);
    m_cancelAction->setEnabled(busy);
    m_resultPane->rerunButton()->setEnabled(entry != nullptr && !busy);
    m_exportChartAction->setEnabled(run >= 0);
    m_exportResultAction->setEnabled(run >= 0);
    if (m_scheduleExport) m_scheduleExport->updateAction();
    m_exportInstanceAction->setEnabled(entry != nullptr);
    m_exportCostPlotAction->setEnabled(editorPlot(m_editor.data(), EditorPlotKind::CostPlot) != nullptr);
    m_exportTimelineAction->setEnabled(editorPlot(m_editor.data(), EditorPlotKind::ScenarioTimeline) != nullptr);
    m_exportThroughputAction->setEnabled(editorPlot(m_editor.data(), EditorPlotKind::ThroughputPlot) != nullptr);
}

void MainWindow::updateInstanceStatus() {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    m_instanceStatus->setText(
        entry ? QStringLiteral("%1 — %2").arg(entry->name, describeInstance(entry->instance)) : QString());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    // Saved or discarded on purpose: the autosave of this session is not needed any more.
    m_autosave->discardRecovery();
    cancelLoading();
    m_solveController->cancel();
    if (m_simulationDialog) m_simulationDialog->cancel();
    if (m_cpuGpuExperimentDialog) m_cpuGpuExperimentDialog->cancel();
    if (m_dagEvaluationDialog) m_dagEvaluationDialog->cancel();
    QSettings settings;
    if (m_maximiseResultsAction->isChecked()) m_maximiseResultsAction->setChecked(false);   // save the usual layout
    settings.setValue(kGeometryKey, saveGeometry());
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

bool MainWindow::maybeSave() {
    if (!m_document->isModified()) return true;
    const QString name =
        m_document->filePath().isEmpty() ? m_displayName : QFileInfo(m_document->filePath()).fileName();
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has unsaved changes (edits or runs).\nSave them before closing it?").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

QString MainWindow::openFileFilters() {
    return QString::fromStdString(fileDialogFilters(FormatDirection::Read,
                                                    {FormatContent::Instance, FormatContent::Project, FormatContent::TaskGraph,
                                                     FormatContent::Platform, FormatContent::FamilyData},
                                                    "Every file HetSched reads"));
}

QString MainWindow::importFileFilters() {
    return QString::fromStdString(fileDialogFilters(
        FormatDirection::Read, {FormatContent::Instance, FormatContent::Project, FormatContent::FamilyData},
        "Instances and the data they come from"));
}

void MainWindow::openWithDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open"), dialogDirectory(), openFileFilters());
    if (path.isEmpty()) return;
    rememberDirectory(path);
    openPath(path);
}

Expected<ExternalFileKind> MainWindow::fileKind(const QString& path) {
    // Through QFile: the built-in examples are Qt resources (":/examples/..."). The head is enough.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ioError(tr("cannot open %1: %2").arg(path, file.errorString()).toStdString());
    const QByteArray head = file.read(65536);
    return classifyExternalFile(path.toStdString(), std::string_view(head.constData(), static_cast<std::size_t>(head.size())));
}

void MainWindow::openPath(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    const Expected<ExternalFileKind> kind = fileKind(path);
    if (!kind) {
        showError(tr("Cannot open %1").arg(name), errorText(kind.error()));
        return;
    }
    switch (*kind) {
    case ExternalFileKind::TaskGraph: {
        TaskGraphImportDialog* dialog = createTaskGraphImportDialog();
        dialog->setGraphFile(path);
        if (dialog->exec() == QDialog::Accepted) addImportedTaskGraph(*dialog);
        dialog->deleteLater();
        return;
    }
    case ExternalFileKind::SimGridPlatform:
        importSimGridPlatform(path);
        return;
    case ExternalFileKind::FamilyData:
        importFamilyData(path, nullptr, m_familyImportRunner);
        return;
    case ExternalFileKind::HetSched:
    case ExternalFileKind::Unknown:
        break;
    }
    if (!maybeSave()) return;
    // A small file is read at once (a built-in example in milliseconds); a big one off the GUI thread.
    if (QFileInfo(path).size() < kBackgroundOpenBytes) {
        const Expected<bool> loaded = loadFile(path);
        if (!loaded) showError(tr("Cannot open %1").arg(name), errorText(loaded.error()));
        return;
    }
    startLoading(path);
}

void MainWindow::importSimGridPlatform(const QString& path) {
    QMessageBox box(QMessageBox::Question, tr("SimGrid platform"),
                    tr("%1 is a SimGrid platform. What should it become?").arg(QFileInfo(path).fileName()),
                    QMessageBox::Cancel, this);
    QPushButton* steady = box.addButton(tr("A steady-state instance"), QMessageBox::AcceptRole);
    steady->setToolTip(tr("Its hosts compute a bag of tasks sent from the first host; its links and routes become "
                          "routers and links"));
    QPushButton* platform = box.addButton(tr("The platform of a task graph…"), QMessageBox::ActionRole);
    QPushButton* star = box.addButton(tr("A divisible-load star…"), QMessageBox::ActionRole);
    star->setToolTip(tr("A master host and the hosts it reaches as workers: c and d from the routes' bandwidths, w "
                        "from the hosts' speeds"));
    box.setDefaultButton(steady);
    box.exec();
    if (box.clickedButton() == steady) {
        addSimGridSteadyState(path);
    } else if (box.clickedButton() == star) {
        importFamilyData(path, findFileFormat("simgrid-star", FormatDirection::Read, {FormatContent::FamilyData}),
                         m_familyImportRunner);
    } else if (box.clickedButton() == platform) {
        TaskGraphImportDialog* dialog = createTaskGraphImportDialog();
        dialog->setPlatformFile(path);
        if (dialog->exec() == QDialog::Accepted) addImportedTaskGraph(*dialog);
        dialog->deleteLater();
    }
}

EntryId MainWindow::addSimGridSteadyState(const QString& path) {
    QProgressDialog progress(tr("Loading %1 with SimGrid…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 0, this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    std::atomic<bool> stop{false};
    const std::string file = path.toStdString();
    QFutureWatcher<Expected<SteadyStateInstance>> watcher;
    QEventLoop loop;
    connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    connect(&progress, &QProgressDialog::canceled, this, [&stop] { stop = true; });
    watcher.setFuture(QtConcurrent::run([file, &stop]() -> Expected<SteadyStateInstance> {
        Expected<SimGridPlatform> loaded = loadSimGridPlatform(file, Progress({}, &stop));
        if (!loaded) return loaded.error();
        Expected<SteadyStateInstance> steady = steadyStateFromSimGrid(*loaded);
        if (!steady) return Error{steady.error().kind, file + ": " + steady.error().message};
        return steady;
    }));
    loop.exec();
    progress.reset();
    Expected<SteadyStateInstance> steady = watcher.result();
    if (!steady) {
        if (steady.error().kind != ErrorKind::Cancelled)
            showError(tr("Cannot import %1").arg(QFileInfo(path).fileName()), errorText(steady.error()));
        return 0;
    }
    const EntryId id = m_document->addEntry(m_document->uniqueName(QFileInfo(path).completeBaseName()),
                                            Instance{std::move(*steady)});
    statusBar()->showMessage(tr("Imported %1 as a steady-state instance").arg(QFileInfo(path).fileName()),
                             kStatusTimeoutMs);
    return id;
}

bool MainWindow::save() {
    if (m_document->filePath().isEmpty()) return saveAs();
    Expected<bool> saved = saveProject(m_document->filePath());
    if (!saved) showError(tr("Cannot save the project"), errorText(saved.error()));
    return saved.ok();
}

bool MainWindow::saveAs() {
    const QString suggestion =
        m_suggestedPath.isEmpty()
            ? QDir(dialogDirectory())
                  .filePath(QFileInfo(m_displayName).completeBaseName() + QLatin1Char('.') + kProjectSuffix)
            : m_suggestedPath;
    QString path =
        QFileDialog::getSaveFileName(this, tr("Save Project As"), suggestion, tr("Projects (*.hsproj)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + kProjectSuffix;
    rememberDirectory(path);
    Expected<bool> saved = saveProject(path);
    if (!saved) showError(tr("Cannot save the project"), errorText(saved.error()));
    return saved.ok();
}

EntryId MainWindow::importFamilyData(const QString& path, const FileFormat* format,
                                     const std::function<int(FamilyImportDialog&)>& run) {
    const QString name = QFileInfo(path).fileName();
    if (!format) {
        QFile file(path);
        const QByteArray head = file.open(QIODevice::ReadOnly) ? file.read(65536) : QByteArray();
        Expected<const FileFormat*> found = detectReadFormat(
            path.toStdString(), std::string_view(head.constData(), static_cast<std::size_t>(head.size())),
            {FormatContent::FamilyData});
        if (!found) {
            showError(tr("Cannot import %1").arg(name), errorText(found.error()));
            return 0;
        }
        format = *found;
    }
    FamilyImportDialog dialog(path, *format, this);
    const int result = run ? run(dialog) : dialog.exec();
    if (result != QDialog::Accepted || !dialog.imported()) return 0;
    const FamilyImport& imported = *dialog.imported();
    const EntryId id = m_document->addEntry(m_document->uniqueName(QFileInfo(path).completeBaseName()), imported.instance);
    statusBar()->showMessage(tr("Imported %1 as a %2 instance (%3)")
                                 .arg(name, QString::fromStdString(format->family), QString::fromStdString(imported.format)),
                             kStatusTimeoutMs);
    return id;
}

void MainWindow::importWithDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Instance"), dialogDirectory(), importFileFilters());
    if (path.isEmpty()) return;
    rememberDirectory(path);
    if (const Expected<ExternalFileKind> kind = fileKind(path); kind && *kind == ExternalFileKind::FamilyData) {
        importFamilyData(path, nullptr, m_familyImportRunner);
        return;
    }
    Expected<bool> imported = importFile(path);
    if (!imported)
        showError(tr("Cannot import %1").arg(QFileInfo(path).fileName()), errorText(imported.error()));
}

void MainWindow::exportChartWithDialog() {
    const int runIndex = m_runTable->currentRun();
    const DocumentEntry* entry = m_document->entry(currentEntry());
    if (runIndex < 0 || !entry || runIndex >= static_cast<int>(entry->runs.size()) || !m_resultPane->chart()) {
        statusBar()->showMessage(tr("Select a run to export its chart"), kStatusTimeoutMs);
        return;
    }
    // "<entry>-<solver>.png" in the directory the last chart went to.
    const QString solver = entry->runs[static_cast<std::size_t>(runIndex)].solver();
    const QString lastExport = QSettings().value(kLastExportDirectoryKey).toString();
    const QString directory = !lastExport.isEmpty() && QFileInfo(lastExport).isDir() ? lastExport : dialogDirectory();
    ChartExportDialog dialog(m_resultPane->chart(),
                             QDir(directory).filePath(defaultChartFileName(entry->name, solver)), this);
    if (dialog.exec() != QDialog::Accepted) return;
    rememberDirectory(dialog.path());
    QSettings().setValue(kLastExportDirectoryKey, QFileInfo(dialog.path()).absolutePath());
    statusBar()->showMessage(tr("Chart exported to %1").arg(QDir::toNativeSeparators(dialog.path())),
                             kStatusTimeoutMs);
}

void MainWindow::exportCostPlotWithDialog() {
    QCustomPlot* plot = editorPlot(m_editor.data(), EditorPlotKind::CostPlot);
    if (!plot) return;
    const DocumentEntry* entry = m_document->entry(currentEntry());
    const QString base = (entry ? entry->name : QStringLiteral("instance")) + QStringLiteral("-costs.png");
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Cost Plot"), QDir(dialogDirectory()).filePath(base), chartFileFilter());
    if (path.isEmpty()) return;
    rememberDirectory(path);
    Expected<bool> written =
        exportPlot(plot, path, std::max(plot->width(), 800), std::max(plot->height(), 500));
    if (!written) showError(tr("Cannot export the cost plot"), errorText(written.error()));
}

void MainWindow::exportEditorPlotWithDialog(QCustomPlot* plot, const QString& suffix, const QString& title) {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    const QString base = (entry ? entry->name : QStringLiteral("instance")) + suffix + QStringLiteral(".png");
    const QString path =
        QFileDialog::getSaveFileName(this, title, QDir(dialogDirectory()).filePath(base), chartFileFilter());
    if (path.isEmpty()) return;
    rememberDirectory(path);
    Expected<bool> written =
        exportPlot(plot, path, std::max(plot->width(), 900), std::max(plot->height(), 500));
    if (!written)
        showError(tr("Cannot export the chart"), errorText(written.error()));
    else
        statusBar()->showMessage(tr("Chart exported to %1").arg(QDir::toNativeSeparators(path)),
                                 kStatusTimeoutMs);
}

void MainWindow::chooseNewInstanceKind() {
    QMenu menu(this);
    menu.addActions(m_newInstanceActions);
    menu.addSeparator();
    menu.addAction(m_newFromTemplateAction);
    menu.exec(QCursor::pos());
}

EntryId MainWindow::addNewInstance(const QString& kind) {
    // The family's example instance; an unknown kind gets a partition instance, as File > New does.
    const UiFamily* family = findUiFamily(kind.toStdString());
    return m_document->addEntry(tr("untitled"), newInstanceOf(family ? *family : *findUiFamily("partition")));
}

EntryId MainWindow::newFromTemplate(const std::function<int(TemplateDialog&)>& run) {
    TemplateDialog dialog(this);
    const int result = run ? run(dialog) : dialog.exec();
    if (result != QDialog::Accepted || !dialog.generated()) return 0;
    const EntryId id = m_document->addEntry(dialog.instanceName(), *dialog.generated());
    statusBar()->showMessage(tr("Added %1 from the template %2")
                                 .arg(describeInstance(*dialog.generated()), dialog.templateTitle()),
                             kStatusTimeoutMs);
    return id;
}

void MainWindow::rerun(int runIndex) {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    if (!entry) return;
    if (runIndex < 0) runIndex = m_runTable->currentRun();
    if (runIndex < 0 || runIndex >= static_cast<int>(entry->runs.size())) return;
    const RunRecord& run = entry->runs[static_cast<std::size_t>(runIndex)];
    if (run.solver().isEmpty()) return;
    runSolver(run.solver(), run.options());
}

bool MainWindow::offerRecovery(const std::function<int(RecoveryDialog&)>& run) {
    const QList<RecoveryFile> orphans = m_autosave->findOrphans();
    if (orphans.isEmpty()) return false;
    RecoveryDialog dialog(orphans, this);
    if (run)
        run(dialog);
    else
        dialog.exec();
    for (const QString& path : dialog.discarded()) m_autosave->discardOrphan(path);
    bool restored = false;
    if (dialog.choice() == RecoveryDialog::Restore && maybeSave()) {
        const RecoveryFile chosen = dialog.chosenFile();
        const Expected<bool> done = restoreRecovery(chosen.path);
        if (!done)
            showError(tr("Cannot restore %1").arg(chosen.displayName), errorText(done.error()));
        restored = done.ok();
    }
    // The rest stay on disk, offered again at the next start.
    m_autosave->releaseOrphans();
    return restored;
}

Expected<bool> MainWindow::restoreRecovery(const QString& recoveryFile) {
    Expected<RecoveredProject> recovered = AutosaveManager::readRecoveryFile(recoveryFile);
    if (!recovered) return recovered.error();
    const QString original = recovered->originalPath;
    m_document->reset(std::move(recovered->project), original);
    m_document->markUnsaved();
    m_displayName = recovered->displayName;
    m_suggestedPath = original;
    updateTitle();
    // This session holds the work now: its own autosave first, and only then the dead session's is deleted.
    const Expected<bool> saved = m_autosave->autosaveNow(true);
    if (saved) m_autosave->discardOrphan(recoveryFile);
    statusBar()->showMessage(
        tr("Restored %1 as autosaved on %2 — save it to keep it")
            .arg(m_displayName, QLocale().toString(recovered->savedAt, QLocale::ShortFormat)),
        kStatusTimeoutMs);
    return true;
}

CpuGpuExperimentDialog* MainWindow::cpuGpuExperimentDialog() {
    if (!m_cpuGpuExperimentDialog) m_cpuGpuExperimentDialog = new CpuGpuExperimentDialog(this);
    return m_cpuGpuExperimentDialog;
}

DagEvaluationDialog* MainWindow::dagEvaluationDialog() {
    if (!m_dagEvaluationDialog) m_dagEvaluationDialog = new DagEvaluationDialog(this);
    return m_dagEvaluationDialog;
}

TaskGraphImportDialog* MainWindow::createTaskGraphImportDialog() {
    auto* dialog = new TaskGraphImportDialog(this);
    if (const DocumentEntry* entry = m_document->entry(currentEntry()))
        if (const auto* dag = std::get_if<DagInstance>(&entry->instance)) dialog->setCurrentPlatform(entry->name, dag->platform);
    return dialog;
}

EntryId MainWindow::addImportedTaskGraph(const TaskGraphImportDialog& dialog) {
    if (!dialog.result() || dialog.entryName().isEmpty()) return 0;
    const std::optional<double> recorded = dialog.recordedMakespan();
    const EntryId next = m_document->addEntry(m_document->uniqueName(dialog.entryName()), Instance{*dialog.result()});
    if (recorded && next) m_recordedMakespans[next] = *recorded;
    return next;
}

std::optional<double> MainWindow::recordedMakespan(EntryId id) const {
    const auto found = m_recordedMakespans.find(id);
    if (found == m_recordedMakespans.end() || !m_document->entry(id)) return std::nullopt;
    return found->second;
}

DivisibleSimulationDialog* MainWindow::divisibleSimulationDialog() {
    if (!m_simulationDialog) m_simulationDialog = new DivisibleSimulationDialog(this);
    return m_simulationDialog;
}

void MainWindow::exportResultWithDialog(int runIndex) {
    if (runIndex < 0) runIndex = m_runTable->currentRun();
    const DocumentEntry* entry = m_document->entry(currentEntry());
    if (!entry || runIndex < 0) {
        statusBar()->showMessage(tr("Select a run to export"), kStatusTimeoutMs);
        return;
    }
    const QString base =
        QStringLiteral("%1-%2").arg(entry->name, entry->runs[static_cast<std::size_t>(runIndex)].solver());
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Result"), QDir(dialogDirectory()).filePath(base + QStringLiteral(".json")),
        tr("Result JSON (*.json);;Intervals CSV (*.csv)"));
    if (path.isEmpty()) return;
    rememberDirectory(path);
    Expected<bool> written = exportResult(path, runIndex);
    if (!written)
        showError(tr("Cannot export the result"), errorText(written.error()));
    else
        statusBar()->showMessage(tr("Result exported to %1").arg(QDir::toNativeSeparators(path)),
                                 kStatusTimeoutMs);
}

void MainWindow::exportInstanceWithDialog() {
    const DocumentEntry* entry = m_document->entry(currentEntry());
    if (!entry) return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Instance"), QDir(dialogDirectory()).filePath(entry->name + QStringLiteral(".json")),
        tr("Instance (*.json)"));
    if (path.isEmpty()) return;
    rememberDirectory(path);
    Expected<bool> written = exportInstance(path);
    if (!written) showError(tr("Cannot export the instance"), errorText(written.error()));
}

void MainWindow::showError(const QString& what, const QString& message) {
    statusBar()->showMessage(tr("%1: %2").arg(what, message), kStatusTimeoutMs);
    QMessageBox box(QMessageBox::Warning, what, what, QMessageBox::Ok, this);
    box.setInformativeText(message);
    box.exec();
}

void MainWindow::about() {
    AboutDialog(this).exec();
}

void MainWindow::addRecentFile(const QString& path) {
    QSettings settings;
    QStringList files = settings.value(kRecentFilesKey).toStringList();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles) files.removeLast();
    settings.setValue(kRecentFilesKey, files);
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = QSettings().value(kRecentFilesKey).toStringList();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files[i];
        QAction* action =
            m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        action->setEnabled(QFileInfo::exists(path));
        connect(action, &QAction::triggered, this, [this, path] { openPath(path); });
    }
    if (files.isEmpty()) m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear List"), this, [] { QSettings().remove(kRecentFilesKey); });
}

QString MainWindow::dialogDirectory() const {
    const QString remembered = QSettings().value(kLastDirectoryKey).toString();
    if (!m_document->filePath().isEmpty()) return QFileInfo(m_document->filePath()).absolutePath();
    return remembered.isEmpty() ? QDir::homePath() : remembered;
}

void MainWindow::rememberDirectory(const QString& path) {
    QSettings().setValue(kLastDirectoryKey, QFileInfo(path).absolutePath());
}

}  // namespace hetsched::ui
