// Charts to PNG, PDF and SVG: the one code path of the GUI's export and of the headless exportChart().
#pragma once

#include <QSize>
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

// The resolution of a screen, at which charts are laid out: a PNG at another DPI is laid out at its size at
// this resolution and drawn larger, so its text has the same physical size as on screen.
inline constexpr int kScreenDotsPerInch = 96;

// How a PNG is rasterised. With dotsPerInch 0 the chart is laid out at the pixel size asked; otherwise it is
// laid out at size * 96 / dotsPerInch, drawn dotsPerInch / 96 times larger, and the file carries that DPI.
struct RasterOptions {
    int dotsPerInch = 0;
};

// The size a chart is laid out at for `width` x `height` pixels at that resolution (the pixels at 0).
QSize layoutSize(int width, int height, const RasterOptions& raster);

// Renders `plot` at width x height pixels (points for PDF) into `path`; errors name the file and the problem.
Expected<bool> exportPlot(QCustomPlot* plot, const QString& path, int width, int height,
                          const RasterOptions& raster = {});
// Renders what `paint` draws on a canvas of layoutSize(width, height, raster) (width x height unless a PNG
// has a DPI): pixels for PNG, vectors for PDF and SVG (the painter is in QCustomPlot's vectorized mode
// there), for composite views that paint their plots (QCustomPlot::toPainter) side by side into one painter.
Expected<bool> exportPainted(const QString& path, int width, int height,
                             const std::function<void(QCPPainter& painter)>& paint,
                             const RasterOptions& raster = {});

}  // namespace hetsched::ui
