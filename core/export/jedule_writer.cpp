// Jedule XML as SimGrid writes it (src/instr/jedule): the platform as nested <res>, the lanes of each category
// in an <rset>, one <event> per task with the lanes it uses as <select resources="HIERARCHY.[a-b]">.
#include <algorithm>
#include <map>
#include <tuple>

#include "export/trace_detail.h"
#include "export/trace_writers.h"

namespace hetsched {

namespace {

std::string prop(const std::string& key, const std::string& value, const char* indent) {
    return std::string(indent) + "<prop key=\"" + trace_detail::xmlEscape(key) + "\" value=\"" +
           trace_detail::xmlEscape(value) + "\" />\n";
}

// SimGrid's resource names are joined by '|' in an <rset>: a '|' inside a name becomes '/'.
std::string resourceName(std::string name) {
    for (char& c : name)
        if (c == '|') c = '/';
    return trace_detail::xmlEscape(name);
}

}  // namespace

Expected<std::string> writeJeduleTrace(const ScheduleSet& set, const FigureOptions& options) {
    if (auto problem = trace_detail::problemWithSet(set, "Jedule trace")) return *problem;
    const std::string title = options.title ? *options.title : set.title;
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<jedule>\n  <jedule_meta>\n";
    out += prop("generator", "HetSched", "    ");
    if (!title.empty()) out += prop("title", trace_detail::singleLine(title), "    ");
    const std::string unit = trace_detail::sharedTimeUnit(set);
    if (!unit.empty()) out += prop("time_unit", unit, "    ");
    out += prop("runs", std::to_string(set.runs.size()), "    ");
    out += "  </jedule_meta>\n  <platform>\n";
    // SimGrid numbers a container by its position among its parent's children, innermost first, ending with
    // the root's 0 (Container::get_hierarchy): category c of run r is "c.r.0".
    out += "    <res name=\"" + trace_detail::xmlEscape(title.empty() ? "schedules" : trace_detail::singleLine(title)) + "\">\n";
    std::vector<std::vector<trace_detail::CategoryLanes>> categoriesOfRun;
    for (std::size_t r = 0; r < set.runs.size(); ++r) {
        const ScheduleRun& run = set.runs[r];
        categoriesOfRun.push_back(trace_detail::lanesByCategory(run.schedule));
        out += "      <res name=\"" + trace_detail::xmlEscape(run.name) + "\">\n";
        for (std::size_t c = 0; c < categoriesOfRun[r].size(); ++c) {
            const trace_detail::CategoryLanes& category = categoriesOfRun[r][c];
            out += "        <res name=\"" + trace_detail::xmlEscape(category.name) + "\">\n";
            out += "          <rset id=\"" + std::to_string(c) + '.' + std::to_string(r) + ".0\" nb=\"" +
                   std::to_string(category.lanes.size()) + "\" names=\"";
            for (std::size_t k = 0; k < category.lanes.size(); ++k)
                out.append(k ? "|" : "").append(resourceName(run.schedule.lanes[category.lanes[k]].name));
            out += "\" />\n        </res>\n";
        }
        out += "      </res>\n";
    }
    out += "    </res>\n  </platform>\n  <events>\n";
    for (std::size_t r = 0; r < set.runs.size(); ++r) {
        const Schedule& schedule = set.runs[r].schedule;
        // Where each lane sits: its category and its index in the category's <rset>.
        std::vector<std::pair<std::size_t, std::size_t>> place(schedule.lanes.size());
        for (std::size_t c = 0; c < categoriesOfRun[r].size(); ++c)
            for (std::size_t k = 0; k < categoriesOfRun[r][c].lanes.size(); ++k) place[categoriesOfRun[r][c].lanes[k]] = {c, k};
        // A task's copies on several lanes (same task, kind, label and times) are one event over those lanes.
        struct Event {
            const Interval* interval;
            std::vector<std::size_t> lanes;
        };
        std::vector<Event> events;
        std::map<std::tuple<int, int, double, double, std::string>, std::size_t> eventOfTask;
        for (std::size_t l = 0; l < schedule.lanes.size(); ++l) {
            for (const Interval& in : schedule.lanes[l].intervals) {
                if (in.taskId >= 0) {
                    const auto [it, inserted] = eventOfTask.emplace(
                        std::make_tuple(in.taskId, static_cast<int>(in.kind), in.start, in.end, in.label), events.size());
                    if (!inserted) {
                        std::vector<std::size_t>& lanes = events[it->second].lanes;
                        if (lanes.back() != l) lanes.push_back(l);   // twice on one lane: a separate event
                        else events.push_back({&in, {l}});
                        continue;
                    }
                }
                events.push_back({&in, {l}});
            }
        }
        for (const Event& event : events) {
            const Interval& in = *event.interval;
            out += "    <event>\n";
            out += prop("name", in.label.empty() ? std::string(intervalKindName(in.kind)) : in.label.str(), "      ");
            out += prop("start", trace_detail::exactNumber(in.start), "      ");
            out += prop("end", trace_detail::exactNumber(in.end), "      ");
            out += prop("type", intervalKindName(in.kind), "      ");
            out += "      <res_util>\n";
            // One <select> per range of consecutive indices in one category, as SimGrid's add_subsets_to.
            std::map<std::size_t, std::vector<std::size_t>> indicesOfCategory;
            for (std::size_t l : event.lanes) indicesOfCategory[place[l].first].push_back(place[l].second);
            for (auto& [c, indices] : indicesOfCategory) {
                std::sort(indices.begin(), indices.end());
                for (std::size_t i = 0; i < indices.size();) {
                    std::size_t j = i;
                    while (j + 1 < indices.size() && indices[j + 1] == indices[j] + 1) ++j;
                    out += "        <select resources=\"" + std::to_string(c) + '.' + std::to_string(r) + ".0.[" +
                           std::to_string(indices[i]) + '-' + std::to_string(indices[j]) + "]\" />\n";
                    i = j + 1;
                }
            }
            out += "      </res_util>\n      <info>\n";
            out += prop("run", set.runs[r].name, "        ");
            if (in.taskId >= 0) out += prop("task_id", std::to_string(in.taskId), "        ");
            if (!in.group.empty()) out += prop("group", in.group, "        ");
            out += "      </info>\n    </event>\n";
        }
    }
    out += "  </events>\n</jedule>\n";
    return out;
}

}  // namespace hetsched
