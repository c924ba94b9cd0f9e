// The widget both Gantt charts are (the schedule's GanttView and the task graph's DagGanttPlot): time across,
// lanes down from the top, zoom and pan kept on the chart, marker lines with their labels, fit on double click.
#pragma once

#include <qcustomplot.h>

namespace hetsched::ui {

class GanttPlottableBase;
class TimeMarkerLayer;

// A plain wheel over `chart` given to the nearest of its ancestors that is a scroll area able to scroll up or
// down (its vertical scroll bar takes it, as over the rest of the pane): false when there is none.
bool scrollPaneWith(const QWidget* chart, QWheelEvent* event);

class GanttPlotBase : public QCustomPlot {
    Q_OBJECT
public:
    explicit GanttPlotBase(QWidget* parent = nullptr);

    // Both axes fitted to the whole chart.
    virtual void fitView() = 0;
    // What the wheel does over a Gantt, for tooltips and help: "Wheel: scroll · Ctrl+wheel: zoom time · ...";
    // `lanes` names the rows ("lanes", "processors").
    static QString wheelHint(const QString& lanes);
    TimeMarkerLayer* markerLayer() const { return m_markers; }

protected:
    // A plain wheel scrolls the pane the chart sits in (a comparison's runs, the steady result), or the lanes
    // of a chart zoomed in on them: it never zooms by accident while the user scrolls a page. Ctrl+wheel
    // zooms time around the cursor, Ctrl+Shift+wheel the lanes.
    void wheelEvent(QWheelEvent* event) override;
    // The plottable whose extent bounds zoom and pan (set once, by the subclass's constructor).
    void setBars(const GanttPlottableBase* bars) { m_bars = bars; }
    // Sets the axes' ranges as they are, without the clamps (fitting, restoring).
    void setRangesUnclamped(const QCPRange& time, const QCPRange& lanes);
    // The layer of the marker lines, above the bars, for what a subclass draws with them.
    static QString markersLayerName();

private:
    // Zoom in down to a billionth of the time span, out to three spans; never pan away from the chart.
    void clampTimeRange(const QCPRange& range);
    // At least one row and at most all of them (plus half a row on each side) in view.
    void clampLaneRange(const QCPRange& range);

    const GanttPlottableBase* m_bars = nullptr;
    TimeMarkerLayer* m_markers;
    bool m_clamping = false;
    int m_laidOutAxisHeight = -1;  // the lane axis height of the last layout
};

}  // namespace hetsched::ui
