// Hostile and broken files (issue 24): each input the fuzzers and hand-made attacks found is answered with
// a message or a result, never a crash, a stuck parser or gigabytes of memory. Each test keeps one input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "io/cpugpu_import.h"
#include "io/dag_import.h"
#include "io/dag_io.h"
#include "io/instance_io.h"
#include "io/json_reader.h"
#include "io/partition_profile_reader.h"
#include "io/project.h"
#include "io/task_graph_import.h"
#include "model/dag.h"
#include "task_graph_test_util.h"

namespace hetsched {
namespace {

using test::hasNote;

// Well-formed UTF-8, checked byte by byte (independently of the reader's own check).
bool isUtf8(const std::string& text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (n == 0 || i + n > text.size()) return false;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
        i += n;
    }
    return true;
}

TaskGraphImportOptions sized() {
    TaskGraphImportOptions options;
    options.defaultFlops = 1e9;
    options.defaultBytes = 0;
    return options;
}

DagPlatform onePlatform() {
    DagPlatform platform;
    platform.clusters.push_back({"c", 4, 1e9, 1e9, 1e-6});
    platform.backbone = {1e9, 1e-6};
    return platform;
}

// The instance a read graph makes, written as JSON: what `hetsched import` and the GUI do with it.
std::string importedJson(const std::string& path, const std::string& text, const TaskGraphImportOptions& options) {
    Expected<TaskGraphImport> read = readTaskGraph(path, text, options);
    EXPECT_TRUE(read.ok()) << read.error().message;
    if (!read) return {};
    Expected<DagInstance> placed = placeTaskGraph(read->graph, onePlatform());
    EXPECT_TRUE(placed.ok()) << placed.error().message;
    if (!placed) return {};
    return instanceToJson(Instance(*placed)).dump();   // nlohmann throws on a name that is not UTF-8
}

std::string refusal(const std::string& path, const std::string& text, const TaskGraphImportOptions& options = sized()) {
    Expected<TaskGraphImport> read = readTaskGraph(path, text, options);
    EXPECT_FALSE(read.ok()) << path << " was accepted";
    return read.ok() ? std::string() : read.error().message;
}

// --- Names that are not UTF-8 ---------------------------------------------------------------------

TEST(HostileNames, DotNameInLatin1IsReadAsLatin1AndTheInstanceCanBeWritten) {
    // The fuzzers' finding: cgraph took "caf\xE9", then writing the instance threw (SIGABRT).
    Expected<TaskGraphImport> read = readTaskGraph("g.dot", "digraph { \"caf\xE9\" -> b }", sized());
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read->graph.tasks[0].name, "caf\xC3\xA9");   // é in UTF-8
    EXPECT_TRUE(hasNote(*read, "Latin-1")) << test::allNotes(*read);
    EXPECT_NE(importedJson("g.dot", "digraph { \"caf\xE9\" -> b }", sized()).find("caf\xC3\xA9"), std::string::npos);
}

TEST(HostileNames, DotCharsetLatin1ConvertsEveryName) {
    // "\xC3\xA9" is valid UTF-8 (é) but in a Latin-1 graph it is two characters, Ã and ©.
    Expected<TaskGraphImport> read = readTaskGraph("g.dot", "digraph { charset=latin1; \"\xC3\xA9\" -> b }", sized());
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read->graph.tasks[0].name, "\xC3\x83\xC2\xA9");
    EXPECT_TRUE(hasNote(*read, "charset")) << test::allNotes(*read);
}

