// hetsched: the GUI by default, headless subcommands for scripts (solve, solvers, export).
#include <QApplication>
#include <QString>

#include <optional>
#include <iostream>
#include <string>
#include <vector>

#include "app/app_entry.h"
#include "cli.h"

namespace {

int runExport(const std::vector<std::string>& args, int argc, char** argv) {
    using namespace hetsched;
    cli::SolveArguments a;
    if (std::optional<int> code = cli::parseSolveCommand(args, true, a, std::cout, std::cerr)) return *code;
    Instance instance;
    Expected<SolveResult> result = cli::loadAndSolve(a, &instance);
    if (!result) {
        std::cerr << "hetsched export: error: " << result.error().message << "\n";
        return cli::kExitError;
    }
    // Headless: no display is needed to render a chart.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    Expected<bool> written =
        ui::exportChart(instance, *result, QString::fromStdString(a.output), a.width, a.height, a.dotsPerInch,
                        QString::fromStdString(a.part));
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
