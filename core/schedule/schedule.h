// The generic schedule every view draws from: lanes of timed intervals, markers and named metrics.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/shared_text.h"

namespace hetsched {

// What an interval represents; views colour by kind unless asked to colour by group.
// Values are only ever appended (they reach JSON and CSV by name).
enum class IntervalKind { Compute, Send, Receive, Idle, Return, Redistribution, Other };

const char* intervalKindName(IntervalKind kind);

// 56 bytes: the texts are shared by the intervals that carry the same one (a task over several processors).
struct Interval {
    double start = 0;
    double end = 0;
    IntervalKind kind = IntervalKind::Compute;
    SharedText label;    // drawn inside the bar when it fits ("x=12")
    int taskId = -1;     // index of the task/resource in the instance, -1 when none
    SharedText group;    // optional grouping (a shelf "S3", a pattern, a level)
    SharedText detail;   // tooltip text beyond the label (or made when asked: Schedule::describe)
};

struct Lane {
    std::string name;      // "cpu", "P3", "master send"
    std::string category;  // lanes of one category are drawn together ("CPU", "GPU", "cluster C0")
    std::vector<Interval> intervals;
};

// A vertical line across every lane: the makespan, a horizon, a guess lambda.
struct Marker {
    std::string name;
    double time = 0;
    bool dashed = false;
};

struct Metric {
    std::string name;
    double value = 0;
    // "s", "flop/s", "flop", "s^2/flop"... for display with an SI prefix; empty: a plain number or a count.
    std::string unit = {};
};

struct Schedule {
    std::string title;
    std::string timeUnit;  // "s", "" when the instance is unitless
    std::vector<Lane> lanes;
    std::vector<Marker> markers;
    std::vector<Metric> metrics;
    // The tooltip text of an interval whose own `detail` is empty, made when it is asked for: a schedule of a
    // million intervals keeps a function of the solution instead of a string per interval. Read it through
    // intervalDetail. Empty: the intervals' `detail` is all there is.
    std::function<std::string(const Interval&)> describe = {};

    double endTime() const;     // the latest interval end (0 when empty)
    std::size_t intervalCount() const;
};

// An interval's text beyond its label: its own `detail`, else what the schedule's `describe` makes of it.
std::string intervalDetail(const Schedule& schedule, const Interval& interval);

// Problems with the schedule itself (an interval with end < start, a NaN time): empty when sound.
std::vector<std::string> checkScheduleShape(const Schedule& schedule);

}  // namespace hetsched
