#include "document/autosave.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QUuid>
#include <algorithm>

#include "io/instance_io.h"
#include "io/json_reader.h"
#include "io/json_text_writer.h"
#include "io/project.h"
#include "util/background_job.h"

namespace hetsched::ui {

namespace {

constexpr const char* kFormat = "hetsched-recovery";
constexpr int kVersion = 1;
const QString kSuffix = QStringLiteral(".hsrecovery");
const QString kLockSuffix = QStringLiteral(".lock");

QString& directoryOverride() {
    static QString directory;
    return directory;
}
int& intervalOverride() {
    static int interval = 0;
    return interval;
}

QString lockPathFor(const QString& recoveryPath) {
    const QFileInfo info(recoveryPath);
    return info.dir().filePath(info.completeBaseName() + kLockSuffix);
}

// A lock that only a dead process leaves stale (never one that is merely old: a session lasts for hours).
std::unique_ptr<QLockFile> makeLock(const QString& path) {
    auto lock = std::make_unique<QLockFile>(path);
    lock->setStaleLockTime(0);
    return lock;
}

}  // namespace

AutosaveManager::AutosaveManager(ProjectDocument* document, QObject* parent)
    : QObject(parent),
      m_document(document),
      m_directory(defaultDirectory()),
      m_key(QStringLiteral("session-%1-%2")
                .arg(QCoreApplication::applicationPid())
                .arg(QUuid::createUuid().toString(QUuid::Id128).left(12))) {
    m_writer = new BackgroundJob(this);
    m_timer.setInterval(defaultIntervalMs());
    connect(&m_timer, &QTimer::timeout, this, &AutosaveManager::onTimer);
    m_timer.start();

    // Any edit (undo and redo included) and any new run makes the next tick write.
    connect(document->undoStack(), &QUndoStack::indexChanged, this, [this] { m_dirty = true; });
    connect(document, &ProjectDocument::runsChanged, this, [this] { m_dirty = true; });
    connect(document, &ProjectDocument::wasReset, this, [this] {
        // Another project was opened or started: what the recovery file held was saved or discarded.
        discardRecovery();
        m_dirty = m_document->isModified();
    });
    connect(document, &ProjectDocument::modifiedChanged, this, [this](bool modified) {
        if (modified) {
            m_dirty = true;
        } else {
            // Saved (or undone back to the saved state): the user's file holds everything.
            discardRecovery();
            m_dirty = false;
        }
    });
}

AutosaveManager::~AutosaveManager() {
    discardRecovery();
    releaseOrphans();
}

QString AutosaveManager::defaultDirectory() {
    if (!directoryOverride().isEmpty()) return directoryOverride();
    QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (base.isEmpty()) base = QDir::home().filePath(QStringLiteral(".hetsched"));
    return QDir(base).filePath(QStringLiteral("recovery"));
}

void AutosaveManager::setDefaultDirectory(const QString& directory) {
    directoryOverride() = directory;
}

int AutosaveManager::defaultIntervalMs() {
    return intervalOverride() > 0 ? intervalOverride() : kDefaultIntervalMs;
}

void AutosaveManager::setDefaultIntervalMs(int milliseconds) {
    intervalOverride() = std::max(0, milliseconds);
}

void AutosaveManager::setDirectory(const QString& directory) {
    if (directory == m_directory) return;
    const bool hadFile = hasRecoveryFile();
    discardRecovery();
    releaseOrphans();
    m_directory = directory;
    if (hadFile) m_dirty = true;
}

void AutosaveManager::setIntervalMs(int milliseconds) {
    m_timer.setInterval(milliseconds > 0 ? milliseconds : kDefaultIntervalMs);
}

QString AutosaveManager::sessionBase() const {
    return QDir(m_directory).filePath(m_key);
}

QString AutosaveManager::recoveryFilePath() const {
    return sessionBase() + kSuffix;
}

bool AutosaveManager::hasRecoveryFile() const {
    return QFileInfo::exists(recoveryFilePath());
}

bool AutosaveManager::ensureSessionLock() {
    if (m_sessionLock && m_lockedDirectory == m_directory) return true;
    m_sessionLock = makeLock(sessionBase() + kLockSuffix);
    m_lockedDirectory = m_directory;
    return m_sessionLock->tryLock(0);
}

void AutosaveManager::onTimer() {
    // A large project takes a while to turn into text: that happens off the GUI thread, one at a time.
    if (m_writer->isRunning()) return;
    std::optional<Snapshot> snapshot = takeSnapshot(false);
    if (!snapshot) return;
    m_dirty = false;
    m_writePending = true;
    const quint64 generation = ++m_generation;
    auto taken = std::make_shared<const Snapshot>(std::move(*snapshot));
    m_writer->start([this, taken, generation](const Progress&) -> BackgroundJob::Delivery {
        auto text = std::make_shared<std::string>(recoveryText(*taken));
        return [this, text, generation] {
            if (generation != m_generation) return;  // written since, or discarded (saved, closed)
            m_writePending = false;
            if (!writeRecovery(*text)) m_dirty = true;
        };
    });
}

Expected<bool> AutosaveManager::autosaveNow(bool evenIfUnchanged) {
    ++m_generation;  // what the timer's autosave is making would be older than this
    // That autosave took the last changes (the document was no longer dirty) but has not written them yet: it is
    // dropped, so this one writes them, changed since or not. Without this, the recovery file missed them.
    if (m_writePending) evenIfUnchanged = true;
    m_writePending = false;
    std::optional<Snapshot> snapshot = takeSnapshot(evenIfUnchanged);
    if (!snapshot) return false;
    const Expected<bool> written = writeRecovery(recoveryText(*snapshot));
    if (written) m_dirty = false;
    return written;
}

std::optional<AutosaveManager::Snapshot> AutosaveManager::takeSnapshot(bool evenIfUnchanged) {
    if (!m_dirty && !evenIfUnchanged) return std::nullopt;
    if (!m_document->isModified()) {
        discardRecovery();
        m_dirty = false;
        return std::nullopt;
    }
    const QString original = m_document->filePath();
    Snapshot snapshot;
    snapshot.header = {
        {"format", kFormat},
        {"version", kVersion},
        {"original_path", original.toStdString()},
        {"display_name", (m_displayName.isEmpty() ? QFileInfo(original).fileName() : m_displayName).toStdString()},
        {"saved_at", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString()},
        {"pid", QCoreApplication::applicationPid()},
    };
    snapshot.project = m_document->toProject();
    return snapshot;
}

std::string AutosaveManager::recoveryText(const Snapshot& snapshot) {
    // The header's keys and "project" in nlohmann's (sorted) order, the project written as it goes: a million tasks
    // are no document tree, and this runs at every autosave.
    json_detail::JsonTextWriter w(1);
    w.beginObject();
    bool projectWritten = false;
    const auto writeProjectHere = [&] {
        w.key("project");
        writeProject(snapshot.project, w);
        projectWritten = true;
    };
    for (const auto& [key, value] : snapshot.header.items()) {
        if (!projectWritten && key > "project") writeProjectHere();
        w.member(key, value);
    }
    if (!projectWritten) writeProjectHere();
    w.endObject();
    return w.take() + "\n";
}

Expected<bool> AutosaveManager::writeRecovery(const std::string& text) {
    const auto fail = [this](const QString& message) -> Expected<bool> {
        emit autosaveFailed(message);
        return ioError(message.toStdString());
    };
    if (!QDir().mkpath(m_directory))
        return fail(tr("cannot create the recovery directory %1").arg(QDir::toNativeSeparators(m_directory)));
    // Without the lock the file would look like a dead session's to another instance: still better written.
    ensureSessionLock();
    const Expected<bool> written = writeTextFileAtomically(recoveryFilePath().toStdString(), text);
    if (!written) return fail(tr("autosave failed: %1").arg(QString::fromStdString(written.error().message)));
    emit autosaved(recoveryFilePath());
    return true;
}

bool AutosaveManager::isWriting() const {
    return m_writer->isRunning();
}

void AutosaveManager::discardRecovery() {
    ++m_generation;  // an autosave under way is not written
    m_writePending = false;
    QFile::remove(recoveryFilePath());
    m_sessionLock.reset();   // unlocks and removes the lock file
}

QList<RecoveryFile> AutosaveManager::findOrphans() {
    QList<RecoveryFile> orphans;
    const QDir dir(m_directory);
    if (!dir.exists()) return orphans;
    for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("*") + kSuffix}, QDir::Files)) {
        const QString path = info.absoluteFilePath();
        if (info.completeBaseName() == m_key) continue;
        if (!m_orphanLocks.count(path)) {
            std::unique_ptr<QLockFile> lock = makeLock(lockPathFor(path));
            if (!lock->tryLock(0)) continue;   // a live session's (or one being restored elsewhere)
            m_orphanLocks.emplace(path, std::move(lock));
        }
        RecoveryFile file;
        file.path = path;
        Expected<RecoveredProject> recovered = readRecoveryFile(path);
        if (recovered) {
            file.originalPath = recovered->originalPath;
            file.displayName = recovered->displayName;
            file.savedAt = recovered->savedAt;
            file.entryCount = static_cast<int>(recovered->project.entries.size());
        } else {
            file.error = QString::fromStdString(recovered.error().message);
            file.savedAt = info.lastModified();
            file.displayName = info.fileName();
        }
        orphans.push_back(file);
    }
    std::sort(orphans.begin(), orphans.end(),
              [](const RecoveryFile& a, const RecoveryFile& b) { return a.savedAt > b.savedAt; });
    // Locks left by sessions that died before writing anything.
    for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("session-*") + kLockSuffix}, QDir::Files)) {
        if (info.completeBaseName() == m_key || QFileInfo::exists(dir.filePath(info.completeBaseName() + kSuffix)))
            continue;
        std::unique_ptr<QLockFile> lock = makeLock(info.absoluteFilePath());
        if (lock->tryLock(0)) lock->unlock();
    }
    return orphans;
}

