#include "views/gantt/gantt_geometry.h"

#include <algorithm>
#include <cmath>

namespace hetsched::ui {

GanttGeometry::GanttGeometry(const QCPAxis* timeAxis, const QCPAxis* laneAxis, double barFraction)
    : m_timeAxis(timeAxis), m_laneAxis(laneAxis), m_barFraction(barFraction) {}

double GanttGeometry::timeOfPixels(double pixels) const {
    return std::abs(m_timeAxis->pixelToCoord(pixels) - m_timeAxis->pixelToCoord(0));
}

std::pair<double, double> GanttGeometry::pixelSpan(double lowerCoord, double upperCoord) const {
    const double a = std::round(m_laneAxis->coordToPixel(lowerCoord));
    const double b = std::round(m_laneAxis->coordToPixel(upperCoord));
    const double top = std::min(a, b);
    return {top, std::max(std::max(a, b), top + 1.0)};
}

std::pair<double, double> GanttGeometry::barSpan(int lane) const {
    return pixelSpan(lane - m_barFraction / 2, lane + m_barFraction / 2);
}

std::pair<double, double> GanttGeometry::laneSpan(int lane) const {
    return pixelSpan(lane - 0.5, lane + 0.5);
}

int GanttGeometry::laneAtPixel(double y) const {
    return static_cast<int>(std::floor(m_laneAxis->pixelToCoord(y) + 0.5));
}

std::pair<int, int> GanttGeometry::visibleLanes(int laneCount) const {
    const QCPRange range = m_laneAxis->range();
    const double first = std::max(0.0, std::ceil(range.lower - 0.5));
    const double last = std::min(static_cast<double>(laneCount - 1), std::floor(range.upper + 0.5));
    if (laneCount <= 0 || first > last) return {0, -1};
    return {static_cast<int>(first), static_cast<int>(last)};
}

double GanttGeometry::lanePixels() const {
    return std::abs(m_laneAxis->coordToPixel(1) - m_laneAxis->coordToPixel(0));
}

std::pair<double, double> GanttGeometry::bandSpan(int firstLane, int lastLane) const {
    const double a = m_laneAxis->coordToPixel(firstLane - 0.5);
    const double b = m_laneAxis->coordToPixel(lastLane + 0.5);
    return {std::min(a, b), std::max(a, b)};
}

QRectF GanttGeometry::pixelRect(double start, double end, int firstLane, int lastLane) const {
    const double x0 = timeToPixel(start);
    const double x1 = timeToPixel(end);
    const auto [top, bottom] = bandSpan(firstLane, lastLane);
    return QRectF(QPointF(std::min(x0, x1), top), QPointF(std::max(x0, x1), bottom));
}

QCPRange GanttGeometry::timeRangeOf(double left, double right) const {
    const double a = pixelToTime(left);
    const double b = pixelToTime(right);
    return QCPRange(std::min(a, b), std::max(a, b));
}

QCPRange GanttGeometry::laneRangeOf(double top, double bottom) const {
    const double a = pixelToLane(top);
    const double b = pixelToLane(bottom);
    return QCPRange(std::min(a, b), std::max(a, b));
}

}  // namespace hetsched::ui
