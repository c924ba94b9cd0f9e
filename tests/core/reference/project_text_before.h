// The project file's text as projectFileText wrote it before it was streamed (issue 27): projectToJson's tree,
// copied into an ordered tree for the key order ("format" and "version" first), then dumped. The tests compare
// the streamed text with it, and bench_read measures it as the baseline.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "io/project.h"

namespace hetsched::project_reference {

inline std::string projectTextThroughTrees(const Project& project) {
    const nlohmann::json json = projectToJson(project);
    nlohmann::ordered_json file;
    file["format"] = json.at("format");
    file["version"] = json.at("version");
    file["entries"] = json.at("entries");
    return file.dump(2) + "\n";
}

}  // namespace hetsched::project_reference
