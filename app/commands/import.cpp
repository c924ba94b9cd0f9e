// hetsched import: a task graph users already have as a dag instance, a SimGrid platform as a steady-state one.

#include "commands/command.h"

#include <algorithm>
#include <ostream>
#include <sstream>

#include "io/dag_import.h"
#include "io/instance_io.h"
#include "io/simgrid_platform.h"

namespace hetsched::cli {

namespace {

// hetsched import PLATFORM.xml --kind steady_state: SimGrid's hosts and routes as a bag of tasks.
int importSteadyStatePlatform(const std::string& file, const std::optional<std::string>& source,
                              const PlatformFlags& platform, const std::string& output, std::ostream& out,
                              std::ostream& err) {
    const std::string prefix = "hetsched import: ";
    if (file.empty()) {
        err << prefix << "missing the SimGrid PLATFORM.xml file\n";
        return kExitUsage;
    }
    if (!platform.file.empty() || !platform.randomFlags.empty()) {
        err << prefix << "--kind steady_state takes the SimGrid platform as its file, not "
            << (platform.file.empty() ? platform.randomFlags.front() : std::string("--platform")) << "\n";
        return kExitUsage;
    }
    Expected<SimGridPlatform> loaded = loadSimGridPlatform(file);
    Expected<SteadyStateInstance> steady = loaded ? steadyStateFromSimGrid(*loaded, source)
                                                  : Expected<SteadyStateInstance>(loaded.error());
    if (!steady) {
        const std::string& message = steady.error().message;
        err << prefix << "error: " << (message.rfind(file, 0) == 0 ? "" : file + ": ") << message << "\n";
        return kExitError;
    }
    std::size_t processors = 0;
    for (const SteadyNode& n : steady->nodes) processors += n.speed > 0 ? 1 : 0;
    const std::string summary = "steady_state bag of tasks, " + std::to_string(processors) + " processors, " +
                                std::to_string(steady->nodes.size() - processors) + " routers, " +
                                std::to_string(steady->links.size()) + " links, source " +
                                steady->nodes[steady->application.source].name;
    std::ostream& notes = output.empty() ? err : out;
    for (const std::string& note : loaded->notes) notes << prefix << "note: " << note << "\n";
    return writeInstance(Instance{*steady}, output, summary, prefix, out, err);
}

}  // namespace

// import_family.cpp: --kind cpugpu, partition and divisible.
int runFamilyImport(const std::string& kind, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

int runImport(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched import: ";
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string kind;
        if (args[i] == "--kind" && i + 1 < args.size()) kind = args[i + 1];
        else if (args[i].rfind("--kind=", 0) == 0) kind = args[i].substr(7);
        if (kind == "cpugpu" || kind == "partition" || kind == "divisible") return runFamilyImport(kind, args, out, err);
    }
    std::ostringstream usage;
    usage << "usage: hetsched import GRAPH PLATFORM [--format " << taskGraphFormatNames() << "]\n"
               "                       [--default-flops F] [--default-bytes B] [--reference-speed FLOPS] [--alpha A]\n"
               "                       [--seed S] [-o OUT.json]\n"
               "       hetsched import PLATFORM.xml --kind steady_state [--source HOST] [-o OUT.json]\n"
               "       hetsched import FILE... --kind cpugpu|partition|divisible ... (hetsched import --kind KIND --help)\n"
               "GRAPH: DOT (.dot, .gv: daggen, SimGrid, any Graphviz graph), WfCommons WfFormat 1.0 to 1.5,\n"
               "WorkflowHub 0.2, SimGrid or WRENCH JSON (.json), Pegasus DAX (.dax, .xml), STG (.stg) or daggen's\n"
               "text output.\n"
            << tableFlagsHelp(taskGraphImportOptionTable()) << kPlatformFlagsHelp
            << "--kind steady_state: the hosts of a SimGrid platform as the processors of a bag of tasks, its\n"
               "links and routes as routers and links (docs/formats.md), the master at --source HOST (default:\n"
               "the first host).\n"
               "Writes the instance as JSON to OUT.json (then a summary on stdout), or to stdout (the summary's\n"
               "notes on stderr).\n";
    if (args.empty()) {
        err << usage.str();
        return kExitUsage;
    }
    std::string graph, output, kind = "dag";
    std::optional<std::string> source;
    PlatformFlags platform;
    // The import's own options: the table the import dialog's fields read.
    const OptionTable& importTable = taskGraphImportOptionTable();
    OptionValues importValues(importTable);
    bool referenceSpeedGiven = false;
    Command command(prefix, "Imports a task graph as a dag instance, or a SimGrid platform as a steady-state one (JSON).");
    command.setHints("(hetsched import --help)", "(one GRAPH only)");
    command.app().footer(usage.str());
    command.app().add_option("GRAPH", graph, "the task graph (or the SimGrid platform with --kind steady_state)")
        ->type_name("");
    GivenFlags given;
    for (const auto& [flag, type, help] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"-o,--output", "OUT.json", "write the instance there (then a summary on stdout) instead of stdout"},
             {"--kind", "KIND", "dag (default) or steady_state"},
             {"--source", "HOST", "steady_state: the master's host (default the first)"},
             {"--platform", "FILE", "a SimGrid platform XML or a JSON platform"}})
        given.add(command.app(), flag, help, type, "Import");
    addTableFlags(command.app(), importTable, given, "Import");
    addTableFlags(command.app(), dagPlatformOptions(), given, "Random platform");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    for (const auto& [givenFlag, value] : given.pairs()) {
        const std::string arg = givenFlag == "-o,--output" ? "-o" : givenFlag;
        std::optional<Error> problem;
        if (auto handled = setPlatformFlag(platform, arg, value)) {
            problem = *handled;
        } else if (auto importFlag = setTableFlag(importTable, importValues, arg, value)) {
            problem = *importFlag;
            referenceSpeedGiven = referenceSpeedGiven || arg == "--reference-speed";
        } else if (arg == "-o" || arg == "--output") {
            output = value;
        } else if (arg == "--kind") {
            if (value != "dag" && value != "steady_state")
                problem = invalidInput("--kind must be dag, steady_state, cpugpu, partition or divisible, got '" + value + "'");
            kind = value;
        } else if (arg == "--source") {
            source = value;
        } else {
            problem = invalidInput("unknown flag " + arg + " (hetsched import --help)");
        }
        if (problem) {
            err << prefix << problem->message << "\n";
            return kExitUsage;
        }
    }
    const std::string format = taskGraphFormat(importValues);
    const TaskGraphImportOptions options = taskGraphImportOptions(importValues);
    const auto seed = static_cast<std::uint64_t>(importValues.integer("seed"));
    if (kind == "steady_state") return importSteadyStatePlatform(graph, source, platform, output, out, err);
    if (source) {
        err << prefix << "--source applies to --kind steady_state only\n";
        return kExitUsage;
    }
    if (graph.empty()) {
        err << prefix << "missing the task GRAPH file\n";
        return kExitUsage;
    }
    if (platform.file.empty() && !platform.random) {
        err << prefix << "missing the platform: --platform FILE.xml|FILE.json or --clusters N\n";
        return kExitUsage;
    }
    Expected<std::string> text = readTextFile(graph);
    if (!text) {
        err << prefix << "error: " << text.error().message << "\n";
        return kExitError;
    }
    if (referenceSpeedGiven) {
        Expected<const FileFormat*> actual = taskGraphFormatFor(graph, *text, format);
        if (actual && (*actual)->sizesInFlops) {
            std::string withRuntimes;
            for (const FileFormat* f : fileFormats(FormatDirection::Read, {FormatContent::TaskGraph}))
                if (!f->sizesInFlops) withRuntimes += (withRuntimes.empty() ? "" : ", ") + f->name;
            err << prefix << "--reference-speed applies to graphs with runtimes (" << withRuntimes << "); a "
                << (*actual)->name << " file gives its tasks' flops\n";
            return kExitUsage;
        }
    }
    // The graph first: a broken file is reported before a platform is loaded or drawn.
    Expected<TaskGraphImport> read = readTaskGraph(graph, *text, options, format);
    if (!read) {
        err << prefix << "error: " << read.error().message << "\n";
        return kExitError;
    }
    Expected<DagPlatform> resolved = resolvePlatform(platform, true, seed);
    if (!resolved) {
        const bool usage = platform.file.empty() || !platform.randomFlags.empty();
        err << prefix << (usage ? "" : "error: ") << resolved.error().message << "\n";
        return usage ? kExitUsage : kExitError;
    }
    const std::optional<double> recorded = read->graph.recordedMakespan;
    Expected<DagInstance> dag = placeTaskGraph(std::move(read->graph), *resolved);
    if (!dag) {
        err << prefix << "error: " << graph << ": " << dag.error().message << "\n";
        return kExitError;
    }
    addPlacementNotes(*dag, recorded, read->notes);
    std::ostream& notes = output.empty() ? err : out;
    for (const std::string& note : read->notes)
        notes << prefix << (note.starts_with("warning: ") ? "" : "note: ") << note << "\n";
    return writeDagInstance(*dag, output, prefix, out, err, read->format);
}

}  // namespace hetsched::cli
