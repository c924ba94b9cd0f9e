#include "views/gantt/gantt_plottable_base.h"

#include <algorithm>
#include <cmath>

namespace hetsched::ui {

void PixelFold::reset(const QRect& area) {
    m_area = area;
    m_folded = 0;
    const std::size_t size =
        static_cast<std::size_t>(std::max(0, area.width() + 1)) * static_cast<std::size_t>(std::max(0, area.height() + 1));
    m_painted.assign(size, 0);
}

bool PixelFold::claimSpan(std::size_t firstCell, std::size_t stride, int count) {
    bool fresh = false;
    for (int k = 0; k < count; ++k) {
        std::uint8_t& cell = m_painted[firstCell + static_cast<std::size_t>(k) * stride];
        fresh = fresh || cell == 0;
        cell = 1;
    }
    return fresh;
}

bool PixelFold::claim(QRectF& bar) {
    const bool narrow = bar.width() < 1.0;
    const bool flat = bar.height() < 1.0;
    if (!narrow && !flat) return true;
    // The pixel column (or row) the bar stands for, and the pixels of the area it spans along it.
    const int column = static_cast<int>(std::floor(bar.left()));
    const int row = static_cast<int>(std::floor(bar.top()));
    if (narrow) bar = QRectF(column, bar.top(), 1.0, std::max(1.0, bar.height()));
    if (flat) bar = QRectF(bar.left(), row, bar.width(), 1.0);
    const int width = m_area.width() + 1;
    const int height = m_area.height() + 1;
    const int x0 = std::clamp(static_cast<int>(std::floor(bar.left())) - m_area.left(), 0, width);
    const int x1 = std::clamp(static_cast<int>(std::ceil(bar.right())) - m_area.left(), 0, width);
    const int y0 = std::clamp(static_cast<int>(std::floor(bar.top())) - m_area.top(), 0, height);
    const int y1 = std::clamp(static_cast<int>(std::ceil(bar.bottom())) - m_area.top(), 0, height);
    if (x0 >= x1 || y0 >= y1 || m_painted.empty()) return true;  // outside the area: drawn, clipped away
    const std::size_t stride = static_cast<std::size_t>(width);
    const std::size_t first = static_cast<std::size_t>(y0) * stride + static_cast<std::size_t>(x0);
    // A narrow bar paints its column over its rows; a flat one its row over its columns; a dot one pixel.
    const bool fresh = narrow ? claimSpan(first, stride, y1 - y0) : claimSpan(first, 1, x1 - x0);
    if (!fresh) ++m_folded;
    return fresh;
}

std::pair<std::size_t, std::size_t> GanttBarBatches::draw(QCPPainter* painter, const std::vector<QColor>& palette,
                                                          int darker) const {
    std::size_t rects = 0;
    std::size_t calls = 0;
    painter->setPen(Qt::NoPen);
    for (std::size_t c = 0; c < palette.size() && c < plain.size(); ++c) {
        if (plain[c].isEmpty()) continue;
        painter->setBrush(palette[c]);
        painter->drawRects(plain[c]);
        rects += static_cast<std::size_t>(plain[c].size());
        ++calls;
    }
    for (std::size_t c = 0; c < palette.size() && c < outlined.size(); ++c) {
        if (outlined[c].isEmpty()) continue;
        painter->setPen(QPen(palette[c].darker(darker), 1));
        painter->setBrush(palette[c]);
        painter->drawRects(outlined[c]);
        rects += static_cast<std::size_t>(outlined[c].size());
        ++calls;
    }
    return {rects, calls};
}

GanttPlottableBase::GanttPlottableBase(QCPAxis* timeAxis, QCPAxis* laneAxis) : QCPAbstractPlottable(timeAxis, laneAxis) {
    setSelectable(QCP::stNone);
    setAntialiased(false);  // bars on whole pixels stay crisp
    setAntialiasedFill(false);
}

double GanttPlottableBase::selectTest(const QPointF& pos, bool onlySelectable, QVariant* details) const {
    Q_UNUSED(details)
    if (onlySelectable && !mSelectable) return -1;
    if (!mKeyAxis || !mKeyAxis->axisRect()->rect().contains(pos.toPoint())) return -1;
    return hitsSomething(pos) ? 0 : -1;
}

QCPRange GanttPlottableBase::getKeyRange(bool& foundRange, QCP::SignDomain inSignDomain) const {
    Q_UNUSED(inSignDomain)
    double first = 0;
    double last = 0;
    foundRange = timeExtent(first, last);
    return foundRange ? QCPRange(first, last) : QCPRange();
}

QCPRange GanttPlottableBase::getValueRange(bool& foundRange, QCP::SignDomain inSignDomain,
                                           const QCPRange& inKeyRange) const {
    Q_UNUSED(inSignDomain)
    Q_UNUSED(inKeyRange)
    foundRange = rowCount() > 0;
    return foundRange ? QCPRange(-0.5, rowCount() - 0.5) : QCPRange();
}

void GanttPlottableBase::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    painter->setPen(Qt::NoPen);
    painter->setBrush(iconColor());
    painter->drawRect(rect.adjusted(0, rect.height() / 4, 0, -rect.height() / 4));
}

}  // namespace hetsched::ui
