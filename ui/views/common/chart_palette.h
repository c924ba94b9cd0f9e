// The colours of every chart, in one place (domain structs carry no colours).
#pragma once

#include <QColor>

#include "schedule/schedule.h"

namespace hetsched::ui {

QColor intervalKindColor(IntervalKind kind);
// The index-th colour of a qualitative palette (Tableau 10, then further hues), for resources and groups.
QColor categoricalColor(int index);
// Black or white, whichever reads better on `background`.
QColor textColorOn(const QColor& background);

}  // namespace hetsched::ui
