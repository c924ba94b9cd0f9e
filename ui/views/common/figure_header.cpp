#include "views/common/figure_header.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace hetsched::ui {

namespace {

const QString kSeparator = QStringLiteral("   ·   ");
constexpr double kGap = 4;

}  // namespace

FigureHeader::FigureHeader(const QString& title, const QStringList& metrics, const QFont& titleFont,
                           const QFont& textFont, double width, double maxHeight)
    : m_titleFont(titleFont), m_textFont(textFont), m_width(std::max(1.0, width)) {
    const QFontMetricsF titleMetrics(m_titleFont);
    const QFontMetricsF text(m_textFont);
    m_title = title.isEmpty() ? QString() : titleMetrics.elidedText(title, Qt::ElideRight, m_width);
    double used = m_title.isEmpty() ? 0 : titleMetrics.lineSpacing();
    QStringList lines;
    for (const QString& part : metrics) {
        if (part.isEmpty()) continue;
        if (!lines.isEmpty() && text.horizontalAdvance(lines.back() + kSeparator + part) <= m_width)
            lines.back() += kSeparator + part;
        else
            lines << part;
    }
    const int fitting = std::max(0, static_cast<int>(std::floor((maxHeight - used - kGap) / text.lineSpacing())));
    if (lines.size() > fitting) {
        lines = lines.mid(0, fitting);
        if (!lines.isEmpty()) lines.back() += QStringLiteral(" …");
    }
    for (QString& line : lines) line = text.elidedText(line, Qt::ElideRight, m_width);
    m_lines = lines;
}

double FigureHeader::height() const {
    double height = 0;
    if (!m_title.isEmpty()) height += QFontMetricsF(m_titleFont).lineSpacing();
    height += m_lines.size() * QFontMetricsF(m_textFont).lineSpacing();
    return height > 0 ? height + kGap : 0;
}

void FigureHeader::paint(QPainter& painter, QPointF topLeft) const {
    painter.save();
    double y = topLeft.y();
    if (!m_title.isEmpty()) {
        painter.setFont(m_titleFont);
        painter.setPen(Qt::black);
        const double line = QFontMetricsF(m_titleFont).lineSpacing();
        painter.drawText(QRectF(topLeft.x(), y, m_width, line), Qt::AlignLeft | Qt::AlignTop, m_title);
        y += line;
    }
    painter.setFont(m_textFont);
    painter.setPen(QColor(0x50, 0x50, 0x50));
    const double line = QFontMetricsF(m_textFont).lineSpacing();
    for (const QString& text : m_lines) {
        painter.drawText(QRectF(topLeft.x(), y, m_width, line), Qt::AlignLeft | Qt::AlignTop, text);
        y += line;
    }
    painter.restore();
}

}  // namespace hetsched::ui
