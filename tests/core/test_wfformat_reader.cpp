// The WfFormat reader: every schema from WorkflowHub 0.2 to WfFormat 1.5, SimGrid's and WRENCH's JSON,
// runtimes as flops, files as edge bytes, and errors that name the JSON path.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "io/dag_import.h"
#include "io/task_graph_import.h"
#include "task_graph_test_util.h"
#include "corpus_required.h"

namespace hetsched {
namespace {

using test::hasNote;

TaskGraphImport readOk(const std::string& json, const TaskGraphImportOptions& options = {}) {
    return test::readOkWith(readWfFormatTaskGraph, json, options);
}

std::string errorOf(const std::string& json, const TaskGraphImportOptions& options = {}) {
    return test::errorOfWith(readWfFormatTaskGraph, json, options);
}

std::size_t taskIndex(const TaskGraph& graph, const std::string& name) {
    for (std::size_t k = 0; k < graph.tasks.size(); ++k)
        if (graph.tasks[k].name == name) return k;
    ADD_FAILURE() << "no task " << name;
    return graph.tasks.size();
}

// Edge bytes by "from->to", so that a test states the whole edge set.
std::map<std::string, double> edgesOf(const TaskGraph& graph) {
    std::map<std::string, double> edges;
    for (const DagEdge& e : graph.edges) edges[graph.tasks[e.from].name + "->" + graph.tasks[e.to].name] += e.bytes;
    return edges;
}

TEST(WfFormatReader, ReadsWorkflowHubJobsWithRuntimesAndFileSizes) {
    const TaskGraphImport read = readOk(R"({"name": "hub", "schemaVersion": "0.2", "workflow": {
        "makespan": 10, "executedAt": "2020-01-01T00:00:00Z", "jobs": [
        {"name": "split", "type": "compute", "runtime": 2, "parents": [],
         "files": [{"link": "input", "name": "raw", "size": 5}, {"link": "output", "name": "part", "size": 100}]},
        {"name": "count", "type": "compute", "runtime": 3.5, "parents": ["split"],
         "files": [{"link": "input", "name": "part", "size": 100}, {"link": "input", "name": "dict", "size": 7}]}]}})");
    EXPECT_EQ(read.format, "WorkflowHub 0.2");
    ASSERT_EQ(read.graph.tasks.size(), 2u);
    EXPECT_DOUBLE_EQ(read.graph.tasks[taskIndex(read.graph, "split")].flops, 2e9);
    EXPECT_DOUBLE_EQ(read.graph.tasks[taskIndex(read.graph, "count")].flops, 3.5e9);
    EXPECT_EQ(edgesOf(read.graph), (std::map<std::string, double>{{"split->count", 100}}));
    // Nothing defaulted, merged or dropped: the one note is the makespan the file records.
    ASSERT_EQ(read.notes.size(), 1u) << test::allNotes(read);
    EXPECT_EQ(read.notes[0], "the file records a makespan of 10 s for its run; its tasks' runtimes add up to 5.5 s (the longest 3.5 s)");
}

TEST(WfFormatReader, MatchesTheFilesAParentWritesAndAChildReads) {
    // 1.2: workflow.jobs; c reads x and y from a and nothing from b (a control edge of 0 bytes).
    TaskGraphImportOptions options;
    options.referenceSpeed = 2e9;
    options.alpha = 0.25;
    const TaskGraphImport read = readOk(R"({"schemaVersion": "1.2", "workflow": {"jobs": [
        {"name": "a", "type": "compute", "runtime": 1, "parents": [],
         "files": [{"link": "output", "name": "x", "size": 10}, {"link": "output", "name": "y", "size": 20}]},
        {"name": "b", "type": "compute", "runtime": 1, "parents": ["a"],
         "files": [{"link": "input", "name": "x", "size": 10}, {"link": "output", "name": "z", "size": 1000}]},
        {"name": "c", "type": "compute", "runtime": 0, "parents": ["a", "b", "a"],
         "files": [{"link": "input", "name": "x", "size": 10}, {"link": "input", "name": "y", "size": 20},
                   {"link": "input", "name": "x", "size": 10}]}]}})", options);
    EXPECT_EQ(read.format, "WfFormat 1.2");
    EXPECT_EQ(edgesOf(read.graph), (std::map<std::string, double>{{"a->b", 10}, {"a->c", 30}, {"b->c", 0}}));
    EXPECT_EQ(read.graph.edges.size(), 3u);
    EXPECT_DOUBLE_EQ(read.graph.tasks[0].flops, 2e9);
    EXPECT_DOUBLE_EQ(read.graph.tasks[2].flops, 0);
    for (const DagTask& task : read.graph.tasks) EXPECT_DOUBLE_EQ(task.alpha, 0.25);
}

