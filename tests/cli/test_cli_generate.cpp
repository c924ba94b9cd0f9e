// hetsched generate KIND for every family: each kind's flags are its generator's option table (the one the
// template dialog reads), what it makes solves, the same seed gives the same instance, and a value out of range
// is refused with the table's own range text.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_test_util.h"
#include "common/options.h"
#include "model/generator_options.h"

namespace {

using cli_test::hetsched;
using cli_test::scratchDirectory;

TEST(CliGenerate, EveryFamilyIsGeneratedAndItsDefaultSolverSolvesIt) {
    const std::vector<std::pair<std::string, std::string>> runs = {
        {"partition", ""},
        {"partition", "--shape convex --limits 1 --objective total_cost --tasks 60 --resources 5"},
        {"partition", "--shape arbitrary --tasks 30"},
        {"divisible", ""},
        {"divisible", "--workers 5 --return-ratio 0.5"},
        {"cpugpu", "--cpus 3 --gpus 1 --tasks 20"},
        {"steady_state", ""},
        {"steady_state", "--topology grid --rows 2 --cols 3 --torus 1"},
        {"steady_state", "--topology tree --depth 2 --application broadcast"},
        {"steady_state", "--topology star --nodes 6 --application multicast --integer 1"},
        {"dag", "--tasks 12 --clusters 2"}};
    int index = 0;
    for (const auto& [kind, flags] : runs) {
        const std::string out = (scratchDirectory() / ("generated-" + std::to_string(index++) + ".json")).string();
        const auto made = hetsched("generate " + kind + " " + flags + " -o " + out);
        ASSERT_EQ(made.exitCode, 0) << kind << " " << flags << ": " << made.err;
        std::ifstream in(out);
        const nlohmann::json instance = nlohmann::json::parse(in);
        EXPECT_EQ(instance["kind"], kind) << flags;
        const auto solved = hetsched("solve " + out);
        EXPECT_EQ(solved.exitCode, 0) << kind << " " << flags << ": " << solved.err;
        EXPECT_EQ(nlohmann::json::parse(solved.out)["kind"], kind);
    }
}

TEST(CliGenerate, TheSameSeedGivesTheSameInstanceAndAnotherSeedAnother) {
    for (const std::string kind : {"partition", "divisible", "cpugpu", "steady_state"}) {
        const auto first = hetsched("generate " + kind + " --seed 7");
        ASSERT_EQ(first.exitCode, 0) << first.err;
        EXPECT_EQ(hetsched("generate " + kind + " --seed 7").out, first.out) << kind;
        EXPECT_NE(hetsched("generate " + kind + " --seed 8").out, first.out) << kind;
    }
}

TEST(CliGenerate, ValuesOutOfTheTablesRangeAreRefusedWithItsRangeText) {
    const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
        {"partition", "resources", "0"}, {"partition", "min-cost", "-1"},  {"divisible", "workers", "0"},
        {"divisible", "horizon", "0"},   {"cpugpu", "gpus", "-1"},         {"cpugpu", "epsilon", "2"},
        {"steady_state", "routers", "1.5"}, {"steady_state", "topology", "ring"}};
    for (const auto& [kind, option, value] : cases) {
        const hetsched::OptionSpec* spec = hetsched::findOption(hetsched::generatorOptionTable(kind), option);
        ASSERT_NE(spec, nullptr) << option;
        const auto refused = hetsched("generate " + kind + " --" + option + " " + value);
        EXPECT_EQ(refused.exitCode, 2) << kind << " --" << option;
        EXPECT_NE(refused.err.find("--" + option + " must be " + hetsched::optionAcceptsText(*spec)), std::string::npos)
            << refused.err;
    }
    // Values each in range that the generator refuses together, naming them.
    const auto crossed = hetsched("generate divisible --min-c 3 --max-c 2");
    EXPECT_EQ(crossed.exitCode, 2);
    EXPECT_NE(crossed.err.find("c: min 3 > max 2"), std::string::npos) << crossed.err;
    const auto noProcessor = hetsched("generate cpugpu --cpus 0 --gpus 0");
    EXPECT_EQ(noProcessor.exitCode, 2);
    EXPECT_NE(noProcessor.err.find("the node needs a processor"), std::string::npos) << noProcessor.err;
}

TEST(CliGenerate, EachKindsHelpListsItsTablesFlagsWithTheirDefaults) {
    for (const std::string& kind : hetsched::generatorKinds()) {
        const auto help = hetsched("generate " + kind + " --help");
        ASSERT_EQ(help.exitCode, 0) << help.err;
        for (const hetsched::OptionSpec& option : hetsched::generatorOptionTable(kind)) {
            EXPECT_NE(help.out.find("--" + option.name), std::string::npos) << kind << " --" << option.name;
            EXPECT_NE(help.out.find(hetsched::optionAcceptsText(option)), std::string::npos) << kind << " --" << option.name;
        }
    }
}

}  // namespace
