#include "cli.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

#include "io/instance_io.h"
#include "solvers/dag/dag_experiments.h"
#include "solvers/cpugpu/cpugpu_experiments.h"
#include "solvers/divisible/divisible_experiments.h"

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
           "  hetsched experiment NAME [FLAGS]... [-o OUT.csv]\n"
           "                                        run a built-in experiment, print CSV (hetsched experiment: the list)\n"
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

namespace {

// "0.8,1" -> {0.8, 1}; "log:0.1:100:25" -> 25 values log-spaced from 0.1 to 100.
Expected<std::vector<double>> parseNumberList(const std::string& text, const std::string& flag) {
    std::vector<double> values;
    if (text.rfind("log:", 0) == 0) {
        std::vector<std::string> parts;
        std::stringstream in(text.substr(4));
        for (std::string part; std::getline(in, part, ':');) parts.push_back(part);
        if (parts.size() != 3) return invalidInput(flag + ": expected log:FROM:TO:COUNT, got '" + text + "'");
        auto from = parseNumber(parts[0], flag);
        auto to = parseNumber(parts[1], flag);
        auto count = parseNumber(parts[2], flag);
        if (!from) return from.error();
        if (!to) return to.error();
        if (!count) return count.error();
        if (!(*from > 0) || !(*to > *from) || *count < 2 || *count > 1000 || *count != std::floor(*count))
            return invalidInput(flag + ": log:FROM:TO:COUNT needs 0 < FROM < TO and 2 <= COUNT <= 1000");
        const int n = static_cast<int>(*count);
        for (int k = 0; k < n; ++k) values.push_back(*from * std::pow(*to / *from, double(k) / double(n - 1)));
        return values;
    }
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, ',');) {
        auto v = parseNumber(part, flag);
        if (!v) return v.error();
        values.push_back(*v);
    }
    if (values.empty()) return invalidInput(flag + " needs at least one value");
    return values;
}

Expected<long long> parseInteger(const std::string& text, const std::string& flag, long long lo, long long hi) {
    auto v = parseNumber(text, flag);
    if (!v) return v.error();
    if (*v != std::floor(*v) || *v < double(lo) || *v > double(hi))
        return invalidInput(flag + " must be an integer between " + std::to_string(lo) + " and " + std::to_string(hi) +
                            ", got '" + text + "'");
    return static_cast<long long>(*v);
}

struct ExperimentSpec {
    std::string name;
    std::string usage;         // its flags
    std::string description;   // one line
    int (*run)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
};

int writeCsv(const std::string& csv, const std::string& output, std::ostream& out, std::ostream& err) {
    if (output.empty()) {
        out << csv;
    } else if (auto written = writeTextFileAtomically(output, csv); !written) {
        err << "hetsched experiment: error: " << written.error().message << "\n";
        return kExitError;
    }
    return kExitOk;
}

// Applies one "--flag value" of divisible-simulation to the configuration.
std::optional<Error> setSimulationFlag(DivisibleSimulationConfig& config, const std::string& flag,
                                       const std::string& value) {
    if (flag == "--workers" || flag == "--platforms" || flag == "--seed") {
        const long long hi = flag == "--workers" ? 2000 : flag == "--platforms" ? 1000 : (1LL << 52);
        auto v = parseInteger(value, flag, flag == "--seed" ? 0 : 1, hi);
        if (!v) return v.error();
        if (flag == "--workers") config.workers = static_cast<int>(*v);
        if (flag == "--platforms") config.platforms = static_cast<int>(*v);
        if (flag == "--seed") config.seed = static_cast<std::uint64_t>(*v);
        return std::nullopt;
    }
    if (flag == "--z" || flag == "--ratios") {
        auto v = parseNumberList(value, flag);
        if (!v) return v.error();
        (flag == "--z" ? config.zValues : config.ratios) = *v;
        return std::nullopt;
    }
    return invalidInput("unknown flag " + flag);
}