TEST(WfFormatReader, HonoursParentsByNameAndChildrenListsOnce) {
    // 1.3: tasks with an id and a name; parents and children name tasks by NAME and repeat each other.
    const TaskGraphImport read = readOk(R"({"schemaVersion": "1.3", "workflow": {"tasks": [
        {"name": "index_ID01", "id": "ID01", "type": "compute", "runtime": 1, "parents": [],
         "children": ["align_ID02", "report_ID03"], "files": [{"link": "output", "name": "idx", "size": 64}]},
        {"name": "align_ID02", "id": "ID02", "type": "compute", "runtime": 1, "parents": ["index_ID01"],
         "children": [], "files": [{"link": "input", "name": "idx", "size": 64}]},
        {"name": "report_ID03", "id": "ID03", "type": "compute", "runtime": 1, "parents": ["ID02"],
         "children": [], "files": []}]}})");
    EXPECT_EQ(read.format, "WfFormat 1.3");
    // index -> report comes from index's children only; align -> report from a parent given by id.
    EXPECT_EQ(edgesOf(read.graph), (std::map<std::string, double>{
                                       {"index_ID01->align_ID02", 64}, {"index_ID01->report_ID03", 0},
                                       {"align_ID02->report_ID03", 0}}));
    EXPECT_EQ(read.graph.edges.size(), 3u);
}

TEST(WfFormatReader, Reads14RuntimeInSecondsAndSizeInBytes) {
    const TaskGraphImport read = readOk(R"({"schemaVersion": "1.4", "workflow": {"makespanInSeconds": 3, "tasks": [
        {"name": "baseline_ID1", "id": "ID1", "type": "compute", "runtimeInSeconds": 12.5, "parents": [],
         "files": [{"link": "output", "name": "soil.dat", "sizeInBytes": 2048}]},
        {"name": "plots_ID2", "id": "ID2", "type": "compute", "runtimeInSeconds": 0.5, "parents": ["baseline_ID1"],
         "files": [{"link": "input", "name": "soil.dat", "sizeInBytes": 2048}]}]}})");
    EXPECT_EQ(read.format, "WfFormat 1.4");
    EXPECT_DOUBLE_EQ(read.graph.tasks[0].flops, 12.5e9);
    EXPECT_DOUBLE_EQ(read.graph.tasks[1].flops, 0.5e9);
    EXPECT_EQ(edgesOf(read.graph), (std::map<std::string, double>{{"baseline_ID1->plots_ID2", 2048}}));
}

TEST(WfFormatReader, Reads15SpecificationAndExecutionById) {
    TaskGraphImportOptions options;
    options.referenceSpeed = 1e6;
    const TaskGraphImport read = readOk(R"({"name": "w", "schemaVersion": "1.5", "workflow": {
        "specification": {
          "tasks": [
            {"name": "fetch", "id": "fetch_1", "parents": [], "children": ["clean_2"],
             "inputFiles": [], "outputFiles": ["f_raw"]},
            {"name": "clean", "id": "clean_2", "parents": ["fetch_1"], "children": [],
             "inputFiles": ["f_raw", "f_conf"], "outputFiles": ["f_clean"]}],
          "files": [{"id": "f_raw", "sizeInBytes": 4096}, {"id": "f_conf", "sizeInBytes": 3},
                    {"id": "f_clean", "sizeInBytes": 1}]},
        "execution": {"makespanInSeconds": 4, "executedAt": "2024-01-01T00:00:00Z", "tasks": [
            {"id": "clean_2", "runtimeInSeconds": 3},
            {"id": "fetch_1", "runtimeInSeconds": 1.5}]}}})", options);
    EXPECT_EQ(read.format, "WfFormat 1.5");
    ASSERT_EQ(read.graph.tasks.size(), 2u);
    EXPECT_EQ(read.graph.tasks[0].name, "fetch");
    EXPECT_DOUBLE_EQ(read.graph.tasks[0].flops, 1.5e6);
    EXPECT_DOUBLE_EQ(read.graph.tasks[1].flops, 3e6);
    EXPECT_EQ(edgesOf(read.graph), (std::map<std::string, double>{{"fetch->clean", 4096}}));
}