TEST(HostileNames, EveryBrokenByteSequenceBecomesUtf8) {
    // Truncated sequences, an overlong '/', a UTF-16 surrogate, a code point above U+10FFFF, a lone
    // continuation byte: none may reach the JSON writer.
    for (const std::string name : {"\xC3", "\xE2\x82", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\x80x"}) {
        const std::string text = "digraph { \"" + name + "\" -> b }";
        const std::string json = importedJson("g.dot", text, sized());
        EXPECT_FALSE(json.empty()) << "name bytes " << name.size();
    }
}

TEST(HostileNames, MessagesQuotingBytesThatAreNotUtf8AreUtf8) {
    // The readers quote the offending text; the GUI and the JSON reports need UTF-8.
    EXPECT_TRUE(isUtf8(refusal("g.stg", "2\n0 0 0\n1 \xE9 1 0\n")));
    EXPECT_TRUE(isUtf8(refusal("g.txt", "NODE_COUNT 1\nNODE 0 - \xE9 0 0\n", sized())));
    EXPECT_TRUE(isUtf8(refusal("g.json", "{\"workflow\": {\"tasks\": [{\"name\": \"caf\xE9\"}]}}")));
    EXPECT_TRUE(isUtf8(refusal("g.dot", "digraph { a [size=\"\xE9\"] }")));
}

TEST(HostileNames, DaxInLatin1DeclaredByItsEncodingReadsAsUtf8) {
    const std::string dax = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                            "<adag><job id=\"1\" name=\"caf\xE9\" runtime=\"1\"/></adag>\n";
    EXPECT_NE(importedJson("g.dax", dax, sized()).find("caf\xC3\xA9"), std::string::npos);
}

// --- cgraph's lexer state ----------------------------------------------------------------------------

TEST(HostileDot, UnclosedCommentIsRefusedAndTheNextReadStillWorks) {
    // Accepted before, and the lexer stayed inside the comment: every later read found "no DOT graph".
    const std::string message = refusal("a.dot", "digraph { a -> b }\n/* never closed\n");
    EXPECT_NE(message.find("line 2"), std::string::npos) << message;
    EXPECT_NE(message.find("never closed"), std::string::npos) << message;
    Expected<TaskGraphImport> next = readTaskGraph("b.dot", "digraph { x -> y }", sized());
    ASSERT_TRUE(next.ok()) << next.error().message;
    EXPECT_EQ(next->graph.tasks.size(), 2u);
}

TEST(HostileDot, UnclosedStringsAreRefusedAndTheNextReadStillWorks) {
    for (const std::string text : {"digraph { a -> b } \"open", "digraph { a -> \"b", "digraph { a -> <b<i>x</i>",
                                   "digraph { a -> \"b\\\" }"}) {
        const std::string message = refusal("a.dot", text);
        EXPECT_NE(message.find("never closed"), std::string::npos) << text << ": " << message;
        Expected<TaskGraphImport> next = readTaskGraph("b.dot", "digraph { x -> y -> z }", sized());
        ASSERT_TRUE(next.ok()) << "after " << text << ": " << next.error().message;
        EXPECT_EQ(next->graph.tasks.size(), 3u);
    }
}

TEST(HostileDot, CommentMarksInsideStringsAndCommentsAreNotComments) {
    for (const std::string text : {"digraph { \"a/*\" -> b }", "digraph { a -> b // /* not a comment\n}",
                                   "digraph { a -> b # /* neither\n}", "digraph { a -> b /* \"quoted\" */ }",
                                   "digraph { <a/*> -> b }"}) {
        Expected<TaskGraphImport> read = readTaskGraph("a.dot", text, sized());
        ASSERT_TRUE(read.ok()) << text << ": " << read.error().message;
        EXPECT_EQ(read->graph.tasks.size(), 2u) << text;
    }
}

TEST(HostileDot, ASyntaxErrorLeavesNothingForTheNextRead) {
    refusal("a.dot", "digraph { a -> -> b }\ndigraph { c -> d }\n");
    Expected<TaskGraphImport> next = readTaskGraph("b.dot", "digraph { x -> y }", sized());
    ASSERT_TRUE(next.ok()) << next.error().message;
    EXPECT_EQ(next->graph.tasks[0].name, "x");
}

// --- Limits on what a file may ask for ---------------------------------------------------------------

std::string group(const char* prefix, int count) {
    std::string text = "{";
    for (int i = 0; i < count; ++i) text.append(" ").append(prefix).append(std::to_string(i));
    return text + " }";
}

TEST(HostileLimits, DotAllToAllOfNineMillionEdgesIsRefusedBeforeCgraphBuildsThem) {
    // 34 KB asking for 3000 x 3000 edges: 5.5 GB and 38 s before; refused from the text now.
    const std::string text = "digraph { " + group("a", 3000) + " -> " + group("b", 3000) + " }";
    const std::string message = refusal("big.dot", text);
    EXPECT_NE(message.find("1000000"), std::string::npos) << message;
    EXPECT_NE(message.find("--max-edges"), std::string::npos) << message;
    EXPECT_NE(message.find("3000 x 3000"), std::string::npos) << message;
}

TEST(HostileLimits, DotEdgeLimitIsExactForAllToAllGroups) {
    TaskGraphImportOptions options = sized();
    const std::string text = "digraph { " + group("a", 50) + " -> " + group("b", 40) + " }";   // 2000 edges
    options.maxEdges = 1999;
    EXPECT_NE(refusal("g.dot", text, options).find("--max-edges"), std::string::npos);
    options.maxEdges = 2000;
    Expected<TaskGraphImport> read = readTaskGraph("g.dot", text, options);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read->graph.edges.size(), 2000u);
}

