#include "cli.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include "io/dag_import.h"
#include "io/instance_io.h"
#include "io/json_reader.h"
#include "io/result_io.h"
#include "io/simgrid_platform.h"
#include "simulation/simulation.h"
#include "model/dag_random.h"
#include "solvers/dag/dag_experiments.h"
#include "solvers/cpugpu/cpugpu_experiments.h"
#include "solvers/divisible/divisible_experiments.h"
#include "sweep/slurm_script.h"
#include "sweep/sweep.h"

#include <unistd.h>

#include <CLI/CLI.hpp>

namespace hetsched::cli {

namespace {

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

// A subcommand's command line as CLI11 declares and parses it; the messages and exit codes stay hetsched's
// ("PREFIX--z needs a value", "PREFIX unknown flag --bogus", exit 2), the values are checked by their tables.
class Command {
public:
    // `prefix`: "hetsched solve: ", the start of each message and (without ": ") the name the help shows.
    Command(std::string prefix, const std::string& description)
        : m_prefix(std::move(prefix)), m_app(description, m_prefix.substr(0, m_prefix.rfind(':'))) {
        m_app.allow_extras();
        m_app.set_help_flag("-h,--help", "print this help and exit");
        m_app.get_formatter()->column_width(32);
    }
    CLI::App& app() { return m_app; }
    const std::string& prefix() const { return m_prefix; }
    // What an unknown flag's and a stray argument's messages add ("(hetsched import --help)", "(one FILE only)").
    void setHints(std::string unknownFlag, std::string unexpectedArgument) {
        m_unknownHint = std::move(unknownFlag);
        m_unexpectedHint = std::move(unexpectedArgument);
    }
    // Parses `args`; nullopt when the command goes on, else its exit code (help printed, or the error reported).
    std::optional<int> parse(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
        std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 reads the vector from its end
        try {
            m_app.parse(reversed);
        } catch (const CLI::CallForHelp&) {
            out << m_app.help();
            return kExitOk;
        } catch (const CLI::ArgumentMismatch& e) {
            // "--z: 1 required TEXT missing": a flag given without its value.
            const std::string what = e.what();
            err << m_prefix << what.substr(0, what.find(':')) << " needs a value\n";
            return kExitUsage;
        } catch (const CLI::ParseError& e) {
            err << m_prefix << e.what() << "\n";
            return kExitUsage;
        }
        for (const std::string& extra : m_app.remaining()) {
            if (extra.size() > 1 && extra[0] == '-')
                err << m_prefix << "unknown flag " << extra << (m_unknownHint.empty() ? "" : " " + m_unknownHint) << "\n";
            else
                err << m_prefix << "unexpected argument '" << extra << "'"
                    << (m_unexpectedHint.empty() ? "" : " " + m_unexpectedHint) << "\n";
            return kExitUsage;
        }
        return std::nullopt;
    }
    // The help CLI11 writes, for a command given no arguments at all.
    std::string help() const { return m_app.help(); }

private:
    std::string m_prefix;
    CLI::App m_app;
    std::string m_unknownHint, m_unexpectedHint;
};

// A flag taking one value; given twice, the last one counts (as the hand parser had it).
CLI::Option* addValueFlag(CLI::App& app, const std::string& names, std::string& value, const std::string& help,
                          const std::string& typeName = "VALUE") {
    return app.add_option(names, value, help)->type_name(typeName)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

// Flags declared with CLI11 whose values are read afterwards, as text, by the code that knows their meaning
// (an option table's parser, the platform flags): the messages stay those of that code.
class GivenFlags {
public:
    CLI::Option* add(CLI::App& app, const std::string& flag, const std::string& help, const std::string& typeName,
                     const std::string& group) {
        m_declared.push_back(flag);
        return app
            .add_option_function<std::string>(
                flag, [this, flag](const std::string& value) { m_values[flag] = value; }, help)
            ->type_name(typeName)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
            ->group(group);
    }
    // "--flag", value of each flag given, in the order declared.
    std::vector<std::pair<std::string, std::string>> pairs() const {
        std::vector<std::pair<std::string, std::string>> given;
        for (const std::string& flag : m_declared)
            if (auto it = m_values.find(flag); it != m_values.end()) given.emplace_back(flag, it->second);
        return given;
    }

private:
    std::vector<std::string> m_declared;
    std::map<std::string, std::string> m_values;
};

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

}  // namespace

void printUsage(std::ostream& out) {
    out << "usage:\n"
           "  hetsched [gui] [FILE]                 start the GUI (on FILE, or on a built-in example)\n"
           "  hetsched solve FILE [--solver NAME] [--option NAME=VALUE]... [-o OUT.json]\n"
           "                                        solve an instance (FILE or - for stdin), print the result as JSON\n"
           "  hetsched export FILE [--solver NAME] [--option NAME=VALUE]... -o CHART.png|.pdf|.svg\n"
           "                  [--width PIXELS] [--height PIXELS]\n"
           "                                        render the chart the GUI shows, headless\n"
           "  hetsched simulate FILE [--solver NAME [--option NAME=VALUE]... | --result RESULT.json]\n"
           "                  [--platform P.xml] [--write-platform OUT.xml] [--periods K] [-o OUT.json]\n"
           "                                        replay the schedule on SimGrid, print simulated against planned times\n"
           "  hetsched solvers [--kind KIND]        list every solver, one line each\n"
           "  hetsched experiment NAME [FLAGS]... [-o OUT.csv] [--shard K/N] [--keep-raw RAW.csv] [--slurm-script FILE]\n"
           "                                        run a built-in experiment, print CSV (hetsched experiment: the list)\n"
           "  hetsched experiment merge PART.csv... [-o OUT.csv] [--keep-raw RAW.csv]\n"
           "                                        the table of a sweep run in shards (on a SLURM cluster)\n"
           "  hetsched import GRAPH (--platform FILE.xml|FILE.json | --clusters N [RANDOM PLATFORM FLAGS])\n"
           "                  [--format auto|dot|wfformat|dax|stg|daggen] [--default-flops F] [--default-bytes B]\n"
           "                  [--reference-speed FLOPS] [--alpha A] [-o OUT.json]\n"
           "                                        a task graph (DOT, WfFormat, DAX, STG, daggen) as a dag instance\n"
           "  hetsched import PLATFORM.xml --kind steady_state [--source HOST] [-o OUT.json]\n"
           "                                        a SimGrid platform as a steady-state bag of tasks\n"
           "  hetsched generate dag [--tasks N] [--fat F] [--regularity R] [--density D] [--jump J] [--ccr C]\n"
           "                  [--max-alpha A] [--complexity mixed|same] [--seed S] [PLATFORM FLAGS] [-o OUT.json]\n"
           "                                        a random task graph on a platform (hetsched generate: the flags)\n"
           "  hetsched --help | --version\n";
}

int runCommandLine(const std::vector<std::string>& args, const std::function<int(const std::vector<std::string>&)>& gui,
                   const std::function<int(const std::vector<std::string>&)>& exportChart, std::ostream& out,
                   std::ostream& err) {
    if (args.empty()) return gui({});
    using Runner = std::function<int(const std::vector<std::string>&)>;
    const auto headless = [&](int (*run)(const std::vector<std::string>&, std::ostream&, std::ostream&)) -> Runner {
        return [run, &out, &err](const std::vector<std::string>& rest) { return run(rest, out, err); };
    };
    const std::vector<std::tuple<std::string, std::string, Runner>> commands{
        {"gui", "start the GUI (on FILE, or on a built-in example)",
         [&](const std::vector<std::string>& rest) {
             if (rest.size() > 1) {
                 err << "hetsched gui: at most one FILE\n";
                 return kExitUsage;
             }
             return gui(rest);
         }},
        {"solve", "solve an instance, print the result as JSON", headless(runSolve)},
        {"export", "render the chart the GUI shows, headless", exportChart},
        {"simulate", "replay the schedule on SimGrid, print simulated against planned times", headless(runSimulate)},
        {"solvers", "list every solver, one line each", headless(runSolvers)},
        {"experiment", "run a built-in experiment, print CSV; merge the parts of a sweep", headless(runExperiment)},
        {"import", "a task graph as a dag instance, a SimGrid platform as a steady-state one", headless(runImport)},
        {"generate", "a random task graph on a platform", headless(runGenerate)},
    };
    CLI::App app("HetSched: scheduling on heterogeneous platforms; without a command, the GUI.", "hetsched");
    app.set_help_flag("-h,--help", "print this help and exit");
    bool version = false;
    app.add_flag("--version", version, "print the version and exit");
    app.allow_extras();
    std::ostringstream usage;
    printUsage(usage);
    app.footer(usage.str());
    std::vector<std::pair<CLI::App*, const Runner*>> subcommands;
    for (const auto& [name, description, run] : commands) {
        CLI::App* sub = app.add_subcommand(name, description);
        sub->prefix_command();   // its arguments, --help included, go to the command's own parser
        sub->set_help_flag();
        subcommands.emplace_back(sub, &run);
    }
    // `hetsched help` is `hetsched --help`.
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    if (args.front() == "help" && args.size() == 1) reversed = {"--help"};
    try {
        app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        out << app.help();
        return kExitOk;
    } catch (const CLI::ParseError& e) {
        err << "hetsched: " << e.what() << "\n";
        return kExitUsage;
    }
    for (const auto& [sub, run] : subcommands)
        if (sub->parsed()) return (*run)(sub->remaining());
    if (version) {
        out << "hetsched " << HETSCHED_VERSION << "\n";
        return kExitOk;
    }
    // `hetsched FILE` (a file manager's "open with", a shell habit) is `hetsched gui FILE`.
    std::error_code ec;
    if (args.size() == 1 && std::filesystem::is_regular_file(args.front(), ec)) return gui(args);
    err << "hetsched: unknown command '" << (app.remaining().empty() ? args.front() : app.remaining().front()) << "'\n";
    printUsage(err);
    return kExitUsage;
}

namespace {

// The flags of the commands that solve (solve, export, simulate) before their values are checked.
struct SolveFlagTexts {
    std::vector<std::string> options;   // --option NAME=VALUE, in order
    std::string width, height, dpi;     // export
};

void addSolveFlags(CLI::App& app, SolveArguments& a, SolveFlagTexts& texts, bool forExport) {
    app.add_option("FILE", a.file, "the instance (JSON), - for standard input")->type_name("");
    addValueFlag(app, "-s,--solver", a.solver, "the solver (default: the family's default; hetsched solvers lists them)",
                 "NAME");
    app.add_option("--option", texts.options, "a solver option, repeatable (hetsched solvers lists each with its range)")
        ->type_name("NAME=VALUE")
        ->allow_extra_args(false);
    addValueFlag(app, "-o,--output", a.output,
                 forExport ? "the chart: .png, .pdf or .svg" : "write the JSON there instead of standard output", "OUT");
    if (!forExport) return;
    addValueFlag(app, "--width", texts.width, "the chart's width in pixels (100 to 20000, default 1200)", "PIXELS");
    addValueFlag(app, "--height", texts.height, "the chart's height in pixels (100 to 20000, default 700)", "PIXELS");
    addValueFlag(app, "--dpi", texts.dpi, "PNG only: draw finer, tagged with this DPI (36 to 2400)", "DPI");
    addValueFlag(app, "--part", a.part, "task graph results: export the gantt, the dag or both (default)", "PART");
}

// Checks the flags' values as the solvers and the chart need them.
std::optional<Error> checkSolveFlags(SolveArguments& a, const SolveFlagTexts& texts, bool forExport) {
    for (const std::string& option : texts.options) {
        const auto eq = option.find('=');
        if (eq == std::string::npos || eq == 0) return invalidInput("--option expects NAME=VALUE, got '" + option + "'");
        // A number; a boolean option also reads true/false (checked against the solver's table by solve).
        const std::string text = option.substr(eq + 1);
        Expected<double> number = text == "true" ? Expected<double>(1.0)
                                  : text == "false" ? Expected<double>(0.0)
                                                    : parseNumber(text, "--option " + option.substr(0, eq));
        if (!number) return number.error();
        a.options[option.substr(0, eq)] = *number;
    }
    for (const auto& [flag, text, pixels] : {std::tuple{"--width", &texts.width, &a.width},
                                             std::tuple{"--height", &texts.height, &a.height}}) {
        if (text->empty()) continue;
        auto number = parseNumber(*text, flag);
        if (!number) return number.error();
        if (*number < 100 || *number > 20000) return invalidInput(std::string(flag) + " must be between 100 and 20000 pixels");
        *pixels = static_cast<int>(*number);
    }
    if (!texts.dpi.empty()) {
        char* end = nullptr;
        const long dpi = std::strtol(texts.dpi.c_str(), &end, 10);
        if (*end != '\0' || dpi < 36 || dpi > 2400)
            return invalidInput("--dpi must be a whole number between 36 and 2400, not '" + texts.dpi + "'");
        a.dotsPerInch = static_cast<int>(dpi);
    }
    if (a.file.empty()) return invalidInput("missing the instance FILE");
    if (forExport && a.output.empty()) return invalidInput("export needs -o CHART.png|.pdf|.svg");
    return std::nullopt;
}

const char* kExportUsage =
    "usage: hetsched export FILE [--solver NAME] [--option NAME=VALUE]... -o CHART.png|.pdf|.svg\n"
    "                       [--width PIXELS] [--height PIXELS] [--dpi DPI] [--part gantt|dag|both]\n"
    "Solves the instance FILE (- for standard input) with the solver (default: the family's default for\n"
    "this instance, as hetsched solve) and renders the chart the GUI shows for the result, headless.\n"
    "The format follows the extension of -o; --width and --height (100 to 20000, default 1200 x 700)\n"
    "give its size in pixels. --dpi (PNG only, 36 to 2400) lays the chart out at that size's length on a\n"
    "96 DPI screen and draws it finer, tagged with the DPI; --part (task graph results) exports the Gantt,\n"
    "the graph or both (default).\n";

}  // namespace

std::optional<int> parseSolveCommand(const std::vector<std::string>& args, bool forExport, SolveArguments& a,
                                     std::ostream& out, std::ostream& err) {
    Command command(forExport ? "hetsched export: " : "hetsched solve: ",
                    forExport ? "Renders the chart the GUI shows for the solved instance, headless."
                              : "Solves an instance and prints the result as JSON.");
    command.setHints("", "(one FILE only)");
    SolveFlagTexts texts;
    addSolveFlags(command.app(), a, texts, forExport);
    if (forExport) {
        command.app().footer(kExportUsage);
        if (args.empty()) {
            err << kExportUsage;
            return kExitUsage;
        }
    }
    if (std::optional<int> code = command.parse(args, out, err)) return code;
    if (std::optional<Error> problem = checkSolveFlags(a, texts, forExport)) {
        err << command.prefix() << problem->message << "\n";
        return kExitUsage;
    }
    return std::nullopt;
}

namespace {

// The instance FILE names ("-": standard input).
Expected<Instance> loadInstance(const std::string& file) {
    if (file != "-") return readInstanceFile(file);
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    Expected<Instance> instance = parseInstance(text);
    if (!instance) return Error{instance.error().kind, "<stdin>: " + instance.error().message};
    return instance;
}

}  // namespace

Expected<SolveResult> loadAndSolve(const SolveArguments& a, Instance* instanceOut) {
    Expected<Instance> instance = loadInstance(a.file);
    if (!instance) return instance.error();
    Expected<SolveResult> result = solve(*instance, a.solver, a.options);
    if (result && instanceOut) *instanceOut = std::move(*instance);
    return result;
}

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    SolveArguments a;
    if (std::optional<int> code = parseSolveCommand(args, false, a, out, err)) return *code;
    Expected<SolveResult> result = loadAndSolve(a);
    if (!result) {
        err << "hetsched solve: error: " << result.error().message << "\n";
        return kExitError;
    }
    const std::string text = result->json.dump(2) + "\n";
    if (a.output.empty()) {
        out << text;
    } else if (auto written = writeTextFileAtomically(a.output, text); !written) {
        err << "hetsched solve: error: " << written.error().message << "\n";
        return kExitError;
    }
    return kExitOk;
}

namespace {

// The flags of `hetsched simulate` beyond those it shares with solve (FILE, --solver, --option, -o).
struct SimulateFlag {
    const char* name;
    const char* value;
    const char* help;
};
constexpr SimulateFlag kSimulateFlags[] = {
    {"--result", "RESULT.json", "simulate a stored result of FILE (as hetsched solve -o writes it) instead of solving"},
    {"--platform", "P.xml", "dag: simulate on this SimGrid platform (its clusters as the instance names them)"},
    {"--write-platform", "OUT.xml", "dag: save the SimGrid platform generated from the instance's clusters"},
    {"--periods", "K", "steady_state: how many periods of the periodic schedule to replay (1 to 1000, default 3)"},
};

void printSimulateUsage(std::ostream& out) {
    out << "usage: hetsched simulate FILE [--solver NAME] [--option NAME=VALUE]... [-o OUT.json]\n";
    for (const SimulateFlag& f : kSimulateFlags) {
        std::string flag = std::string("  ") + f.name + " " + f.value;
        out << flag << std::string(flag.size() < 30 ? 30 - flag.size() : 1, ' ') << f.help << "\n";
    }
    out << "Replays the schedule (solved by the solver, default the family's, or read with --result) on SimGrid\n"
           "(hetsched-simgrid, ptask_L07): the same processors, allocation and order. Prints JSON: the simulated\n"
           "start and end of every task and transfer beside the planned ones, each delay and its cause, the\n"
           "simulated makespan beside the planned one (docs/formats.md). dag: on the instance's SimGrid file when\n"
           "it was imported from one, else on a platform generated from its clusters (Figure 1 of N'Takpe and\n"
           "Suter 2006). Families: dag, divisible, cpugpu, steady_state.\n";
}

}  // namespace

int runSimulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched simulate: ";
    if (args.empty()) {
        printSimulateUsage(err);
        return kExitUsage;
    }
    Command command(prefix, "Replays a schedule on SimGrid and prints simulated against planned times (JSON).");
    command.setHints("", "(one FILE only)");
    SolveArguments solveArgs;
    SolveFlagTexts texts;
    addSolveFlags(command.app(), solveArgs, texts, false);
    // Simulate's own flags, kept by name when given.
    std::map<std::string, std::string> own;
    for (const SimulateFlag& f : kSimulateFlags) {
        const std::string name = f.name;
        command.app()
            .add_option_function<std::string>(name, [&own, name](const std::string& v) { own[name] = v; }, f.help)
            ->type_name(f.value)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    }
    std::ostringstream usage;
    printSimulateUsage(usage);
    command.app().footer(usage.str());
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    if (std::optional<Error> problem = checkSolveFlags(solveArgs, texts, false)) {
        err << prefix << problem->message << "\n";
        return kExitUsage;
    }
    const SolveArguments* a = &solveArgs;
    SimulationOptions options;
    if (own.count("--platform")) options.platformFile = own["--platform"];
    if (own.count("--periods")) {
        auto periods = parseInteger(own["--periods"], "--periods", 1, 1000);
        if (!periods) {
            err << prefix << periods.error().message << "\n";
            return kExitUsage;
        }
        options.periods = static_cast<int>(*periods);
    }
    const bool stored = own.count("--result") != 0;
    if (stored && (!a->solver.empty() || !a->options.empty())) {
        err << prefix << "--result and --solver/--option are exclusive (a stored result, or one solved now)\n";
        return kExitUsage;
    }
    Expected<Instance> instance = loadInstance(a->file);
    if (!instance) {
        err << prefix << "error: " << instance.error().message << "\n";
        return kExitError;
    }
    const std::string kind = instanceKind(*instance);
    if (auto why = simulationUnavailableReason(kind)) {
        err << prefix << "error: " << *why << "\n";
        return kExitError;
    }
    if ((own.count("--platform") || own.count("--write-platform")) && kind != "dag") {
        err << prefix << (own.count("--platform") ? "--platform" : "--write-platform") << " applies to dag instances only\n";
        return kExitUsage;
    }
    if (own.count("--periods") && kind != "steady_state") {
        err << prefix << "--periods applies to steady_state instances only\n";
        return kExitUsage;
    }
    Expected<SolveResult> result = invalidInput("no result");
    if (stored) {
        Expected<std::string> text = readTextFile(own["--result"]);
        if (!text) {
            err << prefix << "error: " << text.error().message << "\n";
            return kExitError;
        }
        try {
            result = resultFromJson(*instance, json_detail::parseJsonText(*text));
        } catch (const json_detail::InputError& e) {
            result = invalidInput(e.what());
        }
        if (!result) result = Error{result.error().kind, own["--result"] + ": " + result.error().message};
    } else {
        result = solve(*instance, a->solver, a->options);
    }
    if (!result) {
        err << prefix << "error: " << result.error().message << "\n";
        return kExitError;
    }
    Expected<SimulationResult> simulated = simulateResult(*instance, *result, options);
    if (!simulated) {
        err << prefix << "error: " << simulated.error().message << "\n";
        return kExitError;
    }
    if (own.count("--write-platform")) {
        if (simulated->platformXml.empty()) {
            err << prefix << "error: nothing was generated to write: the simulation ran on " << simulated->platformFile
                << " (the instance's SimGrid platform)\n";
            return kExitError;
        }
        if (auto written = writeTextFileAtomically(own["--write-platform"], simulated->platformXml); !written) {
            err << prefix << "error: " << written.error().message << "\n";
            return kExitError;
        }
    }
    const std::string text = simulationResultToJson(*simulated).dump(2) + "\n";
    if (a->output.empty()) {
        out << text;
        return kExitOk;
    }
    if (auto written = writeTextFileAtomically(a->output, text); !written) {
        err << prefix << "error: " << written.error().message << "\n";
        return kExitError;
    }
    char line[160];
    const char* unit = simulated->schedule.timeUnit == "s" ? " s" : "";
    std::snprintf(line, sizeof line, "simulated makespan %.6g%s, planned %.6g%s (%+.3g%%)", simulated->simulatedMakespan,
                  unit, simulated->plannedMakespan, unit,
                  simulated->plannedMakespan > 0
                      ? 100 * (simulated->simulatedMakespan - simulated->plannedMakespan) / simulated->plannedMakespan
                      : 0.0);
    out << a->output << ": " << line << "\n";
    return kExitOk;
}

