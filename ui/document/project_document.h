// The open project as a model: named instances with their runs, changed only through undo commands.
#pragma once

#include <QObject>
#include <QString>
#include <QUndoStack>
#include <cstddef>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "common/progress.h"
#include "document/run_record.h"
#include "io/project.h"
#include "model/instance.h"

namespace hetsched::ui {

// Stable identity of an entry: rows move under undo, ids do not.
using EntryId = quint64;

struct DocumentEntry {
    EntryId id = 0;
    QString name;
    Instance instance;
    std::size_t digest = 0;  // instanceDigest(instance)
    std::vector<RunRecord> runs;
    nlohmann::json layout;   // canvas positions (ProjectEntry::layout); not in the digest
    std::optional<double> recordedMakespan;   // an imported workflow's own run (ProjectEntry::recordedMakespan)
    // `instance` as an immutable snapshot, shared with the undo history and the runs made on it; null until
    // one is needed (the instance replaced by an edit is moved into its snapshot, never copied).
    std::shared_ptr<const Instance> snapshot;
};

// A project's run read where it lies in the file (parseProject's ProjectRunReader), before its entry is prepared:
// the record, and the earlier instance it was computed on ("computed_on"), if not the entry's.
struct PreparedRun {
    RunRecord record;
    std::optional<std::size_t> computedOn;
};

class ProjectDocument : public QObject {
    Q_OBJECT
public:
    explicit ProjectDocument(QObject* parent = nullptr);

    QUndoStack* undoStack() { return &m_undoStack; }

    int entryCount() const { return static_cast<int>(m_entries.size()); }
    const DocumentEntry& entryAt(int row) const { return m_entries[static_cast<std::size_t>(row)]; }
    const DocumentEntry* entry(EntryId id) const;
    int rowOf(EntryId id) const;  // -1 when absent
    bool isRunCurrent(const DocumentEntry& entry, const RunRecord& run) const {
        return run.instanceDigest == entry.digest;
    }

    QString filePath() const { return m_filePath; }
    void setFilePath(const QString& path);
    bool isModified() const { return !m_undoStack.isClean() || m_runsModified || m_unsavedContent; }
    void markSaved();
    // The content is not what its file holds (a document restored from an autosave): modified until saved.
    void markUnsaved();

    // Replaces the whole content (a file was opened, or File > New); clears the undo history.
    void reset(Project project, const QString& filePath);
    // The entries of a project as the document keeps them (each instance's digest taken, its runs read
    // back), ids aside: what reset() costs beyond moving them in, and safe to do on any thread (opening a
    // big file prepares them off the GUI thread). Empty when stopped.
    // `runs`: the entries' runs already read from the file (prepareRun), the project's own `runs` then empty.
    static std::vector<DocumentEntry> prepareEntries(Project project, const Progress& progress = {},
                                                     std::vector<std::vector<PreparedRun>> runs = {});
    // One run of a project as prepareEntries reads it from `runs`, read from its node: against the entry's instance
    // or the earlier one it names, its whole simulation kept, no JSON tree of its tasks. On any thread.
    static PreparedRun prepareRun(const ProjectEntry& soFar, const json_detail::JsonNode& run);
    // Replaces the whole content by prepared entries (ids given here), as reset(Project) does.
    void reset(std::vector<DocumentEntry> entries, const QString& filePath);
    // Grows with every change of the content, runs included (not undoable ones only): whether the
    // document changed between two moments, saved or not.
    quint64 revision() const { return m_revision; }
    Project toProject() const;

    // Why `instance` is not a valid instance, empty when valid: its family's typed checks (core's
    // FamilyDescriptor::instanceProblem, the rules its file's reader applies), naming the element as the
    // file's JSON path does.
    static QString validationError(const Instance& instance);
    // The same check, and the instance's digest when it is valid.
    struct CheckedInstance {
        QString error;            // empty when valid
        std::size_t digest = 0;   // instanceDigest(instance)
    };
    static CheckedInstance check(const Instance& instance);
    // The same for `after`, an edit of the valid instance `before`: a task graph edit that changes a few
    // tasks or dependencies (a task's values, a dependency added, removed or changed) is checked on what
    // changed, in time independent of the graph's size; any other edit is checked whole, as check() does.
    static CheckedInstance checkEdit(const Instance& before, const Instance& after);
    // A name not used by any entry, built from `base` ("gpu-node", "gpu-node (2)").
    QString uniqueName(const QString& base) const;

