#include "editors/instance_table_model.h"

namespace hetsched::ui {

InstanceTableModel::InstanceTableModel(ProjectDocument* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document) {
    connect(document, &ProjectDocument::instanceChanged, this, &InstanceTableModel::onInstanceChanged);
    connect(document, &ProjectDocument::aboutToReset, this, [this] {
        beginResetModel();
        m_entryId = 0;
        m_rowCount = 0;
    });
    connect(document, &ProjectDocument::wasReset, this, [this] { endResetModel(); });
    connect(document, &ProjectDocument::entryRemoved, this, [this] {
        if (m_entryId != 0 && !m_document->entry(m_entryId)) setEntry(0);
    });
}

const Instance* InstanceTableModel::entryInstance() const {
    const DocumentEntry* entry = m_document->entry(m_entryId);
    return entry ? &entry->instance : nullptr;
}

int InstanceTableModel::currentRows() const {
    const Instance* in = entryInstance();
    return in ? rowsOf(*in) : 0;
}

void InstanceTableModel::setEntry(EntryId id) {
    beginResetModel();
    m_entryId = id;
    m_rowCount = currentRows();
    endResetModel();
}

void InstanceTableModel::onInstanceChanged(EntryId id) {
    if (id != m_entryId) return;
    const int count = currentRows();
    if (count == m_rowCount) {
        if (count > 0) emit dataChanged(index(0, 0), index(count - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    m_rowCount = count;
    endResetModel();
}

QString InstanceTableModel::pushIfValid(Instance candidate, const QString& text, int mergeKey) {
    const QString error = ProjectDocument::validationError(candidate);
    if (error.isEmpty()) m_document->editInstance(m_entryId, std::move(candidate), text, mergeKey);
    return error;
}

void InstanceTableModel::reject(const QString& message) {
    emit editRejected(message);
}

int InstanceTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rowCount;
}

}  // namespace hetsched::ui
