// Task graph variants that users' files have and the readers once refused: STG with a processor count on
// its first line or deadlines on its task lines, DAX jobs inside another element, and dependencies a DAX
// implies through its files (as SimGrid's loader takes them).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "io/dag_import.h"
#include "io/task_graph_import.h"
#include "model/dag_random.h"

namespace hetsched {
namespace {

namespace fs = std::filesystem;

bool hasEdge(const TaskGraph& g, std::size_t from, std::size_t to) {
    return std::any_of(g.edges.begin(), g.edges.end(), [&](const DagEdge& e) { return e.from == from && e.to == to; });
}

bool anyNote(const TaskGraphImport& in, const std::string& text) {
    return std::any_of(in.notes.begin(), in.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

TEST(StgVariants, AProcessorCountAfterTheTaskCountIsNotedNotRefused) {
    // Two tasks between the dummy entry 0 and exit 3; the set's experiments used 4 processors.
    Expected<TaskGraphImport> in = readStgTaskGraph("2 4\n0 0 0\n1 5 1 0\n2 7 1 0\n3 0 2 1 2\n", {});
    ASSERT_TRUE(in) << in.error().message;
    EXPECT_EQ(in->graph.tasks.size(), 4u);
    EXPECT_TRUE(hasEdge(in->graph, 1, 3));
    EXPECT_TRUE(anyNote(*in, "4 processors"));
    EXPECT_FALSE(readStgTaskGraph("2 four\n0 0 0\n1 5 1 0\n2 7 1 0\n3 0 2 1 2\n", {}));
}

TEST(StgVariants, DeadlinesLastOnTaskLinesOrAfterTheCost) {
    // Each task line ends with a deadline (20, 30, 40, 50).
    Expected<TaskGraphImport> last = readStgTaskGraph("2\n0 0 0 20\n1 5 1 0 30\n2 7 1 0 40\n3 0 2 1 2 50\n", {});
    ASSERT_TRUE(last) << last.error().message;
    ASSERT_EQ(last->graph.tasks.size(), 4u);
    EXPECT_DOUBLE_EQ(last->graph.tasks[2].flops, 7e9);
    EXPECT_TRUE(hasEdge(last->graph, 2, 3));
    EXPECT_EQ(last->graph.edges.size(), 4u);
    EXPECT_TRUE(anyNote(*last, "deadlines"));
    EXPECT_NE(last->format.find("deadlines"), std::string::npos);

    // id cost deadline npred pred...
    Expected<TaskGraphImport> afterCost = readStgTaskGraph("2\n0 0 20 0\n1 5 30 1 0\n2 7 40 1 0\n3 0 50 2 1 2\n", {});
    ASSERT_TRUE(afterCost) << afterCost.error().message;
    EXPECT_DOUBLE_EQ(afterCost->graph.tasks[1].flops, 5e9);
    EXPECT_TRUE(hasEdge(afterCost->graph, 1, 3));
    EXPECT_EQ(afterCost->graph.edges.size(), 4u);

    // A line without the deadline the others have is named.
    Expected<TaskGraphImport> mixed = readStgTaskGraph("2\n0 0 0 20\n1 5 1 0 30\n2 7 1 0\n3 0 2 1 2 50\n", {});
    ASSERT_FALSE(mixed);
    EXPECT_NE(mixed.error().message.find("line 4"), std::string::npos) << mixed.error().message;
}

TEST(DaxVariants, JobsInsideAnotherElementAreFound) {
    // decaf's DAX keeps its jobs inside <dflow>.
    const char* text = R"(<?xml version="1.0"?>
<adag xmlns="http://pegasus.isi.edu/schema/DAX" version="3.6" name="decaf">
  <dflow name="flow">
    <job id="ID0" name="producer" runtime="2"/>
    <job id="ID1" name="consumer" runtime="3"/>
  </dflow>
  <job id="ID2" name="after" runtime="1"/>
  <child ref="ID1"><parent ref="ID0"/></child>
  <child ref="ID2"><parent ref="ID1"/></child>
</adag>
)";
    Expected<TaskGraphImport> in = readDaxTaskGraph(text, {});
    ASSERT_TRUE(in) << in.error().message;
    ASSERT_EQ(in->graph.tasks.size(), 3u);
    EXPECT_EQ(in->graph.tasks[0].name, "producer");
    EXPECT_TRUE(hasEdge(in->graph, 0, 1));
    EXPECT_TRUE(hasEdge(in->graph, 1, 2));
    EXPECT_TRUE(anyNote(*in, "<dflow>"));
}

TEST(DaxVariants, AFileWrittenByOneJobAndReadByAnotherIsADependency) {
    const char* text = R"(<adag version="2.1">
  <job id="1" name="a" runtime="1"><uses file="f" link="output" size="100"/></job>
  <job id="2" name="b" runtime="1"><uses file="f" link="input" size="100"/></job>
  <job id="3" name="c" runtime="1"><uses file="g" link="inout" size="5"/></job>
</adag>
)";
    Expected<TaskGraphImport> in = readDaxTaskGraph(text, {});
    ASSERT_TRUE(in) << in.error().message;
    ASSERT_EQ(in->graph.edges.size(), 1u);
    EXPECT_EQ(in->graph.edges[0].from, 0u);
    EXPECT_EQ(in->graph.edges[0].to, 1u);
    EXPECT_DOUBLE_EQ(in->graph.edges[0].bytes, 100);
    EXPECT_TRUE(anyNote(*in, "implied"));
    EXPECT_TRUE(anyNote(*in, "same job"));   // c's inout file is no loop
}

// SimGrid's own examples/cpp/dag-from-dax/simple_dax_with_cycle.xml, written again here: task1 writes o1,
// which task3 reads, and <child ref="1"><parent ref="3"/></child> closes the cycle 1 -> 3 -> 1.
TEST(DaxVariants, ACycleThroughAFileIsRefusedNamingIt) {
    const char* text = R"(<?xml version="1.0" encoding="UTF-8"?>
<adag xmlns="http://pegasus.isi.edu/schema/DAX" version="2.1" name="smalldax" jobCount="4">
  <job id="1" namespace="SG" name="task1" runtime="10">
    <uses file="i1" link="input" size="1000000"/>
    <uses file="o1" link="output" size="1000000"/>
  </job>
  <job id="2" namespace="SG" name="task2" runtime="10">
    <uses file="i2" link="input" size="1000000"/>
  </job>
  <job id="3" namespace="SG" name="task3" runtime="10">
    <uses file="o1" link="input" size="1000000"/>
    <uses file="o3" link="output" size="1000000"/>
  </job>
  <child ref="3"><parent ref="2"/></child>
  <child ref="1"><parent ref="3"/></child>
</adag>
)";
    std::string pattern = (fs::temp_directory_path() / "hetsched-dax-XXXXXX").string();
    const fs::path dir = ::mkdtemp(pattern.data());
    const fs::path file = dir / "simple_dax_with_cycle.xml";
    std::ofstream(file) << text;
    Expected<DagPlatform> platform = generatePlatform(DagPlatformConfig{});
    ASSERT_TRUE(platform);
    Expected<DagImport> in = importTaskGraphFile(file.string(), *platform);
    std::error_code ec;
    fs::remove_all(dir, ec);
    ASSERT_FALSE(in);
    EXPECT_NE(in.error().message.find("cycle"), std::string::npos) << in.error().message;
    EXPECT_NE(in.error().message.find("task1"), std::string::npos) << in.error().message;
    EXPECT_NE(in.error().message.find("task3"), std::string::npos) << in.error().message;
}

}  // namespace
}  // namespace hetsched
