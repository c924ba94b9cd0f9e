#include "views/common/result_chart.h"

#include <qcustomplot.h>

#include "families/ui_family.h"
#include "views/common/chart_export.h"
#include "views/cpugpu/cpugpu_shelf_view.h"
#include "views/dag/dag_schedule_view.h"
#include "views/divisible/divisible_timeline_view.h"
#include "views/gantt/gantt_view.h"
#include "views/steady/steady_patterns_view.h"

namespace hetsched::ui {

QWidget* ResultChart::widget() {
    return plot();
}

Expected<bool> ResultChart::exportTo(const QString& path, int width, int height) {
    return exportPlot(plot(), path, width, height);
}

Expected<bool> ResultChart::exportFigure(const QString& path, const FigureCanvas& canvas,
                                         const FigureOptions& options) {
    Q_UNUSED(options)
    return exportPlot(plot(), path, canvas);
}

ChartType chartTypeFor(const Instance& instance) {
    // The family's chart (ui/families/ui_families.cpp); a plain Gantt of the schedule for any other.
    const UiFamily* family = uiFamilyOf(instance);
    return family ? family->chartType : ChartType::Gantt;
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
