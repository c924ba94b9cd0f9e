// Imports of task graphs and platforms: daggen's DOT, WfCommons WfFormat, SimGrid cluster XML, each
// with bad input refused naming the line or the JSON path.
#include <gtest/gtest.h>

#include "io/dag_import.h"

namespace hetsched {
namespace {

DagPlatform onePlatform() {
    DagPlatform p;
    p.clusters = {{"C0", 8, 1e9, 1.25e8, 1e-4}};
    return p;
}

// The shape daggen prints (its output for n = 4, trimmed).
const char* kDaggen = R"(digraph G {
  1 [size="4294967296", alpha="0.05"]
  2 [size="1073741824", alpha="0.12"]
  3 [size="2147483648", alpha="0.00"]
  4 [size="536870912", alpha="0.20"]
  1 -> 2 [size ="65536"]
  1 -> 3 [size ="65536"]
  2 -> 4 [size ="16384"]
  3 -> 4 [size ="16384"]
}
)";

std::string dotError(const std::string& text) {
    Expected<DagInstance> in = importDaggenDot(text, onePlatform());
    return in.ok() ? "(accepted)" : in.error().message;
}

TEST(DagImportDot, ReadsDaggenOutput) {
    Expected<DagInstance> in = importDaggenDot(kDaggen, onePlatform());
    ASSERT_TRUE(in.ok()) << in.error().message;
    ASSERT_EQ(in->tasks.size(), 4u);
    EXPECT_EQ(in->tasks[0].name, "1");
    EXPECT_DOUBLE_EQ(in->tasks[0].flops, 4294967296.0);
    EXPECT_DOUBLE_EQ(in->tasks[3].alpha, 0.2);
    ASSERT_EQ(in->edges.size(), 4u);
    EXPECT_EQ(in->edges[2].from, 1u);
    EXPECT_EQ(in->edges[2].to, 3u);
    EXPECT_DOUBLE_EQ(in->edges[2].bytes, 16384);
}

TEST(DagImportDot, AcceptsCommentsChainsAndDefaults) {
    Expected<DagInstance> in = importDaggenDot(R"(/* made by hand */ strict digraph "g" {
      graph [rankdir=LR]; node [shape=box]
      a [size=10]; b [size=20 alpha=0.5]  # comment
      c [size="5"]
      a -> b -> c [size=3];
    })", onePlatform());
    ASSERT_TRUE(in.ok()) << in.error().message;
    EXPECT_DOUBLE_EQ(in->tasks[0].alpha, 0);
    ASSERT_EQ(in->edges.size(), 2u);
    EXPECT_DOUBLE_EQ(in->edges[1].bytes, 3);
}

TEST(DagImportDot, RefusesBadInputNamingTheLine) {
    EXPECT_NE(dotError("digraph G {\n a [size=1]\n b [size=1]\n a -> c\n}").find("line 4: edge to unknown node c"),
              std::string::npos);
    EXPECT_NE(dotError("digraph G {\n a [size=1]\n b\n}").find("line 3: node b has no size"), std::string::npos);
    EXPECT_NE(dotError("digraph G {\n a [size=1, alpha=2]\n}").find("line 2: the alpha of node a"), std::string::npos);
    EXPECT_NE(dotError("digraph G {\n a [size=x]\n}").find("line 2: the size of node a"), std::string::npos);
    EXPECT_NE(dotError("digraph G {\n a [size=1]\n b [size=1]\n a -> b\n b -> a\n}").find("cycle"), std::string::npos);
    EXPECT_NE(dotError("digraph G {\n a [size=1]\n").find("expected '}'"), std::string::npos);
    EXPECT_NE(dotError("graph G { a -- b }").find("line 1: expected 'digraph'"), std::string::npos);
    EXPECT_NE(dotError("digraph G {\n a [size=\"1]\n}").find("line 2: unterminated string"), std::string::npos);
    EXPECT_NE(dotError("digraph G {\n a [size=1]\n a -> a\n}").find("line 3: node a depends on itself"), std::string::npos);
    EXPECT_NE(dotError("digraph G { }").find("no task"), std::string::npos);
    EXPECT_NE(dotError("").find("expected 'digraph'"), std::string::npos);
    EXPECT_NE(dotError("digraph G {\n rankdir =").find("line 2: expected a value after '='"), std::string::npos);
    EXPECT_NE(dotError("digraph G {\n a [size").find("line 2: expected '=' after attribute size"), std::string::npos);
    EXPECT_NE(dotError("digraph G {\n a ->").find("line 2: expected a node after '->'"), std::string::npos);
}

// Schema 1.5: specification + execution.
const char* kWf15 = R"({"name": "w", "schemaVersion": "1.5", "workflow": {
  "specification": {
    "tasks": [{"name": "split", "id": "split_1", "parents": [], "children": ["work_1"], "inputFiles": ["in"], "outputFiles": ["part", "log"]},
              {"name": "work", "id": "work_1", "parents": ["split_1"], "children": [], "inputFiles": ["part"], "outputFiles": []}],
    "files": [{"id": "in", "sizeInBytes": 100}, {"id": "part", "sizeInBytes": 4000}, {"id": "log", "sizeInBytes": 7}]},
  "execution": {"makespanInSeconds": 5, "tasks": [{"id": "split_1", "runtimeInSeconds": 2.0}, {"id": "work_1", "runtimeInSeconds": 3.5}]}}})";

