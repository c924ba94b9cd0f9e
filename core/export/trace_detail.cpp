#include "export/trace_detail.h"

#include <charconv>
#include <cmath>
#include <map>
#include <tuple>
#include <utility>

#include "common/number_format.h"

namespace hetsched::trace_detail {

namespace {

std::string quoted(const std::string& name) { return "'" + name + "'"; }

std::optional<std::string> timeProblem(double value, const char* which) {
    if (std::isnan(value)) return std::string(which) + " is NaN";
    if (!std::isfinite(value)) return std::string(which) + " is infinite";
    if (value < 0) return std::string(which) + " is negative (" + formatShortest(value) + ")";
    return std::nullopt;
}

// One code point of UTF-8 `text` at `i` (advanced past it); U+FFFD for a malformed sequence.
char32_t nextCodePoint(const std::string& text, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    int length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xe ? 3 : (lead >> 3) == 0x1e ? 4 : 0;
    if (length == 0 || i + static_cast<std::size_t>(length) > text.size()) {
        ++i;
        return 0xfffd;
    }
    char32_t code = length == 1 ? lead : lead & (0x7f >> length);
    for (int k = 1; k < length; ++k) {
        if ((byte(i + static_cast<std::size_t>(k)) & 0xc0) != 0x80) {
            ++i;
            return 0xfffd;
        }
        code = (code << 6) | (byte(i + static_cast<std::size_t>(k)) & 0x3f);
    }
    i += static_cast<std::size_t>(length);
    return code;
}

void appendUtf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xc0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xe0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (c & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (c & 0x3f));
    }
}

// Latin letters inputenc maps to commands the OT1 encoding lacks (measured with pdflatex): their base letters.
const char* latinFallback(char32_t c) {
    switch (c) {
    case 0xab: return "\\ensuremath{\\ll}";
    case 0xbb: return "\\ensuremath{\\gg}";
    case 0xd0: case 0x110: return "D";
    case 0xf0: case 0x111: return "d";
    case 0xde: return "Th";
    case 0xfe: return "th";
    case 0x14a: return "N";
    case 0x14b: return "n";
    case 0x104: return "A";
    case 0x105: return "a";
    case 0x118: return "E";
    case 0x119: return "e";
    case 0x12e: return "I";
    case 0x12f: return "i";
    case 0x172: return "U";
    case 0x173: return "u";
    case 0x126: return "H";
    case 0x127: return "h";
    case 0x138: return "k";
    case 0x13f: return "L";
    case 0x140: return "l";
    case 0x149: return "'n";
    case 0x166: return "T";
    case 0x167: return "t";
    case 0x17f: return "s";
    default: return nullptr;
    }
}

// Symbols beyond Latin-1 that schedules' names use (the dag family's "→ t3"): LaTeX for them.
const char* latexSymbol(char32_t c) {
    static const std::pair<char32_t, const char*> symbols[] = {
        {0x2192, "\\ensuremath{\\rightarrow}"}, {0x2190, "\\ensuremath{\\leftarrow}"},
        {0x2194, "\\ensuremath{\\leftrightarrow}"}, {0x21d2, "\\ensuremath{\\Rightarrow}"},
        {0x2264, "\\ensuremath{\\leq}"}, {0x2265, "\\ensuremath{\\geq}"}, {0x2260, "\\ensuremath{\\neq}"},
        {0x2248, "\\ensuremath{\\approx}"}, {0x221e, "\\ensuremath{\\infty}"}, {0x2211, "\\ensuremath{\\sum}"},
        {0x2212, "\\ensuremath{-}"}, {0x2013, "--"}, {0x2014, "---"}, {0x2018, "`"}, {0x2019, "'"},
        {0x201c, "``"}, {0x201d, "''"}, {0x2026, "\\ldots{}"}, {0x2022, "\\ensuremath{\\bullet}"},
        {0x22c5, "\\ensuremath{\\cdot}"}, {0x2032, "\\ensuremath{'}"},
        {0x3b1, "\\ensuremath{\\alpha}"}, {0x3b2, "\\ensuremath{\\beta}"}, {0x3b3, "\\ensuremath{\\gamma}"},
        {0x3b4, "\\ensuremath{\\delta}"}, {0x3b5, "\\ensuremath{\\epsilon}"}, {0x3b6, "\\ensuremath{\\zeta}"},
        {0x3b7, "\\ensuremath{\\eta}"}, {0x3b8, "\\ensuremath{\\theta}"}, {0x3b9, "\\ensuremath{\\iota}"},
        {0x3ba, "\\ensuremath{\\kappa}"}, {0x3bb, "\\ensuremath{\\lambda}"}, {0x3bc, "\\ensuremath{\\mu}"},
        {0x3bd, "\\ensuremath{\\nu}"}, {0x3be, "\\ensuremath{\\xi}"}, {0x3c0, "\\ensuremath{\\pi}"},
        {0x3c1, "\\ensuremath{\\rho}"}, {0x3c3, "\\ensuremath{\\sigma}"}, {0x3c4, "\\ensuremath{\\tau}"},
        {0x3c5, "\\ensuremath{\\upsilon}"}, {0x3c6, "\\ensuremath{\\phi}"}, {0x3c7, "\\ensuremath{\\chi}"},
        {0x3c8, "\\ensuremath{\\psi}"}, {0x3c9, "\\ensuremath{\\omega}"}, {0x393, "\\ensuremath{\\Gamma}"},
        {0x394, "\\ensuremath{\\Delta}"}, {0x398, "\\ensuremath{\\Theta}"}, {0x39b, "\\ensuremath{\\Lambda}"},
        {0x3a0, "\\ensuremath{\\Pi}"}, {0x3a3, "\\ensuremath{\\Sigma}"}, {0x3a6, "\\ensuremath{\\Phi}"},
        {0x3a9, "\\ensuremath{\\Omega}"}};
    for (const auto& [code, latex] : symbols)
        if (code == c) return latex;
    return nullptr;
}

}  // namespace