int runSolvers(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string kind;
    Command command("hetsched solvers: ", "Lists every solver, one line each, with its options, defaults and ranges.");
    addValueFlag(command.app(), "--kind", kind, "only the solvers of this family (dag, divisible, cpugpu, ...)", "KIND");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    std::size_t nameWidth = 0;
    for (const SolverSpec& s : solverSpecs()) nameWidth = std::max(nameWidth, s.kind.size() + 1 + s.name.size());
    bool any = false;
    for (const SolverSpec& s : solverSpecs()) {
        if (!kind.empty() && s.kind != kind) continue;
        any = true;
        std::string id = s.kind + " " + s.name;
        out << id << std::string(nameWidth + 2 - id.size(), ' ') << s.description << "\n";
        for (const OptionSpec& o : s.options)
            out << std::string(nameWidth + 4, ' ') << "--option " << o.name << "=" << optionDefaultText(o) << "  "
                << o.description << " [" << o.minimum << ", " << o.maximum << "]\n";
    }
    if (!any) {
        err << "hetsched solvers: no solver for kind '" << kind << "'\n";
        return kExitError;
    }
    return kExitOk;
}

namespace {

// "[--workers 100] [--platforms 10] [--simulate]": an experiment's flags with their defaults, for the list.
std::string experimentUsage(const ExperimentOptions& options) {
    std::string usage;
    for (const OptionSpec& spec : options.table) {
        usage += usage.empty() ? "[--" : " [--";
        usage += spec.name;
        if (spec.type != OptionType::Bool) {
            const std::string text = experimentOptionText(options, spec, spec.defaultValue);
            usage += " " + (text.empty() ? std::string("LIST") : text);
        }
        usage += "]";
    }
    return usage;
}

struct ExperimentSpec {
    std::string name;
    const ExperimentOptions& (*options)();   // its flags
    std::string description;   // one line
    int (*run)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
    // The table of a sweep merged from its parts (-o OUTPUT, --keep-raw RAW).
    int (*merge)(const SweepMerge& merged, const std::string& output, const std::string& keepRaw, std::ostream& out,
                 std::ostream& err);
};

int writeCsv(const std::string& csv, const std::string& output, std::ostream& out, std::ostream& err) {
    if (output.empty()) {
        out << csv;
    } else if (auto written = writeTextFileAtomically(output, csv); !written) {
        err << "hetsched experiment: error: " << written.error().message << "\n";
        return kExitError;
    }
    return kExitOk;
}


// What the experiment subcommand needs of an experiment beyond its flags: its sweep (sweep/sweep.h).
template <class Config>
struct ExperimentSweep {
    const ExperimentOptions& (*options)();                                     // the flags, as a table
    Config (*fromValues)(const OptionValues&);
    OptionValues (*toValues)(const Config&);
    std::vector<std::string> (*flags)(const Config&);                          // canonical, every flag
    Expected<std::size_t> (*unitCount)(const Config&);                         // also checks the config
    Expected<SweepRows> (*runShard)(const Config&, const Shard&, const Progress&);
    Expected<std::string> (*table)(const Config&, const SweepRows&);          // the CSV of every unit
};

// Units done, time spent and time left on the terminal (stderr) during a run, redrawn on one line at
// most four times a second; nothing when stderr is not a terminal (a batch job, a pipe, a test).
class TerminalProgress {
public:
    TerminalProgress(std::string prefix, std::size_t units, std::ostream& err)
        : m_prefix(std::move(prefix)), m_units(units),
          m_enabled(&err == &std::cerr && isatty(STDERR_FILENO) == 1), m_start(std::chrono::steady_clock::now()) {}
    ~TerminalProgress() {
        if (m_shown) std::cerr << "\r" << m_prefix << sweepProgressLine(double(m_units), m_units, elapsed()) << "\x1b[K\n";
    }
    Progress progress() {
        if (!m_enabled) return {};
        return Progress([this](double fraction, const std::string&) { show(fraction); }, nullptr);
    }

private:
    double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    }
    void show(double fraction) {
        const double now = elapsed();
        if (m_shown && now - m_lastShown < 0.25) return;
        m_shown = true;
        m_lastShown = now;
        std::cerr << "\r" << m_prefix << sweepProgressLine(fraction * double(m_units), m_units, now) << "\x1b[K"
                  << std::flush;
    }

