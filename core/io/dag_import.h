// Importing task graphs and platforms users already have: the format of a file decided by its name
// then its content, read by that format's reader (io/task_graph_import.h), placed on a platform and
// validated like a JSON instance (a cycle is named). Platforms: SimGrid XML loaded by SimGrid itself in
// a child process (io/simgrid_platform.h), or the JSON platform of a dag instance.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "common/options.h"
#include "io/task_graph_import.h"
#include "model/dag.h"

namespace hetsched {

// Values are only ever appended.
enum class TaskGraphFormat { Auto, Dot, WfFormat, Dax, Stg, DaggenText };

// "auto", "dot", "wfformat", "dax", "stg", "daggen"; none for anything else.
std::optional<TaskGraphFormat> taskGraphFormatFromName(std::string_view name);
const char* taskGraphFormatName(TaskGraphFormat format);
// Every name taskGraphFormatFromName takes, "auto|dot|..." (for help texts and messages).
std::string taskGraphFormatNames();

// The options of an import as a table, named as the flags of `hetsched import` (without "--"); the import
// dialog's fields read the same table, so the CLI and the GUI share every range and default:
// format (auto|dot|wfformat|dax|stg|daggen), reference-speed (flop/s), alpha, default-flops and default-bytes
// (optional: unset, a task or a dependency the file gives no size is refused), seed (the random platform's).
const OptionTable& taskGraphImportOptionTable();
// The options and the format of values resolved against that table.
TaskGraphImportOptions taskGraphImportOptions(const OptionValues& values);
TaskGraphFormat taskGraphFormat(const OptionValues& values);
// The options as the table's values (format given apart, Auto by default).
OptionValues taskGraphImportValues(const TaskGraphImportOptions& options, TaskGraphFormat format = TaskGraphFormat::Auto);

// Auto resolved for a file: by extension, case-insensitive (.dot/.gv -> DOT, .json -> WfFormat,
// .dax -> DAX, .stg -> STG), else by content (a JSON object, an XML <adag>, daggen's NODE_COUNT, a DOT
// graph, STG's leading task count), else an error that names the --format choices.
Expected<TaskGraphFormat> detectTaskGraphFormat(const std::string& path, std::string_view text);

// Reads a task graph with the format's reader (Auto: detectTaskGraphFormat). Errors name the path.
Expected<TaskGraphImport> readTaskGraph(const std::string& path, std::string_view text,
                                        const TaskGraphImportOptions& options = {},
                                        TaskGraphFormat format = TaskGraphFormat::Auto);

// The graph on a platform, validated as a JSON instance is (errors name the task or the cycle).
Expected<DagInstance> placeTaskGraph(TaskGraph graph, const DagPlatform& platform);

// A task graph file imported as a dag instance, with what the reader noted.
struct DagImport {
    DagInstance instance;
    std::string format;
    std::vector<std::string> notes;
};
Expected<DagImport> importTaskGraphFile(const std::string& path, const DagPlatform& platform,
                                        const TaskGraphImportOptions& options = {},
                                        TaskGraphFormat format = TaskGraphFormat::Auto);

// What a file a user opens or drops is: a HetSched instance or project, a task graph to import, a
// SimGrid platform, or none of these (then `why` says so). Decided by the name, then the content.
enum class ExternalFileKind { HetSched, TaskGraph, SimGridPlatform, Unknown };
ExternalFileKind classifyExternalFile(const std::string& path, std::string_view text);

// A platform in JSON: the platform of a "dag" instance, or a bare platform object
// {"clusters": [...], "backbone": {...}} as in an instance (errors name the JSON path).
Expected<DagPlatform> parseDagPlatformJson(std::string_view jsonText);

// A platform file: .xml -> SimGrid (dagPlatformFromSimGrid), .json -> parseDagPlatformJson. Errors name the path.
Expected<DagPlatform> readDagPlatformFile(const std::string& path);

}  // namespace hetsched
