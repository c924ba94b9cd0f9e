#include "views/gantt/gantt_plottable.h"

#include <QElapsedTimer>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>
#include <unordered_map>

#include "export/palette.h"
#include "views/common/chart_palette.h"

namespace hetsched::ui {

namespace {

constexpr double kHitTolerancePixels = 2.0;
constexpr double kOutlineMinPixels = 4.0;  // narrower or lower bars are plain fills: an outline would hide them
constexpr double kMinCategoryPixels = 6.0;  // categories lower than this get no separating line
constexpr double kLabelPaddingPixels = 6.0;
constexpr std::size_t kMaxLabels = 4000;
constexpr std::size_t kMaxPaletteSize = std::numeric_limits<std::uint16_t>::max();
const QColor kNoGroupColor(0xbd, 0xbd, 0xbd);

}  // namespace

GanttPlottable::GanttPlottable(QCPAxis* timeAxis, QCPAxis* laneAxis) : GanttPlottableBase(timeAxis, laneAxis) {}

void GanttPlottable::setSchedule(std::shared_ptr<const Schedule> schedule) {
    m_schedule = std::move(schedule);
    rebuildIndex();
    rebuildColors();
}

void GanttPlottable::setColorMode(GanttColorMode mode) {
    if (mode == m_colorMode) return;
    m_colorMode = mode;
    rebuildColors();
}

void GanttPlottable::setColorizer(GanttColorizer colorizer) {
    m_colorizer = std::move(colorizer);
    if (m_colorMode == GanttColorMode::Custom) rebuildColors();
}

void GanttPlottable::setPaletteName(PaletteName palette) {
    if (palette == m_paletteName) return;
    m_paletteName = palette;
    rebuildColors();
}

void GanttPlottable::setBarFraction(double fraction) {
    m_barFraction = std::clamp(fraction, 0.1, 1.0);
}

void GanttPlottable::setLanesGrouped(bool grouped) {
    m_lanesGrouped = grouped;
}

QStringList GanttPlottable::rowNames() const {
    QStringList names;
    if (!m_schedule) return names;
    if (m_lanesGrouped) {
        for (const auto& [first, last] : m_groupLanes) {
            const Lane& lane = m_schedule->lanes[static_cast<std::size_t>(first)];
            // A group without a category is named by its lanes.
            names << (lane.category.empty() ? QStringLiteral("%1–%2").arg(QString::fromStdString(lane.name),
                                                                          QString::fromStdString(m_schedule->lanes[static_cast<std::size_t>(last)].name))
                                            : QString::fromStdString(lane.category));
        }
        return names;
    }
    for (const Lane& lane : m_schedule->lanes) names << QString::fromStdString(lane.name);
    return names;
}

std::pair<double, double> GanttPlottable::laneBarCoords(int lane) const {
    const double fraction = barFraction();
    if (!m_lanesGrouped || lane < 0 || lane >= laneCount()) return {lane - fraction / 2, lane + fraction / 2};
    const int group = m_groupOfLane[static_cast<std::size_t>(lane)];
    const auto [first, last] = m_groupLanes[static_cast<std::size_t>(group)];
    const double share = fraction / (last - first + 1);
    const double top = group - fraction / 2 + share * (lane - first);
    return {top, top + share};
}

std::pair<double, double> GanttPlottable::laneBarSpan(const GanttGeometry& g, int lane) const {
    if (!m_lanesGrouped || lane < 0 || lane >= laneCount()) return g.barSpan(lane);
    // The lane's share of its group's bar, on whole pixels; lanes thinner than a pixel share pixel rows.
    const int group = m_groupOfLane[static_cast<std::size_t>(lane)];
    const auto [first, last] = m_groupLanes[static_cast<std::size_t>(group)];
    const auto [top, bottom] = g.barSpan(group);
    const double share = (bottom - top) / (last - first + 1);
    double upper = std::round(top + share * (lane - first));
    double lower = std::max(std::round(top + share * (lane - first + 1)), upper + 1.0);
    // A figure's bar is at least its least height, inside its group's bar: it grows down, or up at the bottom.
    const double least = std::min(m_minimumBarPixels, bottom - top);
    if (lower - upper < least) {
        lower = upper + least;
        if (lower > bottom) {
            lower = bottom;
            upper = bottom - least;
        }
    }
    return {upper, lower};
}

std::pair<int, int> GanttPlottable::visibleLaneRange(const GanttGeometry& g) const {
    const auto [first, last] = g.visibleLanes(rowCount());
    if (!m_lanesGrouped || first > last) return {first, last};
    return {m_groupLanes[static_cast<std::size_t>(first)].first, m_groupLanes[static_cast<std::size_t>(last)].second};
}

void GanttPlottable::rebuildIndex() {
    m_lanes.clear();
    m_intervalCount = 0;
    m_categoryCount = 0;
    m_groupOfLane.clear();
    m_groupLanes.clear();
    if (!m_schedule) return;
    for (std::size_t l = 0; l < m_schedule->lanes.size(); ++l) {
        if (l == 0 || m_schedule->lanes[l].category != m_schedule->lanes[l - 1].category) {
            ++m_categoryCount;
            m_groupLanes.emplace_back(static_cast<int>(l), static_cast<int>(l));
        }
        m_groupLanes.back().second = static_cast<int>(l);
        m_groupOfLane.push_back(m_categoryCount - 1);
    }
    m_lanes.resize(m_schedule->lanes.size());
    for (std::size_t l = 0; l < m_schedule->lanes.size(); ++l) {
        const std::vector<Interval>& intervals = m_schedule->lanes[l].intervals;
        LaneIndex& index = m_lanes[l];
        std::vector<std::uint32_t> order(intervals.size());
        std::iota(order.begin(), order.end(), 0U);
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return intervals[a].start < intervals[b].start;
        });
        index.original = std::move(order);
        index.starts.reserve(intervals.size());
        index.ends.reserve(intervals.size());
        for (std::uint32_t k : index.original) {
            const Interval& in = intervals[k];
            index.starts.push_back(in.start);
            index.ends.push_back(in.end);
            index.maxDuration = std::max(index.maxDuration, in.end - in.start);
        }
        m_intervalCount += intervals.size();
    }
}