TEST(DagImportWfFormat, ReadsSchema15) {
    Expected<DagInstance> in = importWfFormat(kWf15, onePlatform(), {2e9, 0.1});
    ASSERT_TRUE(in.ok()) << in.error().message;
    ASSERT_EQ(in->tasks.size(), 2u);
    EXPECT_EQ(in->tasks[1].name, "work_1");
    EXPECT_DOUBLE_EQ(in->tasks[1].flops, 7e9);   // 3.5 s at 2e9 flop/s
    EXPECT_DOUBLE_EQ(in->tasks[1].alpha, 0.1);
    ASSERT_EQ(in->edges.size(), 1u);
    EXPECT_DOUBLE_EQ(in->edges[0].bytes, 4000);   // only the file the child reads
}

TEST(DagImportWfFormat, ReadsTheOlderLayout) {
    Expected<DagInstance> in = importWfFormat(R"({"workflow": {"tasks": [
      {"name": "a", "runtime": 1, "parents": [], "files": [{"link": "output", "name": "f", "size": 10},
                                                           {"link": "output", "name": "g", "size": 5}]},
      {"name": "b", "runtimeInSeconds": 2, "parents": ["a"], "files": [{"link": "input", "name": "f", "size": 10},
                                                                      {"link": "input", "name": "g", "size": 5}]}]}})",
                                              onePlatform());
    ASSERT_TRUE(in.ok()) << in.error().message;
    EXPECT_DOUBLE_EQ(in->tasks[0].flops, 1e9);
    ASSERT_EQ(in->edges.size(), 1u);
    EXPECT_DOUBLE_EQ(in->edges[0].bytes, 15);
}

TEST(DagImportWfFormat, RefusesBadInputNamingThePath) {
    auto error = [](const std::string& text) {
        Expected<DagInstance> in = importWfFormat(text, onePlatform());
        return in.ok() ? std::string("(accepted)") : in.error().message;
    };
    EXPECT_NE(error(R"({"workflow": {"tasks": [{"name": "a", "runtime": 1, "parents": ["z"]}]}})")
                  .find("workflow.tasks[0].parents: unknown parent task \"z\""),
              std::string::npos);
    EXPECT_NE(error(R"({"workflow": {"tasks": [{"name": "a", "runtime": -1}]}})").find("workflow.tasks[0].runtime"),
              std::string::npos);
    EXPECT_NE(error(R"({"workflow": {"tasks": [{"name": "a", "runtime": 1, "parents": ["b"]},
                                               {"name": "b", "runtime": 1, "parents": ["a"]}]}})")
                  .find("cycle"),
              std::string::npos);
    EXPECT_NE(error(R"({"workflow": {"tasks": []}})").find("no task"), std::string::npos);
    EXPECT_NE(error(R"({"workflow": {"specification": {"tasks": [{"id": "a", "inputFiles": ["q"]}], "files": []},
                                     "execution": {"tasks": [{"id": "a", "runtimeInSeconds": 1}]}}})")
                  .find("workflow.specification.tasks[0].inputFiles[0]: unknown file \"q\""),
              std::string::npos);
    EXPECT_NE(error("{not json").find("line 1"), std::string::npos);
}

const char* kSimGrid = R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="world" routing="Full">
    <!-- two clusters -->
    <cluster id="rennes" prefix="r-" suffix=".fr" radical="0-15" speed="1.5Gf" bw="125MBps" lat="100us"/>
    <cluster id="nancy" prefix="n-" suffix=".fr" radical="0-3,8-11" core="2" speed="2Gf,1Gf" bw="1Gbps" lat="0.1ms"/>
    <link id="backbone" bandwidth="2.5Gbps" latency="50ms"/>
  </zone>
</platform>
)";

TEST(DagImportSimGrid, ReadsClustersAndTheBackbone) {
    Expected<DagPlatform> p = importSimGridPlatform(kSimGrid);
    ASSERT_TRUE(p.ok()) << p.error().message;
    ASSERT_EQ(p->clusters.size(), 2u);
    EXPECT_EQ(p->clusters[0].name, "rennes");
    EXPECT_EQ(p->clusters[0].processors, 16);
    EXPECT_DOUBLE_EQ(p->clusters[0].speed, 1.5e9);
    EXPECT_DOUBLE_EQ(p->clusters[0].bandwidth, 1.25e8);
    EXPECT_DOUBLE_EQ(p->clusters[0].latency, 1e-4);
    EXPECT_EQ(p->clusters[1].processors, 16);   // 8 hosts of 2 cores
    EXPECT_DOUBLE_EQ(p->clusters[1].speed, 2e9);
    EXPECT_DOUBLE_EQ(p->clusters[1].bandwidth, 1.25e8);
    EXPECT_DOUBLE_EQ(p->backbone.bandwidth, 3.125e8);
    EXPECT_DOUBLE_EQ(p->backbone.latency, 0.05);
}