Expected<RecoveredProject> AutosaveManager::readRecoveryFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ioError(tr("cannot open %1: %2").arg(path, file.errorString()).toStdString());
    const QByteArray bytes = file.readAll();
    const std::string name = QFileInfo(path).fileName().toStdString();
    // The bounded parse of every reader: JSON nested deeper than the readers' limit overflowed the stack in
    // the project's copies (a recovery file is offered at start, before the user has done anything).
    if (std::optional<std::string> deep = json_detail::jsonNestingProblem({bytes.constData(), static_cast<std::size_t>(bytes.size())}))
        return invalidInput(name + ": not a recovery file: " + *deep);
    nlohmann::json json;
    try {
        json = json_detail::parseJsonText({bytes.constData(), static_cast<std::size_t>(bytes.size())});
    } catch (const json_detail::InputError&) {
        return invalidInput(name + ": not a recovery file (truncated or not JSON)");
    }
    if (!json.is_object()) return invalidInput(name + ": not a recovery file (truncated or not JSON)");
    const auto format = json.find("format");
    if (format == json.end() || !format->is_string() || format->get<std::string>() != kFormat)
        return invalidInput(name + ": not a HetSched recovery file");
    const auto version = json.find("version");
    if (version == json.end() || !version->is_number_integer() || version->get<long long>() > kVersion)
        return invalidInput(name + ": written by a newer HetSched");
    if (!json.contains("project")) return invalidInput(name + ": no project in it");
    Expected<Project> project = projectFromJson(json["project"]);
    if (!project) return invalidInput(name + ": project: " + project.error().message);
    RecoveredProject recovered;
    recovered.project = std::move(*project);
    const auto text = [&json](const char* key) {
        const auto it = json.find(key);
        return it != json.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
    };
    recovered.originalPath = text("original_path");
    recovered.displayName = text("display_name");
    recovered.savedAt = QDateTime::fromString(text("saved_at"), Qt::ISODateWithMs).toLocalTime();
    if (!recovered.savedAt.isValid()) recovered.savedAt = QFileInfo(path).lastModified();
    if (recovered.displayName.isEmpty())
        recovered.displayName = recovered.originalPath.isEmpty() ? tr("untitled")
                                                                 : QFileInfo(recovered.originalPath).fileName();
    return recovered;
}

void AutosaveManager::discardOrphan(const QString& path) {
    auto it = m_orphanLocks.find(path);
    if (it == m_orphanLocks.end()) {
        // Never another live session's file.
        std::unique_ptr<QLockFile> lock = makeLock(lockPathFor(path));
        if (!lock->tryLock(0)) return;
        it = m_orphanLocks.emplace(path, std::move(lock)).first;
    }
    QFile::remove(path);
    m_orphanLocks.erase(it);   // unlocks and removes the lock file
}

void AutosaveManager::releaseOrphans() {
    m_orphanLocks.clear();
}

}  // namespace hetsched::ui
