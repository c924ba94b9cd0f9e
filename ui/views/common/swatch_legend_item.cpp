#include "views/common/swatch_legend_item.h"

#include <utility>

#include "views/common/chart_palette.h"

namespace hetsched::ui {

namespace {

Swatch filledWith(QColor color) {
    Swatch swatch;
    swatch.fill.push_back(std::move(color));
    return swatch;
}

}  // namespace

SwatchLegendItem::SwatchLegendItem(QCPLegend* legend, QColor color, QString text)
    : SwatchLegendItem(legend, filledWith(std::move(color)), std::move(text)) {}

SwatchLegendItem::SwatchLegendItem(QCPLegend* legend, Swatch swatch, QString text)
    : QCPAbstractLegendItem(legend), m_swatch(std::move(swatch)), m_text(std::move(text)) {
    setSelectable(false);
}

int SwatchLegendItem::swatchWidth() const {
    if (m_swatch.fill.empty() && !m_swatch.outline.isValid()) return 0;
    return m_swatch.width > 0 ? m_swatch.width : mParentLegend->iconSize().width();
}

QRect SwatchLegendItem::textRect(const QFontMetrics& metrics) const {
    return metrics.boundingRect(0, 0, 0, mParentLegend->iconSize().height(), Qt::TextDontClip, m_text);
}

void SwatchLegendItem::draw(QCPPainter* painter) {
    const QSize iconSize = mParentLegend->iconSize();
    painter->setFont(mParentLegend->font());
    const QRect text = textRect(painter->fontMetrics());
    const int height = std::max(text.height(), iconSize.height());
    const int width = swatchWidth();
    if (width > 0) {
        const QRectF swatch(mRect.x(),
                            mRect.y() + (height - iconSize.height()) / 2.0 + iconSize.height() * 0.15, width,
                            iconSize.height() * 0.7);
        const QColor outline = m_swatch.outline.isValid() ? m_swatch.outline
                               : m_swatch.fill.empty()    ? QColor(Qt::black)
                                                          : m_swatch.fill.front().darker(140);
        painter->setPen(Qt::NoPen);
        if (m_swatch.fill.size() == 1) {
            painter->setBrush(m_swatch.fill.front());
            painter->drawRect(swatch);
        } else if (!m_swatch.fill.empty()) {
            // Side by side, each colour an equal share; thinner than 2 pixels, a gradient through them.
            const auto count = static_cast<double>(m_swatch.fill.size());
            const double share = swatch.width() / count;
            if (share >= 2) {
                for (std::size_t k = 0; k < m_swatch.fill.size(); ++k) {
                    painter->setBrush(m_swatch.fill[k]);
                    painter->drawRect(QRectF(swatch.left() + share * static_cast<double>(k), swatch.top(),
                                             share, swatch.height()));
                }
            } else {
                QLinearGradient gradient(swatch.topLeft(), swatch.topRight());
                for (std::size_t k = 0; k < m_swatch.fill.size(); ++k)
                    gradient.setColorAt(static_cast<double>(k) / (count - 1), m_swatch.fill[k]);
                painter->setBrush(gradient);
                painter->drawRect(swatch);
            }
        }
        // As lines, the same in PNG, PDF and SVG (whose writers have no pattern brushes).
        if (m_swatch.hatch != Qt::NoBrush)
            drawHatching(*painter, swatch, patternOfBrushStyle(m_swatch.hatch), outline);
        painter->setPen(QPen(outline, m_swatch.outlineWidth));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(swatch);
    }
    const int textLeft = width > 0 ? width + mParentLegend->iconTextPadding() : 0;
    painter->setPen(mParentLegend->textColor());
    painter->drawText(mRect.x() + textLeft, mRect.y(), text.width(), height,
                      Qt::TextDontClip | Qt::AlignVCenter, m_text);
}

QSize SwatchLegendItem::minimumOuterSizeHint() const {
    const QSize iconSize = mParentLegend->iconSize();
    const QRect text = textRect(QFontMetrics(mParentLegend->font()));
    const int width = swatchWidth();
    return {(width > 0 ? width + mParentLegend->iconTextPadding() : 0) + text.width() + mMargins.left() +
                mMargins.right(),
            std::max(text.height(), iconSize.height()) + mMargins.top() + mMargins.bottom()};
}

}  // namespace hetsched::ui
