// The difference of two schedules of one instance: which tasks moved, where, by how much, and the metrics.
#include <gtest/gtest.h>

#include "schedule/schedule_diff.h"

namespace hetsched {
namespace {

// Three tasks on two processors, a lane-keyed idle interval, and a makespan metric.
Schedule threeTasks() {
    Schedule s;
    s.lanes.push_back({"p0", "cpu", {{0, 2, IntervalKind::Compute, "a", 0, "", ""}, {2, 5, IntervalKind::Compute, "b", 1, "", ""}}});
    s.lanes.push_back({"p1", "cpu", {{0, 3, IntervalKind::Compute, "c", 2, "", ""}, {3, 4, IntervalKind::Idle, "", -1, "", ""}}});
    s.metrics = {{"makespan", 5}, {"idle", 1}};
    return s;
}

const TaskMove* moveOf(const ScheduleDiff& diff, int taskId) {
    for (const TaskMove& move : diff.moves)
        if (move.taskId == taskId) return &move;
    return nullptr;
}

TEST(ScheduleDiff, EqualSchedulesHaveNoMove) {
    const ScheduleDiff diff = diffSchedules(threeTasks(), threeTasks());
    EXPECT_TRUE(diff.moves.empty());
    EXPECT_EQ(diff.unchanged, 4u);  // three tasks and the idle interval of p1
    ASSERT_EQ(diff.metrics.size(), 2u);
    EXPECT_DOUBLE_EQ(*diff.metrics[0].difference(), 0);
}

TEST(ScheduleDiff, ATaskStartedTwoSecondsLaterMovedByPlusTwo) {
    Schedule b = threeTasks();
    b.lanes[0].intervals[1].start = 4;
    b.lanes[0].intervals[1].end = 7;
    b.metrics[0].value = 7;
    const ScheduleDiff diff = diffSchedules(threeTasks(), b);
    ASSERT_EQ(diff.moves.size(), 1u);
    const TaskMove& move = diff.moves.front();
    EXPECT_EQ(move.taskId, 1);
    EXPECT_EQ(move.name, "b");
    EXPECT_DOUBLE_EQ(move.startShift(), 2);
    EXPECT_DOUBLE_EQ(move.durationChange(), 0);
    EXPECT_FALSE(move.laneChanged());
    EXPECT_EQ(diff.metrics[0].name, "makespan");
    EXPECT_DOUBLE_EQ(*diff.metrics[0].difference(), 2);
    EXPECT_DOUBLE_EQ(diff.endTimeB - diff.endTimeA, 2);
}

TEST(ScheduleDiff, ATaskOnAnotherLaneChangedLaneAndDuration) {
    Schedule b = threeTasks();
    // a runs on p1 after c, one second longer
    b.lanes[0].intervals.erase(b.lanes[0].intervals.begin());
    b.lanes[1].intervals.push_back({4, 7, IntervalKind::Compute, "a", 0, "", ""});
    const ScheduleDiff diff = diffSchedules(threeTasks(), b);
    const TaskMove* move = moveOf(diff, 0);
    ASSERT_NE(move, nullptr);
    EXPECT_TRUE(move->laneChanged());
    EXPECT_EQ(move->inA->lanes, std::vector<std::string>{"p0"});
    EXPECT_EQ(move->inB->lanes, std::vector<std::string>{"p1"});
    EXPECT_DOUBLE_EQ(move->startShift(), 4);
    EXPECT_DOUBLE_EQ(move->durationChange(), 1);
    EXPECT_EQ(diff.moves.size(), 1u);
}

TEST(ScheduleDiff, ATaskMissingInOneScheduleIsInTheOtherOnly) {
    Schedule b = threeTasks();
    b.lanes[1].intervals.erase(b.lanes[1].intervals.begin());  // c is gone
    b.lanes[1].intervals.push_back({5, 6, IntervalKind::Compute, "d", 3, "", ""});
    b.metrics.push_back({"energy", 9});
    const ScheduleDiff diff = diffSchedules(threeTasks(), b);
    const TaskMove* gone = moveOf(diff, 2);
    ASSERT_NE(gone, nullptr);
    EXPECT_TRUE(gone->inA && !gone->inB);
    EXPECT_DOUBLE_EQ(gone->startShift(), 0);
    const TaskMove* added = moveOf(diff, 3);
    ASSERT_NE(added, nullptr);
    EXPECT_TRUE(!added->inA && added->inB);
    ASSERT_EQ(diff.metrics.size(), 3u);
    EXPECT_EQ(diff.metrics[2].name, "energy");
    EXPECT_FALSE(diff.metrics[2].difference().has_value());
}

TEST(ScheduleDiff, ATaskOverSeveralLanesIsOneItemSpanningThem) {
    Schedule a;
    a.lanes.push_back({"C0 #0", "C0", {{1, 3, IntervalKind::Compute, "t", 0, "", ""}}});
    a.lanes.push_back({"C0 #1", "C0", {{1, 3, IntervalKind::Compute, "t", 0, "", ""}}});
    Schedule b = a;
    b.lanes[1].intervals.clear();  // the same task on one processor only
    const ScheduleDiff diff = diffSchedules(a, b);
    ASSERT_EQ(diff.moves.size(), 1u);
    EXPECT_EQ(diff.moves[0].inA->lanes.size(), 2u);
    EXPECT_TRUE(diff.moves[0].laneChanged());
    EXPECT_DOUBLE_EQ(diff.moves[0].startShift(), 0);
}

TEST(ScheduleDiff, IntervalsWithoutATaskAreMatchedPerLane) {
    Schedule a = threeTasks();
    Schedule b = threeTasks();
    b.lanes[1].intervals[1].start = 3.5;  // the idle interval of p1 starts half a second later
    const ScheduleDiff diff = diffSchedules(a, b);
    ASSERT_EQ(diff.moves.size(), 1u);
    EXPECT_EQ(diff.moves[0].taskId, -1);
    EXPECT_EQ(diff.moves[0].name, "p1");
    EXPECT_EQ(diff.moves[0].kind, IntervalKind::Idle);
    EXPECT_DOUBLE_EQ(diff.moves[0].startShift(), 0.5);
}

}  // namespace
}  // namespace hetsched
