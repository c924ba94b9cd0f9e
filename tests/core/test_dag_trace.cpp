// The trace the dag views draw: data arrival by the redistribution model, the waits for data, the
// critical path by the schedule's times, and placements read back from the schedule.
#include <gtest/gtest.h>

#include "io/instance_io.h"
#include "model/dag_random.h"
#include "results/result_io.h"
#include "solvers/dag/dag_result.h"
#include "solvers/dag/dag_trace.h"

namespace hetsched {
namespace {

// C0: 4 processors (global 0-3), C1: 2 processors (global 4, 5); every processor 1e9 flop/s.
const char* kTwoClusters = R"({"kind": "dag",
  "platform": {"clusters": [{"name": "C0", "processors": 4, "speed": 1e9, "bandwidth": 1e8, "latency": 0.01},
                            {"name": "C1", "processors": 2, "speed": 1e9, "bandwidth": 1e8, "latency": 0.01}],
               "backbone": {"bandwidth": 1e8, "latency": 0.1}},
  "tasks": [{"name": "a", "flops": 1e9, "alpha": 0}, {"name": "b", "flops": 2e9, "alpha": 0},
            {"name": "c", "flops": 1e9, "alpha": 0}, {"name": "d", "flops": 1e9, "alpha": 0}],
  "edges": [{"from": "a", "to": "b", "bytes": 1e8}, {"from": "a", "to": "c", "bytes": 0},
            {"from": "c", "to": "d", "bytes": 4e8}]})";

DagInstance twoClusters() {
    Expected<Instance> in = parseInstance(kTwoClusters);
    EXPECT_TRUE(in.ok()) << (in.ok() ? "" : in.error().message);
    return std::get<DagInstance>(*in);
}

// a on C0 {0, 1} [0, 0.5]; b on C1 {4, 5} after a's data crossed the backbone: 0.01 + 0.1 + 0.01 +
// 1e8 / min(2 * 1e8, 1e8, 2 * 1e8) = 1.12 s, so [1.62, 2.62]; c on C0 {0} right after a (no data),
// [0.5, 1.5]; d on C0 {2, 3}: 4e8 bytes inside C0, 0.01 + 4e8 / (min(1, 2) * 1e8) = 4.01 s, data at
// 5.51, started later at 6 (as if its processors had been busy), [6, 6.5].
std::vector<DagPlacement> handPlacements() {
    return {{{0, 1}, 0.0, 0.5}, {{4, 5}, 1.62, 2.62}, {{0}, 0.5, 1.5}, {{2, 3}, 6.0, 6.5}};
}

// The hand placements as a solution, ending at 6.5 s.
DagSolution handSolution() {
    DagSolution s;
    s.tasks = handPlacements();
    s.makespan = 6.5;
    return s;
}

TEST(DagTrace, DataArrivalFollowsTheRedistributionModel) {
    const DagTrace trace = traceDagSchedule(twoClusters(), handPlacements());
    EXPECT_NEAR(trace.edgeSeconds[0], 1.12, 1e-12);
    EXPECT_EQ(trace.edgeSeconds[1], 0.0);
    EXPECT_NEAR(trace.edgeSeconds[2], 4.01, 1e-12);
    EXPECT_NEAR(trace.tasks[1].dataReady, 1.62, 1e-12);
    EXPECT_NEAR(trace.tasks[3].dataReady, 5.51, 1e-12);
    EXPECT_EQ(trace.tasks[0].criticalPredecessor, -1);
    EXPECT_EQ(trace.tasks[1].criticalPredecessor, 0);
    EXPECT_EQ(trace.tasks[3].criticalPredecessor, 2);
}

TEST(DagTrace, WaitsSpanFromThePredecessorsEndToTheDataOrTheStart) {
    const DagTrace trace = traceDagSchedule(twoClusters(), handPlacements());
    // b: its processors are free from 0, a ends at 0.5, the data arrives at its start.
    EXPECT_NEAR(trace.tasks[1].waitStart, 0.5, 1e-12);
    EXPECT_NEAR(trace.tasks[1].waitEnd, 1.62, 1e-12);
    EXPECT_FALSE(trace.tasks[1].waitedForProcessors);
    // c: no data to wait for.
    EXPECT_FALSE(trace.tasks[2].hasWait());
    // d: from c's end (1.5) until the data (5.51), then it waited for processors until 6.
    EXPECT_NEAR(trace.tasks[3].waitStart, 1.5, 1e-12);
    EXPECT_NEAR(trace.tasks[3].waitEnd, 5.51, 1e-12);
    EXPECT_TRUE(trace.tasks[3].waitedForProcessors);
    EXPECT_FALSE(trace.tasks[0].hasWait());
}

