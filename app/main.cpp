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
    const std::vector<std::string> args(argv + 1, argv + argc);
    return cli::runCommandLine(
        args,
        [&](const std::vector<std::string>& rest) {
            return ui::runGui(argc, argv, rest.empty() ? QString() : QString::fromStdString(rest.front()));
        },
        [&](const std::vector<std::string>& rest) { return runExport(rest, argc, argv); }, std::cout, std::cerr);
}
