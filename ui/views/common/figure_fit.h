// Whether a plot laid out for a figure has room for all of its parts (chart_export.cpp defines it).
#pragma once

class QCustomPlot;

namespace hetsched::ui {

// Whether the plot's parts need more than `height` pixels (their rows would be squeezed over each other).
bool layoutSqueezed(QCustomPlot* plot, int height);

}  // namespace hetsched::ui
