// hetsched import --kind cpugpu|partition|divisible on small files written here, then solved: the flags of
// each import's option table, the summary's notes, the messages of refused input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_test_util.h"

namespace {

using cli_test::hetsched;
using cli_test::scratchDirectory;

std::string write(const std::string& name, const std::string& text) {
    const auto path = scratchDirectory() / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
    return path.string();
}

// A version-45 model of one kernel measured on CPU0 (100 us) and CUDA0 (10 us), as StarPU writes it.
std::string model() {
    std::string text = "# Performance Model Version\n45\n# number of combinations\n2\n";
    for (auto [type, mean] : {std::pair{0, "1.000000e+02"}, std::pair{1, "1.000000e+01"}})
        text += "# number of types devices\n1\n# device type\n" + std::to_string(type) + "\n# device id\n0\n# number of cores\n1\n"
                "# number of implementations\n1\n# number of entries\n1\n0\t0\t0\t0\tnan\tnan\t0\t0\t0\nnan\tnan\tnan\n0\n"
                "0000abcd\t1000\t1.0e6\t" + std::string(mean) + "\t1.0\t1.0e3\t1.0e5\t10\n";
    return text;
}

TEST(CliFamilyImport, StarPuModelsBecomeACpuGpuInstanceThatSolves) {
    write("starpu/sampling/codelets/45/axpy.box", model());
    write("starpu/sampling/bus/box.config", "6 # Number of CPUs\n2 # Number of CUDA devices\n0 # Number of OpenCL devices\n");
    const std::string out = (scratchDirectory() / "axpy.json").string();
    const auto run = hetsched("import " + (scratchDirectory() / "starpu").string() + " --kind cpugpu --host box --counts axpy=5 -o " + out);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("box.config"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("5 tasks on 6 CPUs and 2 GPUs"), std::string::npos) << run.out;
    const auto solved = hetsched("solve " + out + " --solver dual-approx");
    ASSERT_EQ(solved.exitCode, 0) << solved.err;
    const auto result = nlohmann::json::parse(solved.out);
    EXPECT_EQ(result["kind"], "cpugpu");

    const auto refused = hetsched("import " + (scratchDirectory() / "starpu").string() + " --kind cpugpu --host box --counts gemm=5");
    EXPECT_EQ(refused.exitCode, 1);
    EXPECT_NE(refused.err.find("no model of \"gemm\""), std::string::npos) << refused.err;
    const auto badFlag = hetsched("import x --kind cpugpu --cpus -3");
    EXPECT_EQ(badFlag.exitCode, 2);
    EXPECT_NE(badFlag.err.find("--cpus"), std::string::npos) << badFlag.err;
}

TEST(CliFamilyImport, AProfileBecomesAPartitionInstanceAndTheTaskCountIsRequired) {
    const std::string csv = write("profile.csv", "resource,tasks,cost\ncpu,2,10\ncpu,4,14\ngpu,1,4\ngpu,5,6\n");
    const std::string out = (scratchDirectory() / "partition.json").string();
    const auto run = hetsched("import " + csv + " --kind partition --tasks 6 --fill step -o " + out);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("--fill step"), std::string::npos) << run.out;
    const auto solved = hetsched("solve " + out);
    EXPECT_EQ(solved.exitCode, 0) << solved.err;
    const auto missing = hetsched("import " + csv + " --kind partition");
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("--tasks"), std::string::npos) << missing.err;
}

TEST(CliFamilyImport, ASimGridStarBecomesADivisibleInstance) {
    const std::string xml = write("star.xml", R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
<zone id="world" routing="Full">
  <host id="master" speed="1Gf"/>
  <host id="w1" speed="2Gf"/>
  <link id="l1" bandwidth="100MBps" latency="1ms"/>
  <route src="master" dst="w1"><link_ctn id="l1"/></route>
</zone>
</platform>
)");
    const auto run = hetsched("import " + xml + " --kind divisible --master master --horizon 10");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto instance = nlohmann::json::parse(run.out);
    EXPECT_EQ(instance["kind"], "divisible");
    ASSERT_EQ(instance["workers"].size(), 1u);
    EXPECT_DOUBLE_EQ(instance["workers"][0]["c"].get<double>(), 0.01);
    EXPECT_DOUBLE_EQ(instance["workers"][0]["w"].get<double>(), 0.5);
    EXPECT_NE(run.err.find("master \"master\""), std::string::npos) << run.err;
}

}  // namespace
