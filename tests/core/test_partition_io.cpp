// Partition instance files: every bad input is refused with its JSON path; good files round-trip.
#include <gtest/gtest.h>

#include <string>

#include "io/instance_io.h"
#include "io/project.h"

namespace hetsched {
namespace {

const char* kIssueExample = R"({ "kind": "partition", "tasks": 10, "objective": "makespan",
  "resources": [
    { "name": "cpu", "lower": 0, "upper": 10, "cost": { "table": [0, 1, 2.1, 3, 4.2, 5, 6.1, 7, 8, 9.5, 10] } },
    { "name": "gpu", "lower": 1, "upper": 10, "cost": { "affine": { "fixed": 2.0, "per_task": 0.5 } } },
    { "name": "fpga", "allowed": [0, 4, 8], "cost": { "points": [[0, 0], [4, 3.0], [8, 5.5]] } } ] })";

std::string errorOf(const std::string& text) {
    Expected<Instance> in = parseInstance(text);
    if (in.ok()) return "(accepted)";
    EXPECT_EQ(in.error().kind, ErrorKind::InvalidInput);
    return in.error().message;
}

std::string withResource(const std::string& resource, const std::string& extra = "") {
    return R"({"kind": "partition", "tasks": 10)" + extra + R"(, "resources": [)" + resource + "]}";
}

TEST(PartitionIo, ReadsTheIssueExample) {
    Expected<Instance> in = parseInstance(kIssueExample);
    ASSERT_TRUE(in.ok()) << in.error().message;
    const auto& p = std::get<PartitionInstance>(*in);
    EXPECT_EQ(p.tasks, 10);
    ASSERT_EQ(p.resources.size(), 3u);
    EXPECT_EQ(p.resources[1].cost.kind, CostFunction::Kind::Affine);
    EXPECT_EQ(p.resources[2].allowed, (std::vector<std::int64_t>{0, 4, 8}));
    EXPECT_EQ(p.resources[0].upper, 10);
}

TEST(PartitionIo, UpperDefaultsToTasksAndLowerToZero) {
    Expected<Instance> in = parseInstance(withResource(R"({"name": "a", "cost": {"affine": {"per_task": 1}}})"));
    ASSERT_TRUE(in.ok()) << in.error().message;
    const auto& r = std::get<PartitionInstance>(*in).resources[0];
    EXPECT_EQ(r.lower, 0);
    EXPECT_EQ(r.upper, 10);
}

TEST(PartitionIo, RoundTripsThroughJson) {
    Expected<Instance> in = parseInstance(kIssueExample);
    ASSERT_TRUE(in.ok());
    const nlohmann::json once = instanceToJson(*in);
    Expected<Instance> again = instanceFromJson(once);
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(instanceToJson(*again), once);
}

TEST(PartitionIo, ReadsEveryBuiltInExample) {
    for (const char* name : {"partition-small.json", "partition-heterogeneous-node.json"}) {
        Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/" + name);
        EXPECT_TRUE(in.ok()) << name << ": " << in.error().message;
    }
}

struct BadInput {
    std::string text;
    std::string expected;   // a fragment of the message, with the path
};

class PartitionIoBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(PartitionIoBadInput, IsRefusedWithItsPath) {
    const std::string message = errorOf(GetParam().text);
    EXPECT_NE(message.find(GetParam().expected), std::string::npos) << "message was: " << message;
}

