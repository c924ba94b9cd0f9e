// Seeded partition instances at benchmark sizes: profiled-looking monotone and non-monotone costs.
#pragma once

#include <cmath>
#include <random>

#include "model/partition.h"

namespace hetsched::bench {

enum class Shape {
    Monotone,     // a_i x^p_i + b_i: slower or faster than linear, launch overheads
    Profiled,     // a monotone trend with cache cliffs, periodic tile effects and 5% measurement noise
    Random,       // costs drawn uniformly at random: the worst case for structure-exploiting solvers
};

inline const char* shapeName(Shape s) {
    return s == Shape::Monotone ? "monotone" : s == Shape::Profiled ? "profiled" : "random";
}

inline PartitionInstance benchInstance(std::int64_t tasks, int resources, Shape shape, std::uint64_t seed = 1) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    PartitionInstance in;
    in.tasks = tasks;
    for (int i = 0; i < resources; ++i) {
        PartitionResource r;
        r.name = std::string("r").append(std::to_string(i));   // not "r" + ...: GCC 12 -Wrestrict false positive
        r.lower = 0;
        r.upper = tasks;
        const double a = 0.2 + 2.0 * unit(rng);
        const double p = 0.85 + 0.4 * unit(rng);
        const double b = 5.0 * unit(rng);
        const double cliff = tasks * (0.2 + 0.6 * unit(rng));
        const double period = 16 + 64 * unit(rng);
        r.cost.table.resize(static_cast<std::size_t>(tasks) + 1);
        for (std::int64_t x = 0; x <= tasks; ++x) {
            const double xd = static_cast<double>(x);
            double c = 0;
            if (x > 0) {
                switch (shape) {
                case Shape::Monotone: c = a * std::pow(xd, p) + b; break;
                case Shape::Profiled:
                    c = (a * xd + b) * (xd > cliff ? 1.3 : 1.0) * (1.0 + 0.08 * std::sin(xd / period * 6.283)) *
                        (1.0 + 0.05 * (unit(rng) - 0.5));
                    break;
                case Shape::Random: c = 1000.0 * unit(rng); break;
                }
            }
            r.cost.table[static_cast<std::size_t>(x)] = c;
        }
        in.resources.push_back(std::move(r));
    }
    return in;
}

}  // namespace hetsched::bench
