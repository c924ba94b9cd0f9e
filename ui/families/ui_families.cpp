// The one registration point of the GUI's families: one line each.
#include "families/ui_family.h"

#include <QCoreApplication>
#include <qcustomplot.h>

#include "editors/cpugpu_editor.h"
#include "editors/dag_editor.h"
#include "editors/divisible_editor.h"
#include "editors/partition_editor.h"
#include "editors/steady_state_editor.h"
#include "family/family.h"
#include "views/partition/cost_function_plot.h"
#include "views/divisible/divisible_throughput_plot.h"
#include "views/divisible/divisible_timeline_view.h"

namespace hetsched::ui {

namespace {

// A plot of the editor of type Editor, got with Getter, whose export it asks for with the signal Request.
template <class Editor, auto Getter, auto Request>
EditorPlot plotOf(EditorPlotKind kind) {
    return {kind,
            [](InstanceEditor* editor) -> QCustomPlot* {
                auto* typed = qobject_cast<Editor*>(editor);
                return typed ? (typed->*Getter)() : nullptr;
            },
            [](InstanceEditor* editor, QObject* context, std::function<void()> handler) {
                if (auto* typed = qobject_cast<Editor*>(editor)) QObject::connect(typed, Request, context, std::move(handler));
            }};
}

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
    // One entry per family: kind, New Instance action and tip, result chart, editor, the editor's plots.
    static const std::vector<UiFamily> all = {
        {"partition", text("&Partition Instance"),
         text("Add an empty partition instance (identical tasks on resources with costs)"), ChartType::Gantt,
         makeEditor<PartitionEditor>,
         {plotOf<PartitionEditor, &PartitionEditor::costPlot, &PartitionEditor::exportCostPlotRequested>(
             EditorPlotKind::CostPlot)}},
        {"divisible", text("&Divisible-Load Instance"),
         text("Add a divisible-load instance (a master and workers with return messages)"),
         ChartType::DivisibleTimeline, makeEditor<DivisibleEditor>,
         {plotOf<DivisibleEditor, &DivisibleEditor::timeline, &DivisibleEditor::exportTimelineRequested>(
              EditorPlotKind::ScenarioTimeline),
          plotOf<DivisibleEditor, &DivisibleEditor::throughputPlot, &DivisibleEditor::exportThroughputPlotRequested>(
              EditorPlotKind::ThroughputPlot)}},
        {"cpugpu", text("&CPU/GPU Instance"),
         text("Add a CPU/GPU instance (independent tasks with a CPU and a GPU time)"), ChartType::CpuGpuShelves,
         makeEditor<CpuGpuEditor>, {}},
        {"steady_state", text("&Steady-State Instance"),
         text("Add a steady-state instance (a platform graph and a bag of tasks or a broadcast)"),
         ChartType::SteadyPatterns, makeEditor<SteadyStateEditor>, {}},
        {"dag", text("&Task Graph (DAG) Instance"), text("Add a task graph of moldable tasks on a cluster of clusters"),
         ChartType::DagGantt, makeEditor<DagEditor>, {}},
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

QCustomPlot* editorPlot(InstanceEditor* editor, EditorPlotKind kind) {
    if (!editor) return nullptr;
    for (const UiFamily& family : uiFamilies())
        for (const EditorPlot& p : family.editorPlots)
            if (p.kind == kind)
                if (QCustomPlot* plot = p.plot(editor)) return plot;
    return nullptr;
}

Instance newInstanceOf(const UiFamily& family) {
    const FamilyDescriptor* core = findFamily(family.kind);
    return core ? core->exampleInstance() : families().front().exampleInstance();
}

}  // namespace hetsched::ui
