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

// hetsched export: the figure of one run, or with --solver given several times the comparison of those runs.
int runExport(const std::vector<std::string>& args, int argc, char** argv) {
    using namespace hetsched;
    cli::ExportArguments a;
    if (std::optional<int> code = cli::parseExportCommand(args, a, std::cout, std::cerr)) return *code;
    Instance instance;
    std::vector<ui::NamedResult> runs;
    const std::vector<std::string> solvers = a.solvers.empty() ? std::vector<std::string>{std::string()} : a.solvers;
    for (std::size_t k = 0; k < solvers.size(); ++k) {
        cli::SolveArguments one = a.solve;
        one.solver = solvers[k];
        Expected<SolveResult> result = cli::loadAndSolve(one, k == 0 ? &instance : nullptr);
        if (!result) {
            std::cerr << "hetsched export: error: " << result.error().message << "\n";
            return cli::kExitError;
        }
        // The runs of a comparison are named as a paper's panels: (a), (b), ...
        runs.push_back({QStringLiteral("(%1)").arg(QChar(static_cast<char16_t>(u'a' + k % 26))), std::move(*result)});
    }
    // Headless: no display is needed to render a chart.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString output = QString::fromStdString(a.solve.output);
    const QString format = QString::fromStdString(a.format);
    Expected<bool> written = runs.size() == 1
                                 ? ui::exportFigure(instance, runs.front().result, output, a.figure, format)
                                 : ui::exportComparisonFigure(instance, runs, output, a.figure, format);
    if (!written) {
        std::cerr << "hetsched export: error: " << written.error().message << "\n";
        // What was asked cannot be drawn (too small, a part the result has not): a bad command line.
        return written.error().kind == ErrorKind::InvalidInput ? cli::kExitUsage : cli::kExitError;
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
