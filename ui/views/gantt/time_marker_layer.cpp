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
    if (m_markers.empty()) return 0;
    // As many rows as there are markers, up to kLabelRows: a lone makespan needs one.
    const int rows = std::min<int>(kLabelRows, static_cast<int>(m_markers.size()));
    // Half a line more: the lane labels at the top edge of the chart reach half their height above it.
    const int line = QFontMetrics(mParentPlot->font()).height();
    if (!m_labelsShown) return 0;
    return rows * (line + 2) + 4 + line / 2;
}

void TimeMarkerLayer::applyDefaultAntialiasingHint(QCPPainter* painter) const {
    applyAntialiasingHint(painter, true, QCP::aeItems);
}

void TimeMarkerLayer::draw(QCPPainter* painter) {
    if (m_markers.empty()) return;
    const QRect area = m_axisRect->rect();
    const QFontMetricsF metrics(mParentPlot->font());
    const double rowHeight = metrics.height() + 2;
    std::vector<double> rowEnds(kLabelRows, -1e300);  // right edge of the last label placed in each row
    painter->setFont(mParentPlot->font());
    for (const TimeMarker& marker : m_markers) {
        const double x = m_timeAxis->coordToPixel(marker.time);
        if (x < area.left() - 0.5 || x > area.right() + 0.5) continue;
        const QColor color = marker.dashed ? kDashedMarkerColor : kSolidMarkerColor;
        QPen pen(color, 1.5);
        pen.setStyle(marker.dashed ? Qt::DashLine : Qt::SolidLine);
        painter->setPen(pen);
        painter->drawLine(QLineF(x, area.top(), x, area.bottom()));
        if (!m_labelsShown) continue;

        const double width = metrics.horizontalAdvance(marker.label) + 8;
        const double left = std::clamp(x - width / 2, static_cast<double>(area.left()), area.right() - width);
        for (int row = 0; row < kLabelRows; ++row) {
            if (left < rowEnds[static_cast<std::size_t>(row)] + 4) continue;
            rowEnds[static_cast<std::size_t>(row)] = left + width;
            const QRectF box(left, area.top() - (row + 1) * rowHeight - 2 - metrics.height() / 2, width, rowHeight);
            painter->setPen(color);
            painter->drawText(box, Qt::AlignCenter, marker.label);
            // A short tick joins a label of the upper row to its line.
            if (row > 0) painter->drawLine(QLineF(x, box.bottom(), x, area.top()));
            break;
        }
    }
}

}  // namespace hetsched::ui
