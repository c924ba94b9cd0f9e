#include "views/gantt/gantt_plot_base.h"

#include <algorithm>
#include <cmath>

#include "views/gantt/gantt_plottable_base.h"
#include "views/gantt/time_marker_layer.h"

namespace hetsched::ui {

QString GanttPlotBase::markersLayerName() {
    return QStringLiteral("markers");
}

GanttPlotBase::GanttPlotBase(QWidget* parent) : QCustomPlot(parent) {
    setNoAntialiasingOnDrag(true);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    axisRect()->setRangeZoom(Qt::Horizontal);
    xAxis->grid()->setSubGridVisible(false);
    xAxis->grid()->setPen(QPen(QColor(215, 215, 215), 1, Qt::DotLine));
    // Lane 0 at the top.
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    yAxis->setTickLength(0, 3);
    yAxis->setSubTicks(false);
    addLayer(markersLayerName(), layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_markers = new TimeMarkerLayer(axisRect(), xAxis, markersLayerName());

    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &GanttPlotBase::clampTimeRange);
    connect(yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &GanttPlotBase::clampLaneRange);
    // The lane tickers thin their labels by the axis height of the previous layout, stale for one frame after a
    // resize: a layout that changed that height is followed by one more frame.
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        const int height = axisRect()->height();
        if (m_laidOutAxisHeight >= 0 && std::abs(height - m_laidOutAxisHeight) > 2) replot(rpQueuedReplot);
        m_laidOutAxisHeight = height;
    });
    // The wheel zooms time; with Ctrl it zooms lanes (for charts with many lanes).
    connect(this, &QCustomPlot::mouseWheel, this, [this](QWheelEvent* event) {
        axisRect()->setRangeZoom(event->modifiers() & Qt::ControlModifier ? Qt::Vertical : Qt::Horizontal);
    });
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        fitView();
        replot();
    });
    setMouseTracking(true);
}

void GanttPlotBase::setRangesUnclamped(const QCPRange& time, const QCPRange& lanes) {
    m_clamping = true;
    xAxis->setRange(time);
    yAxis->setRange(lanes);
    m_clamping = false;
}

void GanttPlotBase::clampTimeRange(const QCPRange& range) {
    double first = 0;
    double last = 0;
    if (m_clamping || !m_bars || !m_bars->timeExtent(first, last)) return;
    first = std::min(first, 0.0);
    const double span = last > first ? last - first : 1.0;
    const double size = std::clamp(range.size(), span * 1e-9, span * 3);
    double lower = range.size() == size ? range.lower : range.center() - size / 2;
    lower = std::clamp(lower, first - span, last + span - size);
    const QCPRange clamped(lower, lower + size);
    if (clamped.lower == range.lower && clamped.upper == range.upper) return;
    m_clamping = true;
    xAxis->setRange(clamped);
    m_clamping = false;
}

void GanttPlotBase::clampLaneRange(const QCPRange& range) {
    if (m_clamping || !m_bars) return;
    const double rows = std::max(1, m_bars->rowCount());
    const double size = std::clamp(range.size(), std::min(1.0, rows), rows + 1);
    double lower = range.size() == size ? range.lower : range.center() - size / 2;
    lower = std::clamp(lower, -1.0, rows - size);
    const QCPRange clamped(lower, lower + size);
    if (clamped.lower == range.lower && clamped.upper == range.upper) return;
    m_clamping = true;
    yAxis->setRange(clamped);
    m_clamping = false;
}

}  // namespace hetsched::ui
