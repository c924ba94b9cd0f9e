#include "editors/divisible_scenario_model.h"

#include <QBrush>
#include <QDataStream>
#include <QFont>
#include <QIODevice>
#include <QMimeData>
#include <QPalette>
#include <algorithm>

#include "editors/divisible_edits.h"
#include "editors/divisible_worker_model.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {

const QString kMimeType = QStringLiteral("application/x-hetsched-scenario-row");

}  // namespace

DivisibleScenarioModel::DivisibleScenarioModel(DivisibleWorkerModel* workers, Order order, QObject* parent)
    : QAbstractListModel(parent), m_workers(workers), m_order(order) {
    // The worker model signals every change of the instance (a reset when the count changes).
    connect(workers, &QAbstractItemModel::modelReset, this, &DivisibleScenarioModel::rebuild);
    connect(workers, &QAbstractItemModel::dataChanged, this, &DivisibleScenarioModel::rebuild);
    rebuild();
}

bool DivisibleScenarioModel::isGiven() const {
    const DivisibleInstance* in = m_workers->instance();
    if (!in) return false;
    return m_order == Order::Send ? !in->sendOrder.empty() : !in->returnOrder.empty();
}

void DivisibleScenarioModel::rebuild() {
    beginResetModel();
    m_rows.clear();
    m_participants = 0;
    if (const DivisibleInstance* in = m_workers->instance()) {
        const DivisibleScenario scenario = effectiveScenario(*in);
        if (m_order == Order::Send) {
            m_rows = scenario.sendOrder;
            m_participants = static_cast<int>(m_rows.size());
            for (std::size_t i = 0; i < in->workers.size(); ++i)
                if (std::find(scenario.sendOrder.begin(), scenario.sendOrder.end(), i) ==
                    scenario.sendOrder.end())
                    m_rows.push_back(i);
        } else {
            m_rows = scenario.returnOrder;
            m_participants = static_cast<int>(m_rows.size());
        }
    }
    endResetModel();
}

int DivisibleScenarioModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant DivisibleScenarioModel::data(const QModelIndex& index, int role) const {
    const DivisibleInstance* in = m_workers->instance();
    if (!in || !index.isValid() || index.row() >= static_cast<int>(m_rows.size())) return {};
    const std::size_t worker = m_rows[static_cast<std::size_t>(index.row())];
    if (worker >= in->workers.size()) return {};
    const DivisibleWorker& w = in->workers[worker];
    const bool participates = index.row() < m_participants;
    switch (role) {
        case Qt::DisplayRole:
            return participates
                       ? QStringLiteral("%1.  %2").arg(index.row() + 1).arg(QString::fromStdString(w.name))
                       : QString::fromStdString(w.name);
        case Qt::CheckStateRole:
            if (m_order != Order::Send) return {};
            return participates ? Qt::Checked : Qt::Unchecked;
        case Qt::ToolTipRole:
            return tr("%1: c = %2, w = %3, d = %4, c + d = %5%6")
                .arg(QString::fromStdString(w.name), formatNumber(w.c), formatNumber(w.w), formatNumber(w.d),
                     formatRounded(w.c + w.d),
                     participates ? QString()
                                  : tr("\nNot in the scenario: check it or drag it up to add it."));
        case Qt::ForegroundRole:
            if (!participates) return QBrush(QPalette().color(QPalette::Disabled, QPalette::Text));
            return {};
        case Qt::FontRole:
            if (!isGiven()) {
                QFont font;
                font.setItalic(true);  // an implied order: what the LP uses when none is given
                return font;
            }
            return {};
        case WorkerIndexRole:
            return QVariant::fromValue(static_cast<qulonglong>(worker));
        default:
            return {};
    }
}

Qt::ItemFlags DivisibleScenarioModel::flags(const QModelIndex& index) const {
    // Items are dragged and dropped between others, never onto one.
    if (!index.isValid()) return Qt::ItemIsDropEnabled;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled;
    if (m_order == Order::Send) f |= Qt::ItemIsUserCheckable;
    return f;
}

