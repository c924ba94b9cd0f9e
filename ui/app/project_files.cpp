// The project's files for the main window (see project_files.h): what File > New, Open, Open Recent, Save,
// Save As and Import do, the reading of a big file off the GUI thread and the recovery of autosaves.
#include "app/project_files.h"

#include <QAction>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QToolButton>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <atomic>
#include <cmath>

#include "dialogs/family_import_dialog.h"
#include "dialogs/recovery_dialog.h"
#include "document/autosave.h"
#include "families/ui_family.h"
#include "io/instance_io.h"
#include "io/json_reader.h"
#include "io/project.h"
#include "io/simgrid_platform.h"
#include "util/background_job.h"
#include "util/number_text.h"
#include "util/resources.h"

namespace hetsched::ui {

namespace {

const QString kRecentFilesKey = QStringLiteral("recentFiles");
const QString kLastDirectoryKey = QStringLiteral("lastDirectory");
const QString kProjectSuffix = QStringLiteral("hsproj");
constexpr int kMaxRecentFiles = 10;

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
// thread (File > Open reads on a pool thread). Stopped between its steps: a Cancelled error. A project's runs are
// read into `runs`, per entry, where they lie in the file (ProjectDocument::prepareRun), not kept as JSON.
Expected<Project> readProjectOrInstance(const QString& path, const Progress& progress,
                                        std::vector<std::vector<PreparedRun>>& runs) {
    progress.report(0, QObject::tr("reading the file").toStdString());
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ioError(QObject::tr("cannot open %1: %2").arg(path, file.errorString()).toStdString());
    // The bytes, then room that simdjson may read past their end: parsed where they are, not copied again.
    QByteArray bytes;
    std::size_t length = 0;
    bool padded = false;
    if (const qint64 size = file.size(); !file.isSequential() && size >= 0) {
        bytes.resize(size + static_cast<qint64>(json_detail::kJsonPadding));
        if (file.read(bytes.data(), size) == size && file.atEnd()) {
            std::fill(bytes.begin() + size, bytes.end(), '\0');
            length = static_cast<std::size_t>(size);
            padded = true;
        } else {
            file.seek(0);
        }
    }
    if (!padded) {
        bytes = file.readAll();
        length = static_cast<std::size_t>(bytes.size());
    }
    if (progress.stopRequested()) return cancelledError();
    progress.report(0.1, QObject::tr("reading and checking the instances").toStdString());
    const std::string_view text(bytes.constData(), length);
    if (isProjectPath(path)) {
        const ProjectRunReader readRun = [&runs](std::size_t entry, const ProjectEntry& soFar,
                                                 const json_detail::JsonNode& run) {
            if (runs.size() <= entry) runs.resize(entry + 1);
            runs[entry].push_back(ProjectDocument::prepareRun(soFar, run));
        };
        Expected<Project> project = parseProject(text, readRun, padded);
        if (!project) return withFileName(path, project.error());
        return project;
    }
    Expected<Instance> instance = padded ? parsePaddedInstance(text) : parseInstance(text);
    if (!instance) return withFileName(path, instance.error());
    Project project;
    project.entries.push_back({QFileInfo(path).completeBaseName().toStdString(), std::move(*instance), {}});
    return project;
}

// The entries of a file as the document keeps them (see ProjectDocument::prepareEntries), on any thread.
Expected<std::vector<DocumentEntry>> readEntries(const QString& path, const Progress& progress = {}) {
    std::vector<std::vector<PreparedRun>> runs;
    Expected<Project> project = readProjectOrInstance(path, progress.scaled(0, 0.7), runs);
    if (!project) return project.error();
    if (project->entries.empty())
        return invalidInput(QFileInfo(path).fileName().toStdString() + ": the project holds no instance");
    if (progress.stopRequested()) return cancelledError();
    std::vector<DocumentEntry> entries =
        ProjectDocument::prepareEntries(std::move(*project), progress.scaled(0.7, 1.0), std::move(runs));
    if (progress.stopRequested()) return cancelledError();
    return entries;
}

QString errorText(const Error& error) {
    return QString::fromStdString(error.message);
}

}  // namespace

ProjectFilesController::ProjectFilesController(ProjectDocument* document, AutosaveManager* autosave, QMainWindow* window)
    : QObject(window), m_document(document), m_autosave(autosave), m_window(window) {
    // Reading a file opened with openPath: where it is, and a way out that leaves the project as it is.
    m_loadJob = new BackgroundJob(this);
    m_loadStatus = new QWidget(window);
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
    window->statusBar()->addPermanentWidget(m_loadStatus);
    m_loadStatus->hide();
    connect(cancelLoad, &QToolButton::clicked, this, &ProjectFilesController::cancelLoading);
    connect(m_loadJob, &BackgroundJob::progressed, this, &ProjectFilesController::showLoadProgress);
    connect(m_loadJob, &BackgroundJob::cancelled, this, [this] {
        const QString path = m_loadingPath;
        endLoading();
        emit statusMessage(tr("Opening %1 was cancelled").arg(QFileInfo(path).fileName()));
        emit loadFinished(path, false);
    });
    connect(m_loadJob, &BackgroundJob::finished, this, [this](const QString& error) {
        if (error.isEmpty()) return;  // the delivery said it
        const QString path = m_loadingPath;
        endLoading();
        emit errorRaised(tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
        emit loadFinished(path, false);
    });
    connect(m_document, &ProjectDocument::modifiedChanged, this, &ProjectFilesController::updateTitle);
    connect(m_document, &ProjectDocument::filePathChanged, this, &ProjectFilesController::updateTitle);
}

Expected<bool> ProjectFilesController::loadFile(const QString& path) {
    cancelLoading();
    Expected<std::vector<DocumentEntry>> entries = readEntries(path);
    if (!entries) return entries.error();
    showLoaded(path, std::move(*entries));
    return true;
}

void ProjectFilesController::showLoaded(const QString& path, std::vector<DocumentEntry> entries) {
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
    emit statusMessage(tr("Opened %1").arg(m_displayName));
}

bool ProjectFilesController::isLoading() const {
    return m_loadJob->isRunning();
}

void ProjectFilesController::cancelLoading() {
    if (!m_loadJob->isRunning()) return;
    m_loadJob->cancel();  // endLoading() follows through cancelled()
}

void ProjectFilesController::startLoading(const QString& path) {
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

void ProjectFilesController::showLoadProgress(double fraction, const QString& stage) {
    m_loadBar->setValue(static_cast<int>(std::lround(100 * std::clamp(fraction, 0.0, 1.0))));
    if (!stage.isEmpty()) m_loadLabel->setText(tr("Opening %1: %2…").arg(QFileInfo(m_loadingPath).fileName(), stage));
}

void ProjectFilesController::endLoading() {
    m_loadStatus->hide();
    m_loadingPath.clear();
}

void ProjectFilesController::finishLoading(const QString& path, Expected<std::vector<DocumentEntry>> entries) {
    endLoading();
    const QString name = QFileInfo(path).fileName();
    if (!entries) {
        if (entries.error().kind != ErrorKind::Cancelled) emit errorRaised(tr("Cannot open %1").arg(name), errorText(entries.error()));
        emit loadFinished(path, false);
        return;
    }
    // Work done on the open project while the file was read is not lost without asking.
    if (m_document->revision() != m_loadRevision && !maybeSave()) {
        emit statusMessage(tr("%1 was not opened").arg(name));
        emit loadFinished(path, false);
        return;
    }
    showLoaded(path, std::move(*entries));
    emit loadFinished(path, true);
}

Expected<bool> ProjectFilesController::importFile(const QString& path) {
    std::vector<std::vector<PreparedRun>> runs;
    Expected<Project> project = readProjectOrInstance(path, {}, runs);
    if (!project) return project.error();
    // Read as File > Open reads them: a run computed on an earlier version stays outdated, against that version.
    std::vector<DocumentEntry> entries = ProjectDocument::prepareEntries(std::move(*project), {}, std::move(runs));
    m_document->undoStack()->beginMacro(tr("Import %1").arg(QFileInfo(path).fileName()));
    for (DocumentEntry& entry : entries)
        m_document->addEntry(entry.name, std::move(entry.instance), std::move(entry.runs), entry.recordedMakespan);
    m_document->undoStack()->endMacro();
    emit statusMessage(
        tr("Imported %1 from %2")
            .arg(countOf(static_cast<long long>(entries.size()), tr("instance"), tr("instances")),
                 QFileInfo(path).fileName()));
    return true;
}

Expected<bool> ProjectFilesController::saveProject(const QString& path) {
    const std::string text = projectFileText(m_document->toProject());
    Expected<bool> written = writeTextFileAtomically(path.toStdString(), text);
    if (!written) return written.error();
    m_document->setFilePath(QFileInfo(path).absoluteFilePath());
    m_document->markSaved();
    m_displayName = QFileInfo(path).fileName();
    m_suggestedPath = QFileInfo(path).absoluteFilePath();
    addRecentFile(QFileInfo(path).absoluteFilePath());
    updateTitle();
    emit statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void ProjectFilesController::newProject() {
    Project project;
    project.entries.push_back({tr("untitled").toStdString(), newInstanceOf(*findUiFamily("partition")), {}});
    m_document->reset(std::move(project), QString());
    m_displayName = tr("untitled.%1").arg(kProjectSuffix);
    m_suggestedPath.clear();
    updateTitle();
}

bool ProjectFilesController::maybeSave() {
    if (!m_document->isModified()) return true;
    const QString name =
        m_document->filePath().isEmpty() ? m_displayName : QFileInfo(m_document->filePath()).fileName();
    const auto answer = QMessageBox::warning(
        m_window, tr("Unsaved changes"),
        tr("%1 has unsaved changes (edits or runs).\nSave them before closing it?").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

QString ProjectFilesController::openFileFilters() {
    return QString::fromStdString(fileDialogFilters(FormatDirection::Read,
                                                    {FormatContent::Instance, FormatContent::Project, FormatContent::TaskGraph,
                                                     FormatContent::Platform, FormatContent::FamilyData},
                                                    "Every file HetSched reads"));
}

QString ProjectFilesController::importFileFilters() {
    return QString::fromStdString(fileDialogFilters(
        FormatDirection::Read, {FormatContent::Instance, FormatContent::Project, FormatContent::FamilyData},
        "Instances and the data they come from"));
}

void ProjectFilesController::openWithDialog() {
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open"), dialogDirectory(), openFileFilters());
    if (path.isEmpty()) return;
    rememberDirectory(path);
    openPath(path);
}

Expected<ExternalFileKind> ProjectFilesController::fileKind(const QString& path) {
    // Through QFile: the built-in examples are Qt resources (":/examples/..."). The head is enough.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ioError(tr("cannot open %1: %2").arg(path, file.errorString()).toStdString());
    const QByteArray head = file.read(65536);
    return classifyExternalFile(path.toStdString(), std::string_view(head.constData(), static_cast<std::size_t>(head.size())));
}

void ProjectFilesController::openPath(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    const Expected<ExternalFileKind> kind = fileKind(path);
    if (!kind) {
        emit errorRaised(tr("Cannot open %1").arg(name), errorText(kind.error()));
        return;
    }
    switch (*kind) {
    case ExternalFileKind::TaskGraph: {
        emit taskGraphImportRequested(path, QString());
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
        if (!loaded) emit errorRaised(tr("Cannot open %1").arg(name), errorText(loaded.error()));
        return;
    }
    startLoading(path);
}

void ProjectFilesController::importSimGridPlatform(const QString& path) {
    QMessageBox box(QMessageBox::Question, tr("SimGrid platform"),
                    tr("%1 is a SimGrid platform. What should it become?").arg(QFileInfo(path).fileName()),
                    QMessageBox::Cancel, m_window);
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
        emit taskGraphImportRequested(QString(), path);
    }
}

EntryId ProjectFilesController::addSimGridSteadyState(const QString& path) {
    QProgressDialog progress(tr("Loading %1 with SimGrid…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 0, m_window);
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
            emit errorRaised(tr("Cannot import %1").arg(QFileInfo(path).fileName()), errorText(steady.error()));
        return 0;
    }
    const EntryId id = m_document->addEntry(m_document->uniqueName(QFileInfo(path).completeBaseName()),
                                            Instance{std::move(*steady)});
    emit statusMessage(tr("Imported %1 as a steady-state instance").arg(QFileInfo(path).fileName()));
    return id;
}

bool ProjectFilesController::save() {
    if (m_document->filePath().isEmpty()) return saveAs();
    Expected<bool> saved = saveProject(m_document->filePath());
    if (!saved) emit errorRaised(tr("Cannot save the project"), errorText(saved.error()));
    return saved.ok();
}

bool ProjectFilesController::saveAs() {
    const QString suggestion =
        m_suggestedPath.isEmpty()
            ? QDir(dialogDirectory())
                  .filePath(QFileInfo(m_displayName).completeBaseName() + QLatin1Char('.') + kProjectSuffix)
            : m_suggestedPath;
    QString path =
        QFileDialog::getSaveFileName(m_window, tr("Save Project As"), suggestion, tr("Projects (*.hsproj)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + kProjectSuffix;
    rememberDirectory(path);
    Expected<bool> saved = saveProject(path);
    if (!saved) emit errorRaised(tr("Cannot save the project"), errorText(saved.error()));
    return saved.ok();
}

EntryId ProjectFilesController::importFamilyData(const QString& path, const FileFormat* format,
                                     const std::function<int(FamilyImportDialog&)>& run) {
    const QString name = QFileInfo(path).fileName();
    if (!format) {
        QFile file(path);
        const QByteArray head = file.open(QIODevice::ReadOnly) ? file.read(65536) : QByteArray();
        Expected<const FileFormat*> found = detectReadFormat(
            path.toStdString(), std::string_view(head.constData(), static_cast<std::size_t>(head.size())),
            {FormatContent::FamilyData});
        if (!found) {
            emit errorRaised(tr("Cannot import %1").arg(name), errorText(found.error()));
            return 0;
        }
        format = *found;
    }
    FamilyImportDialog dialog(path, *format, m_window);
    const int result = run ? run(dialog) : dialog.exec();
    if (result != QDialog::Accepted || !dialog.imported()) return 0;
    const FamilyImport& imported = *dialog.imported();
    const EntryId id = m_document->addEntry(m_document->uniqueName(QFileInfo(path).completeBaseName()), imported.instance);
    emit statusMessage(tr("Imported %1 as a %2 instance (%3)")
                                 .arg(name, QString::fromStdString(format->family), QString::fromStdString(imported.format)));
    return id;
}

void ProjectFilesController::importWithDialog() {
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import Instance"), dialogDirectory(), importFileFilters());
    if (path.isEmpty()) return;
    rememberDirectory(path);
    if (const Expected<ExternalFileKind> kind = fileKind(path); kind && *kind == ExternalFileKind::FamilyData) {
        importFamilyData(path, nullptr, m_familyImportRunner);
        return;
    }
    Expected<bool> imported = importFile(path);
    if (!imported)
        emit errorRaised(tr("Cannot import %1").arg(QFileInfo(path).fileName()), errorText(imported.error()));
}

bool ProjectFilesController::offerRecovery(const std::function<int(RecoveryDialog&)>& run) {
    const QList<RecoveryFile> orphans = m_autosave->findOrphans();
    if (orphans.isEmpty()) return false;
    RecoveryDialog dialog(orphans, m_window);
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
            emit errorRaised(tr("Cannot restore %1").arg(chosen.displayName), errorText(done.error()));
        restored = done.ok();
    }
    // The rest stay on disk, offered again at the next start.
    m_autosave->releaseOrphans();
    return restored;
}

Expected<bool> ProjectFilesController::restoreRecovery(const QString& recoveryFile) {
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
    emit statusMessage(
        tr("Restored %1 as autosaved on %2 — save it to keep it")
            .arg(m_displayName, QLocale().toString(recovered->savedAt, QLocale::ShortFormat)));
    return true;
}

void ProjectFilesController::addRecentFile(const QString& path) {
    QSettings settings;
    QStringList files = settings.value(kRecentFilesKey).toStringList();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles) files.removeLast();
    settings.setValue(kRecentFilesKey, files);
}

QStringList ProjectFilesController::exampleFiles() {
    ensureResourcesLoaded();
    QStringList files;
    const QDir examples(QStringLiteral(":/examples"));
    for (const QString& name : examples.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        files << examples.filePath(name);
    return files;
}

void ProjectFilesController::addExamplesMenu(QMenu* file) {
    QMenu* menu = file->addMenu(tr("&Examples"));
    menu->setObjectName(QStringLiteral("examplesMenu"));
    menu->setToolTipsVisible(true);
    // Several examples in one project: each added as an entry (one undoable step), beside opening one.
    QMenu* addExample = menu->addMenu(tr("&Add to Project"));
    addExample->setObjectName(QStringLiteral("addExampleMenu"));
    menu->addSeparator();
    for (const QString& example : exampleFiles()) {
        const QString name = QFileInfo(example).completeBaseName();
        QAction* open = menu->addAction(name);
        open->setToolTip(tr("Open %1 as the project").arg(name));
        connect(open, &QAction::triggered, this, [this, example] { openPath(example); });
        QAction* add = addExample->addAction(name);
        add->setToolTip(tr("Add %1 to the open project").arg(name));
        connect(add, &QAction::triggered, this, [this, example] {
            Expected<bool> imported = importFile(example);
            if (!imported)
                emit errorRaised(tr("Cannot add %1").arg(QFileInfo(example).fileName()),
                                 QString::fromStdString(imported.error().message));
        });
    }
}

void ProjectFilesController::rebuildRecentMenu(QMenu* menu) {
    menu->clear();
    const QStringList files = QSettings().value(kRecentFilesKey).toStringList();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files[i];
        QAction* action =
            menu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        action->setEnabled(QFileInfo::exists(path));
        connect(action, &QAction::triggered, this, [this, path] { openPath(path); });
    }
    if (files.isEmpty()) menu->addAction(tr("(none)"))->setEnabled(false);
    menu->addSeparator();
    menu->addAction(tr("Clear List"), this, [] { QSettings().remove(kRecentFilesKey); });
}

QString ProjectFilesController::dialogDirectory() const {
    const QString remembered = QSettings().value(kLastDirectoryKey).toString();
    if (!m_document->filePath().isEmpty()) return QFileInfo(m_document->filePath()).absolutePath();
    return remembered.isEmpty() ? QDir::homePath() : remembered;
}

void ProjectFilesController::rememberDirectory(const QString& path) {
    QSettings().setValue(kLastDirectoryKey, QFileInfo(path).absolutePath());
}

void ProjectFilesController::updateTitle() {
    const QString path = m_document->filePath();
    const QString name = path.isEmpty() ? m_displayName : QFileInfo(path).fileName();
    m_window->setWindowTitle(tr("%1[*] — HetSched").arg(name));
    m_autosave->setDisplayName(name);
    m_window->setWindowFilePath(path);
    m_window->setWindowModified(m_document->isModified());
}

}  // namespace hetsched::ui
