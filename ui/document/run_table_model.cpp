#include "document/run_table_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QIcon>
#include <QPainter>
#include <QPixmap>
#include <limits>

#include "util/number_text.h"

namespace hetsched::ui {

namespace {

QColor statusColor(const QString& status) {
    if (status == QLatin1String("optimal")) return QColor(0x1b, 0x7a, 0x3a);
    if (status == QLatin1String("infeasible")) return QColor(0xb0, 0x20, 0x20);
    if (status == QLatin1String("cancelled") || status == QLatin1String("time_limit") ||
        status == QLatin1String("iteration_limit"))
        return QColor(0xb0, 0x60, 0x00);
    return {};
}

// A small amber clock face: "made earlier".
QIcon staleIcon() {
    static const QIcon icon = [] {
        QPixmap pixmap(14, 14);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(QColor(0x8a, 0x5a, 0x00), 1.4));
        painter.setBrush(QColor(0xff, 0xe3, 0x9a));
        painter.drawEllipse(QRectF(1, 1, 12, 12));
        painter.drawLine(QPointF(7, 7), QPointF(7, 3.5));
        painter.drawLine(QPointF(7, 7), QPointF(9.8, 8.6));
        return QIcon(pixmap);
    }();
    return icon;
}

}  // namespace

RunTableModel::RunTableModel(ProjectDocument* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document) {
    connect(document, &ProjectDocument::runsChanged, this, &RunTableModel::onRunsChanged);
    connect(document, &ProjectDocument::aboutToReset, this, [this] {
        beginResetModel();
        m_documentResetting = true;
        m_entryId = 0;
        m_rowCount = 0;
    });
    connect(document, &ProjectDocument::wasReset, this, [this] {
        m_documentResetting = false;
        // An entry chosen during the reset (by a view that heard wasReset first) is published now.
        const DocumentEntry* entry = currentEntry();
        m_rowCount = entry ? static_cast<int>(entry->runs.size()) : 0;
        endResetModel();
    });
    // A run removed or put back (undo) in the middle: the rows after it shift, the others keep their selection.
    connect(document, &ProjectDocument::runAboutToBeRemoved, this, [this](EntryId id, int index) {
        if (id == m_entryId && index < m_rowCount) beginRemoveRows({}, index, index);
    });
    connect(document, &ProjectDocument::runRemoved, this, [this](EntryId id, int index) {
        if (id != m_entryId || index >= m_rowCount) return;
        --m_rowCount;
        endRemoveRows();
    });
    connect(document, &ProjectDocument::runAboutToBeInserted, this, [this](EntryId id, int index) {
        if (id == m_entryId && index <= m_rowCount) beginInsertRows({}, index, index);
    });
    connect(document, &ProjectDocument::runInserted, this, [this](EntryId id, int index) {
        if (id != m_entryId || index > m_rowCount) return;
        ++m_rowCount;
        endInsertRows();
    });
    connect(document, &ProjectDocument::entryRemoved, this, [this] {
        if (m_entryId != 0 && !currentEntry()) setEntry(0);
    });
}

void RunTableModel::setEntry(EntryId id) {
    if (m_documentResetting) {
        // Already inside the document's reset: a nested reset would end it early; wasReset publishes it.
        m_entryId = id;
        return;
    }
    beginResetModel();
    m_entryId = id;
    const DocumentEntry* entry = currentEntry();
    m_rowCount = entry ? static_cast<int>(entry->runs.size()) : 0;
    endResetModel();
}

const RunRecord* RunTableModel::runAt(int row) const {
    const DocumentEntry* entry = currentEntry();
    if (!entry || row < 0 || row >= static_cast<int>(entry->runs.size())) return nullptr;
    return &entry->runs[static_cast<std::size_t>(row)];
}

void RunTableModel::onRunsChanged(EntryId id) {
    if (id != m_entryId) return;
    const DocumentEntry* entry = currentEntry();
    const int count = entry ? static_cast<int>(entry->runs.size()) : 0;
    if (count > m_rowCount) {
        // Runs are only ever appended at the end, so the rows already shown keep their selection.
        beginInsertRows({}, m_rowCount, count - 1);
        m_rowCount = count;
        endInsertRows();
    } else if (count == m_rowCount) {
        if (count > 0) emit dataChanged(index(0, 0), index(count - 1, ColumnCount - 1));
    } else {
        beginResetModel();
        m_rowCount = count;
        endResetModel();
    }
}

int RunTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rowCount;
}
int RunTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunTableModel::data(const QModelIndex& index, int role) const {
    const RunRecord* run = runAt(index.row());
    if (!run) return {};
    const DocumentEntry* entry = currentEntry();
    const bool current = m_document->isRunCurrent(*entry, *run);
    const std::optional<double> objective = run->objective();
    const std::optional<double> seconds = run->seconds();
    const std::optional<double> simulated = run->simulatedMakespan();

    switch (role) {
        case Qt::DisplayRole:
            switch (index.column()) {
                case NumberColumn:
                    return index.row() + 1;
                case SolverColumn:
                    return run->solver();
                case StatusColumn:
                    return run->statusText();
                case ObjectiveColumn:
                    return run->objectiveText();   // "≥ 5.75" for a lower bound: not a value reached
                case SecondsColumn:
                    return seconds ? quantityText(*seconds, u"s") : QStringLiteral("—");
                case SimulatedColumn:
                    return simulated ? quantityText(*simulated, run->result ? QString::fromStdString(run->result->objectiveUnit)
                                                                            : QString())
                                     : QString();
                case MessageColumn:
                    return run->message();
                default:
                    return {};
            }
        case SortRole:
            switch (index.column()) {
                case NumberColumn:
                    return index.row();
                case ObjectiveColumn:
                    return objective ? *objective : std::numeric_limits<double>::infinity();
                case SecondsColumn:
                    return seconds.value_or(0.0);
                case SimulatedColumn:
                    return simulated ? *simulated : std::numeric_limits<double>::infinity();
                default:
                    return data(index, Qt::DisplayRole);
            }
        case RunIndexRole:
            return index.row();
        case StaleRole:
            return !current;
        case Qt::DecorationRole:
            // Outdated runs carry a mark besides their grey italics, visible at a glance and in print.
            if (!current && index.column() == NumberColumn) return staleIcon();
            return {};
        case Qt::ToolTipRole: {
            QStringList lines;
            lines << tr("%1: %2").arg(run->solver(), run->statusText());
            if (objective) lines << tr("%1 = %2").arg(run->objectiveName(), formatNumber(*objective));
            if (!run->message().isEmpty()) lines << run->message();
            if (simulated) {
                // Only what the summary holds: a missing key is left out, never shown as a default.
                const nlohmann::json summary = run->simulationSummaryJson();
                const auto simulator = summary.find("simulator");
                const auto planned = summary.find("planned_makespan");
                QString line = simulator != summary.end() && simulator->is_string()
                                   ? tr("Simulated on %1: makespan %2").arg(QString::fromStdString(simulator->get<std::string>()),
                                                                           formatNumber(*simulated))
                                   : tr("Simulated: makespan %1").arg(formatNumber(*simulated));
                if (planned != summary.end() && planned->is_number())
                    line += tr(" (planned %1)").arg(formatNumber(planned->get<double>()));
                lines << line;
            }
            if (!current) lines << tr("Outdated: computed on an earlier version of the instance (re-run it to "
                                      "compare on the current one).");
            if (!run->result) lines << tr("No chart: %1").arg(run->restoreError);
            return lines.join(QLatin1Char('\n'));
        }
        case Qt::ForegroundRole:
            if (!current) return QBrush(Qt::gray);
            if (index.column() == StatusColumn) {
                const QColor color = statusColor(run->status());
                if (color.isValid()) return QBrush(color);
            }
            return {};
        case Qt::FontRole:
            if (!current) {
                QFont font;
                font.setItalic(true);
                return font;
            }
            return {};
        case Qt::TextAlignmentRole:
            if (index.column() == NumberColumn || index.column() == ObjectiveColumn ||
                index.column() == SecondsColumn || index.column() == SimulatedColumn)
                return QVariant(Qt::AlignRight | Qt::AlignVCenter);
            return {};
        default:
            return {};
    }
}

QVariant RunTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
            case NumberColumn:
                return tr("#");
            case SolverColumn:
                return tr("Solver");
            case StatusColumn:
                return tr("Status");
            case ObjectiveColumn:
                return tr("Objective");
            case SecondsColumn:
                return tr("Solve time");
            case SimulatedColumn:
                return tr("Simulated");
            case MessageColumn:
                return tr("Message");
            default:
                return {};
        }
    }
    if (role == Qt::ToolTipRole && section == SimulatedColumn)
        return tr("The makespan of the run's schedule replayed on SimGrid (Solve > Simulate on SimGrid)");
    if (role == Qt::ToolTipRole && section == ObjectiveColumn) {
        const DocumentEntry* entry = currentEntry();
        if (entry && !entry->runs.empty()) return entry->runs.back().objectiveName();
    }
    return {};
}

}  // namespace hetsched::ui
