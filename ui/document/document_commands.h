// The undoable edits of a ProjectDocument (Qt's Undo Framework: each command changes the model only).
#pragma once

#include <QUndoCommand>

#include "document/project_document.h"

namespace hetsched::ui {

class AddEntryCommand : public QUndoCommand {
public:
    AddEntryCommand(ProjectDocument* document, int row, DocumentEntry entry);
    void redo() override;
    void undo() override;

private:
    ProjectDocument* m_document;
    int m_row;
    EntryId m_id;
    DocumentEntry m_entry;  // held while the entry is not in the document
};

class RemoveEntryCommand : public QUndoCommand {
public:
    RemoveEntryCommand(ProjectDocument* document, EntryId id);
    void redo() override;
    void undo() override;

private:
    ProjectDocument* m_document;
    EntryId m_id;
    int m_row = -1;
    DocumentEntry m_entry;  // the removed entry with its runs, restored by undo
};

class RenameEntryCommand : public QUndoCommand {
public:
    RenameEntryCommand(ProjectDocument* document, EntryId id, QString before, QString after);
    void redo() override;
    void undo() override;

private:
    ProjectDocument* m_document;
    EntryId m_id;
    QString m_before;
    QString m_after;
};

// Replaces an entry's instance by a new version; consecutive edits with one merge key become one step.
// Each version is an immutable snapshot shared with the document and the runs made on it: the command
// holds the edited instance until it is done, then the snapshot of the version it replaced; the version
// it made is taken from the document (moved, not copied) when it is undone.
class EditInstanceCommand : public QUndoCommand {
public:
    EditInstanceCommand(ProjectDocument* document, EntryId id, std::size_t beforeDigest, Instance after,
                        std::size_t afterDigest, const QString& text, int mergeKey);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    ProjectDocument* m_document;
    EntryId m_id;
    std::optional<Instance> m_edited;         // the new version until first done
    std::shared_ptr<const Instance> m_before;  // once done
    std::shared_ptr<const Instance> m_after;   // once undone (null while the document holds it)
    std::size_t m_beforeDigest;  // instanceDigest of each, known when the command is made
    std::size_t m_afterDigest;
    int m_mergeKey;
};

// Replaces an entry's canvas layout (positions); the instance and its digest are untouched.
class SetLayoutCommand : public QUndoCommand {
public:
    SetLayoutCommand(ProjectDocument* document, EntryId id, nlohmann::json before, nlohmann::json after,
                     const QString& text);
    void redo() override;
    void undo() override;

private:
    ProjectDocument* m_document;
    EntryId m_id;
    nlohmann::json m_before;
    nlohmann::json m_after;
};

// Takes one run out of an entry's runs; undo puts it back at its index with its result and simulation.
class RemoveRunCommand : public QUndoCommand {
public:
    RemoveRunCommand(ProjectDocument* document, EntryId id, int index);
    void redo() override;
    void undo() override;

private:
    ProjectDocument* m_document;
    EntryId m_id;
    int m_index;
    RunRecord m_run;  // held while the run is not in the document
};

}  // namespace hetsched::ui
