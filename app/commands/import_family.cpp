// hetsched import --kind cpugpu|partition|divisible: the files each family's users have (StarPU models and
// moldableILP instances, measured cost profiles, SimGrid platforms and StarPU's bus) as instances. Each
// kind's flags are its import option table's (core/io), the one the GUI reads.

#include "commands/command.h"

#include <ostream>
#include <sstream>

#include "io/cpugpu_import.h"
#include "io/divisible_import.h"
#include "io/family_import.h"
#include "io/partition_profile_reader.h"

namespace hetsched::cli {

namespace {

const OptionTable& tableOf(const std::string& kind) {
    if (kind == "cpugpu") return cpuGpuImportOptionTable();
    if (kind == "partition") return partitionImportOptionTable();
    return divisibleImportOptionTable();
}

std::string usageOf(const std::string& kind) {
    std::ostringstream usage;
    if (kind == "cpugpu") {
        usage << "usage: hetsched import SAMPLING_DIR|MODEL_FILE... --kind cpugpu [--host HOST]\n"
                 "                       [--counts SYMBOL[@FOOTPRINT]=N,... | --tasks tasks.rec] [--cpus M --gpus K]\n"
                 "                       [-o OUT.json]\n"
                 "       hetsched import MOLDABLEILP.in --kind cpugpu [-o OUT.json]\n"
                 "StarPU's performance models (sampling/codelets/45/SYMBOL.HOST, or a starpu_perfmodel_recdump .rec)\n"
                 "with the machine's sampling/bus/HOST.config, or a moldableILP instance (docs/formats.md).\n";
    } else if (kind == "partition") {
        usage << "usage: hetsched import FILE --kind partition --tasks T [--name-column C] [--cost-column C]\n"
                 "                       [--fill linear|step|measured] [-o OUT.json]\n"
                 "Device records (JSON, CSV: a per-task cost each) or long profiles (CSV resource,tasks,cost).\n";
    } else {
        usage << "usage: hetsched import PLATFORM.xml|HOST.bandwidth --kind divisible [--master HOST]\n"
                 "                       [--unit-bytes B] [--unit-flops F] [--return-bytes R] [--horizon T] [-o OUT.json]\n"
                 "A SimGrid platform's master and the hosts it reaches, or StarPU's measured bus (--worker-speed).\n";
    }
    usage << tableFlagsHelp(tableOf(kind))
          << "Writes the instance as JSON to OUT.json (then a summary on stdout), or to stdout (the notes on stderr).\n";
    return usage.str();
}

}  // namespace

int runFamilyImport(const std::string& kind, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched import: ";
    const OptionTable& table = tableOf(kind);
    OptionValues values(table);
    std::vector<std::string> files;
    std::string output;
    Command command(prefix, "Imports the files a family's users have as an instance (JSON).");
    command.setHints("(hetsched import --kind " + kind + " --help)", "");
    command.app().footer(usageOf(kind));
    command.app().add_option("FILES", files, "the files to read")->type_name("");
    GivenFlags given;
    given.add(command.app(), "-o,--output", "write the instance there (then a summary on stdout) instead of stdout",
              "OUT.json", "Import");
    given.add(command.app(), "--kind", "cpugpu, partition or divisible", "KIND", "Import");
    addTableFlags(command.app(), table, given, "Import");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    for (const auto& [flag, value] : given.pairs()) {
        if (flag == "-o,--output") {
            output = value;
            continue;
        }
        if (flag == "--kind") continue;
        if (auto problem = setTableFlag(table, values, flag, value)) {
            if (*problem) {
                err << prefix << (*problem)->message << "\n";
                return kExitUsage;
            }
        }
    }
    if (files.empty()) {
        err << usageOf(kind);
        return kExitUsage;
    }
    std::ostream& notes = output.empty() ? err : out;
    auto fail = [&](const Error& e) {
        err << prefix << "error: " << e.message << "\n";
        return kExitError;
    };
    if (kind != "cpugpu" && files.size() != 1) {
        err << prefix << "--kind " << kind << " reads one FILE, got " << files.size() << "\n";
        return kExitUsage;
    }

    // The options checked first: a missing or inconsistent flag is a usage error (exit 2), as before the table.
    std::optional<Error> usageProblem;
    if (kind == "partition") {
        if (Expected<PartitionProfileOptions> options = partitionImportOptions(values); !options) usageProblem = options.error();
    } else if (kind == "divisible") {
        if (Expected<DivisibleFromPlatformOptions> options = divisibleImportOptions(values); !options)
            usageProblem = options.error();
    }
    if (usageProblem) {
        err << prefix << usageProblem->message << "\n";
        return kExitUsage;
    }
    // The files read by the format the table finds for them (io/formats.h: the FamilyData entries of KIND).
    Expected<FamilyImport> in = importFamilyData(files, kind, values);
    if (!in) return fail(in.error());
    for (const std::string& note : in->notes) notes << prefix << "note: " << note << "\n";
    std::string summary;
    if (const auto* cpugpu = std::get_if<CpuGpuInstance>(&in->instance))
        summary = "cpugpu instance from " + in->format + ", " + std::to_string(cpugpu->tasks.size()) + " tasks on " +
                  std::to_string(cpugpu->cpus) + " CPUs and " + std::to_string(cpugpu->gpus) + " GPUs";
    else if (const auto* partition = std::get_if<PartitionInstance>(&in->instance))
        summary = "partition instance from " + in->format + ", " + std::to_string(partition->resources.size()) +
                  " resources, " + std::to_string(partition->tasks) + " tasks";
    else if (const auto* divisible = std::get_if<DivisibleInstance>(&in->instance))
        summary = "divisible instance, " + std::to_string(divisible->workers.size()) + " workers";
    return writeInstance(in->instance, output, summary, prefix, out, err);
}

}  // namespace hetsched::cli