TEST(DagTrace, CriticalPathRunsBackFromTheLastTaskThroughTheLatestData) {
    const DagTrace trace = traceDagSchedule(twoClusters(), handPlacements());
    EXPECT_EQ(trace.criticalPath, (std::vector<std::size_t>{0, 2, 3}));
    EXPECT_EQ(trace.onCriticalPath, (std::vector<bool>{true, false, true, true}));
    EXPECT_EQ(trace.criticalEdge, (std::vector<bool>{false, true, true}));
    EXPECT_EQ(trace.levels, 3);
    EXPECT_EQ(trace.tasks[3].level, 2);
}

TEST(DagTrace, ProcessorBusyUntilLaterShortensTheWait) {
    DagInstance in = twoClusters();
    std::vector<DagPlacement> p = handPlacements();
    // Another task e on processor 2 until 3: d's processors are all free only from 3.
    in.tasks.push_back({"e", 3e9, 0});
    p.push_back({{2}, 0.0, 3.0});
    const DagTrace trace = traceDagSchedule(in, p);
    EXPECT_NEAR(trace.tasks[3].waitStart, 3.0, 1e-12);
    EXPECT_NEAR(trace.tasks[3].waitEnd, 5.51, 1e-12);
}

TEST(DagTrace, PlacementsComeBackFromTheScheduleOfEverySolver) {
    DagPlatformConfig platformConfig;
    platformConfig.clusters = 3;
    platformConfig.minProcessors = 4;
    platformConfig.maxProcessors = 12;
    const DagPlatform platform = *generatePlatform(platformConfig);
    DagGeneratorConfig config;
    config.n = 60;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        config.seed = seed;
        const DagInstance in = *generateDag(config, platform);
        for (auto solver : {solveDagHcpa, solveDagMheft, solveDagCpa, solveDagHeft}) {
            Expected<DagSolution> s = solver(in, {});
            ASSERT_TRUE(s.ok()) << s.error().message;
            Expected<std::vector<DagPlacement>> back = dagPlacementsFromSchedule(in, dagSchedule(in, *s));
            ASSERT_TRUE(back.ok()) << back.error().message;
            for (std::size_t t = 0; t < in.tasks.size(); ++t) {
                EXPECT_EQ((*back)[t].processors, s->tasks[t].processors);
                EXPECT_EQ((*back)[t].start, s->tasks[t].start);
                EXPECT_EQ((*back)[t].end, s->tasks[t].end);
            }
            // Every wait lies between the predecessors' end and the task's start.
            const DagTrace trace = traceDagSchedule(in, *back);
            for (std::size_t t = 0; t < in.tasks.size(); ++t) {
                EXPECT_LE(trace.tasks[t].waitEnd, s->tasks[t].start + 1e-9);
                if (trace.tasks[t].hasWait()) {
                    EXPECT_GE(trace.tasks[t].waitStart, trace.tasks[t].predecessorsEnd);
                }
                EXPECT_LE(trace.tasks[t].dataReady, s->tasks[t].start + 1e-9 * std::max(1.0, s->makespan));
            }
            EXPECT_NEAR(s->tasks[trace.criticalPath.back()].end, s->makespan, 1e-12);
        }
    }
}

// The text of the schedule's tooltips, made only when asked (Schedule::describe), not kept per interval.
std::string detailOf(const Schedule& schedule, std::size_t lane, IntervalKind kind) {
    for (const Interval& interval : schedule.lanes[lane].intervals)
        if (interval.kind == kind) return intervalDetail(schedule, interval);
    return "<no such interval>";
}

