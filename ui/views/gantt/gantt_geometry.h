// Time-to-pixel and lane-to-pixel mapping of the Gantt charts (the schedule's Gantt and the task graph's
// Jedule-style one): the one place where drawing, hit-testing and zooming agree on where things are.
#pragma once

#include <qcustomplot.h>

#include <QRectF>
#include <utility>

namespace hetsched::ui {

// Lane i is centred on the lane axis coordinate i; bars fill `barFraction` of a lane's height. A band of
// lanes first..last spans the coordinates first - 0.5 to last + 0.5.
class GanttGeometry {
public:
    GanttGeometry(const QCPAxis* timeAxis, const QCPAxis* laneAxis, double barFraction);

    double timeToPixel(double time) const { return m_timeAxis->coordToPixel(time); }
    double pixelToTime(double pixel) const { return m_timeAxis->pixelToCoord(pixel); }
    // The time a horizontal distance of `pixels` covers (the time axis is linear).
    double timeOfPixels(double pixels) const;
    // The visible time range, lower <= upper.
    QCPRange visibleTime() const { return m_timeAxis->range(); }
    // Top and bottom pixel rows of a lane's bars (top < bottom, at least one pixel apart).
    std::pair<double, double> barSpan(int lane) const;
    // Top and bottom pixel rows of a lane's whole band.
    std::pair<double, double> laneSpan(int lane) const;
    // The lane whose band holds pixel row y (may be outside [0, laneCount)).
    int laneAtPixel(double y) const;
    // The first and last lane intersecting the view; first > last when none.
    std::pair<int, int> visibleLanes(int laneCount) const;

    // Lane axis coordinates (fractional lanes) to pixel rows and back, unrounded.
    double laneToPixel(double laneCoord) const { return m_laneAxis->coordToPixel(laneCoord); }
    double pixelToLane(double pixel) const { return m_laneAxis->pixelToCoord(pixel); }
    // The visible lane axis range, lower <= upper.
    QCPRange visibleLaneRange() const { return m_laneAxis->range(); }
    // Pixels between the centres of two neighbouring lanes.
    double lanePixels() const;
    // Top and bottom pixel rows (unrounded, top <= bottom) of the band of lanes firstLane..lastLane.
    std::pair<double, double> bandSpan(int firstLane, int lastLane) const;
    // The pixel rectangle (unrounded) of [start, end] over the band of lanes firstLane..lastLane.
    QRectF pixelRect(double start, double end, int firstLane, int lastLane) const;
    // A box of pixels as time and lane ranges (lower <= upper), as a zoom to that box sets the axes.
    QCPRange timeRangeOf(double left, double right) const;
    QCPRange laneRangeOf(double top, double bottom) const;

private:
    std::pair<double, double> pixelSpan(double lowerCoord, double upperCoord) const;

    const QCPAxis* m_timeAxis;
    const QCPAxis* m_laneAxis;
    double m_barFraction;
};

}  // namespace hetsched::ui
