// A Gantt chart as a TikZ picture for a paper, laid out for its physical size and font size: a standalone
// document of exactly that size, which also \input's into a paper as a tikzpicture.
#include <algorithm>
#include <cmath>

#include "export/palette.h"
#include "export/trace_detail.h"
#include "export/trace_writers.h"

namespace hetsched {

namespace {

using trace_detail::fixedNumber;
using trace_detail::latexEscape;

constexpr int kKindCount = static_cast<int>(IntervalKind::Other) + 1;

// A coordinate or length in PostScript points (the picture's unit, x=1bp), two decimals.
std::string bp(double value) { return fixedNumber(value, 2); }

// The code points of UTF-8 `text`, as byte offsets where each starts (and text.size() last).
std::vector<std::size_t> codePointStarts(const std::string& text) {
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) starts.push_back(i);
    starts.push_back(text.size());
    return starts;
}

// The width of `text` set at `fontPoints` in Latin Modern (the standalone document's font), from
// per-character widths in em, rounded up: what the layout reserves for lane labels, legend and ticks. Names in
// bars are measured by TeX itself when the document is compiled.
double textWidth(const std::string& text, double fontPoints, bool bold = false) {
    double em = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c & 0xc0) == 0x80) continue;   // a continuation byte
        if (c >= 0x80) em += 0.75;
        else if (c == ' ') em += 0.34;
        else if (std::string_view("iljtf.,;:'!|()[]`").find(static_cast<char>(c)) != std::string_view::npos) em += 0.3;
        else if (std::string_view("mwMW").find(static_cast<char>(c)) != std::string_view::npos) em += 0.85;
        else if (c >= 'A' && c <= 'Z') em += 0.74;
        else if (c == '_' || c == '~' || c == '^') em += 0.6;
        else em += 0.52;
    }
    // Latin Modern's small design sizes are wider per em (measured with pdflatex: "redistribution" is 1.23
    // times wider per em at 6 pt than at 10 pt, 1.06 times at 8 pt).
    const double designWidth = fontPoints >= 10 ? 1.0 : fontPoints >= 8 ? 1.0 + (10 - fontPoints) * 0.03
                                                                         : 1.06 + (8 - fontPoints) * 0.085;
    return em * fontPoints * designWidth * (bold ? 1.17 : 1.0) * 1.03;
}

// `text` cut so that it (with an ellipsis when cut) fits `width`; empty when not even one character fits.
std::string fitText(const std::string& text, double width, double fontPoints, bool bold = false) {
    if (textWidth(text, fontPoints, bold) <= width) return latexEscape(text);
    const std::vector<std::size_t> starts = codePointStarts(text);
    const double ellipsis = fontPoints;
    for (std::size_t n = starts.size() - 1; n-- > 1;) {
        const std::string head = text.substr(0, starts[n]);
        if (textWidth(head, fontPoints, bold) + ellipsis <= width) return latexEscape(head) + "\\ldots{}";
    }
    return "";
}

// A tick's value with at most `decimals` digits after the point and no trailing zeros: "0", "0.5", "1".
std::string tickLabel(double value, int decimals) {
    std::string text = fixedNumber(value, decimals);
    if (text.find('.') != std::string::npos) {
        text.erase(text.find_last_not_of('0') + 1);
        if (text.back() == '.') text.pop_back();
    }
    return text;
}

// A metric as a figure prints it, in text of one size (no superscript below the 6 pt floor): with its unit
// under an SI prefix ("52.5 Gflop/s"), without one to 4 digits ("0.1331", "5.25e10").
std::string quantityText(double value, const std::string& unit) {
    const auto compact = [](std::string text) {
        const std::size_t plus = text.find("e+");
        if (plus != std::string::npos) text.erase(plus + 1, 1);
        return text;
    };
    if (unit.empty() || value == 0 || !std::isfinite(value)) {
        const std::string number = compact(trace_detail::shortNumber(value, 4));
        return unit.empty() ? number : number + " " + unit;
    }
    static const char* const prefixes[] = {"p", "n", "\u00b5", "m", "", "k", "M", "G", "T", "P"};
    int group = static_cast<int>(std::floor(std::log10(std::abs(value)) / 3));
    group = std::clamp(group, -4, 5);
    const double scaled = value / std::pow(1000.0, group);
    return compact(trace_detail::shortNumber(scaled, 4)) + " " + prefixes[group + 4] + unit;
}

