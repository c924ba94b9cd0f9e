// The drawn intervals as CSV for pandas and matplotlib: run,lane,category,task,start,end,kind.
#include "export/trace_detail.h"
#include "export/trace_writers.h"

namespace hetsched {

namespace {

// RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled.
std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

}  // namespace

Expected<std::string> writeIntervalsCsv(const ScheduleSet& set, const FigureOptions& /*options*/) {
    if (auto problem = trace_detail::problemWithSet(set, "interval CSV")) return *problem;
    std::string out = "run,lane,category,task,start,end,kind\n";
    for (const ScheduleRun& run : set.runs) {
        const std::string runField = csvField(run.name);
        for (const Lane& lane : run.schedule.lanes) {
            const std::string laneFields = csvField(lane.name) + ',' + csvField(lane.category) + ',';
            for (const Interval& in : lane.intervals) {
                out += runField + ',' + laneFields + csvField(in.label) + ',' + trace_detail::exactNumber(in.start) +
                       ',' + trace_detail::exactNumber(in.end) + ',' + intervalKindName(in.kind) + '\n';
            }
        }
    }
    return out;
}

}  // namespace hetsched
