// hetsched experiment NAME: the built-in experiments as CSV, run whole, as a shard of a sweep, or as a SLURM
// job script; and experiment merge, the table of a sweep's parts.

#include "commands/command.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <ostream>
#include <sstream>

#include <unistd.h>

#include "experiments/benchmark.h"
#include "io/instance_io.h"
#include "experiments/cpugpu_experiments.h"
#include "experiments/dag_experiments.h"
#include "experiments/divisible_experiments.h"
#include "export/table_latex.h"
#include "sweep/slurm_script.h"
#include "sweep/sweep.h"

namespace hetsched::cli {

namespace {

// "[--workers 100] [--platforms 10] [--simulate]": an experiment's flags with their defaults, for the list.
std::string experimentUsage(const ExperimentOptions& options) {
    std::string usage;
    for (const OptionSpec& spec : options.table) {
        usage += usage.empty() ? "[--" : " [--";
        usage += spec.name;
        if (spec.type != OptionType::Bool) {
            const std::string text = spec.optional ? std::string("N") : experimentOptionText(options, spec, spec.defaultValue);
            usage += " " + (text.empty() ? std::string("LIST") : text);
        }
        usage += "]";
    }
    return usage;
}

struct ExperimentSpec {
    std::string name;
    const ExperimentOptions& (*options)();   // its flags
    std::string description;   // one line
    int (*run)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
    // The table of a sweep merged from its parts (-o OUTPUT, --keep-raw RAW).
    int (*merge)(const SweepMerge& merged, const std::string& output, const std::string& keepRaw, std::ostream& out,
                 std::ostream& err);
};

int writeCsv(const std::string& csv, const std::string& output, std::ostream& out, std::ostream& err);

// The experiment's table: CSV, or a booktabs LaTeX table when OUT ends in .tex.
int writeTable(const std::string& csv, const std::string& experiment, const std::string& output, std::ostream& out,
               std::ostream& err) {
    if (!isLatexPath(output)) return writeCsv(csv, output, out, err);
    Expected<std::string> latex = csvAsLatexTable(csv, "The results of hetsched experiment " + experiment);
    if (!latex) {
        err << "hetsched experiment: error: " << latex.error().message << "\n";
        return kExitError;
    }
    return writeCsv(*latex, output, out, err);
}

int writeCsv(const std::string& csv, const std::string& output, std::ostream& out, std::ostream& err) {
    if (output.empty()) {
        out << csv;
    } else if (auto written = writeTextFileAtomically(output, csv); !written) {
        err << "hetsched experiment: error: " << written.error().message << "\n";
        return kExitError;
    }
    return kExitOk;
}


// What the experiment subcommand needs of an experiment beyond its flags: its sweep (sweep/sweep.h).
template <class Config>
struct ExperimentSweep {
    const ExperimentOptions& (*options)();                                     // the flags, as a table
    Config (*fromValues)(const OptionValues&);
    OptionValues (*toValues)(const Config&);
    std::vector<std::string> (*flags)(const Config&);                          // canonical, every flag
    Expected<std::size_t> (*unitCount)(const Config&);                         // also checks the config
    Expected<SweepRows> (*runShard)(const Config&, const Shard&, const Progress&);
    Expected<std::string> (*table)(const Config&, const SweepRows&);          // the CSV of every unit
};

// Units done, time spent and time left on the terminal (stderr) during a run, redrawn on one line at
// most four times a second; nothing when stderr is not a terminal (a batch job, a pipe, a test).
class TerminalProgress {
public:
    TerminalProgress(std::string prefix, std::size_t units, std::ostream& err)
        : m_prefix(std::move(prefix)), m_units(units),
          m_enabled(&err == &std::cerr && isatty(STDERR_FILENO) == 1), m_start(std::chrono::steady_clock::now()) {}
    ~TerminalProgress() {
        if (m_shown) std::cerr << "\r" << m_prefix << sweepProgressLine(double(m_units), m_units, elapsed()) << "\x1b[K\n";
    }
    Progress progress() {
        if (!m_enabled) return {};
        return Progress([this](double fraction, const std::string&) { show(fraction); }, nullptr);
    }

private:
    double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    }
    void show(double fraction) {
        const double now = elapsed();
        if (m_shown && now - m_lastShown < 0.25) return;
        m_shown = true;
        m_lastShown = now;
        std::cerr << "\r" << m_prefix << sweepProgressLine(fraction * double(m_units), m_units, now) << "\x1b[K"
                  << std::flush;
    }

