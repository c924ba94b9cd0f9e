#include "schedule/schedule_diff.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace hetsched {

double TaskMove::startShift() const {
    return inBoth() ? inB->start - inA->start : 0.0;
}

double TaskMove::durationChange() const {
    return inBoth() ? (inB->end - inB->start) - (inA->end - inA->start) : 0.0;
}

bool TaskMove::laneChanged() const {
    return inBoth() && inA->lanes != inB->lanes;
}

std::optional<double> MetricDifference::difference() const {
    if (!a || !b) return std::nullopt;
    return *b - *a;
}

namespace {

// (taskId, kind, lane name when taskId < 0, occurrence)
using ItemKey = std::tuple<int, int, std::string, int>;

struct Collected {
    std::map<ItemKey, ScheduledItem> items;
    std::map<ItemKey, std::string> names;
    std::vector<ItemKey> order;  // first appearance
};

Collected collect(const Schedule& schedule) {
    Collected c;
    for (const Lane& lane : schedule.lanes) {
        std::map<int, int> occurrences;  // per kind, for the intervals without a task
        for (const Interval& interval : lane.intervals) {
            const int kind = static_cast<int>(interval.kind);
            ItemKey key = interval.taskId >= 0 ? ItemKey{interval.taskId, kind, std::string(), 0}
                                               : ItemKey{-1, kind, lane.name, occurrences[kind]++};
            auto [it, inserted] = c.items.try_emplace(key);
            ScheduledItem& item = it->second;
            if (inserted) {
                item.start = interval.start;
                item.end = interval.end;
                c.order.push_back(key);
                c.names[key] = interval.taskId >= 0 && !interval.label.empty() ? interval.label.str()
                               : interval.taskId >= 0                          ? "task " + std::to_string(interval.taskId)
                                                                               : lane.name;
            } else {
                item.start = std::min(item.start, interval.start);
                item.end = std::max(item.end, interval.end);
            }
            if (std::find(item.lanes.begin(), item.lanes.end(), lane.name) == item.lanes.end())
                item.lanes.push_back(lane.name);
        }
    }
    return c;
}

}  // namespace

ScheduleDiff diffSchedules(const Schedule& a, const Schedule& b, std::optional<double> tolerance) {
    ScheduleDiff diff;
    diff.endTimeA = a.endTime();
    diff.endTimeB = b.endTime();
    const double eps = tolerance ? *tolerance : 1e-9 * std::max({1.0, std::abs(diff.endTimeA), std::abs(diff.endTimeB)});
    const Collected ca = collect(a);
    const Collected cb = collect(b);
    auto moveOf = [&](const ItemKey& key, const Collected& named) {
        TaskMove move;
        move.taskId = std::get<0>(key);
        move.kind = static_cast<IntervalKind>(std::get<1>(key));
        move.occurrence = std::get<3>(key);
        move.name = named.names.at(key);
        return move;
    };
    for (const ItemKey& key : ca.order) {
        TaskMove move = moveOf(key, ca);
        move.inA = ca.items.at(key);
        if (const auto it = cb.items.find(key); it != cb.items.end()) move.inB = it->second;
        const bool same = move.inBoth() && std::abs(move.startShift()) <= eps &&
                          std::abs(move.durationChange()) <= eps && !move.laneChanged();
        if (same)
            ++diff.unchanged;
        else
            diff.moves.push_back(std::move(move));
    }
    for (const ItemKey& key : cb.order) {
        if (ca.items.count(key)) continue;
        TaskMove move = moveOf(key, cb);
        move.inB = cb.items.at(key);
        diff.moves.push_back(std::move(move));
    }
    for (const Metric& metric : a.metrics) {
        MetricDifference d{metric.name, metric.value, std::nullopt};
        for (const Metric& other : b.metrics)
            if (other.name == metric.name) d.b = other.value;
        diff.metrics.push_back(std::move(d));
    }
    for (const Metric& metric : b.metrics) {
        const bool known = std::any_of(a.metrics.begin(), a.metrics.end(),
                                       [&](const Metric& m) { return m.name == metric.name; });
        if (!known) diff.metrics.push_back({metric.name, std::nullopt, metric.value});
    }
    return diff;
}

}  // namespace hetsched
