// CPU/GPU instance files: every bad input is refused with its JSON path; good files round-trip.
#include <gtest/gtest.h>

#include <string>

#include "io/instance_io.h"

namespace hetsched {
namespace {

const char* kIssueExample = R"({ "kind": "cpugpu", "cpus": 4, "gpus": 2, "epsilon": 0.001,
  "tasks": [ { "name": "t0", "cpu": 10.0, "gpu": 1.0 }, { "name": "t1", "cpu": 5.0, "gpu": 4.0 } ] })";

std::string errorOf(const std::string& text) {
    Expected<Instance> in = parseInstance(text);
    if (in.ok()) return "(accepted)";
    EXPECT_EQ(in.error().kind, ErrorKind::InvalidInput);
    return in.error().message;
}

std::string withTasks(const std::string& tasks, const std::string& platform = R"("cpus": 2, "gpus": 1)") {
    return R"({"kind": "cpugpu", )" + platform + R"(, "tasks": [)" + tasks + "]}";
}

TEST(CpuGpuIo, ReadsTheIssueExample) {
    Expected<Instance> in = parseInstance(kIssueExample);
    ASSERT_TRUE(in.ok()) << in.error().message;
    const auto& c = std::get<CpuGpuInstance>(*in);
    EXPECT_EQ(instanceKind(*in), "cpugpu");
    EXPECT_EQ(c.cpus, 4);
    EXPECT_EQ(c.gpus, 2);
    EXPECT_DOUBLE_EQ(c.epsilon, 0.001);
    ASSERT_EQ(c.tasks.size(), 2u);
    EXPECT_EQ(c.tasks[1].name, "t1");
    EXPECT_DOUBLE_EQ(c.tasks[0].cpu, 10.0);
    EXPECT_DOUBLE_EQ(c.tasks[1].gpu, 4.0);
    EXPECT_DOUBLE_EQ(accelerationOf(c.tasks[0]), 10.0);
}

TEST(CpuGpuIo, EpsilonDefaultsAndOneKindOfProcessorSuffices) {
    Expected<Instance> in =
        parseInstance(withTasks(R"({"name": "a", "cpu": 1, "gpu": 2})", R"("cpus": 0, "gpus": 3)"));
    ASSERT_TRUE(in.ok()) << in.error().message;
    EXPECT_DOUBLE_EQ(std::get<CpuGpuInstance>(*in).epsilon, 1e-3);
    EXPECT_EQ(std::get<CpuGpuInstance>(*in).cpus, 0);
}

TEST(CpuGpuIo, RoundTripsThroughJson) {
    Expected<Instance> in = parseInstance(kIssueExample);
    ASSERT_TRUE(in.ok());
    const nlohmann::json once = instanceToJson(*in);
    Expected<Instance> again = instanceFromJson(once);
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(instanceToJson(*again), once);
}

TEST(CpuGpuIo, ReadsEveryBuiltInExample) {
    for (const char* name : {"cpugpu-small.json", "cpugpu-paper-random.json", "cpugpu-heft-trap.json"}) {
        Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/" + name);
        ASSERT_TRUE(in.ok()) << name << ": " << in.error().message;
        EXPECT_TRUE(std::holds_alternative<CpuGpuInstance>(*in)) << name;
    }
}

struct BadInput {
    std::string text;
    std::string expected;   // a fragment of the message, with the path
};

class CpuGpuIoBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(CpuGpuIoBadInput, IsRefusedWithItsPath) {
    const std::string message = errorOf(GetParam().text);
    EXPECT_NE(message.find(GetParam().expected), std::string::npos) << "message was: " << message;
}

const std::string kTask = R"({"name": "a", "cpu": 1, "gpu": 2})";