void GanttPlottable::rebuildColors() {
    m_palette.clear();
    m_patterns.clear();
    m_legend.clear();
    m_legendPatterns.clear();
    if (!m_schedule) return;
    const PaletteName palette = m_paletteName;
    const bool grey = palette == PaletteName::Grey;
    const auto& lanes = m_schedule->lanes;
    switch (m_colorMode) {
        case GanttColorMode::ByKind: {
            constexpr int kindCount = static_cast<int>(IntervalKind::Other) + 1;
            std::vector<bool> present(kindCount, false);
            for (std::size_t l = 0; l < lanes.size(); ++l) {
                LaneIndex& index = m_lanes[l];
                index.color.resize(index.original.size());
                for (std::size_t k = 0; k < index.original.size(); ++k) {
                    const int kind = static_cast<int>(lanes[l].intervals[index.original[k]].kind);
                    index.color[k] = static_cast<std::uint16_t>(kind);
                    present[static_cast<std::size_t>(kind)] = true;
                }
            }
            for (int kind = 0; kind < kindCount; ++kind) {
                m_palette.push_back(intervalKindColor(static_cast<IntervalKind>(kind), palette));
                m_patterns.push_back(grey ? greyPatternOf(static_cast<IntervalKind>(kind)) : 0);
                if (present[static_cast<std::size_t>(kind)]) {
                    m_legend.emplace_back(
                        QString::fromLatin1(intervalKindName(static_cast<IntervalKind>(kind))),
                        m_palette.back());
                    m_legendPatterns.push_back(m_patterns.back());
                }
            }
            break;
        }
        case GanttColorMode::ByGroup: {
            // Groups get colours in order of first appearance; intervals without a group are grey.
            std::unordered_map<std::string, std::uint16_t> groupIndex;
            std::vector<QString> groupNames;
            bool anyUngrouped = false;
            const std::uint16_t noGroup = 0;
            m_palette.push_back(kNoGroupColor);
            m_patterns.push_back(0);
            for (std::size_t l = 0; l < lanes.size(); ++l) {
                LaneIndex& index = m_lanes[l];
                index.color.resize(index.original.size());
                for (std::size_t k = 0; k < index.original.size(); ++k) {
                    const std::string& group = lanes[l].intervals[index.original[k]].group;
                    if (group.empty()) {
                        index.color[k] = noGroup;
                        anyUngrouped = true;
                        continue;
                    }
                    auto [it, inserted] = groupIndex.try_emplace(group, std::uint16_t{0});
                    if (inserted) {
                        const std::size_t n = groupNames.size();
                        // Beyond the palette's size, colours repeat (the legend could not list them anyway).
                        it->second = static_cast<std::uint16_t>(1 + n % (kMaxPaletteSize - 1));
                        if (m_palette.size() < kMaxPaletteSize) {
                            m_palette.push_back(categoricalColor(static_cast<int>(n), palette));
                            m_patterns.push_back(categoricalPattern(static_cast<int>(n), palette));
                        }
                        groupNames.push_back(QString::fromStdString(group));
                    }
                    index.color[k] = it->second;
                }
            }
            for (std::size_t n = 0; n < groupNames.size(); ++n) {
                m_legend.emplace_back(groupNames[n], m_palette[1 + n % (kMaxPaletteSize - 1)]);
                m_legendPatterns.push_back(m_patterns[1 + n % (kMaxPaletteSize - 1)]);
            }
            if (anyUngrouped) {
                m_legend.emplace_back(tr("no group"), kNoGroupColor);
                m_legendPatterns.push_back(0);
            }
            break;
        }
        case GanttColorMode::ByLane:
            for (std::size_t l = 0; l < lanes.size(); ++l) {
                const std::uint16_t color = static_cast<std::uint16_t>(l % kMaxPaletteSize);
                if (m_palette.size() < kMaxPaletteSize) {
                    m_palette.push_back(categoricalColor(static_cast<int>(l), palette));
                    m_patterns.push_back(categoricalPattern(static_cast<int>(l), palette));
                }
                m_lanes[l].color.assign(m_lanes[l].original.size(), color);
            }
            break;
        case GanttColorMode::Custom: {
            GanttColors colors = m_colorizer ? m_colorizer(*m_schedule) : GanttColors{};
            if (colors.palette.empty() || colors.palette.size() > kMaxPaletteSize) colors.palette = {kNoGroupColor};
            m_palette = std::move(colors.palette);
            m_patterns = std::move(colors.patterns);
            m_patterns.resize(m_palette.size(), 0);
            m_legend = std::move(colors.legend);
            // A legend entry shows the hatching of the palette entry of its colour.
            for (const auto& entry : m_legend) {
                int pattern = 0;
                for (std::size_t c = 0; c < m_palette.size(); ++c)
                    if (m_palette[c] == entry.second) {
                        pattern = m_patterns[c];
                        break;
                    }
                m_legendPatterns.push_back(pattern);
            }
            for (std::size_t l = 0; l < lanes.size(); ++l) {
                LaneIndex& index = m_lanes[l];
                index.color.resize(index.original.size());
                for (std::size_t k = 0; k < index.original.size(); ++k) {
                    const std::size_t c =
                        colors.colorIndex ? colors.colorIndex(lanes[l], lanes[l].intervals[index.original[k]]) : 0;
                    index.color[k] = static_cast<std::uint16_t>(c < m_palette.size() ? c : 0);
                }
            }
            break;
        }
    }
}

