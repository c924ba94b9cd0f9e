// One order of a divisible-load scenario (the send order pi or the return order sigma) as a list the user
// reorders by drag and drop; every change is one undo command on the instance's send_order / return_order.
#pragma once

#include <QAbstractListModel>
#include <cstddef>
#include <vector>

namespace hetsched::ui {

class DivisibleWorkerModel;

class DivisibleScenarioModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum class Order { Send, Return };
    enum Role { WorkerIndexRole = Qt::UserRole + 1 };

    // Reads the instance of `workers` and commits through it (validation, naming, undo).
    DivisibleScenarioModel(DivisibleWorkerModel* workers, Order order, QObject* parent = nullptr);

    Order order() const { return m_order; }
    // Whether the instance gives this order (otherwise it is implied: listed order, or FIFO for returns).
    bool isGiven() const;
    // The worker index shown at each row. The send list shows every worker, the participants first (checked);
    // the return list shows the participants only.
    const std::vector<std::size_t>& workerRows() const { return m_rows; }

    // Moves the worker at row `from` to just before row `before` (rowCount() for the end) as one edit.
    // In the send list, a worker dropped among the participants joins them. Returns whether it changed.
    bool moveWorker(int from, int before);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    Qt::DropActions supportedDropActions() const override { return Qt::MoveAction; }
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                         const QModelIndex& parent) const override;
    bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                      const QModelIndex& parent) override;

private:
    void rebuild();
    int participantCount() const { return m_participants; }

    DivisibleWorkerModel* m_workers;
    Order m_order;
    std::vector<std::size_t> m_rows;
    int m_participants = 0;
};

}  // namespace hetsched::ui
