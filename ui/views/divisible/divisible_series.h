// The names and colours of the divisible-load strategies, shared by the throughput and simulation plots.
#pragma once

#include <QColor>
#include <QString>

#include "views/common/chart_palette.h"

namespace hetsched::ui {

enum class DivisibleStrategy { FifoOptimal, LifoOptimal, FifoByC, FifoByW };

inline QString divisibleStrategyName(DivisibleStrategy s) {
    switch (s) {
        case DivisibleStrategy::FifoOptimal:
            return QStringLiteral("fifo-optimal");
        case DivisibleStrategy::LifoOptimal:
            return QStringLiteral("lifo-optimal");
        case DivisibleStrategy::FifoByC:
            return QStringLiteral("fifo-by-c");
        case DivisibleStrategy::FifoByW:
            return QStringLiteral("fifo-by-w");
    }
    return {};
}

// The reference (optimal FIFO) in blue; the others in hues far from it and from each other.
inline QColor divisibleStrategyColor(DivisibleStrategy s) {
    switch (s) {
        case DivisibleStrategy::FifoOptimal:
            return categoricalColor(0);
        case DivisibleStrategy::LifoOptimal:
            return categoricalColor(1);
        case DivisibleStrategy::FifoByC:
            return categoricalColor(4);
        case DivisibleStrategy::FifoByW:
            return categoricalColor(2);
    }
    return Qt::gray;
}

}  // namespace hetsched::ui
