// The writers of schedules in the formats of the tools our users have (LaTeX, ViTE/PajeNG, Jedule, Perfetto,
// pandas), each a function of the runs and the figure options to the file's bytes.
#pragma once

#include <string>

#include "common/expected.h"
#include "export/figure_options.h"
#include "export/schedule_set.h"

namespace hetsched {

// Every writer refuses (an InvalidInput error, no file) a set without runs, a set whose runs hold no interval,
// and a NaN, infinite or negative time or an interval ending before it starts (the message names the run, the
// lane and the interval). A run without intervals beside others is written as an empty run.

// TikZ (.tex): a `standalone` document of exactly options.size (default 85x50mm) that also \input's into a
// paper as a tikzpicture (the paper loads tikz and, for the grey palette, \usetikzlibrary{patterns}). Lanes,
// one bar per task (a task on consecutive lanes of one category is one bar), names where they fit at
// options.fontPoints, lane labels thinned and lanes grouped by category when there are too many, a time axis
// with nice ticks (a comparison with options.sharedTimeAxis false: each run on its own axis from 0 to its end,
// its markers such as the makespan drawn on it), the palette's colours as named xcolor definitions (grey:
// patterns), title and legend.
// A size too small for the figure's parts is refused with a message naming --size.
Expected<std::string> writeTikzGantt(const ScheduleSet& set, const FigureOptions& options);

// Paje (.paje) for ViTE and PajeNG: a container per run, per category and per lane, one state per interval
// (its kind as the value, the task name in an extra field `Task`), events in time order.
Expected<std::string> writePajeTrace(const ScheduleSet& set, const FigureOptions& options);

// Jedule XML (.jed), SimGrid's dialect: the platform as nested <res> (runs, categories) with an <rset> of the
// lanes, one <event> per task, a task on several lanes (same task, kind and times) one event over their range.
Expected<std::string> writeJeduleTrace(const ScheduleSet& set, const FigureOptions& options);

// Chrome trace-event JSON (Perfetto, chrome://tracing): "X" events in microseconds, pid per category of a run,
// tid per lane, "M" events naming and ordering them.
Expected<std::string> writeChromeTrace(const ScheduleSet& set, const FigureOptions& options);

// The drawn intervals as CSV: run,lane,category,task,start,end,kind (RFC 4180 quoting), one line per interval.
Expected<std::string> writeIntervalsCsv(const ScheduleSet& set, const FigureOptions& options);

// The runs' metrics (Schedule::metrics), one row per run, one column per metric name (in order of first
// appearance, the unit in the header), empty where a run lacks it: as CSV and as a booktabs LaTeX table.
Expected<std::string> writeMetricsCsv(const ScheduleSet& set, const FigureOptions& options);
Expected<std::string> writeMetricsLatex(const ScheduleSet& set, const FigureOptions& options);

// Each writer is an entry of the format table (io/formats.cpp: tikz, paje, jedule, chrome-trace, csv, metrics-csv,
// latex-table), which `hetsched export`, the Export dialog and the Python module dispatch on
// (writeScheduleTrace, io/formats.h).

}  // namespace hetsched
