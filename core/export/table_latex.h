// A CSV table (an experiment's results) as a booktabs LaTeX table for a paper.
#pragma once

#include <string>

#include "common/expected.h"

namespace hetsched {

// `csv` (a header row, then rows of as many fields; RFC 4180 quoting) as a booktabs `tabular`: the header row
// above \midrule, columns whose every field is a number right-aligned and set to `significant` digits, the
// others left-aligned and escaped for LaTeX; a comment line naming `what` and the packages needed. A CSV without
// a header, with a row of another width or an unterminated quote is an InvalidInput error naming the line.
Expected<std::string> csvAsLatexTable(const std::string& csv, const std::string& what, int significant = 4);

// Whether `path` names a LaTeX file (.tex, any case): the tables are then written with csvAsLatexTable.
bool isLatexPath(const std::string& path);

}  // namespace hetsched
