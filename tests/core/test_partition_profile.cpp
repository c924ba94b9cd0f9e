// Partition instances from measured costs: device records (JSON, CSV) as linear costs, long profiles
// with their gaps filled three ways, refused costs; then FLHetBench's measured latencies (the corpus).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "corpus_required.h"
#include "io/partition_profile_reader.h"
#include "model/instance.h"
#include "solvers/registry.h"

namespace hetsched {
namespace {

namespace fs = std::filesystem;

PartitionProfileOptions withTasks(std::int64_t tasks) {
    PartitionProfileOptions options;
    options.tasks = tasks;
    return options;
}

bool anyNote(const PartitionImport& in, const std::string& text) {
    return std::any_of(in.notes.begin(), in.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

TEST(PartitionProfile, JsonRecordsBecomeLinearCostsOfTheFirstNumericColumn) {
    const char* text = R"([{"Phone": "a", "Latency": 2, "STD": 0.5},
                           {"Phone": "b", "Latency": 4, "STD": 4},
                           {"Phone": "a", "Latency": 8, "STD": 1}])";
    Expected<PartitionImport> in = readPartitionProfile(text, withTasks(14));
    ASSERT_TRUE(in) << in.error().message;
    const PartitionInstance& p = in->instance;
    ASSERT_EQ(p.resources.size(), 3u);
    EXPECT_EQ(p.resources[2].name, "a (2)");   // a repeated name is another device
    EXPECT_EQ(p.resources[1].costOf(3), 12);
    EXPECT_EQ(p.resources[0].costOf(0), 0);
    EXPECT_EQ(p.resources[0].upper, 14);
    EXPECT_TRUE(anyNote(*in, "STD"));   // the other column is named

    // Makespan by brute force over the splits of 14 tasks: 2x, 4y, 8z with x + y + z = 14 -> 16 (8, 4, 2).
    Expected<SolveResult> solved = solve(Instance{p}, "", {});
    ASSERT_TRUE(solved) << solved.error().message;
    double best = INFINITY;
    for (int x = 0; x <= 14; ++x)
        for (int y = 0; x + y <= 14; ++y) best = std::min(best, std::max({2.0 * x, 4.0 * y, 8.0 * (14 - x - y)}));
    EXPECT_DOUBLE_EQ(*solved->objective, best);

    PartitionProfileOptions deviation = withTasks(14);
    deviation.costColumn = "STD";
    Expected<PartitionImport> other = readPartitionProfile(text, deviation);
    ASSERT_TRUE(other) << other.error().message;
    EXPECT_EQ(other->instance.resources[0].costOf(2), 1);
}

TEST(PartitionProfile, CsvRecordsWithQuotedNamesAndNamedColumns) {
    const char* text = "device;energy per task;time per task\n\"gpu; big\";3;0.5\ncpu;1;2\n";
    PartitionProfileOptions options = withTasks(10);
    options.costColumn = "time per task";
    Expected<PartitionImport> in = readPartitionProfile(text, options);
    ASSERT_TRUE(in) << in.error().message;
    ASSERT_EQ(in->instance.resources.size(), 2u);
    EXPECT_EQ(in->instance.resources[0].name, "gpu; big");
    EXPECT_EQ(in->instance.resources[1].costOf(4), 8);
    options.costColumn = "power";
    Expected<PartitionImport> unknown = readPartitionProfile(text, options);
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("time per task"), std::string::npos) << unknown.error().message;
}

TEST(PartitionProfile, ZeroOrNegativeCostsAreRefusedNamingTheDeviceOrDropped) {
    const char* text = "name,cost\nfast,1\nbroken,0\nslow,3\n";
    Expected<PartitionImport> refused = readPartitionProfile(text, withTasks(5), "phones.csv");
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("broken"), std::string::npos) << refused.error().message;
    EXPECT_NE(refused.error().message.find("line 3"), std::string::npos) << refused.error().message;
    EXPECT_NE(refused.error().message.find("phones.csv"), std::string::npos) << refused.error().message;
    PartitionProfileOptions drop = withTasks(5);
    drop.dropNonPositive = true;
    Expected<PartitionImport> dropped = readPartitionProfile(text, drop);
    ASSERT_TRUE(dropped) << dropped.error().message;
    EXPECT_EQ(dropped->instance.resources.size(), 2u);
    EXPECT_TRUE(anyNote(*dropped, "broken"));
}

// A long profile: "cpu" measured at 2, 4 and 8 tasks (costs 10, 14, 30), "gpu" at 1 and 5 (costs 4, 6).
const char* kLong = "resource,tasks,cost\ncpu,2,10\ncpu,8,30\ncpu,4,14\ngpu,1,4\ngpu,5,6\n";

