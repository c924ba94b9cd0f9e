// The workers of a divisible-load instance as an editable table; every accepted edit is one undo command.
#pragma once

#include "editors/instance_table_model.h"

namespace hetsched::ui {

class DivisibleWorkerModel : public InstanceTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, CColumn, WColumn, DColumn, ColumnCount };

    explicit DivisibleWorkerModel(ProjectDocument* document, QObject* parent = nullptr);

    // The instance shown, or null when the entry is not a divisible instance.
    const DivisibleInstance* instance() const;

    // Validates `candidate` with the core's reader and pushes it as one command; on failure emits
    // editRejected (naming the worker) and leaves the document unchanged. Returns whether it was accepted.
    bool commit(DivisibleInstance candidate, const QString& text, int mergeKey = -1);

    void addWorker();
    void removeWorkers(QList<int> rows);

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    int rowsOf(const Instance& instance) const override;
    bool setCell(int row, int column, const QString& text);
};

}  // namespace hetsched::ui
