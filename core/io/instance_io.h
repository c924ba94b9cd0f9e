// Reading and writing instance files (JSON) with validation that names the JSON path of every error.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "common/expected.h"
#include "model/instance.h"
#include "schedule/schedule.h"

namespace hetsched {

Expected<Instance> parseInstance(std::string_view jsonText);
Expected<Instance> instanceFromJson(const nlohmann::json& json);
Expected<Instance> readInstanceFile(const std::string& path);

nlohmann::json instanceToJson(const Instance& instance);

// Reads a whole file; an Io error names the path.
Expected<std::string> readTextFile(const std::string& path);
// Writes atomically: a temporary file beside the target, then a rename.
Expected<bool> writeTextFileAtomically(const std::string& path, const std::string& text);

// The schedule's intervals as CSV: lane,category,start,end,kind,label,task,group
std::string scheduleToCsv(const Schedule& schedule);

}  // namespace hetsched
