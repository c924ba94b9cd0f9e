// hetsched solve FILE: an instance solved, the result as JSON; the flags it shares with export and simulate.

#include "commands/command.h"

#include <cmath>
#include <cstdlib>
#include <ostream>

#include "io/instance_io.h"
#include "io/json_reader.h"
#include "results/result_io.h"

namespace hetsched::cli {

void addSolveFlags(CLI::App& app, SolveArguments& a, SolveFlagTexts& texts, bool forExport) {
    app.add_option("FILE", a.file, "the instance (JSON), - for standard input")->type_name("");
    // export takes --solver several times (export_flags.cpp declares it).
    if (!forExport)
        addValueFlag(app, "-s,--solver", a.solver,
                     "the solver (default: the family's default; hetsched solvers lists them)", "NAME");
    app.add_option("--option", texts.options, "a solver option, repeatable (hetsched solvers lists each with its range)")
        ->type_name("NAME=VALUE")
        ->allow_extra_args(false);
    addValueFlag(app, "-o,--output", a.output,
                 forExport ? "the chart: .png, .pdf or .svg" : "write the JSON there instead of standard output", "OUT");
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


std::optional<int> parseSolveCommand(const std::vector<std::string>& args, bool forExport, SolveArguments& a,
                                     std::ostream& out, std::ostream& err) {
    if (forExport) {
        ExportArguments exported;
        std::optional<int> code = parseExportCommand(args, exported, out, err);
        a = exported.solve;
        return code;
    }
    Command command("hetsched solve: ", "Solves an instance and prints the result as JSON.");
    command.setHints("", "(one FILE only)");
    SolveFlagTexts texts;
    addSolveFlags(command.app(), a, texts, forExport);
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

Expected<SolveResult> loadStoredResult(const Instance& instance, const std::string& path) {
    Expected<std::string> text = readTextFile(path);
    if (!text) return text.error();
    Expected<SolveResult> result = resultFromText(instance, *text);
    if (!result) return Error{result.error().kind, path + ": " + result.error().message};
    return result;
}

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    SolveArguments a;
    if (std::optional<int> code = parseSolveCommand(args, false, a, out, err)) return *code;
    Instance instance;
    Expected<SolveResult> result = loadAndSolve(a, &instance);
    if (!result) {
        err << "hetsched solve: error: " << result.error().message << "\n";
        return kExitError;
    }
    // Streamed: the text of a million-task result is never held whole.
    const auto produce = [&](const TextSink& sink) {
        writeResultText(instance, *result, sink);
        sink("\n");
    };
    if (a.output.empty()) {
        produce([&](std::string_view piece) { out.write(piece.data(), static_cast<std::streamsize>(piece.size())); });
    } else if (auto written = writeFileAtomically(a.output, produce); !written) {
        err << "hetsched solve: error: " << written.error().message << "\n";
        return kExitError;
    }
    return kExitOk;
}

}  // namespace hetsched::cli
