// The chart drawn for a solve result, chosen by the kind of the instance, so later families plug in here.
#pragma once

#include <QString>
#include <memory>

#include "common/expected.h"
#include "export/figure_options.h"
#include "views/common/chart_export.h"
#include "model/instance.h"
#include "solvers/registry.h"

class QCustomPlot;
class QWidget;

namespace hetsched::ui {

// One chart class per kind of picture, all drawn from the generic Schedule.
enum class ChartType { Gantt, DivisibleTimeline, CpuGpuShelves, DagGantt, SteadyPatterns };

// Implemented by chart widgets (QCustomPlot subclasses), which also emit exportRequested() from their menu.
class ResultChart {
public:
    virtual ~ResultChart() = default;

    virtual ChartType chartType() const = 0;
    // The main plot (fit, replot); for a single chart also the widget shown and exported.
    virtual QCustomPlot* plot() = 0;
    // The widget the result pane shows. A composite view (several plots, a graph) returns its container,
    // which must declare the signal exportRequested() like the plots do.
    virtual QWidget* widget();
    // Renders the chart into `path` (.png, .pdf or .svg) at width x height; a composite view overrides
    // this to lay out all of its parts (exportPainted() writes what one painter draws).
    virtual Expected<bool> exportTo(const QString& path, int width, int height);
    // Renders the chart as a figure laid out on `canvas` (its text at canvas.fontPoints) with the parts
    // `options` asks for: title, metrics header, legend, palette (and a task graph's part). No interface
    // hint goes into it; the view is as it was afterwards. A canvas too small for the chart is an error
    // naming --size, and no file is written.
    virtual Expected<bool> exportFigure(const QString& path, const FigureCanvas& canvas, const FigureOptions& options);
    virtual void showResult(const Instance& instance, std::shared_ptr<const SolveResult> result) = 0;
    // No result to draw: an empty chart saying why.
    virtual void showMessage(const QString& message) = 0;
    virtual void fitView() = 0;
};

ChartType chartTypeFor(const Instance& instance);

// A new chart of that type, owned by `parent` (or by the caller when parent is null).
ResultChart* createResultChart(ChartType type, QWidget* parent = nullptr);

}  // namespace hetsched::ui
