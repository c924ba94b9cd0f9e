// Edits of a CPU/GPU instance that need more than one cell: new tasks, and tasks pasted as CSV or TSV text.
#pragma once

#include <QString>
#include <vector>

#include "common/expected.h"
#include "model/cpugpu.h"

namespace hetsched::ui {

// A task with a fresh name ("t12") and the times of the last task (10 on a CPU, 1 on a GPU when none).
CpuGpuTask newCpuGpuTask(const CpuGpuInstance& in);

// Tasks from clipboard text: one per line, "name,cpu,gpu" or just "cpu,gpu" (named t<k> from `firstIndex`),
// separated by commas, semicolons, tabs or spaces; a first line that is not numbers is a header. Errors
// name the line and the column ("line 3, cpu: \"x\" is not a number"). Values are checked by the core.
Expected<std::vector<CpuGpuTask>> parseCpuGpuTasks(const QString& text, std::size_t firstIndex);

}  // namespace hetsched::ui
