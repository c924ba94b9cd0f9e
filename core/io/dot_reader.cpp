// Placeholder: replaced by its reader later in this change.
#include "io/task_graph_import.h"

namespace hetsched {
Expected<TaskGraphImport> readDotTaskGraph(std::string_view, const TaskGraphImportOptions&) { return invalidInput("DOT reader not built yet"); }
}  // namespace hetsched
