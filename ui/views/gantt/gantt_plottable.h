// One QCustomPlot plottable drawing a whole Schedule as a Gantt: only visible bars, merged per pixel, batched
// by colour.
#pragma once

#include <qcustomplot.h>

#include <QColor>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "export/figure_options.h"
#include "schedule/schedule.h"
#include "views/gantt/gantt_plottable_base.h"

namespace hetsched::ui {

// Custom: colours chosen by the chart that owns the plottable, through setColorizer().
enum class GanttColorMode { ByKind, ByGroup, ByLane, Custom };

// The colours of a schedule chosen by a chart: a palette, the legend explaining it, and each interval's entry.
struct GanttColors {
    std::vector<QColor> palette;
    std::vector<int> patterns;   // per palette entry, the hatching drawn over it (chart_palette.h); empty: none
    std::vector<std::pair<QString, QColor>> legend;
    std::function<std::size_t(const Lane&, const Interval&)> colorIndex;  // into palette
};
using GanttColorizer = std::function<GanttColors(const Schedule&)>;

// Where one interval of the schedule is: schedule.lanes[lane].intervals[interval].
struct GanttHit {
    int lane = -1;
    std::size_t interval = 0;
};

// What the last draw() did, for tests and for tuning.
struct GanttDrawStats {
    std::size_t visibleIntervals = 0;  // intervals intersecting the view
    std::size_t drawnRects = 0;        // rectangles sent to the painter after per-pixel merging
    std::size_t colorBatches = 0;      // drawRects calls
    std::size_t labels = 0;
    double thinnestBar = 0;            // the least height (pixels) of a bar drawn; 0: none drawn
    double milliseconds = 0;
};

class GanttPlottable : public GanttPlottableBase {
    Q_OBJECT
public:
    // The key axis is time (horizontal), the value axis holds one lane per integer, or one group of lanes per
    // integer when the lanes are grouped.
    GanttPlottable(QCPAxis* timeAxis, QCPAxis* laneAxis);

    void setSchedule(std::shared_ptr<const Schedule> schedule);
    const Schedule* schedule() const { return m_schedule.get(); }
    int laneCount() const { return static_cast<int>(m_lanes.size()); }
    int categoryCount() const { return m_categoryCount; }  // runs of consecutive lanes with one category
    std::size_t intervalCount() const { return m_intervalCount; }

    void setColorMode(GanttColorMode mode);
    GanttColorMode colorMode() const { return m_colorMode; }
    // The colours of GanttColorMode::Custom; recolours at once when that mode is on.
    void setColorizer(GanttColorizer colorizer);
    // The colours in use and what they mean (kinds or groups present), in a stable order.
    const std::vector<std::pair<QString, QColor>>& legendEntries() const { return m_legend; }
    QColor colorOf(const GanttHit& hit) const;
    // The palette of the kinds, groups and lanes (default, colour-blind, grey with hatching); recolours at once.
    void setPaletteName(PaletteName palette);
    PaletteName paletteName() const { return m_paletteName; }
    // The hatching of a palette entry (0: none) and of the legend's entries, in the grey palette.
    int patternOf(std::size_t paletteIndex) const {
        return paletteIndex < m_patterns.size() ? m_patterns[paletteIndex] : 0;
    }
    int legendPattern(std::size_t legendIndex) const {
        return legendIndex < m_legendPatterns.size() ? m_legendPatterns[legendIndex] : 0;
    }

    void setBarFraction(double fraction);
    double barFraction() const override { return m_lanesGrouped ? std::max(m_barFraction, kGroupBarFraction) : m_barFraction; }

    // Lanes grouped by category (a cluster's processors, a node's devices): one row of the lane axis per run of
    // consecutive lanes with one category, its lanes sharing the row's height, for schedules with more lanes
    // than the chart's height can name. A task over several lanes of a group stays one bar with its name.
    void setLanesGrouped(bool grouped);
    bool lanesGrouped() const { return m_lanesGrouped; }
    // Whether grouping would draw fewer rows than lanes (some category has several lanes).
    bool groupingHelps() const { return m_categoryCount > 0 && m_categoryCount < laneCount(); }
    // The rows of the lane axis: the lanes, or their groups.
    int rowCount() const override { return m_lanesGrouped ? m_categoryCount : laneCount(); }
    // The name of each row: the lanes' names, or their groups' categories.
    QStringList rowNames() const;
    // Top and bottom pixel rows of a lane's bars (top < bottom), in its own row or its share of its group.
    std::pair<double, double> laneBarSpan(const GanttGeometry& geometry, int lane) const;
    // The same on the lane axis' coordinates (lower < upper), for items placed in plot coordinates.
    std::pair<double, double> laneBarCoords(int lane) const;

    // The interval under a pixel position (a couple of pixels of tolerance for thin bars).
    std::optional<GanttHit> hitTest(const QPointF& pixel) const;
    const Interval& interval(const GanttHit& hit) const;

    // The time span of all intervals; false when there are none.
    bool timeExtent(double& first, double& last) const override;
    const GanttDrawStats& lastDrawStats() const { return m_stats; }

    static constexpr double kGroupBarFraction = 0.86;

protected:
    void draw(QCPPainter* painter) override;
    bool hitsSomething(const QPointF& pixel) const override { return hitTest(pixel).has_value(); }
    QColor iconColor() const override { return m_palette.empty() ? QColor(Qt::gray) : m_palette.front(); }

private:
    // A lane's intervals sorted by start, with what drawing needs stored contiguously.
    struct LaneIndex {
        std::vector<double> starts;
        std::vector<double> ends;
        std::vector<std::uint32_t> original;  // index in Lane::intervals
        std::vector<std::uint16_t> color;     // index in m_palette
        double maxDuration = 0;               // bounds the lookback of a visible-range search
    };
    // The positions [first, last) of a lane's index that may intersect [from, to].
    std::pair<std::size_t, std::size_t> candidates(const LaneIndex& lane, double from, double to) const;
    void rebuildIndex();
    void rebuildColors();
    // The first and last lane of the rows in view; first > last when none.
    std::pair<int, int> visibleLaneRange(const GanttGeometry& geometry) const;
    void drawLaneBands(QCPPainter* painter, const GanttGeometry& geometry) const;
    void drawCategories(QCPPainter* painter, const GanttGeometry& geometry, int first, int last) const;

    std::shared_ptr<const Schedule> m_schedule;
    std::vector<LaneIndex> m_lanes;
    std::size_t m_intervalCount = 0;
    int m_categoryCount = 0;  // runs of consecutive lanes with one category
    std::vector<int> m_groupOfLane;               // the run each lane belongs to
    std::vector<std::pair<int, int>> m_groupLanes; // each run's first and last lane
    bool m_lanesGrouped = false;
    GanttColorMode m_colorMode = GanttColorMode::ByKind;
    GanttColorizer m_colorizer;
    PaletteName m_paletteName = PaletteName::Default;
    std::vector<QColor> m_palette;
    std::vector<int> m_patterns;         // per palette entry
    std::vector<std::pair<QString, QColor>> m_legend;
    std::vector<int> m_legendPatterns;   // per legend entry
    double m_barFraction = 0.7;
    GanttDrawStats m_stats;
    PixelFold m_fold;
};

}  // namespace hetsched::ui
