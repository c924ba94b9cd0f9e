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

#include "experiments/experiment_registry.h"
#include "io/instance_io.h"
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

// The flags of the experiment's option table (core/experiments/experiment_registry.h) read into its values; then,
// for every experiment alike:
// --shard K/N writes the raw rows of part K of N (a part for `hetsched experiment merge`), --keep-raw FILE
// keeps every unit's rows of an unsharded run beside its table, --slurm-script FILE writes the job script
// that runs the sweep on a SLURM cluster instead of running it here.
int runExperimentWithFlags(const ExperimentEntry& entry, const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err) {
    const std::string& name = entry.name;
    const std::string prefix = "hetsched experiment " + name + ": ";
    std::string output, keepRaw, slurmScript, shardText;
    Command command(prefix, "Runs the experiment and prints its table as CSV.");
    CLI::App& app = command.app();
    // The experiment's flags: its option table's, each value read by the table (setExperimentOption).
    const ExperimentOptions& table = entry.options();
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
    OptionValues values = entry.defaults();
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
    Expected<std::size_t> units = entry.unitCount(values);
    if (!units) {
        err << prefix << "error: " << units.error().message << "\n";
        return kExitError;
    }
    if (!slurmScript.empty()) {
        SlurmSweepOptions options;
        options.experiment = name;
        options.flags = entry.flags(values);
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
        return entry.runShard(values, part, terminal.progress());
    }();
    if (!rows) {
        err << prefix << "error: " << rows.error().message << "\n";
        return kExitError;
    }
    SweepHeader header{name, entry.flags(values), HETSCHED_VERSION, part, rows->totalUnits,
                       part.unitsOf(rows->totalUnits)};
    if (shard) return writeCsv(sweepPartText(header, *rows), output, out, err);
    Expected<std::string> csv = entry.table(values, *rows);
    if (!csv) {
        err << prefix << "error: " << csv.error().message << "\n";
        return kExitError;
    }
    if (!keepRaw.empty())
        if (int written = writeCsv(sweepPartText(header, *rows), keepRaw, out, err); written != kExitOk) return written;
    return writeTable(*csv, name, output, out, err);
}

// The table of a merged sweep: its canonical flags applied to the experiment's defaults, as a run would.
int writeMergedTable(const SweepMerge& merged, const ExperimentEntry& entry, const std::string& output,
                     const std::string& keepRaw, std::ostream& out, std::ostream& err) {
    const std::string prefix = "hetsched experiment merge: ";
    const std::vector<std::string>& flags = merged.header.flags;
    OptionValues values = entry.defaults();
    for (std::size_t i = 0; i + 1 < flags.size(); i += 2)
        if (std::optional<Error> problem = setExperimentOption(entry.options(), values, flags[i], flags[i + 1])) {
            err << prefix << "error: the parts' flags: " << problem->message << "\n";
            return kExitError;
        }
    if (flags.size() % 2 != 0 || entry.flags(values) != flags) {
        err << prefix << "error: the parts' flags are not those this hetsched writes for " << merged.header.experiment
            << " (made by another version?)\n";
        return kExitError;
    }
    Expected<std::string> csv = entry.table(values, merged.rows);
    if (!csv) {
        err << prefix << "error: " << csv.error().message << "\n";
        return kExitError;
    }
    if (!keepRaw.empty())
        if (int written = writeCsv(sweepPartText(merged.header, merged.rows), keepRaw, out, err); written != kExitOk)
            return written;
    return writeTable(*csv, merged.header.experiment, output, out, err);
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
    if (const ExperimentEntry* entry = findExperimentEntry(merged->header.experiment))
        return writeMergedTable(*merged, *entry, output, keepRaw, out, err);
    err << prefix << "error: the parts are of an experiment this hetsched does not know: '" << merged->header.experiment
        << "'\n";
    return kExitError;
}

}  // namespace

int runExperiment(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args.front() == "--list" || args.front() == "--help") {
        std::ostream& to = args.empty() ? err : out;
        to << "experiments (hetsched experiment NAME [FLAGS]... [-o OUT.csv]):\n";
        for (const ExperimentEntry& e : experimentEntries())
            to << "  " << e.name << " " << experimentUsage(e.options()) << "\n      " << e.description << "\n";
        to << "every experiment also takes:\n"
              "  --shard K/N          run only part K of N of the sweep (units K-1, K-1+N, ...) and write its raw rows\n"
              "  --keep-raw RAW.csv   beside the table, keep every instance's raw rows (a whole run)\n"
              "  --slurm-script FILE  write the job script that runs the sweep as a SLURM job array, then merges\n"
              "hetsched experiment merge PART.csv... [-o OUT.csv] [--keep-raw RAW.csv]\n"
              "      check that the parts make one whole sweep and write the table an unsharded run writes\n";
        return args.empty() ? kExitUsage : kExitOk;
    }
    if (args.front() == "merge") return runExperimentMerge({args.begin() + 1, args.end()}, out, err);
    if (const ExperimentEntry* entry = findExperimentEntry(args.front()))
        return runExperimentWithFlags(*entry, {args.begin() + 1, args.end()}, out, err);
    err << "hetsched experiment: unknown experiment '" << args.front() << "' (hetsched experiment --list)\n";
    return kExitUsage;
}

}  // namespace hetsched::cli