TEST(PartitionProfile, LongProfilesFillTheirGapsLinearlyByStepsOrNotAtAll) {
    PartitionProfileOptions options = withTasks(9);
    Expected<PartitionImport> linear = readPartitionProfile(kLong, options);
    ASSERT_TRUE(linear) << linear.error().message;
    const PartitionResource& cpu = linear->instance.resources[0];
    EXPECT_EQ(cpu.name, "cpu");
    EXPECT_EQ(cpu.lower, 2);
    EXPECT_EQ(cpu.upper, 8);
    EXPECT_DOUBLE_EQ(cpu.costOf(3), 12);   // between (2, 10) and (4, 14)
    EXPECT_DOUBLE_EQ(cpu.costOf(6), 22);   // between (4, 14) and (8, 30)
    EXPECT_DOUBLE_EQ(linear->instance.resources[1].costOf(3), 5);

    options.fill = CostFill::Step;
    Expected<PartitionImport> step = readPartitionProfile(kLong, options);
    ASSERT_TRUE(step) << step.error().message;
    EXPECT_DOUBLE_EQ(step->instance.resources[0].costOf(3), 14);   // the next measured count, 4
    EXPECT_DOUBLE_EQ(step->instance.resources[0].costOf(5), 30);
    EXPECT_DOUBLE_EQ(step->instance.resources[0].costOf(8), 30);

    options.fill = CostFill::Measured;
    Expected<PartitionImport> measured = readPartitionProfile(kLong, options);
    ASSERT_TRUE(measured) << measured.error().message;
    EXPECT_FALSE(measured->instance.resources[0].admits(3));
    EXPECT_TRUE(measured->instance.resources[0].admits(4));
    // Only 4 + 5 = 9 or 8 + 1 = 9 split 9 tasks: makespan min(max(14, 6), max(30, 4)) = 14.
    Expected<SolveResult> solved = solve(Instance{measured->instance}, "", {});
    ASSERT_TRUE(solved) << solved.error().message;
    EXPECT_DOUBLE_EQ(*solved->objective, 14);

    Expected<PartitionImport> twice = readPartitionProfile("resource,tasks,cost\ncpu,2,10\ncpu,2,11\n", withTasks(2));
    ASSERT_FALSE(twice);
    EXPECT_NE(twice.error().message.find("twice"), std::string::npos) << twice.error().message;
}

TEST(PartitionProfileCorpus, FlhetbenchLatenciesAreTwentyOneLinearDevices) {
    const fs::path file = kCorpus / "partition-profiles" / "flhetbench_training_latency_2023-11-27.json";
    if (kCorpus.empty() || !fs::exists(file)) GTEST_SKIP() << "no corpus at " << kCorpus;
    PartitionProfileOptions options = withTasks(1000);
    options.nameColumn = "Phone Model";
    options.costColumn = "ResNet Latency";
    Expected<PartitionImport> in = importPartitionProfileFile(file.string(), options);
    ASSERT_TRUE(in) << in.error().message;
    const PartitionInstance& p = in->instance;
    ASSERT_EQ(p.resources.size(), 21u);
    double lo = INFINITY, hi = 0, inverse = 0;
    std::string fastest;
    for (const PartitionResource& r : p.resources) {
        if (r.cost.perTask < lo) lo = r.cost.perTask, fastest = r.name;
        hi = std::max(hi, r.cost.perTask);
        inverse += 1 / r.cost.perTask;
    }
    EXPECT_NEAR(lo, 53.7257, 1e-4);
    EXPECT_EQ(fastest, "iPad Air 4");
    EXPECT_NEAR(hi, 291.0, 1e-9);
    Expected<SolveResult> solved = solve(Instance{p}, "", {});
    ASSERT_TRUE(solved) << solved.error().message;
    // The fractional bound T / sum(1 / latency) is below the makespan, by at most one task on the slowest device.
    EXPECT_GE(*solved->objective, 1000 / inverse * (1 - 1e-9));
    EXPECT_LE(*solved->objective, 1000 / inverse + hi);

    options.costColumn = "Vit Latency";
    Expected<PartitionImport> vit = importPartitionProfileFile(file.string(), options);
    ASSERT_TRUE(vit) << vit.error().message;
    double vitLo = INFINITY;
    for (const PartitionResource& r : vit->instance.resources) vitLo = std::min(vitLo, r.cost.perTask);
    EXPECT_NEAR(vitLo, 232.100006, 1e-6);
}

}  // namespace
}  // namespace hetsched
