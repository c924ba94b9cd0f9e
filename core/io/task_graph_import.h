// Task graphs users already have, read by one reader per format into one shape: the tasks, the
// dependencies and what was defaulted, merged or dropped on the way. A reader knows no platform; the
// dispatcher (io/dag_import.h) places the graph on one and validates it (a cycle is named there).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "model/dag.h"

namespace hetsched {

// How a file's quantities become flops and bytes. Shared by every reader; a reader uses what applies.
struct TaskGraphImportOptions {
    double referenceSpeed = 1e9;           // flop/s: a task measured to run r seconds gets r * referenceSpeed flops
    // Amdahl fraction of the tasks whose file gives none. 1 (sequential) by default: a runtime measured on one
    // core says nothing of how the task would run on more, and 0 would make every task perfectly parallel
    // on a whole cluster (issue 25: a 354 s workflow computed in 8 ms).
    double alpha = 1;
    std::optional<double> defaultFlops;    // flops of a task the file gives no size; none: such a task is an error
    std::optional<double> defaultBytes;    // bytes of a dependency the file gives no size; none: such an edge is an error
    // What one file may ask for: more tasks or dependencies is refused with a message naming the limit and
    // the flag that raises it (--max-tasks, --max-edges), before the memory is spent (a 34 KB DOT file can
    // name 9 million edges).
    std::size_t maxTasks = 100'000;
    std::size_t maxEdges = 1'000'000;
};

// A task graph as read: tasks and dependencies by task index, before it meets a platform.
struct TaskGraph {
    std::vector<DagTask> tasks;
    std::vector<DagEdge> edges;
    std::optional<double> recordedMakespan;   // seconds, where the file records its own run's (WfFormat)
};

// One reader's answer. `notes` are whole sentences for the summary a user sees ("merged 3 duplicate
// edges (bytes added)", "12 tasks without a size got --default-flops 1e9"); none when nothing was
// defaulted, merged, dropped or ignored.
struct TaskGraphImport {
    std::string format;                    // what was read, for the summary: "daggen DOT", "WfFormat 1.4", ...
    TaskGraph graph;
    std::vector<std::string> notes;
};

// Why the options cannot be used (a reference speed outside [1e-6, 1e30] flop/s, alpha outside [0, 1], a
// default size negative or above 1e30, a limit of tasks or edges of 0 or above the instance's); none when they
// can. Every reader checks its options with it.
std::optional<Error> importOptionsProblem(const TaskGraphImportOptions& options);

// The error when tasks (or edges) have no size and no default was given; names the CLI flags.
Error missingSizeError(std::size_t count, const std::string& example, bool edges);

// Every reader below: errors name the line (text and XML formats) or the JSON path, never the file
// (the dispatcher adds it), and what is wrong. None of them validates acyclicity.

// Any DOT file, through Graphviz's cgraph (io/dot_reader.cpp). Conventions: daggen (`size` = flops on
// a node, bytes on an edge, `alpha`), SimGrid (`root`/`end` pseudo-tasks, `size="-1"` = a control
// dependency of 0 bytes, `performer`/`order` ignored), duplicate edges merged (bytes added).
Expected<TaskGraphImport> readDotTaskGraph(std::string_view text, const TaskGraphImportOptions& options);

// daggen's native text output (NODE_COUNT / NODE lines; TRANSFER nodes become edge bytes).
Expected<TaskGraphImport> readDaggenTextTaskGraph(std::string_view text, const TaskGraphImportOptions& options);

// Kasahara's Standard Task Graph Set (io/stg_reader.cpp): costs in time units, times referenceSpeed.
Expected<TaskGraphImport> readStgTaskGraph(std::string_view text, const TaskGraphImportOptions& options);

// WfCommons WfFormat 1.0 to 1.5, WorkflowHub 0.2, SimGrid's dag-from-json and WRENCH's JSON
// (io/wfformat_reader.cpp). A task that records "cores": c > 1 ran its runtime r on c cores: it gets the
// flops that c processors of the reference speed run in r seconds under its alpha,
// r x referenceSpeed / (alpha + (1 - alpha) / c). The workflow's makespan, where recorded, is kept.
Expected<TaskGraphImport> readWfFormatTaskGraph(std::string_view text, const TaskGraphImportOptions& options);

// Pegasus DAX 2.0 to 3.6 through libxml2 (io/dax_reader.cpp).
Expected<TaskGraphImport> readDaxTaskGraph(std::string_view text, const TaskGraphImportOptions& options);

}  // namespace hetsched
