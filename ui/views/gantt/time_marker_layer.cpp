#include "views/gantt/time_marker_layer.h"

#include <algorithm>

namespace hetsched::ui {

namespace {

const QColor kSolidMarkerColor(0xc0, 0x39, 0x2b);
const QColor kDashedMarkerColor(0x44, 0x4c, 0x56);

}  // namespace

TimeMarkerLayer::TimeMarkerLayer(QCPAxisRect* axisRect, QCPAxis* timeAxis, const QString& layer)
    : QCPLayerable(axisRect->parentPlot(), layer), m_axisRect(axisRect), m_timeAxis(timeAxis) {}

void TimeMarkerLayer::setMarkers(std::vector<TimeMarker> markers) {
    std::stable_sort(markers.begin(), markers.end(),
                     [](const TimeMarker& a, const TimeMarker& b) { return a.time < b.time; });
    m_markers = std::move(markers);
}

int TimeMarkerLayer::labelAreaHeight() const {
    if (m_markers.empty() || !m_labelsShown) return 0;
    // The rows the labels take where the time axis was laid out last (a lone makespan needs one; a figure
    // whose six markers' labels all fit in one row keeps no empty rows between its header and the chart).
    // The labels start at the chart's left edge, right of the lane names: these need no room above it.
    const QFontMetricsF metrics(mParentPlot->font());
    int rows = 1;
    const std::vector<PlacedLabel> placed = placeLabels(metrics);
    for (const PlacedLabel& label : placed) rows = std::max(rows, label.row + 1);
    return static_cast<int>(std::ceil(rows * (metrics.height() + 2) + clearance(placed, metrics))) + 4;
}

double TimeMarkerLayer::clearance(const std::vector<PlacedLabel>& placed, const QFontMetricsF& metrics) const {
    // A label wider than the chart reaches left over the lane names, whose top one may stand half a line above
    // the chart: the labels then keep that half line clear.
    const double left = m_axisRect->rect().left();
    return std::any_of(placed.begin(), placed.end(), [&](const PlacedLabel& label) { return label.left < left - 0.5; })
               ? metrics.height() / 2
               : 0.0;
}

std::vector<TimeMarkerLayer::PlacedLabel> TimeMarkerLayer::placeLabels(const QFontMetricsF& metrics) const {
    std::vector<PlacedLabel> placedLabels;
    const QRect area = m_axisRect->rect();
    std::vector<double> xs;
    for (const TimeMarker& marker : m_markers) xs.push_back(m_timeAxis->coordToPixel(marker.time));
    const auto inView = [&](std::size_t k) { return xs[k] >= area.left() - 0.5 && xs[k] <= area.right() + 0.5; };
    // The solid markers' first, then the others left to right, each in the first row where it overlaps no
    // label placed before it.
    std::vector<std::size_t> order;
    for (std::size_t k = 0; k < m_markers.size(); ++k)
        if (inView(k) && !m_markers[k].dashed) order.push_back(k);
    for (std::size_t k = 0; k < m_markers.size(); ++k)
        if (inView(k) && m_markers[k].dashed) order.push_back(k);
    std::vector<std::vector<std::pair<double, double>>> rows(kLabelRows);  // the labels placed in each row
    for (const std::size_t k : order) {
        const TimeMarker& marker = m_markers[k];
        const double x = xs[k];
        const double width = metrics.horizontalAdvance(marker.label) + 8;
        // Inside the chart; a label wider than it ends at its right edge.
        const double left = std::min(std::max(x - width / 2, static_cast<double>(area.left())), area.right() - width);
        const auto overlaps = [&](int row, double from, double to) {
            const auto& placed = rows[static_cast<std::size_t>(row)];
            return std::any_of(placed.begin(), placed.end(), [&](const std::pair<double, double>& other) {
                return from < other.second + 4 && other.first < to + 4;
            });
        };
        for (int row = 0; row < kLabelRows; ++row) {
            // The label, and the tick joining it to its line across the rows below it, cross nothing.
            bool tickCrosses = false;
            for (int below = 0; below < row; ++below) tickCrosses = tickCrosses || overlaps(below, x - 1, x + 1);
            if (tickCrosses || overlaps(row, left, left + width)) continue;
            rows[static_cast<std::size_t>(row)].emplace_back(left, left + width);
            for (int below = 0; below < row; ++below) rows[static_cast<std::size_t>(below)].emplace_back(x - 1, x + 1);
            placedLabels.push_back({k, row, left, width, x});
            break;
        }
    }
    return placedLabels;
}

void TimeMarkerLayer::applyDefaultAntialiasingHint(QCPPainter* painter) const {
    applyAntialiasingHint(painter, true, QCP::aeItems);
}

void TimeMarkerLayer::draw(QCPPainter* painter) {
    m_drawnLabels.clear();
    if (m_markers.empty()) return;
    const QRect area = m_axisRect->rect();
    const QFontMetricsF metrics(mParentPlot->font());
    const double rowHeight = metrics.height() + 2;
    painter->setFont(mParentPlot->font());
    const auto colorOf = [](const TimeMarker& marker) { return marker.dashed ? kDashedMarkerColor : kSolidMarkerColor; };
    std::vector<double> xs;
    for (const TimeMarker& marker : m_markers) xs.push_back(m_timeAxis->coordToPixel(marker.time));
    const auto inView = [&](std::size_t k) { return xs[k] >= area.left() - 0.5 && xs[k] <= area.right() + 0.5; };

    // The lines, broken where the chart says something is drawn (they pass behind the bars and their names).
    for (std::size_t k = 0; k < m_markers.size(); ++k) {
        if (!inView(k)) continue;
        const TimeMarker& marker = m_markers[k];
        QPen pen(colorOf(marker), 1.5);
        pen.setStyle(marker.dashed ? Qt::DashLine : Qt::SolidLine);
        painter->setPen(pen);
        const double x = xs[k];
        if (!m_covered) {
            painter->drawLine(QLineF(x, area.top(), x, area.bottom()));
            continue;
        }
        int from = area.top();
        for (int y = area.top(); y <= area.bottom() + 1; ++y) {
            const bool covered = y > area.bottom() || m_covered(QPointF(x, y + 0.5));
            if (!covered) continue;
            if (y > from) painter->drawLine(QLineF(x, from, x, y));
            from = y + 1;
        }
    }
    if (!m_labelsShown) return;

    const std::vector<PlacedLabel> placedLabels = placeLabels(metrics);
    const double above = clearance(placedLabels, metrics);
    for (const PlacedLabel& placed : placedLabels) {
        const TimeMarker& marker = m_markers[placed.marker];
        const QRectF box(placed.left, area.top() - (placed.row + 1) * rowHeight - 2 - above, placed.width, rowHeight);
        // Never above the room the layout kept for the labels (it was sized at the previous layout's width).
        if (box.top() < m_axisRect->outerRect().top() - 0.5) continue;
        painter->setPen(colorOf(marker));
        painter->drawText(box, Qt::AlignCenter, marker.label);
        // A short tick joins a label of an upper row to its line.
        if (placed.row > 0) painter->drawLine(QLineF(placed.x, box.bottom(), placed.x, area.top()));
        m_drawnLabels << marker.label;
    }
}

}  // namespace hetsched::ui
