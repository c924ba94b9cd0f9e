#include "cli.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <sstream>

#include "io/instance_io.h"

namespace hetsched::cli {

namespace {

Expected<double> parseNumber(const std::string& text, const std::string& what) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end == nullptr || *end != '\0') return invalidInput(what + ": '" + text + "' is not a number");
    return v;
}

}  // namespace

void printUsage(std::ostream& out) {
    out << "usage:\n"
           "  hetsched [gui [FILE]]                 start the GUI (on FILE, or on a built-in example)\n"
           "  hetsched solve FILE [--solver NAME] [--option NAME=VALUE]... [-o OUT.json]\n"
           "                                        solve an instance (FILE or - for stdin), print the result as JSON\n"
           "  hetsched export FILE [--solver NAME] [--option NAME=VALUE]... -o CHART.png|.pdf|.svg\n"
           "                  [--width PIXELS] [--height PIXELS]\n"
           "                                        render the chart the GUI shows, headless\n"
           "  hetsched solvers [--kind KIND]        list every solver, one line each\n"
           "  hetsched --help | --version\n";
}

Expected<SolveArguments> parseSolveArguments(const std::vector<std::string>& args, bool forExport) {
    SolveArguments a;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        auto value = [&](const std::string& flag) -> Expected<std::string> {
            if (i + 1 >= args.size()) return invalidInput(flag + " needs a value");
            return args[++i];
        };
        if (arg == "--solver" || arg == "-s") {
            auto v = value(arg);
            if (!v) return v.error();
            a.solver = *v;
        } else if (arg == "--option") {
            auto v = value(arg);
            if (!v) return v.error();
            const auto eq = v->find('=');
            if (eq == std::string::npos || eq == 0) return invalidInput("--option expects NAME=VALUE, got '" + *v + "'");
            auto number = parseNumber(v->substr(eq + 1), "--option " + v->substr(0, eq));
            if (!number) return number.error();
            a.options[v->substr(0, eq)] = *number;
        } else if (arg == "-o" || arg == "--output") {
            auto v = value(arg);
            if (!v) return v.error();
            a.output = *v;
        } else if (forExport && (arg == "--width" || arg == "--height")) {
            auto v = value(arg);
            if (!v) return v.error();
            auto number = parseNumber(*v, arg);
            if (!number) return number.error();
            if (*number < 100 || *number > 20000) return invalidInput(arg + " must be between 100 and 20000 pixels");
            (arg == "--width" ? a.width : a.height) = static_cast<int>(*number);
        } else if (arg.size() > 1 && arg[0] == '-' ) {
            return invalidInput("unknown flag " + arg);
        } else if (a.file.empty()) {
            a.file = arg;
        } else {
            return invalidInput("unexpected argument '" + arg + "' (one FILE only)");
        }
    }
    if (a.file.empty()) return invalidInput("missing the instance FILE");
    if (forExport && a.output.empty()) return invalidInput("export needs -o CHART.png|.pdf|.svg");
    return a;
}

Expected<SolveResult> loadAndSolve(const SolveArguments& a, Instance* instanceOut) {
    Expected<Instance> instance = invalidInput("no instance");
    if (a.file == "-") {
        std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
        instance = parseInstance(text);
        if (!instance) return Error{instance.error().kind, "<stdin>: " + instance.error().message};
    } else {
        instance = readInstanceFile(a.file);
        if (!instance) return instance.error();
    }
    Expected<SolveResult> result = solve(*instance, a.solver, a.options);
    if (result && instanceOut) *instanceOut = std::move(*instance);
    return result;
}

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    Expected<SolveArguments> a = parseSolveArguments(args, false);
    if (!a) {
        err << "hetsched solve: " << a.error().message << "\n";
        return kExitUsage;
    }
    Expected<SolveResult> result = loadAndSolve(*a);
    if (!result) {
        err << "hetsched solve: error: " << result.error().message << "\n";
        return kExitError;
    }
    const std::string text = result->json.dump(2) + "\n";
    if (a->output.empty()) {
        out << text;
    } else if (auto written = writeTextFileAtomically(a->output, text); !written) {
        err << "hetsched solve: error: " << written.error().message << "\n";
        return kExitError;
    }
    return kExitOk;
}

int runSolvers(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string kind;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--kind" && i + 1 < args.size()) {
            kind = args[++i];
        } else {
            err << "hetsched solvers: unexpected argument '" << args[i] << "'\n";
            return kExitUsage;
        }
    }
    std::size_t nameWidth = 0;
    for (const SolverSpec& s : solverSpecs()) nameWidth = std::max(nameWidth, s.kind.size() + 1 + s.name.size());
    bool any = false;
    for (const SolverSpec& s : solverSpecs()) {
        if (!kind.empty() && s.kind != kind) continue;
        any = true;
        std::string id = s.kind + " " + s.name;
        out << id << std::string(nameWidth + 2 - id.size(), ' ') << s.description << "\n";
        for (const OptionSpec& o : s.options)
            out << std::string(nameWidth + 4, ' ') << "--option " << o.name << "=" << o.defaultValue << "  "
                << o.description << " [" << o.minimum << ", " << o.maximum << "]\n";
    }
    if (!any) {
        err << "hetsched solvers: no solver for kind '" << kind << "'\n";
        return kExitError;
    }
    return kExitOk;
}

}  // namespace hetsched::cli
