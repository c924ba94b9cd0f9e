// What a user asks of an exported figure or trace, shared by `hetsched export`, the GUI's Export dialog, the
// Python module and every writer: the physical size, the text size, the parts and the palette.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"

namespace hetsched {

// The palettes of every chart and trace (export/palette.h holds their colours). Values are only ever appended.
enum class PaletteName { Default, ColorBlind, Grey };
// "default", "colorblind", "grey"; none for anything else.
std::optional<PaletteName> paletteFromName(std::string_view name);
const char* paletteName(PaletteName palette);

// Where the legend goes. Values are only ever appended.
enum class LegendPlacement { Right, Below, None };
std::optional<LegendPlacement> legendPlacementFromName(std::string_view name);
const char* legendPlacementName(LegendPlacement placement);

enum class SizeUnit { Millimetre, Centimetre, Inch, Point, Pixel };

// A figure's size as asked: "85x50mm", "8.5x5cm", "3.3x2in", "240x140pt", "1200x700px" (or "1200x700").
struct FigureSize {
    double width = 0;
    double height = 0;
    SizeUnit unit = SizeUnit::Pixel;

    bool isPhysical() const { return unit != SizeUnit::Pixel; }
    // In PostScript points (1/72 in); pixels count as points at 96 DPI (a screen's), as Qt lays them out.
    double widthPoints() const;
    double heightPoints() const;
};
// Parses WxH with an optional unit (mm, cm, in, pt, px; none: px). Errors name `flag` and the accepted form.
Expected<FigureSize> parseFigureSize(std::string_view text, const std::string& flag = "--size");
std::string figureSizeText(const FigureSize& size);   // "85x50mm"

// The smallest text a figure sets, whatever its size (points).
inline constexpr double kMinFontPoints = 6;
inline constexpr double kMaxFontPoints = 72;
inline constexpr double kDefaultFontPoints = 8;   // the figure text of a two-column paper

struct FigureOptions {
    std::optional<FigureSize> size;        // none: the on-screen size (1200 x 700 px)
    double fontPoints = kDefaultFontPoints;
    std::optional<std::string> title;      // none: the result's own title; "" : no title
    bool header = true;                    // the metrics header above a result's chart
    LegendPlacement legend = LegendPlacement::Right;
    PaletteName palette = PaletteName::Default;
    std::string part;                      // task graphs: "gantt", "dag" or "both" (empty: both)
    int dotsPerInch = 0;                   // PNG of a physical size: its resolution (0: 300 when physical)
    // Comparisons: every run on one time axis (true), or each on its own axis with its makespan marked.
    bool sharedTimeAxis = true;
};

// What is wrong with the options (a font below 6 pt, a size out of range...), naming the flag; none when fine.
std::optional<Error> figureOptionsProblem(const FigureOptions& options);

}  // namespace hetsched