QColor GanttPlottable::colorOf(const GanttHit& hit) const {
    if (hit.lane < 0 || hit.lane >= laneCount()) return {};
    const LaneIndex& index = m_lanes[static_cast<std::size_t>(hit.lane)];
    for (std::size_t k = 0; k < index.original.size(); ++k)
        if (index.original[k] == hit.interval) return m_palette[index.color[k]];
    return {};
}

const Interval& GanttPlottable::interval(const GanttHit& hit) const {
    return m_schedule->lanes[static_cast<std::size_t>(hit.lane)].intervals[hit.interval];
}

bool GanttPlottable::timeExtent(double& first, double& last) const {
    first = std::numeric_limits<double>::infinity();
    last = -first;
    for (const LaneIndex& lane : m_lanes) {
        if (lane.starts.empty()) continue;
        first = std::min(first, lane.starts.front());
        last = std::max(last, *std::max_element(lane.ends.begin(), lane.ends.end()));
    }
    return first <= last;
}

std::pair<std::size_t, std::size_t> GanttPlottable::candidates(const LaneIndex& lane, double from,
                                                               double to) const {
    // Sorted by start: an interval ending at or after `from` starts at or after from - maxDuration.
    const auto begin = std::lower_bound(lane.starts.begin(), lane.starts.end(), from - lane.maxDuration);
    const auto end = std::upper_bound(begin, lane.starts.end(), to);
    return {static_cast<std::size_t>(begin - lane.starts.begin()),
            static_cast<std::size_t>(end - lane.starts.begin())};
}

