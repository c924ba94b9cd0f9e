// What the two Gantt engines (the schedule's GanttPlottable and the task graph's Jedule-style
// DagGanttPlottable) share: the plottable's plumbing over a time axis and a lane axis, the one routine that
// folds sub-pixel bars, and the colour-batched drawing of bars.
#pragma once

#include <qcustomplot.h>

#include <QColor>
#include <QRectF>
#include <QVector>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "views/gantt/gantt_geometry.h"

namespace hetsched::ui {

// Bars thinner than a pixel, summarised per pixel: the first one to paint a pixel stands for the others.
// A bar narrower than a pixel covers its pixel column over its rows, one shorter than a pixel its pixel row
// over its columns; such a bar is drawn only where it paints a pixel no earlier one painted. Bars at least a
// pixel both ways are always drawn.
class PixelFold {
public:
    // Forgets what was painted, for a frame drawn inside `area` (the axis rect's pixels).
    void reset(const QRect& area);
    // Whether `bar` (pixel coordinates) must be drawn; a sub-pixel bar marks the pixels it paints. A thin bar
    // comes back snapped to the pixel column or row it stands for.
    bool claim(QRectF& bar);
    // Sub-pixel bars left out since reset(): every pixel of theirs was already painted.
    std::size_t folded() const { return m_folded; }

private:
    bool claimSpan(std::size_t firstCell, std::size_t stride, int count);

    QRect m_area;
    std::vector<std::uint8_t> m_painted;  // one byte per pixel of the area
    std::size_t m_folded = 0;
};

// Bars of one frame gathered per palette colour, plain (too small for an outline) or outlined, so that each
// colour is one drawRects call.
struct GanttBarBatches {
    std::vector<QVector<QRectF>> plain;
    std::vector<QVector<QRectF>> outlined;

    void reset(std::size_t colours) {
        plain.assign(colours, {});
        outlined.assign(colours, {});
    }
    // Draws the plain bars, then the outlined ones (their outline `darker` than the fill); returns how many
    // rectangles and how many drawRects calls went to the painter.
    std::pair<std::size_t, std::size_t> draw(QCPPainter* painter, const std::vector<QColor>& palette,
                                             int darker) const;
};

// A figure's least bar height, in points at the printed size: a task on 1 of a cluster's 32 processors is drawn
// at least this high (about 1 mm) where its share of the cluster's row would be a hairline. A bar's height is
// then its share of the row (its processors over the row's), but never less than this.
inline constexpr double kFigureMinimumBarPoints = 3.0;
// The screen's least bar height, in pixels: a task on 1 of a cluster's 32 processors in a pane a few hundred
// pixels high is a visible bar, not a hairline one cannot point at.
inline constexpr double kScreenMinimumBarPixels = 3.0;

// A plottable drawing lanes across time, on a key (time) axis and a value (lane) axis holding one lane per
// integer; subclasses say what is there and where a pixel hits.
class GanttPlottableBase : public QCPAbstractPlottable {
    Q_OBJECT
public:
    GanttPlottableBase(QCPAxis* timeAxis, QCPAxis* laneAxis);

    // The time span of what is drawn; false when there is nothing.
    virtual bool timeExtent(double& first, double& last) const = 0;
    // The rows of the lane axis (lanes, or the groups they are drawn in).
    virtual int rowCount() const = 0;
    // Where times and rows are on screen: the one mapping of drawing, hit tests and zoom.
    GanttGeometry geometry() const { return GanttGeometry(mKeyAxis.data(), mValueAxis.data(), barFraction()); }

    // The least height of a bar, in pixels (kScreenMinimumBarPixels on screen, more for a figure); clamped
    // inside the bar's row or group.
    void setMinimumBarPixels(double pixels) { m_minimumBarPixels = std::max(0.0, pixels); }
    double minimumBarPixels() const { return m_minimumBarPixels; }

    double selectTest(const QPointF& pos, bool onlySelectable, QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    // The share of a row's height its bars fill.
    virtual double barFraction() const = 0;
    // Whether something drawn is under the pixel.
    virtual bool hitsSomething(const QPointF& pixel) const = 0;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;
    // The colour of the legend icon (QCustomPlot's legend; the Gantt charts draw their own legends).
    virtual QColor iconColor() const = 0;

    double m_minimumBarPixels = kScreenMinimumBarPixels;
};

}  // namespace hetsched::ui
