// The entry points of the graphical interface, called by the hetsched executable.
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

#include "common/expected.h"
#include "export/figure_options.h"
#include "model/instance.h"
#include "solvers/registry.h"

namespace hetsched::ui {

// Creates the QApplication and the main window, opens `file` (an instance .json or a project .hsproj) or,
// when empty, the built-in example, and runs the event loop. Returns the application's exit code.
int runGui(int argc, char** argv, const QString& file);

// Renders the chart the GUI shows for this result, headless, to PNG, PDF or SVG by the extension of `path`.
// A QApplication must exist (with QT_QPA_PLATFORM=offscreen when there is no display).
// Errors name the problem: unknown extension, bad size, file not writable.
hetsched::Expected<bool> exportChart(const hetsched::Instance& instance, const hetsched::SolveResult& result,
                                     const QString& path, int width = 1200, int height = 700);

// The same with what the Export Chart dialog offers beyond the size: a PNG's DPI (0: laid out at its pixels;
// otherwise at its size at screen resolution, drawn finer) and, for a dag result, the part ("gantt", "dag"
// or "both"). Refuses a DPI for PDF and SVG and a part for other results.
hetsched::Expected<bool> exportChart(const hetsched::Instance& instance, const hetsched::SolveResult& result,
                                     const QString& path, int width, int height, int dotsPerInch,
                                     const QString& part);

// The figure of the result as `options` ask (hetsched export's flags): laid out at options.size with its text at
// options.fontPoints, the parts and palette chosen; the format is `format` ("png", "pdf", "svg") or, when
// empty, the extension of `path`. Refuses, before writing anything, a size too small for the chart at that
// text size (naming --size), a part the result has not (--part), a DPI for PDF or SVG. `notes`, when given,
// receives what the figure left out of what was asked and why (a legend that did not fit).
hetsched::Expected<bool> exportFigure(const hetsched::Instance& instance, const hetsched::SolveResult& result,
                                      const QString& path, const hetsched::FigureOptions& options,
                                      const QString& format = {}, QStringList* notes = nullptr);

// One run of a comparison: its name ("heft") and result.
struct NamedResult {
    QString name;
    hetsched::SolveResult result;
};
// The comparison figure of several runs of one instance, one Gantt under the other in the order given, on a
// shared time axis.
hetsched::Expected<bool> exportComparisonFigure(const hetsched::Instance& instance, const std::vector<NamedResult>& runs,
                                                const QString& path, const hetsched::FigureOptions& options,
                                                const QString& format = {}, QStringList* notes = nullptr);

}  // namespace hetsched::ui