    std::string m_prefix;
    std::size_t m_units;
    bool m_enabled;
    std::chrono::steady_clock::time_point m_start;
    bool m_shown = false;
    double m_lastShown = 0;
};

// The path of the running hetsched, for the job script's default (the login node runs the same binary).
std::string runningExecutable() {
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::string("hetsched") : self.string();
}

// The flags of the experiment's option table read into its configuration; then, for every experiment alike:
// --shard K/N writes the raw rows of part K of N (a part for `hetsched experiment merge`), --keep-raw FILE
// keeps every unit's rows of an unsharded run beside its table, --slurm-script FILE writes the job script
// that runs the sweep on a SLURM cluster instead of running it here.
template <class Config>
int runExperimentWithFlags(const std::string& name, const std::vector<std::string>& args, Config config,
                           const ExperimentSweep<Config>& sweep, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched experiment " + name + ": ";
    std::string output, keepRaw, slurmScript, shardText;
    Command command(prefix, "Runs the experiment and prints its table as CSV.");
    CLI::App& app = command.app();
    // The experiment's flags: its option table's, each value read by the table (setExperimentOption).
    const ExperimentOptions& table = sweep.options();
    std::vector<CLI::Option*> options;
    for (const OptionSpec& spec : table.table) {
        const bool isFlag = spec.type == OptionType::Bool;
        const std::string defaultText = experimentOptionText(table, spec, spec.defaultValue);
        CLI::Option* option =
            app.add_option("--" + spec.name)
                ->description(spec.description + " (" +
                              (isFlag ? std::string("bare, on or off") : optionAcceptsText(spec)) +
                              (defaultText.empty() ? "" : "; default " + defaultText) + ")")
                ->type_name(isFlag ? "[on|off]" : spec.type == OptionType::Int ? "INT" : "VALUE")
                ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
                ->group("Experiment");
        if (isFlag) option->expected(0, 1);   // --simulate alone is --simulate on
        options.push_back(option);
    }
    addValueFlag(app, "-o,--output", output, "write the CSV there instead of standard output", "OUT.csv")->group("Sweep");
    CLI::Option* shardFlag =
        addValueFlag(app, "--shard", shardText,
                     "run only part K of N of the sweep (units K-1, K-1+N, ...) and write its raw rows", "K/N")
            ->group("Sweep");
    addValueFlag(app, "--keep-raw", keepRaw, "beside the table, keep every instance's raw rows (a whole run)", "RAW.csv")
        ->group("Sweep");
    addValueFlag(app, "--slurm-script", slurmScript,
                 "write the job script that runs the sweep as a SLURM job array, then merges", "FILE")
        ->group("Sweep");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    OptionValues values = sweep.toValues(config);
    for (std::size_t k = 0; k < options.size(); ++k) {
        if (options[k]->count() == 0) continue;
        const std::vector<std::string> results = options[k]->results();
        const std::string value = results.empty() || results.back().empty() ? "on" : results.back();
        if (std::optional<Error> problem = setExperimentOption(table, values, "--" + table.table[k].name, value)) {
            err << prefix << problem->message << "\n";
            return kExitUsage;
        }
    }
    config = sweep.fromValues(values);
    std::optional<Shard> shard;
    if (shardFlag->count() > 0) {
        Expected<Shard> parsed = parseShard(shardText);
        if (!parsed) {
            err << prefix << parsed.error().message << "\n";
            return kExitUsage;
        }
        shard = *parsed;
    }
    if (shard && !keepRaw.empty()) {
        err << prefix << "--keep-raw is for a whole run; a part (--shard) is made of raw rows already\n";
        return kExitUsage;
    }
    if (!slurmScript.empty() && (shard || !output.empty() || !keepRaw.empty())) {
        err << prefix << "--slurm-script writes the job script only: the jobs choose --shard, -o and --keep-raw\n";
        return kExitUsage;
    }
    Expected<std::size_t> units = sweep.unitCount(config);
    if (!units) {
        err << prefix << "error: " << units.error().message << "\n";
        return kExitError;
    }
    if (!slurmScript.empty()) {
        SlurmSweepOptions options;
        options.experiment = name;
        options.flags = sweep.flags(config);
        options.units = *units;
        options.shards = suggestedShards(*units);
        options.hetsched = runningExecutable();
        if (auto written = writeTextFileAtomically(slurmScript, slurmSweepScript(options)); !written) {
            err << prefix << "error: " << written.error().message << "\n";
            return kExitError;
        }
        std::error_code ignored;
        std::filesystem::permissions(slurmScript, std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec,
                                     std::filesystem::perm_options::add, ignored);
        out << slurmScript << ": the sweep's " << *units << " units as a SLURM job array of " << options.shards
            << " tasks and a merge; on the cluster's login node: bash " << slurmScript
            << " [--shards N] [--time HH:MM:SS] [--mem SIZE] [--partition NAME] (--help)\n";
        return kExitOk;
    }
    const Shard part = shard.value_or(Shard{});
    Expected<SweepRows> rows = [&] {
        TerminalProgress terminal(prefix, part.unitsOf(*units), err);
        return sweep.runShard(config, part, terminal.progress());
    }();
    if (!rows) {
        err << prefix << "error: " << rows.error().message << "\n";
        return kExitError;
    }
    SweepHeader header{name, sweep.flags(config), HETSCHED_VERSION, part, rows->totalUnits,
                       part.unitsOf(rows->totalUnits)};
    if (shard) return writeCsv(sweepPartText(header, *rows), output, out, err);
    Expected<std::string> csv = sweep.table(config, *rows);
    if (!csv) {
        err << prefix << "error: " << csv.error().message << "\n";
        return kExitError;
    }
    if (!keepRaw.empty())
        if (int written = writeCsv(sweepPartText(header, *rows), keepRaw, out, err); written != kExitOk) return written;
    return writeCsv(*csv, output, out, err);
}

