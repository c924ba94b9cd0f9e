#include "editors/divisible_worker_model.h"

#include <QRegularExpression>
#include <algorithm>

#include "editors/divisible_edits.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {
// Cells show 7 significant digits (2.114286); editing starts from the exact value (2.1142857142857143).
QString cellNumber(double value, int role) {
    return role == Qt::EditRole ? formatNumber(value) : formatRounded(value, 7);
}

// The core names JSON paths ("workers[2].c: must be positive"); the user knows workers by name.
QString nameWorkers(QString message, const DivisibleInstance& in) {
    static const QRegularExpression path(QStringLiteral("workers\\[(\\d+)\\]"));
    const QRegularExpressionMatch match = path.match(message);
    if (!match.hasMatch()) return message;
    const std::size_t i = match.captured(1).toULongLong();
    if (i >= in.workers.size()) return message;
    return message.insert(match.capturedEnd(),
                          QStringLiteral(" (%1)").arg(QString::fromStdString(in.workers[i].name)));
}

QString symbolOf(int column) {
    switch (column) {
        case DivisibleWorkerModel::CColumn:
            return QStringLiteral("c");
        case DivisibleWorkerModel::WColumn:
            return QStringLiteral("w");
        case DivisibleWorkerModel::DColumn:
            return QStringLiteral("d");
        default:
            return {};
    }
}

QString meaningOf(int column) {
    switch (column) {
        case DivisibleWorkerModel::CColumn:
            return QObject::tr("c_i: time to receive one unit of load from the master (> 0)");
        case DivisibleWorkerModel::WColumn:
            return QObject::tr("w_i: time to compute one unit of load (> 0)");
        case DivisibleWorkerModel::DColumn:
            return QObject::tr("d_i: time to send the results of one unit back to the master (>= 0)");
        default:
            return {};
    }
}

}  // namespace

DivisibleWorkerModel::DivisibleWorkerModel(ProjectDocument* document, QObject* parent) : InstanceTableModel(document, parent) {}

const DivisibleInstance* DivisibleWorkerModel::instance() const {
    const Instance* in = entryInstance();
    return in ? std::get_if<DivisibleInstance>(in) : nullptr;
}

int DivisibleWorkerModel::rowsOf(const Instance& instance) const {
    const auto* in = std::get_if<DivisibleInstance>(&instance);
    return in ? static_cast<int>(in->workers.size()) : 0;
}

bool DivisibleWorkerModel::commit(DivisibleInstance candidate, const QString& text, int mergeKey) {
    if (!instance()) return false;
    const QString error = pushIfValid(Instance{candidate}, text, mergeKey);
    if (!error.isEmpty()) emit editRejected(nameWorkers(error, candidate));
    return error.isEmpty();
}

void DivisibleWorkerModel::addWorker() {
    const DivisibleInstance* in = instance();
    if (!in) return;
    DivisibleInstance candidate = *in;
    candidate.workers.push_back(newDivisibleWorker(*in));
    // A given send order leaves the newcomer out; without one, every worker takes part, so a given return
    // order must list it too.
    if (candidate.sendOrder.empty() && !candidate.returnOrder.empty())
        candidate.returnOrder.push_back(candidate.workers.size() - 1);
    const QString text = tr("Add worker %1").arg(QString::fromStdString(candidate.workers.back().name));
    commit(std::move(candidate), text);
}

void DivisibleWorkerModel::removeWorkers(QList<int> rows) {
    const DivisibleInstance* in = instance();
    if (!in || rows.isEmpty()) return;
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    QStringList names;
    for (int row : rows)
        if (row >= 0 && row < static_cast<int>(in->workers.size()))
            names << QString::fromStdString(in->workers[static_cast<std::size_t>(row)].name);
    if (names.isEmpty()) return;
    DivisibleInstance candidate = withoutWorkers(*in, rows);
    if (candidate.workers.empty()) {
        reject(tr("An instance needs at least one worker."));
        return;
    }
    commit(std::move(candidate), tr("Remove %1").arg(names.join(QStringLiteral(", "))));
}

int DivisibleWorkerModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DivisibleWorkerModel::data(const QModelIndex& index, int role) const {
    const DivisibleInstance* in = instance();
    if (!in || !index.isValid() || index.row() >= static_cast<int>(in->workers.size())) return {};
    const DivisibleWorker& w = in->workers[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
            case NameColumn:
                return QString::fromStdString(w.name);
            case CColumn:
                return cellNumber(w.c, role);
            case WColumn:
                return cellNumber(w.w, role);
            case DColumn:
                return cellNumber(w.d, role);
            default:
                return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == NameColumn)
            return tr("%1: c + d = %2, d / c = %3")
                .arg(QString::fromStdString(w.name), formatRounded(w.c + w.d), formatRounded(w.d / w.c));
        return meaningOf(index.column());
    }
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant DivisibleWorkerModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical) return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role == Qt::DisplayRole) return section == NameColumn ? tr("Worker") : symbolOf(section);
    if (role == Qt::ToolTipRole) return section == NameColumn ? tr("The worker's name") : meaningOf(section);
    return {};
}

Qt::ItemFlags DivisibleWorkerModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    return instance() && index.isValid() ? f | Qt::ItemIsEditable : f;
}

bool DivisibleWorkerModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || role != Qt::EditRole) return false;
    return setCell(index.row(), index.column(), value.toString());
}

bool DivisibleWorkerModel::setCell(int row, int column, const QString& text) {
    const DivisibleInstance* in = instance();
    if (!in || row < 0 || row >= static_cast<int>(in->workers.size())) return false;
    const DivisibleWorker& old = in->workers[static_cast<std::size_t>(row)];
    const QString name = QString::fromStdString(old.name);
    DivisibleInstance candidate = *in;
    DivisibleWorker& edited = candidate.workers[static_cast<std::size_t>(row)];
    QString undoText;
    if (column == NameColumn) {
        const QString trimmed = text.trimmed();
        if (trimmed == name) return false;
        if (trimmed.isEmpty()) {
            reject(tr("%1: a worker needs a name").arg(name));
            return false;
        }
        edited.name = trimmed.toStdString();
        undoText = tr("Rename worker %1 to %2").arg(name, trimmed);
    } else if (column == CColumn || column == WColumn || column == DColumn) {
        const std::optional<double> value = parseNumber(text);
        const QString symbol = symbolOf(column);
        if (!value) {
            reject(tr("%1: \"%2\" is not a number (%3)").arg(name, text.trimmed(), meaningOf(column)));
            return false;
        }
        double& field = column == CColumn ? edited.c : column == WColumn ? edited.w : edited.d;
        if (*value == field) return false;
        field = *value;
        undoText = tr("Change %1 of %2 to %3").arg(symbol, name, formatNumber(*value));
    } else {
        return false;
    }
    return commit(std::move(candidate), undoText);
}

}  // namespace hetsched::ui
