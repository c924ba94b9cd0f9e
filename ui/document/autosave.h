// Projects that never lose work: the open document is autosaved to a recovery file of its own session
// (never over the user's file) while it has unsaved changes, and the recovery files of sessions that ended
// without closing (a crash, a killed process, a power cut) are found at the next start.
//
// Layout of the recovery directory (QStandardPaths::AppDataLocation/recovery unless set):
//   session-<pid>-<uuid>.hsrecovery   the project and where it came from (JSON, written atomically)
//   session-<pid>-<uuid>.lock         a QLockFile held by the running session that owns the file
// A recovery file whose lock nobody holds belongs to a dead session; a live session's file is never offered.
#pragma once

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "common/expected.h"
#include "document/project_document.h"
#include "io/project.h"

class QLockFile;

namespace hetsched::ui {

class BackgroundJob;

// A recovery file left by a dead session, as the recovery dialog lists it.
struct RecoveryFile {
    QString path;           // the .hsrecovery file
    QString originalPath;   // the project file it was autosaved from; empty for a project never saved
    QString displayName;    // the title the window showed ("untitled.hsproj", "cluster.hsproj")
    QDateTime savedAt;      // when it was autosaved (local time)
    int entryCount = 0;     // instances in it
    QString error;          // why it cannot be read (then only Discard makes sense)
};

// What a recovery file holds once read back.
struct RecoveredProject {
    Project project;
    QString originalPath;
    QString displayName;
    QDateTime savedAt;
};

class AutosaveManager : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultIntervalMs = 60'000;

    explicit AutosaveManager(ProjectDocument* document, QObject* parent = nullptr);
    // Removes this session's recovery file and lock: a session that ends cleanly leaves nothing behind.
    ~AutosaveManager() override;

    // Where new managers write (tests set a scratch directory and a short interval before creating windows).
    // An empty directory or an interval <= 0 restores the default.
    static QString defaultDirectory();
    static void setDefaultDirectory(const QString& directory);
    static int defaultIntervalMs();
    static void setDefaultIntervalMs(int milliseconds);

    QString directory() const { return m_directory; }
    void setDirectory(const QString& directory);
    int intervalMs() const { return m_timer.interval(); }
    void setIntervalMs(int milliseconds);
    // The name the recovery dialog shows for this document (the window title's).
    void setDisplayName(const QString& name) { m_displayName = name; }

    // This session's recovery file (it exists only while there are unsaved changes that were autosaved).
    QString recoveryFilePath() const;
    bool hasRecoveryFile() const;
    // Writes the recovery file now if the document changed since the last autosave and is modified;
    // an unmodified document needs none, and its file is removed. Errors are also reported by signal.
    Expected<bool> autosaveNow(bool evenIfUnchanged = false);
    // Removes this session's recovery file (after a clean save, close or discard).
    void discardRecovery();
    // The timer's autosave is being turned into text off the GUI thread.
    bool isWriting() const;

    // The recovery files of dead sessions, newest first. Each one is locked for this session until it is
    // restored, discarded or released, so that two instances starting together never both offer it.
    QList<RecoveryFile> findOrphans();
    static Expected<RecoveredProject> readRecoveryFile(const QString& path);
    // Deletes a dead session's file (Discard, or after a restore).
    void discardOrphan(const QString& path);
    // Lets the orphans go without touching them (Later): the next start offers them again.
    void releaseOrphans();

signals:
    void autosaved(const QString& recoveryFile);
    void autosaveFailed(const QString& message);

private:
    // What a recovery file holds, taken on the GUI thread (a copy of the project: 24 ms for a task graph of
    // 10,000 tasks and 218,724 edges with a run), turned into text on any thread (1.3 s for the same).
    struct Snapshot {
        nlohmann::json header;
        Project project;
    };
    static std::string recoveryText(const Snapshot& snapshot);
    // Null when there is nothing to write (no change, or an unmodified document: its file is removed).
    std::optional<Snapshot> takeSnapshot(bool evenIfUnchanged);
    Expected<bool> writeRecovery(const std::string& text);
    void onTimer();
    bool ensureSessionLock();
    QString sessionBase() const;

    ProjectDocument* m_document;
    QTimer m_timer;
    QString m_directory;
    QString m_key;            // session-<pid>-<uuid>
    QString m_displayName;
    bool m_dirty = false;     // changed since the last autosave
    BackgroundJob* m_writer;  // the timer's autosaves: the text is made off the GUI thread, written on it
    quint64 m_generation = 0; // a text made for an older generation (since written or discarded) is dropped
    bool m_writePending = false;   // the timer's autosave holds a snapshot not yet on disk (see autosaveNow)
    std::unique_ptr<QLockFile> m_sessionLock;
    QString m_lockedDirectory;   // where m_sessionLock lives
    std::map<QString, std::unique_ptr<QLockFile>> m_orphanLocks;   // by recovery file path
};

}  // namespace hetsched::ui
