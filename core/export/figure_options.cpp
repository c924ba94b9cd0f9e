#include "export/figure_options.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>

#include "common/number_format.h"

namespace hetsched {

namespace {

constexpr std::array<std::pair<PaletteName, const char*>, 3> kPalettes{
    {{PaletteName::Default, "default"}, {PaletteName::ColorBlind, "colorblind"}, {PaletteName::Grey, "grey"}}};
constexpr std::array<std::pair<LegendPlacement, const char*>, 3> kLegends{
    {{LegendPlacement::Right, "right"}, {LegendPlacement::Below, "below"}, {LegendPlacement::None, "none"}}};
struct UnitName {
    SizeUnit unit;
    const char* name;
    double points;   // points per unit
};
constexpr std::array<UnitName, 5> kUnits{{{SizeUnit::Millimetre, "mm", 72.0 / 25.4},
                                          {SizeUnit::Centimetre, "cm", 72.0 / 2.54},
                                          {SizeUnit::Inch, "in", 72.0},
                                          {SizeUnit::Point, "pt", 1.0},
                                          {SizeUnit::Pixel, "px", 72.0 / 96.0}}};

double pointsPerUnit(SizeUnit unit) {
    for (const UnitName& u : kUnits)
        if (u.unit == unit) return u.points;
    return 1;
}

std::optional<double> parsePositive(std::string_view text) {
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value <= 0) return std::nullopt;
    return value;
}

}  // namespace

std::optional<PaletteName> paletteFromName(std::string_view name) {
    for (const auto& [palette, text] : kPalettes)
        if (name == text) return palette;
    if (name == "gray") return PaletteName::Grey;
    return std::nullopt;
}

const char* paletteName(PaletteName palette) {
    for (const auto& [p, text] : kPalettes)
        if (p == palette) return text;
    return "default";
}

std::optional<LegendPlacement> legendPlacementFromName(std::string_view name) {
    for (const auto& [placement, text] : kLegends)
        if (name == text) return placement;
    return std::nullopt;
}

const char* legendPlacementName(LegendPlacement placement) {
    for (const auto& [p, text] : kLegends)
        if (p == placement) return text;
    return "right";
}

double FigureSize::widthPoints() const { return width * pointsPerUnit(unit); }
double FigureSize::heightPoints() const { return height * pointsPerUnit(unit); }

Expected<FigureSize> parseFigureSize(std::string_view text, const std::string& flag) {
    const auto bad = [&] {
        return invalidInput(flag + " expects WIDTHxHEIGHT with a unit mm, cm, in, pt or px (85x50mm, 1200x700px), got '" +
                            std::string(text) + "'");
    };
    FigureSize size;
    std::string_view numbers = text;
    for (const UnitName& u : kUnits) {
        const std::string_view suffix(u.name);
        if (text.size() > suffix.size() && text.substr(text.size() - suffix.size()) == suffix) {
            size.unit = u.unit;
            numbers = text.substr(0, text.size() - suffix.size());
            break;
        }
    }
    const std::size_t x = numbers.find_first_of("xX");
    if (x == std::string_view::npos) return bad();
    const std::optional<double> width = parsePositive(numbers.substr(0, x));
    const std::optional<double> height = parsePositive(numbers.substr(x + 1));
    if (!width || !height) return bad();
    size.width = *width;
    size.height = *height;
    // 10 mm to 2 m a side in physical units; 16 to 20000 pixels.
    const double minPoints = size.unit == SizeUnit::Pixel ? 16 * 72.0 / 96 : 10 * 72.0 / 25.4;
    const double maxPoints = size.unit == SizeUnit::Pixel ? 20000 * 72.0 / 96 : 2000 * 72.0 / 25.4;
    for (double points : {size.widthPoints(), size.heightPoints()})
        if (points < minPoints - 1e-9 || points > maxPoints + 1e-9)
            return invalidInput(flag + " must be between " +
                                std::string(size.unit == SizeUnit::Pixel ? "16 and 20000 px" : "10 and 2000 mm") +
                                " a side, got '" + std::string(text) + "'");
    return size;
}

std::string figureSizeText(const FigureSize& size) {
    const char* unit = "px";
    for (const UnitName& u : kUnits)
        if (u.unit == size.unit) unit = u.name;
    return formatShortest(size.width) + "x" + formatShortest(size.height) + unit;
}

std::optional<Error> figureOptionsProblem(const FigureOptions& options) {
    if (!(options.fontPoints >= kMinFontPoints && options.fontPoints <= kMaxFontPoints))
        return invalidInput("--font-pt must be in [6, 72], got '" + formatShortest(options.fontPoints) + "'");
    if (!options.part.empty() && options.part != "gantt" && options.part != "dag" && options.part != "both")
        return invalidInput("--part must be gantt, dag or both, got '" + options.part + "'");
    if (options.dotsPerInch != 0 && (options.dotsPerInch < 36 || options.dotsPerInch > 2400))
        return invalidInput("--dpi must be in [36, 2400], got '" + std::to_string(options.dotsPerInch) + "'");
    return std::nullopt;
}

}  // namespace hetsched
