#include "views/common/chart_palette.h"

#include <array>

namespace hetsched::ui {

QColor intervalKindColor(IntervalKind kind) {
    switch (kind) {
        case IntervalKind::Compute:
            return QColor(0x4e, 0x79, 0xa7);
        case IntervalKind::Send:
            return QColor(0xf2, 0x8e, 0x2b);
        case IntervalKind::Receive:
            return QColor(0x59, 0xa1, 0x4f);
        case IntervalKind::Idle:
            return QColor(0xd3, 0xd3, 0xd3);
        case IntervalKind::Return:
            return QColor(0xb0, 0x7a, 0xa1);
        case IntervalKind::Redistribution:
            return QColor(0x9c, 0x75, 0x5f);
        case IntervalKind::Other:
            return QColor(0x8c, 0x8c, 0x8c);
    }
    return QColor(0x8c, 0x8c, 0x8c);
}

QColor categoricalColor(int index) {
    static const std::array<QColor, 10> tableau = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b),
                                                   QColor(0xe1, 0x57, 0x59), QColor(0x76, 0xb7, 0xb2),
                                                   QColor(0x59, 0xa1, 0x4f), QColor(0xed, 0xc9, 0x48),
                                                   QColor(0xb0, 0x7a, 0xa1), QColor(0xff, 0x9d, 0xa7),
                                                   QColor(0x9c, 0x75, 0x5f), QColor(0xba, 0xb0, 0xac)};
    if (index < 0) index = -index;
    if (index < static_cast<int>(tableau.size())) return tableau[static_cast<std::size_t>(index)];
    // Golden-angle hue steps keep neighbouring indices apart; saturation and value vary by round.
    const int hue = static_cast<int>((static_cast<long long>(index) * 137) % 360);
    const int round = (index / 10) % 3;
    return QColor::fromHsv(hue, 150 + 35 * round, 210 - 25 * round);
}

QColor textColorOn(const QColor& background) {
    const double luminance =
        0.299 * background.redF() + 0.587 * background.greenF() + 0.114 * background.blueF();
    return luminance > 0.6 ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white);
}

}  // namespace hetsched::ui