    std::string m_prefix;
    std::size_t m_units;
    bool m_enabled;
    std::chrono::steady_clock::time_point m_start;
    bool m_shown = false;
    double m_lastShown = 0;
};

// The path of the running hetsched, for the job script's default (the login node runs the same binary).
std::string runningExecutable() {
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::string("hetsched") : self.string();
}

// The flags of the experiment's option table read into its configuration; then, for every experiment alike:
// --shard K/N writes the raw rows of part K of N (a part for `hetsched experiment merge`), --keep-raw FILE
// keeps every unit's rows of an unsharded run beside its table, --slurm-script FILE writes the job script
// that runs the sweep on a SLURM cluster instead of running it here.
template <class Config>
int runExperimentWithFlags(const std::string& name, const std::vector<std::string>& args, Config config,
                           const ExperimentSweep<Config>& sweep, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched experiment " + name + ": ";
    std::string output, keepRaw, slurmScript, shardText;
    Command command(prefix, "Runs the experiment and prints its table as CSV.");
    CLI::App& app = command.app();
    // The experiment's flags: its option table's, each value read by the table (setExperimentOption).
    const ExperimentOptions& table = sweep.options();
    std::vector<CLI::Option*> options;
    for (const OptionSpec& spec : table.table) {
        const bool isFlag = spec.type == OptionType::Bool;
        const std::string defaultText =
            spec.optional ? std::string("none") : experimentOptionText(table, spec, spec.defaultValue);
        CLI::Option* option =
            app.add_option("--" + spec.name)
                ->description(spec.description + " (" +
                              (isFlag ? std::string("bare, on or off") : optionAcceptsText(spec)) +
                              (defaultText.empty() ? "" : "; default " + defaultText) + ")")
                ->type_name(isFlag ? "[on|off]" : spec.type == OptionType::Int ? "INT" : "VALUE")
                ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
                ->group("Experiment");
        if (isFlag) option->expected(0, 1);   // --simulate alone is --simulate on
        // A list of names also takes several values and repeats (--instances a.json dir/ 'g/*.dot', or a
        // pattern the shell expanded), read as one comma-separated list.
        if (spec.type == OptionType::TextList)
            option->expected(1, CLI::detail::expected_max_vector_size)
                ->allow_extra_args(true)
                ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
        options.push_back(option);
    }
    addValueFlag(app, "-o,--output", output, "write the CSV there instead of standard output (OUT.tex: a booktabs LaTeX table)", "OUT.csv")->group("Sweep");
    CLI::Option* shardFlag =
        addValueFlag(app, "--shard", shardText,
                     "run only part K of N of the sweep (units K-1, K-1+N, ...) and write its raw rows", "K/N")
            ->group("Sweep");
    addValueFlag(app, "--keep-raw", keepRaw, "beside the table, keep every instance's raw rows (a whole run)", "RAW.csv")
        ->group("Sweep");
    addValueFlag(app, "--slurm-script", slurmScript,
                 "write the job script that runs the sweep as a SLURM job array, then merges", "FILE")
        ->group("Sweep");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    OptionValues values = sweep.toValues(config);
    for (std::size_t k = 0; k < options.size(); ++k) {
        if (options[k]->count() == 0) continue;
        const std::vector<std::string> results = options[k]->results();
        std::string value = results.empty() || results.back().empty() ? "on" : results.back();
        if (table.table[k].type == OptionType::TextList) {
            value.clear();
            for (const std::string& part : results) value += (value.empty() ? "" : ",") + part;
        }
        if (std::optional<Error> problem = setExperimentOption(table, values, "--" + table.table[k].name, value)) {
            err << prefix << problem->message << "\n";
            return kExitUsage;
        }
    }
    config = sweep.fromValues(values);
    std::optional<Shard> shard;
    if (shardFlag->count() > 0) {
        Expected<Shard> parsed = parseShard(shardText);
        if (!parsed) {
            err << prefix << parsed.error().message << "\n";
            return kExitUsage;
        }
        shard = *parsed;
    }
    if (shard && !keepRaw.empty()) {
        err << prefix << "--keep-raw is for a whole run; a part (--shard) is made of raw rows already\n";
        return kExitUsage;
    }
    if (!slurmScript.empty() && (shard || !output.empty() || !keepRaw.empty())) {
        err << prefix << "--slurm-script writes the job script only: the jobs choose --shard, -o and --keep-raw\n";
        return kExitUsage;
    }
    Expected<std::size_t> units = sweep.unitCount(config);
    if (!units) {
        err << prefix << "error: " << units.error().message << "\n";
        return kExitError;
    }
    if (!slurmScript.empty()) {
        SlurmSweepOptions options;
        options.experiment = name;
        options.flags = sweep.flags(config);
        options.units = *units;
        options.shards = suggestedShards(*units);
        options.hetsched = runningExecutable();
        if (auto written = writeTextFileAtomically(slurmScript, slurmSweepScript(options)); !written) {
            err << prefix << "error: " << written.error().message << "\n";
            return kExitError;
        }
        std::error_code ignored;
        std::filesystem::permissions(slurmScript, std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec,
                                     std::filesystem::perm_options::add, ignored);
        out << slurmScript << ": the sweep's " << *units << " units as a SLURM job array of " << options.shards
            << " tasks and a merge; on the cluster's login node: bash " << slurmScript
            << " [--shards N] [--time HH:MM:SS] [--mem SIZE] [--partition NAME] (--help)\n";
        return kExitOk;
    }
    const Shard part = shard.value_or(Shard{});
    Expected<SweepRows> rows = [&] {
        TerminalProgress terminal(prefix, part.unitsOf(*units), err);
        return sweep.runShard(config, part, terminal.progress());
    }();
    if (!rows) {
        err << prefix << "error: " << rows.error().message << "\n";
        return kExitError;
    }
    SweepHeader header{name, sweep.flags(config), HETSCHED_VERSION, part, rows->totalUnits,
                       part.unitsOf(rows->totalUnits)};
    if (shard) return writeCsv(sweepPartText(header, *rows), output, out, err);
    Expected<std::string> csv = sweep.table(config, *rows);
    if (!csv) {
        err << prefix << "error: " << csv.error().message << "\n";
        return kExitError;
    }
    if (!keepRaw.empty())
        if (int written = writeCsv(sweepPartText(header, *rows), keepRaw, out, err); written != kExitOk) return written;
    return writeTable(*csv, name, output, out, err);
}

// The table of a merged sweep: its canonical flags applied to the experiment's defaults, as a run would.
template <class Config>
int writeMergedTable(const SweepMerge& merged, Config config, const ExperimentSweep<Config>& sweep,
                     const std::string& output, const std::string& keepRaw, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched experiment merge: ";
    const std::vector<std::string>& flags = merged.header.flags;
    OptionValues values = sweep.toValues(config);
    for (std::size_t i = 0; i + 1 < flags.size(); i += 2)
        if (std::optional<Error> problem = setExperimentOption(sweep.options(), values, flags[i], flags[i + 1])) {
            err << prefix << "error: the parts' flags: " << problem->message << "\n";
            return kExitError;
        }
    config = sweep.fromValues(values);
    if (flags.size() % 2 != 0 || sweep.flags(config) != flags) {
        err << prefix << "error: the parts' flags are not those this hetsched writes for " << merged.header.experiment
            << " (made by another version?)\n";
        return kExitError;
    }
    Expected<std::string> csv = sweep.table(config, merged.rows);
    if (!csv) {
        err << prefix << "error: " << csv.error().message << "\n";
        return kExitError;
    }
    if (!keepRaw.empty())
        if (int written = writeCsv(sweepPartText(merged.header, merged.rows), keepRaw, out, err); written != kExitOk)
            return written;
    return writeTable(*csv, merged.header.experiment, output, out, err);
}

const ExperimentSweep<DivisibleSimulationConfig> kDivisibleSimulationSweep{
    divisibleSimulationOptions, divisibleSimulationConfig, divisibleSimulationValues,
    divisibleSimulationFlags, divisibleSimulationUnitCount, runDivisibleSimulationShard,
    [](const DivisibleSimulationConfig& config, const SweepRows& rows) -> Expected<std::string> {
        Expected<std::vector<DivisibleSimulationRow>> table = divisibleSimulationFromRows(config, rows);
        if (!table) return table.error();
        return divisibleSimulationCsv(*table);
    }};

int runDivisibleSimulationExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runExperimentWithFlags(kDivisibleSimulationExperiment, args, DivisibleSimulationConfig{}, kDivisibleSimulationSweep,
                                  out, err);
}


