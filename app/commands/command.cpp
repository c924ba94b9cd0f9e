// The pieces every subcommand shares (commands/command.h).

#include "commands/command.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <iterator>

#include "family/family.h"
#include "io/dag_import.h"
#include "io/instance_io.h"

namespace hetsched::cli {

Expected<double> parseNumber(const std::string& text, const std::string& what) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end == nullptr || *end != '\0') return invalidInput(what + ": '" + text + "' is not a number");
    return v;
}

Expected<long long> parseInteger(const std::string& text, const std::string& flag, long long lo, long long hi) {
    auto v = parseNumber(text, flag);
    if (!v) return v.error();
    if (*v != std::floor(*v) || *v < double(lo) || *v > double(hi))
        return invalidInput(flag + " must be an integer between " + std::to_string(lo) + " and " + std::to_string(hi) +
                            ", got '" + text + "'");
    return static_cast<long long>(*v);
}

// A flag taking one value; given twice, the last one counts (as the hand parser had it).
CLI::Option* addValueFlag(CLI::App& app, const std::string& names, std::string& value, const std::string& help,
                          const std::string& typeName) {
    return app.add_option(names, value, help)->type_name(typeName)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

// Every option of `table` as a flag --NAME VALUE whose help gives the description, what it accepts and the
// default: one declaration for the flags, the help and the GUI forms. Its value is read by the table's own
// parser (setTableFlag), so the messages name the flag and the range.
void addTableFlags(CLI::App& app, const OptionTable& table, GivenFlags& given, const std::string& group) {
    for (const OptionSpec& spec : table)
        given.add(app, "--" + spec.name,
                  spec.description + " (" + optionAcceptsText(spec) + "; default " + optionDefaultText(spec) +
                      ")",
                  spec.type == OptionType::Enum ? "CHOICE" : spec.type == OptionType::Int ? "INT" : "VALUE", group);
}

const char* const kPlatformFlagsHelp =
    "platform (one of):\n"
    "  --platform FILE            a SimGrid platform XML (.xml, loaded by SimGrid: clusters, zones and hosts)\n"
    "                             or JSON (.json: a dag instance's platform or a bare\n"
    "                             {\"clusters\": [...], \"backbone\": {...}})\n"
    "  --clusters N               the random platform of N'Takpe and Suter 2006 (section 5), with\n"
    "    [--min-processors 16] [--max-processors 128] [--min-speed 1e9] [--heterogeneity 2] [--platform-seed S]\n"
    "                             processors per cluster uniform in [min, max], speeds uniform in\n"
    "                             [min-speed, min-speed x heterogeneity] flop/s; the seed defaults to --seed\n";

// A flag's error from its option's: "option tasks must be ..." becomes "--tasks must be ...".
Error flagError(const OptionSpec& spec, const Error& error) {
    std::string message = error.message;
    const std::string head = "option " + spec.name;
    if (message.rfind(head, 0) == 0) message.replace(0, head.size(), "--" + spec.name);
    return Error{error.kind, message};
}

// Reads `--NAME VALUE` when `table` has an option NAME (nullopt when not: the caller tries its other flags);
// the range, type and default are the table's, the ones the GUI's forms read.
std::optional<std::optional<Error>> setTableFlag(const OptionTable& table, OptionValues& values,
                                                 const std::string& flag, const std::string& value) {
    if (flag.rfind("--", 0) != 0) return std::nullopt;
    const OptionSpec* spec = findOption(table, flag.substr(2));
    if (!spec) return std::nullopt;
    Expected<OptionValue> v = parseOptionValue(*spec, value);
    if (!v) return std::optional<Error>{flagError(*spec, v.error())};
    values.set(spec->name, std::move(*v));
    return std::optional<Error>{};
}

// "  --tasks 20                 number of tasks, an integer between 1 and 1000000": a table's flags for --help.
std::string tableFlagsHelp(const OptionTable& table) {
    std::string text;
    for (const OptionSpec& spec : table) {
        std::string flag = "  --" + spec.name + " " + (spec.optional ? std::string("N") : optionDefaultText(spec));
        flag.resize(std::max<std::size_t>(flag.size() + 1, 29), ' ');
        text += flag + spec.description + " (" + optionAcceptsText(spec) + ")\n";
    }
    return text;
}

// Applies a platform flag; nullopt when `flag` is not one (the caller tries its own flags).
std::optional<std::optional<Error>> setPlatformFlag(PlatformFlags& p, const std::string& flag, const std::string& value) {
    if (flag == "--platform") {
        p.file = value;
        return std::optional<Error>{};
    }
    std::optional<std::optional<Error>> handled = setTableFlag(dagPlatformOptions(), p.randomValues, flag, value);
    if (!handled) return std::nullopt;
    p.randomFlags.push_back(flag);
    if (*handled) return handled;
    p.random = dagPlatformConfig(p.randomValues);
    if (flag == "--platform-seed") p.seedGiven = true;
    return std::optional<Error>{};
}

// The platform the flags name. `required`: an error when none is given; else the default random platform.
Expected<DagPlatform> resolvePlatform(const PlatformFlags& p, bool required, std::uint64_t seed) {
    const bool clustersGiven =
        std::find(p.randomFlags.begin(), p.randomFlags.end(), "--clusters") != p.randomFlags.end();
    if (!p.file.empty()) {
        if (!p.randomFlags.empty())
            return invalidInput("--platform and " + p.randomFlags.front() + " are exclusive (a platform file or a random one)");
        return readDagPlatformFile(p.file);
    }
    if (p.random && !clustersGiven && required)
        return invalidInput(p.randomFlags.front() + " needs --clusters N (the random platform)");
    if (!p.random && required)
        return invalidInput("missing the platform: --platform FILE.xml|FILE.json or --clusters N");
    DagPlatformConfig config = p.random.value_or(DagPlatformConfig{});
    if (!p.seedGiven) config.seed = seed;
    if (config.maxProcessors < config.minProcessors)
        return invalidInput("--max-processors is below --min-processors (" + std::to_string(config.maxProcessors) + " < " +
                            std::to_string(config.minProcessors) + ")");
    return generatePlatform(config);
}

// Writes the instance as JSON to `output` (stdout when empty); with a file, "OUTPUT: summary" on stdout.
int writeInstance(const Instance& instance, const std::string& output, const std::string& summary,
                  const std::string& prefix, std::ostream& out, std::ostream& err) {
    const std::string text = instanceText(instance) + "\n";   // streamed, no document tree
    if (output.empty()) {
        out << text;
        return kExitOk;
    }
    if (auto written = writeTextFileAtomically(output, text); !written) {
        err << prefix << "error: " << written.error().message << "\n";
        return kExitError;
    }
    out << output << ": " << summary << "\n";
    return kExitOk;
}

int writeDagInstance(const DagInstance& dag, const std::string& output, const std::string& prefix, std::ostream& out,
                     std::ostream& err, const std::string& source) {
    long long processors = 0;
    for (const DagCluster& c : dag.platform.clusters) processors += c.processors;
    const std::string summary = std::to_string(dag.tasks.size()) + " tasks, " + std::to_string(dag.edges.size()) +
                                " edges, " + std::to_string(dag.platform.clusters.size()) + " cluster(s), " +
                                std::to_string(processors) + " processors" + (source.empty() ? "" : " (" + source + ")");
    return writeInstance(Instance{dag}, output, summary, prefix, out, err);
}

// The instance FILE names ("-": standard input).
Expected<Instance> loadInstance(const std::string& file) {
    if (file != "-") return readInstanceFile(file);
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    Expected<Instance> instance = parseInstance(text);
    if (!instance) return Error{instance.error().kind, "<stdin>: " + instance.error().message};
    return instance;
}

}  // namespace hetsched::cli
