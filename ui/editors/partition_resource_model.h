// The resources of a partition instance as an editable table; every accepted edit is one undo command.
#pragma once

#include "editors/instance_table_model.h"

namespace hetsched::ui {

class PartitionResourceModel : public InstanceTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, LowerColumn, UpperColumn, AllowedColumn, KindColumn, CostColumn, ColumnCount };

    explicit PartitionResourceModel(ProjectDocument* document, QObject* parent = nullptr);

    // The instance shown, or null when the entry is not a partition instance.
    const PartitionInstance* instance() const;

    // Validates `candidate` with the core's reader and pushes it as one command; on failure emits
    // editRejected and leaves the document unchanged. Returns whether the edit was accepted.
    bool commit(PartitionInstance candidate, const QString& text, int mergeKey = -1,
                const QString& notice = {});

    void addResource();
    void removeResources(QList<int> rows);

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

signals:
    void editNotice(const QString& message);  // an accepted edit adapted something the user should check

private:
    int rowsOf(const Instance& instance) const override;
    bool setCell(int row, int column, const QString& text);
};

}  // namespace hetsched::ui
