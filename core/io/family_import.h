// The readers of the FamilyData formats (their entries in io/formats.cpp): each family's data read with the
// options of that family's import table, and any such data read through the table (`hetsched import --kind
// FAMILY`, the GUI's File > Open).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/expected.h"
#include "common/options.h"
#include "io/formats.h"

namespace hetsched {

// StarPU's models, records and sampling directories, or a moldableILP instance (cpuGpuImportOptionTable's values).
Expected<FamilyImport> readCpuGpuFamilyData(const std::vector<std::string>& paths, const OptionValues& values);
// Measured costs, one file (partitionImportOptionTable's values; `tasks` required).
Expected<FamilyImport> readPartitionFamilyData(const std::vector<std::string>& paths, const OptionValues& values);
// A SimGrid platform's star or StarPU's measured bus, one file (divisibleImportOptionTable's values).
Expected<FamilyImport> readDivisibleFamilyData(const std::vector<std::string>& paths, const OptionValues& values);

// Reads `paths` as an instance of `family` with the reader of the format detectFamilyFormat gives for the first
// path (its head read here). Errors name the file.
Expected<FamilyImport> importFamilyData(const std::vector<std::string>& paths, std::string_view family,
                                        const OptionValues& values);

}  // namespace hetsched
