// The partition family (Pilla 2022): T identical tasks over n resources with arbitrary cost functions.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

// A cost function C_i as the user gave it. Evaluate it through PartitionResource::cost().
struct CostFunction {
    enum class Kind { Table, Affine, Points };
    Kind kind = Kind::Table;
    // Table: one value per admissible count, in order (lower..upper, or the allowed list).
    std::vector<double> table;
    // Affine: fixed + perTask * x for x >= 1, and 0 for x = 0 (an unused resource costs nothing).
    double fixed = 0;
    double perTask = 0;
    // Points: measured (x, cost) pairs sorted by strictly increasing x, interpolated linearly.
    std::vector<std::pair<double, double>> points;
};

struct PartitionResource {
    std::string name;
    std::int64_t lower = 0;               // L_i
    std::int64_t upper = 0;               // U_i
    std::vector<std::int64_t> allowed;    // the paper's non-contiguous intervals; empty = every count in [L_i, U_i]
    CostFunction cost;

    bool hasAllowedList() const { return !allowed.empty(); }
    // Number of admissible counts (U_i - L_i + 1, or the size of the allowed list).
    std::int64_t choiceCount() const;
    // The k-th admissible count in increasing order.
    std::int64_t countAt(std::int64_t k) const;
    // C_i(x) for the admissible count of index k (fast path for tables).
    double costAt(std::int64_t k) const;
    // C_i(x) for any admissible count x.
    double costOf(std::int64_t x) const;
    bool admits(std::int64_t x) const;
};

enum class PartitionObjective { Makespan, TotalCost };

const char* partitionObjectiveName(PartitionObjective objective);   // "makespan", "total_cost"

struct PartitionInstance {
    std::int64_t tasks = 0;   // T
    PartitionObjective objective = PartitionObjective::Makespan;
    std::vector<PartitionResource> resources;
};

// The admissible counts of one resource that are <= T, with their costs, as the solvers see them.
// Table costs are viewed in place (no copy); the instance must outlive its choices. Move-only,
// since `costs` may point into `ownedCosts`.
struct ResourceChoices {
    bool contiguous = true;
    std::int64_t first = 0;                 // when contiguous: counts are first, first+1, ...
    std::vector<std::int64_t> counts;       // when not contiguous
    std::span<const double> costs;          // costs[k] = C_i(count(k))
    std::vector<double> ownedCosts;         // storage for costs that are not a table

    ResourceChoices() = default;
    ResourceChoices(ResourceChoices&&) = default;
    ResourceChoices& operator=(ResourceChoices&&) = default;
    ResourceChoices(const ResourceChoices&) = delete;
    ResourceChoices& operator=(const ResourceChoices&) = delete;

    std::size_t size() const { return costs.size(); }
    std::int64_t count(std::size_t k) const { return contiguous ? first + static_cast<std::int64_t>(k) : counts[k]; }
};

ResourceChoices choicesOf(const PartitionResource& resource, std::int64_t tasks);
std::vector<ResourceChoices> choicesOf(const PartitionInstance& instance);

// True when C_i is non-decreasing over the admissible counts of every resource.
bool hasMonotoneCosts(const PartitionInstance& instance);

}  // namespace hetsched
