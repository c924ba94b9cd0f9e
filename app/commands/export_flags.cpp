// hetsched export's command line: the solve's flags, --solver given once or several times (a comparison), and
// what the figure is (its physical size, text size, parts and palette); the rendering is main.cpp's (Qt).

#include "commands/command.h"

#include "io/formats.h"

#include <algorithm>
#include <cctype>
#include <ostream>

namespace hetsched::cli {

const char* const kExportUsage =
    "usage: hetsched export FILE [--solver NAME]... [--option NAME=VALUE]... -o OUT.png|.pdf|.svg|.tex|.paje|.jed|...\n"
    "       hetsched export FILE --result RESULT.json [--result RESULT.json]... -o OUT [the same figure flags]\n"
    "                       [--size WxH{mm,cm,in,pt,px}] [--font-pt N] [--title TEXT | --no-title]\n"
    "                       [--no-header] [--legend right|below|none] [--palette default|colorblind|grey]\n"
    "                       [--part gantt|dag|both] [--time-axis shared|own] [--dpi DPI] [--format F]\n"
    "                       [--width PIXELS] [--height PIXELS]\n"
    "Solves the instance FILE (- for standard input) with the solver (default: the family's default for\n"
    "this instance, as hetsched solve) and renders the chart the GUI shows for the result, headless, as a\n"
    "figure: laid out for its size with its text in points. --solver given several times renders the\n"
    "comparison of those runs, one Gantt under the other on a shared time axis (--time-axis own: each run on\n"
    "its own axis, its makespan marked).\n"
    "--result draws a stored result of FILE instead of solving (as hetsched solve -o writes it; checked\n"
    "against FILE): the same figure as export solving it makes. Several --result: the comparison of those\n"
    "runs in the order given. --result excludes --solver and --option.\n"
    "The format follows the extension of -o (--format where it does not say, or where formats share it:\n"
    ".tex is tikz or latex-table, .csv is csv or metrics-csv): a figure (png, pdf, svg), a trace (tikz: a\n"
    "TikZ picture for LaTeX; paje: ViTE, PajeNG; jedule: SimGrid's Jedule XML; chrome-trace: Perfetto; csv:\n"
    "the drawn intervals) or a table of the runs' metrics (metrics-csv, latex-table). --size gives the figure's\n"
    "size: 85x50mm (one column of a paper), 175x100mm (two columns), 8.5x5cm, 3.3x2in, 240x140pt for\n"
    "PDF, SVG and PNG (a PNG of a physical size is drawn at --dpi, default 300), or 1200x700px (the\n"
    "default). --font-pt sets the text size in points (6 to 72, default 8), the same whatever the size.\n"
    "--title replaces the result's title, --no-title leaves it out, --no-header leaves out the metrics\n"
    "line; --legend puts the legend right of the chart (default), below it or nowhere; --palette picks\n"
    "the colours: default, colorblind (Okabe-Ito) or grey (with hatching where colour told things apart).\n"
    "--part (task graph results) exports the Gantt, the graph or both (default); a steady-state result's\n"
    "gantt is its period's schedule alone. --width and --height (100 to 20000, default 1200 x 700) are\n"
    "the older way to give the size: pixels for PNG, points for a PDF or SVG page. --dpi (PNG only, 36 to\n"
    "2400) with pixels lays the chart out at that size's length on a 96 DPI screen and draws it finer.\n"
    "A size too small for the chart at that text size, a font below 6 pt or an unknown format is refused\n"
    "(exit 2) before any file is written.\n";

namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
    return text;
}

// The extension of -o, lower case ("png"); empty when there is none.
std::string extensionOf(const std::string& path) {
    const std::size_t slash = path.find_last_of("/\\");
    const std::size_t dot = path.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
    return lower(path.substr(dot + 1));
}

struct FigureFlagTexts {
    std::string size, fontPoints, title, legend, palette, format, timeAxis;
    bool titleGiven = false, noTitle = false, noHeader = false;
};

