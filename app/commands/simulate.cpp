// hetsched simulate FILE: a schedule replayed on SimGrid, simulated against planned times as JSON.

#include "commands/command.h"

#include <cstdio>
#include <map>
#include <ostream>
#include <sstream>

#include "io/instance_io.h"
#include "io/json_reader.h"
#include "results/result_io.h"
#include "simulation/simulation.h"

namespace hetsched::cli {

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
        result = loadStoredResult(*instance, own["--result"]);
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

}  // namespace hetsched::cli