TEST(WfFormatReader, WiresRepeatedNamesByTheirIds) {
    // Two tasks named "align" (ids differ); merge depends on the SECOND one only, and reads its file.
    const TaskGraphImport read = readOk(R"({"schemaVersion": "1.5", "workflow": {
        "specification": {
          "tasks": [
            {"name": "align", "id": "align_1", "parents": [], "children": ["report_4"],
             "inputFiles": [], "outputFiles": ["out1"]},
            {"name": "align", "id": "align_2", "parents": [], "children": [],
             "inputFiles": [], "outputFiles": ["out2"]},
            {"name": "merge", "id": "merge_3", "parents": ["align_2"], "children": [],
             "inputFiles": ["out1", "out2"], "outputFiles": []},
            {"name": "report", "id": "report_4", "parents": [], "children": [],
             "inputFiles": ["out1"], "outputFiles": []}],
          "files": [{"id": "out1", "sizeInBytes": 11}, {"id": "out2", "sizeInBytes": 22}]},
        "execution": {"tasks": [{"id": "align_1", "runtimeInSeconds": 1}, {"id": "align_2", "runtimeInSeconds": 2},
                                {"id": "merge_3", "runtimeInSeconds": 3}, {"id": "report_4", "runtimeInSeconds": 4}]}}})");
    ASSERT_EQ(read.graph.tasks.size(), 4u);
    EXPECT_EQ(read.graph.tasks[0].name, "align");
    EXPECT_EQ(read.graph.tasks[1].name, "align#2");
    EXPECT_DOUBLE_EQ(read.graph.tasks[1].flops, 2e9);   // the runtime of align_2, not align_1's
    EXPECT_EQ(edgesOf(read.graph), (std::map<std::string, double>{{"align#2->merge", 22}, {"align->report", 11}}));
    EXPECT_TRUE(hasNote(read, "\"align\" became \"align#2\"")) << read.notes.size();
}

TEST(WfFormatReader, RefusesAParentNameThatSeveralTasksShare) {
    const std::string message = errorOf(R"({"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [
        {"name": "align", "id": "a1", "parents": []}, {"name": "align", "id": "a2", "parents": []},
        {"name": "merge", "id": "m", "parents": ["align"]}]}, "execution": {"tasks": []}}})",
        TaskGraphImportOptions{1e9, 0, 1.0, std::nullopt});
    EXPECT_NE(message.find("workflow.specification.tasks[2].parents[0]"), std::string::npos) << message;
    EXPECT_NE(message.find("several tasks"), std::string::npos) << message;
}