    // Edits, each one undoable command on undoStack().
    EntryId addEntry(const QString& name, Instance instance, std::vector<RunRecord> runs = {},
                     std::optional<double> recordedMakespan = std::nullopt);
    void removeEntry(EntryId id);
    void renameEntry(EntryId id, const QString& name);
    // mergeKey >= 0 merges consecutive edits with the same key on the same entry (typing in a spin box).
    // `digest`, when known (check()), spares computing it again.
    void editInstance(EntryId id, Instance after, const QString& text, int mergeKey = -1,
                      std::optional<std::size_t> digest = std::nullopt);
    // Moves canvas elements: changes the entry's layout only, so its runs stay current.
    void setLayout(EntryId id, nlohmann::json layout, const QString& text);

    // A new run is a result, not an edit: not undoable, but it makes the document modified.
    void appendRun(EntryId id, RunRecord run);
    // Removing runs is an edit: one undoable command (undo puts each run back at its index, result and all).
    void removeRun(EntryId id, int index);
    void removeRuns(EntryId id, std::vector<int> indices);
    // Attaches a run's simulation on SimGrid (its summary goes into the run's JSON, so into the project).
    void setRunSimulation(EntryId id, int index, std::shared_ptr<const SimulationResult> simulation);

    // The instance an entry had before the change instanceChanged is announcing; null at any other time.
    const Instance* replacedInstance() const { return m_replaced.get(); }

signals:
    void aboutToReset();
    void wasReset();
    void entryAboutToBeInserted(int row);
    void entryInserted(int row);
    void entryAboutToBeRemoved(int row);
    void entryRemoved(int row);
    void entryRenamed(hetsched::ui::EntryId id);
    // While it is emitted, replacedInstance() is the version the entry had just before (for views that
    // update only what changed).
    void instanceChanged(hetsched::ui::EntryId id);
    void layoutChanged(hetsched::ui::EntryId id);
    void runsChanged(hetsched::ui::EntryId id);
    // One run taken out at, or put back at, `index` of the entry's runs (the runs after it shift); each pair
    // is followed by runsChanged.
    void runAboutToBeRemoved(hetsched::ui::EntryId id, int index);
    void runRemoved(hetsched::ui::EntryId id, int index);
    void runAboutToBeInserted(hetsched::ui::EntryId id, int index);
    void runInserted(hetsched::ui::EntryId id, int index);
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    friend class AddEntryCommand;
    friend class RemoveEntryCommand;
    friend class RenameEntryCommand;
    friend class EditInstanceCommand;
    friend class SetLayoutCommand;
    friend class RemoveRunCommand;

    DocumentEntry* mutableEntry(EntryId id);
    EntryId nextId() { return ++m_lastId; }
    void insertEntryAt(int row, DocumentEntry entry);
    DocumentEntry takeEntryAt(int row);
    void setEntryName(EntryId id, const QString& name);
    // Replaces the entry's instance by `next` (an instance moved in, or a snapshot whose copy the entry
    // keeps); returns the replaced instance as a snapshot (the entry's own when it had one, else made by
    // moving the instance into it), which the runs made on it share.
    using InstanceSource = std::variant<Instance, std::shared_ptr<const Instance>>;
    std::shared_ptr<const Instance> setEntryInstance(EntryId id, InstanceSource next, std::size_t digest);
    void setEntryLayout(EntryId id, nlohmann::json layout);
    RunRecord takeRunAt(EntryId id, int index);
    void insertRunAt(EntryId id, int index, RunRecord run);
    void updateModified();

    QUndoStack m_undoStack;
    std::vector<DocumentEntry> m_entries;
    QString m_filePath;
    EntryId m_lastId = 0;
    std::shared_ptr<const Instance> m_replaced;   // see replacedInstance()
    bool m_runsModified = false;
    bool m_unsavedContent = false;
    bool m_lastModified = false;
    quint64 m_revision = 0;
};

}  // namespace hetsched::ui