// "--flag value" pairs applied by setFlag to a configuration, then run(config) gives the CSV.
template <class Config, class SetFlag, class Run>
int runExperimentWithFlags(const std::string& name, const std::vector<std::string>& args, Config config,
                           const SetFlag& setFlag, const Run& run, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched experiment " + name + ": ";
    std::string output;
    for (std::size_t i = 0; i < args.size(); i += 2) {
        const std::string& flag = args[i];
        if (flag.rfind("-", 0) != 0) {
            err << prefix << "unexpected argument '" << flag << "'\n";
            return kExitUsage;
        }
        if (i + 1 >= args.size()) {
            err << prefix << flag << " needs a value\n";
            return kExitUsage;
        }
        if (flag == "-o" || flag == "--output") {
            output = args[i + 1];
        } else if (std::optional<Error> problem = setFlag(config, flag, args[i + 1])) {
            err << prefix << problem->message << "\n";
            return kExitUsage;
        }
    }
    Expected<std::string> csv = run(config);
    if (!csv) {
        err << prefix << "error: " << csv.error().message << "\n";
        return kExitError;
    }
    return writeCsv(*csv, output, out, err);
}

int runDivisibleSimulationExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runExperimentWithFlags(
        "divisible-simulation", args, DivisibleSimulationConfig{}, setSimulationFlag,
        [](const DivisibleSimulationConfig& config) -> Expected<std::string> {
            Expected<std::vector<DivisibleSimulationRow>> rows = runDivisibleSimulation(config);
            if (!rows) return rows.error();
            return divisibleSimulationCsv(*rows);
        },
        out, err);
}

// Applies one "--flag value" of dag-evaluation to the configuration.
std::optional<Error> setDagEvaluationFlag(DagEvaluationConfig& config, const std::string& flag, const std::string& value) {
    if (flag == "--samples" || flag == "--platform-samples" || flag == "--seed") {
        auto v = parseInteger(value, flag, flag == "--seed" ? 0 : 1, flag == "--seed" ? (1LL << 52) : 100);
        if (!v) return v.error();
        if (flag == "--samples") config.dagSamples = static_cast<int>(*v);
        if (flag == "--platform-samples") config.platformSamples = static_cast<int>(*v);
        if (flag == "--seed") config.seed = static_cast<std::uint64_t>(*v);
        return std::nullopt;
    }
    if (flag == "--clusters" || flag == "--sizes" || flag == "--heterogeneity" || flag == "--min-speeds") {
        auto v = parseNumberList(value, flag);
        if (!v) return v.error();
        if (flag == "--heterogeneity") config.heterogeneities = *v;
        if (flag == "--min-speeds") config.minSpeeds = *v;
        if (flag == "--clusters" || flag == "--sizes") {
            std::vector<int> counts;
            for (double x : *v) {
                if (x != std::floor(x) || x < 1 || x > 10000) return invalidInput(flag + " takes integers from 1 to 10000");
                counts.push_back(static_cast<int>(x));
            }
            (flag == "--clusters" ? config.clusterCounts : config.taskCounts) = counts;
        }
        return std::nullopt;
    }
    if (flag == "--solvers") {
        config.solvers.clear();
        std::stringstream in(value);
        for (std::string part; std::getline(in, part, ',');) config.solvers.push_back(part);
        return std::nullopt;
    }
    return invalidInput("unknown flag " + flag);
}

int runDagEvaluationExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runExperimentWithFlags(
        "dag-evaluation", args, DagEvaluationConfig{}, setDagEvaluationFlag,
        [](const DagEvaluationConfig& config) -> Expected<std::string> {
            Expected<std::vector<DagEvaluationRow>> rows = runDagEvaluation(config);
            if (!rows) return rows.error();
            return dagEvaluationCsv(*rows);
        },
        out, err);
}