TEST(WfFormatReader, FoldsSimGridTransferTasksIntoEdgeBytes) {
    // SimGrid's dag-from-json: the runtime is taken as flops (its loader's meaning), a transfer task
    // between two compute tasks is the bytes of one edge.
    TaskGraphImportOptions options;
    options.referenceSpeed = 2;
    const TaskGraphImport read = readOk(R"({"name": "sg", "schemaVersion": "1.0", "workflow": {
        "makespanInSeconds": 0, "executedAt": "2023-01-01T00:00:00-00:00", "tasks": [
        {"name": "produce", "type": "compute", "parents": [], "runtimeInSeconds": 3e9, "machine": "A"},
        {"name": "ship", "type": "transfer", "parents": ["produce"], "writtenBytes": 4e8, "machine": "B"},
        {"name": "other", "type": "compute", "parents": [], "runtimeInSeconds": 1e9, "machine": "B"},
        {"name": "consume", "type": "compute", "parents": ["ship", "other"], "runtimeInSeconds": 2e9}],
        "machines": [{"nodeName": "A"}, {"nodeName": "B"}]}})", options);
    EXPECT_EQ(read.format, "SimGrid JSON");
    ASSERT_EQ(read.graph.tasks.size(), 3u);
    EXPECT_DOUBLE_EQ(read.graph.tasks[taskIndex(read.graph, "produce")].flops, 3e9);
    EXPECT_DOUBLE_EQ(read.graph.tasks[taskIndex(read.graph, "consume")].flops, 2e9);
    EXPECT_EQ(edgesOf(read.graph), (std::map<std::string, double>{{"produce->consume", 4e8}, {"other->consume", 0}}));
    EXPECT_TRUE(hasNote(read, "create_DAG_from_json"));
    EXPECT_TRUE(hasNote(read, "1 transfer task became the bytes of 1 dependency"));
}

TEST(WfFormatReader, ReadsWrenchOutputAsSchema15) {
    // What WRENCH's createJSONStringFromWorkflow writes: name == id, coreCount in execution.
    const TaskGraphImport read = readOk(R"({"name": "wf", "description": "Generated from a WRENCH simulator",
        "createAt": "2024-05-01T10:00:00", "schemaVersion": "1.5", "workflow": {
        "specification": {"tasks": [
            {"name": "t1", "id": "t1", "parents": [], "children": ["t2"], "inputFiles": ["in"], "outputFiles": ["mid"]},
            {"name": "t2", "id": "t2", "parents": ["t1"], "children": [], "inputFiles": ["mid"], "outputFiles": []}],
          "files": [{"id": "in", "sizeInBytes": 1}, {"id": "mid", "sizeInBytes": 300}]},
        "execution": {"makespanInSeconds": 2, "executedAt": "2024-05-01T10:00:00", "tasks": [
            {"id": "t1", "runtimeInSeconds": 1, "coreCount": 1}, {"id": "t2", "runtimeInSeconds": 1, "coreCount": 2}]}}})");
    EXPECT_EQ(read.format, "WfFormat 1.5 (WRENCH)");
    EXPECT_EQ(edgesOf(read.graph), (std::map<std::string, double>{{"t1->t2", 300}}));
}

TEST(WfFormatReader, KeepsAuxiliaryJobsAndDropsTransfersWithoutAComputeSide) {
    // WRENCH's 1.0 trace schema (WorkflowHub's jobs): a stage-in transfer has no compute parent.
    const TaskGraphImport read = readOk(R"({"schemaVersion": "1.0", "workflow": {"jobs": [
        {"name": "create_dir", "type": "auxiliary", "runtime": 0.5, "parents": [], "files": []},
        {"name": "stage_in", "type": "transfer", "runtime": 4, "parents": ["create_dir"],
         "files": [{"link": "output", "name": "input.txt", "size": 9}]},
        {"name": "stage_free", "type": "transfer", "runtime": 4, "parents": [], "files": []},
        {"name": "work", "type": "compute", "runtime": 2, "parents": ["stage_in", "stage_free"],
         "files": [{"link": "input", "name": "input.txt", "size": 9}]}]}})");
    EXPECT_EQ(read.format, "WfFormat 1.0");
    ASSERT_EQ(read.graph.tasks.size(), 2u);
    // create_dir -> stage_in -> work is one edge; stage_in's file has no compute writer: 0 bytes.
    EXPECT_EQ(edgesOf(read.graph), (std::map<std::string, double>{{"create_dir->work", 0}}));
    EXPECT_TRUE(hasNote(read, "1 transfer task without a compute task on both sides dropped"));
}

