// The one registration point of the GUI's families: one line each.
#include "families/ui_family.h"

#include <QCoreApplication>

#include "editors/cpugpu_editor.h"
#include "editors/dag_editor.h"
#include "editors/divisible_editor.h"
#include "editors/partition_editor.h"
#include "editors/steady_state_editor.h"
#include "family/family.h"

namespace hetsched::ui {

namespace {

template <class Editor>
InstanceEditor* makeEditor(ProjectDocument* document, QWidget* parent) {
    return new Editor(document, parent);
}

// The texts stay in the main window's translation context, where they were written first.
QString text(const char* source) {
    return QCoreApplication::translate("hetsched::ui::MainWindow", source);
}

}  // namespace

const std::vector<UiFamily>& uiFamilies() {
    // One entry per family: kind, New Instance action and tip, result chart, editor.
    static const std::vector<UiFamily> all = {
        {"partition", text("&Partition Instance"),
         text("Add an empty partition instance (identical tasks on resources with costs)"), ChartType::Gantt,
         makeEditor<PartitionEditor>},
        {"divisible", text("&Divisible-Load Instance"),
         text("Add a divisible-load instance (a master and workers with return messages)"),
         ChartType::DivisibleTimeline, makeEditor<DivisibleEditor>},
        {"cpugpu", text("&CPU/GPU Instance"),
         text("Add a CPU/GPU instance (independent tasks with a CPU and a GPU time)"), ChartType::CpuGpuShelves,
         makeEditor<CpuGpuEditor>},
        {"steady_state", text("&Steady-State Instance"),
         text("Add a steady-state instance (a platform graph and a bag of tasks or a broadcast)"),
         ChartType::SteadyPatterns, makeEditor<SteadyStateEditor>},
        {"dag", text("&Task Graph (DAG) Instance"), text("Add a task graph of moldable tasks on a cluster of clusters"),
         ChartType::DagGantt, makeEditor<DagEditor>},
    };
    return all;
}

const UiFamily* findUiFamily(std::string_view kind) {
    for (const UiFamily& family : uiFamilies())
        if (family.kind == kind) return &family;
    return nullptr;
}

const UiFamily* uiFamilyOf(const Instance& instance) {
    return findUiFamily(familyOf(instance).kind);
}

Instance newInstanceOf(const UiFamily& family) {
    const FamilyDescriptor* core = findFamily(family.kind);
    return core ? core->exampleInstance() : families().front().exampleInstance();
}

}  // namespace hetsched::ui