TEST(HostileLimits, DotSubgraphsReopenedByNameCountWhatTheyHold) {
    // subgraph s {} -> subgraph t {} joins what earlier bodies put in s and t: 2000 edges from empty bodies.
    const std::string text = "digraph { subgraph s " + group("a", 50) + "; subgraph t " + group("b", 40) +
                             "; subgraph s {} -> subgraph t {} }";
    TaskGraphImportOptions options = sized();
    options.maxEdges = 1999;
    EXPECT_NE(refusal("g.dot", text, options).find("--max-edges"), std::string::npos);
    options.maxEdges = 2000;
    Expected<TaskGraphImport> read = readTaskGraph("g.dot", text, options);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read->graph.edges.size(), 2000u);
}

TEST(HostileLimits, TaskLimitNamesTheFlagInEveryFormat) {
    TaskGraphImportOptions options = sized();
    options.maxTasks = 2;
    for (const auto& [path, text] : std::vector<std::pair<std::string, std::string>>{
             {"g.dot", "digraph { a -> b -> c }"},
             {"g.stg", "3\n0 0 0\n1 1 1 0\n2 1 1 1\n3 1 1 2\n4 0 1 3\n"},
             {"g.txt", "NODE_COUNT 3\nNODE 0 1 ROOT 0 0\nNODE 1 2 COMPUTATION 1 0\nNODE 2 - END 0 0\n"},
             {"g.json", R"({"workflow": {"tasks": [{"name": "a", "runtime": 1}, {"name": "b", "runtime": 1},
                           {"name": "c", "runtime": 1}]}})"},
             {"g.dax", "<adag><job id=\"1\" runtime=\"1\"/><job id=\"2\" runtime=\"1\"/><job id=\"3\" runtime=\"1\"/></adag>"}}) {
        const std::string message = refusal(path, text, options);
        EXPECT_NE(message.find("--max-tasks"), std::string::npos) << path << ": " << message;
    }
}

TEST(HostileLimits, StgCountOfTwoToTheSixtyFourMinusOneIsRefusedNotWrappedAround) {
    // 18446744073709551615 + 2 wrapped to 1, and a one-task file was accepted.
    const std::string message = refusal("g.stg", "18446744073709551615\n0 0 0\n");
    EXPECT_NE(message.find("18446744073709551615"), std::string::npos) << message;
    EXPECT_NE(message.find("--max-tasks"), std::string::npos) << message;
}

TEST(HostileLimits, StgPredecessorCountIsNotDoubledIntoZero) {
    // 2 x 9223372036854775808 is 0 in 64 bits: a task claiming that many predecessors listed none.
    const std::string message = refusal("g.stg", "1\n0 0 0\n1 1 9223372036854775808\n2 0 1 1\n");
    EXPECT_NE(message.find("9223372036854775808 predecessors"), std::string::npos) << message;
}

