// Experiment tables as booktabs LaTeX: the same rows as the CSV, numbers right-aligned.
#include "export/table_latex.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "export/trace_detail.h"

namespace hetsched {

namespace {

using Row = std::vector<std::string>;

Expected<std::vector<Row>> parseCsv(const std::string& csv) {
    std::vector<Row> rows;
    Row row;
    std::string field;
    bool quoted = false, fieldStarted = false;
    int line = 1, quoteLine = 0;
    const auto endRow = [&] {
        if (fieldStarted || !row.empty()) {
            row.push_back(field);
            rows.push_back(row);
        }
        row.clear();
        field.clear();
        fieldStarted = false;
    };
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (quoted) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                if (c == '\n') ++line;
                field += c;
            }
            continue;
        }
        if (c == '"') {
            quoted = true;
            quoteLine = line;
            fieldStarted = true;
        } else if (c == ',') {
            row.push_back(field);
            field.clear();
            fieldStarted = true;
        } else if (c == '\n') {
            endRow();
            ++line;
        } else if (c != '\r') {
            field += c;
            fieldStarted = true;
        }
    }
    if (quoted) return invalidInput("CSV line " + std::to_string(quoteLine) + ": a quoted field is not closed");
    endRow();
    return rows;
}

bool isNumber(const std::string& text, double& value) {
    if (text.empty()) return false;
    const char* begin = text.c_str();
    char* end = nullptr;
    errno = 0;
    value = std::strtod(begin, &end);
    return end == begin + text.size() && errno == 0 && !std::isspace(static_cast<unsigned char>(text.front()));
}

}  // namespace

Expected<std::string> csvAsLatexTable(const std::string& csv, const std::string& what, int significant) {
    Expected<std::vector<Row>> parsed = parseCsv(csv);
    if (!parsed) return parsed.error();
    const std::vector<Row>& rows = *parsed;
    if (rows.empty()) return invalidInput("nothing to write as a LaTeX table: the table has no header row");
    const std::size_t width = rows.front().size();
    for (std::size_t r = 1; r < rows.size(); ++r)
        if (rows[r].size() != width)
            return invalidInput("CSV row " + std::to_string(r + 1) + " has " + std::to_string(rows[r].size()) +
                                " fields, the header " + std::to_string(width));
    std::vector<bool> numeric(width, rows.size() > 1);
    for (std::size_t r = 1; r < rows.size(); ++r)
        for (std::size_t c = 0; c < width; ++c) {
            double value = 0;
            numeric[c] = numeric[c] && (rows[r][c].empty() || isNumber(rows[r][c], value));
        }
    std::string out = "% " + trace_detail::singleLine(what) + ", written by HetSched (" + std::to_string(rows.size() - 1) +
                      (rows.size() == 2 ? " row" : " rows") +
                      ").\n% Needs \\usepackage{booktabs} in the preamble; \\input it inside a table environment.\n";
    out += "\\begin{tabular}{";
    for (std::size_t c = 0; c < width; ++c) out += numeric[c] ? 'r' : 'l';
    out += "}\n\\toprule\n";
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (std::size_t c = 0; c < width; ++c) {
            if (c > 0) out += " & ";
            double value = 0;
            const std::string& text = rows[r][c];
            // Column names are identifiers (group_by): their underscores read as spaces.
            if (r == 0) {
                std::string name = text;
                std::replace(name.begin(), name.end(), '_', ' ');
                out += trace_detail::latexEscape(name);
            } else if (numeric[c] && isNumber(text, value)) {
                // Counts (tasks, runs) in full; measures to the digits asked.
                const bool whole = std::abs(value) < 1e15 && value == std::floor(value);
                out += whole ? trace_detail::exactNumber(value) : trace_detail::latexNumber(value, significant);
            } else {
                out += trace_detail::latexEscape(text);
            }
        }
        out += " \\\\\n";
        if (r == 0) out += "\\midrule\n";
    }
    out += "\\bottomrule\n\\end{tabular}\n";
    return out;
}

bool isLatexPath(const std::string& path) {
    if (path.size() < 4) return false;
    std::string extension = path.substr(path.size() - 4);
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension == ".tex";
}

}  // namespace hetsched
