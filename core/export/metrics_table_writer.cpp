// The runs' metrics side by side, one row per run: as CSV and as a booktabs table for a paper.
#include <cmath>
#include <optional>

#include "export/trace_detail.h"
#include "export/trace_writers.h"

namespace hetsched {

namespace {

struct MetricColumn {
    std::string name;
    std::string unit;
};

struct MetricsTable {
    std::vector<MetricColumn> columns;                    // in order of first appearance
    std::vector<std::vector<std::optional<double>>> rows;   // per run, per column
};

Expected<MetricsTable> metricsTable(const ScheduleSet& set, const std::string& format) {
    if (auto problem = trace_detail::problemWithSet(set, format, false)) return *problem;
    MetricsTable table;
    for (const ScheduleRun& run : set.runs) {
        for (const Metric& metric : run.schedule.metrics) {
            bool known = false;
            for (const MetricColumn& column : table.columns) known = known || column.name == metric.name;
            if (!known) table.columns.push_back({metric.name, metric.unit});
        }
    }
    if (table.columns.empty())
        return invalidInput("nothing to write as " + format + ": no run has a metric");
    for (const ScheduleRun& run : set.runs) {
        std::vector<std::optional<double>> row(table.columns.size());
        for (const Metric& metric : run.schedule.metrics)
            for (std::size_t c = 0; c < table.columns.size(); ++c)
                if (table.columns[c].name == metric.name && !row[c]) row[c] = metric.value;
        table.rows.push_back(std::move(row));
    }
    return table;
}

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string headerText(const MetricColumn& column) {
    return column.unit.empty() ? column.name : column.name + " (" + column.unit + ")";
}

}  // namespace

Expected<std::string> writeMetricsCsv(const ScheduleSet& set, const FigureOptions& /*options*/) {
    Expected<MetricsTable> table = metricsTable(set, "metrics CSV");
    if (!table) return table.error();
    std::string out = "run";
    for (const MetricColumn& column : table->columns) out += ',' + csvField(headerText(column));
    out += '\n';
    for (std::size_t r = 0; r < set.runs.size(); ++r) {
        out += csvField(set.runs[r].name);
        for (const std::optional<double>& value : table->rows[r]) {
            out += ',';
            // pandas reads "inf" and an empty field (NaN); a NaN metric is written empty.
            if (value && !std::isnan(*value)) out += std::isinf(*value) ? (*value > 0 ? "inf" : "-inf") : trace_detail::exactNumber(*value);
        }
        out += '\n';
    }
    return out;
}

Expected<std::string> writeMetricsLatex(const ScheduleSet& set, const FigureOptions& options) {
    Expected<MetricsTable> table = metricsTable(set, "LaTeX table");
    if (!table) return table.error();
    const std::string title = options.title ? *options.title : set.title;
    std::string out = "% The metrics of " + std::to_string(set.runs.size()) + (set.runs.size() == 1 ? " run" : " runs") +
                      ", written by HetSched" + (title.empty() ? "" : ": " + trace_detail::singleLine(title)) +
                      ".\n% Needs \\usepackage{booktabs} in the preamble; \\input it inside a table environment.\n";
    out += "\\begin{tabular}{l" + std::string(table->columns.size(), 'r') + "}\n\\toprule\n";
    out += "run";
    for (const MetricColumn& column : table->columns) out += " & " + trace_detail::latexEscape(headerText(column));
    out += " \\\\\n\\midrule\n";
    for (std::size_t r = 0; r < set.runs.size(); ++r) {
        out += trace_detail::latexEscape(set.runs[r].name);
        for (const std::optional<double>& value : table->rows[r]) out += " & " + (value ? trace_detail::latexNumber(*value, 5) : std::string());
        out += " \\\\\n";
    }
    out += "\\bottomrule\n\\end{tabular}\n";
    return out;
}

}  // namespace hetsched
