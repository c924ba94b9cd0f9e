// Cost functions and count lists as one line of text the user edits in a table cell.
#pragma once

#include <QString>
#include <cstdint>
#include <vector>

#include "common/expected.h"
#include "model/partition.h"

namespace hetsched::ui {

// "table", "affine", "points"
QString costKindName(CostFunction::Kind kind);

// Table "0, 1, 2.1"; affine "fixed=2, per_task=0.5"; points "0:0; 4:3; 8:5.5".
QString formatCost(const CostFunction& cost);
// The same text cut after about `maxCharacters`, for display ("0, 1, 2.1, … (1001 values)").
QString formatCostShort(const CostFunction& cost, int maxCharacters);

// Reads any of the three forms; the form is recognised by its syntax ('=' affine, ':' points, else a table).
Expected<CostFunction> parseCost(const QString& text);

// "0, 4, 8"; an empty text is the empty list.
QString formatCounts(const std::vector<std::int64_t>& counts);
Expected<std::vector<std::int64_t>> parseCounts(const QString& text);

}  // namespace hetsched::ui
