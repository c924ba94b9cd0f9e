// hetsched: the GUI by default, headless subcommands for scripts (solve, solvers, export).
#include <QApplication>
#include <QString>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "app/app_entry.h"
#include "cli.h"

namespace {

void printExportUsage(std::ostream& out) {
    out << "usage: hetsched export FILE [--solver NAME] [--option NAME=VALUE]... -o CHART.png|.pdf|.svg\n"
           "                       [--width PIXELS] [--height PIXELS] [--dpi DPI] [--part gantt|dag|both]\n"
           "Solves the instance FILE (- for standard input) with the solver (default: the family's default for\n"
           "this instance, as hetsched solve) and renders the chart the GUI shows for the result, headless.\n"
           "The format follows the extension of -o; --width and --height (100 to 20000, default 1200 x 700)\n"
           "give its size in pixels. --dpi (PNG only, 36 to 2400) lays the chart out at that size's length on a\n"
           "96 DPI screen and draws it finer, tagged with the DPI; --part (task graph results) exports the Gantt,\n"
           "the graph or both (default).\n";
}

int runExport(const std::vector<std::string>& args, int argc, char** argv) {
    using namespace hetsched;
    // Asked for help anywhere among the arguments: the usage, not a file named --help.
    if (std::find_if(args.begin(), args.end(), [](const std::string& arg) { return arg == "--help" || arg == "-h"; }) !=
        args.end()) {
        printExportUsage(std::cout);
        return cli::kExitOk;
    }
    if (args.empty()) {
        printExportUsage(std::cerr);
        return cli::kExitUsage;
    }
    // The flags of the chart alone, taken out before the arguments every solving command shares.
    int dotsPerInch = 0;
    std::string part;
    std::vector<std::string> solveArgs;
    for (std::size_t k = 0; k < args.size(); ++k) {
        if (args[k] != "--dpi" && args[k] != "--part") {
            solveArgs.push_back(args[k]);
            continue;
        }
        if (k + 1 >= args.size()) {
            std::cerr << "hetsched export: " << args[k] << " needs a value\n";
            return cli::kExitUsage;
        }
        const std::string& value = args[++k];
        if (args[k - 1] == "--part") {
            part = value;
            continue;
        }
        char* end = nullptr;
        const long dpi = std::strtol(value.c_str(), &end, 10);
        if (value.empty() || *end != '\0' || dpi < 36 || dpi > 2400) {
            std::cerr << "hetsched export: --dpi must be a whole number between 36 and 2400, not '" << value << "'\n";
            return cli::kExitUsage;
        }
        dotsPerInch = static_cast<int>(dpi);
    }
    Expected<cli::SolveArguments> a = cli::parseSolveArguments(solveArgs, true);
    if (!a) {
        std::cerr << "hetsched export: " << a.error().message << "\n";
        return cli::kExitUsage;
    }
    Instance instance;
    Expected<SolveResult> result = cli::loadAndSolve(*a, &instance);
    if (!result) {
        std::cerr << "hetsched export: error: " << result.error().message << "\n";
        return cli::kExitError;
    }
    // Headless: no display is needed to render a chart.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    Expected<bool> written =
        ui::exportChart(instance, *result, QString::fromStdString(a->output), a->width, a->height, dotsPerInch,
                        QString::fromStdString(part));
    if (!written) {
        std::cerr << "hetsched export: error: " << written.error().message << "\n";
        return cli::kExitError;
    }
    return cli::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace hetsched;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) return ui::runGui(argc, argv, QString());
    const std::string command = args.front();
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (command == "solve") return cli::runSolve(rest, std::cout, std::cerr);
    if (command == "solvers") return cli::runSolvers(rest, std::cout, std::cerr);
    if (command == "simulate") return cli::runSimulate(rest, std::cout, std::cerr);
    if (command == "experiment") return cli::runExperiment(rest, std::cout, std::cerr);
    if (command == "import") return cli::runImport(rest, std::cout, std::cerr);
    if (command == "generate") return cli::runGenerate(rest, std::cout, std::cerr);
    if (command == "export") return runExport(rest, argc, argv);
    if (command == "gui") {
        if (rest.size() > 1) {
            std::cerr << "hetsched gui: at most one FILE\n";
            return cli::kExitUsage;
        }
        return ui::runGui(argc, argv, rest.empty() ? QString() : QString::fromStdString(rest.front()));
    }
    if (command == "--help" || command == "-h" || command == "help") {
        cli::printUsage(std::cout);
        return cli::kExitOk;
    }
    if (command == "--version") {
        std::cout << "hetsched " << HETSCHED_VERSION << "\n";
        return cli::kExitOk;
    }
    std::cerr << "hetsched: unknown command '" << command << "'\n";
    cli::printUsage(std::cerr);
    return cli::kExitUsage;
}
