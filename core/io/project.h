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
};

struct Project {
    std::vector<ProjectEntry> entries;
};

nlohmann::json projectToJson(const Project& project);
Expected<Project> parseProject(std::string_view jsonText);

}  // namespace hetsched
