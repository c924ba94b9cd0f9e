// Paje traces for ViTE, PajeNG (pj_dump) and StarVZ: runs, categories and lanes as nested containers, one
// state per interval with its kind as the value and the task's name (its kind where it has none: Paje readers
// misread an empty string) in an extra field.
#include <algorithm>

#include "export/palette.h"
#include "export/trace_detail.h"
#include "export/trace_writers.h"

namespace hetsched {

namespace {

// The event definitions every Paje reader needs first; PajePushState carries the extra field Task.
constexpr const char* kPajeHeader = R"(%EventDef PajeDefineContainerType 0
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeDefineStateType 1
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeDefineEntityValue 2
%       Alias string
%       Type string
%       Name string
%       Color color
%EndEventDef
%EventDef PajeCreateContainer 3
%       Time date
%       Alias string
%       Type string
%       Container string
%       Name string
%EndEventDef
%EventDef PajeDestroyContainer 4
%       Time date
%       Type string
%       Name string
%EndEventDef
%EventDef PajePushState 5
%       Time date
%       Type string
%       Container string
%       Value string
%       Task string
%EndEventDef
%EventDef PajePopState 6
%       Time date
%       Type string
%       Container string
%EndEventDef
)";

// A quoted Paje string: Paje has no escape for a double quote, so it becomes a single one.
std::string pajeString(const std::string& text) {
    std::string out = trace_detail::singleLine(text);
    std::replace(out.begin(), out.end(), '"', '\'');
    return '"' + out + '"';
}

std::string colourOf(IntervalKind kind, PaletteName palette) {
    const Rgb rgb = intervalKindRgb(kind, palette);
    return '"' + trace_detail::fixedNumber(rgb.r / 255.0, 3) + ' ' + trace_detail::fixedNumber(rgb.g / 255.0, 3) + ' ' +
           trace_detail::fixedNumber(rgb.b / 255.0, 3) + '"';
}

struct TimedEvent {
    double time;
    std::string line;
};

// The intervals of a lane in layers without overlap: layer 0 is the lane, a further layer (intervals that
// overlap an earlier one) its own container beside it, since a Paje container is in one state at a time.
std::vector<std::vector<const Interval*>> layersOf(const Lane& lane) {
    std::vector<const Interval*> sorted;
    for (const Interval& in : lane.intervals) sorted.push_back(&in);
    std::stable_sort(sorted.begin(), sorted.end(), [](const Interval* a, const Interval* b) {
        return a->start != b->start ? a->start < b->start : a->end < b->end;
    });
    std::vector<std::vector<const Interval*>> layers;
    for (const Interval* in : sorted) {
        auto layer = std::find_if(layers.begin(), layers.end(),
                                  [&](const std::vector<const Interval*>& l) { return l.back()->end <= in->start; });
        if (layer == layers.end()) layers.push_back({in});
        else layer->push_back(in);
    }
    if (layers.empty()) layers.emplace_back();
    return layers;
}

}  // namespace

Expected<std::string> writePajeTrace(const ScheduleSet& set, const FigureOptions& options) {
    if (auto problem = trace_detail::problemWithSet(set, "Paje trace")) return *problem;
    // No comment lines: ViTE warns of each ("the definition is not identified").
    std::string out = kPajeHeader;
    out += "0 HSRun 0 \"Run\"\n0 HSCategory HSRun \"Category\"\n0 HSLane HSCategory \"Lane\"\n1 HSState HSLane \"Task\"\n";
    bool kindUsed[static_cast<int>(IntervalKind::Other) + 1] = {};
    double endTime = 0;
    for (const ScheduleRun& run : set.runs) {
        for (const Lane& lane : run.schedule.lanes)
            for (const Interval& in : lane.intervals) kindUsed[static_cast<int>(in.kind)] = true;
        endTime = std::max(endTime, run.schedule.endTime());
    }
    for (int k = 0; k <= static_cast<int>(IntervalKind::Other); ++k) {
        if (!kindUsed[k]) continue;
        const auto kind = static_cast<IntervalKind>(k);
        out += std::string("2 ") + intervalKindName(kind) + " HSState \"" + intervalKindName(kind) + "\" " +
               colourOf(kind, options.palette) + '\n';
    }
    std::vector<TimedEvent> states;
    std::vector<std::pair<std::string, std::string>> destroys;   // (type, alias), children first
    for (std::size_t r = 0; r < set.runs.size(); ++r) {
        const ScheduleRun& run = set.runs[r];
        const std::string runAlias = "r" + std::to_string(r + 1);
        out += "3 0 " + runAlias + " HSRun 0 " + pajeString(run.name.empty() ? "run " + std::to_string(r + 1) : run.name) + '\n';
        const std::vector<trace_detail::CategoryLanes> categories = trace_detail::lanesByCategory(run.schedule);
        for (std::size_t c = 0; c < categories.size(); ++c) {
            const std::string categoryAlias = runAlias + "c" + std::to_string(c + 1);
            out += "3 0 " + categoryAlias + " HSCategory " + runAlias + ' ' + pajeString(categories[c].name) + '\n';
            for (std::size_t l : categories[c].lanes) {
                const Lane& lane = run.schedule.lanes[l];
                const std::string laneName = lane.name.empty() ? "lane " + std::to_string(l + 1) : lane.name;
                const std::vector<std::vector<const Interval*>> layers = layersOf(lane);
                for (std::size_t layer = 0; layer < layers.size(); ++layer) {
                    std::string alias = runAlias + "l" + std::to_string(l + 1);
                    if (layer) alias.append("x").append(std::to_string(layer + 1));
                    out += "3 0 " + alias + " HSLane " + categoryAlias + ' ' +
                           pajeString(layer ? laneName + " (" + std::to_string(layer + 1) + ")" : laneName) + '\n';
                    destroys.emplace_back("HSLane", alias);
                    for (const Interval* in : layers[layer]) {
                        states.push_back({in->start, "5 " + trace_detail::exactNumber(in->start) + " HSState " + alias +
                                                         ' ' + intervalKindName(in->kind) + ' ' +
                                                         pajeString(in->label.empty() ? intervalKindName(in->kind) : in->label.str()) + '\n'});
                        states.push_back({in->end, "6 " + trace_detail::exactNumber(in->end) + " HSState " + alias + '\n'});
                    }
                }
            }
            destroys.emplace_back("HSCategory", categoryAlias);
        }
        destroys.emplace_back("HSRun", runAlias);
    }
    // Events in time order; a container's own events are already in order, and a stable sort keeps them so.
    std::stable_sort(states.begin(), states.end(), [](const TimedEvent& a, const TimedEvent& b) { return a.time < b.time; });
    for (const TimedEvent& event : states) out += event.line;
    const std::string end = trace_detail::exactNumber(endTime);
    for (const auto& [type, alias] : destroys) out += "4 " + end + ' ' + type + ' ' + alias + '\n';
    return out;
}

}  // namespace hetsched
