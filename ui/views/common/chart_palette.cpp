#include "views/common/chart_palette.h"

#include "export/palette.h"

#include <QPainter>
#include <QVector>
#include <algorithm>
#include <cmath>

namespace hetsched::ui {

namespace {

constexpr int kTableauSize = 10;
constexpr int kGreyCount = 6;   // the greys of export/palette.cpp
constexpr int kPatternCount = 6;

}  // namespace

QColor toQColor(const Rgb& rgb) {
    return QColor(rgb.r, rgb.g, rgb.b);
}

QColor intervalKindColor(IntervalKind kind, PaletteName palette) {
    return toQColor(intervalKindRgb(kind, palette));
}

QColor categoricalColor(int index, PaletteName palette) {
    if (index < 0) index = -index;
    if (palette != PaletteName::Default || index < kTableauSize) return toQColor(categoricalRgb(index, palette));
    // Golden-angle hue steps keep neighbouring indices apart; saturation and value vary by round.
    const int hue = static_cast<int>((static_cast<long long>(index) * 137) % 360);
    const int round = (index / 10) % 3;
    return QColor::fromHsv(hue, 150 + 35 * round, 210 - 25 * round);
}

QColor textColorOn(const QColor& background) {
    const Rgb text = textRgbOn(Rgb{static_cast<std::uint8_t>(background.red()),
                                   static_cast<std::uint8_t>(background.green()),
                                   static_cast<std::uint8_t>(background.blue())});
    return toQColor(text);
}

Qt::BrushStyle greyPatternStyle(int pattern) {
    switch (pattern) {
        case 1: return Qt::BDiagPattern;
        case 2: return Qt::FDiagPattern;
        case 3: return Qt::DiagCrossPattern;
        case 4: return Qt::Dense6Pattern;
        case 5: return Qt::HorPattern;
        case 6: return Qt::VerPattern;
        case 7: return Qt::CrossPattern;
        default: return Qt::NoBrush;
    }
}

int categoricalPattern(int index, PaletteName palette) {
    if (palette != PaletteName::Grey) return 0;
    if (index < 0) index = -index;
    // The first round of greys is plain; each later round adds a hatching, so that no two of the first
    // 6 x 8 categories look alike.
    return (index / kGreyCount) % (kPatternCount + 2);
}

int patternOfBrushStyle(Qt::BrushStyle style) {
    for (int pattern = 1; pattern <= 7; ++pattern)
        if (greyPatternStyle(pattern) == style) return pattern;
    return 0;
}

void drawHatching(QPainter& painter, const QRectF& rect, int pattern, const QColor& color, double spacing) {
    if (pattern <= 0 || rect.width() < 2 || rect.height() < 2) return;
    QVector<QLineF> lines;
    const double w = rect.width();
    const double h = rect.height();
    // Segments of x - left + s * (y - top) = d inside the rect, s = -1 (rising) or +1 (falling).
    const auto diagonals = [&](bool rising) {
        for (double d = spacing; d < w + h; d += spacing) {
            const double x0 = std::max(0.0, d - h);
            const double x1 = std::min(w, d);
            if (rising)
                lines.append(QLineF(rect.left() + x0, rect.bottom() - (d - x0), rect.left() + x1, rect.bottom() - (d - x1)));
            else
                lines.append(QLineF(rect.left() + x0, rect.top() + (d - x0), rect.left() + x1, rect.top() + (d - x1)));
        }
    };
    const auto horizontals = [&] {
        for (double y = rect.top() + spacing / 2; y < rect.bottom(); y += spacing)
            lines.append(QLineF(rect.left(), y, rect.right(), y));
    };
    const auto verticals = [&] {
        for (double x = rect.left() + spacing / 2; x < rect.right(); x += spacing)
            lines.append(QLineF(x, rect.top(), x, rect.bottom()));
    };
    painter.save();
    painter.setBrush(Qt::NoBrush);
    switch (pattern) {
        case 1: diagonals(true); break;
        case 2: diagonals(false); break;
        case 3: diagonals(true); diagonals(false); break;
        case 4: {
            painter.setPen(Qt::NoPen);
            painter.setBrush(color);
            for (double y = rect.top() + spacing / 2; y < rect.bottom(); y += spacing)
                for (double x = rect.left() + spacing / 2; x < rect.right(); x += spacing)
                    painter.drawEllipse(QPointF(x, y), 0.7, 0.7);
            painter.restore();
            return;
        }
        case 5: horizontals(); break;
        case 6: verticals(); break;
        default: horizontals(); verticals(); break;
    }
    painter.setPen(QPen(color, 0.8));
    painter.drawLines(lines);
    painter.restore();
}

}  // namespace hetsched::ui
