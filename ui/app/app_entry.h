// The entry points of the graphical interface, called by the hetsched executable.
#pragma once

#include <QString>

#include "common/expected.h"
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

}  // namespace hetsched::ui
