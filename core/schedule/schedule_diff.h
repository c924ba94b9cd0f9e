// What changed between two schedules of one instance: per task where it moved, and per metric by how much.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schedule/schedule.h"

namespace hetsched {

// One task's intervals of one kind in a schedule (a dag task spans several processor lanes, a divisible
// worker has one send and one return), or, for intervals without a task, the k-th interval of that kind on
// a lane. Its span is from the first start to the last end.
struct ScheduledItem {
    double start = 0;
    double end = 0;
    std::vector<std::string> lanes;  // names, in the schedule's lane order, each once
};

// Where one task (or lane-keyed interval) is in schedule a and in schedule b; absent where it is missing.
struct TaskMove {
    int taskId = -1;            // -1: keyed by lane (intervals without a task)
    IntervalKind kind = IntervalKind::Compute;
    std::string name;           // the task's label ("T3"), or the lane's name when keyed by lane
    int occurrence = 0;         // keyed by lane: the k-th interval of that kind on the lane
    std::optional<ScheduledItem> inA;
    std::optional<ScheduledItem> inB;

    bool inBoth() const { return inA && inB; }
    // b's start less a's (0 unless in both).
    double startShift() const;
    // b's duration less a's (0 unless in both).
    double durationChange() const;
    // In both, on another set of lanes.
    bool laneChanged() const;
};

struct MetricDifference {
    std::string name;
    std::optional<double> a;
    std::optional<double> b;
    // b - a, absent unless both have the metric.
    std::optional<double> difference() const;
};

struct ScheduleDiff {
    // The tasks that moved, changed lanes or duration, or are in one schedule only, in a's lane order then
    // b's (the ones only in b last).
    std::vector<TaskMove> moves;
    std::size_t unchanged = 0;             // tasks in both at the same place
    std::vector<MetricDifference> metrics; // a's metrics in order, then those only b has
    double endTimeA = 0;
    double endTimeB = 0;
};

// Matches the intervals of `a` and `b` by (taskId, kind), and those without a task by (lane name, kind,
// occurrence); times equal within `tolerance` (default: 1e-9 of the later end time) count as unmoved.
ScheduleDiff diffSchedules(const Schedule& a, const Schedule& b, std::optional<double> tolerance = std::nullopt);

}  // namespace hetsched
