// The project file (.hsproj): several instances with the runs made on them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "model/instance.h"

namespace hetsched {

struct ProjectEntry {
    std::string name;
    Instance instance;
    std::vector<nlohmann::json> runs;   // results as `hetsched solve` prints them
    // Where the canvas editors draw the instance's elements, {"positions": {"<name>": [x, y], ...}};
    // null when never placed. Not part of the instance: moving a node does not change its results.
    nlohmann::json layout = nullptr;
};

struct Project {
    std::vector<ProjectEntry> entries;
};

nlohmann::json projectToJson(const Project& project);
// The .hsproj file's text, indented: "format" and "version" come first, so that a file manager knows a
// project by its first bytes (the magic of packaging/hetsched-mime.xml), then the entries.
std::string projectFileText(const Project& project);
Expected<Project> parseProject(std::string_view jsonText);

}  // namespace hetsched
