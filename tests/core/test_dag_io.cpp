// Task graph instance files: the issue's example, every bad input refused with its JSON path, and
// round trips.
#include <gtest/gtest.h>

#include <string>

#include "io/instance_io.h"

namespace hetsched {
namespace {

const char* kIssueExample = R"({ "kind": "dag",
  "platform": { "clusters": [ { "name": "C0", "processors": 32, "speed": 1.0e9, "bandwidth": 1.25e8, "latency": 1e-4 } ],
                "backbone": { "bandwidth": 3.125e8, "latency": 0.05 } },
  "tasks": [ { "name": "t0", "flops": 1.0e10, "alpha": 0.1 }, { "name": "t1", "flops": 2.0e10, "alpha": 0.0 } ],
  "edges": [ { "from": "t0", "to": "t1", "bytes": 1.0e6 } ] })";

std::string errorOf(const std::string& text) {
    Expected<Instance> in = parseInstance(text);
    if (in.ok()) return "(accepted)";
    EXPECT_EQ(in.error().kind, ErrorKind::InvalidInput);
    return in.error().message;
}

std::string dag(const std::string& tasks, const std::string& edges,
                const std::string& clusters = R"({"name": "C0", "processors": 4, "speed": 1e9, "bandwidth": 1e8, "latency": 1e-4})") {
    return R"({"kind": "dag", "platform": {"clusters": [)" + clusters +
           R"(], "backbone": {"bandwidth": 1e9, "latency": 0.01}}, "tasks": [)" + tasks + R"(], "edges": [)" + edges + "]}";
}

const std::string kThree = R"({"name": "a", "flops": 1e9, "alpha": 0}, {"name": "b", "flops": 2e9, "alpha": 0.1},
                              {"name": "c", "flops": 3e9, "alpha": 0.2})";

TEST(DagIo, ReadsTheIssueExample) {
    Expected<Instance> in = parseInstance(kIssueExample);
    ASSERT_TRUE(in.ok()) << in.error().message;
    EXPECT_EQ(instanceKind(*in), "dag");
    const auto& d = std::get<DagInstance>(*in);
    ASSERT_EQ(d.platform.clusters.size(), 1u);
    EXPECT_EQ(d.platform.clusters[0].processors, 32);
    EXPECT_DOUBLE_EQ(d.platform.backbone.latency, 0.05);
    ASSERT_EQ(d.tasks.size(), 2u);
    EXPECT_DOUBLE_EQ(d.tasks[0].alpha, 0.1);
    ASSERT_EQ(d.edges.size(), 1u);
    EXPECT_EQ(d.edges[0].from, 0u);
    EXPECT_EQ(d.edges[0].to, 1u);
    EXPECT_DOUBLE_EQ(d.edges[0].bytes, 1e6);
}

TEST(DagIo, RoundTripsThroughJson) {
    Expected<Instance> in = parseInstance(kIssueExample);
    ASSERT_TRUE(in.ok());
    Expected<Instance> again = instanceFromJson(instanceToJson(*in));
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(instanceToJson(*again), instanceToJson(*in));
}

TEST(DagIo, ReadsTheExample) {
    Expected<Instance> in = readInstanceFile(std::string(HETSCHED_EXAMPLES_DIR) + "/dag-two-clusters.json");
    ASSERT_TRUE(in.ok()) << in.error().message;
    EXPECT_EQ(instanceKind(*in), "dag");
}

