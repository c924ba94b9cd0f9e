#include "document/project_document.h"

#include <algorithm>
#include <cstdint>
#include <memory>

#include "document/document_commands.h"
#include "family/family.h"
#include "io/json_reader.h"
#include "model/dag_edit_check.h"
#include "results/result_io.h"
#include "simulation/simulation_io.h"

namespace hetsched::ui {

ProjectDocument::ProjectDocument(QObject* parent) : QObject(parent) {
    connect(&m_undoStack, &QUndoStack::cleanChanged, this, [this] { updateModified(); });
}

const DocumentEntry* ProjectDocument::entry(EntryId id) const {
    const int row = rowOf(id);
    return row < 0 ? nullptr : &m_entries[static_cast<std::size_t>(row)];
}

DocumentEntry* ProjectDocument::mutableEntry(EntryId id) {
    const int row = rowOf(id);
    return row < 0 ? nullptr : &m_entries[static_cast<std::size_t>(row)];
}

int ProjectDocument::rowOf(EntryId id) const {
    for (std::size_t row = 0; row < m_entries.size(); ++row)
        if (m_entries[row].id == id) return static_cast<int>(row);
    return -1;
}

void ProjectDocument::setFilePath(const QString& path) {
    if (path == m_filePath) return;
    m_filePath = path;
    emit filePathChanged(path);
}

void ProjectDocument::markSaved() {
    m_runsModified = false;
    m_unsavedContent = false;
    m_undoStack.setClean();
    updateModified();
}

void ProjectDocument::markUnsaved() {
    m_unsavedContent = true;
    updateModified();
}

void ProjectDocument::updateModified() {
    const bool modified = isModified();
    if (modified == m_lastModified) return;
    m_lastModified = modified;
    emit modifiedChanged(modified);
}

PreparedRun ProjectDocument::prepareRun(const ProjectEntry& soFar, const json_detail::JsonNode& run) {
    std::optional<std::size_t> computedOn;
    try {   // parseProject checked it; a project made otherwise gets an unreadable run, not an exception
        if (const std::optional<json_detail::JsonNode> index = run.find("computed_on"))
            computedOn = static_cast<std::size_t>(index->integer(0, static_cast<std::int64_t>(soFar.earlierInstances.size()) - 1));
    } catch (const json_detail::InputError& e) {
        PreparedRun unreadable;
        unreadable.record.restoreError = QString::fromStdString(e.what());
        unreadable.record.unreadable = run.json();
        return unreadable;
    }
    PreparedRun prepared{readRunRecord(computedOn ? soFar.earlierInstances[*computedOn] : soFar.instance, run, 0), computedOn};
    if (prepared.record.unreadable.is_object())   // an unreadable run is saved back where it is
        prepared.record.unreadable.erase("computed_on");
    return prepared;
}

std::vector<DocumentEntry> ProjectDocument::prepareEntries(Project project, const Progress& progress,
                                                         std::vector<std::vector<PreparedRun>> runs) {
    std::vector<DocumentEntry> entries;
    entries.reserve(project.entries.size());
    const double count = static_cast<double>(std::max<std::size_t>(1, project.entries.size()));
    for (ProjectEntry& stored : project.entries) {
        if (progress.stopRequested()) return {};
        progress.report(static_cast<double>(entries.size()) / count, "preparing " + stored.name);
        // The runs the project keeps as trees (one not read by File > Open: a recovery file), read as prepareRun
        // reads a file's, then those already read from the file.
        std::vector<PreparedRun> prepared;
        for (const nlohmann::json& run : stored.runs) prepared.push_back(prepareRun(stored, json_detail::JsonNode(run, "")));
        if (entries.size() < runs.size())
            for (PreparedRun& run : runs[entries.size()]) prepared.push_back(std::move(run));
        DocumentEntry entry;
        entry.name = QString::fromStdString(stored.name);
        entry.instance = std::move(stored.instance);
        entry.digest = instanceDigest(entry.instance);
        entry.layout = std::move(stored.layout);
        entry.recordedMakespan = stored.recordedMakespan;
        // The earlier versions runs were computed on, each one snapshot shared by its runs.
        std::vector<std::shared_ptr<const Instance>> earlier;
        std::vector<std::size_t> earlierDigests;
        for (Instance& version : stored.earlierInstances) {
            earlierDigests.push_back(instanceDigest(version));
            earlier.push_back(std::make_shared<const Instance>(std::move(version)));
        }
        for (PreparedRun& run : prepared) {
            run.record.instanceDigest = run.computedOn ? earlierDigests[*run.computedOn] : entry.digest;
            if (run.computedOn) run.record.instance = earlier[*run.computedOn];
            entry.runs.push_back(std::move(run.record));
        }
        entries.push_back(std::move(entry));
    }
    progress.report(1.0, "prepared");
    return entries;
}

void ProjectDocument::reset(Project project, const QString& filePath) {
    reset(prepareEntries(std::move(project)), filePath);
}

void ProjectDocument::reset(std::vector<DocumentEntry> entries, const QString& filePath) {
    emit aboutToReset();
    m_undoStack.clear();
    m_entries = std::move(entries);
    for (DocumentEntry& entry : m_entries) entry.id = nextId();
    m_runsModified = false;
    m_unsavedContent = false;
    m_filePath = filePath;
    ++m_revision;
    emit wasReset();
    emit filePathChanged(m_filePath);
    updateModified();
}

Project ProjectDocument::toProject() const {
    Project project;
    for (const DocumentEntry& entry : m_entries) {
        ProjectEntry stored{entry.name.toStdString(), entry.instance, {}, entry.layout, {}, entry.recordedMakespan};
        // Each earlier version once, in the order of the first run computed on it.
        std::vector<std::size_t> earlierDigests;
        for (const RunRecord& run : entry.runs) {
            nlohmann::json json = runJson(run, solvedInstance(run, entry.instance));
            if (run.instance && !isRunCurrent(entry, run)) {
                const auto known = std::find(earlierDigests.begin(), earlierDigests.end(), run.instanceDigest);
                json["computed_on"] = static_cast<std::size_t>(known - earlierDigests.begin());
                if (known == earlierDigests.end()) {
                    earlierDigests.push_back(run.instanceDigest);
                    stored.earlierInstances.push_back(*run.instance);
                }
            }
            if (run.simulation) json["simulation"] = storedSimulationToJson(*run.simulation);
            stored.runs.push_back(std::move(json));
        }
        project.entries.push_back(std::move(stored));
    }
    return project;
}

QString ProjectDocument::validationError(const Instance& instance) {
    // The family's typed checks: the rules of its file, on the instance as it is (no file written and read).
    const std::optional<std::string> problem = familyOf(instance).instanceProblem(instance);
    return problem ? QString::fromStdString(*problem) : QString();
}

ProjectDocument::CheckedInstance ProjectDocument::check(const Instance& instance) {
    QString error = validationError(instance);
    if (!error.isEmpty()) return {std::move(error), 0};
    return {QString(), instanceDigest(instance)};
}

ProjectDocument::CheckedInstance ProjectDocument::checkEdit(const Instance& before, const Instance& after) {
    const auto* from = std::get_if<DagInstance>(&before);
    const auto* to = std::get_if<DagInstance>(&after);
    if (from && to && dagEditKnownValid(*from, *to)) return {QString(), instanceDigest(after)};
    return check(after);
}

QString ProjectDocument::uniqueName(const QString& base) const {
    const QString stem = base.trimmed().isEmpty() ? QStringLiteral("instance") : base.trimmed();
    const auto taken = [this](const QString& name) {
        return std::any_of(m_entries.begin(), m_entries.end(),
                           [&](const DocumentEntry& e) { return e.name == name; });
    };
    if (!taken(stem)) return stem;
    for (int n = 2;; ++n) {
        const QString candidate = QStringLiteral("%1 (%2)").arg(stem).arg(n);
        if (!taken(candidate)) return candidate;
    }
}

EntryId ProjectDocument::addEntry(const QString& name, Instance instance, std::vector<RunRecord> runs,
                                  std::optional<double> recordedMakespan) {
    DocumentEntry entry;
    entry.id = nextId();
    entry.name = uniqueName(name);
    entry.instance = std::move(instance);
    entry.digest = instanceDigest(entry.instance);
    entry.runs = std::move(runs);
    entry.recordedMakespan = recordedMakespan;
    const EntryId id = entry.id;
    m_undoStack.push(new AddEntryCommand(this, entryCount(), std::move(entry)));
    return id;
}

void ProjectDocument::removeEntry(EntryId id) {
    if (rowOf(id) >= 0) m_undoStack.push(new RemoveEntryCommand(this, id));
}

void ProjectDocument::renameEntry(EntryId id, const QString& name) {
    const DocumentEntry* e = entry(id);
    const QString trimmed = name.trimmed();
    if (!e || trimmed.isEmpty() || trimmed == e->name) return;
    m_undoStack.push(new RenameEntryCommand(this, id, e->name, uniqueName(trimmed)));
}

void ProjectDocument::editInstance(EntryId id, Instance after, const QString& text, int mergeKey,
                                   std::optional<std::size_t> digest) {
    const DocumentEntry* e = entry(id);
    if (!e) return;
    const std::size_t afterDigest = digest ? *digest : instanceDigest(after);
    // The command holds the edited instance until it is done; the instance it replaces goes into a snapshot
    // then (no copy of either).
    m_undoStack.push(new EditInstanceCommand(this, id, e->digest, std::move(after), afterDigest, text, mergeKey));
}

void ProjectDocument::setLayout(EntryId id, nlohmann::json layout, const QString& text) {
    const DocumentEntry* e = entry(id);
    if (!e || e->layout == layout) return;
    m_undoStack.push(new SetLayoutCommand(this, id, e->layout, std::move(layout), text));
}

void ProjectDocument::appendRun(EntryId id, RunRecord run) {
    DocumentEntry* e = mutableEntry(id);
    if (!e) return;
    e->runs.push_back(std::move(run));
    m_runsModified = true;
    ++m_revision;
    emit runsChanged(id);
    updateModified();
}

void ProjectDocument::removeRun(EntryId id, int index) {
    removeRuns(id, {index});
}

void ProjectDocument::removeRuns(EntryId id, std::vector<int> indices) {
    const DocumentEntry* e = entry(id);
    if (!e) return;
    const int count = static_cast<int>(e->runs.size());
    std::erase_if(indices, [count](int index) { return index < 0 || index >= count; });
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    if (indices.empty()) return;
    if (indices.size() == 1) {
        m_undoStack.push(new RemoveRunCommand(this, id, indices.front()));
        return;
    }
    m_undoStack.beginMacro(tr("Remove %n run(s)", nullptr, static_cast<int>(indices.size())));
    // From the last: the indices still to remove stay valid.
    for (auto it = indices.rbegin(); it != indices.rend(); ++it) m_undoStack.push(new RemoveRunCommand(this, id, *it));
    m_undoStack.endMacro();
}

RunRecord ProjectDocument::takeRunAt(EntryId id, int index) {
    DocumentEntry* e = mutableEntry(id);
    if (!e || index < 0 || index >= static_cast<int>(e->runs.size())) return {};
    emit runAboutToBeRemoved(id, index);
    RunRecord run = std::move(e->runs[static_cast<std::size_t>(index)]);
    e->runs.erase(e->runs.begin() + index);
    ++m_revision;
    emit runRemoved(id, index);
    emit runsChanged(id);
    return run;
}

void ProjectDocument::insertRunAt(EntryId id, int index, RunRecord run) {
    DocumentEntry* e = mutableEntry(id);
    if (!e) return;
    index = std::clamp(index, 0, static_cast<int>(e->runs.size()));
    emit runAboutToBeInserted(id, index);
    e->runs.insert(e->runs.begin() + index, std::move(run));
    ++m_revision;
    emit runInserted(id, index);
    emit runsChanged(id);
}

void ProjectDocument::setRunSimulation(EntryId id, int index, std::shared_ptr<const SimulationResult> simulation) {
    DocumentEntry* e = mutableEntry(id);
    if (!e || !simulation || index < 0 || index >= static_cast<int>(e->runs.size())) return;
    RunRecord& run = e->runs[static_cast<std::size_t>(index)];
    run.simulation = std::move(simulation);
    run.keptSimulationSummary = nullptr;
    m_runsModified = true;
    emit runsChanged(id);
    updateModified();
}

void ProjectDocument::insertEntryAt(int row, DocumentEntry entry) {
    row = std::clamp(row, 0, entryCount());
    emit entryAboutToBeInserted(row);
    m_entries.insert(m_entries.begin() + row, std::move(entry));
    ++m_revision;
    emit entryInserted(row);
}

DocumentEntry ProjectDocument::takeEntryAt(int row) {
    emit entryAboutToBeRemoved(row);
    DocumentEntry entry = std::move(m_entries[static_cast<std::size_t>(row)]);
    m_entries.erase(m_entries.begin() + row);
    ++m_revision;
    emit entryRemoved(row);
    return entry;
}

void ProjectDocument::setEntryName(EntryId id, const QString& name) {
    if (DocumentEntry* e = mutableEntry(id)) {
        e->name = name;
        ++m_revision;
        emit entryRenamed(id);
    }
}

std::shared_ptr<const Instance> ProjectDocument::setEntryInstance(EntryId id, InstanceSource next, std::size_t digest) {
    DocumentEntry* e = mutableEntry(id);
    if (!e) return {};
    // The version going away, kept by the undo history and by the runs computed on it (one copy, shared).
    std::shared_ptr<const Instance> previous =
        e->snapshot ? std::move(e->snapshot) : std::make_shared<const Instance>(std::move(e->instance));
    for (RunRecord& run : e->runs)
        if (!run.instance && run.instanceDigest == e->digest) run.instance = previous;
    if (auto* owned = std::get_if<Instance>(&next)) {
        e->instance = std::move(*owned);
        e->snapshot = nullptr;
    } else {
        e->snapshot = std::get<std::shared_ptr<const Instance>>(std::move(next));
        e->instance = *e->snapshot;
    }
    e->digest = digest;
    ++m_revision;
    m_replaced = previous;
    emit instanceChanged(id);
    m_replaced = nullptr;
    emit runsChanged(id);  // which runs are current depends on the instance
    return previous;
}

void ProjectDocument::setEntryLayout(EntryId id, nlohmann::json layout) {
    if (DocumentEntry* e = mutableEntry(id)) {
        e->layout = std::move(layout);
        ++m_revision;
        emit layoutChanged(id);
    }
}

}  // namespace hetsched::ui
