#include "editors/partition_resource_model.h"

#include <QBrush>
#include <QPalette>
#include <QRegularExpression>
#include <algorithm>

#include "editors/cost_text.h"
#include "editors/partition_edits.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {

constexpr int kCostDisplayCharacters = 160;

std::optional<CostFunction::Kind> kindFromName(const QString& name) {
    for (CostFunction::Kind kind :
         {CostFunction::Kind::Table, CostFunction::Kind::Affine, CostFunction::Kind::Points})
        if (costKindName(kind) == name) return kind;
    return std::nullopt;
}

// The core names JSON paths ("resources[2].cost.table: ..."); the user knows resources by name.
QString nameResources(QString message, const PartitionInstance& in) {
    static const QRegularExpression path(QStringLiteral("resources\\[(\\d+)\\]"));
    const QRegularExpressionMatch match = path.match(message);
    if (!match.hasMatch()) return message;
    const std::size_t i = match.captured(1).toULongLong();
    if (i >= in.resources.size()) return message;
    return message.insert(match.capturedEnd(),
                          QStringLiteral(" (%1)").arg(QString::fromStdString(in.resources[i].name)));
}

QString costSyntaxHelp() {
    return QObject::tr(
        "Cost C(x) of x tasks, one of:\n"
        "  table   one value per admissible count: 0, 1, 2.1\n"
        "  affine  fixed + per_task * x for x > 0: fixed=2, per_task=0.5\n"
        "  points  measured x:cost pairs, linear between: 0:0; 4:3.0; 8:5.5");
}

}  // namespace

PartitionResourceModel::PartitionResourceModel(ProjectDocument* document, QObject* parent) : InstanceTableModel(document, parent) {}

const PartitionInstance* PartitionResourceModel::instance() const {
    const Instance* in = entryInstance();
    return in ? std::get_if<PartitionInstance>(in) : nullptr;
}

int PartitionResourceModel::rowsOf(const Instance& instance) const {
    const auto* in = std::get_if<PartitionInstance>(&instance);
    return in ? static_cast<int>(in->resources.size()) : 0;
}

bool PartitionResourceModel::commit(PartitionInstance candidate, const QString& text, int mergeKey,
                                    const QString& notice) {
    if (!instance()) return false;
    const QString error = pushIfValid(Instance{candidate}, text, mergeKey);
    if (!error.isEmpty()) {
        emit editRejected(nameResources(error, candidate));
        return false;
    }
    if (!notice.isEmpty()) emit editNotice(notice);
    return true;
}

void PartitionResourceModel::addResource() {
    const PartitionInstance* in = instance();
    if (!in) return;
    PartitionInstance candidate = *in;
    candidate.resources.push_back(newResource(*in));
    const QString text = tr("Add resource %1").arg(QString::fromStdString(candidate.resources.back().name));
    commit(std::move(candidate), text);
}

void PartitionResourceModel::removeResources(QList<int> rows) {
    const PartitionInstance* in = instance();
    if (!in || rows.isEmpty()) return;
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    PartitionInstance candidate = *in;
    QStringList names;
    for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
        if (*it < 0 || *it >= static_cast<int>(candidate.resources.size())) continue;
        names.prepend(QString::fromStdString(candidate.resources[static_cast<std::size_t>(*it)].name));
        candidate.resources.erase(candidate.resources.begin() + *it);
    }
    if (names.isEmpty()) return;
    if (candidate.resources.empty()) {
        emit editRejected(tr("An instance needs at least one resource."));
        return;
    }
    commit(std::move(candidate), tr("Remove %1").arg(names.join(QStringLiteral(", "))));
}

int PartitionResourceModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PartitionResourceModel::data(const QModelIndex& index, int role) const {
    const PartitionInstance* in = instance();
    if (!in || !index.isValid() || index.row() >= static_cast<int>(in->resources.size())) return {};
    const PartitionResource& r = in->resources[static_cast<std::size_t>(index.row())];
    const bool display = role == Qt::DisplayRole;
    if (display || role == Qt::EditRole) {
        switch (index.column()) {
            case NameColumn:
                return QString::fromStdString(r.name);
            case LowerColumn:
                return QString::number(r.lower);
            case UpperColumn:
                return QString::number(r.upper);
            case AllowedColumn:
                return formatCounts(r.allowed);
            case KindColumn:
                return costKindName(r.cost.kind);
            case CostColumn:
                return display ? formatCostShort(r.cost, kCostDisplayCharacters) : formatCost(r.cost);
            default:
                return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
            case LowerColumn:
            case UpperColumn:
                return r.hasAllowedList() ? tr("Set by the allowed list; clear it to edit L and U.")
                                          : tr("Every count in [L, U] is admissible.");
            case AllowedColumn:
                return tr(
                    "Admissible counts when they are not a whole range, e.g. 0, 64, 128.\n"
                    "Leave empty for every count in [L, U].");
            case KindColumn:
                return tr("Changing the kind converts the current cost.");
            case CostColumn:
                return costSyntaxHelp();
            default:
                return {};
        }
    }
    if (role == Qt::ForegroundRole && r.hasAllowedList() &&
        (index.column() == LowerColumn || index.column() == UpperColumn))
        return QBrush(QPalette().color(QPalette::Disabled, QPalette::Text));
    if (role == Qt::TextAlignmentRole && (index.column() == LowerColumn || index.column() == UpperColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant PartitionResourceModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical) return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role == Qt::DisplayRole) {
        switch (section) {
            case NameColumn:
                return tr("Resource");
            case LowerColumn:
                return tr("L");
            case UpperColumn:
                return tr("U");
            case AllowedColumn:
                return tr("Allowed counts");
            case KindColumn:
                return tr("Cost kind");
            case CostColumn:
                return tr("Cost");
            default:
                return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
            case LowerColumn:
                return tr("L_i: the fewest tasks the resource takes");
            case UpperColumn:
                return tr("U_i: the most tasks the resource takes");
            case CostColumn:
                return costSyntaxHelp();
            default:
                return {};
        }
    }
    return {};
}

Qt::ItemFlags PartitionResourceModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    const PartitionInstance* in = instance();
    if (!in || !index.isValid() || index.row() >= static_cast<int>(in->resources.size())) return f;
    const bool limitsFromList = in->resources[static_cast<std::size_t>(index.row())].hasAllowedList() &&
                                (index.column() == LowerColumn || index.column() == UpperColumn);
    return limitsFromList ? f : f | Qt::ItemIsEditable;
}

bool PartitionResourceModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || role != Qt::EditRole) return false;
    return setCell(index.row(), index.column(), value.toString());
}

bool PartitionResourceModel::setCell(int row, int column, const QString& text) {
    const PartitionInstance* in = instance();
    if (!in || row < 0 || row >= static_cast<int>(in->resources.size())) return false;
    const PartitionResource& old = in->resources[static_cast<std::size_t>(row)];
    const QString name = QString::fromStdString(old.name);
    const auto reject = [this, &name](const QString& message) {
        emit editRejected(message.startsWith(name) ? message : tr("%1: %2").arg(name, message));
        return false;
    };

    Expected<ResourceEdit> edit = ResourceEdit{old, {}};
    QString undoText;
    switch (column) {
        case NameColumn: {
            const QString trimmed = text.trimmed();
            if (trimmed == name) return false;
            if (trimmed.isEmpty()) return reject(tr("a resource needs a name"));
            edit->resource.name = trimmed.toStdString();
            undoText = tr("Rename resource %1 to %2").arg(name, trimmed);
            break;
        }
        case LowerColumn:
        case UpperColumn: {
            const std::optional<std::int64_t> value = parseInteger(text);
            if (!value) return reject(tr("\"%1\" is not a whole number of tasks").arg(text.trimmed()));
            const bool lower = column == LowerColumn;
            if (*value == (lower ? old.lower : old.upper)) return false;
            edit = withLimits(old, lower ? *value : old.lower, lower ? old.upper : *value, in->tasks);
            undoText = tr("Change %1 of %2 to %3").arg(lower ? tr("L") : tr("U"), name).arg(*value);
            break;
        }
        case AllowedColumn: {
            Expected<std::vector<std::int64_t>> counts = parseCounts(text);
            if (!counts) return reject(QString::fromStdString(counts.error().message));
            if (*counts == old.allowed) return false;
            edit = withAllowed(old, std::move(*counts), in->tasks);
            undoText = tr("Change allowed counts of %1").arg(name);
            break;
        }
        case KindColumn: {
            const std::optional<CostFunction::Kind> kind = kindFromName(text.trimmed());
            if (!kind)
                return reject(tr("unknown cost kind \"%1\" (table, affine or points)").arg(text.trimmed()));
            if (*kind == old.cost.kind) return false;
            edit = withCostKind(old, *kind);
            undoText = tr("Convert cost of %1 to %2").arg(name, text.trimmed());
            break;
        }
        case CostColumn: {
            Expected<CostFunction> cost = parseCost(text);
            if (!cost) return reject(QString::fromStdString(cost.error().message));
            edit->resource.cost = std::move(*cost);
            undoText = tr("Change cost of %1").arg(name);
            break;
        }
        default:
            return false;
    }
    if (!edit) return reject(QString::fromStdString(edit.error().message));

    PartitionInstance candidate = *in;
    candidate.resources[static_cast<std::size_t>(row)] = std::move(edit->resource);
    return commit(std::move(candidate), undoText, -1, edit->notice);
}

}  // namespace hetsched::ui
