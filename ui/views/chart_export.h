// Charts to PNG, PDF and SVG: the one code path of the GUI's export and of the headless exportChart().
#pragma once

#include <QString>
#include <functional>
#include <optional>

#include "common/expected.h"

class QCPPainter;
class QCustomPlot;
class QWidget;

namespace hetsched::ui {

enum class ChartFormat { Png, Pdf, Svg };

// The format named by the file's extension (case-insensitive), none when it is not .png, .pdf or .svg.
std::optional<ChartFormat> chartFormatForPath(const QString& path);
// "PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)"
QString chartFileFilter();

// The format of `path`, or why a chart cannot be written there at that size (16 to 20000 pixels a side).
Expected<ChartFormat> checkedFormat(const QString& path, int width, int height);

// Renders `plot` at width x height pixels (points for PDF) into `path`; errors name the file and the problem.
Expected<bool> exportPlot(QCustomPlot* plot, const QString& path, int width, int height);
// Renders what `paint` draws on a width x height canvas: pixels for PNG, vectors for PDF and SVG (the
// painter is in QCustomPlot's vectorized mode there), for composite views that paint their plots
// (QCustomPlot::toPainter) side by side into one painter.
Expected<bool> exportPainted(const QString& path, int width, int height,
                             const std::function<void(QCPPainter& painter)>& paint);

}  // namespace hetsched::ui