TEST(HostileLimits, DaggenTransferToManyTasksCountsItsEdges) {
    // One TRANSFER node named as the child of 60 tasks and leading to 60 tasks: 3600 dependencies.
    std::string text = "NODE_COUNT 121\n";
    std::string targets;
    for (int i = 0; i < 60; ++i) targets.append(i ? "," : "").append(std::to_string(61 + i));
    for (int i = 0; i < 60; ++i) text += "NODE " + std::to_string(i) + " 60 COMPUTATION 1 0\n";
    text += "NODE 60 " + targets + " TRANSFER 8 0\n";
    for (int i = 0; i < 60; ++i) text += "NODE " + std::to_string(61 + i) + " - COMPUTATION 1 0\n";
    TaskGraphImportOptions options = sized();
    options.maxEdges = 3599;
    EXPECT_NE(refusal("g.txt", text, options).find("--max-edges"), std::string::npos);
    options.maxEdges = 3600;
    Expected<TaskGraphImport> read = readTaskGraph("g.txt", text, options);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read->graph.edges.size(), 3600u);
}

TEST(HostileLimits, WfFormatTransferBetweenManyTasksCountsItsEdges) {
    // SimGrid JSON: 60 compute tasks -> one transfer -> 60 compute tasks is 3600 dependencies.
    std::string tasks = R"({"name": "t", "type": "transfer", "writtenBytes": 8, "parents": [)";
    for (int i = 0; i < 60; ++i) tasks += (i ? ", \"p" : "\"p") + std::to_string(i) + "\"";
    tasks += "]}";
    for (int i = 0; i < 60; ++i) tasks += R"(, {"name": "p)" + std::to_string(i) + R"(", "type": "compute", "runtime": 1})";
    for (int i = 0; i < 60; ++i)
        tasks += R"(, {"name": "c)" + std::to_string(i) + R"(", "type": "compute", "runtime": 1, "parents": ["t"]})";
    const std::string text = R"({"schemaVersion": "1.0", "workflow": {"tasks": [)" + tasks + "]}}";
    TaskGraphImportOptions options = sized();
    options.maxEdges = 3599;
    EXPECT_NE(refusal("g.json", text, options).find("--max-edges"), std::string::npos);
    options.maxEdges = 3600;
    Expected<TaskGraphImport> read = readTaskGraph("g.json", text, options);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read->graph.edges.size(), 3600u);
}

TEST(HostileLimits, TheImportTableHasTheLimitsAsFlags) {
    const OptionTable& table = taskGraphImportOptionTable();
    const OptionSpec* maxTasks = findOption(table, "max-tasks");
    const OptionSpec* maxEdges = findOption(table, "max-edges");
    ASSERT_NE(maxTasks, nullptr);
    ASSERT_NE(maxEdges, nullptr);
    EXPECT_EQ(std::get<std::int64_t>(maxTasks->defaultValue), 100000);
    EXPECT_EQ(std::get<std::int64_t>(maxEdges->defaultValue), 1000000);
    EXPECT_EQ(maxTasks->maximum, static_cast<double>(dag_limits::kMaxTasks));
    EXPECT_EQ(maxEdges->maximum, static_cast<double>(dag_limits::kMaxEdges));
    OptionValues values(table);
    values.set("max-tasks", std::int64_t(7));
    values.set("max-edges", std::int64_t(9));
    const TaskGraphImportOptions options = taskGraphImportOptions(values);
    EXPECT_EQ(options.maxTasks, 7u);
    EXPECT_EQ(options.maxEdges, 9u);
    EXPECT_EQ(taskGraphImportOptions(taskGraphImportValues(options)).maxEdges, 9u);
}

// --- XML entity amplification ------------------------------------------------------------------------

std::string repeated(const std::string& part, int count) {
    std::string text;
    for (int i = 0; i < count; ++i) text += part;
    return text;
}

TEST(HostileDax, OneEntityReferencedThousandsOfTimesInANameIsRefused) {
    // 121 KB made a 40 MB task name after 28 s.
    const std::string dax = "<!DOCTYPE adag [<!ENTITY e \"" + std::string(4000, 'x') + "\">]>\n<adag>\n<job id=\"1\" name=\"" +
                            repeated("&e;", 30000) + "\" runtime=\"1\"/>\n</adag>\n";
    const std::string message = refusal("g.dax", dax);
    EXPECT_NE(message.find("entity"), std::string::npos) << message;
    EXPECT_NE(message.find("line 3"), std::string::npos) << message;
}

