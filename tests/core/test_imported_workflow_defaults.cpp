// Issue 25, item 6: an imported workflow means something by default. A task the file records on one core (or
// on none) is sequential unless an Amdahl fraction is stated; a task recorded on c cores gets the work those
// cores did in its runtime; the makespan the file records is kept beside the computed ones, compared with the
// bounds of the best makespan on the platform, and a warning says when they are orders of magnitude apart or
// when tasks are perfectly parallel.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "io/dag_import.h"
#include "io/task_graph_import.h"
#include "model/dag_makespan_bounds.h"
#include "solvers/registry.h"
#include "task_graph_test_util.h"
#include "corpus_required.h"

namespace hetsched {
namespace {

using test::allNotes;
using test::hasNote;

TaskGraphImport readWf(const std::string& json, const TaskGraphImportOptions& options = {}) {
    return test::readOkWith(readWfFormatTaskGraph, json, options);
}

// WfFormat 1.5 as WfCommons writes it: the structure in specification, runtimes and the makespan in execution.
const char* const kSeismologyLike = R"({"schemaVersion": "1.5", "workflow": {
    "specification": {"tasks": [
        {"name": "decon_1", "id": "decon_1", "parents": [], "children": ["sift"], "inputFiles": [], "outputFiles": []},
        {"name": "decon_2", "id": "decon_2", "parents": [], "children": ["sift"], "inputFiles": [], "outputFiles": []},
        {"name": "sift", "id": "sift", "parents": ["decon_1", "decon_2"], "children": [], "inputFiles": [], "outputFiles": []}],
      "files": []},
    "execution": {"makespanInSeconds": 354.0, "tasks": [
        {"id": "decon_1", "runtimeInSeconds": 2.75},
        {"id": "decon_2", "runtimeInSeconds": 2.25, "cores": 1},
        {"id": "sift", "runtimeInSeconds": 3.0, "cores": 4}]}}})";

TEST(ImportedWorkflowDefaults, TasksRecordedOnOneCoreOrNoneAreSequential) {
    const TaskGraphImport read = readWf(kSeismologyLike);
    ASSERT_EQ(read.graph.tasks.size(), 3u);
    EXPECT_DOUBLE_EQ(read.graph.tasks[0].alpha, 1);   // no "cores"
    EXPECT_DOUBLE_EQ(read.graph.tasks[1].alpha, 1);   // "cores": 1
    // Sequential: its recorded runtime on one reference processor, and on a hundred.
    const DagTask& first = read.graph.tasks[0];
    EXPECT_DOUBLE_EQ(amdahlSeconds(first, 1e9, 1), 2.75);
    EXPECT_DOUBLE_EQ(amdahlSeconds(first, 1e9, 100), 2.75);
    EXPECT_FALSE(hasNote(read, "perfectly parallel")) << allNotes(read);
}

TEST(ImportedWorkflowDefaults, ATaskRecordedOnSeveralCoresTakesItsRuntimeOnThatMany) {
    TaskGraphImportOptions options;
    options.alpha = 0.25;
    const TaskGraphImport read = readWf(kSeismologyLike, options);
    const DagTask& sift = read.graph.tasks[2];
    EXPECT_DOUBLE_EQ(sift.alpha, 0.25);
    // W = r s / (alpha + (1 - alpha) / c) = 3e9 / (0.25 + 0.75 / 4) = 3e9 / 0.4375.
    EXPECT_DOUBLE_EQ(sift.flops, 3e9 / 0.4375);
    EXPECT_NEAR(amdahlSeconds(sift, 1e9, 4), 3.0, 1e-12) << "4 reference processors take its recorded 3 s";
    // One core: the runtime times the reference speed, whatever the fraction.
    EXPECT_DOUBLE_EQ(read.graph.tasks[1].flops, 2.25e9);
    EXPECT_TRUE(hasNote(read, "1 task ran on several cores")) << allNotes(read);
}

TEST(ImportedWorkflowDefaults, TheRecordedMakespanIsKeptFromEverySchema) {
    EXPECT_EQ(readWf(kSeismologyLike).graph.recordedMakespan, 354.0);
    EXPECT_TRUE(hasNote(readWf(kSeismologyLike), "records a makespan of 354 s for its run; its tasks' runtimes add up to 8 s"))
        << allNotes(readWf(kSeismologyLike));
    // 1.0 to 1.3: workflow.makespan; 1.4: workflow.makespanInSeconds.
    EXPECT_EQ(readWf(R"({"schemaVersion": "1.2", "workflow": {"makespan": 870, "jobs": [
        {"name": "a", "type": "compute", "runtime": 1, "parents": []}]}})").graph.recordedMakespan, 870.0);
    EXPECT_EQ(readWf(R"({"schemaVersion": "1.4", "workflow": {"makespanInSeconds": 3, "tasks": [
        {"name": "a", "type": "compute", "runtimeInSeconds": 1, "parents": []}]}})").graph.recordedMakespan, 3.0);
    // None recorded, or 0: nothing kept.
    EXPECT_FALSE(readWf(R"({"schemaVersion": "1.4", "workflow": {"tasks": [
        {"name": "a", "type": "compute", "runtimeInSeconds": 1, "parents": []}]}})").graph.recordedMakespan);
    EXPECT_FALSE(readWf(R"({"schemaVersion": "1.4", "workflow": {"makespanInSeconds": 0, "tasks": [
        {"name": "a", "type": "compute", "runtimeInSeconds": 1, "parents": []}]}})").graph.recordedMakespan);
}

