// The tasks of a CPU/GPU instance as an editable table; every accepted edit (a cell, a paste) is one undo command.
#pragma once

#include "editors/instance_table_model.h"

namespace hetsched::ui {

class CpuGpuTaskModel : public InstanceTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, CpuColumn, GpuColumn, AccelerationColumn, ColumnCount };

    explicit CpuGpuTaskModel(ProjectDocument* document, QObject* parent = nullptr);

    // The instance shown, or null when the entry is not a CPU/GPU instance.
    const CpuGpuInstance* instance() const;

    // Validates `candidate` with the core's reader and pushes it as one command; on failure emits
    // editRejected (naming the task's row and column) and leaves the document unchanged.
    bool commit(CpuGpuInstance candidate, const QString& text, int mergeKey = -1);

    void addTask();
    void removeTasks(QList<int> rows);
    // Appends the tasks of CSV/TSV text (see parseCpuGpuTasks) as one command; false when refused.
    bool pasteTasks(const QString& text);

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    int rowsOf(const Instance& instance) const override;
};

// The core names JSON paths ("tasks[2].gpu: must be positive"); the user reads "row 3 (gemm0), gpu".
QString nameTaskRows(QString message, const CpuGpuInstance& in);

}  // namespace hetsched::ui
