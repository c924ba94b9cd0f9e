// Sweeps on the command line (issue 16): --shard K/N on every experiment, hetsched experiment merge, the
// raw rows, the SLURM job script (its job scripts run here as SLURM would run them), progress on a terminal.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "cli_test_util.h"

namespace {

using namespace cli_test;

struct Experiment {
    std::string name;
    std::string flags;   // small enough for a test
};

const std::vector<Experiment>& experiments() {
    static const std::vector<Experiment> all{
        {"divisible-simulation", "--workers 15 --platforms 3 --z 0.8,1 --ratios 0.5,5"},
        {"dag-evaluation", "--samples 1 --sizes 10,20 --clusters 1,2 --heterogeneity 1,5 --min-speeds 1e9 --seed 2"},
        {"cpugpu", "--tasks 10:20:10 --cpus 1,2 --gpus 1 --instances 2"},
    };
    return all;
}

// Every line without its last column (cpugpu's mean_seconds is a measured time).
std::string withoutLastColumn(const std::string& csv) {
    std::istringstream in(csv);
    std::string result;
    for (std::string line; std::getline(in, line);) result += line.substr(0, line.rfind(',')) + "\n";
    return result;
}

std::string comparable(const Experiment& e, const std::string& csv) {
    return e.name == "cpugpu" ? withoutLastColumn(csv) : csv;
}

std::string headerLine(const std::string& part, const std::string& key) {
    const std::size_t at = part.find("\n# " + key + ": ");
    if (at == std::string::npos) return {};
    const std::size_t start = at + key.size() + 5;
    return part.substr(start, part.find('\n', start) - start);
}

TEST(CliSweep, EveryExperimentChecksItsShard) {
    for (const Experiment& e : experiments())
        for (const char* bad : {"0/4", "5/4", "a/b", "4"}) {
            const CliRun r = hetsched("experiment " + e.name + " --shard " + bad);
            EXPECT_EQ(r.exitCode, 2) << e.name << " " << bad;
            EXPECT_NE(r.err.find("hetsched experiment " + e.name + ": --shard"), std::string::npos) << r.err;
            EXPECT_NE(r.err.find(bad), std::string::npos) << r.err;
        }
    const CliRun zero = hetsched("experiment cpugpu --shard 0/4");
    EXPECT_NE(zero.err.find("shards count from 1"), std::string::npos) << zero.err;
    const CliRun both = hetsched("experiment cpugpu --shard 1/4 --keep-raw x.csv");
    EXPECT_EQ(both.exitCode, 2);
    EXPECT_NE(both.err.find("--keep-raw is for a whole run"), std::string::npos) << both.err;
    const CliRun script = hetsched("experiment cpugpu --slurm-script s.sh -o x.csv");
    EXPECT_EQ(script.exitCode, 2);
    EXPECT_NE(script.err.find("--slurm-script writes the job script only"), std::string::npos) << script.err;
}

TEST(CliSweep, ThePartsMergedAreTheUnshardedTableAndItsRawRows) {
    for (const Experiment& e : experiments()) {
        const fs::path dir = scratch(e.name);
        fs::create_directories(dir / "parts");
        const CliRun whole = hetsched("experiment " + e.name + " " + e.flags + " -o " + (dir / "whole.csv").string() +
                                      " --keep-raw " + (dir / "whole-raw.csv").string());
        ASSERT_EQ(whole.exitCode, 0) << whole.err;
        EXPECT_TRUE(whole.err.empty()) << "no progress without a terminal: " << whole.err;
        std::string parts;
        for (int k = 1; k <= 3; ++k) {
            const fs::path part = dir / "parts" / ("part-" + std::to_string(k) + ".csv");
            const CliRun r = hetsched("experiment " + e.name + " " + e.flags + " --shard " + std::to_string(k) +
                                      "/3 -o " + part.string());
            ASSERT_EQ(r.exitCode, 0) << r.err;
            parts += ' ';
            parts += part.string();
        }
        const std::string first = readFile(dir / "parts" / "part-1.csv");
        EXPECT_EQ(first.rfind("# hetsched sweep part\n# experiment: " + e.name + "\n# flags: ", 0), 0u) << first;
        EXPECT_EQ(headerLine(first, "shard"), "1/3");
        EXPECT_EQ(headerLine(first, "version"), std::string(HETSCHED_VERSION));
        // Named files and a directory of them.
        const std::string directory = ' ' + (dir / "parts").string();
        for (const std::string& inputs : {parts, directory}) {
            const CliRun merged = hetsched("experiment merge" + inputs + " -o " + (dir / "merged.csv").string() +
                                           " --keep-raw " + (dir / "merged-raw.csv").string());
            ASSERT_EQ(merged.exitCode, 0) << merged.err;
            EXPECT_EQ(comparable(e, readFile(dir / "merged.csv")), comparable(e, readFile(dir / "whole.csv"))) << e.name;
            const std::string raw = readFile(dir / "merged-raw.csv");
            EXPECT_EQ(headerLine(raw, "shard"), "1/1");
            if (e.name != "cpugpu") {
                EXPECT_EQ(raw, readFile(dir / "whole-raw.csv")) << e.name;
            }
        }
        // The raw rows of a whole run are a part of one shard: they merge alone to the same table.
        const CliRun alone = hetsched("experiment merge " + (dir / "whole-raw.csv").string());
        ASSERT_EQ(alone.exitCode, 0) << alone.err;
        EXPECT_EQ(alone.out, readFile(dir / "whole.csv"));
    }
}

TEST(CliSweep, TheFlagsAPartRecordsGiveTheSameSweep) {
    // A part records every flag spelled out; run again with exactly those, it is the same part.
    for (const Experiment& e : experiments()) {
        const CliRun given = hetsched("experiment " + e.name + " " + e.flags + " --shard 2/2");
        ASSERT_EQ(given.exitCode, 0) << given.err;
        const std::string flags = headerLine(given.out, "flags");
        ASSERT_FALSE(flags.empty());
        const CliRun again = hetsched("experiment " + e.name + " " + flags + " --shard 2/2");
        ASSERT_EQ(again.exitCode, 0) << again.err;
        EXPECT_EQ(headerLine(again.out, "flags"), flags);
        if (e.name != "cpugpu") {
            EXPECT_EQ(again.out, given.out);
        }
    }
}

TEST(CliSweep, MergeSaysWhatIsMissingOrMismatched) {
    const Experiment& e = experiments().front();
    const fs::path dir = scratch("refusals");
    fs::create_directories(dir);
    auto part = [&](const std::string& flags, const std::string& shard) {
        const fs::path path = dir / ("part-" + std::to_string(std::hash<std::string>{}(flags + shard)) + ".csv");
        EXPECT_EQ(hetsched("experiment " + e.name + " " + flags + " --shard " + shard + " -o " + path.string()).exitCode, 0);
        return path.string();
    };
    const std::string p1 = part(e.flags, "1/3"), p2 = part(e.flags, "2/3"), p3 = part(e.flags, "3/3");
    CliRun r = hetsched("experiment merge " + p1 + " " + p3);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("1 of the 3 shards is missing: K = 2"), std::string::npos) << r.err;
    r = hetsched("experiment merge " + p1 + " " + p2 + " " + p2 + " " + p3);
    EXPECT_NE(r.err.find("shard 2/3 is given twice"), std::string::npos) << r.err;
    r = hetsched("experiment merge " + p1 + " " + part(e.flags + " --seed 9", "2/3") + " " + p3);
    EXPECT_NE(r.err.find("the flags differ, --seed 9 against --seed 1"), std::string::npos) << r.err;
    r = hetsched("experiment merge " + p1 + " " + part(e.flags, "2/4") + " " + p3);
    EXPECT_NE(r.err.find("different splits: 2/4 and 1/3"), std::string::npos) << r.err;
    r = hetsched("experiment merge " + example("partition-small.json"));
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("partition-small.json:1: not a part of a sweep"), std::string::npos) << r.err;
    r = hetsched("experiment merge");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("usage: hetsched experiment merge PART.csv..."), std::string::npos) << r.err;
}