TEST(DagTrace, TooltipsAreMadeWhenAskedAndNameTheTaskItsClustersAndItsWait) {
    const DagInstance in = twoClusters();
    DagSolution s = handSolution();
    Schedule schedule = dagSchedule(in, s);
    for (const Lane& lane : schedule.lanes)
        for (const Interval& interval : lane.intervals) EXPECT_TRUE(interval.detail.empty()) << interval.label;
    EXPECT_EQ(detailOf(schedule, 0, IntervalKind::Compute), "a: 2 processor(s) of C0, 0 s to 0.5 s, 1e+09 flops, alpha 0");
    EXPECT_EQ(detailOf(schedule, 4, IntervalKind::Compute), "b: 2 processor(s) of C1, 1.62 s to 2.62 s, 2e+09 flops, alpha 0");
    // b waits on C1 for a's data (0.5 + 1.12 s), d on C0 for c's (1.5 + 4.01 s).
    EXPECT_EQ(detailOf(schedule, 5, IntervalKind::Redistribution), "data for b until 1.62 s");
    EXPECT_EQ(detailOf(schedule, 2, IntervalKind::Redistribution), "data for d until 5.51 s");
    // A task across both clusters names both; a copy of the schedule outlives the original's texts.
    s.tasks[2] = {{3, 4}, 0.5, 1.5};
    Schedule copy;
    {
        const Schedule original = dagSchedule(in, s);
        copy = original;
    }
    EXPECT_EQ(detailOf(copy, 3, IntervalKind::Compute), "c: 2 processor(s) of C0, C1, 0.5 s to 1.5 s, 1e+09 flops, alpha 0");
}

// A task over several processors is an interval per processor: they share one label text and one group text
// (a schedule of mheft's keeps 68 intervals per task on a 100,000-task graph), and the copies keep them alive.
TEST(DagTrace, TheIntervalsOfATaskShareItsTexts) {
    const DagInstance in = twoClusters();
    const DagSolution s = handSolution();
    Schedule copy;
    {
        const Schedule schedule = dagSchedule(in, s);
        const Interval& first = schedule.lanes[0].intervals.at(0);    // a on processors 0 and 1 of C0
        const Interval& second = schedule.lanes[1].intervals.at(0);
        ASSERT_EQ(first.label, "a");
        ASSERT_EQ(second.label, "a");
        EXPECT_EQ(&first.label.str(), &second.label.str());
        EXPECT_EQ(&first.group.str(), &second.group.str());
        EXPECT_EQ(first.group, "L0");
        copy = schedule;
    }
    EXPECT_EQ(copy.lanes[1].intervals.at(0).label, "a");
    EXPECT_EQ(copy.lanes[1].intervals.at(0).group, "L0");
    EXPECT_EQ(copy.lanes[0].intervals.at(0).label.str() + "/" + copy.lanes[0].intervals.at(0).group, "a/L0");
    SharedText text = copy.lanes[0].intervals.at(0).label;
    copy = Schedule{};
    EXPECT_EQ(text, std::string("a"));
    EXPECT_TRUE(SharedText().empty());
    EXPECT_TRUE(SharedText(std::string()).empty());
    EXPECT_EQ(SharedText(), "");
}

// A result's tasks name their cluster and their processors within it; a task over two clusters lists both. The
// streamed text (hetsched solve) is the tree's.
TEST(DagTrace, AResultNamesEachTasksClusterAndItsProcessorsWithinIt) {
    const DagInstance in = twoClusters();
    DagSolution s = handSolution();
    s.tasks[2] = {{3, 4}, 0.5, 1.5};
    const SolveResult r = dagSolveResult(in, s);
    const nlohmann::json j = resultToJson(Instance{in}, r);
    EXPECT_EQ(j.at("tasks"), nlohmann::json::parse(R"([
        {"cluster": "C0", "processors": [0, 1], "start": 0.0, "end": 0.5, "task": "a"},
        {"cluster": "C1", "processors": [0, 1], "start": 1.62, "end": 2.62, "task": "b"},
        {"clusters": [{"cluster": "C0", "processors": [3]}, {"cluster": "C1", "processors": [0]}],
         "start": 0.5, "end": 1.5, "task": "c"},
        {"cluster": "C0", "processors": [2, 3], "start": 6.0, "end": 6.5, "task": "d"}])"));
    EXPECT_EQ(resultText(Instance{in}, r), j.dump(2));
}

TEST(DagTrace, AScheduleOfAnotherPlatformIsRefusedWithAReason) {
    const DagInstance in = twoClusters();
    DagSolution s = handSolution();
    Schedule schedule = dagSchedule(in, s);
    schedule.lanes.pop_back();
    Expected<std::vector<DagPlacement>> back = dagPlacementsFromSchedule(in, schedule);
    ASSERT_FALSE(back.ok());
    EXPECT_NE(back.error().message.find("5 processor lanes"), std::string::npos) << back.error().message;
    schedule = dagSchedule(in, s);
    for (Interval& interval : schedule.lanes[4].intervals) interval.taskId = 0;   // b's interval now says a
    back = dagPlacementsFromSchedule(in, schedule);
    ASSERT_FALSE(back.ok());
}

}  // namespace
}  // namespace hetsched
