// Charts to PNG, PDF and SVG: the one code path of the GUI's export and of `hetsched export`. A figure is laid
// out at its physical size with its text in points: the layout is in pixels of the screen's resolution
// (layoutDotsPerInch(), at which Qt measures fonts), a PDF or SVG page of W points is laid out at
// W * dpi / 72 pixels and written at that resolution, a PNG of a physical size is the same layout drawn finer.
#pragma once

#include <QFont>
#include <QSize>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "export/figure_options.h"

class QCPPainter;
class QCustomPlot;
class QWidget;

namespace hetsched::ui {

enum class ChartFormat { Png, Pdf, Svg };

// The format named by the file's extension (case-insensitive), none when it is not .png, .pdf or .svg.
std::optional<ChartFormat> chartFormatForPath(const QString& path);
// The format named by --format ("png", "pdf", "svg"), none for any other.
std::optional<ChartFormat> chartFormatFromName(const QString& name);
// "PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)"
QString chartFileFilter();

// The format of `path`, or why a chart cannot be written there at that size (16 to 20000 pixels a side).
Expected<ChartFormat> checkedFormat(const QString& path, int width, int height);

// The resolution of a screen, at which charts were laid out before figures had a physical size.
inline constexpr int kScreenDotsPerInch = 96;
// The resolution at which charts are laid out: the one at which QFontMetrics measures a font in points
// (the screen's logical DPI; 96 offscreen), so that what is measured is what is drawn on every device.
int layoutDotsPerInch();

// How a PNG is rasterised. With dotsPerInch 0 the chart is laid out at the pixel size asked; otherwise it is
// laid out at size * 96 / dotsPerInch, drawn dotsPerInch / 96 times larger, and the file carries that DPI.
struct RasterOptions {
    int dotsPerInch = 0;
};

// The size a chart is laid out at for `width` x `height` pixels at that resolution (the pixels at 0).
QSize layoutSize(int width, int height, const RasterOptions& raster);

// Where a figure is drawn and at what size.
struct FigureCanvas {
    ChartFormat format = ChartFormat::Png;
    QSize layout;          // what the chart is laid out at: pixels at layoutDotsPerInch()
    QSizeF pagePoints;     // PDF and SVG: the page, in points
    QSize pixels;          // PNG: the image
    int dotsPerInch = 0;   // PNG: the resolution written into the file (0: none)
    double fontPoints = kDefaultFontPoints;
    // Whether a layout leaving too little room for the plot is refused (figures); the older calls draw it.
    bool checkRoom = true;
    // The size as a user reads it ("85 x 50 mm", "1200 x 700 px"), for messages.
    QString sizeText;
    FigureSize size;       // as asked (a larger one is suggested in its unit)
    // What the figure left out of what was asked, and why (a legend that does not fit, and the size that
    // would hold it), for the caller to tell the user: `hetsched export` on stderr, the Export dialog under
    // its preview. Shared by the copies of a canvas.
    std::shared_ptr<QStringList> notes = std::make_shared<QStringList>();
};

// The note of a legend left out of a figure: why, and what would hold it (`neededLayoutHeight`: the layout
// height at which it fits, 0 when none was found).
QString legendLeftOutNote(const FigureCanvas& canvas, int neededLayoutHeight);

// The canvas of a figure with these options written to `path` (the format from `format` when not empty, else
// from the extension), or why there is none: an unknown format, a size out of range, a DPI for a vector
// format, a font out of range. Messages name the flag (--size, --dpi, --font-pt, --format).
Expected<FigureCanvas> figureCanvas(const QString& path, const FigureOptions& options, const QString& format = {});
// The canvas of the older calls: width x height pixels for PNG (finer at a DPI), a page of width x height
// points for PDF and SVG; text at the application's font size.
Expected<FigureCanvas> pixelCanvas(const QString& path, int width, int height, const RasterOptions& raster = {});

// Writes what `paint` draws on canvas.layout into `path` (vectors for PDF and SVG: the painter is in
// QCustomPlot's vectorized mode there), replacing the file only once complete.
Expected<bool> writeFigure(const QString& path, const FigureCanvas& canvas,
                           const std::function<void(QCPPainter& painter)>& paint);

// The font of a figure's text: the application's family at `points` (bold for titles).
QFont figureFont(double points, bool bold = false);

// Sets every text of a plot (axes, legend, title elements, text items, what its layers draw with the
// plot's font) to the figure's font for its lifetime, then puts the plot's own fonts back.
class PlotFontScope {
public:
    PlotFontScope(QCustomPlot* plot, double points);
    ~PlotFontScope();
    PlotFontScope(const PlotFontScope&) = delete;
    PlotFontScope& operator=(const PlotFontScope&) = delete;

private:
    std::vector<std::function<void()>> m_restore;
};

// The name of an axis' property holding the shorter title a figure uses where the axis' own title does not
// fit whole even at 6 pt ("relative" for "throughput ratio" under a title saying relative to what).
inline constexpr char kFigureShortLabel[] = "figureShortLabel";

// Lays a plot out at `layout` pixels for a figure and, for its lifetime, fits its texts there: an axis title
// longer than its axis is elided, tick labels that would touch are thinned (fewer ticks). Puts the titles
// and tick counts back on destruction.
class PlotFitScope {
public:
    PlotFitScope(QCustomPlot* plot, QSize layout);
    ~PlotFitScope();
    PlotFitScope(const PlotFitScope&) = delete;
    PlotFitScope& operator=(const PlotFitScope&) = delete;

private:
    std::vector<std::function<void()>> m_restore;
};

// A plot's title (the first text element of its layout) replaced or, for an empty text, left out for its
// lifetime; none asked: as it is.
class PlotTitleScope {
public:
    PlotTitleScope(QCustomPlot* plot, const std::optional<std::string>& title);
    ~PlotTitleScope();
    PlotTitleScope(const PlotTitleScope&) = delete;
    PlotTitleScope& operator=(const PlotTitleScope&) = delete;

private:
    std::vector<std::function<void()>> m_restore;
};

// The layout's problem, if any: a plot area smaller than `minimum` pixels once the texts around it are laid
// out means the size asked is too small for the chart at that text size.
std::optional<Error> plotAreaProblem(QCustomPlot* plot, const FigureCanvas& canvas, QSize minimum = QSize(40, 24));

// Renders `plot` at width x height pixels (points for PDF) into `path`; errors name the file and the problem.
Expected<bool> exportPlot(QCustomPlot* plot, const QString& path, int width, int height,
                          const RasterOptions& raster = {});
// Renders `plot` on that canvas with its texts at the canvas's font size.
Expected<bool> exportPlot(QCustomPlot* plot, const QString& path, const FigureCanvas& canvas);
}  // namespace hetsched::ui
