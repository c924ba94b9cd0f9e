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
#include "io/formats.h"
#include "io/task_graph_import.h"
#include "model/dag.h"

namespace hetsched {

// The task graph formats are the readers of the format table (io/formats.h) holding a TaskGraph; "auto"
// decides by the file's name, then its content. "auto|dot|wfformat|...": every name --format takes.
std::string taskGraphFormatNames();

// The options of an import as a table, named as the flags of `hetsched import` (without "--"); the import
// dialog's fields read the same table, so the CLI and the GUI share every range and default:
// format (auto|dot|wfformat|dax|stg|daggen), reference-speed (flop/s), alpha, default-flops and default-bytes
// (optional: unset, a task or a dependency the file gives no size is refused), seed (the random platform's).
const OptionTable& taskGraphImportOptionTable();
// The options and the format of values resolved against that table.
TaskGraphImportOptions taskGraphImportOptions(const OptionValues& values);
std::string taskGraphFormat(const OptionValues& values);   // "auto" or a format's name
// The options as the table's values (format given apart, "auto" by default).
OptionValues taskGraphImportValues(const TaskGraphImportOptions& options, const std::string& format = "auto");

// The task graph format of a file (detectReadFormat over the task graph readers: by extension, then by
// content), or an error naming the --format choices (and saying so when the file is a SimGrid platform).
Expected<const FileFormat*> detectTaskGraphFormat(const std::string& path, std::string_view text);
// The format `name` names ("auto": detected for the file); an error for an unknown name.
Expected<const FileFormat*> taskGraphFormatFor(const std::string& path, std::string_view text, const std::string& name);

// Reads a task graph with the format's reader ("auto": detectTaskGraphFormat). Errors name the path.
Expected<TaskGraphImport> readTaskGraph(const std::string& path, std::string_view text,
                                        const TaskGraphImportOptions& options = {}, const std::string& format = "auto");

// The graph on a platform, validated as a JSON instance is (errors name the task or the cycle).
Expected<DagInstance> placeTaskGraph(TaskGraph graph, const DagPlatform& platform);

// What the graph on its platform adds to the reader's notes: the makespan the file records (none: nothing) beside
// the bounds of the best one here, a "warning: " when they are orders of magnitude apart (model/dag_makespan_bounds.h).
void addPlacementNotes(const DagInstance& placed, std::optional<double> recordedMakespan, std::vector<std::string>& notes);

// A task graph file imported as a dag instance, with what the reader noted and the makespan the file records
// for its own run (seconds; none when it records none).
struct DagImport {
    DagInstance instance;
    std::string format;
    std::vector<std::string> notes;
    std::optional<double> recordedMakespan;
};
Expected<DagImport> importTaskGraphFile(const std::string& path, const DagPlatform& platform,
                                        const TaskGraphImportOptions& options = {},
                                        const std::string& format = "auto");

// What a file a user opens or drops is: a HetSched instance or project, a task graph to import, a
// SimGrid platform, a family's data (StarPU models, measured costs, ...: FormatContent::FamilyData), or none
// of these. Decided by the format table (the name, then the content).
enum class ExternalFileKind { HetSched, TaskGraph, SimGridPlatform, Unknown, FamilyData };
ExternalFileKind classifyExternalFile(const std::string& path, std::string_view text);

// A platform in JSON: the platform of a "dag" instance, or a bare platform object
// {"clusters": [...], "backbone": {...}} as in an instance (errors name the JSON path).
Expected<DagPlatform> parseDagPlatformJson(std::string_view jsonText);

// The readers of the platform formats (their entries in io/formats.cpp): a SimGrid XML loaded by SimGrid itself
// (in a child process) and mapped to clusters, and a JSON platform file (parseDagPlatformJson).
Expected<DagPlatform> readSimGridDagPlatform(const std::string& path);
Expected<DagPlatform> readJsonDagPlatform(const std::string& path);

// A platform file: .xml -> SimGrid (dagPlatformFromSimGrid), .json -> parseDagPlatformJson. Errors name the path.
Expected<DagPlatform> readDagPlatformFile(const std::string& path);

}  // namespace hetsched
