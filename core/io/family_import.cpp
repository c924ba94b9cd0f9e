// The FamilyData formats' readers (io/family_import.h): adapters from a family's import option values to its
// importer, and the import of any family data through the format table.
#include "io/family_import.h"

#include <filesystem>
#include <fstream>

#include "io/cpugpu_import.h"
#include "io/divisible_import.h"
#include "io/partition_profile_reader.h"

namespace hetsched {

namespace {

std::optional<Error> oneFile(const std::vector<std::string>& paths, const char* family) {
    if (paths.size() == 1) return std::nullopt;
    return invalidInput(std::string("a ") + family + " instance is read from one file, got " + std::to_string(paths.size()));
}

// The first 64 KiB of a file (a directory or an unreadable file: empty; its reader says what is wrong).
std::string headOf(const std::string& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) return {};
    std::ifstream in(path, std::ios::binary);
    std::string head(65536, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
    return head;
}

}  // namespace

Expected<FamilyImport> readCpuGpuFamilyData(const std::vector<std::string>& paths, const OptionValues& values) {
    Expected<CpuGpuImportOptions> options = cpuGpuImportOptions(values);
    if (!options) return options.error();
    Expected<CpuGpuImport> in = importCpuGpuFiles(paths, *options);
    if (!in) return in.error();
    return FamilyImport{Instance{std::move(in->instance)}, std::move(in->format), std::move(in->notes)};
}

Expected<FamilyImport> readPartitionFamilyData(const std::vector<std::string>& paths, const OptionValues& values) {
    if (auto problem = oneFile(paths, "partition")) return *problem;
    Expected<PartitionProfileOptions> options = partitionImportOptions(values);
    if (!options) return options.error();
    Expected<PartitionImport> in = importPartitionProfileFile(paths.front(), *options);
    if (!in) return in.error();
    return FamilyImport{Instance{std::move(in->instance)}, std::move(in->format), std::move(in->notes)};
}

Expected<FamilyImport> readDivisibleFamilyData(const std::vector<std::string>& paths, const OptionValues& values) {
    if (auto problem = oneFile(paths, "divisible")) return *problem;
    Expected<DivisibleFromPlatformOptions> options = divisibleImportOptions(values);
    if (!options) return options.error();
    Expected<DivisibleImport> in = importDivisibleFile(paths.front(), *options);
    if (!in) return in.error();
    const bool bus = std::filesystem::path(paths.front()).extension() == ".bandwidth";
    return FamilyImport{Instance{std::move(in->instance)}, bus ? "StarPU's measured bus" : "a SimGrid platform",
                        std::move(in->notes)};
}

Expected<FamilyImport> importFamilyData(const std::vector<std::string>& paths, std::string_view family,
                                        const OptionValues& values) {
    if (paths.empty()) return invalidInput("no file to read");
    Expected<const FileFormat*> format = detectFamilyFormat(paths.front(), headOf(paths.front()), family);
    if (!format) return format.error();
    return (*format)->readFamily(paths, values);
}

}  // namespace hetsched
