// The allocations (with their throughput x_a and paths) and the valid patterns (with y_p) of a
// steady-state result as read-only tables; Qt::UserRole holds numbers to sort by.
#pragma once

#include <QAbstractTableModel>
#include <memory>

#include "views/steady/steady_view_data.h"

namespace hetsched::ui {

class SteadyAllocationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;
    void setData(std::shared_ptr<const SteadyViewData> data);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    bool bagOfTasks() const;
    std::shared_ptr<const SteadyViewData> m_data;
};

class SteadyPatternModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;
    void setData(std::shared_ptr<const SteadyViewData> data);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::shared_ptr<const SteadyViewData> m_data;
};

}  // namespace hetsched::ui