std::optional<GanttHit> GanttPlottable::hitTest(const QPointF& pixel) const {
    if (!m_schedule || !mKeyAxis || !mValueAxis) return std::nullopt;
    const GanttGeometry g = geometry();
    int lane = g.laneAtPixel(pixel.y());
    if (lane < 0 || lane >= rowCount()) return std::nullopt;
    if (m_lanesGrouped) {
        // The lane of the group whose share of the group's bar holds the pixel row.
        const auto [first, last] = m_groupLanes[static_cast<std::size_t>(lane)];
        const auto [top, bottom] = g.barSpan(lane);
        const double share = (bottom - top) / (last - first + 1);
        lane = std::clamp(first + static_cast<int>(std::floor((pixel.y() - top) / share)), first, last);
    }
    const auto [top, bottom] = laneBarSpan(g, lane);
    if (pixel.y() < top - 1 || pixel.y() > bottom + 1) return std::nullopt;

    double from = g.pixelToTime(pixel.x() - kHitTolerancePixels);
    double to = g.pixelToTime(pixel.x() + kHitTolerancePixels);
    if (from > to) std::swap(from, to);
    const double time = g.pixelToTime(pixel.x());
    const LaneIndex& index = m_lanes[static_cast<std::size_t>(lane)];
    const auto [first, last] = candidates(index, from, to);
    std::optional<std::size_t> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t k = first; k < last; ++k) {
        if (index.ends[k] < from) continue;
        // Inside beats near; among overlapping intervals the shortest (drawn last, on top) wins.
        const double distance = time < index.starts[k] ? index.starts[k] - time
                                : time > index.ends[k] ? time - index.ends[k]
                                                       : -1.0 / (1.0 + index.ends[k] - index.starts[k]);
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = k;
        }
    }
    if (!best) return std::nullopt;
    return GanttHit{lane, index.original[*best]};
}

void GanttPlottable::drawLaneBands(QCPPainter* painter, const GanttGeometry& g) const {
    // Every other row shaded: lanes, or groups of lanes.
    const QRect area = clipRect();
    const auto [first, last] = g.visibleLanes(rowCount());
    QVector<QRectF> stripes;
    for (int row = first; row <= last; ++row) {
        const auto [top, bottom] = g.laneSpan(row);
        if (row % 2 == 1 && bottom - top >= 3)
            stripes.append(QRectF(area.left(), top, area.width(), bottom - top));
    }
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(246, 246, 246));   // opaque: some SVG renderers ignore fill-opacity
    painter->drawRects(stripes);
}

void GanttPlottable::drawCategories(QCPPainter* painter, const GanttGeometry& g, int first, int last) const {
    // Grouped lanes: each category is a row of its own, named on the lane axis.
    if (m_categoryCount < 2 || m_lanesGrouped) return;
    // A line above the first lane of each category (their names are in the margin: GanttCategoryLayer).
    // Only between categories both at least kMinCategoryPixels high: a grid's dozens of clusters over a hundred
    // pixels would draw a dark line every other pixel row and hide the bars (issue 25, Montage on g5k).
    const QRect area = clipRect();
    const auto& lanes = m_schedule->lanes;
    std::vector<std::pair<int, double>> starts;   // each category's first lane in view and its top pixel
    for (int lane = std::max(first, 1); lane <= last; ++lane)
        if (lanes[static_cast<std::size_t>(lane)].category != lanes[static_cast<std::size_t>(lane - 1)].category)
            starts.emplace_back(lane, g.laneSpan(lane).first);
    QVector<QLineF> lines;
    for (std::size_t k = 0; k < starts.size(); ++k) {
        const double top = starts[k].second;
        double above = k > 0 ? starts[k - 1].second : std::numeric_limits<double>::infinity();
        if (k == 0) {   // the category above begins at its first lane, maybe out of view
            int begin = starts[k].first - 1;
            while (begin > 0 && lanes[static_cast<std::size_t>(begin - 1)].category == lanes[static_cast<std::size_t>(begin)].category) --begin;
            above = g.laneSpan(begin).first;
        }
        int end = starts[k].first;   // the last lane of this category
        while (end + 1 < laneCount() && lanes[static_cast<std::size_t>(end + 1)].category == lanes[static_cast<std::size_t>(end)].category) ++end;
        const double below = g.laneSpan(end).second;
        if (std::abs(top - above) >= kMinCategoryPixels && std::abs(below - top) >= kMinCategoryPixels)
            lines.append(QLineF(area.left(), top, area.right(), top));
    }
    painter->setPen(QPen(QColor(0x40, 0x40, 0x40), 1.5));
    painter->drawLines(lines);
}

