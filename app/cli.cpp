// hetsched's command line: one CLI11 app whose subcommands pass their arguments to the commands of
// app/commands/ (one file each), and the usage text that lists them.
#include "cli.h"

#include <filesystem>
#include <ostream>
#include <sstream>
#include <tuple>

#include <CLI/CLI.hpp>

namespace hetsched::cli {

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

}  // namespace hetsched::cli
