// The generic schedule and its CSV form.
#include <gtest/gtest.h>

#include <cmath>

#include "io/instance_io.h"
#include "schedule/schedule.h"

namespace hetsched {
namespace {

TEST(Schedule, ReportsEndTimeCountsAndShapeProblems) {
    Schedule s;
    s.lanes.push_back({"p0", "cpu", {{0, 2, IntervalKind::Compute, "a", 0, "S1", ""}, {2, 5, IntervalKind::Idle, "", -1, "", ""}}});
    s.lanes.push_back({"p1", "cpu", {{1, 3, IntervalKind::Send, "b, c", 1, "", ""}}});
    EXPECT_DOUBLE_EQ(s.endTime(), 5);
    EXPECT_EQ(s.intervalCount(), 3u);
    EXPECT_TRUE(checkScheduleShape(s).empty());
    s.lanes[1].intervals[0].end = 0.5;
    s.lanes[0].intervals[0].start = std::nan("");
    EXPECT_EQ(checkScheduleShape(s).size(), 2u);
}

TEST(Schedule, CsvQuotesFieldsAndNamesKinds) {
    Schedule s;
    s.lanes.push_back({"p1", "cpu", {{1, 3, IntervalKind::Send, "b, \"c\"", 1, "", ""}}});
    EXPECT_EQ(scheduleToCsv(s), "lane,category,start,end,kind,label,task,group\np1,cpu,1,3,send,\"b, \"\"c\"\"\",1,\n");
}

}  // namespace
}  // namespace hetsched
