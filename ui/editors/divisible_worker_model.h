// The workers of a divisible-load instance as an editable table; every accepted edit is one undo command.
#pragma once

#include <QAbstractTableModel>

#include "document/project_document.h"

namespace hetsched::ui {

class DivisibleWorkerModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, CColumn, WColumn, DColumn, ColumnCount };

    explicit DivisibleWorkerModel(ProjectDocument* document, QObject* parent = nullptr);

    ProjectDocument* document() const { return m_document; }
    void setEntry(EntryId id);
    EntryId entryId() const { return m_entryId; }
    // The instance shown, or null when the entry is not a divisible instance.
    const DivisibleInstance* instance() const;

    // Validates `candidate` with the core's reader and pushes it as one command; on failure emits
    // editRejected (naming the worker) and leaves the document unchanged. Returns whether it was accepted.
    bool commit(DivisibleInstance candidate, const QString& text, int mergeKey = -1);
    // Emits editRejected: for refusals found before a candidate exists (a word where a number goes).
    void reject(const QString& message);

    void addWorker();
    void removeWorkers(QList<int> rows);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

signals:
    void editRejected(const QString& message);

private:
    void onInstanceChanged(EntryId id);
    bool setCell(int row, int column, const QString& text);

    ProjectDocument* m_document;
    EntryId m_entryId = 0;
    int m_rowCount = 0;
};

}  // namespace hetsched::ui
