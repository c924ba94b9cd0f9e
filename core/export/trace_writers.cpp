// The table of schedule writers that `hetsched export`, the Export dialog and the Python module dispatch on.
#include "export/trace_writers.h"

namespace hetsched {

const std::vector<ScheduleTraceFormat>& scheduleTraceFormats() {
    static const std::vector<ScheduleTraceFormat> formats{
        {"tikz", ".tex", "TikZ picture for LaTeX: a standalone document that also \\input's into a paper", writeTikzGantt},
        {"paje", ".paje", "Paje trace for ViTE, PajeNG and StarVZ", writePajeTrace},
        {"jedule", ".jed", "Jedule XML, as SimGrid writes it", writeJeduleTrace},
        {"chrome-trace", ".json", "Chrome trace-event JSON for Perfetto and chrome://tracing", writeChromeTrace},
        {"csv", ".csv", "the drawn intervals as CSV: run,lane,category,task,start,end,kind", writeIntervalsCsv},
        {"metrics-csv", ".csv", "the runs' metrics as CSV, one row per run", writeMetricsCsv},
        {"latex-table", ".tex", "the runs' metrics as a LaTeX booktabs table", writeMetricsLatex},
    };
    return formats;
}

const ScheduleTraceFormat* findScheduleTraceFormat(std::string_view name) {
    for (const ScheduleTraceFormat& format : scheduleTraceFormats())
        if (name == format.name) return &format;
    return nullptr;
}

Expected<std::string> writeScheduleTrace(std::string_view formatName, const ScheduleSet& set,
                                         const FigureOptions& options) {
    const ScheduleTraceFormat* format = findScheduleTraceFormat(formatName);
    if (!format) {
        std::string names;
        for (const ScheduleTraceFormat& f : scheduleTraceFormats()) names += (names.empty() ? "" : ", ") + std::string(f.name);
        return invalidInput("unknown schedule format '" + std::string(formatName) + "' (known: " + names + ")");
    }
    return format->write(set, options);
}

}  // namespace hetsched