std::string latexEscape(const std::string& text) {
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const char32_t c = nextCodePoint(text, i);
        if (c < 0x80) {
            switch (c) {
            case '\\': out += "\\textbackslash{}"; break;
            case '{': out += "\\{"; break;
            case '}': out += "\\}"; break;
            case '$': out += "\\$"; break;
            case '&': out += "\\&"; break;
            case '#': out += "\\#"; break;
            case '%': out += "\\%"; break;
            case '_': out += "\\_"; break;
            case '^': out += "\\textasciicircum{}"; break;
            case '~': out += "\\textasciitilde{}"; break;
            case '<': out += "\\textless{}"; break;
            case '>': out += "\\textgreater{}"; break;
            case '|': out += "\\textbar{}"; break;
            case '"': out += "''"; break;
            case '-': out += "-{}"; break;   // never a ligature: "--" stays two hyphens
            default: out += c < 0x20 || c == 0x7f ? ' ' : static_cast<char>(c);
            }
        } else if (c == 0xa0) {
            out += '~';
        } else if (const char* fallback = latinFallback(c)) {
            out += fallback;
        } else if (c == 0xd7) {
            out += "\\ensuremath{\\times}";
        } else if (c == 0xf7) {
            out += "\\ensuremath{\\div}";
        } else if (c == 0xb5) {
            out += "\\ensuremath{\\mu}";
        } else if (c > 0xa0 && c < 0x180) {
            appendUtf8(out, c);   // Latin-1 and Latin Extended-A: utf8 inputenc sets them
        } else if (const char* symbol = latexSymbol(c)) {
            out += symbol;
        } else {
            out += '?';
        }
    }
    return out;
}

std::string validUtf8(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) appendUtf8(out, nextCodePoint(text, i));
    return out;
}

std::string singleLine(const std::string& text) {
    std::string out = validUtf8(text);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return out;
}

std::string xmlEscape(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char ch : validUtf8(text)) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default: out += c < 0x20 ? ' ' : ch;   // XML 1.0 has no control characters
        }
    }
    return out;
}

std::optional<Error> problemWithSet(const ScheduleSet& set, const std::string& format, bool intervalsNeeded) {
    if (set.runs.empty()) return invalidInput("nothing to write as " + format + ": no schedule was given");
    std::size_t intervals = 0;
    for (const ScheduleRun& run : set.runs) {
        for (const Lane& lane : run.schedule.lanes) {
            for (std::size_t k = 0; k < lane.intervals.size(); ++k) {
                const Interval& in = lane.intervals[k];
                std::optional<std::string> problem = timeProblem(in.start, "its start");
                if (!problem) problem = timeProblem(in.end, "its end");
                if (!problem && in.end < in.start)
                    problem = "it ends (" + formatShortest(in.end) + ") before it starts (" + formatShortest(in.start) + ")";
                if (problem)
                    return invalidInput("cannot write " + format + ": run " + quoted(run.name) + ", lane " +
                                        quoted(lane.name) + ", interval " + std::to_string(k + 1) +
                                        (in.label.empty() ? "" : " (" + in.label + ")") + ": " + *problem);
            }
            intervals += lane.intervals.size();
        }
        for (const Marker& marker : run.schedule.markers)
            if (const auto problem = timeProblem(marker.time, "its time"))
                return invalidInput("cannot write " + format + ": run " + quoted(run.name) + ", marker " +
                                    quoted(marker.name) + ": " + *problem);
    }
    if (intervals == 0 && intervalsNeeded) {
        std::string names;
        for (const ScheduleRun& run : set.runs) names += (names.empty() ? "" : ", ") + quoted(run.name);
        return invalidInput("nothing to write as " + format + ": the schedule" +
                            (set.runs.size() > 1 ? "s of runs " : " of run ") + names +
                            " hold no interval (an infeasible or empty result)");
    }
    return std::nullopt;
}