TEST(ImportedWorkflowDefaults, PerfectlyParallelTasksAreAWarning) {
    TaskGraphImportOptions options;
    options.alpha = 0;
    Expected<TaskGraphImport> read = readTaskGraph("w.json", kSeismologyLike, options);
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_TRUE(hasNote(*read, "warning: 3 of 3 tasks are perfectly parallel (alpha 0)")) << allNotes(*read);
    Expected<TaskGraphImport> byDefault = readTaskGraph("w.json", kSeismologyLike, {});
    ASSERT_TRUE(byDefault.ok());
    EXPECT_FALSE(hasNote(*byDefault, "perfectly parallel")) << allNotes(*byDefault);
}

// Two clusters, worked by hand. A: 8 processors of 1 Gflop/s; B: 1 processor of 4 Gflop/s; each link 1e8 B/s
// and 0.1 s, the backbone 1e8 B/s and 1 s. x (4 Gflop, alpha 0): A 0.5 s, B 1 s. y (8 Gflop, alpha 1): A 8 s,
// B 2 s. z (2 Gflop, alpha 0.5): A (0.5 + 0.5 / 8) 2 = 1.125 s, B 0.5 s. x -> y carries 1e8 bytes, x -> z none,
// y -> z 1e8 bytes.
DagInstance handWorked() {
    DagInstance in;
    in.platform.clusters = {{"A", 8, 1e9, 1e8, 0.1}, {"B", 1, 4e9, 1e8, 0.1}};
    in.platform.backbone = {1e8, 1.0};
    in.tasks = {{"x", 4e9, 0}, {"y", 8e9, 1}, {"z", 2e9, 0.5}};
    in.edges = {{0, 1, 1e8}, {0, 2, 0}, {1, 2, 1e8}};
    return in;
}

TEST(DagMakespanBounds, LowerIsTheCriticalPathAtTheFastestUpperTheTasksOneAfterAnother) {
    const DagMakespanBounds bounds = dagMakespanBounds(handWorked());
    // x (A, 0.5) -> y (B, 2) -> z (B, 0.5).
    EXPECT_DOUBLE_EQ(bounds.lower, 3.0);
    // 0.5 + 2 + 0.5, and x -> y from A to B: 0.1 + 1 + 0.1 + 1e8 / min(8e8, 1e8, 1e8) = 2.2; y -> z stays on B.
    EXPECT_DOUBLE_EQ(bounds.upper, 5.2);
}

TEST(DagMakespanBounds, EveryHeuristicsMakespanIsAboveTheLowerBound) {
    const DagInstance in = handWorked();
    const DagMakespanBounds bounds = dagMakespanBounds(in);
    for (const char* solver : {"heft", "hcpa", "cpa", "seq"}) {
        Expected<SolveResult> result = solve(Instance{in}, solver, {});
        ASSERT_TRUE(result.ok()) << solver << ": " << result.error().message;
        ASSERT_TRUE(result->objective) << solver;
        EXPECT_GE(*result->objective, bounds.lower - 1e-9) << solver;
    }
}

TEST(DagMakespanBounds, ARecordedMakespanOrdersOfMagnitudeAwayIsSaid) {
    const DagInstance in = handWorked();
    RecordedMakespanCheck check = checkRecordedMakespan(in, 4);   // between 3 and 5.2
    EXPECT_FALSE(check.farOff) << check.text;
    EXPECT_NE(check.text.find("records a makespan of 4 s"), std::string::npos) << check.text;
    check = checkRecordedMakespan(in, 100);   // above 10 x 5.2
    ASSERT_TRUE(check.farOff);
    EXPECT_NE(check.text.find("19.2 times shorter than recorded at most"), std::string::npos) << check.text;
    EXPECT_NE(check.text.find("2 of 3 tasks run faster on more processors"), std::string::npos) << check.text;
    check = checkRecordedMakespan(in, 0.25);   // below 3 / 10
    ASSERT_TRUE(check.farOff);
    EXPECT_NE(check.text.find("12.0 times longer than recorded at least"), std::string::npos) << check.text;
}

// The issue's case: WfCommons' seismology run on SimGrid's g5k.xml with the default settings. Every task is
// sequential now, so no schedule beats the longest task (2.751 s of runtime) on the fastest processor of g5k
// (its fastest cluster's speed="30.130E9f"): 0.0913 s, where HCPA gave 8 ms with every task perfectly parallel. The record (354 s) is
// kept and the notes say how far the platform's schedule is from it.
TEST(ImportedWorkflowDefaults, SeismologyOnG5kIsNoLongerPerfectlyParallel) {
    HETSCHED_CORPUS_REQUIRED(!kCorpus.empty() && std::filesystem::is_directory(kCorpus), "no corpus at " << kCorpus);
    Expected<DagPlatform> g5k = readDagPlatformFile((kCorpus / "simgrid-platforms/g5k.xml").string());
    ASSERT_TRUE(g5k.ok()) << g5k.error().message;
    Expected<DagImport> in =
        importTaskGraphFile((kCorpus / "wfcommons/v1.5_WfInstances/seismology-chameleon-100p-001.json").string(), *g5k);
    ASSERT_TRUE(in.ok()) << in.error().message;
    for (const DagTask& task : in->instance.tasks) ASSERT_DOUBLE_EQ(task.alpha, 1) << task.name;
    EXPECT_EQ(in->recordedMakespan, 354.0);
    Expected<SolveResult> hcpa = solve(Instance{in->instance}, "hcpa", {});
    ASSERT_TRUE(hcpa.ok()) << hcpa.error().message;
    ASSERT_TRUE(hcpa->objective);
    EXPECT_GE(*hcpa->objective, 2.751e9 / 30.130e9);
    std::string notes;
    for (const std::string& note : in->notes) notes += note + "\n";
    EXPECT_NE(notes.find("the file records a makespan of 354 s; on this platform the best schedule takes between"),
              std::string::npos) << notes;
}

}  // namespace
}  // namespace hetsched
