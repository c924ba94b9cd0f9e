#include "views/gantt/time_marker_layer.h"

#include <algorithm>

namespace hetsched::ui {

namespace {

const QColor kSolidMarkerColor(0xc0, 0x39, 0x2b);
const QColor kDashedMarkerColor(0x44, 0x4c, 0x56);

struct PlacedLabel {
    std::size_t marker;
    int row;
    double left;
    double width;
};

// Where the labels go: the solid markers' first, then the others left to right, each in the first of kLabelRows
// rows where it overlaps no label placed before it, nor does the tick joining it to its line; the others
// are left out. `xs` are the markers' pixels, `inView` whether each is in the plot area.
std::vector<PlacedLabel> placeLabels(const std::vector<TimeMarker>& markers, const std::vector<double>& xs,
                                     const std::vector<bool>& inView, const QRect& area, const QFontMetricsF& metrics) {
    std::vector<std::size_t> order;
    for (std::size_t k = 0; k < markers.size(); ++k)
        if (inView[k] && !markers[k].dashed) order.push_back(k);
    for (std::size_t k = 0; k < markers.size(); ++k)
        if (inView[k] && markers[k].dashed) order.push_back(k);
    std::vector<std::vector<std::pair<double, double>>> rows(TimeMarkerLayer::kLabelRows);  // the labels placed in each row
    std::vector<PlacedLabel> placed;
    for (const std::size_t k : order) {
        const double x = xs[k];
        const double width = metrics.horizontalAdvance(markers[k].label) + 8;
        const double left = std::clamp(x - width / 2, static_cast<double>(area.left()), area.right() - width);
        const auto overlaps = [&](int row, double from, double to) {
            const auto& inRow = rows[static_cast<std::size_t>(row)];
            return std::any_of(inRow.begin(), inRow.end(), [&](const std::pair<double, double>& other) {
                return from < other.second + 4 && other.first < to + 4;
            });
        };
        for (int row = 0; row < TimeMarkerLayer::kLabelRows; ++row) {
            bool tickCrosses = false;
            for (int below = 0; below < row; ++below) tickCrosses = tickCrosses || overlaps(below, x - 1, x + 1);
            if (tickCrosses || overlaps(row, left, left + width)) continue;
            rows[static_cast<std::size_t>(row)].emplace_back(left, left + width);
            for (int below = 0; below < row; ++below) rows[static_cast<std::size_t>(below)].emplace_back(x - 1, x + 1);
            placed.push_back({k, row, left, width});
            break;
        }
    }
    return placed;
}

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
    // The rows the labels take once placed at the plot area's width of the last layout (the margin changes its
    // height, never its width): a makespan and a bound far apart share one row. Not laid out yet: a row per
    // marker, up to kLabelRows.
    int rows = std::min<int>(kLabelRows, static_cast<int>(m_markers.size()));
    const QRect area = m_axisRect->rect();
    if (area.width() > 1) {
        std::vector<double> xs;
        std::vector<bool> inView;
        for (const TimeMarker& marker : m_markers) {
            xs.push_back(m_timeAxis->coordToPixel(marker.time));
            inView.push_back(xs.back() >= area.left() - 0.5 && xs.back() <= area.right() + 0.5);
        }
        rows = 1;   // one row even when no marker is in view: the layout does not jump as the user pans
        for (const PlacedLabel& label : placeLabels(m_markers, xs, inView, area, QFontMetricsF(mParentPlot->font())))
            rows = std::max(rows, label.row + 1);
    }
    // Half a line more: the lane labels at the top edge of the chart reach half their height above it.
    const int line = QFontMetrics(mParentPlot->font()).height();
    return rows * (line + 2) + 4 + line / 2;
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

    // The labels, where placeLabels puts them.
    std::vector<bool> shown;
    for (std::size_t k = 0; k < m_markers.size(); ++k) shown.push_back(inView(k));
    for (const PlacedLabel& label : placeLabels(m_markers, xs, shown, area, metrics)) {
        const TimeMarker& marker = m_markers[label.marker];
        const double x = xs[label.marker];
        const QRectF box(label.left, area.top() - (label.row + 1) * rowHeight - 2 - metrics.height() / 2, label.width, rowHeight);
        painter->setPen(colorOf(marker));
        painter->drawText(box, Qt::AlignCenter, marker.label);
        // A short tick joins a label of an upper row to its line.
        if (label.row > 0) painter->drawLine(QLineF(x, box.bottom(), x, area.top()));
        m_drawnLabels << marker.label;
    }
}

}  // namespace hetsched::ui