// The table of a merged sweep: its canonical flags applied to the experiment's defaults, as a run would.
template <class Config>
int writeMergedTable(const SweepMerge& merged, Config config, const ExperimentSweep<Config>& sweep,
                     const std::string& output, const std::string& keepRaw, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched experiment merge: ";
    const std::vector<std::string>& flags = merged.header.flags;
    OptionValues values = sweep.toValues(config);
    for (std::size_t i = 0; i + 1 < flags.size(); i += 2)
        if (std::optional<Error> problem = setExperimentOption(sweep.options(), values, flags[i], flags[i + 1])) {
            err << prefix << "error: the parts' flags: " << problem->message << "\n";
            return kExitError;
        }
    config = sweep.fromValues(values);
    if (flags.size() % 2 != 0 || sweep.flags(config) != flags) {
        err << prefix << "error: the parts' flags are not those this hetsched writes for " << merged.header.experiment
            << " (made by another version?)\n";
        return kExitError;
    }
    Expected<std::string> csv = sweep.table(config, merged.rows);
    if (!csv) {
        err << prefix << "error: " << csv.error().message << "\n";
        return kExitError;
    }
    if (!keepRaw.empty())
        if (int written = writeCsv(sweepPartText(merged.header, merged.rows), keepRaw, out, err); written != kExitOk)
            return written;
    return writeCsv(*csv, output, out, err);
}

