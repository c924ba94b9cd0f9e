#include "views/gantt/gantt_plot_base.h"

#include <QAbstractScrollArea>
#include <QScrollBar>
#include <QWheelEvent>
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
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this] {
        fitView();
        replot();
    });
    setMouseTracking(true);
}

bool scrollPaneWith(const QWidget* chart, QWheelEvent* event) {
    for (const QWidget* parent = chart->parentWidget(); parent; parent = parent->parentWidget())
        if (const auto* area = qobject_cast<const QAbstractScrollArea*>(parent)) {
            QScrollBar* bar = area->verticalScrollBar();
            if (bar->maximum() <= bar->minimum()) continue;
            // Handed on explicitly: Qt passes a wheel event on to the parents only when it came from the system.
            QCoreApplication::sendEvent(bar, event);
            event->accept();
            return true;
        }
    return false;
}

QString GanttPlotBase::wheelHint(const QString& lanes) {
    return tr("Wheel: scroll · Ctrl+wheel: zoom time · Ctrl+Shift+wheel: zoom %1").arg(lanes);
}

void GanttPlotBase::wheelEvent(QWheelEvent* event) {
    const Qt::KeyboardModifiers modifiers = event->modifiers();
    if (modifiers & Qt::ControlModifier) {
        // QCustomPlot zooms the axis rect's zoom axes around the cursor.
        axisRect()->setRangeZoom(modifiers & Qt::ShiftModifier ? Qt::Vertical : Qt::Horizontal);
        QCustomPlot::wheelEvent(event);
        event->accept();
        return;
    }
    // In a pane that scrolls, the pane's.
    if (scrollPaneWith(this, event)) return;
    // Otherwise the lanes scroll when some are out of view (three rows a notch); else nothing happens.
    const QCPRange lanes = yAxis->range();
    const double rows = m_bars ? std::max(1, m_bars->rowCount()) : 0;
    const double notches = event->angleDelta().y() / 120.0;
    if (rows == 0 || notches == 0 || lanes.size() >= rows - 1e-9) {
        event->ignore();
        return;
    }
    yAxis->setRange(lanes.lower - 3 * notches, lanes.upper - 3 * notches);   // clamped to the rows
    replot(rpQueuedReplot);
    event->accept();
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