TEST(CliSweep, TheSlurmScriptsJobsRunTheShardsAndTheMerge) {
    // What SLURM does with the job scripts, done here: each array task with its SLURM_ARRAY_TASK_ID, then
    // the merge. (tests/slurm submits them to a real SLURM.)
    const Experiment& e = experiments()[1];
    const fs::path dir = scratch("slurm");
    fs::create_directories(dir);
    const fs::path script = dir / "sweep.sh";
    CliRun r = hetsched("experiment " + e.name + " " + e.flags + " --slurm-script " + script.string());
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("the sweep's 8 units as a SLURM job array of 8 tasks"), std::string::npos) << r.out;
    EXPECT_TRUE((fs::status(script).permissions() & fs::perms::owner_exec) != fs::perms::none);
    const std::string text = readFile(script);
    EXPECT_NE(text.find("\nhetsched='" + std::string(HETSCHED_BINARY) + "'\n"), std::string::npos);
    const fs::path out = dir / "out";
    auto shell = [](const std::string& command) {
        const int status = std::system(("bash -c '" + command + "' > /dev/null 2>&1").c_str());
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    };
    EXPECT_EQ(shell(script.string() + " --shards 9 --dry-run"), 2);   // more tasks than units
    ASSERT_EQ(shell(script.string() + " --shards 3 --time 00:30:00 --out-dir " + out.string() + " --dry-run"), 0);
    for (int k = 1; k <= 3; ++k)
        ASSERT_EQ(shell("SLURM_ARRAY_TASK_ID=" + std::to_string(k) + " bash " + (out / "shard.sbatch").string()), 0);
    ASSERT_EQ(shell("bash " + (out / "merge.sbatch").string()), 0);
    const CliRun whole = hetsched("experiment " + e.name + " " + e.flags);
    EXPECT_EQ(readFile(out / (e.name + ".csv")), whole.out);
    EXPECT_EQ(headerLine(readFile(out / (e.name + "-raw.csv")), "units"), "8 of 8");
    // A second submission into the same directory would mix two sweeps.
    EXPECT_EQ(shell(script.string() + " --shards 3 --out-dir " + out.string() + " --dry-run"), 1);
}

TEST(CliSweep, ARunOnATerminalShowsUnitsDoneAndTimeLeft) {
    if (std::system("command -v script > /dev/null 2>&1") != 0) GTEST_SKIP() << "no `script` to give hetsched a terminal";
    const fs::path log = scratch("terminal.txt");
    const std::string command = std::string(HETSCHED_BINARY) + " experiment divisible-simulation --workers 10 " +
                                "--platforms 4 --ratios 1,2 -o " + scratch("terminal.csv").string();
    const int status = std::system(("script -qec '" + command + "' " + log.string() + " > /dev/null 2>&1").c_str());
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    const std::string screen = readFile(log);
    // The elapsed time is whatever the machine took (m:ss), not asserted.
    EXPECT_TRUE(std::regex_search(screen, std::regex(R"(hetsched experiment divisible-simulation: 16/16 units \(100%\), \d+:\d\d elapsed)")))
        << screen;
}

}  // namespace
