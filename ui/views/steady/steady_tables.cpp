#include "views/steady/steady_tables.h"

#include <QStringList>

#include "util/number_text.h"

namespace hetsched::ui {

namespace {

constexpr int kMaxListed = 40;  // links listed in one cell; the count says how many in all

}  // namespace

void SteadyAllocationModel::setData(std::shared_ptr<const SteadyViewData> data) {
    beginResetModel();
    m_data = std::move(data);
    endResetModel();
}

bool SteadyAllocationModel::bagOfTasks() const {
    return !m_data || m_data->instance.application.type == SteadyApplicationType::BagOfTasks;
}

int SteadyAllocationModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_data ? 0 : static_cast<int>(m_data->solution.allocations.size());
}

int SteadyAllocationModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : (bagOfTasks() ? 6 : 5);
}

QVariant SteadyAllocationModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    const QStringList bag = {tr("#"), tr("throughput x"), tr("share"), tr("computes on"), tr("data path"), tr("result path")};
    const QStringList tree = {tr("#"), tr("throughput x"), tr("share"), tr("links"), tr("tree")};
    const QStringList& names = bagOfTasks() ? bag : tree;
    return section >= 0 && section < names.size() ? names[section] : QVariant();
}

QVariant SteadyAllocationModel::data(const QModelIndex& index, int role) const {
    if (!m_data || !index.isValid()) return {};
    const std::size_t a = static_cast<std::size_t>(index.row());
    const SteadyAllocation& al = m_data->solution.allocations[a];
    const double throughput = m_data->solution.throughput;
    auto listed = [&](const std::vector<std::size_t>& arcs) {
        if (arcs.size() <= static_cast<std::size_t>(kMaxListed)) return m_data->pathText(arcs);
        std::vector<std::size_t> head(arcs.begin(), arcs.begin() + kMaxListed);
        return tr("%1, … (%2 links)").arg(m_data->pathText(head)).arg(arcs.size());
    };
    if (role == Qt::UserRole) {
        switch (index.column()) {
            case 0: return static_cast<int>(a);
            case 1:
            case 2: return al.weight;
            case 3: return bagOfTasks() ? QVariant(al.processor ? m_data->nodeName(*al.processor) : QString())
                                        : QVariant(static_cast<int>(al.dataArcs.size()));
            case 4: return static_cast<int>(al.dataArcs.size());
            case 5: return static_cast<int>(al.resultArcs.size());
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() <= 2 || (!bagOfTasks() && index.column() == 3) ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                             : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() >= 3)
        return tr("allocation %1: %2 instances per time unit").arg(a + 1).arg(m_data->weightText(a));
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case 0: return static_cast<int>(a + 1);
        case 1: return m_data->weightText(a);
        case 2: return throughput > 0 ? QStringLiteral("%1%").arg(formatRounded(100.0 * al.weight / throughput, 3)) : QString();
        case 3:
            if (!bagOfTasks()) return static_cast<int>(al.dataArcs.size());
            return al.processor ? m_data->nodeName(*al.processor) : QString();
        case 4: return listed(al.dataArcs);
        case 5: return al.resultArcs.empty() ? QStringLiteral("—") : listed(al.resultArcs);
    }
    return {};
}

void SteadyPatternModel::setData(std::shared_ptr<const SteadyViewData> data) {
    beginResetModel();
    m_data = std::move(data);
    endResetModel();
}

int SteadyPatternModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_data ? 0 : static_cast<int>(m_data->solution.patterns.size());
}

int SteadyPatternModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 6;
}

QVariant SteadyPatternModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    const QStringList names = {tr("pattern"), tr("y"), tr("T·y"), tr("start"), tr("computing"), tr("links")};
    return section >= 0 && section < names.size() ? names[section] : QVariant();
}

QVariant SteadyPatternModel::data(const QModelIndex& index, int role) const {
    if (!m_data || !index.isValid()) return {};
    const std::size_t p = static_cast<std::size_t>(index.row());
    const SteadyPattern& pattern = m_data->solution.patterns[p];
    if (role == Qt::DecorationRole && index.column() == 0) return patternColor(p);
    if (role == Qt::UserRole) {
        switch (index.column()) {
            case 0: return static_cast<int>(p);
            case 1:
            case 2: return pattern.duration;
            case 3: return m_data->patternStart(p);
            case 4: return static_cast<int>(pattern.processors.size());
            case 5: return static_cast<int>(pattern.arcs.size());
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == 5 ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
        case 0: return m_data->patternName(p);
        case 1: return m_data->durationText(p);
        case 2: return formatRounded(m_data->patternEnd(p) - m_data->patternStart(p), 6);
        case 3: return formatRounded(m_data->patternStart(p), 6);
        case 4: return static_cast<int>(pattern.processors.size());
        case 5: {
            QStringList links;
            for (std::size_t k = 0; k < pattern.arcs.size() && k < static_cast<std::size_t>(kMaxListed); ++k)
                links << m_data->arcName(pattern.arcs[k]);
            QString text = QStringLiteral("%1: %2").arg(pattern.arcs.size()).arg(links.join(QStringLiteral(", ")));
            if (pattern.arcs.size() > static_cast<std::size_t>(kMaxListed)) text += QStringLiteral(", …");
            return text;
        }
    }
    return {};
}

}  // namespace hetsched::ui
