#include "views/gantt/gantt_category_layer.h"

#include "schedule/schedule.h"
#include "views/gantt/gantt_plottable.h"

#include <algorithm>
#include <cmath>

namespace hetsched::ui {

GanttCategoryLayer::GanttCategoryLayer(QCPAxisRect* axisRect, const GanttPlottable* gantt, const QString& layer)
    : QCPLayerable(axisRect->parentPlot(), layer), m_axisRect(axisRect), m_gantt(gantt) {}

namespace {

// The room between two names in the strip, and what a name has above and below the plot area (lines of its
// font): the marker labels and the time ticks start to the right of the strip.
constexpr double kGap = 4;
constexpr double kLinesBeyondPlot = 1.5;

QFont categoryFont(const QFont& plotFont) {
    QFont font = plotFont;
    font.setPointSizeF(plotFont.pointSizeF() > 0 ? plotFont.pointSizeF() * 0.85 : 8);
    font.setItalic(true);
    return font;
}

// Whether the run of lanes first..last of one category is a single lane whose name already says the category
// (small_platform.xml's cluster "Tremblay" of one host, "Tremblay #0"): its bracket and name would repeat it.
bool repeatsLaneName(const std::vector<Lane>& lanes, std::size_t first, std::size_t last) {
    return first == last && QString::fromStdString(lanes[first].name).contains(QString::fromStdString(lanes[first].category), Qt::CaseInsensitive);
}

}  // namespace

bool GanttCategoryLayer::anyNameToAdd() const {
    const Schedule* schedule = m_gantt->schedule();
    if (!schedule) return false;
    const auto& lanes = schedule->lanes;
    for (std::size_t first = 0; first < lanes.size();) {
        std::size_t last = first;
        while (last + 1 < lanes.size() && lanes[last + 1].category == lanes[first].category) ++last;
        if (!repeatsLaneName(lanes, first, last)) return true;
        first = last + 1;
    }
    return false;
}

int GanttCategoryLayer::stripWidth() const {
    // Grouped lanes name their categories on the lane axis itself; lanes that each name their category need
    // no strip.
    if (m_gantt->categoryCount() < 2 || m_gantt->lanesGrouped() || !anyNameToAdd()) return 0;
    // The name, the bracket beside it, and a gap of a few pixels before the lane names (issue 25).
    return QFontMetrics(categoryFont(mParentPlot->font())).height() + 10;
}

int GanttCategoryLayer::namesPixels() const {
    if (stripWidth() == 0 || !m_gantt->schedule()) return 0;
    const QFontMetricsF metrics(categoryFont(mParentPlot->font()));
    double need = -kGap;
    const auto& lanes = m_gantt->schedule()->lanes;
    for (std::size_t first = 0; first < lanes.size();) {
        std::size_t last = first;
        while (last + 1 < lanes.size() && lanes[last + 1].category == lanes[first].category) ++last;
        if (!repeatsLaneName(lanes, first, last))
            need += metrics.horizontalAdvance(QString::fromStdString(lanes[first].category)) + 2 + kGap;
        first = last + 1;
    }
    return std::max(0, static_cast<int>(std::ceil(need - 2 * kLinesBeyondPlot * metrics.height())));
}

void GanttCategoryLayer::applyDefaultAntialiasingHint(QCPPainter* painter) const {
    applyAntialiasingHint(painter, true, QCP::aeItems);
}

void GanttCategoryLayer::draw(QCPPainter* painter) {
    const int width = stripWidth();
    if (width == 0 || !m_gantt->schedule()) return;
    const QRect area = m_axisRect->rect();
    const QFont font = categoryFont(mParentPlot->font());
    const QFontMetricsF metrics(font);
    const double left = m_axisRect->outerRect().left() + 2;
    // The bracket's ticks end 3 pixels inside the strip: the lane names start at its right edge.
    const double bracket = left + width - 8;
    const GanttGeometry g = m_gantt->geometry();
    const auto& lanes = m_gantt->schedule()->lanes;
    const auto [firstLane, lastLane] = g.visibleLanes(m_gantt->laneCount());
    struct Run {
        double top, bottom;  // pixels, cut to the view
        QString name;
        double from = 0, to = 0;  // where its name goes
    };
    std::vector<Run> runs;
    for (int lane = firstLane; lane <= lastLane;) {
        int end = lane;
        while (end + 1 <= lastLane && lanes[static_cast<std::size_t>(end + 1)].category == lanes[static_cast<std::size_t>(lane)].category) ++end;
        const double top = std::max(g.laneSpan(lane).first, static_cast<double>(area.top())) + 2;
        const double bottom = std::min(g.laneSpan(end).second, static_cast<double>(area.bottom())) - 2;
        // A one-lane category named by its lane's name gets neither bracket nor name.
        if (bottom - top >= 4 && !repeatsLaneName(lanes, static_cast<std::size_t>(lane), static_cast<std::size_t>(end)))
            runs.push_back({top, bottom, QString::fromStdString(lanes[static_cast<std::size_t>(lane)].category)});
        lane = end + 1;
    }
    // Each name centred on its run, pushed down past the one above it, then up from the bottom of the
    // view: a name a little longer than its run (two lanes) borrows room from its neighbours rather than
    // being cut; what still finds no room is.
    // The strip's column is free above and below the axis rect (marker labels and time ticks start to
    // the right of it): names may use that room too.
    const double areaTop = area.top() - kLinesBeyondPlot * metrics.height();
    const double areaBottom = area.bottom() + kLinesBeyondPlot * metrics.height();
    const auto place = [&] {
        double previousEnd = areaTop - kGap;
        for (Run& run : runs) {
            if (run.name.isEmpty()) continue;   // left out: takes no room
            const double need = metrics.horizontalAdvance(run.name) + 2;
            run.from = std::max({(run.top + run.bottom - need) / 2, previousEnd + kGap, areaTop});
            run.to = run.from + need;
            previousEnd = run.to;
        }
        double limit = areaBottom;
        for (auto run = runs.rbegin(); run != runs.rend(); ++run) {
            if (run->name.isEmpty()) continue;
            if (run->to > limit) {
                run->from -= run->to - limit;
                run->to = limit;
            }
            limit = run->from - kGap;
        }
        // Where the names do not all fit, each keeps the room between its neighbours: never drawn over another.
        bool whole = true;
        const Run* above = nullptr;
        for (std::size_t k = 0; k < runs.size(); ++k) {
            Run& run = runs[k];
            if (run.name.isEmpty()) continue;
            const Run* below = nullptr;
            for (std::size_t next = k + 1; next < runs.size() && !below; ++next)
                if (!runs[next].name.isEmpty()) below = &runs[next];
            const double need = metrics.horizontalAdvance(run.name) + 2;
            run.from = std::max(run.from, above ? above->to + kGap : areaTop);
            run.to = std::max(run.from, std::min(run.to, below ? below->from - kGap : areaBottom));
            whole = whole && run.to - run.from >= need - 0.5;
            above = &run;
        }
        return whole;
    };
    // Names that do not all fit whole are shortened to their first word ("receive" of "receive ports") and
    // placed again; then, while a name is cut or pushed off its own bracket (its middle outside its lanes),
    // the longest such name is left out and the others placed again.
    if (!place()) {
        for (Run& run : runs) run.name = run.name.section(QLatin1Char(' '), 0, 0);
        place();
    }
    for (std::size_t round = 0; round < runs.size(); ++round) {
        Run* worst = nullptr;
        for (Run& run : runs) {
            if (run.name.isEmpty()) continue;
            const double need = metrics.horizontalAdvance(run.name) + 2;
            const double middle = (run.from + run.to) / 2;
            const bool offItsLanes = middle < run.top - 0.5 || middle > run.bottom + 0.5;
            if ((run.to - run.from < need - 0.5 || offItsLanes) &&
                (!worst || need > metrics.horizontalAdvance(worst->name) + 2))
                worst = &run;
        }
        if (!worst) break;
        worst->name.clear();
        place();
    }
    m_drawnNames.clear();
    painter->setFont(font);
    for (const Run& run : runs) {
        painter->setPen(QPen(QColor(0x60, 0x60, 0x60), 1.2));
        painter->drawLine(QLineF(bracket, run.top, bracket, run.bottom));
        painter->drawLine(QLineF(bracket, run.top, bracket + 3, run.top));
        painter->drawLine(QLineF(bracket, run.bottom, bracket + 3, run.bottom));
        // A name is written whole beside its own bracket, or not at all: an elided "recei…" says nothing the
        // lane names do not, and a name moved off its bracket names the wrong lanes.
        const QString& shown = run.name;
        const bool besideItsLanes = run.from < run.bottom && run.to > run.top;
        if (shown.isEmpty() || metrics.horizontalAdvance(shown) + 2 > run.to - run.from + 0.5 || !besideItsLanes)
            continue;
        m_drawnNames.push_back({shown, run.from, run.to});
        // Upright, read from the bottom up.
        painter->save();
        painter->translate(left, run.to);
        painter->rotate(-90);
        painter->setPen(QColor(0x30, 0x30, 0x30));
        painter->drawText(QRectF(0, 0, run.to - run.from, width - 8), Qt::AlignCenter, shown);
        painter->restore();
    }
}

}  // namespace hetsched::ui
