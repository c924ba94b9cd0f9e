// Charts to PNG, PDF and SVG: the one code path of the GUI's export and of the headless exportChart().
#pragma once

#include <QString>
#include <optional>

#include "common/expected.h"

class QCustomPlot;

namespace hetsched::ui {

enum class ChartFormat { Png, Pdf, Svg };

// The format named by the file's extension (case-insensitive), none when it is not .png, .pdf or .svg.
std::optional<ChartFormat> chartFormatForPath(const QString& path);
// "PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)"
QString chartFileFilter();

// Renders `plot` at width x height pixels (points for PDF) into `path`; errors name the file and the problem.
Expected<bool> exportPlot(QCustomPlot* plot, const QString& path, int width, int height);

}  // namespace hetsched::ui
