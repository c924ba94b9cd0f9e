// The headless subcommands of hetsched (solve, solvers) and the argument parsing shared with export.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common/expected.h"
#include "export/figure_options.h"
#include "solvers/registry.h"

namespace hetsched::cli {

struct SolveArguments {
    std::string file;
    std::string solver;          // empty: the family default
    SolverOptions options;
    std::string output;          // -o
    int width = 1200;            // export only
    int height = 700;
    int dotsPerInch = 0;         // export --dpi (0: the screen's)
    std::string part;            // export --part
};

// Parses "FILE [--solver NAME] [--option NAME=VALUE]... [-o OUT]" (and export's [--width W] [--height H]
// [--dpi DPI] [--part PART]) with CLI11. nullopt: parsed into `arguments`; else the exit code, the help or the
// problem written (kExitOk after --help, kExitUsage after a bad command line).
std::optional<int> parseSolveCommand(const std::vector<std::string>& args, bool forExport, SolveArguments& arguments,
                                     std::ostream& out, std::ostream& err);

// What `hetsched export` is asked: the solve's arguments (FILE, --option, -o, --width, --height, --dpi,
// --part), every --solver given (several: the comparison figure of those runs; none: the family's default)
// and the figure's options (--size, --font-pt, --title/--no-title, --no-header, --legend, --palette, and
// --width/--height/--dpi/--part read into them as well).
struct ExportArguments {
    SolveArguments solve;
    std::vector<std::string> solvers;
    std::vector<std::string> results;   // --result, each a stored result of FILE (as solve -o writes it), in order
    FigureOptions figure;
    std::string format;   // --format; empty: by the extension of -o
};

// Parses export's command line; nullopt: parsed, else the exit code (help printed, or the problem: exit 2).
std::optional<int> parseExportCommand(const std::vector<std::string>& args, ExportArguments& arguments,
                                      std::ostream& out, std::ostream& err);
// The usage text of export (--help's footer, and what export with no argument prints).
extern const char* const kExportUsage;

// Loads the instance (FILE or "-" for standard input) and runs the solver.
Expected<SolveResult> loadAndSolve(const SolveArguments& arguments, Instance* instanceOut = nullptr);
// Loads an instance file ("-" for standard input) of any family or import format, as solve does.
Expected<Instance> loadInstance(const std::string& file);
// Reads a result as `hetsched solve -o` writes it, checked against the instance it was solved on; the
// error names the file ("r.json: stored result: at /schedule/3: ...").
Expected<SolveResult> loadStoredResult(const Instance& instance, const std::string& path);

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runSolvers(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// hetsched simulate FILE [...]: the schedule replayed on SimGrid (JSON).
int runSimulate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// hetsched experiment NAME [FLAGS]: built-in experiments printing CSV; with no NAME, the list.
int runExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// hetsched import GRAPH PLATFORM...: a DOT or WfFormat task graph as a dag instance (JSON).
int runImport(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// hetsched generate dag [FLAGS]: a seeded random task graph on a platform (JSON).
int runGenerate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
void printUsage(std::ostream& out);

// hetsched's whole command line: one CLI11 app with a subcommand per command, each passing its arguments to
// the command's own parser (runSolve, ...). The commands that need the GUI library are run by main's hooks:
// `gui` (also for no arguments at all) and `export`. `--help`: the commands and printUsage's text.
int runCommandLine(const std::vector<std::string>& args, const std::function<int(const std::vector<std::string>&)>& gui,
                   const std::function<int(const std::vector<std::string>&)>& exportChart, std::ostream& out,
                   std::ostream& err);

// Exit codes: 0 solved or proven infeasible, 1 invalid input or failed solve, 2 bad command line.
constexpr int kExitOk = 0;
constexpr int kExitError = 1;
constexpr int kExitUsage = 2;

}  // namespace hetsched::cli