const ExperimentSweep<DivisibleSimulationConfig> kDivisibleSimulationSweep{
    divisibleSimulationOptions, divisibleSimulationConfig, divisibleSimulationValues,
    divisibleSimulationFlags, divisibleSimulationUnitCount, runDivisibleSimulationShard,
    [](const DivisibleSimulationConfig& config, const SweepRows& rows) -> Expected<std::string> {
        Expected<std::vector<DivisibleSimulationRow>> table = divisibleSimulationFromRows(config, rows);
        if (!table) return table.error();
        return divisibleSimulationCsv(*table);
    }};

int runDivisibleSimulationExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runExperimentWithFlags(kDivisibleSimulationExperiment, args, DivisibleSimulationConfig{}, kDivisibleSimulationSweep,
                                  out, err);
}


const ExperimentSweep<DagEvaluationConfig> kDagEvaluationSweep{
    dagEvaluationOptions, dagEvaluationConfig, dagEvaluationValues,
    dagEvaluationFlags, dagEvaluationUnitCount, runDagEvaluationShard,
    [](const DagEvaluationConfig& config, const SweepRows& rows) -> Expected<std::string> {
        Expected<std::vector<DagEvaluationRow>> table = dagEvaluationFromRows(config, rows);
        if (!table) return table.error();
        return dagEvaluationCsv(*table);
    }};

int runDagEvaluationExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runExperimentWithFlags(kDagEvaluationExperiment, args, DagEvaluationConfig{}, kDagEvaluationSweep, out, err);
}


const ExperimentSweep<CpuGpuExperimentOptions> kCpuGpuSweep{
    cpuGpuExperimentOptionTable, cpuGpuExperimentOptions, cpuGpuExperimentValues,
    cpuGpuExperimentFlags, cpuGpuExperimentUnitCount, runCpuGpuExperimentShard,
    [](const CpuGpuExperimentOptions& options, const SweepRows& rows) -> Expected<std::string> {
        Expected<CpuGpuExperiment> experiment = cpuGpuExperimentFromRows(options, rows);
        if (!experiment) return experiment.error();
        return cpuGpuExperimentCsv(*experiment);
    }};

int runCpuGpuExperimentCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runExperimentWithFlags(kCpuGpuExperiment, args, CpuGpuExperimentOptions{}, kCpuGpuSweep, out, err);
}

const std::vector<ExperimentSpec>& experiments() {
    static const std::vector<ExperimentSpec> all{
        {kDivisibleSimulationExperiment, divisibleSimulationOptions,
         "the simulation of Beaumont, Marchal, Robert 2005: lifo-optimal, fifo-by-c, fifo-by-w relative to "
         "fifo-optimal against w/c, and the workers fifo-optimal uses",
         runDivisibleSimulationExperiment,
         [](const SweepMerge& m, const std::string& o, const std::string& raw, std::ostream& out, std::ostream& err) {
             return writeMergedTable(m, DivisibleSimulationConfig{}, kDivisibleSimulationSweep, o, raw, out, err);
         }},
        {kCpuGpuExperiment, cpuGpuExperimentOptionTable,
         "the experiment of Kedad-Sidhoum et al. 2013 (Table 1, Figure 2): every cpugpu solver on the paper's random "
         "instances, mean and max deviation from the best lower bound and from the optimum where known",
         runCpuGpuExperimentCommand,
         [](const SweepMerge& m, const std::string& o, const std::string& raw, std::ostream& out, std::ostream& err) {
             return writeMergedTable(m, CpuGpuExperimentOptions{}, kCpuGpuSweep, o, raw, out, err);
         }},
        {kDagEvaluationExperiment, dagEvaluationOptions,
         "the evaluation of N'Takpé and Suter 2006: every dag solver on random task graphs and clusters of "
         "clusters, the four metrics by number of clusters and by heterogeneity; --simulate also measures "
         "each makespan on SimGrid, as the paper did",
         runDagEvaluationExperiment,
         [](const SweepMerge& m, const std::string& o, const std::string& raw, std::ostream& out, std::ostream& err) {
             return writeMergedTable(m, DagEvaluationConfig{}, kDagEvaluationSweep, o, raw, out, err);
         }},
    };
    return all;
}

