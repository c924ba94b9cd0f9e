#include "document/document_commands.h"

namespace hetsched::ui {

AddEntryCommand::AddEntryCommand(ProjectDocument* document, int row, DocumentEntry entry)
    : m_document(document), m_row(row), m_id(entry.id), m_entry(std::move(entry)) {
    setText(QObject::tr("Add instance \"%1\"").arg(m_entry.name));
}

void AddEntryCommand::redo() {
    m_document->insertEntryAt(m_row, std::move(m_entry));
}

void AddEntryCommand::undo() {
    const int row = m_document->rowOf(m_id);
    if (row >= 0) m_entry = m_document->takeEntryAt(row);
}

RemoveEntryCommand::RemoveEntryCommand(ProjectDocument* document, EntryId id)
    : m_document(document), m_id(id) {
    const DocumentEntry* e = document->entry(id);
    setText(QObject::tr("Remove instance \"%1\"").arg(e ? e->name : QString()));
}

void RemoveEntryCommand::redo() {
    m_row = m_document->rowOf(m_id);
    if (m_row >= 0) m_entry = m_document->takeEntryAt(m_row);
}

void RemoveEntryCommand::undo() {
    if (m_row >= 0) m_document->insertEntryAt(m_row, std::move(m_entry));
}

RenameEntryCommand::RenameEntryCommand(ProjectDocument* document, EntryId id, QString before, QString after)
    : m_document(document), m_id(id), m_before(std::move(before)), m_after(std::move(after)) {
    setText(QObject::tr("Rename \"%1\" to \"%2\"").arg(m_before, m_after));
}

void RenameEntryCommand::redo() {
    m_document->setEntryName(m_id, m_after);
}
void RenameEntryCommand::undo() {
    m_document->setEntryName(m_id, m_before);
}

EditInstanceCommand::EditInstanceCommand(ProjectDocument* document, EntryId id, std::size_t beforeDigest,
                                         Instance after, std::size_t afterDigest, const QString& text, int mergeKey)
    : m_document(document),
      m_id(id),
      m_edited(std::move(after)),
      m_beforeDigest(beforeDigest),
      m_afterDigest(afterDigest),
      m_mergeKey(mergeKey) {
    setText(text);
}

void EditInstanceCommand::redo() {
    if (m_edited) {
        m_before = m_document->setEntryInstance(m_id, std::move(*m_edited), m_afterDigest);
        m_edited.reset();
    } else if (m_after) {
        m_before = m_document->setEntryInstance(m_id, m_after, m_afterDigest);
    }
}
void EditInstanceCommand::undo() {
    if (m_before) m_after = m_document->setEntryInstance(m_id, m_before, m_beforeDigest);
}

int EditInstanceCommand::id() const {
    return m_mergeKey >= 0 ? 1000 + m_mergeKey : -1;
}

bool EditInstanceCommand::mergeWith(const QUndoCommand* other) {
    const auto* edit = dynamic_cast<const EditInstanceCommand*>(other);
    if (!edit || edit->m_id != m_id || edit->m_mergeKey != m_mergeKey) return false;
    // The later edit is done: the version it made is the document's (or its snapshot once undone).
    m_after = edit->m_after;
    m_afterDigest = edit->m_afterDigest;
    // The history names the value reached ("Change T to 1200", not the first keystroke's "Change T to 1").
    setText(edit->text());
    return true;
}

SetLayoutCommand::SetLayoutCommand(ProjectDocument* document, EntryId id, nlohmann::json before,
                                   nlohmann::json after, const QString& text)
    : m_document(document), m_id(id), m_before(std::move(before)), m_after(std::move(after)) {
    setText(text);
}

void SetLayoutCommand::redo() {
    m_document->setEntryLayout(m_id, m_after);
}
void SetLayoutCommand::undo() {
    m_document->setEntryLayout(m_id, m_before);
}

RemoveRunCommand::RemoveRunCommand(ProjectDocument* document, EntryId id, int index)
    : m_document(document), m_id(id), m_index(index) {
    const DocumentEntry* e = document->entry(id);
    const QString solver = e && index >= 0 && index < static_cast<int>(e->runs.size())
                               ? e->runs[static_cast<std::size_t>(index)].solver()
                               : QString();
    setText(QObject::tr("Remove run #%1 (%2)").arg(index + 1).arg(solver));
}

void RemoveRunCommand::redo() {
    m_run = m_document->takeRunAt(m_id, m_index);
}

void RemoveRunCommand::undo() {
    m_document->insertRunAt(m_id, m_index, std::move(m_run));
    m_run = {};
}

}  // namespace hetsched::ui
