// The runs of one instance side by side (solver, status, objective, time, message) for comparing solvers.
#pragma once

#include <QAbstractTableModel>

#include "document/project_document.h"

namespace hetsched::ui {

class RunTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NumberColumn,
        SolverColumn,
        StatusColumn,
        ObjectiveColumn,
        SimulatedColumn,   // the simulated makespan of the run's replay on SimGrid
        SecondsColumn,
        MessageColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, RunIndexRole, StaleRole /* bool: computed on an earlier version */ };

    explicit RunTableModel(ProjectDocument* document, QObject* parent = nullptr);

    void setEntry(EntryId id);
    EntryId entryId() const { return m_entryId; }
    const RunRecord* runAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void onRunsChanged(EntryId id);
    const DocumentEntry* currentEntry() const { return m_document->entry(m_entryId); }

    ProjectDocument* m_document;
    EntryId m_entryId = 0;
    int m_rowCount = 0;
    bool m_documentResetting = false;  // between the document's aboutToReset and wasReset
};

}  // namespace hetsched::ui