TEST(WfFormatReader, MissingRuntimesNeedDefaultFlops) {
    const std::string json = R"({"schemaVersion": "1.4", "workflow": {"tasks": [
        {"name": "a", "type": "compute", "parents": []},
        {"name": "b", "type": "compute", "runtimeInSeconds": 1, "parents": ["a"]},
        {"name": "c", "type": "compute", "parents": ["a"]}]}})";
    const std::string message = errorOf(json);
    EXPECT_NE(message.find("2 tasks without a size"), std::string::npos) << message;
    EXPECT_NE(message.find("task \"a\""), std::string::npos) << message;
    EXPECT_NE(message.find("--default-flops"), std::string::npos) << message;

    TaskGraphImportOptions options;
    options.defaultFlops = 7e9;
    const TaskGraphImport read = readOk(json, options);
    EXPECT_DOUBLE_EQ(read.graph.tasks[0].flops, 7e9);
    EXPECT_DOUBLE_EQ(read.graph.tasks[1].flops, 1e9);
    EXPECT_TRUE(hasNote(read, "2 tasks without a runtime got --default-flops 7e+09"));
}

TEST(WfFormatReader, ASchema15TaskWithoutExecutionGetsTheDefault) {
    TaskGraphImportOptions options;
    options.defaultFlops = 5;
    const TaskGraphImport read = readOk(R"({"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [
        {"name": "only", "id": "only", "parents": [], "children": []}], "files": []}}})", options);
    ASSERT_EQ(read.graph.tasks.size(), 1u);
    EXPECT_DOUBLE_EQ(read.graph.tasks[0].flops, 5);
    EXPECT_TRUE(hasNote(read, "1 task without a runtime"));
}

TEST(WfFormatReader, FilesWithoutASizeNeedDefaultBytes) {
    const std::string json = R"({"schemaVersion": "1.3", "workflow": {"tasks": [
        {"name": "a", "runtime": 1, "parents": [], "files": [{"link": "output", "name": "f"}]},
        {"name": "b", "runtime": 1, "parents": ["a"], "files": [{"link": "input", "name": "f"}]}]}})";
    const std::string message = errorOf(json);
    EXPECT_NE(message.find("a -> b: file \"f\" has no size"), std::string::npos) << message;
    EXPECT_NE(message.find("--default-bytes"), std::string::npos) << message;
    TaskGraphImportOptions options;
    options.defaultBytes = 8;
    const TaskGraphImport read = readOk(json, options);
    EXPECT_EQ(edgesOf(read.graph), (std::map<std::string, double>{{"a->b", 8}}));
    EXPECT_TRUE(hasNote(read, "--default-bytes 8"));
}

TEST(WfFormatReader, NamesTheJsonPathOfAnUnknownParent) {
    const std::string message = errorOf(R"({"schemaVersion": "1.4", "workflow": {"tasks": [
        {"name": "a", "runtimeInSeconds": 1, "parents": []},
        {"name": "b", "runtimeInSeconds": 1, "parents": ["a", "ghost"]}]}})");
    EXPECT_NE(message.find("workflow.tasks[1].parents[1]"), std::string::npos) << message;
    EXPECT_NE(message.find("unknown parent task \"ghost\""), std::string::npos) << message;
    const std::string child = errorOf(R"({"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [
        {"name": "a", "id": "a", "children": ["nobody"]}]}}})");
    EXPECT_NE(child.find("workflow.specification.tasks[0].children[0]: unknown child task \"nobody\""),
              std::string::npos) << child;
}

TEST(WfFormatReader, NamesTheLineOfMalformedJson) {
    const std::string message = errorOf("{\"schemaVersion\": \"1.4\",\n  \"workflow\": {\n    \"tasks\": [,]\n  }\n}");
    EXPECT_NE(message.find("not valid JSON"), std::string::npos) << message;
    EXPECT_NE(message.find("line 3"), std::string::npos) << message;
}

