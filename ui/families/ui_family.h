// What the GUI knows of a family of instances: the File > New Instance action, the editor and the result
// chart. One line per family in ui_families.cpp; the core side is its FamilyDescriptor (core/family/).
#pragma once

#include <QString>
#include <string>
#include <string_view>
#include <vector>

#include "model/instance.h"
#include "views/result_chart.h"

class QWidget;

namespace hetsched::ui {

class InstanceEditor;
class ProjectDocument;

struct UiFamily {
    std::string kind;              // the core family's kind
    QString newInstanceText;       // the File > New Instance action ("&Partition Instance")
    QString newInstanceTip;        // its status tip
    ChartType chartType = ChartType::Gantt;   // the chart that draws its runs
    InstanceEditor* (*createEditor)(ProjectDocument* document, QWidget* parent) = nullptr;
};

// Every family the GUI shows, in the order of the New Instance menu.
const std::vector<UiFamily>& uiFamilies();
// The GUI family of that kind; null when there is none.
const UiFamily* findUiFamily(std::string_view kind);
// The GUI family of the instance; null for a family the GUI does not know.
const UiFamily* uiFamilyOf(const Instance& instance);
// What File > New Instance adds for the family: its core descriptor's example instance.
Instance newInstanceOf(const UiFamily& family);

}  // namespace hetsched::ui
