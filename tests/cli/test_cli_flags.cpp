// The command line as CLI11 declares it: every subcommand refuses a typo'd flag naming it, a value out of its
// table's range naming the flag and the range, prints its --help, and still reads every spelling it read before.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_test_util.h"

namespace {

using namespace cli_test;

std::string dagData(const std::string& name) { return std::string(HETSCHED_TEST_DATA_DIR) + "/dag/" + name; }

TEST(CliFlags, ATypoOfAFlagIsRefusedNamingIt) {
    const std::string partition = example("partition-small.json");
    for (const auto& [arguments, message] : std::vector<std::pair<std::string, std::string>>{
             {"solve " + partition + " --sovler exact", "hetsched solve: unknown flag --sovler"},
             {"export " + partition + " -o x.svg --widht 300", "hetsched export: unknown flag --widht"},
             {"simulate " + partition + " --period 2", "hetsched simulate: unknown flag --period"},
             {"solvers --knd dag", "hetsched solvers: unknown flag --knd"},
             {"experiment divisible-simulation --worker 3", "hetsched experiment divisible-simulation: unknown flag --worker"},
             {"experiment cpugpu --task 10", "hetsched experiment cpugpu: unknown flag --task"},
             {"experiment dag-evaluation --simulated", "hetsched experiment dag-evaluation: unknown flag --simulated"},
             {"experiment merge x.csv --keepraw y.csv", "hetsched experiment merge: unknown flag --keepraw"},
             {"import " + dagData("daggen-12.dot") + " --cluster 2", "hetsched import: unknown flag --cluster"},
             {"generate dag --fatness 0.5", "hetsched generate: unknown flag --fatness"}}) {
        const CliRun r = hetsched(arguments);
        EXPECT_EQ(r.exitCode, 2) << arguments << ": " << r.err;
        EXPECT_NE(r.err.find(message), std::string::npos) << arguments << ": " << r.err;
        EXPECT_TRUE(r.out.empty()) << arguments << ": " << r.out;
    }
}

TEST(CliFlags, AValueOutOfItsTablesRangeNamesTheFlagAndTheRange) {
    for (const auto& [arguments, message] : std::vector<std::pair<std::string, std::string>>{
             {"generate dag --max-alpha 2", "--max-alpha must be in [0, 1], got '2'"},
             {"generate dag --complexity=odd", "--complexity must be mixed or same, got 'odd'"},
             {"generate dag --min-processors 0", "--min-processors must be an integer between 1 and"},
             {"import " + dagData("daggen-12.dot") + " --clusters 2 --min-speed 0", "--min-speed must be in"},
             {"experiment divisible-simulation --platforms 0", "--platforms must be an integer between 1 and 1000"},
             {"experiment cpugpu --instances 0", "--instances must be an integer between 1 and 100000"},
             {"experiment dag-evaluation --simulate maybe", "--simulate must be 0 or 1"},
             {"simulate " + example("steady-state-bag-of-tasks.json") + " --periods 1001",
              "--periods must be an integer between 1 and 1000"},
             {"export " + example("partition-small.json") + " -o x.png --dpi 10", "--dpi must be a whole number between"}}) {
        const CliRun r = hetsched(arguments);
        EXPECT_EQ(r.exitCode, 2) << arguments << ": " << r.err;
        EXPECT_NE(r.err.find(message), std::string::npos) << arguments << ": " << r.err;
    }
}

TEST(CliFlags, AFlagWithoutItsValueSaysSo) {
    for (const auto& [arguments, message] : std::vector<std::pair<std::string, std::string>>{
             {"solve " + example("partition-small.json") + " --solver", "hetsched solve: --solver needs a value"},
             {"solvers --kind", "hetsched solvers: --kind needs a value"},
             {"experiment cpugpu --shard", "--shard needs a value"},
             {"generate dag --seed", "hetsched generate: --seed needs a value"}}) {
        const CliRun r = hetsched(arguments);
        EXPECT_EQ(r.exitCode, 2) << arguments << ": " << r.err;
        EXPECT_NE(r.err.find(message), std::string::npos) << arguments << ": " << r.err;
    }
}

TEST(CliFlags, EverySubcommandHasItsHelp) {
    for (const auto& [command, shown] : std::vector<std::pair<std::string, std::vector<std::string>>>{
             {"solve", {"--solver", "--option", "FILE"}},
             {"solvers", {"--kind"}},
             {"simulate", {"--write-platform", "--periods", "usage: hetsched simulate"}},
             {"import", {"--reference-speed", "--min-processors", "usage: hetsched import"}},
             {"generate", {"--fat", "--platform-seed", "--tasks 20 "}},
             {"experiment merge", {"PART", "--keep-raw"}},
             {"export", {"--dpi", "usage: hetsched export FILE"}}}) {
        const CliRun r = hetsched(command + " --help");
        EXPECT_EQ(r.exitCode, 0) << command << ": " << r.err;
        for (const std::string& text : shown) EXPECT_NE(r.out.find(text), std::string::npos) << command << ": " << text;
    }
}

// Each experiment's help lists every flag it takes with its default, then the sweep's flags.
TEST(CliFlags, AnExperimentsHelpListsItsFlagsWithTheirDefaults) {
    for (const auto& [name, shown] : std::vector<std::pair<std::string, std::vector<std::string>>>{
             {"divisible-simulation", {"--workers", "default 100", "--ratios", "log:0.1:100:25", "--z"}},
             {"cpugpu", {"--tasks", "default 10:1000:10", "--epsilon", "default 0.001", "--exact-time-limit"}},
             {"dag-evaluation", {"--samples", "default 2", "--min-speeds", "--simulate"}}}) {
        const CliRun r = hetsched("experiment " + name + " --help");
        ASSERT_EQ(r.exitCode, 0) << name << ": " << r.err;
        for (const std::string& text : shown) EXPECT_NE(r.out.find(text), std::string::npos) << name << ": " << text << "\n" << r.out;
        for (const char* sweepFlag : {"--shard", "--keep-raw", "--slurm-script", "--output"})
            EXPECT_NE(r.out.find(sweepFlag), std::string::npos) << name << ": " << sweepFlag;
    }
}

// What the hand parser read, CLI11 reads the same: short and long spellings, repeated --option, stdin "-",
// a bare --simulate and --simulate on/off, the last of a repeated flag.
TEST(CliFlags, TheOldSpellingsStillWork) {
    const std::string partition = example("partition-small.json");
    const std::string cpugpu = example("cpugpu-small.json");
    const CliRun shortForm = hetsched("solve - -s heteroprio --option spoliation=0", cpugpu);
    ASSERT_EQ(shortForm.exitCode, 0) << shortForm.err;
    const CliRun longForm = hetsched("solve " + cpugpu + " --solver heteroprio --option spoliation=1 --option spoliation=0");
    ASSERT_EQ(longForm.exitCode, 0) << longForm.err;
    EXPECT_EQ(nlohmann::json::parse(shortForm.out)["tasks"], nlohmann::json::parse(longForm.out)["tasks"]);
    const fs::path written = scratchDirectory() / "flags-solve.json";
    ASSERT_EQ(hetsched("solve " + partition + " --output " + written.string()).exitCode, 0);
    EXPECT_TRUE(fs::exists(written));
    // The flags come before or after the FILE; the last of a repeated flag counts.
    const CliRun before = hetsched("generate --seed 3 dag --tasks 9 --tasks 8 --clusters 2");
    const CliRun after = hetsched("generate dag --tasks 8 --clusters 2 --seed 3");
    ASSERT_EQ(before.exitCode, 0) << before.err;
    EXPECT_EQ(before.out, after.out);
    EXPECT_EQ(nlohmann::json::parse(after.out)["tasks"].size(), 8u);
    const std::string small = "experiment dag-evaluation --samples 1 --sizes 10 --clusters 2 --heterogeneity 2 "
                              "--min-speeds 1e9 --solvers seq";
    const CliRun off = hetsched(small + " --simulate off");
    const CliRun none = hetsched(small);
    ASSERT_EQ(off.exitCode, 0) << off.err;
    EXPECT_EQ(off.out, none.out);
    const CliRun bareThenFlag = hetsched(small + " --simulate --seed 1 --shard 1/1");
    const CliRun on = hetsched(small + " --simulate on --shard 1/1");
    ASSERT_EQ(bareThenFlag.exitCode, 0) << bareThenFlag.err;
    ASSERT_EQ(on.exitCode, 0) << on.err;
    const auto flagsLine = [](const std::string& part) {
        const std::size_t at = part.find("# flags: ");
        return at == std::string::npos ? std::string() : part.substr(at, part.find('\n', at) - at);
    };
    EXPECT_NE(flagsLine(bareThenFlag.out).find("--seed 1 --simulate on"), std::string::npos) << bareThenFlag.out;
    EXPECT_EQ(flagsLine(bareThenFlag.out), flagsLine(on.out));
    // A stray argument is still one.
    const CliRun stray = hetsched("solve " + partition + " " + partition);
    EXPECT_EQ(stray.exitCode, 2);
    EXPECT_NE(stray.err.find("unexpected argument"), std::string::npos) << stray.err;
    EXPECT_NE(stray.err.find("(one FILE only)"), std::string::npos) << stray.err;
}

// The top level: one app with a subcommand per command; its help lists them and keeps the usage text.
TEST(CliFlags, TheTopLevelListsEveryCommandAndRefusesAnUnknownOne) {
    for (const std::string arguments : {"--help", "-h", "help"}) {
        const CliRun r = hetsched(arguments);
        EXPECT_EQ(r.exitCode, 0) << arguments << ": " << r.err;
        for (const char* command : {"gui", "solve", "export", "simulate", "solvers", "experiment", "import", "generate"})
            EXPECT_NE(r.out.find(std::string("\n  ") + command + " "), std::string::npos) << arguments << ": " << command;
        EXPECT_NE(r.out.find("hetsched experiment merge PART.csv..."), std::string::npos) << r.out;
    }
    const CliRun version = hetsched("--version");
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_EQ(version.out, std::string("hetsched ") + HETSCHED_VERSION + "\n");
    for (const std::string arguments : {"sovle x.json", "--bogus"}) {
        const CliRun r = hetsched(arguments);
        EXPECT_EQ(r.exitCode, 2) << arguments;
        EXPECT_NE(r.err.find("hetsched: unknown command '" + arguments.substr(0, arguments.find(' ')) + "'"),
                  std::string::npos)
            << r.err;
        EXPECT_NE(r.err.find("usage:"), std::string::npos) << r.err;
    }
    const CliRun gui = hetsched("gui a.json b.json");
    EXPECT_EQ(gui.exitCode, 2);
    EXPECT_NE(gui.err.find("hetsched gui: at most one FILE"), std::string::npos) << gui.err;
}

}  // namespace