std::optional<Error> checkFigureFlags(ExportArguments& a, const FigureFlagTexts& t, bool widthOrHeightGiven) {
    FigureOptions& figure = a.figure;
    // The format first (the format table's figures, traces and tables): what --size and --dpi mean depends on it.
    Expected<const FileFormat*> resolved = writeFormatFor(
        a.solve.output, lower(t.format), {FormatContent::Figure, FormatContent::Trace, FormatContent::Table});
    if (!resolved) {
        if (!t.format.empty()) return resolved.error();
        const std::string extension = extensionOf(a.solve.output);
        return invalidInput("-o " + a.solve.output + ": " + resolved.error().message +
                            (extension.empty() ? "" : " (." + extension + ")"));
    }
    a.format = (*resolved)->name;
    const std::string& format = a.format;
    if (!t.size.empty() && widthOrHeightGiven)
        return invalidInput("--size and --width/--height both give the size: use one (--size 85x50mm)");
    if (!t.size.empty()) {
        Expected<FigureSize> size = parseFigureSize(t.size, "--size");
        if (!size) return size.error();
        figure.size = *size;
    } else if (widthOrHeightGiven) {
        // As before: pixels of a PNG, points of a PDF or SVG page.
        figure.size = FigureSize{static_cast<double>(a.solve.width), static_cast<double>(a.solve.height),
                                 format == "png" ? SizeUnit::Pixel : SizeUnit::Point};
    }
    if (!t.fontPoints.empty()) {
        Expected<double> points = parseNumber(t.fontPoints, "--font-pt");
        if (!points) return points.error();
        figure.fontPoints = *points;
    }
    if (t.titleGiven && t.noTitle) return invalidInput("--title and --no-title contradict each other: give one");
    if (t.titleGiven) figure.title = t.title;
    if (t.noTitle) figure.title = std::string();
    figure.header = !t.noHeader;
    if (!t.legend.empty()) {
        const std::optional<LegendPlacement> legend = legendPlacementFromName(t.legend);
        if (!legend) return invalidInput("--legend must be right, below or none, got '" + t.legend + "'");
        figure.legend = *legend;
    }
    if (!t.palette.empty()) {
        const std::optional<PaletteName> palette = paletteFromName(t.palette);
        if (!palette) return invalidInput("--palette must be default, colorblind or grey, got '" + t.palette + "'");
        figure.palette = *palette;
    }
    if (!t.timeAxis.empty()) {
        if (t.timeAxis != "shared" && t.timeAxis != "own")
            return invalidInput("--time-axis must be shared or own, got '" + t.timeAxis + "'");
        if (a.solvers.size() < 2 && a.results.size() < 2)
            return invalidInput("--time-axis is for a comparison (--solver or --result given several times)");
        figure.sharedTimeAxis = t.timeAxis == "shared";
    }
    figure.part = a.solve.part;
    figure.dotsPerInch = a.solve.dotsPerInch;
    if (figure.dotsPerInch != 0 && format != "png")
        return invalidInput("--dpi applies to PNG only (a PDF or SVG page is sized in points: --size 85x50mm)");
    if (std::optional<Error> problem = figureOptionsProblem(figure)) return problem;
    return std::nullopt;
}

}  // namespace

std::optional<int> parseExportCommand(const std::vector<std::string>& args, ExportArguments& a, std::ostream& out,
                                      std::ostream& err) {
    Command command("hetsched export: ", "Renders the chart the GUI shows for the solved instance, headless.");
    command.setHints("", "(one FILE only)");
    CLI::App& app = command.app();
    SolveFlagTexts texts;
    addSolveFlags(app, a.solve, texts, true);
    app.add_option("-s,--solver", a.solvers,
                   "the solver (default: the family's default); several times: the comparison of their runs")
        ->type_name("NAME")
        ->allow_extra_args(false);
    app.add_option("--result", a.results,
                   "a stored result of FILE (hetsched solve -o) to draw instead of solving; several times: a comparison")
        ->type_name("RESULT.json")
        ->allow_extra_args(false);
    addValueFlag(app, "--width", texts.width, "older: the width in pixels (PNG) or points (PDF, SVG), 100 to 20000",
                 "PIXELS");
    addValueFlag(app, "--height", texts.height, "older: the height in pixels (PNG) or points (PDF, SVG), 100 to 20000",
                 "PIXELS");
    addValueFlag(app, "--dpi", texts.dpi, "PNG only: its resolution (36 to 2400; 300 for a physical --size)", "DPI");
    addValueFlag(app, "--part", a.solve.part, "task graph results: export the gantt, the dag or both (default)", "PART");
    FigureFlagTexts figure;
    addValueFlag(app, "--size", figure.size, "the figure's size: 85x50mm, 8.5x5cm, 3.3x2in, 240x140pt, 1200x700px",
                 "WxH");
    addValueFlag(app, "--font-pt", figure.fontPoints, "the text size in points (6 to 72, default 8)", "N");
    CLI::Option* title = addValueFlag(app, "--title", figure.title, "the figure's title instead of the result's", "TEXT");
    app.add_flag("--no-title", figure.noTitle, "no title");
    app.add_flag("--no-header", figure.noHeader, "no metrics line over the chart");
    addValueFlag(app, "--legend", figure.legend, "where the legend goes: right (default), below or none", "WHERE");
    addValueFlag(app, "--palette", figure.palette, "the colours: default, colorblind or grey", "NAME");
    addValueFlag(app, "--time-axis", figure.timeAxis,
                 "a comparison's runs on one time axis (shared, default) or each on its own (own)", "AXIS");
    addValueFlag(app, "--format", figure.format,
                 "the format when the extension of -o does not say: " +
                     fileFormatNames(FormatDirection::Write,
                                     {FormatContent::Figure, FormatContent::Trace, FormatContent::Table}),
                 "F");
    app.footer(kExportUsage);
    if (args.empty()) {
        err << kExportUsage;
        return kExitUsage;
    }
    if (std::optional<int> code = command.parse(args, out, err)) return code;
    figure.titleGiven = title->count() > 0;
    a.solve.solver = a.solvers.empty() ? std::string() : a.solvers.front();
    std::optional<Error> problem = checkSolveFlags(a.solve, texts, true);
    if (!problem && !a.results.empty() && (!a.solvers.empty() || !a.solve.options.empty()))
        problem = invalidInput("--result and --solver/--option are exclusive (a stored result, or one solved now)");
    if (!problem) problem = checkFigureFlags(a, figure, !texts.width.empty() || !texts.height.empty());
    if (problem) {
        err << command.prefix() << problem->message << "\n";
        return kExitUsage;
    }
    return std::nullopt;
}

}  // namespace hetsched::cli
