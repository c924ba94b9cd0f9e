// What every instance editor's table shares: it follows one document entry, resets when its row count
// changes, refreshes in place otherwise, and pushes each accepted edit as one undo command.
#pragma once

#include <QAbstractTableModel>

#include "document/project_document.h"

namespace hetsched::ui {

class InstanceTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    ProjectDocument* document() const { return m_document; }
    void setEntry(EntryId id);
    EntryId entryId() const { return m_entryId; }

    // Emits editRejected: for refusals found before a candidate exists (a word where a number goes).
    void reject(const QString& message);

    int rowCount(const QModelIndex& parent = {}) const override;

signals:
    void editRejected(const QString& message);

protected:
    InstanceTableModel(ProjectDocument* document, QObject* parent);

    // The entry's instance (null when there is none).
    const Instance* entryInstance() const;
    // The table's rows for `instance`: 0 when it is not of the model's kind.
    virtual int rowsOf(const Instance& instance) const = 0;
    // Validates `candidate` with the core's reader and pushes it as one command: an empty string, or the
    // reader's message with the document unchanged.
    QString pushIfValid(Instance candidate, const QString& text, int mergeKey);

private:
    void onInstanceChanged(EntryId id);
    int currentRows() const;

    ProjectDocument* m_document;
    EntryId m_entryId = 0;
    int m_rowCount = 0;
};

}  // namespace hetsched::ui