TEST(HostileDax, NestedEntitiesInAProfileAreRefused) {
    // 110 KB in a <profile> took 3.9 GB and printed a 1 GB message.
    std::string dtd = "<!ENTITY a \"" + std::string(100, '1') + "\">";
    dtd += "<!ENTITY b \"" + repeated("&a;", 100) + "\">";   // 10 KB each
    const std::string dax = "<!DOCTYPE adag [" + dtd + "]>\n<adag><job id=\"1\"><profile namespace=\"pegasus\" "
                            "key=\"runtime\">" + repeated("&b;", 20000) + "</profile></job></adag>\n";
    const std::string message = refusal("g.dax", dax);
    EXPECT_NE(message.find("entity"), std::string::npos) << message;
    EXPECT_LT(message.size(), 1000u);
}

TEST(HostileDax, BillionLaughsIsRefused) {
    std::string dtd = "<!ENTITY l0 \"lol\">";
    for (int i = 1; i <= 9; ++i)
        dtd += "<!ENTITY l" + std::to_string(i) + " \"" + repeated("&l" + std::to_string(i - 1) + ";", 10) + "\">";
    const std::string dax = "<!DOCTYPE adag [" + dtd + "]>\n<adag><job id=\"&l9;\" runtime=\"1\"/></adag>\n";
    refusal("g.dax", dax);
}

TEST(HostileDax, ASmallEntityStillReads) {
    const std::string dax = "<!DOCTYPE adag [<!ENTITY tool \"montage\">]>\n<adag><job id=\"1\" name=\"&tool;\" "
                            "runtime=\"2\"/></adag>\n";
    Expected<TaskGraphImport> read = readTaskGraph("g.dax", dax, sized());
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_EQ(read->graph.tasks[0].name, "montage");
}

// A file's external entities are never fetched. In an attribute (a task's name), XML forbids them: the file is
// refused naming the entity. In content (a job's argument), the reference reads as nothing. The secret's text, in
// a file of our own, appears nowhere.
TEST(HostileDax, ExternalEntitiesAreNotLoaded) {
    const std::filesystem::path secret = std::filesystem::temp_directory_path() / "hetsched-dax-secret.txt";
    {
        std::ofstream out(secret);
        out << "SECRET-7d1f";
    }
    const std::string doctype = "<!DOCTYPE adag [<!ENTITY secret SYSTEM \"file://" + secret.string() + "\">]>\n";
    Expected<TaskGraphImport> inName =
        readTaskGraph("g.dax", doctype + "<adag><job id=\"1\" name=\"x&secret;\" runtime=\"2\"/></adag>\n", sized());
    Expected<TaskGraphImport> inContent = readTaskGraph(
        "g.dax", doctype + "<adag><job id=\"1\" name=\"x\" runtime=\"2\"><argument>a &secret; b</argument></job></adag>\n",
        sized());
    std::filesystem::remove(secret);
    ASSERT_FALSE(inName.ok());
    EXPECT_NE(inName.error().message.find("external entity 'secret'"), std::string::npos) << inName.error().message;
    EXPECT_EQ(inName.error().message.find("SECRET-7d1f"), std::string::npos) << inName.error().message;
    ASSERT_TRUE(inContent.ok()) << inContent.error().message;
    ASSERT_EQ(inContent->graph.tasks.size(), 1u);
    EXPECT_EQ(inContent->graph.tasks[0].name, "x");
    for (const std::string& note : inContent->notes) EXPECT_EQ(note.find("SECRET-7d1f"), std::string::npos) << note;
}