// Applies one "--flag value" of cpugpu to the options.
std::optional<Error> setCpuGpuFlag(CpuGpuExperimentOptions& options, const std::string& flag, const std::string& value) {
    if (flag == "--tasks") {
        // FROM:TO:STEP or a single count.
        std::vector<std::string> parts;
        std::stringstream in(value);
        for (std::string part; std::getline(in, part, ':');) parts.push_back(part);
        if (parts.size() != 1 && parts.size() != 3) return invalidInput("--tasks expects N or FROM:TO:STEP, got '" + value + "'");
        std::vector<long long> numbers;
        for (const std::string& part : parts) {
            auto v = parseInteger(part, flag, 1, 1000000);
            if (!v) return v.error();
            numbers.push_back(*v);
        }
        options.minTasks = static_cast<int>(numbers[0]);
        options.maxTasks = static_cast<int>(parts.size() == 3 ? numbers[1] : numbers[0]);
        options.taskStep = static_cast<int>(parts.size() == 3 ? numbers[2] : 1);
        return std::nullopt;
    }
    if (flag == "--cpus" || flag == "--gpus") {
        auto v = parseNumberList(value, flag);
        if (!v) return v.error();
        std::vector<int> counts;
        for (double x : *v) {
            if (x != std::floor(x) || x < 0 || x > 10000) return invalidInput(flag + " takes integers from 0 to 10000");
            counts.push_back(static_cast<int>(x));
        }
        (flag == "--cpus" ? options.cpuCounts : options.gpuCounts) = counts;
        return std::nullopt;
    }
    if (flag == "--instances" || flag == "--seed") {
        auto v = parseInteger(value, flag, flag == "--seed" ? 0 : 1, flag == "--seed" ? (1LL << 52) : 100000);
        if (!v) return v.error();
        if (flag == "--instances") options.instancesPerCase = static_cast<int>(*v);
        if (flag == "--seed") options.seed = static_cast<std::uint64_t>(*v);
        return std::nullopt;
    }
    if (flag == "--exact-time-limit" || flag == "--epsilon") {
        auto v = parseNumber(value, flag);
        if (!v) return v.error();
        if (!(*v >= 0) || *v > 86400) return invalidInput(flag + " must be between 0 and 86400");
        (flag == "--epsilon" ? options.epsilon : options.exactTimeLimit) = *v;
        return std::nullopt;
    }
    if (flag == "--solvers") {
        options.solvers.clear();
        std::stringstream in(value);
        for (std::string part; std::getline(in, part, ',');) options.solvers.push_back(part);
        return std::nullopt;
    }
    return invalidInput("unknown flag " + flag);
}

int runCpuGpuExperimentCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runExperimentWithFlags(
        "cpugpu", args, CpuGpuExperimentOptions{}, setCpuGpuFlag,
        [](const CpuGpuExperimentOptions& options) -> Expected<std::string> {
            Expected<CpuGpuExperiment> experiment = runCpuGpuExperiment(options);
            if (!experiment) return experiment.error();
            return cpuGpuExperimentCsv(*experiment);
        },
        out, err);
}

const std::vector<ExperimentSpec>& experiments() {
    static const std::vector<ExperimentSpec> all{
        {"divisible-simulation", "[--workers 100] [--platforms 10] [--seed 1] [--z 0.8,1] [--ratios log:0.1:100:25]",
         "the simulation of Beaumont, Marchal, Robert 2005: lifo-optimal, fifo-by-c, fifo-by-w relative to "
         "fifo-optimal against w/c, and the workers fifo-optimal uses",
         runDivisibleSimulationExperiment},
        {"cpugpu",
         "[--tasks 10:1000:10] [--cpus 1,2,4,8,16,32,64] [--gpus 1,2,4,8] [--instances 30] "
         "[--solvers dual-approx,dual-approx-2,heft,heteroprio] [--exact-time-limit 0] [--seed 1] [--epsilon 0.001]",
         "the experiment of Kedad-Sidhoum et al. 2013 (Table 1, Figure 2): every cpugpu solver on the paper's random "
         "instances, mean and max deviation from the best lower bound and from the optimum where known",
         runCpuGpuExperimentCommand},
        {"dag-evaluation",
         "[--samples 2] [--platform-samples 1] [--sizes 10,20,50] [--clusters 1,2,4,8] [--heterogeneity 1,2,5] "
         "[--min-speeds 0.25e9,0.5e9,0.75e9,1e9] [--solvers cpa,hcpa,...] [--seed 1]",
         "the evaluation of N'Takpé and Suter 2006: every dag solver on random task graphs and clusters of "
         "clusters, the four metrics by number of clusters and by heterogeneity",
         runDagEvaluationExperiment},
    };
    return all;
}

}  // namespace

int runExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args.front() == "--list") {
        (args.empty() ? err : out) << "experiments (hetsched experiment NAME [FLAGS]... [-o OUT.csv]):\n";
        for (const ExperimentSpec& e : experiments())
            (args.empty() ? err : out) << "  " << e.name << " " << e.usage << "\n      " << e.description << "\n";
        return args.empty() ? kExitUsage : kExitOk;
    }
    for (const ExperimentSpec& e : experiments())
        if (e.name == args.front()) return e.run({args.begin() + 1, args.end()}, out, err);
    err << "hetsched experiment: unknown experiment '" << args.front() << "' (hetsched experiment --list)\n";
    return kExitUsage;
}

}  // namespace hetsched::cli