std::string exactNumber(double value) {
    if (value == 0) return "0";   // never "-0"
    return formatShortest(value);
}

std::string fixedNumber(double value, int decimals) {
    char buffer[64];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    if (error != std::errc()) return "0";
    std::string text(buffer, end);
    if (text.find_first_not_of("-0.") == std::string::npos) return decimals > 0 ? "0." + std::string(decimals, '0') : "0";
    return text;
}

std::string shortNumber(double value, int significant) {
    if (value == 0) return "0";
    char buffer[64];
    const auto [end, error] =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, significant);
    return error == std::errc() ? std::string(buffer, end) : formatShortest(value);
}

std::string latexNumber(double value, int significant) {
    if (std::isnan(value)) return "--";
    if (std::isinf(value)) return value > 0 ? "$\\infty$" : "$-\\infty$";
    const std::string text = shortNumber(value, significant);
    const std::size_t e = text.find('e');
    if (e == std::string::npos) return text;
    const int exponent = std::stoi(text.substr(e + 1));
    const std::string mantissa = text.substr(0, e);
    std::string latex = "$";
    if (mantissa != "1") latex.append(mantissa).append("\\times ");
    return latex.append("10^{").append(std::to_string(exponent)).append("}$");
}

std::string categoryName(const std::string& category) { return category.empty() ? "lanes" : category; }

std::vector<CategoryLanes> lanesByCategory(const Schedule& schedule) {
    std::vector<CategoryLanes> categories;
    std::map<std::string, std::size_t> index;
    for (std::size_t l = 0; l < schedule.lanes.size(); ++l) {
        const std::string name = categoryName(schedule.lanes[l].category);
        const auto [it, inserted] = index.emplace(name, categories.size());
        if (inserted) categories.push_back({name, {}});
        categories[it->second].lanes.push_back(l);
    }
    return categories;
}

bool sameTaskInterval(const Interval& a, const Interval& b) {
    return a.taskId >= 0 && a.taskId == b.taskId && a.kind == b.kind && a.start == b.start && a.end == b.end &&
           a.label == b.label;
}

std::vector<LaneSpan> laneSpans(const Schedule& schedule) {
    // Per lane, its task intervals by (task, kind, start, end): where the next lane's copy of a task is.
    using Key = std::tuple<int, int, double, double>;
    const auto keyOf = [](const Interval& in) { return Key{in.taskId, static_cast<int>(in.kind), in.start, in.end}; };
    const std::size_t laneCount = schedule.lanes.size();
    std::vector<std::multimap<Key, std::size_t>> byKey(laneCount);
    std::vector<std::vector<bool>> taken(laneCount);
    for (std::size_t l = 0; l < laneCount; ++l) {
        const Lane& lane = schedule.lanes[l];
        taken[l].assign(lane.intervals.size(), false);
        for (std::size_t k = 0; k < lane.intervals.size(); ++k)
            if (lane.intervals[k].taskId >= 0) byKey[l].emplace(keyOf(lane.intervals[k]), k);
    }
    const auto copyOn = [&](std::size_t l, const Interval& in) -> std::optional<std::size_t> {
        const auto [first, last] = byKey[l].equal_range(keyOf(in));
        for (auto it = first; it != last; ++it)
            if (!taken[l][it->second] && sameTaskInterval(schedule.lanes[l].intervals[it->second], in)) return it->second;
        return std::nullopt;
    };
    std::vector<LaneSpan> spans;
    for (std::size_t l = 0; l < laneCount; ++l) {
        const Lane& lane = schedule.lanes[l];
        for (std::size_t k = 0; k < lane.intervals.size(); ++k) {
            if (taken[l][k]) continue;
            taken[l][k] = true;
            const Interval& in = lane.intervals[k];
            std::size_t last = l;
            if (in.taskId >= 0) {
                while (last + 1 < laneCount && schedule.lanes[last + 1].category == lane.category) {
                    const std::optional<std::size_t> copy = copyOn(last + 1, in);
                    if (!copy) break;
                    taken[last + 1][*copy] = true;
                    ++last;
                }
            }
            spans.push_back({l, last, &in});
        }
    }
    return spans;
}

std::string sharedTimeUnit(const ScheduleSet& set) {
    if (set.runs.empty()) return "";
    const std::string& unit = set.runs.front().schedule.timeUnit;
    for (const ScheduleRun& run : set.runs)
        if (run.schedule.timeUnit != unit) return "";
    return unit;
}

}  // namespace hetsched::trace_detail