bool DivisibleScenarioModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    const DivisibleInstance* in = m_workers->instance();
    if (!in || m_order != Order::Send || role != Qt::CheckStateRole || !index.isValid() ||
        index.row() >= static_cast<int>(m_rows.size()))
        return false;
    const std::size_t worker = m_rows[static_cast<std::size_t>(index.row())];
    const bool join = static_cast<Qt::CheckState>(value.toInt()) == Qt::Checked;
    const bool participates = index.row() < m_participants;
    if (join == participates) return false;
    std::vector<std::size_t> send(m_rows.begin(), m_rows.begin() + m_participants);
    if (join)
        send.push_back(worker);
    else
        send.erase(std::find(send.begin(), send.end(), worker));
    const QString name = QString::fromStdString(in->workers[worker].name);
    Expected<DivisibleInstance> candidate = withSendOrder(*in, std::move(send));
    if (!candidate) {
        m_workers->reject(QString::fromStdString(candidate.error().message));
        return false;
    }
    return m_workers->commit(std::move(*candidate), join ? tr("Add %1 to the scenario").arg(name)
                                                         : tr("Remove %1 from the scenario").arg(name));
}

bool DivisibleScenarioModel::moveWorker(int from, int before) {
    const DivisibleInstance* in = m_workers->instance();
    const int n = static_cast<int>(m_rows.size());
    if (!in || from < 0 || from >= n || before < 0 || before > n) return false;
    const int to = before > from ? before - 1 : before;
    if (to == from) return false;
    const std::size_t worker = m_rows[static_cast<std::size_t>(from)];
    const QString name = QString::fromStdString(in->workers[worker].name);
    std::vector<std::size_t> rows = m_rows;
    rows.erase(rows.begin() + from);
    rows.insert(rows.begin() + to, worker);

    Expected<DivisibleInstance> candidate = invalidInput("");
    QString text;
    if (m_order == Order::Send) {
        // Participants keep taking part; a worker dropped within (or just after) them joins.
        const bool joins = from >= m_participants && to <= m_participants;
        std::vector<std::size_t> send;
        for (std::size_t i : rows) {
            const auto old = std::find(m_rows.begin(), m_rows.end(), i) - m_rows.begin();
            if (old < m_participants || (joins && i == worker)) send.push_back(i);
        }
        if (in->sendOrder.empty() ? send == effectiveScenario(*in).sendOrder : send == in->sendOrder)
            return false;
        const auto position = std::find(send.begin(), send.end(), worker) - send.begin() + 1;
        candidate = withSendOrder(*in, std::move(send));
        text = tr("Send to %1 in position %2").arg(name).arg(position);
    } else {
        candidate = withReturnOrder(*in, rows);
        text = tr("Return from %1 in position %2").arg(name).arg(to + 1);
    }
    if (!candidate) {
        m_workers->reject(QString::fromStdString(candidate.error().message));
        return false;
    }
    return m_workers->commit(std::move(*candidate), text);
}

QStringList DivisibleScenarioModel::mimeTypes() const {
    return {kMimeType};
}

QMimeData* DivisibleScenarioModel::mimeData(const QModelIndexList& indexes) const {
    if (indexes.isEmpty() || !indexes.front().isValid()) return nullptr;
    auto* data = new QMimeData;
    QByteArray bytes;
    QDataStream stream(&bytes, QIODevice::WriteOnly);
    // The row and the list it comes from: a drop only reorders the list it was dragged from.
    stream << static_cast<qint32>(indexes.front().row()) << static_cast<qint32>(m_order)
           << reinterpret_cast<quintptr>(this);
    data->setData(kMimeType, bytes);
    return data;
}

bool DivisibleScenarioModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int, int,
                                             const QModelIndex&) const {
    if (!data || action != Qt::MoveAction || !data->hasFormat(kMimeType)) return false;
    QDataStream stream(data->data(kMimeType));
    qint32 row = -1;
    qint32 order = -1;
    quintptr source = 0;
    stream >> row >> order >> source;
    return stream.status() == QDataStream::Ok && source == reinterpret_cast<quintptr>(this);
}

bool DivisibleScenarioModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                                          const QModelIndex& parent) {
    if (!canDropMimeData(data, action, row, column, parent)) return false;
    QDataStream stream(data->data(kMimeType));
    qint32 from = -1;
    stream >> from;
    const int before = parent.isValid() ? parent.row() : row < 0 ? rowCount() : row;
    moveWorker(from, before);
    // Accepted either way: the list redraws from the document, there is nothing for the view to remove.
    return true;
}

}  // namespace hetsched::ui