TEST(DagImportSimGrid, RefusesBadInputNamingTheLine) {
    auto error = [](const std::string& text) {
        Expected<DagPlatform> p = importSimGridPlatform(text);
        return p.ok() ? std::string("(accepted)") : p.error().message;
    };
    EXPECT_NE(error("<platform>\n<cluster id=\"c\" radical=\"0-3\" speed=\"1Gf\" bw=\"1Xbps\" lat=\"1us\"/>\n</platform>")
                  .find("line 2: <cluster> bw=\"1Xbps\""),
              std::string::npos);
    EXPECT_NE(error("<platform>\n\n<cluster id=\"c\" speed=\"1Gf\" bw=\"1Bps\" lat=\"1us\"/></platform>")
                  .find("line 3: <cluster> has no attribute radical"),
              std::string::npos);
    EXPECT_NE(error("<platform>\n<cluster id=\"c\" radical=\"5-2\" speed=\"1Gf\" bw=\"1Bps\" lat=\"1us\"/></platform>")
                  .find("line 2: <cluster id=\"c\"> radical"),
              std::string::npos);
    EXPECT_NE(error("<platform>\n<cluster id=\"c\" radical=\"0-1\" speed=\"fast\" bw=\"1Bps\" lat=\"1us\"/></platform>")
                  .find("line 2"),
              std::string::npos);
    EXPECT_NE(error("<platform><zone id=\"z\"></zone></platform>").find("no <cluster>"), std::string::npos);
    EXPECT_NE(error("<platform>\n<cluster id=\"c\" radical=\"0-1\n").find("line 2"), std::string::npos);
    EXPECT_NE(error("<!-- never closed").find("unterminated comment"), std::string::npos);
    EXPECT_NE(error("").find("no <platform>"), std::string::npos);
}

TEST(DagImportFiles, FormatByExtensionThenContent) {
    EXPECT_EQ(*detectTaskGraphFormat("g.DOT", "{"), TaskGraphFormat::Dot);
    EXPECT_EQ(*detectTaskGraphFormat("g.gv", ""), TaskGraphFormat::Dot);
    EXPECT_EQ(*detectTaskGraphFormat("w.Json", "digraph"), TaskGraphFormat::WfFormat);
    EXPECT_EQ(*detectTaskGraphFormat("graph.txt", "  \n {\"workflow\": {}}"), TaskGraphFormat::WfFormat);
    EXPECT_EQ(*detectTaskGraphFormat("graph", "/* daggen */ strict DiGraph G {}"), TaskGraphFormat::Dot);
    EXPECT_FALSE(detectTaskGraphFormat("graph.txt", "hello").ok());
    EXPECT_EQ(taskGraphFormatFromName("wfformat"), TaskGraphFormat::WfFormat);
    EXPECT_FALSE(taskGraphFormatFromName("xml").has_value());
}

TEST(DagImportFiles, PlatformJsonIsAnInstanceOrABarePlatform) {
    Expected<DagPlatform> bare = parseDagPlatformJson(R"({"clusters": [{"name": "a", "processors": 4, "speed": 2e9,
        "bandwidth": 1e8, "latency": 1e-4}], "backbone": {"bandwidth": 1e9, "latency": 0.01}})");
    ASSERT_TRUE(bare.ok()) << bare.error().message;
    EXPECT_EQ(bare->clusters[0].processors, 4);
    EXPECT_DOUBLE_EQ(bare->backbone.latency, 0.01);
    Expected<DagPlatform> fromInstance = parseDagPlatformJson(R"({"kind": "dag",
        "platform": {"clusters": [{"name": "b", "processors": 2, "speed": 1e9, "bandwidth": 1e8, "latency": 0}],
                     "backbone": {"bandwidth": 1e9, "latency": 0}},
        "tasks": [{"name": "t", "flops": 1, "alpha": 0}], "edges": []})");
    ASSERT_TRUE(fromInstance.ok()) << fromInstance.error().message;
    EXPECT_EQ(fromInstance->clusters[0].name, "b");
    // Errors keep the platform's own paths.
    Expected<DagPlatform> bad = parseDagPlatformJson(R"({"clusters": [{"name": "a", "processors": 0, "speed": 1e9,
        "bandwidth": 1e8, "latency": 0}], "backbone": {"bandwidth": 1e9, "latency": 0}})");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message.rfind("clusters[0].processors", 0), 0u) << bad.error().message;
    Expected<DagPlatform> other = parseDagPlatformJson(R"({"kind": "partition", "tasks": 3, "resources": []})");
    ASSERT_FALSE(other.ok());
    EXPECT_FALSE(parseDagPlatformJson("[1, 2]").ok());
    EXPECT_FALSE(parseDagPlatformJson("{oops").ok());
}

}  // namespace
}  // namespace hetsched
