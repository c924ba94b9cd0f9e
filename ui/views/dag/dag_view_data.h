// The solved task graph as the dag views draw it: placements, trace, processor runs, colours, tooltips.
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "util/number_text.h"
#include "common/expected.h"
#include "export/figure_options.h"
#include "model/dag.h"
#include "solvers/dag/dag_trace.h"
#include "solvers/registry.h"

namespace hetsched::ui {

// Processor p of the platform is row p of the Gantt: clusters are consecutive bands of rows.
struct DagViewData {
    DagInstance instance;
    std::vector<DagPlacement> placements;   // per task, global processors sorted
    DagTrace trace;
    ProcessorIndex processors;
    // Per task: its processors as runs of consecutive rows [first, last], in order.
    std::vector<std::vector<std::pair<int, int>>> runs;
    std::vector<int> clusterOf;              // per task: its cluster, -1 when it spans several (cpa)
    std::vector<std::vector<std::size_t>> successors;    // per task: edge indices
    std::vector<std::vector<std::size_t>> predecessors;  // per task: edge indices
    double makespan = 0;
    QString solver;
    QString title;                           // "hcpa · feasible"
    QStringList metrics;                     // "makespan (s) = 12.3", ...

    std::size_t taskCount() const { return placements.size(); }
    int processorCount() const { return processors.total(); }
    QString taskName(std::size_t task) const;
    // "24 processors of C1 (#0-#23)"
    QString whereText(std::size_t task) const;
};

// The data of a dag result; an error when the result does not belong to the instance.
Expected<std::shared_ptr<const DagViewData>> makeDagViewData(const DagInstance& instance, const SolveResult& result);

enum class DagColorMode { ByTask, ByLevel, ByCluster };

// A legend entry: a name beside one colour, beside several side by side (a ramp of levels, a repeating
// cycle), or alone (no colour: "… 4 more clusters").
struct DagLegendEntry {
    QString text;
    std::vector<QColor> colors;
};

// The colours of every task in one mode: a small palette (so that drawing batches by colour) and legend.
struct DagColors {
    std::vector<QColor> palette;
    std::vector<std::uint16_t> taskColor;              // per task, into palette
    QString meaning;                                   // what the colour encodes, the legend's title
    std::vector<DagLegendEntry> legend;                // every palette colour a task uses is in an entry
    QColor of(std::size_t task) const { return palette[taskColor[task]]; }
    QColor critical;                                   // the critical path's outline (dagCriticalColor)
};
// In the grey palette levels are a ramp from dark to light grey, tasks and clusters greys of distinct
// lightness; viridis (the level ramp of the default palette) is already told apart by colour-blind readers.
DagColors dagColors(const DagViewData& data, DagColorMode mode, PaletteName palette = PaletteName::Default);

// The colour of the redistributions (a task's processors waiting for its input data).
QColor dagRedistributionColor();
// The colour of the critical path in both views: red, or black in the grey palette (where red would be one
// more grey among the tasks' greys).
QColor dagCriticalColor(PaletteName palette = PaletteName::Default);

// The tooltip of a task (rich text): name, flops, alpha, level, where, start, end, duration, its data.
QString dagTaskTooltip(const DagViewData& data, std::size_t task, const QColor& color);
// The tooltip of a task's wait for its input data.
QString dagWaitTooltip(const DagViewData& data, std::size_t task);

}  // namespace hetsched::ui
