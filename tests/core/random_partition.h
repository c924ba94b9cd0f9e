// Seeded random partition instances of every shape, and a brute-force reference solver.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "model/partition.h"

namespace hetsched::testing {

enum class CostShape { Monotone, Arbitrary, Convex, Plateaus };

struct RandomPartitionOptions {
    int maxResources = 4;
    std::int64_t maxTasks = 12;
    CostShape shape = CostShape::Arbitrary;
    bool allowLists = true;     // sometimes use an explicit allowed list
    bool limits = true;         // sometimes use lower/upper limits
    bool integerCosts = false;  // small integer costs: many ties
};

inline PartitionInstance randomPartition(std::mt19937_64& rng, const RandomPartitionOptions& o) {
    std::uniform_int_distribution<int> resourcesDist(1, o.maxResources);
    std::uniform_int_distribution<std::int64_t> tasksDist(1, o.maxTasks);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    PartitionInstance in;
    in.tasks = tasksDist(rng);
    in.objective = unit(rng) < 0.7 ? PartitionObjective::Makespan : PartitionObjective::TotalCost;
    const int n = resourcesDist(rng);
    for (int i = 0; i < n; ++i) {
        PartitionResource r;
        r.name = std::string("r").append(std::to_string(i));   // not "r" + ...: GCC 12 -Wrestrict false positive
        if (o.allowLists && unit(rng) < 0.3) {
            for (std::int64_t x = 0; x <= in.tasks + 1; ++x)
                if (unit(rng) < 0.45) r.allowed.push_back(x);
            if (r.allowed.empty()) r.allowed.push_back(std::uniform_int_distribution<std::int64_t>(0, in.tasks)(rng));
            r.lower = r.allowed.front();
            r.upper = r.allowed.back();
        } else if (o.limits && unit(rng) < 0.5) {
            r.lower = std::uniform_int_distribution<std::int64_t>(0, in.tasks / 2)(rng);
            r.upper = std::uniform_int_distribution<std::int64_t>(r.lower, in.tasks + 2)(rng);
        } else {
            r.lower = 0;
            r.upper = in.tasks;
        }
        r.cost.kind = CostFunction::Kind::Table;
        const std::int64_t count = r.choiceCount();
        double level = 0;
        double slope = 0.5 + 3 * unit(rng);
        for (std::int64_t k = 0; k < count; ++k) {
            double c = 0;
            switch (o.shape) {
            case CostShape::Monotone: level += 4 * unit(rng); c = level; break;
            case CostShape::Arbitrary: c = 20 * unit(rng); break;
            case CostShape::Convex: level += slope; slope += 2 * unit(rng); c = level; break;
            case CostShape::Plateaus: if (unit(rng) < 0.3) level += 3 * unit(rng); c = level; break;
            }
            if (o.integerCosts) c = std::floor(c);
            r.cost.table.push_back(c);
        }
        in.resources.push_back(r);
    }
    return in;
}

// The optimum by enumerating every combination of admissible counts; +inf when infeasible.
inline double bruteForceOptimum(const PartitionInstance& in) {
    const std::size_t n = in.resources.size();
    std::vector<std::int64_t> index(n, 0);
    double best = std::numeric_limits<double>::infinity();
    while (true) {
        std::int64_t sum = 0;
        double makespan = 0;
        double total = 0;
        for (std::size_t i = 0; i < n; ++i) {
            sum += in.resources[i].countAt(index[i]);
            makespan = std::max(makespan, in.resources[i].costAt(index[i]));
            total += in.resources[i].costAt(index[i]);
        }
        if (sum == in.tasks) best = std::min(best, in.objective == PartitionObjective::Makespan ? makespan : total);
        std::size_t i = 0;
        while (i < n && ++index[i] == in.resources[i].choiceCount()) index[i++] = 0;
        if (i == n) break;
    }
    return best;
}

}  // namespace hetsched::testing
