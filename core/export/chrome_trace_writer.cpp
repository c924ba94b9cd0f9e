// Chrome's trace-event JSON, which Perfetto and chrome://tracing open: a process per category of a run (a
// cluster, a node), a thread per lane, one complete ("X") event per interval.
#include <nlohmann/json.hpp>

#include "export/trace_detail.h"
#include "export/trace_writers.h"

namespace hetsched {

namespace {

using nlohmann::json;

json metadata(const char* name, int pid, int tid, json args) {
    return {{"name", name}, {"ph", "M"}, {"pid", pid}, {"tid", tid}, {"args", std::move(args)}};
}

}  // namespace

Expected<std::string> writeChromeTrace(const ScheduleSet& set, const FigureOptions& options) {
    if (auto problem = trace_detail::problemWithSet(set, "Chrome trace")) return *problem;
    // The format counts in microseconds; a schedule's time unit (seconds, or none) is taken as 1 s = 1e6 us.
    constexpr double kMicrosecondsPerUnit = 1e6;
    json events = json::array();
    int pid = 0;
    for (std::size_t r = 0; r < set.runs.size(); ++r) {
        const ScheduleRun& run = set.runs[r];
        for (const trace_detail::CategoryLanes& category : trace_detail::lanesByCategory(run.schedule)) {
            ++pid;
            const std::string processName = set.runs.size() > 1 ? run.name + ": " + category.name : category.name;
            events.push_back(metadata("process_name", pid, 0, {{"name", processName}}));
            events.push_back(metadata("process_sort_index", pid, 0, {{"sort_index", pid}}));
            if (set.runs.size() > 1) events.push_back(metadata("process_labels", pid, 0, {{"labels", run.name}}));
            int tid = 0;
            for (std::size_t l : category.lanes) {
                ++tid;
                const Lane& lane = run.schedule.lanes[l];
                events.push_back(metadata("thread_name", pid, tid, {{"name", lane.name}}));
                events.push_back(metadata("thread_sort_index", pid, tid, {{"sort_index", tid}}));
                for (const Interval& in : lane.intervals) {
                    json args = {{"kind", intervalKindName(in.kind)}, {"start", in.start}, {"end", in.end}};
                    if (in.taskId >= 0) args["task_id"] = in.taskId;
                    if (!in.group.empty()) args["group"] = in.group.str();
                    if (std::string detail = intervalDetail(run.schedule, in); !detail.empty())
                        args["detail"] = std::move(detail);
                    if (set.runs.size() > 1) args["run"] = run.name;
                    events.push_back({{"name", in.label.empty() ? std::string(intervalKindName(in.kind)) : in.label.str()},
                                      {"cat", intervalKindName(in.kind)},
                                      {"ph", "X"},
                                      {"ts", in.start * kMicrosecondsPerUnit},
                                      {"dur", (in.end - in.start) * kMicrosecondsPerUnit},
                                      {"pid", pid},
                                      {"tid", tid},
                                      {"args", std::move(args)}});
                }
            }
        }
    }
    const std::string title = options.title ? *options.title : set.title;
    json other = {{"generator", "HetSched"}, {"time_unit", trace_detail::sharedTimeUnit(set)}};
    if (!title.empty()) other["title"] = title;
    json runs = json::array();
    for (const ScheduleRun& run : set.runs) runs.push_back(run.name);
    other["runs"] = std::move(runs);
    // One event a line (diffable, greppable); names are the user's: malformed UTF-8 is replaced, never thrown.
    const auto text = [](const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); };
    std::string out = "{\"traceEvents\": [\n";
    for (std::size_t k = 0; k < events.size(); ++k) out += text(events[k]) + (k + 1 < events.size() ? ",\n" : "\n");
    out += "],\n\"displayTimeUnit\": \"ms\",\n\"otherData\": " + text(other) + "}\n";
    return out;
}

}  // namespace hetsched