INSTANTIATE_TEST_SUITE_P(
    Messages, CpuGpuIoBadInput,
    ::testing::Values(
        BadInput{R"({"kind": "cpugpu", "cpus": 2, "gpus": 1, "tasks": [)", "not valid JSON"},
        BadInput{withTasks(""), "tasks: expected at least one task"},
        BadInput{R"({"kind": "cpugpu", "cpus": 2, "gpus": 1})", "missing key 'tasks'"},
        BadInput{R"({"kind": "cpugpu", "gpus": 1, "tasks": [{"name": "a", "cpu": 1, "gpu": 2}]})",
                 "missing key 'cpus'"},
        BadInput{withTasks(kTask, R"("cpus": 0, "gpus": 0)"), "cpus: cpus and gpus are both 0"},
        BadInput{withTasks(kTask, R"("cpus": -1, "gpus": 1)"), "cpus: must be at least 0"},
        BadInput{withTasks(kTask, R"("cpus": 2.5, "gpus": 1)"), "cpus: expected an integer"},
        BadInput{withTasks(kTask, R"("cpus": 2, "gpus": 100000)"), "gpus: must be at most 10000"},
        BadInput{withTasks(kTask, R"("cpus": 2, "gpus": "1")"), "gpus: expected an integer, got a string"},
        BadInput{withTasks(kTask, R"("cpus": 2, "gpus": 1, "epsilon": 0)"),
                 "epsilon: must be at least 1e-06"},
        BadInput{withTasks(kTask, R"("cpus": 2, "gpus": 1, "epsilon": 2)"), "epsilon: must be at most 1"},
        BadInput{withTasks(kTask, R"("cpus": 2, "gpus": 1, "lambda": 2)"), "unknown key 'lambda'"},
        BadInput{withTasks(R"({"name": "a", "cpu": 1})"), "tasks[0]: missing key 'gpu'"},
        BadInput{withTasks(R"({"name": "a", "cpu": -1, "gpu": 2})"), "tasks[0].cpu: must be positive"},
        BadInput{withTasks(R"({"name": "a", "cpu": 0, "gpu": 2})"), "tasks[0].cpu: must be positive"},
        BadInput{withTasks(R"({"name": "a", "cpu": 1, "gpu": 1e13})"),
                 "tasks[0].gpu: must be between 1e-9 and 1e12"},
        BadInput{withTasks(R"({"name": "a", "cpu": 1e-12, "gpu": 1})"), "tasks[0].cpu: must be between"},
        BadInput{withTasks(R"({"name": "a", "cpu": 1, "gpu": 1e999})"), "not valid JSON"},
        BadInput{withTasks(R"({"name": "a", "cpu": NaN, "gpu": 1})"), "not valid JSON"},
        BadInput{withTasks(R"({"name": "a", "cpu": null, "gpu": 1})"),
                 "tasks[0].cpu: expected a number, got null"},
        BadInput{withTasks(R"({"name": "a", "cpu": "3", "gpu": 1})"),
                 "tasks[0].cpu: expected a number, got a string"},
        BadInput{withTasks(R"({"name": "", "cpu": 1, "gpu": 1})"), "tasks[0].name: must not be empty"},
        BadInput{withTasks(R"({"cpu": 1, "gpu": 1})"), "tasks[0]: missing key 'name'"},
        BadInput{withTasks(R"({"name": "a", "cpu": 1, "gpu": 1, "fpga": 1})"),
                 "tasks[0]: unknown key 'fpga'"},
        BadInput{withTasks(kTask + "," + R"({"name": "b", "cpu": 1, "gpu": 1},)" + kTask),
                 "tasks[2].name: duplicate task name \"a\" (also tasks[0])"},
        // Names are indexed once the tasks are read: a repeated name is still the first problem named, before a
        // bad value of the same task or of a later one, but after an empty name or an unknown key.
        BadInput{withTasks(kTask + "," + R"({"name": "a", "cpu": -1, "gpu": 1})"),
                 "tasks[1].name: duplicate task name \"a\" (also tasks[0])"},
        BadInput{withTasks(kTask + "," + kTask + "," + R"({"name": "b", "cpu": 1, "gpu": "x"})"),
                 "tasks[1].name: duplicate task name \"a\" (also tasks[0])"},
        BadInput{withTasks(kTask + "," + R"({"name": "a", "cpu": 1, "gpu": 1, "fpga": 1})"),
                 "tasks[1]: unknown key 'fpga'"},
        BadInput{withTasks(kTask + "," + R"({"name": "", "cpu": 1, "gpu": 1},)" + kTask),
                 "tasks[1].name: must not be empty"},
        BadInput{withTasks("[1, 2]"), "tasks[0]: expected an object, got an array"},
        BadInput{R"({"kind": "cpugpu", "cpus": 2, "gpus": 1, "tasks": {"a": 1}})",
                 "tasks: expected an array"},
        BadInput{R"({"kind": "cpu-gpu", "cpus": 2, "gpus": 1, "tasks": []})",
                 "known: partition, divisible, cpugpu"}));

}  // namespace
}  // namespace hetsched
