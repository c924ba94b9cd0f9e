// hetsched: the GUI by default, headless subcommands for scripts (solve, solvers, export).
#include <QApplication>
#include <QString>

#include <optional>
#include <iostream>
#include <string>
#include <vector>

#include "app/app_entry.h"
#include "cli.h"
#include "io/formats.h"
#include "io/instance_io.h"

namespace {

// hetsched export: the figure of one run, or with --solver (or --result) given several times the comparison of
// those runs; --result draws stored results instead of solving.
int runExport(const std::vector<std::string>& args, int argc, char** argv) {
    using namespace hetsched;
    cli::ExportArguments a;
    if (std::optional<int> code = cli::parseExportCommand(args, a, std::cout, std::cerr)) return *code;
    Instance instance;
    std::vector<ui::NamedResult> runs;
    // The runs: stored results of FILE (--result), or solved now (--solver, default the family's).
    std::vector<Expected<SolveResult>> results;
    if (!a.results.empty()) {
        Expected<Instance> loaded = cli::loadInstance(a.solve.file);
        if (!loaded) {
            std::cerr << "hetsched export: error: " << loaded.error().message << "\n";
            return cli::kExitError;
        }
        instance = std::move(*loaded);
        for (const std::string& path : a.results) results.push_back(cli::loadStoredResult(instance, path));
    } else {
        const std::vector<std::string> solvers =
            a.solvers.empty() ? std::vector<std::string>{std::string()} : a.solvers;
        for (std::size_t k = 0; k < solvers.size(); ++k) {
            cli::SolveArguments one = a.solve;
            one.solver = solvers[k];
            results.push_back(cli::loadAndSolve(one, k == 0 ? &instance : nullptr));
            if (!results.back()) break;
        }
    }
    for (std::size_t k = 0; k < results.size(); ++k) {
        if (!results[k]) {
            std::cerr << "hetsched export: error: " << results[k].error().message << "\n";
            return cli::kExitError;
        }
        // The runs of a comparison are named as a paper's panels: (a), (b), ...
        runs.push_back({QStringLiteral("(%1)").arg(QChar(static_cast<char16_t>(u'a' + k % 26))), std::move(*results[k])});
    }
    // A trace or a table (the format table's core writers) needs no chart: the runs' schedules as they are.
    const FileFormat* writer = findFileFormat(a.format, FormatDirection::Write);
    if (writer && writer->writeSchedule) {
        ScheduleSet set;
        set.title = a.figure.title.value_or(runs.size() == 1 ? runs.front().result.schedule.title : std::string());
        for (const ui::NamedResult& run : runs)
            set.runs.push_back({runs.size() == 1 ? run.result.solver : run.name.toStdString() + " " + run.result.solver,
                                run.result.schedule});
        Expected<std::string> text = writeScheduleTrace(a.format, set, a.figure);
        Expected<bool> written = text ? writeTextFileAtomically(a.solve.output, *text) : Expected<bool>(text.error());
        if (!written) {
            std::cerr << "hetsched export: error: " << written.error().message << "\n";
            return written.error().kind == ErrorKind::InvalidInput ? cli::kExitUsage : cli::kExitError;
        }
        return cli::kExitOk;
    }
    // Headless: no display is needed to render a chart.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString output = QString::fromStdString(a.solve.output);
    const QString format = QString::fromStdString(a.format);
    QStringList notes;
    Expected<bool> written = runs.size() == 1
                                 ? ui::exportFigure(instance, runs.front().result, output, a.figure, format, &notes)
                                 : ui::exportComparisonFigure(instance, runs, output, a.figure, format, &notes);
    // What the figure left out of what was asked, and why: never silently.
    for (const QString& note : notes) std::cerr << "hetsched export: note: " << note.toStdString() << "\n";
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
