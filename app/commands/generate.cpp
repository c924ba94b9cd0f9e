// hetsched generate dag: a seeded random task graph on a platform.

#include "commands/command.h"

#include <ostream>

#include "model/dag_random.h"

namespace hetsched::cli {

int runGenerate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched generate: ";
    const std::string usage =
        "usage: hetsched generate dag [GRAPH FLAGS] [PLATFORM FLAGS] [--seed S] [-o OUT.json]\n"
        "a random task graph as daggen draws it (N'Takpe and Suter 2006, section 5), seeded:\n" +
        tableFlagsHelp(dagGeneratorOptions()) + kPlatformFlagsHelp +
        "  (none: --clusters 4 with the defaults above)\n"
        "Writes the dag instance as JSON to OUT.json (then a summary on stdout), or to stdout.\n";
    if (args.empty()) {
        err << usage;
        return kExitUsage;
    }
    Command command(prefix, "Generates a random task graph on a platform (JSON).");
    command.setHints("(hetsched generate --help)", "");
    command.app().footer(usage);
    std::string kind, output;
    command.app().add_option("KIND", kind, "what to generate: dag")->type_name("");
    GivenFlags given;
    given.add(command.app(), "-o,--output", "write the instance there (then a summary on stdout) instead of stdout",
              "OUT.json", "Output");
    given.add(command.app(), "--platform", "a SimGrid platform XML or a JSON platform", "FILE", "Random platform");
    addTableFlags(command.app(), dagGeneratorOptions(), given, "Graph");
    addTableFlags(command.app(), dagPlatformOptions(), given, "Random platform");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    if (kind != "dag") {
        err << prefix << (kind.empty() ? std::string("missing the KIND") : "unknown kind '" + kind + "'") << " (known: dag)\n";
        return kExitUsage;
    }
    OptionValues graphValues(dagGeneratorOptions());
    PlatformFlags platform;
    for (const auto& [flag, value] : given.pairs()) {
        const std::string arg = flag == "-o,--output" ? "-o" : flag;
        std::optional<Error> problem;
        if (auto handled = setPlatformFlag(platform, arg, value)) {
            problem = *handled;
        } else if (arg == "-o") {
            output = value;
        } else if (auto graphFlag = setTableFlag(dagGeneratorOptions(), graphValues, arg, value)) {
            problem = *graphFlag;
        } else {
            problem = invalidInput("unknown flag " + arg + " (hetsched generate --help)");
        }
        if (problem) {
            err << prefix << problem->message << "\n";
            return kExitUsage;
        }
    }
    const DagGeneratorConfig graph = dagGeneratorConfig(graphValues);
    Expected<DagPlatform> resolved = resolvePlatform(platform, false, graph.seed);
    if (!resolved) {
        const bool usage = platform.file.empty() || !platform.randomFlags.empty();
        err << prefix << (usage ? "" : "error: ") << resolved.error().message << "\n";
        return usage ? kExitUsage : kExitError;
    }
    Expected<DagInstance> dag = generateDag(graph, *resolved);
    if (!dag) {
        err << prefix << "error: " << dag.error().message << "\n";
        return kExitError;
    }
    return writeDagInstance(*dag, output, prefix, out, err);
}

}  // namespace hetsched::cli