const ExperimentSweep<DagEvaluationConfig> kDagEvaluationSweep{
    dagEvaluationOptions, dagEvaluationConfig, dagEvaluationValues,
    dagEvaluationFlags, dagEvaluationUnitCount, runDagEvaluationShard,
    [](const DagEvaluationConfig& config, const SweepRows& rows) -> Expected<std::string> {
        Expected<std::vector<DagEvaluationRow>> table = dagEvaluationFromRows(config, rows);
        if (!table) return table.error();
        return dagEvaluationCsv(*table);
    }};

int runDagEvaluationExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runExperimentWithFlags(kDagEvaluationExperiment, args, DagEvaluationConfig{}, kDagEvaluationSweep, out, err);
}


const ExperimentSweep<CpuGpuExperimentOptions> kCpuGpuSweep{
    cpuGpuExperimentOptionTable, cpuGpuExperimentOptions, cpuGpuExperimentValues,
    cpuGpuExperimentFlags, cpuGpuExperimentUnitCount, runCpuGpuExperimentShard,
    [](const CpuGpuExperimentOptions& options, const SweepRows& rows) -> Expected<std::string> {
        Expected<CpuGpuExperiment> experiment = cpuGpuExperimentFromRows(options, rows);
        if (!experiment) return experiment.error();
        return cpuGpuExperimentCsv(*experiment);
    }};

int runCpuGpuExperimentCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runExperimentWithFlags(kCpuGpuExperiment, args, CpuGpuExperimentOptions{}, kCpuGpuSweep, out, err);
}

const ExperimentSweep<BenchmarkConfig> kBenchmarkSweep{
    benchmarkOptions, benchmarkConfig, benchmarkValues, benchmarkFlags, benchmarkUnitCount, runBenchmarkShard,
    [](const BenchmarkConfig& config, const SweepRows& rows) -> Expected<std::string> {
        Expected<BenchmarkTable> table = benchmarkFromRows(config, rows);
        if (!table) return table.error();
        return config.summary ? benchmarkSummaryCsv(*table) : benchmarkRunsCsv(*table);
    }};

int runBenchmarkExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    return runExperimentWithFlags(kBenchmarkExperiment, args, BenchmarkConfig{}, kBenchmarkSweep, out, err);
}

const std::vector<ExperimentSpec>& experiments() {
    static const std::vector<ExperimentSpec> all{
        {kDivisibleSimulationExperiment, divisibleSimulationOptions,
         "the simulation of Beaumont, Marchal, Robert 2005: lifo-optimal, fifo-by-c, fifo-by-w relative to "
         "fifo-optimal against w/c, and the workers fifo-optimal uses",
         runDivisibleSimulationExperiment,
         [](const SweepMerge& m, const std::string& o, const std::string& raw, std::ostream& out, std::ostream& err) {
             return writeMergedTable(m, DivisibleSimulationConfig{}, kDivisibleSimulationSweep, o, raw, out, err);
         }},
        {kCpuGpuExperiment, cpuGpuExperimentOptionTable,
         "the experiment of Kedad-Sidhoum et al. 2013 (Table 1, Figure 2): every cpugpu solver on the paper's random "
         "instances, mean and max deviation from the best lower bound and from the optimum where known",
         runCpuGpuExperimentCommand,
         [](const SweepMerge& m, const std::string& o, const std::string& raw, std::ostream& out, std::ostream& err) {
             return writeMergedTable(m, CpuGpuExperimentOptions{}, kCpuGpuSweep, o, raw, out, err);
         }},
        {kDagEvaluationExperiment, dagEvaluationOptions,
         "the evaluation of N'Takpé and Suter 2006: every dag solver on random task graphs and clusters of "
         "clusters, the four metrics by number of clusters and by heterogeneity; --simulate also measures "
         "each makespan on SimGrid, as the paper did",
         runDagEvaluationExperiment,
         [](const SweepMerge& m, const std::string& o, const std::string& raw, std::ostream& out, std::ostream& err) {
             return writeMergedTable(m, DagEvaluationConfig{}, kDagEvaluationSweep, o, raw, out, err);
         }},
        {kBenchmarkExperiment, benchmarkOptions,
         "every chosen solver on your own instances and task graphs, each task graph on every platform given: "
         "status, objective, ratio to the best of each case, schedule length ratio, speedup and time per run; "
         "--summary: per solver, the mean, median and worst ratio and the wins",
         runBenchmarkExperiment,
         [](const SweepMerge& m, const std::string& o, const std::string& raw, std::ostream& out, std::ostream& err) {
             return writeMergedTable(m, BenchmarkConfig{}, kBenchmarkSweep, o, raw, out, err);
         }},
    };
    return all;
}

