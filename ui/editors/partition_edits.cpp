#include "editors/partition_edits.h"

#include <QObject>
#include <QStringList>
#include <algorithm>
#include <set>

#include "editors/cost_text.h"
#include "util/number_text.h"

namespace hetsched::ui {

namespace {

// A cost table holds one double per admissible count; beyond this the user wants an affine or points cost.
constexpr std::int64_t kMaxTableValues = 5'000'000;
constexpr std::int64_t kPointSamples = 21;

Error tooLargeTable(const PartitionResource& r, std::int64_t count) {
    return invalidInput(QObject::tr("%1: a cost table over %2 counts is too large to edit; "
                                    "use an affine or points cost")
                            .arg(QString::fromStdString(r.name))
                            .arg(count)
                            .toStdString());
}

std::vector<std::int64_t> admissibleCounts(const PartitionResource& r) {
    std::vector<std::int64_t> counts(static_cast<std::size_t>(std::max<std::int64_t>(0, r.choiceCount())));
    for (std::size_t k = 0; k < counts.size(); ++k) counts[k] = r.countAt(static_cast<std::int64_t>(k));
    return counts;
}

// The index in `counts` (sorted) of the count nearest to x, the smaller one on ties.
std::size_t nearestIndex(const std::vector<std::int64_t>& counts, std::int64_t x) {
    const auto it = std::lower_bound(counts.begin(), counts.end(), x);
    if (it == counts.begin()) return 0;
    if (it == counts.end()) return counts.size() - 1;
    const auto before = it - 1;
    return static_cast<std::size_t>((x - *before <= *it - x ? before : it) - counts.begin());
}

// Moves `old`'s costs onto `edited`'s admissible counts; returns how many counts had to borrow a neighbour's
// cost.
Expected<ResourceEdit> carryCosts(const PartitionResource& old, PartitionResource edited,
                                  std::int64_t tasks) {
    ResourceEdit edit;
    const QString name = QString::fromStdString(edited.name);
    if (edited.cost.kind == CostFunction::Kind::Table) {
        if (edited.choiceCount() > kMaxTableValues) return tooLargeTable(edited, edited.choiceCount());
        const std::vector<std::int64_t> oldCounts = admissibleCounts(old);
        std::vector<double> table;
        table.reserve(static_cast<std::size_t>(edited.choiceCount()));
        std::int64_t borrowed = 0;
        for (std::int64_t k = 0; k < edited.choiceCount(); ++k) {
            const std::int64_t x = edited.countAt(k);
            const std::size_t nearest = nearestIndex(oldCounts, x);
            if (oldCounts.empty()) {
                table.push_back(0.0);
                ++borrowed;
                continue;
            }
            if (oldCounts[nearest] != x) ++borrowed;
            table.push_back(old.cost.table[nearest]);
        }
        edited.cost.table = std::move(table);
        if (borrowed > 0)
            edit.notice = QObject::tr(
                              "The cost table of %1 now has %2 values: %3 new count(s) copy the cost of the "
                              "nearest previous count. Check the cost column.")
                              .arg(name)
                              .arg(edited.cost.table.size())
                              .arg(borrowed);
    } else if (edited.cost.kind == CostFunction::Kind::Points && !edited.cost.points.empty()) {
        // Counts above T are never used, so the measured range only has to reach min(max count, T).
        auto& points = edited.cost.points;
        const double low = static_cast<double>(edited.countAt(0));
        const double high = static_cast<double>(std::min(edited.countAt(edited.choiceCount() - 1), tasks));
        QStringList added;
        if (low < points.front().first) {
            points.insert(points.begin(), {low, points.front().second});
            added << formatNumber(low);
        }
        if (high > points.back().first && high >= low) {
            points.emplace_back(high, points.back().second);
            added << formatNumber(high);
        }
        if (!added.isEmpty())
            edit.notice = QObject::tr(
                              "The measured points of %1 were extended to %2 with the nearest measured cost. "
                              "Check the cost column.")
                              .arg(name, added.join(QObject::tr(" and ")));
    }
    edit.resource = std::move(edited);
    return edit;
}

}  // namespace

Expected<ResourceEdit> withLimits(const PartitionResource& resource, std::int64_t lower, std::int64_t upper,
                                  std::int64_t tasks) {
    PartitionResource edited = resource;
    edited.allowed.clear();
    edited.lower = lower;
    edited.upper = upper;
    if (lower > upper)
        return invalidInput(QObject::tr("%1: L = %2 is greater than U = %3")
                                .arg(QString::fromStdString(resource.name))
                                .arg(lower)
                                .arg(upper)
                                .toStdString());
    return carryCosts(resource, std::move(edited), tasks);
}

Expected<ResourceEdit> withAllowed(const PartitionResource& resource, std::vector<std::int64_t> allowed,
                                   std::int64_t tasks) {
    PartitionResource edited = resource;
    if (allowed.empty()) {
        if (!resource.hasAllowedList()) return ResourceEdit{resource, {}};
        edited.allowed.clear();
        edited.lower = resource.allowed.front();
        edited.upper = resource.allowed.back();
    } else {
        std::sort(allowed.begin(), allowed.end());
        const auto duplicate = std::adjacent_find(allowed.begin(), allowed.end());
        if (duplicate != allowed.end())
            return invalidInput(QObject::tr("%1: the count %2 is listed twice")
                                    .arg(QString::fromStdString(resource.name))
                                    .arg(*duplicate)
                                    .toStdString());
        edited.allowed = std::move(allowed);
        edited.lower = edited.allowed.front();
        edited.upper = edited.allowed.back();
    }
    return carryCosts(resource, std::move(edited), tasks);
}

Expected<ResourceEdit> withCostKind(const PartitionResource& resource, CostFunction::Kind kind) {
    if (kind == resource.cost.kind) return ResourceEdit{resource, {}};
    const QString name = QString::fromStdString(resource.name);
    const std::int64_t n = resource.choiceCount();
    PartitionResource edited = resource;
    CostFunction& cost = edited.cost;
    cost = CostFunction{};
    cost.kind = kind;
    ResourceEdit edit;
    switch (kind) {
        case CostFunction::Kind::Table:
            if (n > kMaxTableValues) return tooLargeTable(resource, n);
            cost.table.reserve(static_cast<std::size_t>(n));
            for (std::int64_t k = 0; k < n; ++k) cost.table.push_back(resource.costAt(k));
            edit.notice = QObject::tr("The cost of %1 is now a table of its %2 values.").arg(name).arg(n);
            break;
        case CostFunction::Kind::Points: {
            // Evenly spaced admissible counts, always including the first and the last.
            std::set<std::int64_t> indices;
            const std::int64_t samples = std::min(n, kPointSamples);
            for (std::int64_t s = 0; s < samples; ++s)
                indices.insert(samples == 1 ? 0 : s * (n - 1) / (samples - 1));
            for (std::int64_t k : indices) {
                const std::int64_t x = resource.countAt(k);
                cost.points.emplace_back(static_cast<double>(x), resource.costOf(x));
            }
            edit.notice = QObject::tr(
                              "The cost of %1 is now %2 measured points sampled from its previous cost; "
                              "between them it is interpolated linearly.")
                              .arg(name)
                              .arg(cost.points.size());
            break;
        }
        case CostFunction::Kind::Affine: {
            // The line through the smallest non-zero count and the largest count (an unused resource costs
            // 0).
            std::int64_t first = -1;
            for (std::int64_t k = 0; k < n && first < 0; ++k)
                if (resource.countAt(k) > 0) first = resource.countAt(k);
            const std::int64_t last = n > 0 ? resource.countAt(n - 1) : 0;
            if (first > 0) {
                const double c1 = resource.costOf(first);
                const double c2 = resource.costOf(last);
                cost.perTask = last > first ? std::max(0.0, (c2 - c1) / static_cast<double>(last - first))
                                            : c1 / static_cast<double>(first);
                cost.fixed = std::max(0.0, c1 - cost.perTask * static_cast<double>(first));
            }
            edit.notice =
                QObject::tr(
                    "The cost of %1 is now the affine cost %2, a line through its costs at %3 and %4 "
                    "tasks: an approximation of the previous cost.")
                    .arg(name, formatCost(cost))
                    .arg(std::max<std::int64_t>(first, 0))
                    .arg(last);
            break;
        }
    }
    edit.resource = std::move(edited);
    return edit;
}

PartitionResource newResource(const PartitionInstance& instance) {
    std::set<std::string> names;
    for (const PartitionResource& r : instance.resources) names.insert(r.name);
    std::string name;
    for (std::size_t n = instance.resources.size();; ++n) {
        name = QStringLiteral("r%1").arg(n).toStdString();
        if (!names.count(name)) break;
    }
    PartitionResource r;
    r.name = name;
    r.lower = 0;
    r.upper = std::max<std::int64_t>(instance.tasks, 1);
    r.cost.kind = CostFunction::Kind::Affine;
    r.cost.fixed = 0;
    r.cost.perTask = 1;
    return r;
}

}  // namespace hetsched::ui
