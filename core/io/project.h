// The project file (.hsproj): several instances with the runs made on them.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "model/instance.h"

namespace hetsched {

namespace json_detail {
class JsonNode;
class JsonTextWriter;
}

struct ProjectEntry {
    std::string name;
    Instance instance;
    // Results as `hetsched solve` prints them, plus what the GUI keeps of a run: "options", "simulation"
    // (the whole simulation, simulation/simulation_io.h) and "computed_on", the index in `earlierInstances` of the
    // instance a run was computed on when it is not `instance` (the run is outdated).
    std::vector<nlohmann::json> runs;
    // Where the canvas editors draw the instance's elements, {"positions": {"<name>": [x, y], ...}};
    // null when never placed. Not part of the instance: moving a node does not change its results.
    nlohmann::json layout = nullptr;
    // Earlier versions of `instance` that runs were computed on, each stored once (version 2 on).
    std::vector<Instance> earlierInstances = {};
    // The makespan, in seconds, that the file an imported workflow came from records for its own run; none
    // when it records none (or the entry was not imported).
    std::optional<double> recordedMakespan = std::nullopt;
};

struct Project {
    std::vector<ProjectEntry> entries;
};

nlohmann::json projectToJson(const Project& project);
// The .hsproj file's text, indented: "format" and "version" come first, so that a file manager knows a
// project by its first bytes (the magic of packaging/hetsched-mime.xml), then the entries.
std::string projectFileText(const Project& project);
// The same project into a writer at its place ("format", "version", then "entries"): a recovery file's project.
void writeProject(const Project& project, json_detail::JsonTextWriter& writer);
// The text read by simdjson (nlohmann's tree for what it refuses, for the message); the tree's reader, with the
// same answers and messages.
Expected<Project> parseProject(std::string_view jsonText);
// What a reader does with each run instead of keeping it in `runs` as a JSON value, so that a run of a million
// tasks is read where it lies in the document and never becomes a tree: called for each run in order, with the
// index of its entry, the entry as read so far (its name, instance and earlier instances) and the run's node, whose
// "computed_on" has been checked. An InputError it throws is the project's error.
using ProjectRunReader =
    std::function<void(std::size_t entry, const ProjectEntry& soFar, const json_detail::JsonNode& run)>;
// `padded`: `jsonText` is followed by json_detail::kJsonPadding readable bytes, so that simdjson reads it where it
// is instead of copying it first.
Expected<Project> parseProject(std::string_view jsonText, const ProjectRunReader& readRun, bool padded = false);
Expected<Project> projectFromJson(const nlohmann::json& json);

}  // namespace hetsched
