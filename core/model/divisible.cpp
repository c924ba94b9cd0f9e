#include "model/divisible.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hetsched {

std::optional<double> constantReturnRatio(const DivisibleInstance& in) {
    if (in.workers.empty()) return std::nullopt;
    double lowest = in.workers.front().d / in.workers.front().c;
    double highest = lowest;
    for (const DivisibleWorker& w : in.workers) {
        const double z = w.d / w.c;
        lowest = std::min(lowest, z);
        highest = std::max(highest, z);
    }
    if (highest - lowest > 1e-12 * highest) return std::nullopt;
    return 0.5 * (lowest + highest);
}

std::vector<std::size_t> orderByCommunication(const DivisibleInstance& in) {
    std::vector<std::size_t> order(in.workers.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return in.workers[a].c + in.workers[a].d < in.workers[b].c + in.workers[b].d;
    });
    return order;
}

}  // namespace hetsched
