// What the GUI knows of a family of instances: the File > New Instance action, the editor and the result
// chart. One line per family in ui_families.cpp; the core side is its FamilyDescriptor (core/family/).
#pragma once

#include <QString>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "model/instance.h"
#include "views/common/result_chart.h"

class QCustomPlot;
class QObject;
class QWidget;

namespace hetsched::ui {

class InstanceEditor;
class ProjectDocument;

// The plots of an editor that File > Export offers beside the result chart.
enum class EditorPlotKind { CostPlot, ScenarioTimeline, ThroughputPlot };

struct EditorPlot {
    EditorPlotKind kind;
    // The editor's plot; null when the editor is not of the family.
    QCustomPlot* (*plot)(InstanceEditor* editor) = nullptr;
    // Calls `handler` (in `context`) when the editor asks to export the plot (its context menu).
    void (*onExportRequested)(InstanceEditor* editor, QObject* context, std::function<void()> handler) = nullptr;
};

struct UiFamily {
    std::string kind;              // the core family's kind
    QString newInstanceText;       // the File > New Instance action ("&Partition Instance")
    QString newInstanceTip;        // its status tip
    ChartType chartType = ChartType::Gantt;   // the chart that draws its runs
    InstanceEditor* (*createEditor)(ProjectDocument* document, QWidget* parent) = nullptr;
    std::vector<EditorPlot> editorPlots;   // what File > Export offers of its editor
};

// Every family the GUI shows, in the order of the New Instance menu.
const std::vector<UiFamily>& uiFamilies();
// The GUI family of that kind; null when there is none.
const UiFamily* findUiFamily(std::string_view kind);
// The GUI family of the instance; null for a family the GUI does not know.
const UiFamily* uiFamilyOf(const Instance& instance);
// The editor's plot of that kind (whichever family the editor is of); null when it has none.
QCustomPlot* editorPlot(InstanceEditor* editor, EditorPlotKind kind);
// What File > New Instance adds for the family: its core descriptor's example instance.
Instance newInstanceOf(const UiFamily& family);

}  // namespace hetsched::ui
