// Task graph files read in a child process (hetsched-import), so that a reader that can still fail badly
// (Graphviz's cgraph and libxml2 are C libraries with process-wide state that abort when memory runs
// out) takes down only the child: its death, or a read that does not end, becomes a message naming the
// file. The GUI imports every task graph this way (issue 24: nothing a file contains may crash the GUI);
// `hetsched import` reads in its own process, which is already the one a failure ends.
#pragma once

#include <string>
#include <string_view>

#include "common/expected.h"
#include "io/child_process.h"
#include "io/dag_import.h"
#include "io/task_graph_import.h"

namespace hetsched {

// The child's protocol (import_runner/main.cpp): `hetsched-import task-graph FILE FORMAT OPTIONS` reads FILE
// with readTaskGraph and prints {"format", "notes", "tasks": [[name, flops, alpha]...], "edges": [[from, to,
// bytes]...]} on its standard output, or {"error": MESSAGE} (which names the file) and exits with 1.
// OPTIONS: the TaskGraphImportOptions as JSON.
std::string taskGraphImportOptionsToJson(const TaskGraphImportOptions& options);
Expected<TaskGraphImportOptions> taskGraphImportOptionsFromJson(std::string_view text);
std::string taskGraphImportToJson(const TaskGraphImport& read);
// What the child printed, checked as any file is (bounded parse, types, indices): a child that prints
// anything else is a message, not a crash of the parent.
Expected<TaskGraphImport> taskGraphImportFromJson(std::string_view text);

// How long a read may take before the child is stopped and the read is a message: a file is answered in
// seconds (the fuzzers stop at 10 s); the GUI keeps its Cancel for the user.
constexpr double kIsolatedImportTimeoutSeconds = 120;

// The hetsched-import executable ($HETSCHED_IMPORT_RUNNER, else beside the running program, in the
// install's libexec/hetsched/, or the build's app/: io/child_process.h, helperProgramPath).
Expected<std::string> importRunnerPath();

// readTaskGraph of the file's content, run in hetsched-import. Errors name the file: the reader's message,
// or how the child ended ("hetsched-import died (SIGSEGV) reading FILE"), or that it was stopped after
// `child.timeoutSeconds`; a stop through child.progress is a Cancelled error.
Expected<TaskGraphImport> readTaskGraphFileIsolated(const std::string& path, const TaskGraphImportOptions& options = {},
                                                    const std::string& format = "auto", const ChildOptions& child = {kIsolatedImportTimeoutSeconds});

// importTaskGraphFile with the read done in hetsched-import; the placement on the platform (plain C++, no
// C library) stays in the caller's process.
Expected<DagImport> importTaskGraphFileIsolated(const std::string& path, const DagPlatform& platform,
                                                const TaskGraphImportOptions& options = {},
                                                const std::string& format = "auto", const ChildOptions& child = {kIsolatedImportTimeoutSeconds});

}  // namespace hetsched
