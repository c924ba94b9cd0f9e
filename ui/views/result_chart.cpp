#include "views/result_chart.h"

#include <qcustomplot.h>

#include "views/chart_export.h"
#include "views/cpugpu_shelf_view.h"
#include "views/dag_schedule_view.h"
#include "views/divisible_timeline_view.h"
#include "views/gantt_view.h"
#include "views/steady_patterns_view.h"

namespace hetsched::ui {

QWidget* ResultChart::widget() {
    return plot();
}

Expected<bool> ResultChart::exportTo(const QString& path, int width, int height) {
    return exportPlot(plot(), path, width, height);
}

ChartType chartTypeFor(const Instance& instance) {
    struct ChartOf {
        // The partition result is one bar of length C_i(x_i) per resource.
        ChartType operator()(const PartitionInstance&) const { return ChartType::Gantt; }
        // The divisible timeline: master ports and workers as lanes of the Gantt, alpha_i beside each worker.
        ChartType operator()(const DivisibleInstance&) const { return ChartType::DivisibleTimeline; }
        // The shelf layout of the dual approximation (any CPU/GPU schedule, coloured by shelf or acceleration).
        ChartType operator()(const CpuGpuInstance&) const { return ChartType::CpuGpuShelves; }
        // The pattern decomposition: platform graph, patterns of one period, allocations, periodic schedule.
        ChartType operator()(const SteadyStateInstance&) const { return ChartType::SteadyPatterns; }
        // The Jedule-style Gantt of the processors by cluster beside the layered task graph.
        ChartType operator()(const DagInstance&) const { return ChartType::DagGantt; }
    };
    return std::visit(ChartOf{}, instance);
}

ResultChart* createResultChart(ChartType type, QWidget* parent) {
    switch (type) {
        case ChartType::Gantt:
            return new GanttView(parent);
        case ChartType::DivisibleTimeline:
            return new DivisibleTimelineView(parent);
        case ChartType::CpuGpuShelves:
            return new ShelfView(parent);
        case ChartType::DagGantt:
            return new DagScheduleView(parent);
        case ChartType::SteadyPatterns:
            return new SteadyPatternsView(parent);
    }
    return new GanttView(parent);
}

}  // namespace hetsched::ui
