// What the trace and table writers share (export/trace_writers.h): the checks every writer makes, numbers
// written the same way in every format, and tasks spread over several lanes found once.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "export/schedule_set.h"

namespace hetsched::trace_detail {

// Why `set` cannot be written as `format` ("Paje trace", ...): no runs, no interval in any run (unless
// `intervalsNeeded` is false: the metrics tables), a NaN, infinite or negative time, an interval ending before
// it starts (naming the run, the lane and the interval).
std::optional<Error> problemWithSet(const ScheduleSet& set, const std::string& format, bool intervalsNeeded = true);

// `text` (UTF-8) as LaTeX text that pdflatex sets in the default OT1 encoding and in T1 alike: the special
// characters escaped, arrows, Greek letters and a few symbols in math, letters LaTeX cannot set in OT1 by their
// base letter, anything else '?'; control characters become spaces.
std::string latexEscape(const std::string& text);
// `text` with every malformed UTF-8 sequence replaced by U+FFFD.
std::string validUtf8(const std::string& text);
// `text` on one line for a comment or a quoted field: valid UTF-8, control characters as spaces.
std::string singleLine(const std::string& text);
// `text` as XML character data or an attribute value (quotes escaped, characters XML 1.0 forbids as spaces).
std::string xmlEscape(const std::string& text);

// The shortest text that reads back as exactly `value` (C locale): "0.1", "1e-05", "1500".
std::string exactNumber(double value);
// `value` with `decimals` digits after the point, C locale: "12.50".
std::string fixedNumber(double value, int decimals);
// `value` to `significant` digits without trailing zeros, C locale: "12.3", "0.00012", "1.2e+06".
std::string shortNumber(double value, int significant = 4);

// `value` for LaTeX text to `significant` digits, powers of ten in math ("$2.5\\times 10^{9}$"), NaN as "--",
// infinities as $\\infty$.
std::string latexNumber(double value, int significant);

// A lane's category as the writers name it: "lanes" when the schedule gave none.
std::string categoryName(const std::string& category);

// The lanes of a schedule grouped by category, categories in order of first appearance.
struct CategoryLanes {
    std::string name;                   // categoryName(lane.category)
    std::vector<std::size_t> lanes;     // indices into Schedule::lanes, in order
};
std::vector<CategoryLanes> lanesByCategory(const Schedule& schedule);

// One interval drawn over lanes firstLane..lastLane of one category, consecutive in Schedule::lanes: a task
// on several processors (same task >= 0, kind, label, start and end on each lane) is one span, as the dag
// family's schedules show a moldable task. Every interval of the schedule is in exactly one span.
struct LaneSpan {
    std::size_t firstLane = 0;
    std::size_t lastLane = 0;
    const Interval* interval = nullptr;   // the first lane's
};
std::vector<LaneSpan> laneSpans(const Schedule& schedule);

// Whether two intervals are the same task's (task >= 0, equal kind, label, start and end).
bool sameTaskInterval(const Interval& a, const Interval& b);

// The time unit every run shares ("s"), empty when they differ or have none.
std::string sharedTimeUnit(const ScheduleSet& set);

}  // namespace hetsched::trace_detail