// --- JSON nesting ------------------------------------------------------------------------------------

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(HostileJson, ProjectRunsNested130000LevelsAreRefusedNamingTheLimit) {
    // 260 KB that overflowed the stack (SIGSEGV) in the project reader's recursive copies.
    const std::string project = R"({"format": "hetsched-project", "version": 1, "entries": [{"name": "a", "instance": )"
                                R"({"kind": "partition"}, "runs": [{"deep": )" + nested(130000) + "}]}]}";
    Expected<Project> read = parseProject(project);
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.error().message.find("256"), std::string::npos) << read.error().message;
    EXPECT_NE(read.error().message.find("line 1, column"), std::string::npos) << read.error().message;
}

TEST(HostileJson, ProjectLayoutNestedDeeplyIsRefused) {
    const std::string project = R"({"format": "hetsched-project", "version": 1, "entries": [{"name": "a", "instance": )"
                                R"({"kind": "partition"}, "layout": {"x": )" + nested(130000) + "}}]}";
    EXPECT_FALSE(parseProject(project).ok());
}

TEST(HostileJson, InstancesAndWorkflowsNestedDeeplyAreRefused) {
    EXPECT_FALSE(parseInstance("{\"kind\": \"dag\", \"tasks\": " + nested(100000) + "}").ok());
    EXPECT_NE(refusal("w.json", "{\"workflow\": " + nested(100000) + "}").find("256"), std::string::npos);
    EXPECT_FALSE(parseDagPlatformJson("{\"clusters\": " + nested(100000) + "}").ok());
}

TEST(HostileJson, CostProfilesAndMoldableIlpInstancesNestedDeeplyAreRefused) {
    // A device record's value is kept as text (copied recursively): the profile reader parsed without the bound.
    PartitionProfileOptions options;
    options.tasks = 10;
    Expected<PartitionImport> profile =
        readPartitionProfile(R"([{"name": "cpu", "cost": 1, "note": )" + nested(130000) + "}]", options, "p.json");
    ASSERT_FALSE(profile.ok());
    EXPECT_NE(profile.error().message.find("p.json: line 1, column"), std::string::npos) << profile.error().message;
    EXPECT_NE(profile.error().message.find("nested deeper than 256"), std::string::npos) << profile.error().message;
    Expected<CpuGpuImport> moldable = readMoldableIlpInstance(R"({"meta": )" + nested(130000) + "}");
    ASSERT_FALSE(moldable.ok());
    EXPECT_NE(moldable.error().message.find("nested deeper than 256"), std::string::npos) << moldable.error().message;
}

TEST(HostileNames, CostProfileDeviceNameInLatin1IsReadAsLatin1AndTheInstanceCanBeWritten) {
    // fuzz_partition_profile's finding: a long CSV profile whose device name has the byte 0xD9.
    PartitionProfileOptions options;
    options.tasks = 64;
    Expected<PartitionImport> read = readPartitionProfile(
        "resource,tasks,time\ncpu,1,2\ncpu,8,15\ncpu,64,120\ngpu,1,5\n\xD9gpu,64,20\n", options, "p.csv");
    ASSERT_TRUE(read.ok()) << read.error().message;
    bool found = false;
    for (const PartitionResource& r : read->instance.resources) found = found || r.name == "\xC3\x99gpu";   // Ù in UTF-8
    EXPECT_TRUE(found);
    bool noted = false;
    for (const std::string& note : read->notes) noted = noted || note.find("Latin-1") != std::string::npos;
    EXPECT_TRUE(noted);
    EXPECT_NO_THROW((void)instanceToJson(Instance(read->instance)).dump());
}

TEST(HostileJson, NestingUpToTheLimitIsRead) {
    EXPECT_FALSE(json_detail::jsonNestingProblem(nested(json_detail::kMaxJsonDepth)).has_value());
    EXPECT_TRUE(json_detail::jsonNestingProblem(nested(json_detail::kMaxJsonDepth + 1)).has_value());
    // Brackets inside strings are text, escaped quotes included.
    EXPECT_FALSE(json_detail::jsonNestingProblem("[\"" + std::string(1000, '[') + "\\\"\"]").has_value());
    EXPECT_NO_THROW(json_detail::parseJsonText(nested(200)));
}

}  // namespace
}  // namespace hetsched