INSTANTIATE_TEST_SUITE_P(
    Messages, PartitionIoBadInput,
    ::testing::Values(
        BadInput{"", "not valid JSON"},
        BadInput{"{\"kind\": \"partition\", \"tasks\": NaN}", "not valid JSON"},
        BadInput{"[1, 2]", "expected an object, got an array"},
        BadInput{"{\"tasks\": 3}", "missing key 'kind'"},
        BadInput{"{\"kind\": \"spaceship\"}", "kind: unknown instance kind \"spaceship\""},
        BadInput{"{\"kind\": 3}", "kind: expected a string, got a number"},
        BadInput{R"({"kind": "partition", "resources": []})", "missing key 'tasks'"},
        BadInput{R"({"kind": "partition", "tasks": -3, "resources": []})", "tasks: must be at least 1, got -3"},
        BadInput{R"({"kind": "partition", "tasks": 2.5, "resources": []})", "tasks: expected an integer, got 2.5"},
        BadInput{R"({"kind": "partition", "tasks": 1e30, "resources": []})", "tasks: must be at most 100000000"},
        BadInput{R"({"kind": "partition", "tasks": 18446744073709551615, "resources": []})", "tasks: must be at most"},
        BadInput{R"({"kind": "partition", "tasks": "ten", "resources": []})", "tasks: expected an integer, got a string"},
        BadInput{R"({"kind": "partition", "tasks": 10, "resources": []})", "resources: expected at least one resource"},
        BadInput{R"({"kind": "partition", "tasks": 10, "resources": {}})", "resources: expected an array, got an object"},
        BadInput{R"({"kind": "partition", "tasks": 10, "objective": "speed", "resources": []})",
                 "objective: expected \"makespan\" or \"total_cost\""},
        BadInput{R"({"kind": "partition", "tasks": 10, "colour": 1, "resources": []})", "unknown key 'colour'"},
        BadInput{withResource(R"({"cost": {"table": [1]}})"), "resources[0]: missing key 'name'"},
        BadInput{withResource(R"({"name": "", "cost": {"table": [1]}})"), "resources[0].name: must not be empty"},
        BadInput{withResource(R"({"name": "cpu", "lower": 0, "upper": 10, "cost": {"table": [0, 1, 2, 3, 4, 5, 6, 7, 8]}})"),
                 "resources[0].cost.table: expected 11 values for lower=0..upper=10, got 9"},
        BadInput{withResource(R"({"name": "a", "upper": 2, "cost": {"table": [0, 1, -2]}})"),
                 "resources[0].cost.table[2]: must be at least 0, got -2"},
        BadInput{withResource(R"({"name": "a", "upper": 1, "cost": {"table": [0, 1e999]}})"),
                 "not valid JSON: number overflow parsing '1e999'"},
        BadInput{withResource(R"({"name": "a", "upper": 1, "cost": {"table": [0, null]}})"),
                 "resources[0].cost.table[1]: expected a number, got null"},
        BadInput{withResource(R"({"name": "a", "upper": 1, "cost": {"table": [0, 1e200]}})"),
                 "resources[0].cost.table[1]: must be at most 1e+100"},
        BadInput{withResource(R"({"name": "a", "lower": 5, "upper": 2, "cost": {"table": [1]}})"),
                 "resources[0]: lower=5 is greater than upper=2"},
        BadInput{withResource(R"({"name": "a", "lower": -1, "cost": {"table": [1]}})"),
                 "resources[0].lower: must be at least 0, got -1"},
        BadInput{withResource(R"({"name": "a", "cost": {}})"), "resources[0].cost: give exactly one of"},
        BadInput{withResource(R"({"name": "a", "cost": {"table": [1], "affine": {"per_task": 1}}})"),
                 "resources[0].cost: give exactly one of"},
        BadInput{withResource(R"({"name": "a", "cost": {"affine": {"fixed": -1, "per_task": 1}}})"),
                 "resources[0].cost.affine.fixed: must be at least 0, got -1"},
        BadInput{withResource(R"({"name": "a", "cost": {"affine": {"fixed": 1}}})"),
                 "resources[0].cost.affine: missing key 'per_task'"},
        BadInput{withResource(R"({"name": "a", "allowed": [], "cost": {"table": []}})"),
                 "resources[0].allowed: expected at least one allowed count"},
        BadInput{withResource(R"({"name": "a", "allowed": [0, 4, 4], "cost": {"table": [1, 2, 3]}})"),
                 "resources[0].allowed[2]: duplicate count 4"},
        BadInput{withResource(R"({"name": "a", "allowed": [0, 4], "upper": 3, "cost": {"table": [1, 2]}})"),
                 "resources[0]: give either 'allowed' or 'lower'/'upper'"},
        BadInput{withResource(R"({"name": "a", "allowed": [0, 4, 8], "cost": {"table": [1, 2]}})"),
                 "resources[0].cost.table: expected 3 values, one per allowed count, got 2"},
        BadInput{withResource(R"({"name": "a", "allowed": [0, 4, 8], "cost": {"points": [[0, 0], [4, 1]]}})"),
                 "resources[0].cost.points: count 8 is outside the measured range"},
        BadInput{withResource(R"({"name": "a", "allowed": [0, 4], "cost": {"points": [[0, 0], [4, 1], [4, 2]]}})"),
                 "resources[0].cost.points[2]: two measured points at 4"},
        BadInput{withResource(R"({"name": "a", "allowed": [0, 4], "cost": {"points": [[0, 0, 1], [4, 1]]}})"),
                 "resources[0].cost.points[0]: expected a pair [tasks, cost], got 3 values"},
        BadInput{withResource(R"({"name": "a", "allowed": [0, 4], "cost": {"points": [[0, 0], [4, "x"]]}})"),
                 "resources[0].cost.points[1][1]: expected a number, got a string"},
        BadInput{withResource(R"({"name": "a", "cost": {"affine": {"per_task": 1}}}, {"name": "a", "cost": {"affine": {"per_task": 1}}})"),
                 "resources[1].name: duplicate resource name \"a\""},
        BadInput{withResource(R"({"name": "a", "uper": 3, "cost": {"affine": {"per_task": 1}}})"),
                 "resources[0]: unknown key 'uper'"}));

