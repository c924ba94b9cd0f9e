#include "io/project.h"

#include "io/instance_io.h"
#include "io/json_reader.h"
#include "io/json_text_writer.h"
#include "model/instance_checks.h"

namespace hetsched {

using json_detail::InputError;
using json_detail::JsonNode;

namespace {
constexpr const char* kFormat = "hetsched-project";
// Version 2 added "earlier_instances", runs' "computed_on" and whole simulations; a version 1 project
// reads as one whose runs were all computed on the instance it holds.
constexpr int kVersion = 2;

// The canvas positions: an object of finite [x, y] pairs under "positions" (other keys are kept).
nlohmann::json readLayout(const JsonNode& node) {
    node.requireObject();
    const nlohmann::json value = node.json();
    const JsonNode layout(value, node.path());
    if (auto positions = layout.find("positions")) {
        positions->requireObject();
        for (const auto& [name, point] : positions->raw().items()) {
            const JsonNode at = positions->at(name.c_str());
            if (!point.is_array() || point.size() != 2) at.fail("expected [x, y]");
            at[0].numberIn(-1e9, 1e9);
            at[1].numberIn(-1e9, 1e9);
        }
    }
    return value;
}

Expected<Project> projectFromNode(const JsonNode& root, const ProjectRunReader& readRun = {}) {
    root.requireObject();
    if (root.at("format").string() != kFormat) root.at("format").fail("not a HetSched project");
    const std::int64_t version = root.at("version").integer(1, 1'000'000);
    if (version > kVersion)
        root.at("version").fail("written by a newer HetSched (version " + std::to_string(version) + ")");
    Project project;
    const JsonNode entries = root.at("entries");
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const JsonNode entry = entries[i];
        entry.requireObject();
        ProjectEntry e;
        e.name = entry.at("name").string();
        const JsonNode instance = entry.at("instance");
        Expected<Instance> parsed = instanceFromNode(instance.asRoot());
        if (!parsed) instance.fail(parsed.error().message);
        e.instance = std::move(*parsed);
        if (auto earlier = entry.find("earlier_instances")) {
            for (std::size_t k = 0; k < earlier->size(); ++k) {
                const JsonNode version = (*earlier)[k];
                Expected<Instance> read = instanceFromNode(version.asRoot());
                if (!read) version.fail(read.error().message);
                if (read->index() != e.instance.index()) version.fail("not the same kind as the entry's instance");
                e.earlierInstances.push_back(std::move(*read));
            }
        }
        if (auto runs = entry.find("runs")) {
            for (std::size_t k = 0; k < runs->size(); ++k) {
                const JsonNode run = (*runs)[k];
                run.requireObject();
                if (auto computedOn = run.find("computed_on")) {
                    if (e.earlierInstances.empty()) computedOn->fail("the entry has no earlier_instances");
                    computedOn->integer(0, static_cast<std::int64_t>(e.earlierInstances.size()) - 1);
                }
                // A run's "simulation" is kept as stored: the project document reads a whole one back
                // (simulation/simulation_io.h, above this layer) and keeps one it cannot read as it is.
                if (readRun)
                    readRun(i, e, run);
                else
                    e.runs.push_back(run.json());
            }
        }
        if (auto layout = entry.find("layout")) e.layout = readLayout(*layout);
        if (auto recorded = entry.find("recorded_makespan")) e.recordedMakespan = recorded->numberIn(0, dag_limits::kMaxValue);
        project.entries.push_back(std::move(e));
    }
    return project;
}
}  // namespace

nlohmann::json projectToJson(const Project& project) {
    nlohmann::json entries = nlohmann::json::array();
    for (const ProjectEntry& entry : project.entries) {
        nlohmann::json stored = {{"name", entry.name},
                                 {"instance", instanceToJson(entry.instance)},
                                 {"runs", entry.runs}};
        if (!entry.earlierInstances.empty()) {
            nlohmann::json earlier = nlohmann::json::array();
            for (const Instance& instance : entry.earlierInstances) earlier.push_back(instanceToJson(instance));
            stored["earlier_instances"] = std::move(earlier);
        }
        if (!entry.layout.is_null()) stored["layout"] = entry.layout;
        if (entry.recordedMakespan) stored["recorded_makespan"] = *entry.recordedMakespan;
        entries.push_back(std::move(stored));
    }
    return {{"format", kFormat}, {"version", kVersion}, {"entries", entries}};
}

// Written as it goes, byte for byte the text of projectToJson's tree in this key order: the instances streamed from
// the typed model (no document tree of a million tasks, and no copy of the whole project's tree).
std::string projectFileText(const Project& project) {
    json_detail::JsonTextWriter w;
    writeProject(project, w);
    return w.take() + "\n";
}

void writeProject(const Project& project, json_detail::JsonTextWriter& w) {
    w.beginObject();
    w.member("format", kFormat);
    w.member("version", kVersion);
    w.key("entries");
    w.beginArray();
    for (const ProjectEntry& entry : project.entries) {
        // An entry's keys sorted, as nlohmann writes an object.
        w.beginObject();
        if (!entry.earlierInstances.empty()) {
            w.key("earlier_instances");
            w.beginArray();
            for (const Instance& instance : entry.earlierInstances) writeInstance(instance, w);
            w.endArray();
        }
        w.key("instance");
        writeInstance(entry.instance, w);
        if (!entry.layout.is_null()) w.member("layout", entry.layout);
        w.member("name", entry.name);
        if (entry.recordedMakespan) w.member("recorded_makespan", *entry.recordedMakespan);
        w.key("runs");
        w.beginArray();
        for (const nlohmann::json& run : entry.runs) w.value(run);
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

// simdjson first, as instance files are read; what it refuses is parsed again by nlohmann, whose message says
// what is wrong. The instances are read from simdjson's document; the runs are kept as nlohmann values.
Expected<Project> parseProject(std::string_view jsonText) {
    return parseProject(jsonText, {});
}

Expected<Project> parseProject(std::string_view jsonText, const ProjectRunReader& readRun, bool padded) {
    try {
        if (const std::unique_ptr<json_detail::FastJsonDocument> document =
                json_detail::FastJsonDocument::parse(jsonText, padded))
            return projectFromNode(document->root(), readRun);
        const nlohmann::json tree = json_detail::parseJsonText(jsonText);
        return projectFromNode(JsonNode(tree, ""), readRun);
    } catch (const InputError& e) {
        return invalidInput(e.what());
    } catch (const std::exception& e) {
        return invalidInput(std::string("cannot read the project: ") + e.what());
    }
}

Expected<Project> projectFromJson(const nlohmann::json& json) {
    try {
        return projectFromNode(JsonNode(json, ""));
    } catch (const InputError& e) {
        return invalidInput(e.what());
    } catch (const std::exception& e) {
        return invalidInput(std::string("cannot read the project: ") + e.what());
    }
}

}  // namespace hetsched
