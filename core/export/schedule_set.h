// What a trace or figure writer writes: one run's schedule, or several side by side (a comparison, planned
// against simulated). Every family's result reaches the writers as these generic schedules.
#pragma once

#include <string>
#include <vector>

#include "schedule/schedule.h"

namespace hetsched {

struct ScheduleRun {
    std::string name;    // "heft", "hcpa (simulated)", "run 3: mheft"; the lane prefix where runs share a file
    Schedule schedule;
};

struct ScheduleSet {
    std::string title;   // the figure's or trace's title; empty: none
    std::vector<ScheduleRun> runs;
};

}  // namespace hetsched
