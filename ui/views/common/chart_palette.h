// The colours of every chart, from the one table of core/export/palette.h (domain structs carry no colours).
#pragma once

#include <QBrush>
#include <QColor>
#include <QRectF>

class QPainter;

#include "export/figure_options.h"
#include "export/palette.h"
#include "schedule/schedule.h"

namespace hetsched::ui {

QColor toQColor(const Rgb& rgb);
QColor intervalKindColor(IntervalKind kind, PaletteName palette = PaletteName::Default);
// The index-th colour of a qualitative palette, for resources and groups: the palette's own colours, then (in
// the default palette only) further hues; the colour-blind and grey palettes repeat theirs.
QColor categoricalColor(int index, PaletteName palette = PaletteName::Default);
// Black or white, whichever reads better on `background`.
QColor textColorOn(const QColor& background);
// The hatching of a grey pattern number (palette.h's greyPatternOf): Qt::NoBrush for 0 (solid fill only).
Qt::BrushStyle greyPatternStyle(int pattern);
// The pattern drawn over the fill of the index-th category in the grey palette, where colour alone cannot
// tell more than a few greys apart (0: none).
int categoricalPattern(int index, PaletteName palette);
// Draws a pattern's hatching over `rect` as lines (PDF and SVG writers have no pattern brushes): 1 and 2
// diagonals, 3 both, 4 dots, 5 horizontal, 6 vertical, 7 a grid; `spacing` pixels apart.
void drawHatching(QPainter& painter, const QRectF& rect, int pattern, const QColor& color, double spacing = 4);
// The pattern number of a Qt hatching brush style (0 for a solid or no brush).
int patternOfBrushStyle(Qt::BrushStyle style);

}  // namespace hetsched::ui
