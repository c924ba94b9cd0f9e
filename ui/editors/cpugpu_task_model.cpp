#include "editors/cpugpu_task_model.h"

#include <QColor>
#include <QRegularExpression>
#include <algorithm>

#include "editors/cpugpu_edits.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {
// Cells show 7 significant digits (2.114286); editing starts from the exact value (2.1142857142857143).
QString cellNumber(double value, int role) {
    return role == Qt::EditRole ? formatNumber(value) : formatRounded(value, 7);
}
}  // namespace

QString nameTaskRows(QString message, const CpuGpuInstance& in) {
    static const QRegularExpression path(QStringLiteral("tasks\\[(\\d+)\\](?:\\.(\\w+))?"));
    const QRegularExpressionMatch match = path.match(message);
    if (!match.hasMatch()) return message;
    const std::size_t i = match.captured(1).toULongLong();
    QString where = QObject::tr("row %1").arg(i + 1);
    if (i < in.tasks.size()) where += QStringLiteral(" (%1)").arg(QString::fromStdString(in.tasks[i].name));
    if (!match.captured(2).isEmpty()) where += QObject::tr(", column %1").arg(match.captured(2));
    return message.replace(match.capturedStart(), match.capturedLength(), where);
}

CpuGpuTaskModel::CpuGpuTaskModel(ProjectDocument* document, QObject* parent) : InstanceTableModel(document, parent) {}

const CpuGpuInstance* CpuGpuTaskModel::instance() const {
    const Instance* in = entryInstance();
    return in ? std::get_if<CpuGpuInstance>(in) : nullptr;
}

int CpuGpuTaskModel::rowsOf(const Instance& instance) const {
    const auto* in = std::get_if<CpuGpuInstance>(&instance);
    return in ? static_cast<int>(in->tasks.size()) : 0;
}

bool CpuGpuTaskModel::commit(CpuGpuInstance candidate, const QString& text, int mergeKey) {
    if (!instance()) return false;
    const QString error = pushIfValid(Instance{candidate}, text, mergeKey);
    if (!error.isEmpty()) emit editRejected(nameTaskRows(error, candidate));
    return error.isEmpty();
}

void CpuGpuTaskModel::addTask() {
    const CpuGpuInstance* in = instance();
    if (!in) return;
    CpuGpuInstance candidate = *in;
    candidate.tasks.push_back(newCpuGpuTask(*in));
    const QString text = tr("Add task %1").arg(QString::fromStdString(candidate.tasks.back().name));
    commit(std::move(candidate), text);
}

void CpuGpuTaskModel::removeTasks(QList<int> rows) {
    const CpuGpuInstance* in = instance();
    if (!in || rows.isEmpty()) return;
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    CpuGpuInstance candidate = *in;
    QStringList names;
    for (auto row = rows.rbegin(); row != rows.rend(); ++row) {
        if (*row < 0 || *row >= static_cast<int>(candidate.tasks.size())) continue;
        names.prepend(QString::fromStdString(candidate.tasks[static_cast<std::size_t>(*row)].name));
        candidate.tasks.erase(candidate.tasks.begin() + *row);
    }
    if (names.isEmpty()) return;
    if (candidate.tasks.empty()) {
        reject(tr("An instance needs at least one task."));
        return;
    }
    commit(std::move(candidate), tr("Remove %1").arg(names.join(QStringLiteral(", "))));
}

bool CpuGpuTaskModel::pasteTasks(const QString& text) {
    const CpuGpuInstance* in = instance();
    if (!in) return false;
    const Expected<std::vector<CpuGpuTask>> pasted = parseCpuGpuTasks(text, in->tasks.size());
    if (!pasted) {
        reject(tr("paste: %1").arg(QString::fromStdString(pasted.error().message)));
        return false;
    }
    CpuGpuInstance candidate = *in;
    candidate.tasks.insert(candidate.tasks.end(), pasted->begin(), pasted->end());
    return commit(std::move(candidate), tr("Paste %n task(s)", nullptr, static_cast<int>(pasted->size())));
}

int CpuGpuTaskModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CpuGpuTaskModel::data(const QModelIndex& index, int role) const {
    const CpuGpuInstance* in = instance();
    if (!in || !index.isValid() || index.row() >= static_cast<int>(in->tasks.size())) return {};
    const CpuGpuTask& t = in->tasks[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
            case NameColumn:
                return QString::fromStdString(t.name);
            case CpuColumn:
                return cellNumber(t.cpu, role);
            case GpuColumn:
                return cellNumber(t.gpu, role);
            case AccelerationColumn:
                return formatRounded(accelerationOf(t), 4);
            default:
                return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() == AccelerationColumn) return QColor(0x60, 0x60, 0x60);
    return {};
}

QVariant CpuGpuTaskModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical) return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role == Qt::DisplayRole) {
        switch (section) {
            case NameColumn:
                return tr("Task");
            case CpuColumn:
                return tr("CPU time");
            case GpuColumn:
                return tr("GPU time");
            case AccelerationColumn:
                return tr("Acceleration");
            default:
                return {};
        }
    }
    if (role == Qt::ToolTipRole && section == AccelerationColumn)
        return tr("CPU time / GPU time: how much faster the task runs on a GPU (read-only)");
    return {};
}

Qt::ItemFlags CpuGpuTaskModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    return instance() && index.isValid() && index.column() != AccelerationColumn ? f | Qt::ItemIsEditable : f;
}

bool CpuGpuTaskModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    const CpuGpuInstance* in = instance();
    if (!in || !index.isValid() || role != Qt::EditRole || index.row() >= static_cast<int>(in->tasks.size()))
        return false;
    const int row = index.row();
    const QString text = value.toString();
    const QString name = QString::fromStdString(in->tasks[static_cast<std::size_t>(row)].name);
    CpuGpuInstance candidate = *in;
    CpuGpuTask& edited = candidate.tasks[static_cast<std::size_t>(row)];
    QString undoText;
    if (index.column() == NameColumn) {
        const QString trimmed = text.trimmed();
        if (trimmed == name) return false;
        if (trimmed.isEmpty()) {
            reject(tr("row %1 (%2), column name: a task needs a name").arg(row + 1).arg(name));
            return false;
        }
        edited.name = trimmed.toStdString();
        undoText = tr("Rename task %1 to %2").arg(name, trimmed);
    } else if (index.column() == CpuColumn || index.column() == GpuColumn) {
        const QString column = index.column() == CpuColumn ? QStringLiteral("cpu") : QStringLiteral("gpu");
        const std::optional<double> number = parseNumber(text);
        if (!number) {
            reject(tr("row %1 (%2), column %3: \"%4\" is not a number").arg(row + 1).arg(name, column, text.trimmed()));
            return false;
        }
        double& field = index.column() == CpuColumn ? edited.cpu : edited.gpu;
        if (*number == field) return false;
        field = *number;
        undoText = tr("Change %1 time of %2 to %3").arg(column, name, formatNumber(*number));
    } else {
        return false;
    }
    return commit(std::move(candidate), undoText);
}

}  // namespace hetsched::ui
