#include "document/instance_list_model.h"

#include "util/number_text.h"

namespace hetsched::ui {

QString describeInstance(const Instance& instance) {
    if (const auto* partition = std::get_if<PartitionInstance>(&instance)) {
        return QObject::tr("partition, T = %1, %2, %3")
            .arg(partition->tasks)
            .arg(countOf(static_cast<long long>(partition->resources.size()), QObject::tr("resource"),
                         QObject::tr("resources")))
            .arg(partition->objective == PartitionObjective::Makespan ? QObject::tr("makespan")
                                                                      : QObject::tr("total cost"));
    }
    if (const auto* divisible = std::get_if<DivisibleInstance>(&instance)) {
        QString text = QObject::tr("divisible load, T = %1, %2")
                           .arg(formatRounded(divisible->horizon, 7))
                           .arg(countOf(static_cast<long long>(divisible->workers.size()),
                                        QObject::tr("worker"), QObject::tr("workers")));
        if (const std::optional<double> z = constantReturnRatio(*divisible))
            text += QObject::tr(", d = %1 c").arg(formatRounded(*z, 6));
        if (!divisible->sendOrder.empty() || !divisible->returnOrder.empty())
            text += QObject::tr(", scenario given");
        return text;
    }
    return QString::fromStdString(instanceKind(instance));
}

InstanceListModel::InstanceListModel(ProjectDocument* document, QObject* parent)
    : QAbstractListModel(parent), m_document(document) {
    connect(document, &ProjectDocument::aboutToReset, this, [this] { beginResetModel(); });
    connect(document, &ProjectDocument::wasReset, this, [this] { endResetModel(); });
    connect(document, &ProjectDocument::entryAboutToBeInserted, this,
            [this](int row) { beginInsertRows({}, row, row); });
    connect(document, &ProjectDocument::entryInserted, this, [this] { endInsertRows(); });
    connect(document, &ProjectDocument::entryAboutToBeRemoved, this,
            [this](int row) { beginRemoveRows({}, row, row); });
    connect(document, &ProjectDocument::entryRemoved, this, [this] { endRemoveRows(); });
    connect(document, &ProjectDocument::entryRenamed, this, &InstanceListModel::refreshRow);
    connect(document, &ProjectDocument::instanceChanged, this, &InstanceListModel::refreshRow);
    connect(document, &ProjectDocument::runsChanged, this, &InstanceListModel::refreshRow);
}

int InstanceListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_document->entryCount();
}

QVariant InstanceListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_document->entryCount()) return {};
    const DocumentEntry& entry = m_document->entryAt(index.row());
    switch (role) {
        case Qt::DisplayRole:
        case Qt::EditRole:
            return entry.name;
        case Qt::ToolTipRole:
            return tr("%1\n%2\n%3")
                .arg(entry.name, describeInstance(entry.instance),
                     countOf(static_cast<long long>(entry.runs.size()), tr("run"), tr("runs")));
        case EntryIdRole:
            return QVariant::fromValue(entry.id);
        default:
            return {};
    }
}

bool InstanceListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || role != Qt::EditRole) return false;
    const QString name = value.toString().trimmed();
    if (name.isEmpty()) return false;
    m_document->renameEntry(m_document->entryAt(index.row()).id, name);
    return true;
}

Qt::ItemFlags InstanceListModel::flags(const QModelIndex& index) const {
    return QAbstractListModel::flags(index) | (index.isValid() ? Qt::ItemIsEditable : Qt::NoItemFlags);
}

EntryId InstanceListModel::entryIdAt(int row) const {
    return row >= 0 && row < m_document->entryCount() ? m_document->entryAt(row).id : 0;
}

void InstanceListModel::refreshRow(EntryId id) {
    const int row = m_document->rowOf(id);
    if (row >= 0) emit dataChanged(index(row), index(row));
}

}  // namespace hetsched::ui
