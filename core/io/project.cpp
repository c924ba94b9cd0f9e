#include "io/project.h"

#include "io/instance_io.h"
#include "io/json_reader.h"

namespace hetsched {

using json_detail::InputError;
using json_detail::JsonNode;

namespace {
constexpr const char* kFormat = "hetsched-project";
constexpr int kVersion = 1;

// The canvas positions: an object of finite [x, y] pairs under "positions" (other keys are kept).
nlohmann::json readLayout(const JsonNode& layout) {
    layout.requireObject();
    if (auto positions = layout.find("positions")) {
        positions->requireObject();
        for (const auto& [name, value] : positions->raw().items()) {
            const JsonNode point = positions->at(name.c_str());
            if (!value.is_array() || value.size() != 2) point.fail("expected [x, y]");
            point[0].numberIn(-1e9, 1e9);
            point[1].numberIn(-1e9, 1e9);
        }
    }
    return layout.raw();
}
}  // namespace

nlohmann::json projectToJson(const Project& project) {
    nlohmann::json entries = nlohmann::json::array();
    for (const ProjectEntry& entry : project.entries) {
        nlohmann::json stored = {{"name", entry.name},
                                 {"instance", instanceToJson(entry.instance)},
                                 {"runs", entry.runs}};
        if (!entry.layout.is_null()) stored["layout"] = entry.layout;
        entries.push_back(std::move(stored));
    }
    return {{"format", kFormat}, {"version", kVersion}, {"entries", entries}};
}

std::string projectFileText(const Project& project) {
    const nlohmann::json json = projectToJson(project);
    // The keys in this order (a plain json object sorts them, "entries" first).
    nlohmann::ordered_json file;
    file["format"] = json.at("format");
    file["version"] = json.at("version");
    file["entries"] = json.at("entries");
    return file.dump(2) + "\n";
}

Expected<Project> parseProject(std::string_view jsonText) {
    try {
        const nlohmann::json json = json_detail::parseJsonText(jsonText);
        const JsonNode root(json, "");
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
            Expected<Instance> parsed = instanceFromJson(instance.raw());
            if (!parsed) instance.fail(parsed.error().message);
            e.instance = std::move(*parsed);
            if (auto runs = entry.find("runs")) {
                for (std::size_t k = 0; k < runs->size(); ++k) {
                    (*runs)[k].requireObject();
                    e.runs.push_back((*runs)[k].raw());
                }
            }
            if (auto layout = entry.find("layout")) e.layout = readLayout(*layout);
            project.entries.push_back(std::move(e));
        }
        return project;
    } catch (const InputError& e) {
        return invalidInput(e.what());
    } catch (const std::exception& e) {
        return invalidInput(std::string("cannot read the project: ") + e.what());
    }
}

}  // namespace hetsched