void GanttPlottable::draw(QCPPainter* painter) {
    QElapsedTimer timer;
    timer.start();
    m_stats = {};
    if (!m_schedule || !mKeyAxis || !mValueAxis || m_lanes.empty()) return;

    const GanttGeometry g = geometry();
    const auto [firstLane, lastLane] = visibleLaneRange(g);
    if (firstLane > lastLane) return;
    drawLaneBands(painter, g);

    const QRect area = clipRect();
    const double leftLimit = area.left() - 2.0;
    const double rightLimit = area.right() + 2.0;
    const QCPRange time = g.visibleTime();
    const QFont font = mParentPlot->font();
    const QFontMetricsF metrics(font);

    // One batch of rectangles per colour, with and without outline. Sub-pixel bars are summarised per pixel
    // (PixelFold): the first one painting a pixel column of a lane stands for the others.
    GanttBarBatches batches;
    batches.reset(m_palette.size());
    auto& plain = batches.plain;
    auto& outlined = batches.outlined;
    m_fold.reset(area);
    struct Label {
        QRectF rect;
        GanttHit hit;
        std::uint16_t color;
    };
    std::vector<Label> labels;
    // A task on a range of processors (consecutive lanes of one category, the same times and colour) is one bar
    // with one name, as in a Jedule Gantt: the bar of the lane above grows down over this one.
    struct Spanned {
        QVector<QRectF>* batch;
        qsizetype rect;
        int lastLane;
        std::ptrdiff_t label;   // -1: none
    };
    struct SpanKey {
        int task;
        double start, end;
        std::uint16_t color;
        bool operator==(const SpanKey&) const = default;
    };
    struct SpanHash {
        std::size_t operator()(const SpanKey& k) const {
            return std::hash<double>()(k.start) * 31 + std::hash<double>()(k.end) * 17 + static_cast<std::size_t>(k.task) * 7 + k.color;
        }
    };
    std::unordered_map<SpanKey, Spanned, SpanHash> spans;
    const auto& scheduleLanes = m_schedule->lanes;

    double lastTop = -1e300;
    int previousLane = -2;   // the last lane drawn: a task's bar grows over the lanes drawn after it
    for (int lane = firstLane; lane <= lastLane; ++lane) {
        const LaneIndex& index = m_lanes[static_cast<std::size_t>(lane)];
        if (index.starts.empty()) continue;
        const bool sameCategoryAsAbove =
            previousLane >= 0 && scheduleLanes[static_cast<std::size_t>(lane)].category == scheduleLanes[static_cast<std::size_t>(previousLane)].category;
        const auto [top, bottom] = laneBarSpan(g, lane);
        // Lanes thinner than a pixel share pixel rows: the first non-empty lane of a row stands for the
        // others.
        if (bottom - top <= 1.0 && top == lastTop) continue;
        lastTop = top;
        const int laneAbove = previousLane;
        previousLane = lane;
        const double height = bottom - top;
        const bool canLabel = height >= metrics.height() - 2;
        const auto [first, last] = candidates(index, time.lower, time.upper);
        for (std::size_t k = first; k < last; ++k) {
            if (index.ends[k] < time.lower) continue;
            ++m_stats.visibleIntervals;
            double x0 = g.timeToPixel(index.starts[k]);
            double x1 = g.timeToPixel(index.ends[k]);
            if (x0 > x1) std::swap(x0, x1);
            x0 = std::max(x0, leftLimit);
            x1 = std::min(x1, rightLimit);
            const std::uint16_t c = index.color[k];
            const double width = x1 - x0;
            if (width < 1.0) {
                QRectF bar(x0, top, width, height);
                if (m_fold.claim(bar)) plain[c].append(bar);
                continue;
            }
            // Grouped lanes share a row's height: their bars are outlined by width alone, so that a task's bar
            // over its lanes stays apart from the next one.
            auto& batch = (width >= kOutlineMinPixels && (height >= 4 || m_lanesGrouped) ? outlined : plain)[c];
            const Interval& in = scheduleLanes[static_cast<std::size_t>(lane)].intervals[index.original[k]];
            if (in.taskId >= 0) {
                const SpanKey key{in.taskId, index.starts[k], index.ends[k], c};
                const auto found = spans.find(key);
                if (found != spans.end() && sameCategoryAsAbove && found->second.lastLane == laneAbove &&
                    found->second.batch == &batch) {
                    // The same task on the lane above: one bar over both, one name.
                    Spanned& span = found->second;
                    QRectF& rect = (*span.batch)[span.rect];
                    rect.setBottom(std::max(rect.bottom(), top + height));
                    if (span.label >= 0) labels[static_cast<std::size_t>(span.label)].rect = rect;
                    else if (rect.height() >= metrics.height() - 2 && width >= 2 * kLabelPaddingPixels &&
                             labels.size() < kMaxLabels) {
                        span.label = static_cast<std::ptrdiff_t>(labels.size());
                        labels.push_back({rect, GanttHit{lane, index.original[k]}, c});
                    }
                    span.lastLane = lane;
                    continue;
                }
                batch.append(QRectF(x0, top, width, height));
                std::ptrdiff_t label = -1;
                if (canLabel && width >= 2 * kLabelPaddingPixels && labels.size() < kMaxLabels) {
                    label = static_cast<std::ptrdiff_t>(labels.size());
                    labels.push_back({QRectF(x0, top, width, height), GanttHit{lane, index.original[k]}, c});
                }
                spans[key] = Spanned{&batch, batch.size() - 1, lane, label};
                continue;
            }
            batch.append(QRectF(x0, top, width, height));
            if (canLabel && width >= 2 * kLabelPaddingPixels && labels.size() < kMaxLabels)
                labels.push_back({QRectF(x0, top, width, height), GanttHit{lane, index.original[k]}, c});
        }
    }

    // A bar that ended lower than kOutlineMinPixels (a task on 1 of a cluster's 93 grouped processors) is a plain
    // fill: its outline would be all of it, a dark line instead of its colour.
    for (std::size_t c = 0; c < outlined.size(); ++c) {
        QVector<QRectF> kept;
        for (const QRectF& rect : outlined[c])
            (rect.height() >= kOutlineMinPixels ? kept : plain[c]).append(rect);
        outlined[c] = std::move(kept);
    }
    for (const auto* group : {&plain, &outlined})
        for (const QVector<QRectF>& batch : *group)
            for (const QRectF& rect : batch)
                m_stats.thinnestBar = m_stats.thinnestBar > 0 ? std::min(m_stats.thinnestBar, rect.height()) : rect.height();
    applyDefaultAntialiasingHint(painter);
    std::tie(m_stats.drawnRects, m_stats.colorBatches) = batches.draw(painter, m_palette, 140);

    // The grey palette tells kinds and groups apart by hatching as well as by lightness.
    for (std::size_t c = 0; c < m_palette.size() && c < m_patterns.size(); ++c) {
        if (m_patterns[c] == 0) continue;
        const QColor ink = textColorOn(m_palette[c]);
        for (const auto* batch : {&plain[c], &outlined[c]})
            for (const QRectF& rect : *batch)
                if (rect.width() >= 3) drawHatching(*painter, rect, m_patterns[c], ink);
    }

    painter->setFont(font);
    for (const Label& label : labels) {
        const QString text = QString::fromStdString(interval(label.hit).label);
        if (text.isEmpty() || metrics.horizontalAdvance(text) + kLabelPaddingPixels > label.rect.width())
            continue;
        painter->setPen(textColorOn(m_palette[label.color]));
        painter->drawText(label.rect, Qt::AlignCenter, text);
        ++m_stats.labels;
    }
    drawCategories(painter, g, firstLane, lastLane);
    m_stats.milliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

}  // namespace hetsched::ui
