// Instance files read through simdjson (parseInstance, readInstanceFile) say what the nlohmann tree reader
// says, value for value and message for message; instance text written without a tree is the tree's dump.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "family/family.h"
#include "io/cpugpu_io.h"
#include "io/dag_io.h"
#include "io/instance_io.h"
#include "experiments/cpugpu_experiments.h"
#include "io/json_reader.h"
#include "model/dag_random.h"
#include "model/platform_generators.h"
#include "random_partition.h"

namespace hetsched {
namespace {

// The reader as it was: nlohmann's parse into a tree, then the family's reader over the tree.
Expected<Instance> treeReader(const std::string& text) {
    try {
        return instanceFromJson(json_detail::parseJsonText(text));
    } catch (const json_detail::InputError& e) {
        return invalidInput(e.what());
    }
}

// The CPU/GPU reader of one forward pass on `text` (given the padding it needs), or nullopt.
std::optional<CpuGpuInstance> forwardReader(const std::string& text) {
    std::string padded = text;
    padded.append(json_detail::kJsonPadding, ' ');
    return readCpuGpuInstanceForward(std::string_view(padded).substr(0, text.size()));
}

// The same for task graphs.
std::optional<DagInstance> dagForwardReader(const std::string& text) {
    std::string padded = text;
    padded.append(json_detail::kJsonPadding, ' ');
    return readDagInstanceForward(std::string_view(padded).substr(0, text.size()));
}

// Both read the same instance, or both refuse it with the same message; and the CPU/GPU forward reader reads
// nothing the tree reader does not read the same (what it leaves goes to the others).
void expectSameOutcome(const std::string& text) {
    const Expected<Instance> fast = parseInstance(text);
    const Expected<Instance> tree = treeReader(text);
    ASSERT_EQ(fast.ok(), tree.ok()) << text << "\nfast: " << (fast ? "read" : fast.error().message)
                                    << "\ntree: " << (tree ? "read" : tree.error().message);
    if (fast.ok())
        EXPECT_EQ(instanceToJson(*fast), instanceToJson(*tree)) << text;
    else
        EXPECT_EQ(fast.error().message, tree.error().message) << text;
    if (const std::optional<CpuGpuInstance> forward = forwardReader(text)) {
        ASSERT_TRUE(tree.ok()) << text << "\nforward: read\ntree: " << tree.error().message;
        EXPECT_EQ(instanceToJson(Instance{*forward}), instanceToJson(*tree)) << text;
    }
    if (const std::optional<DagInstance> forward = dagForwardReader(text)) {
        ASSERT_TRUE(tree.ok()) << text << "\ndag forward: read\ntree: " << tree.error().message;
        EXPECT_EQ(instanceToJson(Instance{*forward}), instanceToJson(*tree)) << text;
    }
}

// Every leaf of `json` (a number, string, boolean or null), as pointers.
void leaves(const nlohmann::json& json, const nlohmann::json::json_pointer& at, std::vector<nlohmann::json::json_pointer>& out) {
    if (json.is_object()) {
        for (auto it = json.begin(); it != json.end(); ++it) leaves(it.value(), at / it.key(), out);
    } else if (json.is_array()) {
        for (std::size_t i = 0; i < json.size(); ++i) leaves(json[i], at / i, out);
    } else {
        out.push_back(at);
    }
}

// Tokens written in place of a value: every type, the edges of the ranges, integers and floats of the same
// value, numbers beyond 64 bits and beyond double, negative zero.
const std::vector<std::string> kTokens = {
    "-1", "0", "-0", "-0.0", "0.5", "2", "2.0", "1E2", "1e-10", "1e300", "1e400", "-1e400", "7.0e12",
    "18446744073709551615", "18446744073709551616", "-9223372036854775808", "9223372036854775807",
    "123456789012345678901234567890", "\"x\"", "\"\"", "\"caf\\u00e9\"", "true", "false", "null", "[]", "{}",
    "[1]", "{\"a\": 1}", "1.5e", "tru", "\"\\ud800\"", "\"\\udc00\"",
};

std::vector<Instance> examples() {
    std::vector<Instance> out;
    for (const FamilyDescriptor& family : families()) out.push_back(family.exampleInstance());
    return out;
}

// The forward reader takes every valid CPU/GPU file as the tree reader does, whatever its layout: indented or not,
// keys in any order, epsilon absent, escaped and non-ASCII names, integer and real times.
TEST(FastInstanceReader, TheCpuGpuForwardReaderReadsEveryValidFile) {
    std::vector<std::string> texts;
    for (const Instance& example : examples())
        if (std::holds_alternative<CpuGpuInstance>(example)) texts.push_back(instanceText(example));
    CpuGpuInstance random = randomCpuGpuInstance(2000, 64, 8, 27);
    random.tasks[3].name = "t\"3\"\\";
    random.tasks[4].name = "t\u00e2che \u2192 4";
    texts.push_back(instanceText(Instance{random}));
    texts.push_back(instanceToJson(Instance{random}).dump());
    nlohmann::ordered_json reordered;
    const nlohmann::json json = instanceToJson(Instance{random});
    for (const char* key : {"tasks", "kind", "gpus", "cpus"}) reordered[key] = json.at(key);
    reordered["tasks"][0] = nlohmann::ordered_json{{"gpu", 2}, {"name", "x"}, {"cpu", 7.25}};
    texts.push_back(reordered.dump(4));
    ASSERT_EQ(texts.size(), 4u);
    for (const std::string& text : texts) {
        const std::optional<CpuGpuInstance> forward = forwardReader(text);
        ASSERT_TRUE(forward) << text.substr(0, 200);
        const Expected<Instance> tree = treeReader(text);
        ASSERT_TRUE(tree) << tree.error().message;
        EXPECT_EQ(instanceToJson(Instance{*forward}), instanceToJson(*tree));
    }
    // What is not a valid CPU/GPU file is left to the readers that name its problem.
    for (const std::string& text : {texts[0] + " x", texts[0] + "}", std::string("{\"kind\": \"dag\"}"),
                                    texts[0].substr(0, texts[0].size() / 2)}) {
        EXPECT_FALSE(forwardReader(text)) << text.substr(0, 200);
    }
}

// The same for task graphs: the example, a generated graph on a SimGrid-like platform (hosts, simgrid_file),
// compact or indented, the keys in another order, escaped names.
TEST(FastInstanceReader, TheDagForwardReaderReadsEveryValidFile) {
    std::vector<std::string> texts;
    for (const Instance& example : examples())
        if (std::holds_alternative<DagInstance>(example)) texts.push_back(instanceText(example));
    ASSERT_EQ(texts.size(), 1u);
    nlohmann::json json = nlohmann::json::parse(texts[0]);
    // The first task renamed with an escaped quote and an accent, in its edges too.
    const nlohmann::json oldName = json["tasks"][0]["name"];
    json["tasks"][0]["name"] = "t\"0\" \u00e9";
    for (nlohmann::json& edge : json["edges"])
        for (const char* end : {"from", "to"})
            if (edge[end] == oldName) edge[end] = json["tasks"][0]["name"];
    const Expected<Instance> example = instanceFromJson(json);
    ASSERT_TRUE(example) << example.error().message;
    texts.push_back(json.dump());
    nlohmann::ordered_json reordered;
    for (const char* key : {"kind", "tasks", "platform", "edges"}) reordered[key] = json.at(key);
    texts.push_back(reordered.dump(3));
    DagPlatformConfig pc;
    pc.clusters = 3;
    Expected<DagPlatform> platform = generatePlatform(pc);
    ASSERT_TRUE(platform);
    platform->simgrid.file = "p.xml";
    for (const DagCluster& c : platform->clusters) {
        std::vector<std::string> hosts;
        for (int h = 0; h < c.processors; ++h) hosts.push_back(c.name + "-" + std::to_string(h));
        platform->simgrid.hostsByCluster.emplace_back(c.name, hosts);
    }
    DagGeneratorConfig gc;
    gc.n = 2000;
    gc.density = 0.3;
    Expected<DagInstance> graph = generateDag(gc, *platform);
    ASSERT_TRUE(graph);
    texts.push_back(instanceText(Instance{*graph}));
    for (const std::string& text : texts) {
        const std::optional<DagInstance> forward = dagForwardReader(text);
        ASSERT_TRUE(forward) << text.substr(0, 300);
        const Expected<Instance> tree = treeReader(text);
        ASSERT_TRUE(tree) << tree.error().message;
        EXPECT_EQ(instanceToJson(Instance{*forward}), instanceToJson(*tree));
    }
    for (const std::string& text : {texts[0] + " x", texts[0] + "]", std::string("{\"kind\": \"cpugpu\"}"),
                                    texts[0].substr(0, texts[0].size() / 2)}) {
        EXPECT_FALSE(dagForwardReader(text)) << text.substr(0, 200);
    }
}

TEST(FastInstanceReader, EveryValueOfEveryExampleReplacedReadsAsTheTreeReaderReadsIt) {
    for (const Instance& example : examples()) {
        const nlohmann::json json = instanceToJson(example);
        std::vector<nlohmann::json::json_pointer> paths;
        leaves(json, {}, paths);
        ASSERT_FALSE(paths.empty());
        for (const auto& path : paths) {
            for (const std::string& token : kTokens) {
                nlohmann::json changed = json;
                changed[path] = "@@hole@@";
                std::string text = changed.dump(1);
                text.replace(text.find("\"@@hole@@\""), 10, token);
                SCOPED_TRACE(path.to_string() + " = " + token);
                expectSameOutcome(text);
            }
        }
    }
}

TEST(FastInstanceReader, KeysUnknownMissingOrRepeatedReadAsTheTreeReaderReadsThem) {
    for (const Instance& example : examples()) {
        const std::string text = instanceToJson(example).dump();
        // A key put first in each object in turn: unknown ones (before and after the known ones in nlohmann's
        // sorted order) and repeated ones (nlohmann keeps the last).
        for (std::size_t at = text.find('{'); at != std::string::npos; at = text.find('{', at + 1)) {
            for (const char* member : {"\"aa\": 1, ", "\"zz\": 1, ", "\"kind\": \"dag\", ", "\"kind\": \"nothing\", ",
                                             "\"name\": \"t1\", ", "\"cpus\": -3, ", "\"tasks\": [], "}) {
                std::string changed = text;
                changed.insert(at + 1, member);
                SCOPED_TRACE(changed);
                expectSameOutcome(changed);
            }
        }
        // Each key removed.
        nlohmann::json json = instanceToJson(example);
        std::vector<nlohmann::json::json_pointer> paths;
        leaves(json, {}, paths);
        for (const auto& path : paths) {
            nlohmann::json changed = json;
            if (!changed[path.parent_pointer()].is_object()) continue;
            changed[path.parent_pointer()].erase(path.back());
            expectSameOutcome(changed.dump());
        }
    }
}

TEST(FastInstanceReader, BrokenDocumentsGetTheTreeReadersMessage) {
    for (const std::string& text : std::vector<std::string>{"", " ", "{", "[]", "null", "{\"kind\": 1}", "{\"kind\": \"dag\"} x",
                                   "{\"kind\": \"dag\",}", std::string(300, '[') + std::string(300, ']'),
                                   "{\"kind\": \"cpugpu\", \"tasks\": " + std::string(255, '[') + std::string(255, ']') + "}",
                                   "\xEF\xBB\xBF{\"kind\": \"x\"}", "{\"kind\": \"caf\xE9\"}"}) {
        SCOPED_TRACE(text);
        expectSameOutcome(text);
    }
}

TEST(FastInstanceReader, RandomGraphsWithRepeatedEdgesCyclesAndBadValuesReadAsTheTreeReaderReadsThem) {
    std::mt19937_64 rng(27);
    for (int round = 0; round < 60; ++round) {
        DagPlatformConfig pc;
        pc.clusters = 1 + round % 3;
        pc.seed = static_cast<std::uint64_t>(round);
        DagGeneratorConfig gc;
        gc.n = 5 + round % 20;
        gc.seed = static_cast<std::uint64_t>(round);
        Expected<DagInstance> dag = generateDag(gc, *generatePlatform(pc));
        ASSERT_TRUE(dag.ok()) << dag.error().message;
        nlohmann::json json = instanceToJson(Instance{*dag});
        nlohmann::json& edges = json["edges"];
        if (edges.empty()) continue;
        std::uniform_int_distribution<std::size_t> pick(0, edges.size() - 1);
        // One to three faults: an edge repeated later, a reversed edge (a cycle), a negative byte count.
        const int faults = 1 + round % 3;
        for (int f = 0; f < faults; ++f) {
            const std::size_t k = pick(rng);
            switch ((round + f) % 3) {
            case 0: edges.push_back(edges[k]); break;
            case 1: edges.push_back({{"from", edges[k]["to"]}, {"to", edges[k]["from"]}, {"bytes", 1}}); break;
            default: edges[pick(rng)]["bytes"] = -1; break;
            }
        }
        SCOPED_TRACE(round);
        expectSameOutcome(json.dump());
    }
}

TEST(FastInstanceReader, AFileIsReadAsItsText) {
    const std::string path = (std::filesystem::temp_directory_path() / "hetsched_fast_reader_test.json").string();
    for (const Instance& example : examples()) {
        const std::string text = instanceToJson(example).dump(2);
        std::ofstream(path, std::ios::binary) << text;
        const Expected<Instance> read = readInstanceFile(path);
        ASSERT_TRUE(read.ok()) << read.error().message;
        EXPECT_EQ(instanceToJson(*read), instanceToJson(example));
        std::ofstream(path, std::ios::binary) << text.substr(0, text.size() / 2);
        const Expected<Instance> cut = readInstanceFile(path);
        ASSERT_FALSE(cut.ok());
        EXPECT_EQ(cut.error().message, path + ": " + treeReader(text.substr(0, text.size() / 2)).error().message);
    }
    std::filesystem::remove(path);
}

// A text followed by its padding (what the GUI reads a file into) reads as the text without it, the forward readers
// included, and a broken text gets the same message.
TEST(FastInstanceReader, APaddedTextIsReadAsTheText) {
    for (const Instance& example : examples()) {
        const std::string text = instanceToJson(example).dump(2);
        for (const std::string& candidate : {text, text.substr(0, text.size() / 2)}) {
            std::string padded = candidate;
            padded.append(json_detail::kJsonPadding, '\0');
            const Expected<Instance> read = parsePaddedInstance(std::string_view(padded).substr(0, candidate.size()));
            const Expected<Instance> plain = parseInstance(candidate);
            ASSERT_EQ(read.ok(), plain.ok());
            if (read.ok())
                EXPECT_EQ(instanceToJson(*read), instanceToJson(*plain));
            else
                EXPECT_EQ(read.error().message, plain.error().message);
        }
    }
}

// --- writing without a tree ------------------------------------------------------------------------------

void expectTextIsTheDump(const Instance& instance) {
    EXPECT_EQ(instanceText(instance), instanceToJson(instance).dump(2));
}

TEST(StreamedInstanceText, IsTheTreesDumpByteForByte) {
    for (const Instance& example : examples()) expectTextIsTheDump(example);

    DagInstance dag = std::get<DagInstance>(familyOf(Instance{DagInstance{}}).exampleInstance());
    dag.tasks[0].name = "quote \" backslash \\ newline \n tab \t caf\xC3\xA9 \x01";
    dag.tasks[1].flops = 1e21;
    dag.tasks[2].flops = 1e-7;
    dag.tasks[3].alpha = 0;
    dag.edges[0].bytes = 100;
    dag.platform.simgrid.file = "/tmp/platform.xml";
    dag.platform.simgrid.hostsByCluster = {{"C1", {"h1", "h2"}}, {"C0", {}}};
    expectTextIsTheDump(Instance{dag});

    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        expectTextIsTheDump(Instance{randomCpuGpuInstance(50, 4, 2, seed, 1e-3 * double(seed))});
        DagPlatformConfig pc;
        pc.clusters = 1 + int(seed % 4);
        pc.seed = seed;
        DagGeneratorConfig gc;
        gc.n = 30;
        gc.seed = seed;
        expectTextIsTheDump(Instance{*generateDag(gc, *generatePlatform(pc))});
    }

    std::mt19937_64 rng(7);
    for (int round = 0; round < 50; ++round) {
        PartitionInstance partition = testing::randomPartition(rng, {});
        // Affine and measured-point costs too.
        if (round % 3 == 1) {
            partition.resources[0].cost = CostFunction{};
            partition.resources[0].cost.kind = CostFunction::Kind::Affine;
            partition.resources[0].cost.fixed = 0.5;
            partition.resources[0].cost.perTask = 2;
        } else if (round % 3 == 2) {
            partition.resources[0].cost = CostFunction{};
            partition.resources[0].cost.kind = CostFunction::Kind::Points;
            partition.resources[0].cost.points = {{0, 1}, {3, 2.5}, {100, 1e30}};
        }
        partition.objective = round % 2 ? PartitionObjective::TotalCost : PartitionObjective::Makespan;
        expectTextIsTheDump(Instance{partition});
    }
}

}  // namespace
}  // namespace hetsched