// The time axis: a step of 1, 2, 2.5 or 5 times a power of ten whose labels do not touch.
struct Ticks {
    double step = 1;
    int decimals = 0;
    std::vector<double> values;
    std::vector<std::string> labels;
};

Ticks niceTicks(double horizon, double axisWidth, double fontPoints) {
    Ticks ticks;
    const int firstExponent = static_cast<int>(std::floor(std::log10(horizon / 50)));
    for (int e = firstExponent; e < firstExponent + 30; ++e) {
        for (double m : {1.0, 2.0, 2.5, 5.0}) {
            const double step = m * std::pow(10.0, e);
            const int decimals = std::max(0, -e + (m == 2.5 ? 1 : 0));
            const auto count = static_cast<std::size_t>(std::floor(horizon / step * (1 + 1e-9))) + 1;
            if (count > 60) continue;
            Ticks candidate;
            candidate.step = step;
            candidate.decimals = decimals;
            double widest = 0;
            for (std::size_t k = 0; k < count; ++k) {
                candidate.values.push_back(static_cast<double>(k) * step);
                candidate.labels.push_back(tickLabel(static_cast<double>(k) * step, decimals));
                widest = std::max(widest, textWidth(candidate.labels.back(), fontPoints));
            }
            const double spacing = axisWidth * step / horizon;
            if (spacing >= widest + 1.2 * fontPoints || count <= 2) return candidate;
        }
    }
    ticks.values = {0, horizon};
    ticks.labels = {"0", trace_detail::shortNumber(horizon)};
    return ticks;
}

std::string kindName(IntervalKind kind) { return intervalKindName(kind); }

// The pattern declarations of the grey palette (pgf's own, so that a paper needs no TikZ library): declared
// once per document, whatever the number of figures.
std::string patternDeclarations() {
    const auto declare = [](const char* name, const char* cell, const char* path) {
        return std::string("\\ifcsname pgf@pattern@name@") + name + "\\endcsname\\else\\pgfdeclarepatternformonly{" + name +
               "}{\\pgfqpoint{-1pt}{-1pt}}{" + cell + "}{" + cell + "}{\\pgfsetlinewidth{0.45pt}" + path + "}\\fi\n";
    };
    std::string out;
    out += declare("hsPatternNE", "\\pgfqpoint{3pt}{3pt}",
                   "\\pgfpathmoveto{\\pgfqpoint{0pt}{0pt}}\\pgfpathlineto{\\pgfqpoint{3.1pt}{3.1pt}}\\pgfusepath{stroke}");
    out += declare("hsPatternNW", "\\pgfqpoint{3pt}{3pt}",
                   "\\pgfpathmoveto{\\pgfqpoint{0pt}{3pt}}\\pgfpathlineto{\\pgfqpoint{3.1pt}{-0.1pt}}\\pgfusepath{stroke}");
    out += declare("hsPatternCross", "\\pgfqpoint{3pt}{3pt}",
                   "\\pgfpathmoveto{\\pgfqpoint{0pt}{0pt}}\\pgfpathlineto{\\pgfqpoint{3.1pt}{3.1pt}}"
                   "\\pgfpathmoveto{\\pgfqpoint{0pt}{3pt}}\\pgfpathlineto{\\pgfqpoint{3.1pt}{-0.1pt}}\\pgfusepath{stroke}");
    out += declare("hsPatternDots", "\\pgfqpoint{2.5pt}{2.5pt}",
                   "\\pgfpathcircle{\\pgfqpoint{1.25pt}{1.25pt}}{0.45pt}\\pgfusepath{fill}");
    out += declare("hsPatternH", "\\pgfqpoint{3pt}{2.5pt}",
                   "\\pgfpathmoveto{\\pgfqpoint{0pt}{1.25pt}}\\pgfpathlineto{\\pgfqpoint{3.1pt}{1.25pt}}\\pgfusepath{stroke}");
    return out;
}

const char* patternName(int pattern) {
    switch (pattern) {
    case 1: return "hsPatternNE";
    case 2: return "hsPatternNW";
    case 3: return "hsPatternCross";
    case 4: return "hsPatternDots";
    case 5: return "hsPatternH";
    default: return nullptr;
    }
}

