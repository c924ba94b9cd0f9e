// What every subcommand of hetsched shares: its CLI11 command line with hetsched's messages and exit codes,
// flags read by the option tables, the platform flags of import and generate, and loading and writing
// instances. Each subcommand is one file of this folder (solve.cpp, export's flags in solve.cpp, ...).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli.h"
#include "common/expected.h"
#include "common/options.h"
#include "model/dag.h"
#include "model/instance.h"
#include "model/dag_random.h"

namespace hetsched::cli {

Expected<double> parseNumber(const std::string& text, const std::string& what);
Expected<long long> parseInteger(const std::string& text, const std::string& flag, long long lo, long long hi);

// A subcommand's command line as CLI11 declares and parses it; the messages and exit codes stay hetsched's
// ("PREFIX--z needs a value", "PREFIX unknown flag --bogus", exit 2), the values are checked by their tables.
class Command {
public:
    // `prefix`: "hetsched solve: ", the start of each message and (without ": ") the name the help shows.
    Command(std::string prefix, const std::string& description)
        : m_prefix(std::move(prefix)), m_app(description, m_prefix.substr(0, m_prefix.rfind(':'))) {
        m_app.allow_extras();
        m_app.set_help_flag("-h,--help", "print this help and exit");
        m_app.get_formatter()->column_width(32);
    }
    CLI::App& app() { return m_app; }
    const std::string& prefix() const { return m_prefix; }
    // What an unknown flag's and a stray argument's messages add ("(hetsched import --help)", "(one FILE only)").
    void setHints(std::string unknownFlag, std::string unexpectedArgument) {
        m_unknownHint = std::move(unknownFlag);
        m_unexpectedHint = std::move(unexpectedArgument);
    }
    // Parses `args`; nullopt when the command goes on, else its exit code (help printed, or the error reported).
    std::optional<int> parse(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
        std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 reads the vector from its end
        try {
            m_app.parse(reversed);
        } catch (const CLI::CallForHelp&) {
            out << m_app.help();
            return kExitOk;
        } catch (const CLI::ArgumentMismatch& e) {
            // "--z: 1 required TEXT missing": a flag given without its value.
            const std::string what = e.what();
            err << m_prefix << what.substr(0, what.find(':')) << " needs a value\n";
            return kExitUsage;
        } catch (const CLI::ParseError& e) {
            err << m_prefix << e.what() << "\n";
            return kExitUsage;
        }
        for (const std::string& extra : m_app.remaining()) {
            if (extra.size() > 1 && extra[0] == '-')
                err << m_prefix << "unknown flag " << extra << (m_unknownHint.empty() ? "" : " " + m_unknownHint) << "\n";
            else
                err << m_prefix << "unexpected argument '" << extra << "'"
                    << (m_unexpectedHint.empty() ? "" : " " + m_unexpectedHint) << "\n";
            return kExitUsage;
        }
        return std::nullopt;
    }
    // The help CLI11 writes, for a command given no arguments at all.
    std::string help() const { return m_app.help(); }

private:
    std::string m_prefix;
    CLI::App m_app;
    std::string m_unknownHint, m_unexpectedHint;
};

// Flags declared with CLI11 whose values are read afterwards, as text, by the code that knows their meaning
// (an option table's parser, the platform flags): the messages stay those of that code.
class GivenFlags {
public:
    CLI::Option* add(CLI::App& app, const std::string& flag, const std::string& help, const std::string& typeName,
                     const std::string& group) {
        m_declared.push_back(flag);
        return app
            .add_option_function<std::string>(
                flag, [this, flag](const std::string& value) { m_values[flag] = value; }, help)
            ->type_name(typeName)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
            ->group(group);
    }
    // "--flag", value of each flag given, in the order declared.
    std::vector<std::pair<std::string, std::string>> pairs() const {
        std::vector<std::pair<std::string, std::string>> given;
        for (const std::string& flag : m_declared)
            if (auto it = m_values.find(flag); it != m_values.end()) given.emplace_back(flag, it->second);
        return given;
    }

private:
    std::vector<std::string> m_declared;
    std::map<std::string, std::string> m_values;
};

// The platform flags shared by import and generate.
struct PlatformFlags {
    std::string file;                          // --platform
    std::optional<DagPlatformConfig> random;   // --clusters and the generator's parameters
    OptionValues randomValues{dagPlatformOptions()};
    std::vector<std::string> randomFlags;      // the random-platform flags given (for the messages)
    bool seedGiven = false;                    // --platform-seed
};

// A flag taking one value; given twice, the last one counts (as the hand parser had it).
CLI::Option* addValueFlag(CLI::App& app, const std::string& names, std::string& value, const std::string& help,
                          const std::string& typeName = "VALUE");

// Every option of `table` as a flag --NAME VALUE whose help gives the description, what it accepts and the
// default: one declaration for the flags, the help and the GUI forms. Its value is read by the table's own
// parser (setTableFlag), so the messages name the flag and the range.
void addTableFlags(CLI::App& app, const OptionTable& table, GivenFlags& given, const std::string& group);

// The help of the platform flags of import and generate.
extern const char* const kPlatformFlagsHelp;

// A flag's error from its option's: "option tasks must be ..." becomes "--tasks must be ...".
Error flagError(const OptionSpec& spec, const Error& error);

// Reads `--NAME VALUE` when `table` has an option NAME (nullopt when not: the caller tries its other flags);
// the range, type and default are the table's, the ones the GUI's forms read.
std::optional<std::optional<Error>> setTableFlag(const OptionTable& table, OptionValues& values,
                                                 const std::string& flag, const std::string& value);

// "  --tasks 20                 number of tasks, an integer between 1 and 1000000": a table's flags for --help.
std::string tableFlagsHelp(const OptionTable& table);

// Applies a platform flag; nullopt when `flag` is not one (the caller tries its own flags).
std::optional<std::optional<Error>> setPlatformFlag(PlatformFlags& p, const std::string& flag, const std::string& value);

// The platform the flags name. `required`: an error when none is given; else the default random platform.
Expected<DagPlatform> resolvePlatform(const PlatformFlags& p, bool required, std::uint64_t seed);

// Writes the instance as JSON to `output` (stdout when empty); with a file, "OUTPUT: summary" on stdout.
int writeInstance(const Instance& instance, const std::string& output, const std::string& summary,
                  const std::string& prefix, std::ostream& out, std::ostream& err);
// The same for a dag instance, its summary counting tasks, edges, clusters and processors (and `source`).
int writeDagInstance(const DagInstance& dag, const std::string& output, const std::string& prefix, std::ostream& out,
                     std::ostream& err, const std::string& source = {});

// The instance FILE names ("-": standard input).
Expected<Instance> loadInstance(const std::string& file);

// The flags of the commands that solve (solve, export, simulate) before their values are checked.
struct SolveFlagTexts {
    std::vector<std::string> options;   // --option NAME=VALUE, in order
    std::string width, height, dpi;     // export
};
void addSolveFlags(CLI::App& app, SolveArguments& a, SolveFlagTexts& texts, bool forExport);
// Checks the flags' values as the solvers and the chart need them.
std::optional<Error> checkSolveFlags(SolveArguments& a, const SolveFlagTexts& texts, bool forExport);

}  // namespace hetsched::cli
