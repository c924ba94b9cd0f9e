// hetsched generate KIND: a seeded random instance of any family, each kind's flags its generator's option table
// (model/generator_options.h, model/dag_random.h), the one File > New from Template's fields read.

#include "commands/command.h"

#include <algorithm>
#include <ostream>

#include "model/dag_random.h"
#include "model/generator_options.h"

namespace hetsched::cli {

namespace {

const char* kindHelp(const std::string& kind) {
    if (kind == "partition") return "T identical tasks over resources with seeded cost functions (Pilla 2022's setting):\n";
    if (kind == "divisible") return "a divisible-load star, a master and p workers with return messages (Beaumont, Marchal and\n"
                                    "Robert 2005), c, w and d uniform in their ranges:\n";
    if (kind == "cpugpu") return "m CPUs, k GPUs and n independent tasks drawn as in Kedad-Sidhoum et al. 2013, section 5.2:\n";
    return "a steady-state platform (random graph, grid or torus, tree, star) and its application (Beaumont and\n"
           "Marchal, chapter 8):\n";
}

// hetsched generate partition|divisible|cpugpu|steady_state [FLAGS]: the kind's one table.
int runTableGenerate(const std::string& kind, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched generate: ";
    const OptionTable& table = generatorOptionTable(kind);
    const std::string usage = "usage: hetsched generate " + kind + " [FLAGS] [-o OUT.json]\n" + kindHelp(kind) +
                              tableFlagsHelp(table) +
                              "Writes the instance as JSON to OUT.json (then a summary on stdout), or to stdout.\n";
    Command command(prefix, "Generates a random " + kind + " instance (JSON).");
    command.setHints("(hetsched generate " + kind + " --help)", "");
    command.app().footer(usage);
    std::string parsedKind, output;
    command.app().add_option("KIND", parsedKind, "what to generate")->type_name("");
    GivenFlags given;
    given.add(command.app(), "-o,--output", "write the instance there (then a summary on stdout) instead of stdout",
              "OUT.json", "Output");
    addTableFlags(command.app(), table, given, "Generator");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    OptionValues values(table);
    for (const auto& [flag, value] : given.pairs()) {
        if (flag == "-o,--output") {
            output = value;
            continue;
        }
        std::optional<Error> problem = invalidInput("unknown flag " + flag + " (hetsched generate " + kind + " --help)");
        if (auto handled = setTableFlag(table, values, flag, value)) problem = *handled;
        if (problem) {
            err << prefix << problem->message << "\n";
            return kExitUsage;
        }
    }
    // Values each in their range, together checked by the generator (a min above its max, a source beyond the nodes).
    if (Expected<bool> ok = checkGeneratorValues(kind, values); !ok) {
        err << prefix << ok.error().message << "\n";
        return kExitUsage;
    }
    Expected<Instance> made = generateInstance(kind, values);
    if (!made) {
        err << prefix << "error: " << made.error().message << "\n";
        return kExitError;
    }
    return writeInstance(*made, output, kind + " instance: " + generatorSummary(kind, values), prefix, out, err);
}

}  // namespace

int runGenerate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched generate: ";
    for (const std::string& arg : args)
        if (std::find(generatorKinds().begin(), generatorKinds().end(), arg) != generatorKinds().end())
            return runTableGenerate(arg, args, out, err);
    const std::string usage =
        "usage: hetsched generate dag [GRAPH FLAGS] [PLATFORM FLAGS] [--seed S] [-o OUT.json]\n"
        "       hetsched generate partition|divisible|cpugpu|steady_state [FLAGS] [-o OUT.json]\n"
        "                                    (hetsched generate KIND --help: the flags of KIND)\n"
        "dag: a random task graph as daggen draws it (N'Takpe and Suter 2006, section 5), seeded:\n" +
        tableFlagsHelp(dagGeneratorOptions()) + kPlatformFlagsHelp +
        "  (none: --clusters 4 with the defaults above)\n"
        "Writes the instance as JSON to OUT.json (then a summary on stdout), or to stdout.\n";
    if (args.empty()) {
        err << usage;
        return kExitUsage;
    }
    Command command(prefix, "Generates a random task graph on a platform (JSON).");
    command.setHints("(hetsched generate --help)", "");
    command.app().footer(usage);
    std::string kind, output;
    command.app().add_option("KIND", kind, "what to generate: dag, partition, divisible, cpugpu, steady_state")->type_name("");
    GivenFlags given;
    given.add(command.app(), "-o,--output", "write the instance there (then a summary on stdout) instead of stdout",
              "OUT.json", "Output");
    given.add(command.app(), "--platform", "a SimGrid platform XML or a JSON platform", "FILE", "Random platform");
    addTableFlags(command.app(), dagGeneratorOptions(), given, "Graph");
    addTableFlags(command.app(), dagPlatformOptions(), given, "Random platform");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    if (kind != "dag") {
        err << prefix << (kind.empty() ? std::string("missing the KIND") : "unknown kind '" + kind + "'") << " (known: dag, partition, divisible, cpugpu, steady_state)\n";
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
