#include "model/partition.h"

#include <algorithm>
#include <numeric>

namespace hetsched {

const char* partitionObjectiveName(PartitionObjective objective) {
    return objective == PartitionObjective::Makespan ? "makespan" : "total_cost";
}

std::int64_t PartitionResource::choiceCount() const {
    return hasAllowedList() ? static_cast<std::int64_t>(allowed.size()) : upper - lower + 1;
}

std::int64_t PartitionResource::countAt(std::int64_t k) const {
    return hasAllowedList() ? allowed[static_cast<std::size_t>(k)] : lower + k;
}

bool PartitionResource::admits(std::int64_t x) const {
    if (hasAllowedList()) return std::binary_search(allowed.begin(), allowed.end(), x);
    return x >= lower && x <= upper;
}

double PartitionResource::costAt(std::int64_t k) const {
    if (cost.kind == CostFunction::Kind::Table) return cost.table[static_cast<std::size_t>(k)];
    return costOf(countAt(k));
}

double PartitionResource::costOf(std::int64_t x) const {
    switch (cost.kind) {
    case CostFunction::Kind::Table: {
        const auto k = hasAllowedList()
                           ? std::lower_bound(allowed.begin(), allowed.end(), x) - allowed.begin()
                           : x - lower;
        return cost.table[static_cast<std::size_t>(k)];
    }
    case CostFunction::Kind::Affine:
        return x == 0 ? 0.0 : cost.fixed + cost.perTask * static_cast<double>(x);
    case CostFunction::Kind::Points: {
        const auto& p = cost.points;
        const double xd = static_cast<double>(x);
        auto it = std::lower_bound(p.begin(), p.end(), xd,
                                   [](const std::pair<double, double>& a, double v) { return a.first < v; });
        if (it == p.end()) return p.back().second;   // validation keeps x inside the measured range
        if (it->first == xd || it == p.begin()) return it->second;
        const auto& [x1, y1] = *it;
        const auto& [x0, y0] = *(it - 1);
        return y0 + (y1 - y0) * (xd - x0) / (x1 - x0);
    }
    }
    return 0;
}

ResourceChoices choicesOf(const PartitionResource& resource, std::int64_t tasks) {
    ResourceChoices choices;
    choices.contiguous = !resource.hasAllowedList();
    choices.first = resource.lower;
    // Admissible counts are increasing, so those <= T are a prefix of them.
    std::size_t usable = 0;
    if (resource.hasAllowedList()) {
        usable = static_cast<std::size_t>(std::upper_bound(resource.allowed.begin(), resource.allowed.end(), tasks) -
                                          resource.allowed.begin());
        choices.counts.assign(resource.allowed.begin(), resource.allowed.begin() + static_cast<std::ptrdiff_t>(usable));
    } else if (std::min(resource.upper, tasks) >= resource.lower) {
        usable = static_cast<std::size_t>(std::min(resource.upper, tasks) - resource.lower + 1);
    }
    if (resource.cost.kind == CostFunction::Kind::Table) {
        choices.costs = std::span<const double>(resource.cost.table.data(), usable);
    } else {
        choices.ownedCosts.resize(usable);
        for (std::size_t k = 0; k < usable; ++k) choices.ownedCosts[k] = resource.costAt(static_cast<std::int64_t>(k));
        choices.costs = choices.ownedCosts;
    }
    return choices;
}

std::vector<ResourceChoices> choicesOf(const PartitionInstance& instance) {
    std::vector<ResourceChoices> all;
    all.reserve(instance.resources.size());
    for (const PartitionResource& r : instance.resources) all.push_back(choicesOf(r, instance.tasks));
    return all;
}

bool hasMonotoneCosts(const PartitionInstance& instance) {
    for (const PartitionResource& r : instance.resources) {
        const std::int64_t n = r.choiceCount();
        double previous = r.costAt(0);
        for (std::int64_t k = 1; k < n; ++k) {
            const double c = r.costAt(k);
            if (c < previous) return false;
            previous = c;
        }
    }
    return true;
}

}  // namespace hetsched
