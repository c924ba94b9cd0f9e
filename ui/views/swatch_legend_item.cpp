#include "views/swatch_legend_item.h"

namespace hetsched::ui {

SwatchLegendItem::SwatchLegendItem(QCPLegend* legend, QColor color, QString text)
    : QCPAbstractLegendItem(legend), m_color(std::move(color)), m_text(std::move(text)) {
    setSelectable(false);
}

QRect SwatchLegendItem::textRect(const QFontMetrics& metrics) const {
    return metrics.boundingRect(0, 0, 0, mParentLegend->iconSize().height(), Qt::TextDontClip, m_text);
}

void SwatchLegendItem::draw(QCPPainter* painter) {
    const QSize iconSize = mParentLegend->iconSize();
    painter->setFont(mParentLegend->font());
    const QRect text = textRect(painter->fontMetrics());
    const int height = std::max(text.height(), iconSize.height());
    const QRectF swatch(mRect.x(), mRect.y() + (height - iconSize.height()) / 2.0 + iconSize.height() * 0.15,
                        iconSize.width(), iconSize.height() * 0.7);
    painter->setPen(QPen(m_color.darker(140), 1));
    painter->setBrush(m_color);
    painter->drawRect(swatch);
    painter->setPen(mParentLegend->textColor());
    painter->drawText(mRect.x() + iconSize.width() + mParentLegend->iconTextPadding(), mRect.y(),
                      text.width(), height, Qt::TextDontClip | Qt::AlignVCenter, m_text);
}

QSize SwatchLegendItem::minimumOuterSizeHint() const {
    const QSize iconSize = mParentLegend->iconSize();
    const QRect text = textRect(QFontMetrics(mParentLegend->font()));
    return {iconSize.width() + mParentLegend->iconTextPadding() + text.width() + mMargins.left() +
                mMargins.right(),
            std::max(text.height(), iconSize.height()) + mMargins.top() + mMargins.bottom()};
}

}  // namespace hetsched::ui
