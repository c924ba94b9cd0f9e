// hetsched solve FILE: an instance solved, the result as JSON; the flags it shares with export and simulate.

#include "commands/command.h"

#include <cmath>
#include <cstdlib>
#include <ostream>

#include "io/instance_io.h"

namespace hetsched::cli {

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

namespace {

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

}  // namespace hetsched::cli
