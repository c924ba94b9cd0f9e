// The colours of every chart and trace writer, one table per palette (domain structs carry no colours): what
// the GUI's charts draw with and what TikZ, Paje and Chrome traces write.
#pragma once

#include <cstdint>
#include <string>

#include "export/figure_options.h"
#include "schedule/schedule.h"

namespace hetsched {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    std::string hex() const;   // "4e79a7"
};

// The colour of an interval kind (compute, send, ...) in that palette.
Rgb intervalKindRgb(IntervalKind kind, PaletteName palette = PaletteName::Default);
// The index-th colour of that palette's qualitative series, for resources, groups and runs: Tableau 10
// (default), Okabe-Ito (colorblind), greys of distinct lightness (grey).
Rgb categoricalRgb(int index, PaletteName palette = PaletteName::Default);
// In the grey palette colour alone cannot tell kinds apart: the fill pattern of a kind (0: solid), which
// TikZ and the GUI draw as hatching.
int greyPatternOf(IntervalKind kind);
// Black or white text, whichever reads better on `background`.
Rgb textRgbOn(const Rgb& background);

}  // namespace hetsched