TEST(WfFormatReader, RefusesNegativeAndNonNumericRuntimes) {
    const std::string negative = errorOf(R"({"schemaVersion": "1.4", "workflow": {"tasks": [
        {"name": "a", "runtimeInSeconds": -2, "parents": []}]}})");
    EXPECT_NE(negative.find("workflow.tasks[0].runtimeInSeconds: must be at least 0"), std::string::npos) << negative;
    const std::string nan = errorOf(R"({"schemaVersion": "1.2", "workflow": {"jobs": [
        {"name": "a", "runtime": "NaN", "parents": []}]}})");
    EXPECT_NE(nan.find("workflow.jobs[0].runtime: expected a number"), std::string::npos) << nan;
    const std::string execution = errorOf(R"({"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [
        {"name": "a", "id": "a"}]}, "execution": {"tasks": [{"id": "a", "runtimeInSeconds": -1e-3}]}}})");
    EXPECT_NE(execution.find("workflow.execution.tasks[0].runtimeInSeconds"), std::string::npos) << execution;
    const std::string size = errorOf(R"({"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [],
        "files": [{"id": "f", "sizeInBytes": -5}]}}})");
    EXPECT_NE(size.find("workflow.specification.files[0].sizeInBytes"), std::string::npos) << size;
}

TEST(WfFormatReader, RefusesDuplicateIdsAndSelfDependencies) {
    const std::string duplicate = errorOf(R"({"schemaVersion": "1.5", "workflow": {"specification": {"tasks": [
        {"name": "a", "id": "x"}, {"name": "b", "id": "x"}]}}})");
    EXPECT_NE(duplicate.find("workflow.specification.tasks[1].id: duplicate task id \"x\""), std::string::npos)
        << duplicate;
    const std::string self = errorOf(R"({"schemaVersion": "1.4", "workflow": {"tasks": [
        {"name": "a", "runtimeInSeconds": 1, "parents": ["a"]}]}})");
    EXPECT_NE(self.find("workflow.tasks[0].parents[0]: task \"a\" depends on itself"), std::string::npos) << self;
    EXPECT_NE(errorOf(R"({"schemaVersion": "1.4"})").find("missing key 'workflow'"), std::string::npos);
}

// "t42" (snprintf: GCC 12 warns falsely about "t" + std::to_string(k) in a loop, -Wrestrict).
std::string label(const char* prefix, int k) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%s%d", prefix, k);
    return buffer;
}

TEST(WfFormatReader, ReadsTenThousandTasksOfSchema15) {
    // A chain t0 -> t1 -> ... -> t9999 (each reads its predecessor's output) and a sink that every task
    // feeds (fan-in of 10,000 reading every output).
    constexpr int kTasks = 10'000;
    nlohmann::json tasks = nlohmann::json::array(), files = nlohmann::json::array(), runs = nlohmann::json::array();
    nlohmann::json sinkParents = nlohmann::json::array(), sinkInputs = nlohmann::json::array();
    for (int k = 0; k < kTasks; ++k) {
        const std::string id = label("t", k), out = label("o", k);
        nlohmann::json task = {{"name", "stage"}, {"id", id}, {"children", nlohmann::json::array()},
                               {"outputFiles", {out}}, {"parents", nlohmann::json::array()},
                               {"inputFiles", nlohmann::json::array()}};
        if (k > 0) {
            task["parents"].push_back(label("t", k - 1));
            task["inputFiles"].push_back(label("o", k - 1));
        }
        tasks.push_back(task);
        files.push_back({{"id", out}, {"sizeInBytes", k + 1}});
        runs.push_back({{"id", id}, {"runtimeInSeconds", 1 + k % 7}});
        sinkParents.push_back(id);
        sinkInputs.push_back(out);
    }
    tasks.push_back({{"name", "sink"}, {"id", "sink"}, {"parents", sinkParents}, {"inputFiles", sinkInputs}});
    runs.push_back({{"id", "sink"}, {"runtimeInSeconds", 1}});
    const nlohmann::json document = {{"name", "big"}, {"schemaVersion", "1.5"},
        {"workflow", {{"specification", {{"tasks", tasks}, {"files", files}}}, {"execution", {{"tasks", runs}}}}}};
    const TaskGraphImport read = readOk(document.dump());
    ASSERT_EQ(read.graph.tasks.size(), static_cast<std::size_t>(kTasks + 1));
    ASSERT_EQ(read.graph.edges.size(), static_cast<std::size_t>(2 * kTasks - 1));
    std::size_t chain = 0, fanIn = 0;
    for (const DagEdge& e : read.graph.edges) {
        if (e.to == static_cast<std::size_t>(kTasks)) {
            ++fanIn;
            EXPECT_DOUBLE_EQ(e.bytes, static_cast<double>(e.from + 1));
        } else {
            ++chain;
            ASSERT_EQ(e.to, e.from + 1);
            EXPECT_DOUBLE_EQ(e.bytes, static_cast<double>(e.from + 1));
        }
    }
    EXPECT_EQ(chain, static_cast<std::size_t>(kTasks - 1));
    EXPECT_EQ(fanIn, static_cast<std::size_t>(kTasks));
    EXPECT_DOUBLE_EQ(read.graph.tasks[9].flops, (1 + 9 % 7) * 1e9);
    EXPECT_EQ(read.graph.tasks[kTasks - 1].name, label("stage#", kTasks));
}