// hetsched experiment merge PART... [-o OUT.csv] [--keep-raw RAW.csv]: a directory stands for its *.csv files.
int runExperimentMerge(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched experiment merge: ";
    std::string output, keepRaw;
    std::vector<std::string> given, files;
    Command command(prefix, "Checks that the parts make one whole sweep and writes the table an unsharded run writes.");
    command.app().add_option("PART", given, "a part written by --shard K/N, or a directory of them (*.csv)");
    addValueFlag(command.app(), "-o,--output", output, "write the table there instead of standard output (OUT.tex: a booktabs LaTeX table)", "OUT.csv");
    addValueFlag(command.app(), "--keep-raw", keepRaw, "also write every unit's raw rows there", "RAW.csv");
    if (std::optional<int> code = command.parse(args, out, err)) return *code;
    for (const std::string& arg : given) {
        if (std::error_code ec; std::filesystem::is_directory(arg, ec)) {
            std::vector<std::string> inside;
            for (const auto& entry : std::filesystem::directory_iterator(arg, ec))
                if (entry.path().extension() == ".csv") inside.push_back(entry.path().string());
            std::sort(inside.begin(), inside.end());
            if (inside.empty()) {
                err << prefix << "error: " << arg << ": no part (*.csv) in this directory\n";
                return kExitError;
            }
            files.insert(files.end(), inside.begin(), inside.end());
        } else {
            files.push_back(arg);
        }
    }
    if (files.empty()) {
        err << "usage: hetsched experiment merge PART.csv... [-o RESULT.csv] [--keep-raw RAW.csv]\n"
               "(the parts written by hetsched experiment NAME [FLAGS] --shard K/N, or directories of them)\n";
        return kExitUsage;
    }
    std::vector<SweepPart> parts;
    for (const std::string& file : files) {
        Expected<std::string> text = readTextFile(file);
        Expected<SweepPart> part = text ? parseSweepPart(*text, file) : Expected<SweepPart>(text.error());
        if (!part) {
            err << prefix << "error: " << part.error().message << "\n";
            return kExitError;
        }
        parts.push_back(std::move(*part));
    }
    Expected<SweepMerge> merged = mergeSweepParts(std::move(parts));
    if (!merged) {
        err << prefix << "error: " << merged.error().message << "\n";
        return kExitError;
    }
    for (const ExperimentSpec& e : experiments())
        if (e.name == merged->header.experiment) return e.merge(*merged, output, keepRaw, out, err);
    err << prefix << "error: the parts are of an experiment this hetsched does not know: '" << merged->header.experiment
        << "'\n";
    return kExitError;
}

}  // namespace

int runExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args.front() == "--list" || args.front() == "--help") {
        std::ostream& to = args.empty() ? err : out;
        to << "experiments (hetsched experiment NAME [FLAGS]... [-o OUT.csv]):\n";
        for (const ExperimentSpec& e : experiments()) to << "  " << e.name << " " << experimentUsage(e.options()) << "\n      " << e.description << "\n";
        to << "every experiment also takes:\n"
              "  --shard K/N          run only part K of N of the sweep (units K-1, K-1+N, ...) and write its raw rows\n"
              "  --keep-raw RAW.csv   beside the table, keep every instance's raw rows (a whole run)\n"
              "  --slurm-script FILE  write the job script that runs the sweep as a SLURM job array, then merges\n"
              "hetsched experiment merge PART.csv... [-o OUT.csv] [--keep-raw RAW.csv]\n"
              "      check that the parts make one whole sweep and write the table an unsharded run writes\n";
        return args.empty() ? kExitUsage : kExitOk;
    }
    if (args.front() == "merge") return runExperimentMerge({args.begin() + 1, args.end()}, out, err);
    for (const ExperimentSpec& e : experiments())
        if (e.name == args.front()) return e.run({args.begin() + 1, args.end()}, out, err);
    err << "hetsched experiment: unknown experiment '" << args.front() << "' (hetsched experiment --list)\n";
    return kExitUsage;
}

}  // namespace hetsched::cli