struct LegendEntry {
    IntervalKind kind;
    double width;   // swatch, gap and text
};

std::string sizeProblemText(const FigureSize& size, double fontPoints) {
    return "--size " + figureSizeText(size) + " with " + trace_detail::shortNumber(fontPoints) + " pt text (--font-pt)";
}

}  // namespace

Expected<std::string> writeTikzGantt(const ScheduleSet& set, const FigureOptions& options) {
    if (auto problem = figureOptionsProblem(options)) return *problem;
    if (auto problem = trace_detail::problemWithSet(set, "TikZ figure")) return *problem;
    if (options.part == "dag")
        return invalidInput("--part dag: the TikZ export draws the Gantt chart (--part gantt), not the task graph");
    const FigureSize size = options.size.value_or(FigureSize{85, 50, SizeUnit::Millimetre});
    const double W = size.widthPoints();
    const double H = size.heightPoints();
    const double f = options.fontPoints;
    const double lh = 1.2 * f;   // a line of text
    const bool grey = options.palette == PaletteName::Grey;
    const std::size_t runCount = set.runs.size();

    // Parts from the top: title, metrics header (one run), the runs' lanes, the time axis, a legend below.
    std::string title = options.title ? *options.title
                                      : (set.title.empty() && runCount == 1 ? set.runs.front().schedule.title : set.title);
    title = trace_detail::singleLine(title);
    int titleLines = 0;
    std::string titleTex;
    if (!title.empty()) {
        const double width = textWidth(title, f, true);
        titleLines = width <= W - 2 ? 1 : 2;
        titleTex = fitText(title, 2 * (W - 2) - 2 * f, f, true);
    }
    std::string headerTex;
    if (options.header && runCount == 1) {
        std::string line;
        for (const Metric& metric : set.runs.front().schedule.metrics) {
            const std::string plain = metric.name + " " + quantityText(metric.value, metric.unit);
            if (textWidth(line + ", " + plain, f) > W - 2) break;
            line += (line.empty() ? "" : ", ") + plain;
            headerTex += (headerTex.empty() ? "" : ", ") + latexEscape(plain);
        }
    }

    bool kindUsed[kKindCount] = {};
    // --time-axis own: each run of a comparison on its own axis, from 0 to its own end (its makespan marked).
    const bool ownAxes = !options.sharedTimeAxis && runCount > 1;
    double horizon = 0;
    std::vector<double> runHorizons;
    for (const ScheduleRun& run : set.runs) {
        for (const Lane& lane : run.schedule.lanes)
            for (const Interval& in : lane.intervals) kindUsed[static_cast<int>(in.kind)] = true;
        double own = run.schedule.endTime();
        for (const Marker& marker : run.schedule.markers) own = std::max(own, marker.time);
        runHorizons.push_back(own > 0 ? own : 1);
        horizon = std::max(horizon, own);
    }
    if (horizon <= 0) horizon = 1;
    if (!ownAxes) std::fill(runHorizons.begin(), runHorizons.end(), horizon);
    std::vector<LegendEntry> legend;
    for (int k = 0; k < kKindCount; ++k)
        if (kindUsed[k]) legend.push_back({static_cast<IntervalKind>(k), 0.75 * f + 0.35 * f + textWidth(kindName(static_cast<IntervalKind>(k)), f)});
    // One kind needs no legend: the figure's colours then say nothing the caption does not.
    LegendPlacement legendPlacement = legend.size() < 2 ? LegendPlacement::None : options.legend;

    const double topReserved = titleLines * lh + (headerTex.empty() ? 0 : lh) + (titleLines || !headerTex.empty() ? 0.3 * f : 0);
    const double tickLength = 0.35 * f;
    const double axisReserved = tickLength + 0.15 * f + lh + lh;   // ticks, their labels, the axis title
    // A legend below: entries packed in rows across the width.
    std::vector<std::vector<std::size_t>> legendRows;
    const auto packLegendRows = [&] {
        legendRows.clear();
        double x = 0;
        for (std::size_t e = 0; e < legend.size(); ++e) {
            if (legendRows.empty() || x + legend[e].width > W) {
                legendRows.emplace_back();
                x = 0;
            }
            legendRows.back().push_back(e);
            x += legend[e].width + f;
        }
    };
    double legendWidth = 0;
    if (legendPlacement == LegendPlacement::Right) {
        for (const LegendEntry& e : legend) legendWidth = std::max(legendWidth, e.width);
        legendWidth += 1.2 * f;   // a gap before, a margin after
        if (static_cast<double>(legend.size()) * lh > H - topReserved - axisReserved || legendWidth > 0.35 * W)
            legendPlacement = LegendPlacement::Below;   // too many entries or too wide beside the lanes
    }
    if (legendPlacement == LegendPlacement::Below) packLegendRows();
    const double legendBelowHeight = legendPlacement == LegendPlacement::Below ? static_cast<double>(legendRows.size()) * lh + 0.3 * f : 0;
    const double legendRightWidth = legendPlacement == LegendPlacement::Right ? legendWidth : 0;

    // A row above the lanes names the markers (the makespan, a guess, a bound) drawn as vertical lines; in a
    // comparison each run's are its own, and its name row says its makespan.
    bool anyMarker = false;
    if (runCount == 1)
        for (const Marker& marker : set.runs.front().schedule.markers) anyMarker = anyMarker || !marker.name.empty();
    const double markerRowHeight = anyMarker ? lh : 0;
    const double plotTop = H - topReserved - markerRowHeight;
    const double axisY = legendBelowHeight + axisReserved;
    const double laneArea = plotTop - axisY;

    // Rows: each run's lanes category by category (a run's categories apart by a gap), runs under a name row.
    struct RunRows {
        std::vector<trace_detail::CategoryLanes> categories;
        std::vector<trace_detail::LaneSpan> spans;
    };
    std::vector<RunRows> rows;
    std::size_t laneCount = 0;
    std::size_t categoryGaps = 0;
    for (const ScheduleRun& run : set.runs) {
        rows.push_back({trace_detail::lanesByCategory(run.schedule), trace_detail::laneSpans(run.schedule)});
        laneCount += run.schedule.lanes.size();
        if (!rows.back().categories.empty()) categoryGaps += rows.back().categories.size() - 1;
    }
    const double runHeaderHeight = runCount > 1 ? lh : 0;
    const double runGap = 0.35 * f;
    double categoryGap = 0.3 * f;
    // With own axes every run but the last has its ticks and their labels under its lanes (the last has the
    // figure's axis, with its title).
    const double runAxisHeight = ownAxes ? tickLength + 0.15 * f + lh : 0;
    const double fixedHeight = static_cast<double>(runCount) * runHeaderHeight +
                               static_cast<double>(runCount - 1) * (runGap + runAxisHeight);
    double laneHeight = (laneArea - fixedHeight - static_cast<double>(categoryGaps) * categoryGap) /
                        static_cast<double>(std::max<std::size_t>(laneCount, 1));
    if (laneHeight < 0.6) {   // many lanes: no gaps between categories rather than hairline lanes
        categoryGap = 0;
        laneHeight = (laneArea - fixedHeight) / static_cast<double>(std::max<std::size_t>(laneCount, 1));
    }
    constexpr double kMinLaneHeight = 0.2;   // a lane thinner than this prints as nothing
    if (laneArea < lh || laneHeight < kMinLaneHeight) {
        const double needed = fixedHeight + static_cast<double>(laneCount) * kMinLaneHeight + topReserved + axisReserved + legendBelowHeight;
        return invalidInput(sizeProblemText(size, f) + " leaves " + trace_detail::shortNumber(std::max(0.0, laneArea), 3) +
                            " pt of height for " + std::to_string(laneCount) + " lanes" +
                            (runCount > 1 ? " of " + std::to_string(runCount) + " runs" : "") + ": at least " +
                            trace_detail::shortNumber(std::max(needed, H + lh), 3) +
                            " pt are needed; make the figure taller, the text smaller (at least 6 pt), or leave out the "
                            "title (--no-title), the header (--no-header) or the legend (--legend none or right)");
    }

    // Labels left of the lanes: every lane's name while they fit; every k-th (k <= 4) when they crowd, each
    // category's first lane first; beyond that one label per category (its name and lane count). A label that
    // would touch one already placed is left out.
    const std::size_t labelStep = static_cast<std::size_t>(std::ceil(0.95 * lh / laneHeight - 1e-9));
    const bool groupedLabels = labelStep > 4;
    struct LeftLabel {
        double y;
        std::string text;
        bool first;   // a category's first lane or the category itself: placed before the others
    };
    const double maxLabelWidth = 0.3 * W;
    struct PlacedRun {
        double top = 0;      // below its name row
        double bottom = 0;
        std::vector<double> laneTop;   // per lane of the schedule
    };
    std::vector<PlacedRun> placed(runCount);
    std::vector<LeftLabel> candidates;
    {
        double y = plotTop;
        for (std::size_t r = 0; r < runCount; ++r) {
            if (r > 0) y -= runGap;
            y -= runHeaderHeight;
            placed[r].top = y;
            placed[r].laneTop.assign(set.runs[r].schedule.lanes.size(), y);
            for (std::size_t c = 0; c < rows[r].categories.size(); ++c) {
                if (c > 0) y -= categoryGap;
                const trace_detail::CategoryLanes& category = rows[r].categories[c];
                const double categoryTop = y;
                for (std::size_t k = 0; k < category.lanes.size(); ++k) {
                    const std::size_t l = category.lanes[k];
                    placed[r].laneTop[l] = y;
                    if (!groupedLabels && k % labelStep == 0)
                        candidates.push_back({y - laneHeight / 2, set.runs[r].schedule.lanes[l].name, k == 0});
                    y -= laneHeight;
                }
                if (groupedLabels)
                    candidates.push_back({(categoryTop + y) / 2, category.name + " (" + std::to_string(category.lanes.size()) + ")", true});
            }
            placed[r].bottom = y;
            if (r + 1 < runCount) y -= runAxisHeight;
        }
    }
    // A label stays within its run's lanes (not over the run's name), moved in from the edge where need be.
    for (LeftLabel& candidate : candidates)
        for (const PlacedRun& p : placed)
            if (candidate.y <= p.top && candidate.y >= p.bottom && p.top - p.bottom >= lh)
                candidate.y = std::clamp(candidate.y, p.bottom + lh / 2, p.top - lh / 2);
    std::vector<LeftLabel> labels;
    for (bool firstPass : {true, false})
        for (const LeftLabel& candidate : candidates) {
            if (candidate.first != firstPass) continue;
            const bool touches = std::any_of(labels.begin(), labels.end(),
                                             [&](const LeftLabel& placedLabel) { return std::abs(placedLabel.y - candidate.y) < 0.95 * lh; });
            if (!touches) labels.push_back(candidate);
        }
    double widestLabel = 0;
    for (const LeftLabel& label : labels) widestLabel = std::max(widestLabel, std::min(maxLabelWidth, textWidth(label.text, f)));
    const double plotLeft = widestLabel + 0.5 * f;

    const double axisTitleGuess = textWidth("0.0", f);
    double plotRight = W - legendRightWidth - std::max(0.5 * axisTitleGuess, 1.0);
    double plotWidth = plotRight - plotLeft;
    if (plotWidth < 6 * f) {
        return invalidInput(sizeProblemText(size, f) + " leaves " + trace_detail::shortNumber(std::max(0.0, plotWidth), 3) +
                            " pt of width for the time axis beside the lane labels" +
                            (legendRightWidth > 0 ? " and the legend" : "") + ": at least " +
                            trace_detail::shortNumber(W - plotWidth + 6 * f, 3) +
                            " pt are needed; make the figure wider, the text smaller (at least 6 pt), or put the legend "
                            "below (--legend below)");
    }
    // The last tick's label is centred on its tick: keep it inside the page (on every run's axis).
    for (const double own : runHorizons) {
        const Ticks first = niceTicks(own, plotWidth, f);
        const double lastLabelHalf = textWidth(first.labels.back(), f) / 2;
        const double lastTickX = plotLeft + first.values.back() / own * plotWidth;
        if (lastTickX + lastLabelHalf > W - legendRightWidth) {
            plotRight -= lastTickX + lastLabelHalf - (W - legendRightWidth);
            plotWidth = plotRight - plotLeft;
        }
    }
    std::vector<Ticks> runTicks;
    for (const double own : runHorizons) runTicks.push_back(niceTicks(own, plotWidth, f));
    const Ticks& ticks = runTicks.back();
    // The x of time t on run r's axis (the one axis when it is shared).
    std::size_t axisRun = runCount - 1;
    const auto xOf = [&](double t) { return plotLeft + t / runHorizons[axisRun] * plotWidth; };

    // The document.
    const std::string fontSize = "\\fontsize{" + trace_detail::shortNumber(f) + "}{" + trace_detail::shortNumber(lh) + "}\\selectfont";
    std::string out;
    out += "% A Gantt chart written by HetSched (TikZ): " + figureSizeText(size) + ", " + trace_detail::shortNumber(f) +
           " pt text, palette " + paletteName(options.palette) + ".\n";
    out += "% Alone: `pdflatex THIS.tex` gives a PDF page of exactly that size (the standalone class).\n"
           "% In a paper: \\usepackage{tikz} in the preamble, then\n"
           "%   \\begin{figure}\\centering\\input{THIS.tex}\\caption{...}\\end{figure}\n"
           "% (with \\usepackage{standalone} in the paper, \\input and \\includestandalone work too). Its text is set\n"
           "% at that size in the paper's font; names are drawn only in bars where TeX measures that they fit.\n";
    out += "\\expandafter\\ifx\\csname @twoclasseserror\\endcsname\\documentclass\\else\n"
           "  \\expandafter\\def\\csname hsEndStandaloneFigure\\endcsname{\\end{document}}%\n"
           "  \\documentclass[border=0pt]{standalone}\n"
           "  \\usepackage[T1]{fontenc}\\usepackage{lmodern}% scalable, and copied text keeps _ < > | \" ~ ^\n"
           "  \\usepackage{tikz}\n"
           "  \\begin{document}\n"
           "\\fi\n";
    out += "\\begin{tikzpicture}[x=1bp,y=1bp,font=" + fontSize + ",inner sep=0pt,\n"
           "  hsbar/.style={draw=white,line width=0.3bp},hsframe/.style={draw=black!35,line width=0.3bp},\n"
           "  hsaxis/.style={draw=black,line width=0.4bp},hsmarker/.style={draw=black!70,line width=0.5bp}]\n";
    out += "\\def\\hsfont{" + fontSize + "}%\n";
    // \hsname{x}{y}{room}{kind}{text}: the text centred at (x, y) in the kind's text colour, only where TeX
    // measures that it fits the room (bp) in the font it will be set in (the paper's, once \input).
    out += "\\def\\hsname#1#2#3#4#5{\\pgfinterruptpicture\\global\\setbox1=\\hbox{\\hsfont #5}\\endpgfinterruptpicture"
           "\\ifdim\\wd1<#3bp\\relax\\node[text=hsText#4" +
           std::string(grey ? ",fill=hsKind#4,inner sep=0.5bp" : "") + "] at (#1,#2) {#5};\\fi}%\n";
    if (grey) {
        out += patternDeclarations();
        out += "\\def\\hspattern#1#2#3#4#5#6{\\begin{pgfscope}\\pgfsetfillpattern{#1}{#2}\\pgfpathrectangle{\\pgfqpoint{#3bp}{#4bp}}"
               "{\\pgfqpoint{#5bp}{#6bp}}\\pgfusepath{fill}\\end{pgfscope}}%\n";
    }
    for (int k = 0; k < kKindCount; ++k) {
        if (!kindUsed[k]) continue;
        const auto kind = static_cast<IntervalKind>(k);
        const Rgb fill = intervalKindRgb(kind, options.palette);
        out += "\\definecolor{hsKind" + kindName(kind) + "}{HTML}{" + fill.hex() + "}\\definecolor{hsText" + kindName(kind) +
               "}{HTML}{" + textRgbOn(fill).hex() + "}%\n";
    }
    out += "\\path[use as bounding box] (0,0) rectangle (" + bp(W) + "," + bp(H) + ");\n";

    // A bar; an outline parts neighbouring bars where there is room for one (idle bars, pale, get a grey one).
    const auto bar = [&](IntervalKind kind, double x1, double y1, double x2, double y2, bool swatch = false) {
        const bool outlined = swatch || (x2 - x1 >= 1.5 && y2 - y1 >= 1.5);
        const char* outline = swatch || kind == IntervalKind::Idle ? ",hsframe" : ",hsbar";
        std::string text = "\\fill[hsKind" + kindName(kind) + (outlined ? outline : "") + "] (" + bp(x1) + "," + bp(y1) +
                           ") rectangle (" + bp(x2) + "," + bp(y2) + ");\n";
        if (grey)
            if (const char* pattern = patternName(greyPatternOf(kind)))
                text += std::string("\\hspattern{") + pattern + "}{hsText" + kindName(kind) + "}{" + bp(x1) + "}{" + bp(y1) +
                        "}{" + bp(x2 - x1) + "}{" + bp(y2 - y1) + "}\n";
        return text;
    };

    if (!titleTex.empty())
        out += "\\node[anchor=north,align=center,text width=" + bp(W - 2) + "bp,font=\\hsfont\\bfseries] at (" + bp(W / 2) +
               "," + bp(H) + ") {" + titleTex + "};\n";
    if (!headerTex.empty())
        out += "\\node[anchor=north] at (" + bp(W / 2) + "," + bp(H - titleLines * lh) + ") {" + headerTex + "};\n";

    for (const LeftLabel& label : labels)
        out += "\\node[anchor=west] at (0," + bp(label.y) + ") {" + fitText(label.text, maxLabelWidth, f) + "};\n";

    for (std::size_t r = 0; r < runCount; ++r) {
        const ScheduleRun& run = set.runs[r];
        const PlacedRun& p = placed[r];
        axisRun = r;
        if (runCount > 1) {
            std::string name = run.name;
            if (run.schedule.intervalCount() == 0) {
                name += " (no intervals)";
            } else if (options.header && !run.schedule.metrics.empty()) {
                const Metric& m = run.schedule.metrics.front();
                name += " (" + m.name + " " + quantityText(m.value, m.unit) + ")";
            }
            out += "\\node[anchor=west,font=\\hsfont\\bfseries] at (0," + bp(p.top + runHeaderHeight / 2) + ") {" +
                   fitText(name, W - legendRightWidth - 0.5 * f, f, true) + "};\n";
        }
        // A frame around each category's lanes, then the bars, then the names over them.
        for (const trace_detail::CategoryLanes& category : rows[r].categories) {
            const double top = p.laneTop[category.lanes.front()];
            const double bottom = p.laneTop[category.lanes.back()] - laneHeight;
            out += "\\draw[hsframe] (" + bp(plotLeft) + "," + bp(bottom) + ") rectangle (" + bp(plotRight) + "," + bp(top) + ");\n";
        }
        const double pad = laneHeight >= 3 ? 0.12 * laneHeight : 0;
        std::string names;
        for (const trace_detail::LaneSpan& span : rows[r].spans) {
            const Interval& in = *span.interval;
            double x1 = xOf(in.start);
            double x2 = xOf(in.end);
            if (x2 - x1 < 0.25) {   // an instant: a hairline, still visible
                x1 -= 0.125;
                x2 += 0.125;
            }
            const double y2 = p.laneTop[span.firstLane] - pad;
            const double y1 = p.laneTop[span.lastLane] - laneHeight + pad;
            out += bar(in.kind, x1, y1, x2, y2);
            const double room = x2 - x1 - (grey ? 2.0 : 1.5);
            if (!in.label.empty() && y2 - y1 >= 0.95 * f && room >= 0.6 * textWidth(in.label, f) && room > 0.5 * f)
                names += "\\hsname{" + bp((x1 + x2) / 2) + "}{" + bp((y1 + y2) / 2) + "}{" + bp(room) + "}{" + kindName(in.kind) +
                         "}{" + latexEscape(in.label) + "}\n";
        }
        out += names;
        for (const Marker& marker : run.schedule.markers)
            out += "\\draw[hsmarker" + std::string(marker.dashed ? ",dashed" : "") + "] (" + bp(xOf(marker.time)) + "," +
                   bp(p.bottom) + ") -- (" + bp(xOf(marker.time)) + "," + bp(p.top) + ");\n";
        if (ownAxes && r + 1 < runCount) {
            out += "% the time axis of run " + std::to_string(r + 1) + "\n";
            out += "\\draw[hsaxis] (" + bp(plotLeft) + "," + bp(p.bottom) + ") -- (" + bp(plotRight) + "," + bp(p.bottom) + ");\n";
            for (std::size_t k = 0; k < runTicks[r].values.size(); ++k) {
                const double x = xOf(runTicks[r].values[k]);
                out += "\\draw[hsaxis] (" + bp(x) + "," + bp(p.bottom) + ") -- (" + bp(x) + "," + bp(p.bottom - tickLength) + ");\n";
                out += "\\node[anchor=north] at (" + bp(x) + "," + bp(p.bottom - tickLength - 0.15 * f) + ") {" +
                       runTicks[r].labels[k] + "};\n";
            }
        }
    }
    axisRun = runCount - 1;

    // The markers' names above the lanes, left to right, each where it does not touch the previous one.
    if (anyMarker) {
        std::vector<std::pair<double, std::string>> names;
        for (const ScheduleRun& run : set.runs)
            for (const Marker& marker : run.schedule.markers) {
                const bool known = std::any_of(names.begin(), names.end(),
                                               [&](const auto& n) { return n.first == marker.time && n.second == marker.name; });
                if (!known && !marker.name.empty()) names.emplace_back(marker.time, marker.name);
            }
        std::stable_sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        double freeFrom = plotLeft - 0.5 * f;
        for (const auto& [time, name] : names) {
            const double width = textWidth(name, f);
            double left = std::min(xOf(time) - width / 2, W - legendRightWidth - width);
            left = std::max(left, 0.0);
            if (left < freeFrom) continue;
            out += "\\node[anchor=west] at (" + bp(left) + "," + bp(plotTop + markerRowHeight / 2) + ") {" + latexEscape(name) + "};\n";
            freeFrom = left + width + 0.6 * f;
        }
    }

    // The time axis under the last run.
    if (ownAxes) out += "% the time axis of run " + std::to_string(runCount) + "\n";
    out += "\\draw[hsaxis] (" + bp(plotLeft) + "," + bp(axisY) + ") -- (" + bp(plotRight) + "," + bp(axisY) + ");\n";
    for (std::size_t k = 0; k < ticks.values.size(); ++k) {
        const double x = xOf(ticks.values[k]);
        out += "\\draw[hsaxis] (" + bp(x) + "," + bp(axisY) + ") -- (" + bp(x) + "," + bp(axisY - tickLength) + ");\n";
        out += "\\node[anchor=north] at (" + bp(x) + "," + bp(axisY - tickLength - 0.15 * f) + ") {" + ticks.labels[k] + "};\n";
    }
    const std::string unit = trace_detail::sharedTimeUnit(set);
    out += "\\node[anchor=north] at (" + bp((plotLeft + plotRight) / 2) + "," + bp(axisY - tickLength - 0.15 * f - lh) + ") {" +
           latexEscape(unit.empty() ? "time" : "time (" + unit + ")") + "};\n";

    // The legend: a swatch per kind of interval drawn.
    const double swatch = 0.75 * f;
    const auto legendEntry = [&](const LegendEntry& e, double x, double yCentre) {
        return bar(e.kind, x, yCentre - swatch / 2, x + swatch, yCentre + swatch / 2, true) + "\\node[anchor=west] at (" +
               bp(x + swatch + 0.35 * f) + "," + bp(yCentre) + ") {" + kindName(e.kind) + "};\n";
    };
    if (legendPlacement == LegendPlacement::Right) {
        double y = plotTop - lh / 2;
        for (const LegendEntry& e : legend) {
            out += legendEntry(e, W - legendRightWidth + 0.8 * f, y);
            y -= lh;
        }
    } else if (legendPlacement == LegendPlacement::Below) {
        double y = legendBelowHeight - 0.3 * f - lh / 2;
        for (const std::vector<std::size_t>& row : legendRows) {
            double rowWidth = 0;
            for (std::size_t e : row) rowWidth += legend[e].width + f;
            double x = std::max(0.0, (W - (rowWidth - f)) / 2);
            for (std::size_t e : row) {
                out += legendEntry(legend[e], x, y);
                x += legend[e].width + f;
            }
            y -= lh;
        }
    }
    out += "\\end{tikzpicture}%\n\\csname hsEndStandaloneFigure\\endcsname\n";
    return out;
}

}  // namespace hetsched
