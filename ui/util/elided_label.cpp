#include "util/elided_label.h"

#include <QPainter>
#include <algorithm>

namespace hetsched::ui {

namespace {

// The width a label asks for at most, however long its text: the rest is elided.
constexpr int kPreferredWidthChars = 40;

}  // namespace

ElidedLabel::ElidedLabel(QWidget* parent) : QFrame(parent) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void ElidedLabel::setText(const QString& text) {
    if (text == m_text) return;
    m_text = text;
    // The whole text on hover; its line breaks kept.
    setToolTip(text.isEmpty() ? QString() : QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(text.toHtmlEscaped()));
    updateGeometry();
    update();
}

QString ElidedLabel::shownText() const {
    return fontMetrics().elidedText(m_text, Qt::ElideRight, std::max(0, contentsRect().width()));
}

QSize ElidedLabel::sizeHint() const {
    const QFontMetrics metrics = fontMetrics();
    const int width = std::min(metrics.horizontalAdvance(m_text), kPreferredWidthChars * metrics.averageCharWidth());
    const QMargins margins = contentsMargins();
    return {width + margins.left() + margins.right(), metrics.height() + margins.top() + margins.bottom()};
}

QSize ElidedLabel::minimumSizeHint() const {
    const QMargins margins = contentsMargins();
    return {margins.left() + margins.right(), fontMetrics().height() + margins.top() + margins.bottom()};
}

void ElidedLabel::paintEvent(QPaintEvent* event) {
    QFrame::paintEvent(event);
    QPainter painter(this);
    painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::WindowText));
    painter.drawText(contentsRect(), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, shownText());
}

}  // namespace hetsched::ui