TEST(PartitionIo, MissingFileIsAnIoErrorNamingThePath) {
    Expected<Instance> in = readInstanceFile("/nonexistent/dir/x.json");
    ASSERT_FALSE(in.ok());
    EXPECT_EQ(in.error().kind, ErrorKind::Io);
    EXPECT_NE(in.error().message.find("/nonexistent/dir/x.json"), std::string::npos);
}

TEST(PartitionIo, TruncatedFilesAreRefusedNotCrashed) {
    const std::string text = kIssueExample;
    for (std::size_t cut = 0; cut < text.size(); cut += 7) EXPECT_FALSE(parseInstance(text.substr(0, cut)).ok());
}

TEST(Project, RoundTripsInstancesAndRuns) {
    Project project;
    Expected<Instance> in = parseInstance(kIssueExample);
    ASSERT_TRUE(in.ok());
    project.entries.push_back({"example", *in, {nlohmann::json{{"solver", "dp"}, {"makespan", 3.5}}}});
    const std::string text = projectToJson(project).dump();
    Expected<Project> back = parseProject(text);
    ASSERT_TRUE(back.ok()) << back.error().message;
    ASSERT_EQ(back->entries.size(), 1u);
    EXPECT_EQ(back->entries[0].name, "example");
    EXPECT_EQ(back->entries[0].runs[0]["makespan"], 3.5);
    EXPECT_EQ(projectToJson(*back).dump(), text);
}

TEST(Project, RefusesCorruptFilesWithThePath) {
    EXPECT_FALSE(parseProject("{\"format\": \"hetsched-project\", \"version\": 1, \"entr").ok());
    const auto bad = parseProject(
        R"({"format": "hetsched-project", "version": 1, "entries": [{"name": "x", "instance": {"kind": "partition", "tasks": 0, "resources": []}}]})");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("entries[0].instance: tasks: must be at least 1"), std::string::npos)
        << bad.error().message;
    EXPECT_NE(parseProject(R"({"format": "other", "version": 1, "entries": []})").error().message.find("format"),
              std::string::npos);
}

}  // namespace
}  // namespace hetsched