TEST(DagIo, NamesACycle) {
    const std::string e = errorOf(dag(kThree, R"({"from": "a", "to": "b", "bytes": 1}, {"from": "b", "to": "c", "bytes": 1},
                                                {"from": "c", "to": "b", "bytes": 1})"));
    EXPECT_NE(e.find("edges: the graph has a cycle: "), std::string::npos) << e;
    EXPECT_TRUE(e.find("b -> c -> b") != std::string::npos || e.find("c -> b -> c") != std::string::npos) << e;
}

TEST(DagIo, RefusesBadInputNamingWhere) {
    struct Case {
        std::string text;
        std::string expected;
    };
    const std::string one = R"({"name": "a", "flops": 1e9, "alpha": 0})";
    const std::vector<Case> cases{
        {dag(kThree, R"({"from": "a", "to": "z", "bytes": 1})"), "edges[0].to: unknown task \"z\""},
        {dag(kThree, R"({"from": "q", "to": "b", "bytes": 1})"), "edges[0].from: unknown task \"q\""},
        {dag(kThree, R"({"from": "a", "to": "a", "bytes": 1})"), "edges[0]: task \"a\" depends on itself"},
        {dag(kThree, R"({"from": "a", "to": "b", "bytes": 1}, {"from": "a", "to": "b", "bytes": 2})"),
         "edges[1]: duplicate edge \"a\" -> \"b\""},
        {dag(kThree, R"({"from": "a", "to": "b", "bytes": -1})"), "edges[0].bytes: must be between 0 and 1e30"},
        {dag(R"({"name": "a", "flops": 1, "alpha": 0}, {"name": "a", "flops": 1, "alpha": 0})", ""),
         "tasks[1].name: duplicate task name \"a\""},
        // Names are indexed once the tasks are read: a repeated name is still named before a later bad value.
        {dag(R"({"name": "a", "flops": 1, "alpha": 0}, {"name": "a", "flops": -1, "alpha": 0})", ""),
         "tasks[1].name: duplicate task name \"a\""},
        {dag(R"({"name": "a", "flops": 1, "alpha": 0}, {"name": "a", "flops": 1, "alpha": 0}, {"name": "b", "flops": 1, "alpha": 2})", ""),
         "tasks[1].name: duplicate task name \"a\""},
        {dag(R"({"name": "a", "flops": 1, "alpha": 0}, {"name": "a", "flops": 1, "alpha": 0, "x": 1})", ""),
         "tasks[1]: unknown key 'x'"},
        {dag(R"({"name": "a", "flops": -1, "alpha": 0})", ""), "tasks[0].flops: must be between 0 and 1e30"},
        {dag(R"({"name": "a", "flops": 1e40, "alpha": 0})", ""), "tasks[0].flops: must be between 0 and 1e30"},
        {dag(R"({"name": "a", "flops": 1, "alpha": 1.5})", ""), "tasks[0].alpha"},
        {dag(R"({"name": "a", "flops": 1e29, "alpha": 0})", ""), "tasks[0].flops: task \"a\" fits nowhere"},
        {dag(R"({"name": "", "flops": 1, "alpha": 0})", ""), "tasks[0].name"},
        {dag("", ""), "tasks: expected at least one task"},
        {dag(one, "", ""), "platform.clusters: expected at least one cluster"},
        {dag(one, "", R"({"name": "C", "processors": 0, "speed": 1, "bandwidth": 1, "latency": 0})"),
         "platform.clusters[0].processors"},
        {dag(one, "", R"({"name": "C", "processors": 2.5, "speed": 1, "bandwidth": 1, "latency": 0})"),
         "platform.clusters[0].processors"},
        {dag(one, "", R"({"name": "C", "processors": 2, "speed": 0, "bandwidth": 1, "latency": 0})"),
         "platform.clusters[0].speed: must be between 1e-6 and 1e30"},
        {dag(one, "", R"({"name": "C", "processors": 2, "speed": 1, "bandwidth": 1, "latency": -1})"),
         "platform.clusters[0].latency"},
        {dag(one, "", R"({"name": "C", "processors": 2, "speed": 1, "bandwidth": 1, "latency": 0},
                        {"name": "C", "processors": 2, "speed": 1, "bandwidth": 1, "latency": 0})"),
         "platform.clusters[1].name: duplicate cluster name \"C\""},
        {dag(one, "", R"({"name": "C", "processors": 2, "speed": 1, "bandwidth": 1, "latency": 0, "gpus": 1})"),
         "platform.clusters[0]: unknown key 'gpus'"},
        {R"({"kind": "dag", "platform": {"clusters": []}, "tasks": [], "edges": []})", "platform.clusters: expected at least one cluster"},
        {R"({"kind": "dag", "tasks": [], "edges": []})", "missing key 'platform'"},
        {dag(one, R"({"from": "a"})"), "edges[0]: missing key 'to'"},
        {R"({"kind": "dag", "platform": {"clusters": [{"name": "C", "processors": 2, "speed": 1, "bandwidth": 1, "latency": 0}],
             "backbone": {"bandwidth": NaN, "latency": 0}}, "tasks": [], "edges": []})", "line"},
    };
    for (const Case& c : cases) {
        const std::string e = errorOf(c.text);
        EXPECT_NE(e.find(c.expected), std::string::npos) << "expected \"" << c.expected << "\" in \"" << e << "\"";
    }
}

}  // namespace
}  // namespace hetsched
