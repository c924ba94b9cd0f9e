// Partition instances from measured costs (Pilla's setting: time or energy per number of tasks on each
// device): per-device records with one per-task cost (JSON array of objects, or CSV with a row per
// device: linear costs), or a long CSV of (resource, tasks, cost) profiles whose gaps between measured
// counts are filled as the user chooses. docs/formats.md shows each form and what is read from it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "common/options.h"
#include "model/partition.h"

namespace hetsched {

// How costs between two measured counts of a long profile are filled.
enum class CostFill {
    Linear,     // piecewise linear between the measured points
    Step,       // the cost of the next measured count at or above (never below a non-decreasing cost)
    Measured,   // only the measured counts are allowed
};
const char* costFillName(CostFill fill);   // "linear", "step", "measured"

struct PartitionProfileOptions {
    std::int64_t tasks = 0;                   // T (required)
    std::optional<std::string> nameColumn;    // the device's name; default: the first text column
    std::optional<std::string> costColumn;    // the per-task cost; default: the first numeric column
    CostFill fill = CostFill::Linear;
    bool dropNonPositive = false;             // drop devices whose cost is <= 0 (with a note) instead of refusing
    PartitionObjective objective = PartitionObjective::Makespan;
};

// The options as a table named as the flags of `hetsched import --kind partition`: tasks, name-column,
// cost-column, fill (linear|step|measured), drop-nonpositive, objective.
const OptionTable& partitionImportOptionTable();
Expected<PartitionProfileOptions> partitionImportOptions(const OptionValues& values);

struct PartitionImport {
    PartitionInstance instance;
    std::string format;
    std::vector<std::string> notes;
};

// Reads the text (JSON records, or CSV: per-device or long). Errors name the line (CSV) or the JSON path,
// and the device; `source` (a file name) prefixes them.
Expected<PartitionImport> readPartitionProfile(std::string_view text, const PartitionProfileOptions& options,
                                               const std::string& source = "");
Expected<PartitionImport> importPartitionProfileFile(const std::string& path, const PartitionProfileOptions& options);

}  // namespace hetsched
