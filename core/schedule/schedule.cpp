#include "schedule/schedule.h"

#include <algorithm>
#include <cmath>

namespace hetsched {

const char* intervalKindName(IntervalKind kind) {
    switch (kind) {
    case IntervalKind::Compute: return "compute";
    case IntervalKind::Send: return "send";
    case IntervalKind::Receive: return "receive";
    case IntervalKind::Idle: return "idle";
    case IntervalKind::Return: return "return";
    case IntervalKind::Redistribution: return "redistribution";
    case IntervalKind::Other: return "other";
    }
    return "other";
}

double Schedule::endTime() const {
    double end = 0;
    for (const Lane& lane : lanes)
        for (const Interval& interval : lane.intervals) end = std::max(end, interval.end);
    return end;
}

std::size_t Schedule::intervalCount() const {
    std::size_t count = 0;
    for (const Lane& lane : lanes) count += lane.intervals.size();
    return count;
}

std::string intervalDetail(const Schedule& schedule, const Interval& interval) {
    if (!interval.detail.empty() || !schedule.describe) return interval.detail;
    return schedule.describe(interval);
}

std::vector<std::string> checkScheduleShape(const Schedule& schedule) {
    std::vector<std::string> problems;
    for (const Lane& lane : schedule.lanes) {
        for (std::size_t k = 0; k < lane.intervals.size(); ++k) {
            const Interval& in = lane.intervals[k];
            if (!std::isfinite(in.start) || !std::isfinite(in.end))
                problems.push_back("lane " + lane.name + " interval " + std::to_string(k) + ": non-finite time");
            else if (in.end < in.start)
                problems.push_back("lane " + lane.name + " interval " + std::to_string(k) + ": ends before it starts");
        }
    }
    return problems;
}

}  // namespace hetsched
