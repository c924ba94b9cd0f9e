// Schedules and simulations as projects keep them, read back with the JSON path of anything wrong.
#include "simulation/simulation_io.h"

#include <cmath>

#include "io/json_reader.h"

namespace hetsched {

using json_detail::InputError;
using json_detail::JsonNode;

namespace {

constexpr IntervalKind kIntervalKinds[] = {IntervalKind::Compute, IntervalKind::Send,
                                           IntervalKind::Receive, IntervalKind::Idle,
                                           IntervalKind::Return,  IntervalKind::Redistribution,
                                           IntervalKind::Other};

IntervalKind readIntervalKind(const JsonNode& node) {
    const std::string name = node.string();
    for (IntervalKind kind : kIntervalKinds)
        if (name == intervalKindName(kind)) return kind;
    node.fail("unknown interval kind \"" + name + "\"");
}

std::string optionalString(const JsonNode& node, const char* key) {
    if (auto value = node.find(key)) return value->string();
    return {};
}

// Times of a simulation or a schedule: finite (an open-ended one is never drawn).
double timeOf(const JsonNode& node) { return node.number(); }

Schedule readSchedule(const JsonNode& root) {
    root.requireObject();
    Schedule s;
    s.title = optionalString(root, "title");
    s.timeUnit = optionalString(root, "time_unit");
    const JsonNode lanes = root.at("lanes");
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        const JsonNode lane = lanes[l];
        lane.requireObject();
        Lane out{lane.at("name").string(), optionalString(lane, "category"), {}};
        const JsonNode intervals = lane.at("intervals");
        out.intervals.reserve(intervals.size());
        for (std::size_t i = 0; i < intervals.size(); ++i) {
            const JsonNode interval = intervals[i];
            interval.requireObject();
            Interval iv;
            iv.start = timeOf(interval.at("start"));
            iv.end = timeOf(interval.at("end"));
            if (iv.end < iv.start) interval.at("end").fail("ends before its start");
            iv.kind = readIntervalKind(interval.at("kind"));
            iv.label = optionalString(interval, "label");
            if (auto task = interval.find("task")) iv.taskId = static_cast<int>(task->integer(-1, 1'000'000'000));
            iv.group = optionalString(interval, "group");
            iv.detail = optionalString(interval, "detail");
            out.intervals.push_back(std::move(iv));
        }
        s.lanes.push_back(std::move(out));
    }
    if (auto markers = root.find("markers"))
        for (std::size_t m = 0; m < markers->size(); ++m) {
            const JsonNode marker = (*markers)[m];
            marker.requireObject();
            Marker out{marker.at("name").string(), timeOf(marker.at("time")), false};
            if (auto dashed = marker.find("dashed")) out.dashed = dashed->boolean();
            s.markers.push_back(std::move(out));
        }
    if (auto metrics = root.find("metrics"))
        for (std::size_t m = 0; m < metrics->size(); ++m) {
            const JsonNode metric = (*metrics)[m];
            metric.requireObject();
            // A metric may be infinite or undefined (a throughput of nothing): JSON null stands for NaN.
            const JsonNode value = metric.at("value");
            double number = std::nan("");
            if (!value.raw().is_null()) {
                if (!value.raw().is_number()) value.fail("expected a number or null");
                number = value.raw().get<double>();
            }
            s.metrics.push_back({metric.at("name").string(), number, optionalString(metric, "unit")});
        }
    return s;
}

SimulatedActivity readActivity(const JsonNode& node, bool transfer) {
    node.requireObject();
    SimulatedActivity a;
    a.id = node.at("id").string();
    if (transfer) {
        a.from = node.at("from").string();
        a.to = node.at("to").string();
        a.bytes = node.at("bytes").numberIn(0, 1e300);
    }
    a.start = timeOf(node.at("start"));
    a.end = timeOf(node.at("end"));
    a.plannedStart = timeOf(node.at("planned_start"));
    a.plannedEnd = timeOf(node.at("planned_end"));
    a.uncontendedSeconds = node.at("uncontended_duration").number();
    const JsonNode cause = node.at("cause");
    const std::optional<DelayCause> parsed = delayCauseFromName(cause.string());
    if (!parsed) cause.fail("unknown delay cause \"" + cause.string() + "\"");
    a.cause = *parsed;
    return a;
}

// The keys simulationResultToJson writes itself; any other key of a stored simulation is a family key.
bool isCommonKey(const std::string& key) {
    static const char* const kKeys[] = {"kind", "solver", "simulator", "platform", "seconds", "planned_makespan",
                                        "simulated_makespan", "difference", "relative_difference", "tolerance",
                                        "notes", "tasks", "transfers", "schedule", "platform_xml"};
    for (const char* k : kKeys)
        if (key == k) return true;
    return false;
}

}  // namespace

nlohmann::json scheduleToJson(const Schedule& s) {
    nlohmann::json lanes = nlohmann::json::array();
    for (const Lane& lane : s.lanes) {
        nlohmann::json intervals = nlohmann::json::array();
        for (const Interval& iv : lane.intervals) {
            nlohmann::json j = {{"start", iv.start}, {"end", iv.end}, {"kind", intervalKindName(iv.kind)}};
            if (!iv.label.empty()) j["label"] = iv.label.str();
            if (iv.taskId >= 0) j["task"] = iv.taskId;
            if (!iv.group.empty()) j["group"] = iv.group.str();
            if (std::string detail = intervalDetail(s, iv); !detail.empty()) j["detail"] = std::move(detail);
            intervals.push_back(std::move(j));
        }
        lanes.push_back({{"name", lane.name}, {"category", lane.category}, {"intervals", std::move(intervals)}});
    }
    nlohmann::json markers = nlohmann::json::array();
    for (const Marker& m : s.markers) markers.push_back({{"name", m.name}, {"time", m.time}, {"dashed", m.dashed}});
    nlohmann::json metrics = nlohmann::json::array();
    for (const Metric& m : s.metrics) {
        nlohmann::json j = {{"name", m.name}, {"value", m.value}};   // NaN and infinities are written as null
        if (!m.unit.empty()) j["unit"] = m.unit;
        metrics.push_back(std::move(j));
    }
    return {{"title", s.title}, {"time_unit", s.timeUnit}, {"lanes", std::move(lanes)},
            {"markers", std::move(markers)}, {"metrics", std::move(metrics)}};
}

Expected<Schedule> scheduleFromJson(const nlohmann::json& json) {
    try {
        return readSchedule(JsonNode(json, "schedule"));
    } catch (const InputError& e) {
        return invalidInput(e.what());
    }
}

nlohmann::json storedSimulationToJson(const SimulationResult& simulation) {
    nlohmann::json j = simulationResultToJson(simulation);
    j["schedule"] = scheduleToJson(simulation.schedule);
    if (simulation.generatedPlatform && !simulation.platformXml.empty()) j["platform_xml"] = simulation.platformXml;
    return j;
}

Expected<SimulationResult> storedSimulationFromJson(const nlohmann::json& json) {
    try {
        const JsonNode root(json, "");
        root.requireObject();
        SimulationResult r;
        r.kind = root.at("kind").string();
        r.solver = root.at("solver").string();
        r.simulator = optionalString(root, "simulator");
        const JsonNode platform = root.at("platform");
        platform.requireObject();
        r.generatedPlatform = platform.at("source").string() != "file";
        if (!r.generatedPlatform) r.platformFile = platform.at("file").string();
        r.platformXml = optionalString(root, "platform_xml");
        r.seconds = root.at("seconds").number();
        r.plannedMakespan = root.at("planned_makespan").number();
        r.simulatedMakespan = root.at("simulated_makespan").number();
        r.tolerance = root.at("tolerance").number();
        if (auto notes = root.find("notes"))
            for (std::size_t k = 0; k < notes->size(); ++k) r.notes.push_back((*notes)[k].string());
        const JsonNode tasks = root.at("tasks");
        for (std::size_t k = 0; k < tasks.size(); ++k) r.tasks.push_back(readActivity(tasks[k], false));
        const JsonNode transfers = root.at("transfers");
        for (std::size_t k = 0; k < transfers.size(); ++k) r.transfers.push_back(readActivity(transfers[k], true));
        r.schedule = readSchedule(root.at("schedule"));
        for (const auto& [key, value] : json.items())
            if (!isCommonKey(key)) r.familyKeys[key] = value;
        return r;
    } catch (const InputError& e) {
        return invalidInput(e.what());
    }
}

}  // namespace hetsched
