#include "editors/instance_editor.h"

#include "editors/cpugpu_editor.h"
#include "editors/dag_editor.h"
#include "editors/divisible_editor.h"
#include "editors/partition_editor.h"
#include "editors/steady_state_editor.h"

namespace hetsched::ui {

bool hasInstanceEditor(const Instance& instance) {
    return std::holds_alternative<PartitionInstance>(instance) ||
           std::holds_alternative<DivisibleInstance>(instance) ||
           std::holds_alternative<CpuGpuInstance>(instance) ||
           std::holds_alternative<SteadyStateInstance>(instance) ||
           std::holds_alternative<DagInstance>(instance);
}

InstanceEditor* createInstanceEditor(const Instance& instance, ProjectDocument* document, QWidget* parent) {
    if (std::holds_alternative<PartitionInstance>(instance)) return new PartitionEditor(document, parent);
    if (std::holds_alternative<DivisibleInstance>(instance)) return new DivisibleEditor(document, parent);
    if (std::holds_alternative<CpuGpuInstance>(instance)) return new CpuGpuEditor(document, parent);
    if (std::holds_alternative<SteadyStateInstance>(instance)) return new SteadyStateEditor(document, parent);
    if (std::holds_alternative<DagInstance>(instance)) return new DagEditor(document, parent);
    return nullptr;
}

}  // namespace hetsched::ui