// hetsched experiment merge PART... [-o OUT.csv] [--keep-raw RAW.csv]: a directory stands for its *.csv files.
int runExperimentMerge(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched experiment merge: ";
    std::string output, keepRaw;
    std::vector<std::string> given, files;
    Command command(prefix, "Checks that the parts make one whole sweep and writes the table an unsharded run writes.");
    command.app().add_option("PART", given, "a part written by --shard K/N, or a directory of them (*.csv)");
    addValueFlag(command.app(), "-o,--output", output, "write the table there instead of standard output", "OUT.csv");
    addValueFlag(command.app(), "--keep-raw", keepRaw, "also write every unit's raw rows there", "RAW.csv");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    for (const std::string& arg : given) {
        if (std::error_code ec; std::filesystem::is_directory(arg, ec)) {
            std::vector<std::string> inside;
            for (const auto& entry : std::filesystem::directory_iterator(arg, ec))
                if (entry.path().extension() == ".csv") inside.push_back(entry.path().string());
            std::sort(inside.begin(), inside.end());
            if (inside.empty()) {
                err << prefix << "error: " << arg << ": no part (*.csv) in this directory\n";
                return kExitError;
            }
            files.insert(files.end(), inside.begin(), inside.end());
        } else {
            files.push_back(arg);
        }
    }
    if (files.empty()) {
        err << "usage: hetsched experiment merge PART.csv... [-o RESULT.csv] [--keep-raw RAW.csv]\n"
               "(the parts written by hetsched experiment NAME [FLAGS] --shard K/N, or directories of them)\n";
        return kExitUsage;
    }
    std::vector<SweepPart> parts;
    for (const std::string& file : files) {
        Expected<std::string> text = readTextFile(file);
        Expected<SweepPart> part = text ? parseSweepPart(*text, file) : Expected<SweepPart>(text.error());
        if (!part) {
            err << prefix << "error: " << part.error().message << "\n";
            return kExitError;
        }
        parts.push_back(std::move(*part));
    }
    Expected<SweepMerge> merged = mergeSweepParts(std::move(parts));
    if (!merged) {
        err << prefix << "error: " << merged.error().message << "\n";
        return kExitError;
    }
    for (const ExperimentSpec& e : experiments())
        if (e.name == merged->header.experiment) return e.merge(*merged, output, keepRaw, out, err);
    err << prefix << "error: the parts are of an experiment this hetsched does not know: '" << merged->header.experiment
        << "'\n";
    return kExitError;
}

}  // namespace

int runExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args.front() == "--list" || args.front() == "--help") {
        std::ostream& to = args.empty() ? err : out;
        to << "experiments (hetsched experiment NAME [FLAGS]... [-o OUT.csv]):\n";
        for (const ExperimentSpec& e : experiments()) to << "  " << e.name << " " << experimentUsage(e.options()) << "\n      " << e.description << "\n";
        to << "every experiment also takes:\n"
              "  --shard K/N          run only part K of N of the sweep (units K-1, K-1+N, ...) and write its raw rows\n"
              "  --keep-raw RAW.csv   beside the table, keep every instance's raw rows (a whole run)\n"
              "  --slurm-script FILE  write the job script that runs the sweep as a SLURM job array, then merges\n"
              "hetsched experiment merge PART.csv... [-o OUT.csv] [--keep-raw RAW.csv]\n"
              "      check that the parts make one whole sweep and write the table an unsharded run writes\n";
        return args.empty() ? kExitUsage : kExitOk;
    }
    if (args.front() == "merge") return runExperimentMerge({args.begin() + 1, args.end()}, out, err);
    for (const ExperimentSpec& e : experiments())
        if (e.name == args.front()) return e.run({args.begin() + 1, args.end()}, out, err);
    err << "hetsched experiment: unknown experiment '" << args.front() << "' (hetsched experiment --list)\n";
    return kExitUsage;
}

namespace {

const char* kPlatformFlagsHelp =
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

// The platform flags shared by import and generate.
struct PlatformFlags {
    std::string file;                          // --platform
    std::optional<DagPlatformConfig> random;   // --clusters and the generator's parameters
    OptionValues randomValues{dagPlatformOptions()};
    std::vector<std::string> randomFlags;      // the random-platform flags given (for the messages)
    bool seedGiven = false;                    // --platform-seed
};

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
    const std::string text = instanceToJson(instance).dump(2) + "\n";
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
                     std::ostream& err, const std::string& source = {}) {
    long long processors = 0;
    for (const DagCluster& c : dag.platform.clusters) processors += c.processors;
    const std::string summary = std::to_string(dag.tasks.size()) + " tasks, " + std::to_string(dag.edges.size()) +
                                " edges, " + std::to_string(dag.platform.clusters.size()) + " cluster(s), " +
                                std::to_string(processors) + " processors" + (source.empty() ? "" : " (" + source + ")");
    return writeInstance(Instance{dag}, output, summary, prefix, out, err);
}

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
    return writeInstance(Instance{*steady}, output, summary, prefix, out, err);
}

}  // namespace

int runImport(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched import: ";
    std::ostringstream usage;
    usage << "usage: hetsched import GRAPH PLATFORM [--format " << taskGraphFormatNames() << "]\n"
               "                       [--default-flops F] [--default-bytes B] [--reference-speed FLOPS] [--alpha A]\n"
               "                       [--seed S] [-o OUT.json]\n"
               "       hetsched import PLATFORM.xml --kind steady_state [--source HOST] [-o OUT.json]\n"
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
                problem = invalidInput("--kind must be dag or steady_state, got '" + value + "'");
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
    const TaskGraphFormat format = taskGraphFormat(importValues);
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
        TaskGraphFormat actual = format;
        if (actual == TaskGraphFormat::Auto) {
            Expected<TaskGraphFormat> detected = detectTaskGraphFormat(graph, *text);
            if (detected) actual = *detected;
        }
        if (actual == TaskGraphFormat::Dot || actual == TaskGraphFormat::DaggenText) {
            err << prefix << "--reference-speed applies to graphs with runtimes (wfformat, dax, stg); a "
                << taskGraphFormatName(actual) << " file gives its tasks' flops\n";
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
    Expected<DagInstance> dag = placeTaskGraph(std::move(read->graph), *resolved);
    if (!dag) {
        err << prefix << "error: " << graph << ": " << dag.error().message << "\n";
        return kExitError;
    }
    std::ostream& notes = output.empty() ? err : out;
    for (const std::string& note : read->notes) notes << prefix << "note: " << note << "\n";
    return writeDagInstance(*dag, output, prefix, out, err, read->format);
}

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