#ifdef HETSCHED_CORPUS_DIR
std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(WfFormatReader, ReadsEveryJsonFileOfTheCorpus) {
    const std::filesystem::path corpus(HETSCHED_CORPUS_DIR);
    HETSCHED_CORPUS_REQUIRED(std::filesystem::is_directory(corpus / "wfcommons"),
                             "no corpus at " << corpus << " (the shared corpus of public task graphs is absent)");
    // Task and dependency counts and the total bytes counted independently (Python over the JSON).
    struct Expectation {
        std::size_t tasks, edges;
        std::string format;
        double totalBytes;   // < 0: not checked
    };
    const std::map<std::string, Expectation> expected = {
        {"montage-chameleon-dss-05d-001.json", {58, 114, "WfFormat 1.0", -1}},
        {"soykb-chameleon-10fastq-10ch-001.json", {96, 194, "WfFormat 1.2", -1}},
        {"srasearch-chameleon-10a-001.json", {22, 30, "WfFormat 1.3", -1}},
        {"cycles-chameleon-1l-1c-9p-001.json", {67, 97, "WfFormat 1.4", -1}},
        {"rnaseq-dirt02-001.json", {197, 451, "WfFormat 1.5", 681250099}},
        {"seismology-chameleon-100p-001.json", {101, 100, "WfFormat 1.5", 605920}},
        {"HEAD_dag-from-json-simple_dag.json", {3, 2, "SimGrid JSON", 5e8}},
    };
    TaskGraphImportOptions options;
    options.defaultFlops = 1e9;
    options.defaultBytes = 0;
    DagPlatform platform;
    platform.clusters = {{"C", 4, 1e9, 1.25e8, 1e-4}};
    std::size_t files = 0;
    for (const char* folder : {"wfcommons", "simgrid-dag/json"}) {
        if (!std::filesystem::is_directory(corpus / folder)) continue;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(corpus / folder)) {
            if (entry.path().extension() != ".json") continue;
            ++files;
            SCOPED_TRACE(entry.path().string());
            Expected<TaskGraphImport> read = readWfFormatTaskGraph(slurp(entry.path()), options);
            ASSERT_TRUE(read.ok()) << read.error().message;
            EXPECT_TRUE(placeTaskGraph(read->graph, platform).ok());
            auto it = expected.find(entry.path().filename().string());
            if (it == expected.end()) continue;
            EXPECT_EQ(read->graph.tasks.size(), it->second.tasks);
            EXPECT_EQ(read->graph.edges.size(), it->second.edges);
            EXPECT_EQ(read->format, it->second.format);
            if (it->second.totalBytes >= 0) {
                double total = 0;
                for (const DagEdge& e : read->graph.edges) total += e.bytes;
                EXPECT_DOUBLE_EQ(total, it->second.totalBytes);
            }
        }
    }
    EXPECT_GE(files, expected.size());
}
#endif

}  // namespace
}  // namespace hetsched
