// The project's files, for the main window: opening (at once or off the GUI thread, with progress and Cancel),
// importing (instances, task graphs, SimGrid platforms, a family's data), saving, recovery of autosaves, the
// recent files and the directories the dialogs start in, and the window's title.
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <vector>

#include "common/expected.h"
#include "document/project_document.h"
#include "io/dag_import.h"

class QLabel;
class QMainWindow;
class QMenu;
class QProgressBar;
class QWidget;

namespace hetsched {
struct FileFormat;
}

namespace hetsched::ui {

class AutosaveManager;
class BackgroundJob;
class FamilyImportDialog;
class RecoveryDialog;

class ProjectFilesController : public QObject {
    Q_OBJECT
public:
    // `window` shows the dialogs, the title and the reading's progress in its status bar.
    ProjectFilesController(ProjectDocument* document, AutosaveManager* autosave, QMainWindow* window);

    // See MainWindow: the operations without dialogs, then with them.
    // Files from this size on are read in the background by openPath (MainWindow::kBackgroundOpenBytes).
    static constexpr qint64 kBackgroundOpenBytes = 1 << 20;

    Expected<bool> loadFile(const QString& path);
    Expected<bool> importFile(const QString& path);
    void openPath(const QString& path);
    bool isLoading() const;
    void cancelLoading();
    static Expected<ExternalFileKind> fileKind(const QString& path);
    Expected<bool> saveProject(const QString& path);
    void newProject();
    bool offerRecovery(const std::function<int(RecoveryDialog&)>& run);
    Expected<bool> restoreRecovery(const QString& recoveryFile);
    EntryId addSimGridSteadyState(const QString& path);
    EntryId importFamilyData(const QString& path, const FileFormat* format, const std::function<int(FamilyImportDialog&)>& run);
    void setFamilyImportRunner(std::function<int(FamilyImportDialog&)> run) { m_familyImportRunner = std::move(run); }
    static QString openFileFilters();
    static QString importFileFilters();

    // Asks to save unsaved work; false when the user cancels.
    bool maybeSave();
    bool save();
    bool saveAs();
    void openWithDialog();
    void importWithDialog();
    // File > Open Recent, filled when it opens.
    void rebuildRecentMenu(QMenu* menu);
    // The built-in examples, as resource paths (":/examples/partition-small.json").
    static QStringList exampleFiles();
    // File > Examples in `file`: each example opened as the project, or added to it (one undoable step).
    void addExamplesMenu(QMenu* file);
    // Where file dialogs start (the project's folder, else the last one used), and the folder to remember.
    QString dialogDirectory() const;
    void rememberDirectory(const QString& path);
    void updateTitle();

signals:
    void statusMessage(const QString& message);
    void errorRaised(const QString& what, const QString& message);
    // See MainWindow::loadFinished.
    void loadFinished(const QString& path, bool opened);
    // A task graph to import (the file opened or dropped), or a SimGrid platform as its platform: the window's
    // Import Task Graph dialog on it (the other one empty).
    void taskGraphImportRequested(const QString& graphFile, const QString& platformFile);

private:
    void startLoading(const QString& path);
    void showLoadProgress(double fraction, const QString& stage);
    void endLoading();
    void finishLoading(const QString& path, Expected<std::vector<DocumentEntry>> entries);
    void showLoaded(const QString& path, std::vector<DocumentEntry> entries);
    void importSimGridPlatform(const QString& path);
    void addRecentFile(const QString& path);

    ProjectDocument* m_document;
    AutosaveManager* m_autosave;
    QMainWindow* m_window;
    BackgroundJob* m_loadJob = nullptr;
    QWidget* m_loadStatus = nullptr;       // in the status bar while a file is read: a bar and Cancel
    QProgressBar* m_loadBar = nullptr;
    QLabel* m_loadLabel = nullptr;
    QString m_loadingPath;
    quint64 m_loadRevision = 0;            // the document's revision when the reading started
    QString m_displayName;    // what the title shows when the document has no file yet
    QString m_suggestedPath;  // where Save As proposes to write
    std::function<int(FamilyImportDialog&)> m_familyImportRunner;
};

}  // namespace hetsched::ui
